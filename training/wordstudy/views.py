"""Word-study pages (htmx): choose a quiz, word wall, flash mode, results, card box, daily challenge.

Thin: every rule is in :mod:`.services`, every read in :mod:`.selectors`; the REST API is the other face.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.selectors import profile_of
from core.arrival import arrived_at
from core.http import HtmxHttpRequest
from lexicon.models import Lexicon
from lexicon.selectors import request_lexicon
from training.lists.selectors import lists_of
from training.wordstudy import indexes, selectors, services
from training.wordstudy.forms import QuizForm
from training.wordstudy.models import Quiz

WALL_DEFAULT_SECONDS = 300


def _lexicons() -> list[Lexicon]:
    return list(Lexicon.objects.order_by("name"))


def _preferred_lexicon(request: HttpRequest) -> Lexicon | None:
    value = request.GET.get("lexicon") or request.POST.get("lexicon")
    if value:
        try:
            return services.resolve_lexicon(value)
        except services.QuizError:
            raise Http404(_("No such lexicon.")) from None
    return request_lexicon(request)


def _home_context(request: HttpRequest, form: QuizForm, ranking_run: Any = None) -> dict[str, Any]:
    return {"form": form, "lexicons": _lexicons(), "box": selectors.card_box(request.user),
            "recent": list(selectors.quizzes_of(request.user)[:8]), "ranking_run": ranking_run,
            "lists": list(lists_of(request.user)[:100]), "kinds": Quiz.Kind.choices, "modes": Quiz.Mode.choices}


@login_required
def home(request: HttpRequest) -> HttpResponse:
    """Choose a quiz (ranks, or a revision list, or due cards); recent quizzes; links to the card box and challenge."""
    lexicon = _preferred_lexicon(request) if request.method == "GET" else None
    if request.method != "POST":
        if lexicon is not None and lexicon.words_file:  # ready before the learner starts a quiz
            indexes.warm_up(lexicon.content_hash, lexicon.language, words_file=lexicon.words_file.name)
        form = QuizForm(initial={"lexicon": lexicon.pk} if lexicon else None)
        return render(request, "training/wordstudy/home.html", _home_context(request, form))
    form = QuizForm(request.POST)
    if not form.is_valid():
        return render(request, "training/wordstudy/home.html", _home_context(request, form), status=400)
    data = form.cleaned_data
    quiz_request = services.QuizRequest(
        lexicon=data["lexicon"].pk, kind=data["kind"], length=data["length"], rank_from=data["rank_from"],
        rank_to=data["rank_to"], blanks=data["blanks"], mode=data["mode"], order=data["order"],
        time_limit=data["minutes"] * 60 if data["mode"] == Quiz.Mode.WALL else None)
    try:
        quiz = services.create_quiz(request.user, quiz_request)
    except services.PlayabilityNotReady as exc:
        form.add_error(None, _("The playability of this lexicon's alphagrams is being computed (Tirage plays "
                               "%(games)s duplicate games, a minute or two): start the quiz again once the bar is "
                               "full.") % {"games": number_format(exc.playability.games, force_grouping=True)})
        return render(request, "training/wordstudy/home.html",
                      _home_context(request, form, exc.ranking.task_run), status=409)
    except services.RanksNotReady as exc:
        form.add_error(None, _("The probability ranks of this lexicon are being computed: start the quiz again "
                               "once the bar is full."))
        return render(request, "training/wordstudy/home.html",
                      _home_context(request, form, exc.ranking.task_run), status=409)
    except services.QuizError as exc:
        form.add_error(None, str(exc))
        return render(request, "training/wordstudy/home.html", _home_context(request, form), status=400)
    return redirect("wordstudy:quiz", quiz.pk)


def _go(quiz: Quiz) -> HttpResponse:
    if quiz.finished_at is not None:
        return redirect("wordstudy:results", quiz.pk)
    return redirect("wordstudy:flash" if quiz.mode == Quiz.Mode.FLASH else "wordstudy:wall", quiz.pk)


@login_required
def quiz(request: HttpRequest, quiz_id: int) -> HttpResponse:
    return _go(services.get_own_quiz(request.user, quiz_id))


def _wall_context(quiz: Quiz, **extra: Any) -> dict[str, Any]:
    questions = selectors.questions_of(quiz)
    limit = services.deadline(quiz)
    return {"quiz": quiz, "questions": questions, "score": selectors.score_of(quiz, questions),
            "deadline": limit.isoformat() if limit else "", "grace": services.GRACE_SECONDS,
            "time_left": services.seconds_left(quiz), **extra}


def _wall_note_key(quiz: Quiz) -> str:
    return f"wordstudy.wall-note.{quiz.pk}"


def _wall_reply(request: HtmxHttpRequest, quiz: Quiz, context: dict[str, Any], status: int = 200) -> HttpResponse:
    """The board after a guess: swapped in by htmx, or, for a form sent by the browser itself (no script yet,
    or none at all), kept in the session for the wall the browser is sent back to (post, redirect, get)."""
    if request.htmx:
        return render(request, "training/wordstudy/_wall_board.html", context, status=status)
    request.session[_wall_note_key(quiz)] = {key: context[key] for key in ("message", "message_kind", "found_ids")
                                            if key in context}
    return redirect("wordstudy:wall", quiz.pk)


def _wall_closed(request: HtmxHttpRequest, quiz: Quiz) -> HttpResponse:
    """The quiz is over (time out, every answer found): on to the results, with htmx or without."""
    if not request.htmx:
        return redirect("wordstudy:results", quiz.pk)
    response = HttpResponse(status=204)
    response["HX-Redirect"] = reverse("wordstudy:results", args=[quiz.pk])
    return response


@login_required
def wall(request: HtmxHttpRequest, quiz_id: int) -> HttpResponse:
    """Every question on one page; answers typed in one box, in any order; a timer; Finish shows what was missed.
    The last guess's message, when the form was sent without htmx, comes from the session (once)."""
    quiz = services.get_own_quiz(request.user, quiz_id)
    if quiz.finished_at is not None:
        return redirect("wordstudy:results", quiz.pk)
    note = request.session.pop(_wall_note_key(quiz), None) if request.method == "GET" else None
    return render(request, "training/wordstudy/wall.html", _wall_context(quiz, **(note or {})))


