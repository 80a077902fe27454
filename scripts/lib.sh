# Shared set-up steps of scripts/run.sh, scripts/test.sh and .ci/run (sourced, not executed).
# Each step is idempotent: it does nothing when its job is already done.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${VENV:-$ROOT/.venv}"
PY="$VENV/bin/python"

say() { printf '\033[1;32m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarning:\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

# Run a command as root: directly when we are root, through sudo -n when allowed, else fail.
as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo "$@"; else return 1; fi
}

APT_UPDATED=0
# apt_install PACKAGE...: install Debian packages when apt is there (apt-get update once, then retry).
apt_install() {
    command -v apt-get >/dev/null || return 1
    if ! DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null 2>&1; then
        [ "$APT_UPDATED" = 1 ] && return 1
        as_root apt-get update -qq >/dev/null 2>&1 || return 1
        APT_UPDATED=1
        DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null 2>&1 || return 1
    fi
}

# gcc and the Python headers, so that `pip install` builds the compiled move generator
# (engine/scrabble/_movegen.c). Best effort: without them the install still works and the engine uses
# its pure-Python generator (slower, same plays). Status 0 when both are there.
ensure_compiler() {
    if ! command -v "${CC:-gcc}" >/dev/null && ! apt_install gcc; then
        warn "no C compiler: the move generator will be pure Python"
        return 1
    fi
    local headers='import os, sys, sysconfig; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'
    if ! "$PY" -c "$headers" && ! { apt_install python3-dev && "$PY" -c "$headers"; }; then
        warn "no Python headers: the move generator will be pure Python"
        return 1
    fi
}

# The virtualenv with the project installed (editable, with the dev extras; the install also builds the
# compiled move generator in place). Reinstalls only when pyproject.toml, setup.py or the C sources
# changed since the last install (a stamp file keeps their hash), or when the compiled move generator
# is missing although a compiler is there (e.g. after `git clean`).
ensure_venv() {
    local python="${PYTHON:-python3}"
    if [ ! -x "$PY" ]; then
        command -v "$python" >/dev/null || die "$python not found: install Python 3.11 or newer (or set PYTHON=...)"
        "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
            || die "$python is $("$python" --version 2>&1); Tirage needs Python 3.11 or newer (set PYTHON=...)"
        say "creating the virtualenv in $VENV"
        "$python" -m venv "$VENV"
    fi
    local stamp="$VENV/.tirage-install-stamp"
    local want built=yes
    want="$(cat "$ROOT/pyproject.toml" "$ROOT/setup.py" "$ROOT"/engine/*/_*.c | sha256sum | cut -d' ' -f1)"
    if ensure_compiler; then
        local source
        for source in "$ROOT"/engine/*/_*.c; do  # every compiled core: engine/<package>/_<name>.c
            compgen -G "${source%.c}*.so" >/dev/null || built=no
        done
    fi
    if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ] || [ "$built" = no ]; then
        say "installing Tirage and its dependencies into $VENV (log: $VENV/pip-install.log)"
        # editable_mode=compat: the install is one path line in a .pth file; the default mode installs
        # an import finder that every Python start-up loads (pathlib, re, importlib.util: ~15 ms of
        # each `python -m engine ...`).
        # Unlink the old compiled cores rather than let the build overwrite them in place:
        # running processes keep the file they mapped instead of crashing on a rewritten one.
        rm -f "$ROOT"/engine/*/_*.so
        if ! { "$PY" -m pip install --upgrade pip && "$PY" -m pip install -e "$ROOT[dev]" --config-settings editable_mode=compat; } >"$VENV/pip-install.log" 2>&1; then
            tail -40 "$VENV/pip-install.log" >&2
            die "pip install failed (full log: $VENV/pip-install.log)"
        fi
        # setuptools' distutils-precedence.pth runs an import at every start of this Python (~0.5 ms of
        # each `python -m engine ...`) to put setuptools' copy of distutils first; nothing here imports
        # distutils, and setuptools installs the same shim itself when it is imported.
        rm -f "$VENV"/lib/python3*/site-packages/distutils-precedence.pth
        echo "$want" > "$stamp"
        say "move generator: $("$PY" -c 'from engine.scrabble.movegen import implementation, unavailable_reason as why; print(implementation(), why() or "")')"
        say "lexicon builder: $("$PY" -c 'from engine.gaddag.build import implementation, unavailable_reason as why; print(implementation(), why() or "")')"
    fi
    # Bytecode compiled now (and after every edit: compileall skips what is up to date), not by the first
    # command: `python -m engine ...` starts without compiling the engine (a read-only checkout, another
    # user's process or PYTHONDONTWRITEBYTECODE would make every process compile it again).
    "$PY" -m compileall -q "$ROOT/engine" >>"$VENV/pip-install.log" 2>&1 || warn "compileall failed (see $VENV/pip-install.log)"
}

# Debian's Chromium and its driver, for tests marked `browser` (never a browser download by a tool).
# Only when the suite has such tests.
ensure_browser() {
    grep -rqs --include='*.py' 'mark.browser' "$ROOT/tests" || return 0
    if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then return 0; fi
    say "installing Debian's chromium and chromium-driver for the browser tests"
    apt_install chromium chromium-driver || warn "could not install chromium: browser tests will be skipped or fail"
}

HUNSPELL_FR_AFF=/usr/share/hunspell/fr_FR.aff
HUNSPELL_FR_DIC=/usr/share/hunspell/fr_FR.dic

# expand_french_hunspell: print the path of the French dictionary expanded to a word list (every
# inflected form, no proper nouns/abbreviations/symbols, folded to A-Z). The list is cached in
# var/lexicon-sources/ under the SHA-256 of the .aff, the .dic, the expander and the supplement/exclusion
# files (engine/data/fr-*.txt), so it is rebuilt only when one of them changes.
expand_french_hunspell() {
    local key out
    key="$(cat "$HUNSPELL_FR_AFF" "$HUNSPELL_FR_DIC" "$ROOT/engine/hunspell.py" "$ROOT"/engine/data/fr-*.txt | sha256sum | cut -c1-16)"
    out="$ROOT/var/lexicon-sources/fr-comprehensive-$key.txt"
    if [ ! -s "$out" ]; then
        say "expanding the French dictionary to every inflected form (once; cached in var/lexicon-sources/)" >&2
        "$PY" -m engine lexicon expand-hunspell "$HUNSPELL_FR_AFF" "$HUNSPELL_FR_DIC" --language fr -o "$out" >&2
    fi
    printf '%s\n' "$out"
}
