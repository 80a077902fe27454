"""The crossword of the day: one per lexicon and day, shared by every learner.

Why no table of its own: the daily crossword is an ordinary :class:`~puzzles.models.Crossword` owned by
the editorial account (``accounts.services.editorial_account``) whose seed encodes the day; the first
learner who asks for it starts its generation with the existing task, and everyone after finds it.
Each learner keeps their own progress (``CrosswordProgress`` is per user), so sharing the grid shares
nothing else. Creation is serialised by locking the lexicon row, so two learners arriving at once do
not make two grids. A failed generation is retried with the next seed when someone asks again.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from accounts.selectors import preferred_lexicon
from accounts.services import EDITORIAL_USERNAME, editorial_account
from core.selectors import get_or_404, is_user, not_found_message
from lexicon.models import Lexicon
from puzzles import services
from puzzles.models import Crossword

DAILY_SIZE = 9
DAILY_STYLE = Crossword.Style.FR


MAX_ATTEMPTS = 10


def daily_seed(day: dt.date, attempt: int = 0) -> int:
    """Seed of the day's grid: YYYYMMDD0, then +1 per failed attempt (at most 9). The seed is also how
    the day's crossword is found, so the same day always gives the same grid."""
    return (day.year * 10000 + day.month * 100 + day.day) * MAX_ATTEMPTS + attempt


def _of_the_day(lexicon: Lexicon, day: dt.date):
    base = daily_seed(day)
    return Crossword.objects.filter(owner__username=EDITORIAL_USERNAME, lexicon=lexicon, size=DAILY_SIZE,
                                    style=DAILY_STYLE, theme_list=None, seed__gte=base, seed__lt=base + MAX_ATTEMPTS)


def find_daily_crossword(lexicon: Lexicon, day: dt.date | None = None) -> Crossword | None:
    """The day's crossword if someone already asked for it (the newest not failed), else None."""
    day = day or timezone.localdate()
    crossword = _of_the_day(lexicon, day).exclude(status=Crossword.Status.FAILED).order_by("-id").first()
    return services.follow_task(crossword) if crossword is not None else None


def daily_crossword(lexicon: Lexicon, day: dt.date | None = None) -> Crossword:
    """The day's crossword of ``lexicon``, its generation started now when nobody asked for it yet."""
    day = day or timezone.localdate()
    found = find_daily_crossword(lexicon, day)
    if found is not None:
        return found
    editor = editorial_account()
    with transaction.atomic():
        Lexicon.objects.select_for_update().filter(pk=lexicon.pk).first()
        found = _of_the_day(lexicon, day).exclude(status=Crossword.Status.FAILED).order_by("-id").first()
        if found is None:
            attempts = _of_the_day(lexicon, day).count()
            if attempts >= MAX_ATTEMPTS:
                raise services.CrosswordInputError(_("Today's crossword could not be made; try again tomorrow."))
            found = services.start_crossword(editor, lexicon, DAILY_SIZE, DAILY_STYLE,
                                             seed=daily_seed(day, attempts))
    return services.follow_task(Crossword.objects.get(pk=found.pk))


def is_daily(crossword: Crossword) -> bool:
    return crossword.owner.get_username() == EDITORIAL_USERNAME and crossword.theme_list_id is None


def get_solvable_crossword(user: Any, crossword_id: Any) -> Crossword:
    """A crossword ``user`` may solve: their own, or a crossword of the day; 404 otherwise.

    Deleting and exporting stay with ``selectors.get_own_crossword`` (the owner only).
    """
    if not is_user(user):
        raise Http404(not_found_message(Crossword))
    mine_or_daily = Crossword.objects.filter(owner__username=EDITORIAL_USERNAME, theme_list=None) | \
        Crossword.objects.filter(owner=user)
    return get_or_404(mine_or_daily.select_related("lexicon", "task_run", "theme_list", "owner"), crossword_id,
                      "No such crossword.")


def home_context(request: HttpRequest) -> dict[str, Any] | None:
    """The home page's block: today's crossword of the learner's lexicon (ready, being made, or not asked yet)."""
    lexicon = preferred_lexicon(request.user, getattr(request, "LANGUAGE_CODE", "fr")[:2])
    if lexicon is None:
        return None
    return {"lexicon": lexicon, "crossword": find_daily_crossword(lexicon), "size": DAILY_SIZE,
            "today": timezone.localdate()}


@never_cache
@require_GET
def daily(request: HttpRequest) -> HttpResponse:
    """``/puzzles/crosswords/daily/``: today's crossword, made on demand; a waiting page while it is made."""
    if not request.user.is_authenticated:
        from django.contrib.auth.views import redirect_to_login

        return redirect_to_login(request.get_full_path())
    lexicon = preferred_lexicon(request.user, getattr(request, "LANGUAGE_CODE", "fr")[:2])
    if lexicon is None:
        raise Http404(_("No lexicon yet."))
    try:
        crossword = daily_crossword(lexicon)
    except services.CrosswordInputError as exc:  # e.g. too many grids being made at once
        return render(request, "puzzles/daily_wait.html", {"lexicon": lexicon, "error": str(exc)}, status=503)
    if crossword.is_ready:
        return redirect("puzzles:crossword", crossword_id=crossword.pk)
    return render(request, "puzzles/daily_wait.html", {"lexicon": lexicon, "crossword": crossword})