@login_required
@require_POST
def wall_guess(request: HtmxHttpRequest, quiz_id: int) -> HttpResponse:
    """One typed word: with htmx the board comes back; sent by the browser itself (a fast player pressing Enter
    before the scripts are ready, or no scripts), the word counts all the same and the wall is shown again."""
    quiz = services.get_own_quiz(request.user, quiz_id)
    try:
        guess = services.wall_guess(quiz, request.user, request.POST.get("word", ""))
    except services.QuizClosed:
        return _wall_closed(request, quiz)
    except services.QuizError as exc:  # refused in words, on the board (htmx swaps 4xx answers too)
        return _wall_reply(request, quiz, _wall_context(quiz, message=str(exc), message_kind="error"), status=400)
    quiz.refresh_from_db()
    if quiz.finished_at is not None:
        return _wall_closed(request, quiz)
    if guess.questions:
        message, kind = _("%(word)s: found!") % {"word": guess.word}, "ok"
    elif guess.already:
        message, kind = _("%(word)s: already found.") % {"word": guess.word}, "info"
    else:
        message, kind = _("%(word)s: not an answer.") % {"word": guess.word}, "error"
    found_ids = [q.pk for q in guess.questions]
    return _wall_reply(request, quiz, _wall_context(quiz, message=message, message_kind=kind, found_ids=found_ids))


@login_required
def flash(request: HttpRequest, quiz_id: int) -> HttpResponse:
    """One question at a time: answer, see the verdict, go on. Showing a card starts its answer time (the
    passing time, when the learner set one)."""
    quiz = services.get_own_quiz(request.user, quiz_id)
    question = services.next_question(quiz)
    if question is None:
        if quiz.finished_at is None:
            services.finish_quiz(quiz)
        return redirect("wordstudy:results", quiz.pk)
    questions = selectors.questions_of(quiz)
    return render(request, "training/wordstudy/flash.html",
                  {"quiz": quiz, "question": question, "position": question.order + 1, "total": len(questions),
                   "deadline": ""})


@login_required
@require_POST
def answer(request: HttpRequest, quiz_id: int, question_id: int) -> HttpResponse:
    """A final answer to one question (flash mode, and the valid-or-not buttons of a word wall)."""
    quiz = services.get_own_quiz(request.user, quiz_id)
    answers = request.POST.getlist("answer") or request.POST.get("answers", "")
    if quiz.kind == Quiz.Kind.HOOKS and ("front" in request.POST or "back" in request.POST):
        # Hooks answered as letters in two fields: "B·" for each letter in front, "·S" after.
        front, back = request.POST.get("front", "").strip(), request.POST.get("back", "").strip()
        answers = [*([f"{front}·"] if front else []), *([f"·{back}"] if back else []),
                   *(answers.split() if isinstance(answers, str) else answers)]
    try:
        outcome = services.submit_answers(quiz, request.user, question_id, answers, final=True,
                                          arrived_at=arrived_at(request))
    except services.QuizClosed:
        return redirect("wordstudy:results", quiz.pk)
    except services.QuizError as exc:
        messages.error(request, str(exc))
        return _go(quiz)
    quiz.refresh_from_db()
    if request.POST.get("from") == "wall":
        if quiz.finished_at is not None:
            return redirect("wordstudy:results", quiz.pk)
        return redirect("wordstudy:wall", quiz.pk)
    questions = selectors.questions_of(quiz)
    return render(request, "training/wordstudy/flash.html",
                  {"quiz": quiz, "question": outcome.question, "outcome": outcome, "total": len(questions),
                   "position": outcome.question.order + 1, "finished": quiz.finished_at is not None})


