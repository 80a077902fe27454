"""Revision list pages (htmx): lists, their words and support letters.

Thin by design: each view reads through :mod:`training.lists.selectors`, writes through
:mod:`training.lists.services`, and renders. Every form also works without JavaScript (plain POST and
redirect); with htmx the same endpoints return the partial to swap.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Page
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.http import HtmxHttpRequest
from training.lists import selectors, services
from training.lists.forms import BulkForm, ListForm, WordForm


@login_required
@require_http_methods(["GET", "POST"])
def lists(request: HtmxHttpRequest) -> HttpResponse:
    form = ListForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            created = services.create_list(request.user, data["lexicon"], data["name"], data["description"],
                                           data.get("published", False))
        except (PermissionDenied, ValueError) as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("List “%(name)s” created: add its words.") % {"name": created.name})
            return redirect("training:list", list_id=created.pk)
    published = list(selectors.published_lists())
    words = selectors.published_words(published)
    for published_list in published:
        published_list.words_text = words.get(published_list.pk, "")
    return render(request, "training/lists.html", {
        "form": form, "lists": selectors.lists_of(request.user), "published": published,
    }, status=400 if form.errors else 200)


def _page_asked(request: HtmxHttpRequest) -> str:
    """The page of words asked for: ``?page=N`` on the page, the hidden ``page`` field of its forms on a POST
    (a support changed or a word removed on page 3 shows page 3 again)."""
    return request.POST.get("page") or request.GET.get("page") or "1"


def _page_range(page: Page) -> list[Any]:
    """The page numbers the pager shows: the first, two either side of the current one, the last (… between)."""
    return list(page.paginator.get_elided_page_range(page.number, on_each_side=2, on_ends=1))


def _list_context(request: HtmxHttpRequest, revision_list, *, page: str | None = None, **extra) -> dict:
    """``page``: the page of words to show (``"last"``: where words just added are); else the one asked for."""
    entries = selectors.entries_page(revision_list, page or _page_asked(request))
    context = {
        "list": revision_list,
        "entries": entries.object_list,
        "entries_page": entries,
        "page_range": _page_range(entries),
        "word_form": WordForm(),
        "bulk_form": BulkForm(),
        "edit_form": ListForm(initial={"name": revision_list.name, "description": revision_list.description,
                                       "published": revision_list.published}, user=request.user, editing=True),
        "grids": selectors.grids_of_list(revision_list)[:10],
        "share_url": (request.build_absolute_uri(reverse("training:shared-list", args=[revision_list.share_token]))
                      if revision_list.share_token else ""),
    }
    context.update(extra)
    return context


@login_required
@require_GET
def list_detail(request: HtmxHttpRequest, list_id: int) -> HttpResponse:
    revision_list = selectors.get_own_list(request.user, list_id)
    return render(request, "training/list_detail.html", _list_context(request, revision_list))


@login_required
@require_POST
def list_edit(request: HtmxHttpRequest, list_id: int) -> HttpResponse:
    revision_list = selectors.get_own_list(request.user, list_id)
    form = ListForm(request.POST, user=request.user, editing=True)
    if form.is_valid():
        try:
            services.update_list(revision_list, request.user, **{k: v for k, v in form.cleaned_data.items()
                                                                 if k in ("name", "description", "published")})
        except (PermissionDenied, ValueError) as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("List saved."))
            return redirect("training:list", list_id=revision_list.pk)
    revision_list.refresh_from_db()
    return render(request, "training/list_detail.html", _list_context(request, revision_list, edit_form=form),
                  status=400)


@login_required
@require_POST
def list_delete(request: HtmxHttpRequest, list_id: int) -> HttpResponse:
    revision_list = selectors.get_own_list(request.user, list_id)
    name = revision_list.name
    services.delete_list(revision_list)
    messages.success(request, _("List “%(name)s” deleted.") % {"name": name})
    return redirect("training:lists")


def _words_response(request: HtmxHttpRequest, revision_list, *, status: int = 200, page: str | None = None,
                    **extra) -> HttpResponse:
    """The words section (forms + table): the htmx swap target, or the whole page without htmx."""
    context = _list_context(request, revision_list, page=page, **extra)
    if not request.htmx:
        return render(request, "training/list_detail.html", context, status=status)
    response = render(request, "training/_words.html", context, status=status)
    # The address follows the page of words shown (a word added shows the last one): a reload keeps it.
    number = context["entries_page"].number
    address = reverse("training:list", args=[revision_list.pk])
    response["HX-Replace-Url"] = f"{address}?page={number}" if number > 1 else address
    return response


@login_required
@require_POST
def word_add(request: HtmxHttpRequest, list_id: int) -> HttpResponse:
    revision_list = selectors.get_own_list(request.user, list_id)
    form = WordForm(request.POST)
    if form.is_valid():
        try:
            # A support typed in the field wins; else the proposed letter picked; else the most productive.
            support = form.cleaned_data["support"] or request.POST.get("support_choice") or None
            entry = services.add_word(revision_list, form.cleaned_data["word"], support)
        except services.EntryError as exc:
            form.add_error("word" if exc.code != "bad_support" else "support", exc.message)
        else:
            notice = _("%(word)s added (support %(letter)s).") % {"word": entry.word, "letter": entry.support_letter}
            return _words_response(request, revision_list, page="last", notice=notice)
    return _words_response(request, revision_list, status=400, word_form=form)


@login_required
@require_POST
def words_bulk(request: HtmxHttpRequest, list_id: int) -> HttpResponse:
    revision_list = selectors.get_own_list(request.user, list_id)
    form = BulkForm(request.POST)
    if not form.is_valid():
        return _words_response(request, revision_list, status=400, bulk_form=form)
    try:
        outcome = services.add_words_bulk(revision_list, form.cleaned_data["text"])
    except services.EntryError as exc:
        form.add_error("text", exc.message)
        return _words_response(request, revision_list, status=400, bulk_form=form)
    remaining = BulkForm(initial={"text": outcome.remaining_text})
    return _words_response(request, revision_list, bulk_form=remaining, bulk=outcome,
                           page="last" if outcome.added else None, status=400 if outcome.refused else 200)


@login_required
@require_GET
def supports(request: HtmxHttpRequest, list_id: int) -> HttpResponse:
    """Support letters proposed for the word being typed (htmx partial: radio buttons with counts)."""
    revision_list = selectors.get_own_list(request.user, list_id)
    text = request.GET.get("word", "")
    context: dict = {"options": [], "error": ""}
    if text.strip():
        try:
            word, _index = services.check_word(revision_list, text, None)
        except services.EntryError as exc:
            context["error"] = exc.message
        else:
            context["word"] = word
            context["options"] = selectors.support_options(selectors.gaddag_of(revision_list.lexicon), word)
    return render(request, "training/_supports.html", context)


@login_required
@require_POST
def word_support(request: HtmxHttpRequest, list_id: int, entry_id: int) -> HttpResponse:
    entry = selectors.get_own_entry(request.user, list_id, entry_id)
    try:
        services.set_support(entry, request.POST.get("support", ""))
    except services.EntryError as exc:
        return _words_response(request, entry.revision_list, status=400, words_error=exc.message)
    return _words_response(request, entry.revision_list)


@login_required
@require_POST
def word_delete(request: HtmxHttpRequest, list_id: int, entry_id: int) -> HttpResponse:
    entry = selectors.get_own_entry(request.user, list_id, entry_id)
    revision_list = entry.revision_list
    word = entry.word
    services.remove_entry(entry)
    return _words_response(request, revision_list, notice=_("%(word)s removed.") % {"word": word})


@login_required
@require_POST
def list_copy(request: HtmxHttpRequest, list_id: int) -> HttpResponse:
    copy = services.copy_list(selectors.get_published_list(list_id), request.user)
    messages.success(request, _("“%(name)s” copied into your lists.") % {"name": copy.name})
    return redirect("training:list", list_id=copy.pk)


def _text_file(text: str, name: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name)[:60].strip("-") or "liste"
    response["Content-Disposition"] = f'attachment; filename="{safe}.txt"'
    return response


@login_required
@require_POST
def list_share(request: HtmxHttpRequest, list_id: int) -> HttpResponse:
    """Turn sharing by link on (``share=on``) or off (``share=off``: the link stops working)."""
    revision_list = selectors.get_own_list(request.user, list_id)
    if request.POST.get("share") == "off":
        services.stop_sharing(revision_list)
        messages.success(request, _("The list is no longer shared: its link no longer works."))
    else:
        services.share_list(revision_list)
        messages.success(request, _("The list is shared: give its link to other learners."))
    return redirect(f"{reverse('training:list', args=[revision_list.pk])}#share")


@login_required
@require_GET
def list_export(request: HtmxHttpRequest, list_id: int) -> HttpResponse:
    revision_list = selectors.get_own_list(request.user, list_id)
    return _text_file(services.export_text(revision_list), revision_list.name)


@login_required
@require_POST
def list_import(request: HtmxHttpRequest, list_id: int) -> HttpResponse:
    """Add the words of a text file (as exported): the valid lines are added, each refused line is reported
    with its number and put back in the paste box, so nothing of the file is lost."""
    revision_list = selectors.get_own_list(request.user, list_id)
    try:
        text = services.read_import_file(request.FILES.get("file"))
        outcome = services.add_words_bulk(revision_list, text)
    except services.EntryError as exc:
        return render(request, "training/list_detail.html",
                      _list_context(request, revision_list, import_error=exc.message), status=400)
    return render(request, "training/list_detail.html", _list_context(
        request, revision_list, bulk=outcome, bulk_form=BulkForm(initial={"text": outcome.remaining_text}),
        page="last" if outcome.added else None), status=400 if outcome.refused else 200)


@login_required
@require_GET
def shared_list(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """A list shared by link: read-only for any signed-in learner, who may copy it."""
    revision_list = selectors.get_shared_list(token)
    entries = selectors.entries_page(revision_list, request.GET.get("page", 1))
    return render(request, "training/shared_list.html", {
        "list": revision_list, "entries": entries, "page_range": _page_range(entries),
        "own": revision_list.owner_id == request.user.pk})


@login_required
@require_POST
def shared_list_copy(request: HtmxHttpRequest, token: str) -> HttpResponse:
    copy = services.copy_list(selectors.get_shared_list(token), request.user)
    messages.success(request, _("“%(name)s” copied into your lists.") % {"name": copy.name})
    return redirect("training:list", list_id=copy.pk)


@login_required
@require_GET
def shared_list_export(request: HtmxHttpRequest, token: str) -> HttpResponse:
    revision_list = selectors.get_shared_list(token)
    return _text_file(services.export_text(revision_list), revision_list.name)
