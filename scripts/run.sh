#!/usr/bin/env bash
# The run command (`make run`): set up and serve the site on http://127.0.0.1:8000 with the embedded
# defaults (SQLite in var/, tasks in-process, DEBUG on). Safe to run again: each step is idempotent.
#   LEXICON_FILE=/path/to/words.txt   word list to import (default: Debian's wfrench, /usr/share/dict/french)
#   LEXICON_NAME=wfrench LEXICON_LANGUAGE=fr   its name and language
#   HOST=127.0.0.1 PORT=8000          where to serve
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

export DEBUG="${DEBUG:-1}"
DEFAULT_LEXICON=/usr/share/dict/french
LEXICON_FILE="${LEXICON_FILE:-$DEFAULT_LEXICON}"
LEXICON_NAME="${LEXICON_NAME:-wfrench}"
LEXICON_LANGUAGE="${LEXICON_LANGUAGE:-fr}"

ensure_venv

say "applying database migrations"
"$PY" manage.py migrate --noinput

if [ ! -f "$LEXICON_FILE" ] && [ "$LEXICON_FILE" = "$DEFAULT_LEXICON" ]; then
    say "installing Debian's French word list (wfrench)"
    apt_install wfrench || true
fi
if [ -f "$LEXICON_FILE" ]; then
    say "importing the lexicon $LEXICON_NAME from $LEXICON_FILE"
    "$PY" manage.py import_lexicon "$LEXICON_FILE" --name "$LEXICON_NAME" --language "$LEXICON_LANGUAGE" --skip-invalid
else
    warn "no word list at $LEXICON_FILE, so no lexicon was imported."
    warn "install Debian's 'wfrench' package, or pass one: make run LEXICON_FILE=/path/to/words.txt [LEXICON_LANGUAGE=en]"
fi

"$PY" manage.py create_demo_learner

say "serving Tirage on http://${HOST:-127.0.0.1}:${PORT:-8000}/ (Ctrl-C to stop)"
exec "$PY" manage.py runserver "${HOST:-127.0.0.1}:${PORT:-8000}"
