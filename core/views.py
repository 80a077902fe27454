"""Core pages: home, health JSON, the task progress partial and the "check the task system" button."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from core import health
from core.api_errors import is_api_request
from core.home import home_blocks
from core.http import HtmxHttpRequest
from core.progress import start_task
from core.selectors import get_visible_task_run, home_task_runs
from core.task_subjects import task_subject

# The demo task of the "check the task system" button: long enough to watch the bar move.
PING_STEPS, PING_DELAY = 5, 0.4


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "core/home.html", {"blocks": home_blocks(request),
                                              "recent_runs": home_task_runs(request.user)})


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Reachability of each dependency: 200 when all answer, 503 otherwise.

    The public answer comes from the last checks of the process, at most a few seconds old
    (:func:`core.health.public_report`, ``age_seconds`` says how old), so a probe costs no thread time; staff,
    DEBUG and a monitor holding ``HEALTHZ_TOKEN`` (``Authorization: Bearer <token>``) get the checks run now,
    with their details.
    """
    if settings.DEBUG or _has_health_token(request) or _is_staff(request):
        ok, report = health.run_checks()
    else:
        ok, report, age = health.public_report()
        report = {**report, "age_seconds": round(age, 1)}
    return JsonResponse(report, status=200 if ok else 503)


def _has_health_token(request: HttpRequest) -> bool:
    """Does the request carry the monitors' ``HEALTHZ_TOKEN`` (unset: no token opens the details)?"""
    token = getattr(settings, "HEALTHZ_TOKEN", "")
    given = request.headers.get("Authorization", "")
    return bool(token) and given.startswith("Bearer ") and constant_time_compare(given[len("Bearer "):], token)


def _is_staff(request: HttpRequest) -> bool:
    """Staff status without letting a broken database turn the health report into a 500."""
    try:
        return bool(request.user.is_staff)
    except Exception:
        return False


@never_cache
@login_required
@require_GET
def task_progress(request: HtmxHttpRequest, task_run_id) -> HttpResponse:
    """The progress partial for one run; htmx polls it until the run is finished."""
    run = get_visible_task_run(request.user, task_run_id)
    subject = task_subject(run) if request.GET.get("what") else None  # the bar says what it is, polled or not
    response = render(request, "core/_progress.html", {"run": run, "subject": subject})
    if run.is_finished and request.htmx:
        response["HX-Trigger"] = "taskFinished"
    return response


@login_required
@require_POST
def start_ping(request: HttpRequest) -> HttpResponse:
    """Start a short ``core.ping`` task and return its progress partial (a visible end-to-end check)."""
    run = start_task("core.ping", owner=request.user, steps=PING_STEPS, delay=PING_DELAY)
    return render(request, "core/_progress.html", {"run": run})


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW: a refused form in the site's style and language (JSON under /api/)."""
    if is_api_request(request):
        return JsonResponse({"detail": _("CSRF check failed: reload the page and send the form again.")}, status=403)
    return render(request, "403_csrf.html", {"cookies_enabled": bool(request.COOKIES)}, status=403)
