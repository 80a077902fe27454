from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from core.home import HomeBlock
from core.navigation import NavItem


class PuzzlesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "puzzles"
    verbose_name = _("Puzzles")
    dashboard_context = "puzzles.crosswords.selectors.dashboard_context"  # the training dashboard (core.hooks)
    home_blocks = [HomeBlock("daily-crossword", "puzzles/_home_daily.html", context="puzzles.crosswords.home.home_context",
                             order=20)]
    nav_items = [NavItem("puzzles:crosswords", _("Crosswords"), login_required=True),
                 NavItem("puzzles:lab", _("Crossword lab"), login_required=True),
                 NavItem("puzzles:jarnac", _("Jarnac"), login_required=True)]
    # What a progress bar shown away from its page is about (core.task_subjects).
    task_subjects = {"puzzles.generate_crossword": "puzzles.crosswords.selectors.crossword_task_subject",
                     "puzzles.compare_algorithms": "puzzles.lab.selectors.comparison_task_subject"}

    def ready(self) -> None:
        # Django's registry is ready only now: the tasks (services start them by name). Rows whose run fails
        # outside their task follow it through core (core.task_rows.fail_rows_of_runs).
        from core.shared_cache import forget_on_change
        from puzzles import tasks  # noqa: F401 (registers every mode's tasks)
        from puzzles.crosswords.models import Crossword
        from puzzles.crosswords.services import daily_crossword_keys

        forget_on_change(Crossword, daily_crossword_keys, "puzzles.daily_crossword")  # the home page's block
