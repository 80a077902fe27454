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

# The virtualenv with the project installed (editable, with the dev extras). Reinstalls only when
# pyproject.toml changed since the last install (a stamp file keeps its hash).
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
    local want
    want="$(sha256sum "$ROOT/pyproject.toml" | cut -d' ' -f1)"
    if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
        say "installing Tirage and its dependencies into $VENV (log: $VENV/pip-install.log)"
        if ! { "$PY" -m pip install --upgrade pip && "$PY" -m pip install -e "$ROOT[dev]"; } >"$VENV/pip-install.log" 2>&1; then
            tail -40 "$VENV/pip-install.log" >&2
            die "pip install failed (full log: $VENV/pip-install.log)"
        fi
        echo "$want" > "$stamp"
    fi
}

# Debian's Chromium and its driver, for tests marked `browser` (never a browser download by a tool).
# Only when the suite has such tests.
ensure_browser() {
    grep -rqs --include='*.py' 'mark.browser' "$ROOT/tests" || return 0
    if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then return 0; fi
    say "installing Debian's chromium and chromium-driver for the browser tests"
    apt_install chromium chromium-driver || warn "could not install chromium: browser tests will be skipped or fail"
}
