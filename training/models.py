"""The training app's models, one module per mode; Django finds them all through this module.

Revision lists and their FSRS cards live in :mod:`training.lists.models`, training grids in
:mod:`training.grids.models`, duplicate games in :mod:`training.duplicate.models` and word study in
:mod:`training.wordstudy.models`, the coach's puzzles and drills in :mod:`training.coach.models`. Words are
stored normalised (upper case, accents folded) with a **0-based**
``support_index``, the engine's convention; people type and read 1-based positions.
"""

from training.coach.models import (  # noqa: F401
    Drill,
    DrillItem,
    Puzzle,
    PuzzleAnswer,
    PuzzleBank,
    PuzzleCard,
    PuzzleRating,
)
from training.duplicate.models import (  # noqa: F401
    DuplicateGame,
    DuplicatePlay,
    DuplicatePlayer,
    DuplicateRound,
)
from training.grids.models import (  # noqa: F401
    Answer,
    Situation,
    TopFind,
    TrainingGrid,
)
from training.lists.models import (  # noqa: F401
    MAX_WORD_LENGTH,  # noqa: F401
    ReviewCard,
    ReviewLog,
    RevisionEntry,
    RevisionList,
)
from training.rooms.models import (  # noqa: F401
    Bulletin,
    Room,
    RoomMember,
    RoomResult,
    RoomRound,
    Simultane,
)
from training.wordstudy.models import (  # noqa: F401
    AlphagramCard,
    AlphagramPlayability,
    AlphagramRanking,
    DailyChallenge,
    PlayedAlphagram,
    Quiz,
    QuizAnswer,
    QuizQuestion,
    RankedAlphagram,
)
