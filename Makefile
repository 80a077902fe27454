# The two commands: `make run` (set up and serve the site) and `make test` (the whole test suite).
# Everything else is a convenience around them.
.PHONY: run test ci lint worker messages help

help:
	@echo "make run    set up (venv, migrations, lexicon, demo learner) and serve http://127.0.0.1:8000"
	@echo "make test   run the whole test suite (ARGS='tests/lexicon -x' to narrow it)"
	@echo "make lint   ruff check and lint-imports (the layer order)"
	@echo "make ci     what CI runs: lint, tests on SQLite, tests on PostgreSQL + Redis + a Celery worker"
	@echo "make worker a Celery worker (needs REDIS_URL)"
	@echo "make messages  refresh and compile the translations"

run:
	@LEXICON_FILE="$(LEXICON_FILE)" LEXICON_NAME="$(LEXICON_NAME)" LEXICON_LANGUAGE="$(LEXICON_LANGUAGE)" scripts/run.sh

test:
	@scripts/test.sh $(ARGS)

lint:
	.venv/bin/ruff check .
	.venv/bin/lint-imports --no-cache

ci:
	bash .ci/run

worker:
	.venv/bin/celery -A config worker -l info -Q celery,long

messages:
	DEBUG=1 .venv/bin/python manage.py makemessages -l fr -l en --no-location --ignore '.venv/*' --ignore 'engine/*' --ignore 'staticfiles/*' --ignore 'var/*' --ignore 'tests/*' --ignore 'bench/*' --ignore 'artifacts/*'
	DEBUG=1 .venv/bin/python manage.py compilemessages --ignore '.venv/*'
