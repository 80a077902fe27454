import pytest


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    """Each test stores files in its own MEDIA_ROOT, so tests can count what was written."""
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return tmp_path / "media"


@pytest.fixture(autouse=True)
def fresh_compiled_cache():
    """Each test starts like a fresh process: nothing compiled is mapped yet."""
    from lexicon import compiled

    compiled.forget_loaded()
    yield
    compiled.forget_loaded()


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_user("curator", password="pw-curator-123", is_staff=True)


@pytest.fixture
def learner(django_user_model):
    return django_user_model.objects.create_user("learner", password="pw-learner-123")


FRENCH_WORDS = ["ANE", "ANES", "CHAT", "CHATS", "CHIEN", "CHIENS", "ETE", "LOUP", "LOUPS", "NIECE", "REINE", "RIEN",
                "SCIER", "SEINE", "TRIER", "ECHAT"]


@pytest.fixture
def lexicon(tmp_path, db):
    """A small French lexicon, imported (version 1, compiled, serving)."""
    from lexicon.services import import_word_list

    path = tmp_path / "mini.txt"
    path.write_text("\n".join(w.lower() for w in FRENCH_WORDS) + "\n", encoding="utf-8")
    return import_word_list(path, name="mini", language="fr").lexicon


@pytest.fixture(autouse=True)
def english(settings):
    """Messages are asserted in English; tests of the French pages ask for French explicitly."""
    from django.utils import translation

    settings.LANGUAGE_CODE = "en"
    with translation.override("en"):
        yield
