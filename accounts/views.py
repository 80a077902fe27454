"""Account pages. Log in/out and password pages are Django's own views with our templates."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from accounts.forms import ProfileForm, RateLimitedAuthenticationForm, SignUpForm
from accounts.selectors import daily_goal_status, profile_of
from accounts.services import ProfileError, update_profile


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})


@require_GET
def username_check(request: HttpRequest) -> HttpResponse:
    """htmx helper of the sign-up form: says at once whether a username is free."""
    username = request.GET.get("username", "").strip()
    if not username:
        return HttpResponse("")
    taken = get_user_model().objects.filter(username__iexact=username).exists()
    text = _("This username is already taken.") if taken else _("This username is available.")
    css = "field-note field-note--error" if taken else "field-note field-note--ok"
    return render(request, "registration/_username_check.html", {"text": text, "css": css})


class RateLimitedLoginView(LoginView):
    """Django's log-in page with failed attempts limited per account and per address: 429 once refused."""

    form_class = RateLimitedAuthenticationForm

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_invalid(form)
        if isinstance(form, RateLimitedAuthenticationForm) and form.refusal is not None:
            response.status_code = 429
            response["Retry-After"] = str(form.refusal.retry_after)
        return response


@login_required
@require_http_methods(["GET", "POST"])
def account(request: HttpRequest) -> HttpResponse:
    profile = profile_of(request.user)
    form = ProfileForm(request.POST or None, initial={
        "language": profile.language, "default_lexicon": profile.default_lexicon_id, "daily_goal": profile.daily_goal,
        "new_cards_per_day": profile.new_cards_per_day, "passing_seconds": profile.passing_seconds})
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
