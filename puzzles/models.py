"""The puzzles app's models, one module per mode; Django finds them all through this module.

Crosswords live in :mod:`puzzles.crosswords.models`, Jarnac games in :mod:`puzzles.jarnac.models` and the
crossword lab's timing tables in :mod:`puzzles.lab.models`.
"""

from puzzles.crosswords.models import (  # noqa: F401
    Crossword,
    CrosswordProgress,
    MissesList,
)
from puzzles.jarnac.models import (  # noqa: F401
    JarnacGame,
)
from puzzles.lab.models import (  # noqa: F401
    FillComparison,
)