@login_required
@require_POST
def finish(request: HttpRequest, quiz_id: int) -> HttpResponse:
    services.finish_quiz(services.get_own_quiz(request.user, quiz_id))
    return redirect("wordstudy:results", quiz_id)


@login_required
def results(request: HttpRequest, quiz_id: int) -> HttpResponse:
    """What was found, missed (shown in full) and wrong, question by question."""
    quiz = services.get_own_quiz(request.user, quiz_id)
    if quiz.finished_at is None:
        return _go(quiz)
    questions = selectors.questions_of(quiz)
    return render(request, "training/wordstudy/results.html",
                  {"quiz": quiz, "questions": questions, "score": selectors.score_of(quiz, questions),
                   "playability_games": selectors.playability_games(quiz)})


@login_required
def cards(request: HttpRequest) -> HttpResponse:
    """The card box: how many alphagrams in each FSRS state, the ones due now (read at the same moment as the
    box), a quiz on them, when the next one is due, the learner's passing time."""
    box = selectors.card_box(request.user)
    due = list(selectors.due_cards(request.user, now=box.now)[:100])
    return render(request, "training/wordstudy/cards.html",
                  {"box": box, "due": due, "lexicons": _lexicons(),
                   "passing_seconds": profile_of(request.user).passing_seconds})


@login_required
@require_POST
def due_quiz(request: HttpRequest) -> HttpResponse:
    quiz_request = services.QuizRequest(due=True, lexicon=request.POST.get("lexicon") or None,
                                        kind=request.POST.get("kind") or None,
                                        mode=request.POST.get("mode") or Quiz.Mode.FLASH)
    try:
        quiz = services.create_quiz(request.user, quiz_request)
    except services.QuizError as exc:
        messages.error(request, str(exc))
        return redirect("wordstudy:cards")
    return redirect("wordstudy:quiz", quiz.pk)


@login_required
@require_POST
def list_quiz(request: HttpRequest, list_id: int | None = None) -> HttpResponse:
    """A quiz on the alphagrams of one of the learner's revision lists (``list`` in the form, or in the URL)."""
    chosen = list_id if list_id is not None else request.POST.get("list")
    mode = request.POST.get("mode") or Quiz.Mode.WALL
    quiz_request = services.QuizRequest(list_id=chosen, kind=request.POST.get("kind") or None, mode=mode,
                                        time_limit=WALL_DEFAULT_SECONDS if mode == Quiz.Mode.WALL else None)
    try:
        quiz = services.create_quiz(request.user, quiz_request)
    except services.QuizError as exc:
        messages.error(request, str(exc))
        return redirect("wordstudy:home")
    return redirect("wordstudy:quiz", quiz.pk)


@login_required
def challenge(request: HttpRequest) -> HttpResponse:
    """Today's challenge of a lexicon: start your one try, or see your result; the ranking."""
    lexicon = _preferred_lexicon(request)
    context: dict[str, Any] = {"lexicon": lexicon, "lexicons": _lexicons()}
    if lexicon is not None:
        try:
            today = services.challenge_for(lexicon, user=request.user)
        except services.RanksNotReady as exc:
            context["ranking_run"] = exc.ranking.task_run
        except services.QuizError as exc:
            context["error"] = str(exc)
        else:
            mine = selectors.own_try(request.user, today)
            if mine is not None:
                services.close_if_expired(mine)
                mine.refresh_from_db()
            context.update(challenge=today, mine=mine, standings=services.challenge_ranking(today),
                           minutes=today.time_limit // 60)
    return render(request, "training/wordstudy/challenge.html", context)


@login_required
@require_POST
def challenge_start(request: HttpRequest) -> HttpResponse:
    lexicon = _preferred_lexicon(request)
    if lexicon is None:
        raise Http404(_("No lexicon."))
    try:
        today = services.challenge_for(lexicon, user=request.user)
        quiz = services.start_challenge(request.user, today)
    except services.ChallengeTaken as exc:
        messages.info(request, str(exc))
        return redirect("wordstudy:quiz", exc.quiz.pk)
    except (services.QuizError, services.RanksNotReady):
        return redirect(f"{reverse('wordstudy:challenge')}?lexicon={lexicon.pk}")
    return redirect("wordstudy:wall", quiz.pk)
