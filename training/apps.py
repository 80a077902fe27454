from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from core.home import HomeBlock
from core.navigation import NavItem


class TrainingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "training"
    verbose_name = _("Training")
    answers_since = "training.grids.selectors.answers_since"  # grid answers since a moment (core.hooks)
    # The daily goal counts grid answers, duplicate rounds, quiz answers and puzzles solved, by kind (core.hooks).
    activity_since = "training.activity.activity_since"
    dashboard_context = "training.coach.selectors.dashboard_context"  # the dashboard's coach block (core.hooks)
    # A duplicate game a live room still plays is closed to its own routes (core.hooks; rooms sit above duplicate).
    game_in_live_play = "training.rooms.selectors.game_in_play"
    home_blocks = [HomeBlock("start", "training/_home_start.html", context="training.lists.home.start_context", order=10),
                   HomeBlock("duplicate", "training/duplicate/_home_block.html",
                             context="training.duplicate.home.today_context", order=30),
                   HomeBlock("challenge", "training/wordstudy/_home_challenge.html",
                             context="training.wordstudy.home.challenge_context", order=40)]
    # The dashboard links to lists, grids and reviews; all of it is personal, hence logged-in users only.
    nav_items = [NavItem("training:dashboard", _("Training"), login_required=True),
                 NavItem("wordstudy:home", _("Word study"), login_required=True),
                 NavItem("training:duplicate", _("Duplicate"), login_required=True),
                 NavItem("training:rooms", _("Rooms"), login_required=True)]
    task_subjects = {"training.generate_grid": "training.grids.selectors.grid_task_subject",
                     "training.make_duplicate_game": "training.duplicate.selectors.duplicate_task_subject",
                     "wordstudy.rank": "training.wordstudy.selectors.ranking_task_subject",
                     "wordstudy.playability": "training.wordstudy.selectors.playability_task_subject",
                     "coach.build_bank": "training.coach.selectors.bank_task_subject"}

    def ready(self) -> None:
        # Django's registry is ready only now, so the app's modules load here: the tasks (services start them
        # by name) and the receiver below. Rows whose run fails outside their task
        # follow it through core (core.task_rows.fail_rows_of_runs).
        from django.db.models.signals import post_save

        from lexicon.models import Lexicon
        from training import tasks  # noqa: F401 (registers every mode's tasks)
        from training.wordstudy.ranking import rank_on_publish

        post_save.connect(rank_on_publish, sender=Lexicon, dispatch_uid="wordstudy.rank_on_publish")

        # The home page's shared blocks (core.shared_cache) follow the rows they show.
        from core.shared_cache import forget_on_change
        from training.duplicate.models import DuplicateGame
        from training.duplicate.selectors import today_game_keys
        from training.wordstudy.models import DailyChallenge
        from training.wordstudy.selectors import challenge_keys

        forget_on_change(DuplicateGame, today_game_keys, "training.today_game")
        forget_on_change(DailyChallenge, challenge_keys, "training.todays_challenge")
