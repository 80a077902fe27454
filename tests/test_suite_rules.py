"""Rules of the suite itself: under CI=true a skipped test fails the run (integration tests excepted on the
embedded pass), and no test reads a system dictionary."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SAMPLE = '''
import pytest

def test_runs():
    assert True

@pytest.mark.integration
def test_needs_services():
    assert True

def test_skips():
    pytest.skip("needs something missing")
'''


def run_sample(tmp_path: Path, *, ci: str | None, keep: str = "") -> subprocess.CompletedProcess:
    (tmp_path / "test_sample.py").write_text(SAMPLE.replace("def test_skips", keep or "def test_skips"))
    env = {k: v for k, v in os.environ.items() if k not in {"CI", "DATABASE_URL", "REDIS_URL"}}
    if ci is not None:
        env["CI"] = ci
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.conftest", "-p", "no:django",
         "--rootdir", str(tmp_path), "-c", os.devnull, str(tmp_path / "test_sample.py")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )


def test_a_skip_fails_the_run_under_ci(tmp_path):
    result = run_sample(tmp_path, ci="true")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "skipped tests fail CI" in result.stdout
    assert "test_sample.py::test_skips: Skipped: needs something missing" in result.stdout
    assert "test_needs_services" not in result.stdout.split("skipped tests fail CI")[1]  # allowed skip


def test_the_integration_skip_alone_passes_under_ci(tmp_path):
    result = run_sample(tmp_path, ci="true", keep="def _not_a_test")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 skipped" in result.stdout


def test_a_skip_is_only_reported_outside_ci(tmp_path):
    result = run_sample(tmp_path, ci=None)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "skipped tests fail CI" not in result.stdout


def test_no_test_reads_a_system_dictionary():
    offenders = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:  # a file another process just removed
            continue
        if re.search(r"[\"']/usr/share/(dict|hunspell|myspell)/", text):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == [], "these read a system word list; use tests/fixtures (tests.support.french_dict_words)"


def test_every_test_task_has_a_name_of_its_own():
    """Celery keeps one task a name: a second module defining it warns (DuplicateTaskNameWarning) and wins."""
    defined: dict[str, list[str]] = {}
    pattern = re.compile(r"@(?:tracked_task|shared_task|\w+\.task)\(\s*name=[\"']([^\"']+)[\"']")
    for path in sorted((ROOT / "tests").rglob("*.py")):
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:  # a file another process just removed
            continue
        for name in pattern.findall(text):
            defined.setdefault(name, []).append(str(path.relative_to(ROOT)))
    assert {name: paths for name, paths in defined.items() if len(paths) > 1} == {}
