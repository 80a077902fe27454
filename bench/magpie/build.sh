#!/usr/bin/env bash
# Build MAGPIE (https://github.com/jvc56/MAGPIE, GPL-3.0) and Tirage's bench harness against it,
# for the side-by-side bench `bench/vs_magpie.py`. MAGPIE's code is never part of this repository:
# this script clones it from the source you give into a directory of your choice (ignored by git).
#
#   bench/magpie/build.sh SOURCE [DEST]
#
# SOURCE: a MAGPIE git repository (a local checkout or bare repository, or a URL such as
#         https://github.com/jvc56/MAGPIE). It is cloned, never modified.
# DEST:   the build directory (default: var/magpie). It ends up with DEST/src (the clone, with
#         bin/magpie built in release mode) and DEST/tirage-harness (bench/magpie/harness.c linked
#         with MAGPIE's objects). `bench/vs_magpie.py --magpie DEST` uses both.
#
# Needs git, make and a C compiler (gcc or clang). Takes a few minutes (MAGPIE builds with -flto).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
source="${1:?usage: bench/magpie/build.sh SOURCE [DEST] (SOURCE: a MAGPIE git checkout or URL)}"
dest="${2:-$root/var/magpie}"
mkdir -p "$dest"
dest="$(cd "$dest" && pwd)"

if [ -d "$dest/src/.git" ]; then
    echo "==> updating $dest/src from $source"
    git -C "$dest/src" fetch --quiet "$source" HEAD
    git -C "$dest/src" checkout --quiet --detach FETCH_HEAD
else
    echo "==> cloning $source into $dest/src"
    rm -rf "$dest/src"
    git clone --quiet "$source" "$dest/src"
fi
commit="$(git -C "$dest/src" rev-parse HEAD)"
echo "==> building MAGPIE $commit (release)"
jobs="$(nproc 2>/dev/null || echo 2)"
make -C "$dest/src" magpie libmagpie_core.a BUILD=release NPROCS="$jobs" >"$dest/build.log" 2>&1 \
    || { tail -30 "$dest/build.log" >&2; echo "MAGPIE build failed (log: $dest/build.log)" >&2; exit 1; }
echo "==> linking the harness"
cc="${CC:-cc}"
"$cc" -O3 -flto -march=native -DNDEBUG -I"$dest/src" "$here/harness.c" "$dest/src/libmagpie_core.a" \
    -lm -pthread -o "$dest/tirage-harness"
echo "$commit" >"$dest/COMMIT"
echo "==> done: $dest/src/bin/magpie and $dest/tirage-harness (MAGPIE $commit)"
