from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers
from rest_framework.authtoken import serializers as authtoken_serializers

from accounts.models import (
    MAX_DAILY_GOAL,
    MAX_NEW_CARDS_PER_DAY,
    MAX_PASSING_SECONDS,
    MIN_DAILY_GOAL,
    MIN_NEW_CARDS_PER_DAY,
    MIN_PASSING_SECONDS,
)
from accounts.services import new_cards_refusal, passing_time_refusal
from core import request_serializers, text_schemas
from core.openapi import checked_char_field, checked_integer_field

ABSURD = 10**9  # past any setting, whatever the service's bounds: refused before it, as not a sensible number


class AuthTokenSerializer(request_serializers.RefuseUnknownFields, authtoken_serializers.AuthTokenSerializer):
    """DRF's log-in fields (username, password), refusing unknown fields like every other request."""


class RegisterSerializer(request_serializers.Serializer):
    # The user model's rules (letters, digits and @.+-_) and the password validators' that a schema can
    # state (8 characters or more, not only digits); similarity to the username and common passwords are
    # refused in words.
    username = checked_char_field(text_schemas.username(), max_length=150)
    password = checked_char_field(text_schemas.password(8), write_only=True, style={"input_type": "password"})
    # Optional (absent or blank); no default in the schema: "" is not an email address (format: email).
    email = serializers.EmailField(required=False, allow_blank=True)

    def validate_username(self, value: str) -> str:
        field = get_user_model()._meta.get_field("username")
        for validator in field.validators:
            try:
                validator(value)
            except DjangoValidationError as exc:
                raise serializers.ValidationError(list(exc.messages)) from None
        if get_user_model().objects.filter(username__iexact=value).exists():
            raise serializers.ValidationError("This username is already taken.")
        return value

    def validate(self, attrs: dict) -> dict:
        user = get_user_model()(username=attrs["username"], email=attrs.get("email", ""))
        try:
            validate_password(attrs["password"], user)
        except DjangoValidationError as exc:
            raise serializers.ValidationError({"password": list(exc.messages)}) from None
        return attrs


class RegisteredSerializer(request_serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    token = serializers.CharField()


class ActivitySerializer(request_serializers.Serializer):
    answers = serializers.IntegerField(help_text="Answers in training grids.")
    rounds = serializers.IntegerField(help_text="Duplicate rounds played.")
    quiz = serializers.IntegerField(help_text="Word-study quiz answers (one per question).")
    puzzles = serializers.IntegerField(help_text="The coach's puzzles solved (their top found).")


class ActivityDaySerializer(ActivitySerializer):
    date = serializers.DateField()


class ProfileSerializer(request_serializers.Serializer):
    username = serializers.CharField(read_only=True)
    email = serializers.EmailField(read_only=True, allow_blank=True)
    is_staff = serializers.BooleanField(read_only=True)
    language = serializers.ChoiceField(choices=settings.LANGUAGES, required=False)
    default_lexicon = serializers.IntegerField(allow_null=True, required=False, min_value=1,
                                               help_text="Lexicon id preselected in forms; null: the site's default.")
    daily_goal = serializers.IntegerField(required=False, min_value=MIN_DAILY_GOAL, max_value=MAX_DAILY_GOAL)
    # The bounds are the service's (accounts.services.update_profile), checked there with the refusal in words the
    # page gives too; the field only keeps absurd numbers out.
    new_cards_per_day = checked_integer_field(
        MIN_NEW_CARDS_PER_DAY, MAX_NEW_CARDS_PER_DAY, required=False, min_value=-ABSURD, max_value=ABSURD,
        help_text="How many words never reviewed enter the learner's reviews each day (default 20; 0: reviews "
                  "only). `GET /api/progress/` and `GET /api/reviews/due/` count at most that many new words a day.")
    passing_seconds = checked_integer_field(
        MIN_PASSING_SECONDS, MAX_PASSING_SECONDS, required=False, allow_null=True, min_value=-ABSURD,
        max_value=ABSURD, help_text="Passing time of flash-card quizzes, in seconds (null: none): a question answered right but more "
                  "slowly, timed by the server from the question shown to the answer's arrival, reviews its "
                  "alphagram card as missed (Again).")
    answers_today = serializers.IntegerField(read_only=True, help_text="What the daily goal counts today: grid "
                                             "answers, duplicate rounds played (with a play), quiz answers and puzzles solved.")
    activity_today = ActivitySerializer(read_only=True, help_text="Today's activity by kind.")
    activity = ActivityDaySerializer(many=True, read_only=True, help_text="The last 30 days, oldest first.")
    goal_reached = serializers.BooleanField(read_only=True)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Not a whole number: the refusal in words the page and the service give too.
        for name, refusal in (("new_cards_per_day", new_cards_refusal), ("passing_seconds", passing_time_refusal)):
            self.fields[name].error_messages["invalid"] = refusal()
