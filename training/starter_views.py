"""The home page's one-click grid: copy a starter list (once) and start a training grid on the copy."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from training import selectors, services


@login_required
@require_POST
def starter_grid(request: HttpRequest, list_id: int) -> HttpResponse:
    source = selectors.get_published_list(list_id)
    copy = selectors.lists_of(request.user).filter(copied_from=source).order_by("-id").first()
    if copy is None:
        copy = services.copy_list(source, request.user)
    try:
        grid = services.start_list_grid(request.user, copy)
    except services.GridError as exc:
        messages.error(request, str(exc))
        return redirect("training:list", list_id=copy.pk)
    return redirect("training:grid", grid_id=grid.pk)
