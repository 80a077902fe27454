#!/usr/bin/env bash
# The test command (`make test`): set up what the suite needs, then run the whole suite with pytest.
# Extra arguments go to pytest (e.g. `scripts/test.sh tests/lexicon -x`). Exit code: pytest's.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
ensure_venv
ensure_browser
exec "$VENV/bin/pytest" "$@"
