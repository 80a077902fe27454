from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers
from rest_framework.authtoken import serializers as authtoken_serializers

from accounts.models import MAX_DAILY_GOAL, MIN_DAILY_GOAL
from core import request_serializers, text_schemas
from core.openapi import checked_char_field


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
    answers_today = serializers.IntegerField(read_only=True, help_text="What the daily goal counts today: grid "
                                             "answers, duplicate rounds played (with a play), quiz answers and puzzles solved.")
    activity_today = ActivitySerializer(read_only=True, help_text="Today's activity by kind.")
    activity = ActivityDaySerializer(many=True, read_only=True, help_text="The last 30 days, oldest first.")
    goal_reached = serializers.BooleanField(read_only=True)
