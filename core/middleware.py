"""Language choice: French unless the visitor chose another language with the switcher, or logged in
with another language in their profile (applied at log-in, then kept in the cookie). API clients
without the cookie get their token owner's profile language, else their Accept-Language, else French.

Django's LocaleMiddleware would follow the browser's Accept-Language header, so most visitors would
land on English pages; Tirage serves French duplicate players first, so the site's language is French
until someone picks another one (the ``set_language`` view stores it in a cookie).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation.trans_real import parse_accept_lang_header

from core.hooks import app_hooks

LOGIN_LANGUAGE_KEY = "tirage_login_language"
"""Session key where the log-in leaves the learner's profile language for this middleware to apply."""


class ChosenLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.available = {code for code, _ in settings.LANGUAGES}

    def __call__(self, request: HttpRequest) -> HttpResponse:
        at_login = self._language_at_login(request)
        chosen = at_login or request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        api = request.path.startswith("/api/")
        if chosen not in self.available and api:
            chosen = self._api_language(request)
        language = chosen if chosen in self.available else settings.LANGUAGE_CODE
        request.LANGUAGE_CODE = language
        with translation.override(language):  # restored afterwards: nothing leaks to the thread's next job
            response = self.get_response(request)
        if at_login:  # from now on the cookie carries it, so the switcher in the header keeps working
            response.set_cookie(settings.LANGUAGE_COOKIE_NAME, at_login, max_age=settings.LANGUAGE_COOKIE_AGE,
                                samesite="Lax")
        patch_vary_headers(response, ("Cookie", "Accept-Language") if api else ("Cookie",))
        response.headers.setdefault("Content-Language", language)
        return response

    def _language_at_login(self, request: HttpRequest) -> str | None:
        """The language of the learner's profile, put in the session by the log-in (once).

        A session store that cannot be read (the database is down) leaves the language to the cookie:
        choosing a language must never turn a request, ``/healthz`` above all, into a 500.
        """
        session = getattr(request, "session", None)
        try:
            if session is None or LOGIN_LANGUAGE_KEY not in session:
                return None
            language = session.pop(LOGIN_LANGUAGE_KEY)
        except DatabaseError:
            return None
        return language if language in self.available else None

    def _api_language(self, request: HttpRequest) -> str | None:
        """API clients without the cookie: the token owner's profile language, else Accept-Language."""
        header = request.headers.get("Authorization", "")
        if header.startswith("Token "):
            for token_language in app_hooks("token_language"):  # the accounts app knows the profiles
                try:
                    language = token_language(header[6:].strip())
                except DatabaseError:  # the database is down: the answer (a 503) still follows Accept-Language
                    language = None
                if language in self.available:
                    return language
        for code, _quality in parse_accept_lang_header(request.headers.get("Accept-Language", "")):
            if code[:2].lower() in self.available:
                return code[:2].lower()
        return None
