"""Word-study data: probability and playability ranks per lexicon version, quizzes and every answer, the card
box, daily challenges.

Ranks are keyed by the lexicon version's content hash (and language), like compiled files: a word list
ranked once is ranked for every lexicon that serves it, and a newly published version gets its own.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.models import TaskRow
from lexicon.models import Lexicon
from training.lists.models import FsrsCard


class AlphagramRanking(TaskRow):
    """The probability ranks of one word list (see ``docs/wordstudy.md``), computed by a tracked task.

    Its status column is ``state`` and it is never pending: created running, its task started at once.
    """

    class State(models.TextChoices):
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    STATUS_FIELD = "state"
    UNFINISHED = (State.RUNNING,)
    RUN_FAILED_WORDS = _("The alphagrams could not be ranked.")
    status = None  # type: ignore[assignment]  # its status column is "state" (STATUS_FIELD)

    content_hash = models.CharField(_("content hash"), max_length=64)
    language = models.CharField(_("language"), max_length=8)
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.RUNNING)
    lengths = models.JSONField(_("alphagrams per length"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["content_hash", "language"], name="wordstudy_ranking_unique")]
        verbose_name = _("alphagram ranking")
        verbose_name_plural = _("alphagram rankings")

    def __str__(self) -> str:
        return gettext("Ranking %(hash)s (%(state)s)") % {"hash": self.content_hash[:12], "state": self.get_state_display()}


class RankedAlphagram(models.Model):
    ranking = models.ForeignKey(AlphagramRanking, verbose_name=_("ranking"), on_delete=models.CASCADE,
                                related_name="alphagrams")
    length = models.PositiveSmallIntegerField(_("length"))
    rank = models.PositiveIntegerField(_("rank"))
    alphagram = models.CharField(_("alphagram"), max_length=32)
    ways = models.BigIntegerField(_("ways to draw"))
    words = models.PositiveIntegerField(_("words"))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["ranking", "length", "rank"], name="wordstudy_rank_unique"),
            models.UniqueConstraint(fields=["ranking", "alphagram"], name="wordstudy_alphagram_unique"),
        ]
        verbose_name = _("ranked alphagram")
        verbose_name_plural = _("ranked alphagrams")

    def __str__(self) -> str:
        return f"{self.alphagram} #{self.rank}"


class AlphagramPlayability(TaskRow):
    """How often each alphagram's words are tops in ``games`` duplicate games the engine plays with one word
    list (``engine.wordstudy.playability``, ``docs/wordstudy.md``, "Playability"), computed by the tracked
    task ``wordstudy.playability`` on the first quiz that asks for that order.

    A row of its own beside :class:`AlphagramRanking`, not columns on it: the games take a minute where the
    probability ranks take seconds, and most quizzes never need them. Keyed the same way (content hash and
    language), so every lexicon serving the word list shares it.
    """

    RUN_FAILED_WORDS = _("The playability of the alphagrams could not be computed.")

    content_hash = models.CharField(_("content hash"), max_length=64)
    language = models.CharField(_("language"), max_length=8)
    games = models.PositiveIntegerField(_("games played"))
    first_seed = models.PositiveIntegerField(_("seed of the first game"), default=1)
    rounds = models.PositiveIntegerField(_("rounds played"), default=0)
    lengths = models.JSONField(_("alphagrams stored per length"), default=dict, blank=True)
    played = models.JSONField(_("alphagrams played per length"), default=dict, blank=True,
                              help_text=_("Per length, the alphagrams with at least one top."))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["content_hash", "language"],
                                               name="wordstudy_playability_unique")]
        verbose_name = _("alphagram playability")
        verbose_name_plural = _("alphagram playabilities")

    def __str__(self) -> str:
        return gettext("Playability %(hash)s (%(state)s)") % {"hash": self.content_hash[:12],
                                                              "state": self.get_status_display()}


class PlayedAlphagram(models.Model):
    """One alphagram in playability order: every alphagram of the quiz lengths (4 to 6 letters, never played
    ones too, after the played ones), and the alphagrams played at least once of the other lengths (the same
    ranks: the played ones come first in the order of every length)."""

    playability = models.ForeignKey(AlphagramPlayability, verbose_name=_("playability"), on_delete=models.CASCADE,
                                    related_name="alphagrams")
    length = models.PositiveSmallIntegerField(_("length"))
    rank = models.PositiveIntegerField(_("playability rank"))
    alphagram = models.CharField(_("alphagram"), max_length=32)
    tops = models.PositiveIntegerField(_("tops"), help_text=_("Rounds whose top is one of its words."))
    probability_rank = models.PositiveIntegerField(_("probability rank"))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["playability", "length", "rank"], name="wordstudy_play_rank_unique"),
            models.UniqueConstraint(fields=["playability", "alphagram"], name="wordstudy_played_unique"),
        ]
        verbose_name = _("played alphagram")
        verbose_name_plural = _("played alphagrams")

    def __str__(self) -> str:
        return f"{self.alphagram} #{self.rank} ({self.tops})"


class DailyChallenge(models.Model):
    """The same questions for everyone using ``lexicon`` on ``day`` (stored, so a new version mid-day changes nothing)."""

    lexicon = models.ForeignKey(Lexicon, verbose_name=_("lexicon"), on_delete=models.CASCADE, related_name="+")
    lexicon_version = models.PositiveIntegerField(
        _("lexicon version"), null=True, blank=True,
        help_text=_("The lexicon's serving version when the challenge was made (empty for older ones)."))
    day = models.DateField(_("day"))
    content_hash = models.CharField(_("content hash"), max_length=64)
    kind = models.CharField(_("kind"), max_length=16, default="anagrams")
    questions = models.JSONField(_("questions"), default=list)
    time_limit = models.PositiveIntegerField(_("time limit (seconds)"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-day", "lexicon"]
        constraints = [models.UniqueConstraint(fields=["lexicon", "day"], name="wordstudy_challenge_unique")]
        verbose_name = _("daily challenge")
        verbose_name_plural = _("daily challenges")

    def __str__(self) -> str:
        return f"{self.lexicon.name} {self.day:%Y-%m-%d}"


class Quiz(models.Model):
    class Kind(models.TextChoices):
        ANAGRAMS = "anagrams", _("Anagrams")
        HOOKS = "hooks", _("Hooks")
        SEVEN_PLUS_ONE = "seven_plus_one", _("7+1")
        VALIDITY = "validity", _("Valid or not")

    class Source(models.TextChoices):
        RANKS = "ranks", _("Probability ranks")
        LIST = "list", _("Revision list")
        DUE = "due", _("Due alphagrams")
        CHALLENGE = "challenge", _("Daily challenge")

    class Mode(models.TextChoices):
        WALL = "wall", _("Word wall")
        FLASH = "flash", _("Flash cards")

    class Order(models.TextChoices):
        """How a quiz by ranks orders the alphagrams of its length (its rank range is read in that order)."""

        PROBABILITY = "probability", _("Probability")
        PLAYABILITY = "playability", _("Playability")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("owner"), on_delete=models.CASCADE,
                              related_name="quizzes")
    lexicon = models.ForeignKey(Lexicon, verbose_name=_("lexicon"), on_delete=models.CASCADE, related_name="+")
    lexicon_version = models.PositiveIntegerField(
        _("lexicon version"), null=True, blank=True,
        help_text=_("The lexicon's serving version when the quiz was made (empty for older ones)."))
    content_hash = models.CharField(_("content hash"), max_length=64)
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    source = models.CharField(_("source"), max_length=10, choices=Source.choices)
    mode = models.CharField(_("mode"), max_length=8, choices=Mode.choices, default=Mode.WALL)
    length = models.PositiveSmallIntegerField(_("length"), null=True, blank=True)
    rank_from = models.PositiveIntegerField(_("from rank"), null=True, blank=True)
    rank_to = models.PositiveIntegerField(_("to rank"), null=True, blank=True)
    order = models.CharField(_("ranking"), max_length=12, choices=Order.choices, default=Order.PROBABILITY,
                             help_text=_("The order of the ranks a quiz by ranks was drawn from."))
    blanks = models.PositiveSmallIntegerField(_("blanks"), default=0)
    revision_list = models.ForeignKey("training.RevisionList", verbose_name=_("revision list"), null=True,
                                      blank=True, on_delete=models.SET_NULL, related_name="quizzes")
    challenge = models.ForeignKey(DailyChallenge, verbose_name=_("daily challenge"), null=True, blank=True,
                                  on_delete=models.CASCADE, related_name="tries")
    seed = models.BigIntegerField(_("seed"), default=0)
    time_limit = models.PositiveIntegerField(_("time limit (seconds)"), null=True, blank=True)
    passing_seconds = models.PositiveSmallIntegerField(
        _("passing time (seconds)"), null=True, blank=True,
        help_text=_("The learner's passing time when the flash cards were made (empty: none): a question answered "
                    "right but more slowly reviews its card as missed."))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["owner", "-created_at"])]
        constraints = [models.UniqueConstraint(fields=["challenge", "owner"], name="wordstudy_one_try")]
        verbose_name = _("quiz")
        verbose_name_plural = _("quizzes")

    def __str__(self) -> str:
        return gettext("Quiz %(id)s (%(kind)s)") % {"id": self.pk, "kind": self.get_kind_display()}


class QuizQuestion(models.Model):
    quiz = models.ForeignKey(Quiz, verbose_name=_("quiz"), on_delete=models.CASCADE, related_name="questions")
    order = models.PositiveSmallIntegerField(_("order"))
    question = models.CharField(_("question"), max_length=32)
    alphagram = models.CharField(_("alphagram"), max_length=32)
    rank = models.PositiveIntegerField(_("rank"), null=True, blank=True)
    play_rank = models.PositiveIntegerField(_("playability rank"), null=True, blank=True,
                                            help_text=_("Quizzes by playability: the alphagram's rank in that order."))
    tops = models.PositiveIntegerField(_("tops"), null=True, blank=True,
                                       help_text=_("Quizzes by playability: rounds whose top is one of its words."))
    answers = models.JSONField(_("expected answers"), default=list)
    detail = models.JSONField(_("detail"), default=dict, blank=True)
    found = models.JSONField(_("answers found"), default=list, blank=True)
    wrong = models.JSONField(_("wrong answers"), default=list, blank=True)
    settled_at = models.DateTimeField(_("settled at"), null=True, blank=True,
                                      help_text=_("When the question was closed and its card reviewed."))
    correct = models.BooleanField(_("correct"), null=True, blank=True)
    shown_at = models.DateTimeField(_("shown at"), null=True, blank=True,
                                    help_text=_("When the server first showed the flash card (its answer time starts "
                                                "there)."))
    answer_seconds = models.FloatField(_("answer time (seconds)"), null=True, blank=True,
                                       help_text=_("From the question shown to its final answer's arrival, measured by "
                                                   "the server."))
    slow = models.BooleanField(_("too slow"), default=False,
                               help_text=_("Answered right but past the passing time: its card was reviewed as missed."))

    class Meta:
        ordering = ["quiz", "order"]
        constraints = [models.UniqueConstraint(fields=["quiz", "order"], name="wordstudy_question_order")]
        verbose_name = _("quiz question")
        verbose_name_plural = _("quiz questions")

    def __str__(self) -> str:
        return self.question

    @property
    def count(self) -> int:
        return len(self.answers)

    @property
    def missed(self) -> list[str]:
        found = set(self.found)
        return [a for a in self.answers if a not in found]


class QuizAnswer(models.Model):
    """Every submission is kept, wrong ones and words typed on a word wall that matched no question too."""

    quiz = models.ForeignKey(Quiz, verbose_name=_("quiz"), on_delete=models.CASCADE, related_name="answers")
    question = models.ForeignKey(QuizQuestion, verbose_name=_("question"), null=True, blank=True,
                                 on_delete=models.CASCADE, related_name="submissions")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE,
                             related_name="quiz_answers")
    given = models.JSONField(_("given"), default=list)
    correct = models.JSONField(_("correct"), default=list)
    wrong = models.JSONField(_("wrong"), default=list)
    final = models.BooleanField(_("final"), default=True)
    created_at = models.DateTimeField(_("answered at"), auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("quiz answer")
        verbose_name_plural = _("quiz answers")

    def __str__(self) -> str:
        return " ".join(self.given)


class AlphagramCard(FsrsCard):
    """The FSRS state of one alphagram for one learner and lexicon."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("owner"), on_delete=models.CASCADE,
                              related_name="alphagram_cards")
    lexicon = models.ForeignKey(Lexicon, verbose_name=_("lexicon"), on_delete=models.CASCADE, related_name="+")
    alphagram = models.CharField(_("alphagram"), max_length=32)

    class Meta:
        ordering = ["due", "id"]
        indexes = [models.Index(fields=["owner", "due"])]
        constraints = [models.UniqueConstraint(fields=["owner", "lexicon", "alphagram"],
                                               name="wordstudy_card_unique")]
        verbose_name = _("alphagram card")
        verbose_name_plural = _("alphagram cards")

    def __str__(self) -> str:
        return gettext("%(alphagram)s due %(due)s") % {"alphagram": self.alphagram, "due": f"{self.due:%Y-%m-%d %H:%M}"}
