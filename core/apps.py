from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "core"
    verbose_name = _("Core")

    def ready(self) -> None:
        # Django's registry is ready only now: the app's tasks (started by name, core.progress.start_task).
        from core import tasks  # noqa: F401
        from core.progress import task_runs_failed
        from core.task_rows import fail_rows_of_runs

        task_runs_failed.connect(fail_rows_of_runs, dispatch_uid="core.fail_rows_of_runs")
