"""Every background task of the puzzles app, for Celery's autodiscovery (which reads each app's ``tasks``).

Each mode keeps its tasks next to its services (``puzzles/<mode>/tasks.py``); importing them here registers
them with the worker.
"""

from puzzles.crosswords.tasks import generate_crossword  # noqa: F401
from puzzles.lab.tasks import compare_algorithms  # noqa: F401
