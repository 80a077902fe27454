"""REST shapes of duplicate games. Input serializers check types only; rules live in the services."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import serializers

from core import request_serializers
from lexicon.models import Lexicon
from training.duplicate.models import DEFAULT_TIMER, MAX_TIMER, MIN_TIMER, DuplicateGame

STYLES = (("fr", "French: H4 across, 4H down"), ("en", "English: 4H across, H4 down"))


class ErrorSerializer(request_serializers.Serializer):
    """Every error body of the duplicate API."""

    detail = serializers.CharField(help_text="What went wrong, in words (the user's language).")
    code = serializers.CharField(required=False, help_text="A stable key: bad_input, bad_coord, not_in_rack, "
                                                           "invalid_word, not_connected, round_closed, not_ready...")
    fields = serializers.DictField(child=serializers.ListField(child=serializers.CharField()), required=False,  # type: ignore[assignment]  # a field named like a DRF attribute (the JSON contract's name)
                                   help_text="Per-field messages when the body itself is malformed.")


class GameCreateSerializer(request_serializers.Serializer):
    lexicon = serializers.PrimaryKeyRelatedField(queryset=Lexicon.objects.all(), required=False,
                                                 help_text="Omitted: the caller's preferred lexicon (their "
                                                           "default, else the site's).")
    variant = serializers.ChoiceField(choices=DuplicateGame.Variant.choices, default=DuplicateGame.Variant.CLASSIC)
    timer_seconds = serializers.IntegerField(min_value=0, max_value=MAX_TIMER, allow_null=True, required=False,
                                             default=DEFAULT_TIMER,
                                             help_text="Time per round, 60 to 300 seconds; 0 or null for untimed.")
    seed = serializers.IntegerField(min_value=0, max_value=2**31 - 1, required=False, allow_null=True, default=None)
    tournament = serializers.BooleanField(default=False, help_text="Tournament scoring: no validity or score before "
                                          "the round ends; an invalid play scores 0, its reason shown after.")

    def validate_timer_seconds(self, value: int | None) -> int | None:
        """0 means untimed, as in the service and the page; otherwise 60 to 300 seconds."""
        if not value:
            return None
        if value < MIN_TIMER:
            raise serializers.ValidationError(
                _("The time per round must be between 1 and 5 minutes (60 to 300 seconds), or none."))
        return value


class GameImportSerializer(request_serializers.Serializer):
    format = serializers.ChoiceField(choices=(("eliot", "Eliot's plain text"), ("eliot-xml", "Eliot's XML save file"),
                                              ("gcg", "GCG")))
    text = serializers.CharField(trim_whitespace=False, allow_blank=True, help_text="The game file's content.")
    lexicon = serializers.PrimaryKeyRelatedField(queryset=Lexicon.objects.all(), required=False,
                                                 help_text="The lexicon Tirage computes its own tops with; omitted: "
                                                           "the caller's preferred one.")
    variant = serializers.ChoiceField(choices=DuplicateGame.Variant.choices, required=False, allow_null=True,
                                      default=None, help_text="Eliot's plain text does not say: classic unless given.")
    timer_seconds = serializers.IntegerField(min_value=0, max_value=MAX_TIMER, allow_null=True, required=False,
                                             default=DEFAULT_TIMER)
    tournament = serializers.BooleanField(default=False)
    my_plays = serializers.BooleanField(default=False, help_text="The file keeps a player's plays (Eliot's XML) and "
                                        "that player is me: the game is stored as played, those plays mine (the "
                                        "coach reads them). A file that keeps no player's plays is a 400.")

    def validate_timer_seconds(self, value: int | None) -> int | None:
        return GameCreateSerializer().validate_timer_seconds(value)


class RecordErrorSerializer(ErrorSerializer):
    line = serializers.IntegerField(required=False, help_text="A malformed file (code bad_record): the line of the "
                                    "file (0: the file as a whole).")
    reason = serializers.CharField(required=False, help_text="A malformed file: what is wrong on that line.")
    reason_code = serializers.CharField(required=False, help_text="A malformed file: the refusal's stable key "
                                        "(``points``, ``does_not_fit``, ``kept``, ``header``, ``gcg_move_form``...), "
                                        "the same in every language.")
    params = serializers.DictField(required=False, help_text="A malformed file: what the refusal names (``round``, "
                                   "``word``, ``coord``, ``written`` and ``scores`` points...), for a client's own "
                                   "message.")


class GameStartedSerializer(request_serializers.Serializer):
    game = serializers.IntegerField()
    task = serializers.UUIDField(allow_null=True)


class PlayerStateSerializer(request_serializers.Serializer):
    current_round = serializers.IntegerField(help_text="1-based; stays at the last round once finished.")
    total = serializers.IntegerField()
    top_total = serializers.IntegerField(help_text="Sum of the tops of the rounds validated.")
    negatif = serializers.IntegerField(help_text="Négatif: total − top_total (0 while every top is found, "
                                                 "below 0 otherwise), as French clubs rank players.")
    percent = serializers.FloatField(help_text="total / top_total × 100.")
    tops_found = serializers.IntegerField()
    finished = serializers.BooleanField()


class GameSerializer(request_serializers.Serializer):
    id = serializers.IntegerField()
    lexicon = serializers.IntegerField()
    lexicon_name = serializers.CharField()
    variant = serializers.ChoiceField(choices=DuplicateGame.Variant.choices)
    timer_seconds = serializers.IntegerField(allow_null=True)
    status = serializers.ChoiceField(choices=DuplicateGame.Status.choices)
    progress = serializers.IntegerField(help_text="Percent of the making done.")
    error = serializers.CharField(allow_blank=True)
    task = serializers.UUIDField(allow_null=True)
    visibility = serializers.ChoiceField(choices=DuplicateGame.Visibility.choices)
    owner = serializers.CharField(allow_null=True)
    is_owner = serializers.BooleanField()
    daily_date = serializers.DateField(allow_null=True)
    round_count = serializers.IntegerField()
    top_total = serializers.IntegerField()
    share_url = serializers.CharField(allow_null=True, help_text="The link to share (owner only, when shared).")
    player = PlayerStateSerializer(allow_null=True, help_text="The caller's progress (null before they play).")
    created_at = serializers.DateTimeField()
    current_round = serializers.IntegerField(allow_null=True, help_text="The caller's current round (1-based; "
                                             "the last one once finished); null before they join.")
    total = serializers.IntegerField(allow_null=True, help_text="The caller's total; null before they join.")
    percent = serializers.FloatField(allow_null=True, help_text="The caller's total as a percentage of the tops "
                                     "of the rounds they validated; null before they join.")
    lexicon_version = serializers.IntegerField(allow_null=True, help_text="The lexicon's version the game was made "
                                               "with (null for games made before versions were recorded).")
    lexicon_current_version = serializers.IntegerField(allow_null=True, help_text="The lexicon's serving version now.")
    tournament = serializers.BooleanField()
    source = serializers.ChoiceField(choices=DuplicateGame.Source.choices)  # type: ignore[assignment]  # a field named like a DRF attribute (the JSON contract's name)
    record_format = serializers.CharField(allow_blank=True)
    record_lexicon = serializers.CharField(allow_blank=True, help_text="The dictionary the imported file names.")
    differences = serializers.IntegerField(help_text="Imported game: rounds where Tirage's top differs from the "
                                           "file's (listed in the review).")


class CurrentRoundSerializer(request_serializers.Serializer):
    round = serializers.IntegerField()
    round_count = serializers.IntegerField()
    cgp = serializers.CharField(help_text="The board before this round, with the rack (never a future draw).")
    rack = serializers.CharField()
    kept = serializers.CharField(allow_blank=True, help_text="Letters kept from the last round.")
    drawn = serializers.CharField(allow_blank=True, help_text="The new letters.")
    rejected = serializers.ListField(child=serializers.CharField(allow_blank=True),
                                     help_text="Racks put back before this one (\"\": letters not known).")
    announced = serializers.CharField(help_text="The rack as announced: EEEL+IJX; '-' first after a rejected draw.")
    tournament = serializers.BooleanField()
    deadline = serializers.DateTimeField(allow_null=True, help_text="Null when untimed.")
    seconds_left = serializers.IntegerField(allow_null=True)
    timer_seconds = serializers.IntegerField(allow_null=True)
    play = serializers.DictField(allow_null=True, help_text="The play that counts so far: word, coord, score.")
    total = serializers.IntegerField()
    top_total = serializers.IntegerField()


class PlayInSerializer(request_serializers.Serializer):
    word = serializers.CharField(max_length=64, allow_blank=True, trim_whitespace=True,
                                 help_text="The whole word, letters already on the board included. In one "
                                           "case (maison, MAISON) it is plain letters and a letter the rack "
                                           "lacks uses the blank; mixing cases, lower case marks a blank "
                                           "(MAiSON). Accents fold.")
    coord = serializers.CharField(max_length=16, allow_blank=True, trim_whitespace=True)
    style = serializers.ChoiceField(choices=STYLES, default="fr")  # type: ignore[assignment]  # a field named like a DRF attribute (the JSON contract's name)
    round = serializers.IntegerField(required=False, min_value=1, max_value=999,
                                     help_text="Optional guard: 409 when it is not the current round.")


class MoveSerializer(request_serializers.Serializer):
    coord = serializers.CharField()
    row = serializers.IntegerField(required=False)
    col = serializers.IntegerField(required=False)
    dir = serializers.CharField(required=False)
    word = serializers.CharField()
    score = serializers.IntegerField()
    tiles = serializers.IntegerField(required=False)
    words = serializers.ListField(child=serializers.CharField(), required=False)


class PlayOutSerializer(request_serializers.Serializer):
    round = serializers.IntegerField()
    word = serializers.CharField()
    coord = serializers.CharField()
    score = serializers.IntegerField(allow_null=True, help_text="Points this play earns for the round: 0 when "
                                     "late; null with tournament scoring (said when the round ends).")
    move_score = serializers.IntegerField(allow_null=True, help_text="The play's value on the board (null with "
                                          "tournament scoring).")
    words = serializers.ListField(child=serializers.CharField())
    tournament = serializers.BooleanField(help_text="Tournament scoring: the play is received, its validity and "
                                          "score are told when the round ends.")
    late = serializers.BooleanField(help_text="Received after the deadline: it does not replace the play made "
                                              "in time.")
    deadline = serializers.DateTimeField(allow_null=True)


class ValidateInSerializer(request_serializers.Serializer):
    """Validation, with or without the play the player has placed (a body-less call keeps working)."""

    round = serializers.IntegerField(required=False, min_value=1, max_value=999,
                                     help_text="Optional guard: 409 when it is not the current round.")
    word = serializers.CharField(max_length=64, required=False, allow_blank=True, trim_whitespace=True,
                                 help_text="The play on the board or in the fields when the player validates or "
                                           "the time runs out, read as in play/. Checked first: accepted in time "
                                           "it is the play that counts; refused while time is left: 400 and the "
                                           "round stays open; refused once time is up: the round ends without "
                                           "it (`refused`). Omitted or empty: the play that counts so far.")
    coord = serializers.CharField(max_length=16, required=False, allow_blank=True, trim_whitespace=True,
                                  help_text="The play's coordinate (French H4 across / 4H down unless `style` "
                                            "is en).")
    style = serializers.ChoiceField(choices=STYLES, default="fr")  # type: ignore[assignment]  # a field named like a DRF attribute (the JSON contract's name)


class SubmittedPlaySerializer(request_serializers.Serializer):
    word = serializers.CharField()
    coord = serializers.CharField()
    score = serializers.IntegerField(help_text="Points it earned: 0 when late.")
    move_score = serializers.IntegerField(help_text="The play's value on the board.")
    late = serializers.BooleanField(help_text="Received after the deadline and its grace: not counted.")


class RefusedPlaySerializer(request_serializers.Serializer):
    word = serializers.CharField(allow_blank=True, help_text="As sent.")
    coord = serializers.CharField(allow_blank=True, help_text="As sent.")
    detail = serializers.CharField(help_text="Why the engine refused it, in words.")
    code = serializers.CharField()


class RoundResultSerializer(request_serializers.Serializer):
    round = serializers.IntegerField()
    score = serializers.IntegerField()
    play = serializers.DictField(allow_null=True)
    refusal = serializers.CharField(allow_blank=True, help_text="Tournament scoring: why the play scored 0.")
    kept = serializers.CharField(allow_blank=True)
    drawn = serializers.CharField(allow_blank=True)
    rejected = serializers.ListField(child=serializers.CharField(allow_blank=True))
    announced = serializers.CharField()
    sous_top = serializers.IntegerField(allow_null=True, help_text="The best score below the top (next plays).")
    top = MoveSerializer()
    subtops = MoveSerializer(many=True)
    total = serializers.IntegerField()
    top_total = serializers.IntegerField()
    negatif = serializers.IntegerField(help_text="Négatif: total − top_total (0 while every top is found, "
                                                 "below 0 otherwise), as French clubs rank players.")
    percent = serializers.FloatField()
    finished = serializers.BooleanField()
    next = CurrentRoundSerializer(allow_null=True, help_text="The next round (its clock started), null at the end.")
    submitted = SubmittedPlaySerializer(allow_null=True, help_text="The play sent with the validation, once "
                                                                   "accepted; null when none was sent.")
    refused = RefusedPlaySerializer(allow_null=True, help_text="The play sent with the validation once time was "
                                                               "up, refused (the round ended without it).")


class RankingRowSerializer(request_serializers.Serializer):
    rank = serializers.IntegerField()
    user = serializers.IntegerField()
    username = serializers.CharField()
    total = serializers.IntegerField()
    top_total = serializers.IntegerField()
    percent = serializers.FloatField()
    tops_found = serializers.IntegerField()
    rounds_played = serializers.IntegerField()
    finished = serializers.BooleanField()
    negatif = serializers.IntegerField(help_text="total − the tops of the rounds played (0: every top found).")
    solos = serializers.IntegerField(help_text="Tops found by this player alone (shared games, 2 players or more).")


class RankingSerializer(request_serializers.Serializer):
    game = serializers.IntegerField()
    round_count = serializers.IntegerField()
    top_total = serializers.IntegerField()
    players = RankingRowSerializer(many=True)


class ReviewRowSerializer(request_serializers.Serializer):
    round = serializers.IntegerField()
    rack = serializers.CharField()
    kept = serializers.CharField(allow_blank=True)
    drawn = serializers.CharField(allow_blank=True)
    rejected = serializers.ListField(child=serializers.CharField(allow_blank=True))
    announced = serializers.CharField()
    sous_top = serializers.IntegerField(allow_null=True)
    refusal = serializers.CharField(allow_blank=True)
    solo = serializers.BooleanField(help_text="This player alone found the top (shared games).")
    difference_with_file = serializers.DictField(allow_null=True, help_text="Imported game: Tirage's top when it "
                                                 "differs from the file's, with the words that make the difference.")
    top = MoveSerializer()
    play = MoveSerializer(allow_null=True)
    score = serializers.IntegerField()
    difference = serializers.IntegerField()
    found_top = serializers.BooleanField()
    total = serializers.IntegerField(help_text="The running total after this round.")
    top_total = serializers.IntegerField(help_text="The sum of the tops up to this round.")
    negatif = serializers.IntegerField(help_text="The running négatif after this round (total − top_total).")


class ReviewSerializer(request_serializers.Serializer):
    game = serializers.IntegerField()
    total = serializers.IntegerField()
    top_total = serializers.IntegerField()
    negatif = serializers.IntegerField(help_text="Négatif: total − top_total (0 while every top is found, "
                                                 "below 0 otherwise), as French clubs rank players.")
    percent = serializers.FloatField()
    tops_found = serializers.IntegerField()
    rounds = ReviewRowSerializer(many=True)


class MissedInSerializer(request_serializers.Serializer):
    list = serializers.IntegerField(required=False, allow_null=True, default=None,
                                    help_text="One of your revision lists; omitted: a new list named after the game.")


class MissedOutSerializer(request_serializers.Serializer):
    list = serializers.IntegerField()
    list_name = serializers.CharField()
    added = serializers.ListField(child=serializers.CharField())
    already = serializers.ListField(child=serializers.CharField())
    skipped = serializers.ListField(child=serializers.DictField(child=serializers.CharField()))


class ShareInSerializer(request_serializers.Serializer):
    visibility = serializers.ChoiceField(choices=DuplicateGame.Visibility.choices,
                                         default=DuplicateGame.Visibility.LINK)


class ShareOutSerializer(request_serializers.Serializer):
    visibility = serializers.ChoiceField(choices=DuplicateGame.Visibility.choices)
    token = serializers.CharField()
    url = serializers.CharField(allow_null=True, help_text="The page to send to other players (null when private).")
    api_join = serializers.CharField(allow_null=True)


class JoinOutSerializer(request_serializers.Serializer):
    game = serializers.IntegerField()


class TodayOutSerializer(request_serializers.Serializer):
    game = serializers.IntegerField()
    status = serializers.ChoiceField(choices=DuplicateGame.Status.choices)
    task = serializers.UUIDField(allow_null=True)
    date = serializers.DateField()
