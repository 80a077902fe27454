"""Lexicon pages: lookups for everyone; curation (versions, diff, publish, edits, definitions, audit) for staff.

Thin: forms in, services / selectors called, templates out. Lookup forms are plain GET forms that htmx
upgrades (only the results block is swapped); without JavaScript the whole page is returned.
"""

from __future__ import annotations

import math
from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_POST

from core.http import HtmxHttpRequest
from lexicon import selectors, services
from lexicon.forms import (
    AnagramForm,
    CheckForm,
    DefinitionForm,
    DefinitionImportForm,
    HooksForm,
    NewWordsForm,
    PatternForm,
    PublishForm,
    UploadForm,
    WordEditForm,
    split_words,
)
from lexicon.models import Lexicon, LexiconVersion
from lexicon.uploads import limit_uploads, upload_too_large

PAGE_SIZE = 200
TOOLS = {
    "check": (CheckForm, gettext_lazy("Check words")),
    "anagrams": (AnagramForm, gettext_lazy("Anagrams")),
    "pattern": (PatternForm, gettext_lazy("Pattern")),
    "hooks": (HooksForm, gettext_lazy("Hooks")),
    "new": (NewWordsForm, gettext_lazy("New in this version")),
}


def staff_required(view):
    """Anonymous visitors go to the login page; logged-in learners get 403."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not request.user.is_staff:
            raise PermissionDenied(_("Only curators (staff) can change lexicons."))
        return view(request, *args, **kwargs)

    return wrapper


def _lexicon(lexicon_id: int) -> Lexicon:
    return get_object_or_404(Lexicon.objects.select_related("current_version"), pk=lexicon_id)


def _version(lexicon: Lexicon, number: int) -> LexiconVersion:
    try:
        return selectors.get_version(lexicon, number)
    except LexiconVersion.DoesNotExist:
        raise Http404(_("No such version.")) from None


# -- everyone ------------------------------------------------------------------------------------------


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "lexicon/index.html", {"lexicons": selectors.list_lexicons()})


def _run_tool(lexicon: Lexicon, tool: str, form) -> dict:
    """The results context of one lookup; errors become a message in the results block."""
    data = form.cleaned_data
    try:
        if tool == "check":
            return {"checks": selectors.check_words(lexicon, split_words(data["words"]))}  # hooks, definitions
        if tool == "anagrams":
            return {"result": selectors.anagram_lookup(lexicon, data["letters"], data["min_length"])}
        if tool == "pattern":
            return {"result": selectors.pattern_lookup(lexicon, data["q"], data["rack"] or None)}
        if tool == "hooks":
            return {"hooks": selectors.hooks_lookup(lexicon, data["word"])}
        version, words = selectors.new_words(lexicon, data["version"])
        if version is None:
            return {"error": _("No such version.")}
        return {"new_version": version, "result": selectors.LookupResult(f"v{version.number}",
                                                                          words[:selectors.MAX_RESULTS], len(words))}
    except selectors.LookupInputError as exc:
        return {"error": str(exc)}
    except selectors.CompiledLexiconError:
        return {"error": _("The lexicon is not available right now; try again in a moment.")}


@require_GET
def lookup(request: HtmxHttpRequest, lexicon_id: int) -> HttpResponse:
    lexicon = _lexicon(lexicon_id)
    tool = request.GET.get("tool", "check")
    if tool not in TOOLS:
        tool = "check"
    forms = {name: cls(prefix=None) for name, (cls, _label) in TOOLS.items()}
    context: dict = {"lexicon": lexicon, "tool": tool, "tools": [(n, label) for n, (_c, label) in TOOLS.items()]}
    # "New in this version" answers at once (its one field is optional); other tools wait for input.
    submitted = tool == "new" or any(key in request.GET for key in forms[tool].fields)
    if submitted:
        form = TOOLS[tool][0](request.GET)
        forms[tool] = form
        context["results"] = _run_tool(lexicon, tool, form) if form.is_valid() else {
            "error": " ".join(str(e) for errors in form.errors.values() for e in errors)}
    context["forms"] = forms
    context["form"] = forms[tool]
    if request.htmx and submitted:
        return render(request, "lexicon/_results.html", {**context, **context["results"]})
    return render(request, "lexicon/lookup.html", context)


# -- staff ----------------------------------------------------------------------------------------------------


def _curate_context(lexicon: Lexicon, page: str | None = None, **forms) -> dict:
    versions = Paginator(selectors.lexicon_versions(lexicon), 25).get_page(page)
    return {
        "lexicon": lexicon,
        "versions": versions,
        "draft": services.open_edit_draft(lexicon),
        "upload_form": forms.get("upload_form") or UploadForm(),
        "edit_form": forms.get("edit_form") or WordEditForm(),
        "definition_form": forms.get("definition_form") or DefinitionForm(),
        "import_form": forms.get("import_form") or DefinitionImportForm(),
        "max_mb": services.max_upload_bytes() // (1024 * 1024),
    }


@staff_required
@require_GET
def curate(request: HttpRequest, lexicon_id: int) -> HttpResponse:
    return render(request, "lexicon/curate.html", _curate_context(_lexicon(lexicon_id), request.GET.get("page")))


def _refuse(form, exc: services.CurationError) -> None:
    form.add_error(None, exc.message)


def _too_large(form) -> None:
    """The file was discarded while arriving (see lexicon.uploads): say why instead of "required"."""
    form.errors.pop("file", None)
    form.add_error("file", _("The file is larger than the limit of %(limit)d MB; nothing was saved.")
                   % {"limit": services.max_upload_bytes() // (1024 * 1024)})


@limit_uploads
@staff_required
@require_POST
def upload(request: HttpRequest, lexicon_id: int) -> HttpResponse:
    lexicon = _lexicon(lexicon_id)
    form = UploadForm(request.POST, request.FILES)
    if upload_too_large(request):
        form.is_valid()
        _too_large(form)
    elif form.is_valid():
        try:
            outcome = services.upload_version(lexicon, form.cleaned_data["file"], user=request.user,
                                              note=form.cleaned_data["note"],
                                              skip_invalid=form.cleaned_data["skip_invalid"],
                                              mode=form.cleaned_data["mode"])
        except services.CurationError as exc:
            _refuse(form, exc)
        else:
            version = outcome.version
            messages.success(request, _("Version %(number)d saved as a draft: read its diff, then publish it.")
                             % {"number": version.number})
            if version.removed_count:
                messages.warning(request, ngettext(
                    "This draft removes %(count)s word from the serving list.",
                    "This draft removes %(count)s words from the serving list.", version.removed_count)
                    % {"count": number_format(version.removed_count, force_grouping=True)})
            return redirect("lexicon-version", lexicon.pk, outcome.version.number)
    return render(request, "lexicon/curate.html", _curate_context(lexicon, upload_form=form), status=400)


@staff_required
@require_POST
def edit_words(request: HttpRequest, lexicon_id: int) -> HttpResponse:
    lexicon = _lexicon(lexicon_id)
    form = WordEditForm(request.POST)
    if form.is_valid():
        try:
            draft = services.edit_words(lexicon, add=split_words(form.cleaned_data["add"]),
                                        remove=split_words(form.cleaned_data["remove"]),
                                        reason=form.cleaned_data["reason"], user=request.user)
        except services.CurationError as exc:
            _refuse(form, exc)
        else:
            messages.success(request, _("Draft version %(number)d updated; publish it when ready.")
                             % {"number": draft.number})
            return redirect("lexicon-version", lexicon.pk, draft.number)
    return render(request, "lexicon/curate.html", _curate_context(lexicon, edit_form=form), status=400)


@staff_required
@require_POST
def edit_definition(request: HttpRequest, lexicon_id: int) -> HttpResponse:
    lexicon = _lexicon(lexicon_id)
    form = DefinitionForm(request.POST)
    if form.is_valid():
        try:
            definition = services.set_definition(lexicon, form.cleaned_data["word"], form.cleaned_data["text"],
                                                 user=request.user)
        except services.CurationError as exc:
            _refuse(form, exc)
        else:
            if definition is None:
                messages.success(request, _("Definition deleted."))
            else:
                messages.success(request, _("Definition of %(word)s saved.") % {"word": definition.word})
            return redirect("lexicon-curate", lexicon.pk)
    return render(request, "lexicon/curate.html", _curate_context(lexicon, definition_form=form), status=400)


@limit_uploads
@staff_required
@require_POST
def import_definitions(request: HttpRequest, lexicon_id: int) -> HttpResponse:
    lexicon = _lexicon(lexicon_id)
    form = DefinitionImportForm(request.POST, request.FILES)
    if upload_too_large(request):
        form.is_valid()
        _too_large(form)
    elif form.is_valid():
        try:
            result = services.import_definitions(lexicon, form.cleaned_data["file"], user=request.user,
                                                 skip_unknown=form.cleaned_data["skip_unknown"])
        except services.CurationError as exc:
            _refuse(form, exc)
        else:
            messages.success(request, _("Definitions imported: %(created)d new, %(updated)d changed, %(unchanged)d "
                                        "unchanged, %(skipped)d unknown words skipped.")
                             % {"created": result.created, "updated": result.updated, "unchanged": result.unchanged,
                                "skipped": len(result.skipped_unknown)})
            return redirect("lexicon-curate", lexicon.pk)
    return render(request, "lexicon/curate.html", _curate_context(lexicon, import_form=form), status=400)


def _state_context(lexicon: Lexicon, version: LexiconVersion, form: PublishForm | None = None,
                   confirmation: services.ConfirmationNeeded | None = None) -> dict:
    """What the state block of a version page shows: state, publish / roll back button, running compile."""
    running = version.state == LexiconVersion.State.COMPILING and services.compile_alive(version.compile_task)
    return {
        "lexicon": lexicon,
        "version": version,
        "publishable": not version.is_serving and not running,
        "discardable": version.state in (LexiconVersion.State.DRAFT, LexiconVersion.State.FAILED)
        and version.published_at is None and not version.is_serving,
        "running_task": version.compile_task if running else None,
        "is_rollback": lexicon.current_version is not None and version.number < lexicon.current_version.number,
        "publish_form": form or PublishForm(),
        "confirmation": confirmation,
    }


def _version_page(request: HttpRequest, lexicon: Lexicon, version: LexiconVersion, status: int = 200,
                  **state) -> HttpResponse:
    diff = selectors.version_diff(version)
    pages = max(1, math.ceil(max(len(diff.added), len(diff.removed)) / PAGE_SIZE))
    page = Paginator(range(pages), 1).get_page(request.GET.get("page"))
    start = (page.number - 1) * PAGE_SIZE
    context = {
        **_state_context(lexicon, version, **state),
        "diff": diff,
        "page": page,
        "added": diff.added[start:start + PAGE_SIZE],
        "removed": diff.removed[start:start + PAGE_SIZE],
        "events": version.events.select_related("actor")[:100],
    }
    return render(request, "lexicon/version.html", context, status=status)


@staff_required
@require_GET
def version_detail(request: HttpRequest, lexicon_id: int, number: int) -> HttpResponse:
    lexicon = _lexicon(lexicon_id)
    return _version_page(request, lexicon, _version(lexicon, number))


@staff_required
@require_POST
def publish(request: HtmxHttpRequest, lexicon_id: int, number: int) -> HttpResponse:
    """Publish (or roll back to) a version. A rollback needs its reason; a version removing more than 1 % of
    the serving words comes back with the counts and a confirmation button (409) instead of starting."""
    lexicon = _lexicon(lexicon_id)
    version = _version(lexicon, number)
    form = PublishForm(request.POST)
    if not form.is_valid():
        message = " ".join(str(e) for errors in form.errors.values() for e in errors)
        if request.htmx:
            return render(request, "lexicon/_publish_error.html", {"message": message}, status=400)
        messages.error(request, message)
        return redirect("lexicon-version", lexicon.pk, number)
    try:
        run = services.publish_version(version, user=request.user, confirm=form.cleaned_data["confirm"],
                                       reason=form.cleaned_data["reason"])
    except services.ConfirmationNeeded as exc:
        context = _state_context(lexicon, version, form=form, confirmation=exc)
        if request.htmx:
            return render(request, "lexicon/_publish_confirm.html", context, status=409)
        return _version_page(request, lexicon, version, status=409, form=form, confirmation=exc)
    except services.CurationError as exc:
        if request.htmx:
            return render(request, "lexicon/_publish_error.html", {"message": exc.message}, status=400)
        messages.error(request, exc.message)
        return redirect("lexicon-version", lexicon.pk, number)
    if request.htmx:
        response = render(request, "lexicon/_publishing.html", {"run": run, "lexicon": lexicon, "version": version,
                                                                  "replace_messages": True})
        if run.is_finished:  # already done (inline tasks): refresh the state block now, nothing will poll
            response["HX-Trigger"] = "taskFinished"
        return response
    messages.info(request, _("Publication started; the current version keeps serving until it is done."))
    return redirect("lexicon-version", lexicon.pk, number)


@staff_required
@require_POST
def discard(request: HttpRequest, lexicon_id: int, number: int) -> HttpResponse:
    """Discard a draft version (the page's button sits behind a disclosure that says what it does)."""
    lexicon = _lexicon(lexicon_id)
    try:
        services.discard_version(_version(lexicon, number), user=request.user)
    except services.CurationError as exc:
        messages.error(request, exc.message)
        return redirect("lexicon-version", lexicon.pk, number)
    messages.success(request, _("Draft version %(number)d discarded.") % {"number": number})
    return redirect("lexicon-curate", lexicon.pk)


@staff_required
@require_GET
def version_status(request: HttpRequest, lexicon_id: int, number: int) -> HttpResponse:
    """The state block of a version page (refreshed by htmx when the publication task finishes)."""
    lexicon = _lexicon(lexicon_id)
    version = _version(lexicon, number)
    context = _state_context(lexicon, version)
    # once published, the page's message says so (it said the publication had started)
    context["published_message"] = getattr(request, "htmx", False) and version.pk == lexicon.current_version_id
    return render(request, "lexicon/_version_state.html", context)


@staff_required
@require_GET
def audit(request: HttpRequest, lexicon_id: int) -> HttpResponse:
    lexicon = _lexicon(lexicon_id)
    page = Paginator(selectors.lexicon_events(lexicon), 50).get_page(request.GET.get("page"))
    return render(request, "lexicon/audit.html", {"lexicon": lexicon, "page": page,
                                                  "api_url": reverse("api-lexicon-audit", args=[lexicon.pk])})
