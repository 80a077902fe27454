from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from core.home import HomeBlock
from core.navigation import NavItem


class LexiconConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "lexicon"
    verbose_name = _("Lexicons")
    # Lookups are for everyone, logged in or not; curation links live on the lexicon pages (staff only).
    nav_items = [NavItem("lexicon-index", _("Lexicons"))]
    task_subjects = {"lexicon.publish_version": "lexicon.selectors.version_task_subject"}
    home_blocks = [HomeBlock("lookups", "lexicon/_home_lookups.html", context="lexicon.home.lookups_context",
                             order=50, login_required=False)]

    def ready(self) -> None:
        # Django's registry is ready only now: the tasks (services start them by name) and the receivers.
        from core.progress import task_runs_failed
        from lexicon import tasks  # noqa: F401 (registers the publication task)
        from lexicon.services import fail_versions_of_runs

        task_runs_failed.connect(fail_versions_of_runs, dispatch_uid="lexicon.fail_versions_of_runs")

        from core.shared_cache import forget_on_change
        from lexicon.models import Lexicon
        from lexicon.selectors import site_lexicon_keys

        forget_on_change(Lexicon, site_lexicon_keys, "lexicon.site_lexicon")

