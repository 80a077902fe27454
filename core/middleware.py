"""Language choice: French unless the visitor chose another language with the switcher.

Django's LocaleMiddleware would follow the browser's Accept-Language header, so most visitors would
land on English pages; Tirage serves French duplicate players first, so the site's language is French
until someone picks another one (the ``set_language`` view stores it in a cookie).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers


class ChosenLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.available = {code for code, _ in settings.LANGUAGES}

    def __call__(self, request: HttpRequest) -> HttpResponse:
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        language = chosen if chosen in self.available else settings.LANGUAGE_CODE
        request.LANGUAGE_CODE = language
        with translation.override(language):  # restored afterwards: nothing leaks to the thread's next job
            response = self.get_response(request)
        patch_vary_headers(response, ("Cookie",))
        response.headers.setdefault("Content-Language", language)
        return response
