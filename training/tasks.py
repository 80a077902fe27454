"""Every background task of the training app, for Celery's autodiscovery (which reads each app's ``tasks``).

Each mode keeps its tasks next to its services (``training/<mode>/tasks.py``); importing them here registers
them with the worker. Services start tasks by name (``core.progress.start_task``), never through this module.
"""

from training.coach.tasks import build_puzzle_bank  # noqa: F401
from training.duplicate.tasks import make_duplicate_game, make_duplicate_games_of_the_day  # noqa: F401
from training.grids.tasks import generate_grid  # noqa: F401
from training.rooms.tasks import sweep_rooms  # noqa: F401
from training.wordstudy.tasks import rank_lexicon, rank_playability  # noqa: F401
