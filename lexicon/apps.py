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
        from core.progress import task_runs_failed

        task_runs_failed.connect(fail_versions_of_runs, dispatch_uid="lexicon.fail_versions_of_runs")


def fail_versions_of_runs(sender, run_ids, **kwargs) -> None:
    """Receiver of ``core.progress.task_runs_failed``: a version whose compile run was failed outside the task
    (never dispatched, or its worker died) is failed with the run's words instead of "compiling" forever."""
    from core.models import TaskRun
    from lexicon.models import LexiconVersion

    for run in TaskRun.objects.filter(pk__in=run_ids).only("pk", "error"):
        LexiconVersion.objects.filter(compile_task=run, state=LexiconVersion.State.COMPILING).update(
            state=LexiconVersion.State.FAILED, compile_error=run.error)
