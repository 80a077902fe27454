"""The layer order holds without tricks: no app module imports a project module inside a function.

``lint-imports`` (the contracts in pyproject.toml) checks that no module imports from a layer above its
own; an import hidden in a function would still be an upward import, or a cycle dodged at call time. The
only function-level imports allowed are in ``AppConfig.ready`` (``apps.py``), where Django wants the
app's tasks and signal receivers loaded.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = ("core", "lexicon", "accounts", "training", "puzzles", "config")
PROJECT = {*APPS, "engine"}


def _hidden_imports(path: Path, root: Path = ROOT) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom) and inner.module and inner.level == 0:
                    names = [inner.module]
                elif isinstance(inner, ast.Import):
                    names = [alias.name for alias in inner.names]
                else:
                    continue
                if any(name.split(".")[0] in PROJECT for name in names):
                    found.append(f"{path.relative_to(root)}:{inner.lineno} imports {', '.join(names)}")
    return found


def test_no_project_import_is_hidden_in_a_function():
    hidden = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts or path.name == "apps.py":
                continue
            hidden += _hidden_imports(path)
    assert hidden == []


def test_the_check_finds_a_hidden_import_and_passes_module_level_ones(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from core.hooks import app_hooks\n\n\ndef f():\n    from training.lists import services\n"
                     "    import lexicon.selectors\n    from django.conf import settings\n    return services\n",
                     encoding="utf-8")
    assert _hidden_imports(probe, tmp_path) == ["probe.py:5 imports training.lists",
                                                "probe.py:6 imports lexicon.selectors"]


LAYER_FILES = {"models", "services", "selectors", "apis", "serializers", "views", "urls", "urls_api"}
MODES = {"training": {"lists", "grids", "duplicate", "rooms", "wordstudy", "coach"}, "puzzles": {"crosswords", "lab", "jarnac"}}


def test_every_mode_is_a_sub_package_with_the_same_layer_files():
    for app, modes in MODES.items():
        found = {path.parent.name for path in (ROOT / app).glob("*/__init__.py")} - {"management", "migrations", "templatetags"}
        assert found == modes, app
        for mode in modes:
            files = {path.stem for path in (ROOT / app / mode).glob("*.py")}
            assert files >= LAYER_FILES, f"{app}/{mode} lacks {sorted(LAYER_FILES - files)}"


def test_the_apps_models_module_holds_every_mode_model():
    from django.apps import apps

    for app in MODES:
        config = apps.get_app_config(app)
        defined = {model.__module__.split(".")[1] for model in config.get_models()}
        assert defined == {mode for mode in MODES[app] if (ROOT / app / mode / "models.py").exists()}
