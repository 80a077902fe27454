"""Account pages. Log in/out and password pages are Django's own views with our templates."""

from __future__ import annotations

from django.contrib.auth import get_user_model, login
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from accounts.forms import RateLimitedAuthenticationForm, SignUpForm


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
