import pytest


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    """Each test stores files in its own MEDIA_ROOT, so tests can count what was written."""
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return tmp_path / "media"
