#!/usr/bin/env bash
# The run command (`make run`): set up and serve the site on http://127.0.0.1:8000 with the embedded
# defaults (SQLite in var/, tasks in-process, DEBUG on). Safe to run again: each step is idempotent.
#   LEXICON_FILE=/path/to/words.txt   word list to import instead of the default French dictionary
#                                     (Debian's hunspell-fr-comprehensive, expanded to every inflected form
#                                     once and cached in var/lexicon-sources/; wfrench if it cannot be had)
#   LEXICON_NAME=... LEXICON_LANGUAGE=fr   its name and language
#   HOST=127.0.0.1 PORT=8000          where to serve
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

export DEBUG="${DEBUG:-1}"
WFRENCH=/usr/share/dict/french
LEXICON_LANGUAGE="${LEXICON_LANGUAGE:-fr}"

ensure_venv

say "applying database migrations"
"$PY" manage.py migrate --noinput

if [ -z "${LEXICON_FILE:-}" ]; then
    # The default: the French dictionary of Dicollecte/Grammalecte (MPL 2.0), every inflected form.
    if [ ! -f "$HUNSPELL_FR_DIC" ]; then
        say "installing Debian's French dictionary (hunspell-fr-comprehensive)"
        apt_install hunspell-fr-comprehensive || true
    fi
    if [ -f "$HUNSPELL_FR_DIC" ]; then
        LEXICON_FILE="$(expand_french_hunspell)"
        LEXICON_NAME="${LEXICON_NAME:-fr-comprehensive}"
    else
        warn "hunspell-fr-comprehensive is not available: falling back to Debian's wfrench word list"
        [ -f "$WFRENCH" ] || apt_install wfrench || true
        LEXICON_FILE="$WFRENCH"
        LEXICON_NAME="${LEXICON_NAME:-wfrench}"
    fi
fi
[ "$LEXICON_FILE" = "$WFRENCH" ] && LEXICON_NAME="${LEXICON_NAME:-wfrench}"
LEXICON_NAME="${LEXICON_NAME:-$(basename "${LEXICON_FILE%.*}" | tr -c 'a-zA-Z0-9_\n-' '-')}"
if [ -f "$LEXICON_FILE" ]; then
    say "importing the lexicon $LEXICON_NAME from $LEXICON_FILE"
    "$PY" manage.py import_lexicon "$LEXICON_FILE" --name "$LEXICON_NAME" --language "$LEXICON_LANGUAGE" --skip-invalid
    say "publishing the starter lists of $LEXICON_NAME"
    "$PY" manage.py create_starter_lists --lexicon "$LEXICON_NAME"
else
    warn "no word list at $LEXICON_FILE, so no lexicon was imported."
    warn "install Debian's 'hunspell-fr-comprehensive' package, or pass one: make run LEXICON_FILE=/path/to/words.txt [LEXICON_LANGUAGE=en]"
fi

"$PY" manage.py create_demo_learner

say "serving Tirage on http://${HOST:-127.0.0.1}:${PORT:-8000}/ (Ctrl-C to stop)"
exec "$PY" manage.py runserver "${HOST:-127.0.0.1}:${PORT:-8000}"
