"""The "My account" page and ``GET/PATCH /api/auth/me/``: preferences next to the password change.

Both faces call :func:`accounts.services.update_profile`; the page also moves the chosen language into
the language cookie so the very next page is in it.
"""

from __future__ import annotations

from typing import cast

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import MAX_DAILY_GOAL, MIN_DAILY_GOAL
from accounts.selectors import daily_goal_status, profile_of
from accounts.services import ProfileError, update_profile
from lexicon.selectors import list_lexicons


class ProfileForm(forms.Form):
    language = forms.ChoiceField(label=gettext_lazy("Language"), choices=settings.LANGUAGES)
    default_lexicon = forms.ModelChoiceField(
        label=gettext_lazy("Default lexicon"), queryset=list_lexicons(), required=False,
        empty_label=gettext_lazy("The site's default"),
        help_text=gettext_lazy("Preselected when you create a list, a grid or a crossword."))
    daily_goal = forms.IntegerField(
        label=gettext_lazy("Daily goal (answers a day)"), min_value=MIN_DAILY_GOAL, max_value=MAX_DAILY_GOAL)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["default_lexicon"]).queryset = list_lexicons()


@login_required
@require_http_methods(["GET", "POST"])
def account(request: HttpRequest) -> HttpResponse:
    profile = profile_of(request.user)
    form = ProfileForm(request.POST or None, initial={
        "language": profile.language, "default_lexicon": profile.default_lexicon_id, "daily_goal": profile.daily_goal})
    if request.method == "POST" and form.is_valid():
        try:
            profile = update_profile(request.user, **form.cleaned_data)
        except ProfileError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            with translation.override(profile.language):
                messages.success(request, _("Your preferences are saved."))
            response = redirect("account")
            response.set_cookie(settings.LANGUAGE_COOKIE_NAME, profile.language,
                                max_age=settings.LANGUAGE_COOKIE_AGE, samesite="Lax")
            return response
    return render(request, "registration/account.html", {
        "form": form, "goal": daily_goal_status(request.user), "username": request.user.get_username()})


class ProfileSerializer(serializers.Serializer):
    username = serializers.CharField(read_only=True)
    email = serializers.EmailField(read_only=True, allow_blank=True)
    is_staff = serializers.BooleanField(read_only=True)
    language = serializers.ChoiceField(choices=settings.LANGUAGES, required=False)
    default_lexicon = serializers.IntegerField(allow_null=True, required=False, min_value=1,
                                               help_text="Lexicon id preselected in forms; null: the site's default.")
    daily_goal = serializers.IntegerField(required=False, min_value=MIN_DAILY_GOAL, max_value=MAX_DAILY_GOAL)
    answers_today = serializers.IntegerField(read_only=True)
    goal_reached = serializers.BooleanField(read_only=True)


def _me(user) -> dict:
    profile = profile_of(user)
    goal = daily_goal_status(user)
    return {"username": user.get_username(), "email": user.email or "", "is_staff": user.is_staff,
            "language": profile.language, "default_lexicon": profile.default_lexicon_id,
            "daily_goal": profile.daily_goal, "answers_today": goal["done"], "goal_reached": goal["reached"]}


class MeApi(APIView):
    """The authenticated user and their preferences; ``PATCH`` changes some of them."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: ProfileSerializer, 401: OpenApiResponse(description="Not authenticated.")})
    def get(self, request: Request) -> Response:
        return Response(ProfileSerializer(_me(request.user)).data)

    @extend_schema(request=ProfileSerializer, responses={
        200: ProfileSerializer, 400: OpenApiResponse(description="`{field: [message]}`: a value refused."),
        401: OpenApiResponse(description="Not authenticated.")})
    def patch(self, request: Request) -> Response:
        serializer = ProfileSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        changes = {key: serializer.validated_data[key] for key in ("language", "daily_goal", "default_lexicon")
                   if key in serializer.validated_data}
        try:
            update_profile(request.user, **changes)
        except ProfileError as exc:
            return Response({exc.field: [exc.message]}, status=status.HTTP_400_BAD_REQUEST)
        return Response(ProfileSerializer(_me(request.user)).data)
