"""axe-core over every page of the site, in Debian's Chromium, in French, at 1280 and 390 px: no violation
of any impact (WCAG 2.0, 2.1 and 2.2, levels A and AA, with ``target-size`` and ``label-content-name-mismatch``),
no id that a label or an ARIA attribute points to found twice on a page, and no sideways scrolling of the page.

Every page is shown with content: the test builds it first, in the test database, with the services the pages
use (a lexicon made of the words shipped with the tests, games made by the real tasks, in-process here):
revision lists, a training grid, duplicate games (being made, in progress, finished), a live room and its
projector, a simultané, word-study quizzes, a crossword, a lab comparison, Jarnac games, the coach's drill and
puzzles, a lexicon with a draft version, and the Django admin. Pages are read logged out (an anonymous
visitor), as a learner and as staff (the lexicon's curation pages, the admin). The server is Daphne (HTTP and
WebSockets), so a live room shows its rack and bulletin as a player sees them.

"Every page" stays true: ``test_every_page_url_is_visited_or_set_aside`` fails when a URL name appears in
``config/urls.py`` that is neither visited here (``VISITED``) nor set aside with its reason (``NOT_PAGES``:
fragments swapped in by htmx, form targets that only take POST, downloads); the browser test checks that
what it visits is ``VISITED``, no less. The API, the language switcher and the admin (sampled: its index, a
change list, a change form, its log-in page) are outside that count.

On a failure the message lists each page's violations (rule, impact, the nodes' selectors and what to fix);
the same report goes to ``artifacts/axe/report.txt``.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from tests.browser_support import BROWSER_MARKS, artifacts_dir, format_axe, launch_context, new_page, run_axe
from tests.training.rooms.test_browser import daphne_url  # noqa: F401 - the fixture (HTTP + WebSockets)

WIDTHS = {1280: 900, 390: 844}
# A live room is drawn by its socket's first state: the round's line (its rack too while the round is open: the
# round of 5 minutes may close on a slow machine before the last visit, the page is then checked between rounds).
ROOM_READY = "#round-line:not(:empty)"
PASSWORD = "Scrabble-2026-ok"
ARTIFACTS = artifacts_dir("axe")

# URL names the browser test visits (some through a redirect: the page they lead to is the one checked).
VISITED = {
    # core, accounts
    "home", "login", "signup", "password_reset", "password_reset_done", "password_reset_confirm",
    "password_reset_complete", "account", "password_change", "password_change_done",
    # lexicons
    "lexicon-index", "lexicon-lookup", "lexicon-curate", "lexicon-audit", "lexicon-version",
    # training: dashboard, lists, grids
    "training:dashboard", "training:lists", "training:list", "training:shared-list", "training:grid",
    "training:situation",
    # duplicate
    "training:duplicate", "training:duplicate-today", "training:duplicate-import", "training:duplicate-join",
    "training:duplicate-game", "training:duplicate-result", "training:duplicate-ranking",
    "training:duplicate-review", "training:duplicate-sheet",
    # rooms and simultanés
    "training:rooms", "training:room", "training:room-projector", "training:simultanes", "training:simultane",
    # coach
    "training:coach", "training:coach-drill", "training:coach-puzzle",
    # word study
    "wordstudy:home", "wordstudy:quiz", "wordstudy:wall", "wordstudy:flash", "wordstudy:results",
    "wordstudy:cards", "wordstudy:challenge",
    # puzzles
    "puzzles:crosswords", "puzzles:daily", "puzzles:crossword", "puzzles:lab", "puzzles:lab-comparison",
    "puzzles:jarnac", "puzzles:jarnac-game",
}

# URL names that are not pages, with the reason (htmx fragments, POST-only form targets, downloads).
FRAGMENT = "an htmx fragment swapped into its page (checked there)"
POST_ONLY = "a form's target: POST only, answers with a redirect or a fragment"
DOWNLOAD = "a text file to download, not a page"
NOT_PAGES = {
    "healthz": "JSON for the load balancer",
    "task-progress": FRAGMENT, "task-ping": POST_ONLY,
    "signup-username-check": FRAGMENT,
    "logout": POST_ONLY,
    "lexicon-upload": POST_ONLY, "lexicon-edit-words": POST_ONLY, "lexicon-edit-definition": POST_ONLY,
    "lexicon-import-definitions": POST_ONLY, "lexicon-publish": POST_ONLY, "lexicon-discard": POST_ONLY,
    "lexicon-version-state": FRAGMENT,
    "training:starter-grid": POST_ONLY, "training:grid-start": POST_ONLY, "training:due-grid-start": POST_ONLY,
    "training:grid-body": FRAGMENT, "training:grid-reveal": POST_ONLY, "training:situation-answer": POST_ONLY,
    "training:list-edit": POST_ONLY, "training:list-delete": POST_ONLY, "training:list-copy": POST_ONLY,
    "training:list-share": POST_ONLY, "training:list-export": DOWNLOAD, "training:list-import": POST_ONLY,
    "training:shared-list-copy": POST_ONLY, "training:shared-list-export": DOWNLOAD,
    "training:word-add": POST_ONLY, "training:words-bulk": POST_ONLY, "training:supports": FRAGMENT,
    "training:word-support": POST_ONLY, "training:word-delete": POST_ONLY,
    "training:duplicate-making": "the making page's poll target (204 and HX-Redirect)",
    "training:duplicate-play": POST_ONLY, "training:duplicate-validate": POST_ONLY,
    "training:duplicate-missed": POST_ONLY, "training:duplicate-share": POST_ONLY,
    "training:coach-drill-new": POST_ONLY, "training:coach-hint": POST_ONLY, "training:coach-answer": POST_ONLY,
    "wordstudy:wall-guess": POST_ONLY, "wordstudy:answer": POST_ONLY, "wordstudy:finish": POST_ONLY,
    "wordstudy:due-quiz": POST_ONLY, "wordstudy:list-quiz": POST_ONLY, "wordstudy:list-quiz-any": POST_ONLY,
    "wordstudy:challenge-start": POST_ONLY,
    "puzzles:crossword-body": FRAGMENT, "puzzles:crossword-delete": POST_ONLY,
    "puzzles:lab-comparison-body": FRAGMENT,
    "puzzles:jarnac-move": POST_ONLY,
    "puzzles:jarnac-review": POST_ONLY + " (the review is the finished game's page, visited)",
}
# Outside the count: the API (JSON), the language switcher (POST), the admin (Django's, sampled below).
SET_ASIDE_PREFIXES = ("api/", "i18n/", "admin/")
ADMIN_PAGES = {"admin:login", "admin:index", "admin:training_duplicategame_changelist",
               "admin:training_duplicategame_change"}


def site_url_names() -> dict[str, str]:
    """Every named URL of ``config/urls.py`` outside the API, the language switcher and the admin: name -> route.
    An unnamed one is reported as ``<unnamed>`` (it could not be listed as visited)."""
    from django.urls import URLResolver, get_resolver

    found: dict[str, str] = {}

    def walk(patterns, namespace: str, prefix: str) -> None:
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if route.startswith(SET_ASIDE_PREFIXES):
                continue
            if isinstance(pattern, URLResolver):
                inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
                walk(pattern.url_patterns, inner, route)
            else:
                found[f"{namespace}{pattern.name}" if pattern.name else f"<unnamed> {route}"] = route

    walk(get_resolver().url_patterns, "", "")
    return found


def test_every_page_url_is_visited_or_set_aside():
    names = site_url_names()
    new = sorted(set(names) - VISITED - set(NOT_PAGES))
    assert new == [], ("URLs the axe test neither visits nor sets aside (add a visit in build_site, or a reason "
                       f"in NOT_PAGES): {[(n, names[n]) for n in new]}")
    assert sorted((VISITED | set(NOT_PAGES)) - set(names)) == [], "names listed here that config/urls.py lost"
    assert VISITED.isdisjoint(NOT_PAGES)


# --- The content every page needs ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Visit:
    role: str  # "anon", "learner" or "staff"
    path: str
    label: str
    ready: str = ""  # a selector to wait for before axe runs (content drawn by a script or a socket)
    click: str = ""  # a button to press first, when it is shown (the folded menu of a phone)
    fill: tuple[tuple[str, str], ...] = ()  # fields to fill, then ``click`` sends the form (its errors checked)
    status: int = 200  # the page's HTTP status (404: the error page)


def build_site(tmp_path, django_user_model) -> list[Visit]:
    """Users, a lexicon and everything the pages show; the pages to visit, in order."""
    from django.contrib.auth.tokens import default_token_generator
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    from core.models import TaskRun
    from lexicon import services as lexicon_services
    from puzzles.crosswords import services as crossword_services
    from puzzles.crosswords.models import Crossword
    from puzzles.jarnac import services as jarnac_services
    from puzzles.jarnac.models import JarnacGame
    from puzzles.lab import services as lab_services
    from puzzles.lab.models import FillComparison
    from tests.support import french_dict_words, write_words
    from tests.training.coach.support import finished_games
    from training.coach import services as coach_services
    from training.duplicate import services as duplicate_services
    from training.duplicate.models import DuplicateGame
    from training.grids import services as grid_services
    from training.grids.models import TrainingGrid
    from training.lists import services as list_services
    from training.rooms import services as room_services
    from training.rooms import simultaneous
    from training.wordstudy import services as ws
    from training.wordstudy.ranking import ensure_ranking

    learner = django_user_model.objects.create_user("lea", password=PASSWORD, email="lea@example.org")
    staff = django_user_model.objects.create_user("dominique", password=PASSWORD, is_staff=True, is_superuser=True)
    bruno = django_user_model.objects.create_user("bruno", password=PASSWORD, email="bruno@example.org")
    lexicon = lexicon_services.import_word_list(write_words(tmp_path / "fr.txt", french_dict_words(8)),
                                                name="fr8", language="fr").lexicon
    draft = lexicon_services.edit_words(lexicon, add=["ZOUBIDA"], remove=["CHAT"], reason="test", user=staff)
    lexicon_services.set_definition(lexicon, "CHAT", "Petit félin domestique.", user=staff)

    # Lists and a training grid.
    words = list_services.create_list(learner, lexicon, "Mes 7 et 8", description="Pour le club")
    list_services.add_words_bulk(words, "TISANES\nBACCARAT:T\nPRIVATIF 5\nETRANGES\nGRENATS")
    token = list_services.share_list(words)
    grid = grid_services.start_list_grid(learner, words)
    grid = TrainingGrid.objects.get(pk=grid.pk)
    assert grid.status == TrainingGrid.Status.DONE, grid.error
    situation = grid.situations.order_by("order").first()

    # Duplicate: two finished games (the coach reads them), one in progress, one being made, the day's game.
    played = finished_games(learner, lexicon, seeds=(3, 4), habit="no_collante")
    done = played[-1].game
    duplicate_services.share(done, learner, DuplicateGame.Visibility.LINK)
    done.refresh_from_db()
    running = duplicate_services.start_game(learner, lexicon, seed=5, timer_seconds=300)
    player = duplicate_services.join(running, learner)
    top = running.rounds.get(number=1).top
    duplicate_services.validate_round(player, round_number=1, word=top["word"], coord=top["coord"])
    making = duplicate_services.start_game(learner, lexicon, seed=6, timer_seconds=None)
    DuplicateGame.objects.filter(pk=making.pk).update(status=DuplicateGame.Status.RUNNING)
    TaskRun.objects.filter(pk=making.task_run_id).update(state=TaskRun.State.RUNNING, progress=40,
                                                         finished_at=None)
    duplicate_services.game_of_the_day(lexicon)

    # The coach: a drill of the rounds missed, one puzzle answered.
    drill = coach_services.create_drill(learner, "collante", 2).drill
    items = list(drill.items.order_by("order"))
    answered = items[-1].puzzle
    coach_services.answer(learner, answered, answered.top["word"], answered.top["coord"])
    open_puzzle = items[0].puzzle

    # A live room playing (lea hosts, dominique and bruno play), a simultané.
    room = room_services.create_room(learner, "Club du jeudi", lexicon, seed=7, timer_seconds=300,
                                     pause_seconds=10, solo_min_players=2)
    room_services.join(staff, room.code, "player")
    room_services.join(bruno, room.code, "player")
    room_services.start(room, learner)
    simultane = simultaneous.create_simultane(learner, "Simultané du jeudi", lexicon, seed=8,
                                              rooms=["Salle de Léa"])

    # Word study: a wall in progress, a flash card, a finished quiz, the day's challenge.
    ensure_ranking(lexicon)
    wall = ws.create_quiz(learner, ws.QuizRequest(lexicon=lexicon.pk, kind="anagrams", length=7, rank_from=1,
                                                  rank_to=12, mode="wall", time_limit=600))
    first = wall.questions.order_by("order").first()
    ws.wall_guess(wall, learner, first.answers[0])
    flash = ws.create_quiz(learner, ws.QuizRequest(lexicon=lexicon.pk, kind="anagrams", length=6, rank_from=1,
                                                   rank_to=3, mode="flash"))
    finished = ws.create_quiz(learner, ws.QuizRequest(lexicon=lexicon.pk, kind="hooks", length=4, rank_from=1,
                                                      rank_to=4, mode="flash"))
    question = ws.next_question(finished)
    ws.submit_answers(finished, learner, question.pk, question.answers[:1], final=True)
    ws.finish_quiz(finished)
    ws.challenge_for(lexicon, user=learner)

    # Puzzles: a crossword, the day's, a lab comparison, Jarnac games (one going on, one over).
    crossword = crossword_services.start_crossword(learner, lexicon, 7, "fr", seed=11)
    crossword = Crossword.objects.get(pk=crossword.pk)
    assert crossword.status == Crossword.Status.DONE, crossword.error
    for _attempt in range(crossword_services.MAX_ATTEMPTS):  # a failed grid of the day: the next seed, as the page does
        daily = crossword_services.daily_crossword(lexicon)
        if daily.is_ready:
            break
    assert daily.is_ready, daily.error
    comparison = lab_services.start_comparison(learner, lexicon, "...../.#.#./...../.#.#./.....", "fr",
                                               algorithms=["fc", "mac"], seeds=1, time_limit=5.0)
    comparison = FillComparison.objects.get(pk=comparison.pk)
    assert comparison.status == FillComparison.Status.DONE, comparison.error
    jarnac_services.forget_trees()
    jarnac = jarnac_services.start_game(learner, lexicon, "medium", seed="axe")
    jarnac_services.play(jarnac, learner, "draw")
    over = jarnac_services.start_game(learner, lexicon, "easy", seed="axe-over")
    JarnacGame.objects.filter(pk=over.pk).update(status=JarnacGame.Status.OVER, winner="opponent",
                                                 missed=[{"word": "RATS", "base": "RAT", "turn": 3}])

    # bruno's link (never logged in here: a log-in changes last_login, which the token hashes)
    uid = urlsafe_base64_encode(force_bytes(bruno.pk))
    reset_token = default_token_generator.make_token(bruno)
    games_url = "/training/duplicate"
    lex = f"/lexicons/{lexicon.pk}"
    anon = [
        Visit("anon", "/", "home, logged out"),
        Visit("anon", "/accounts/login/", "log in"),
        Visit("anon", "/accounts/login/", "log in refused", fill=(("#id_username", "lea"), ("#id_password", "wrong")),
              click="main form button[type=submit]"),
        Visit("anon", "/accounts/signup/", "sign up"),
        Visit("anon", "/accounts/signup/", "sign up refused", fill=(("#id_username", "lea"), ("#id_password1", "abc"),
                                                                   ("#id_password2", "abd")),
              click="main form button[type=submit]"),
        Visit("anon", "/accounts/password_reset/", "password reset"),
        Visit("anon", "/accounts/password_reset/done/", "password reset sent"),
        Visit("anon", f"/accounts/reset/{uid}/{reset_token}/", "new password (link of the e-mail)"),
        Visit("anon", "/accounts/reset/done/", "password reset done"),
        Visit("anon", "/lexicons/", "lexicons, logged out"),
        Visit("anon", f"{lex}/?tool=anagrams&letters=enier", "lookup: anagrams, logged out"),
        Visit("anon", "/admin/login/", "admin log in"),
        Visit("anon", "/no-such-page/", "page not found", status=404),
    ]
    mine = [
        Visit("learner", "/", "home, logged in"),
        Visit("learner", "/", "home, the menu unfolded (on a phone)", click=".nav-toggle"),
        Visit("learner", "/accounts/", "account"),
        Visit("learner", "/training/lists/999999/", "page not found, logged in", status=404),
        Visit("learner", "/accounts/password_change/", "password change"),
        Visit("learner", "/accounts/password_change/done/", "password changed"),
        Visit("learner", "/lexicons/", "lexicons"),
        Visit("learner", f"{lex}/", "lookup: check"),
        Visit("learner", f"{lex}/?tool=check&words=chat+zzz+tisanes", "lookup: check, with results"),
        Visit("learner", f"{lex}/?tool=hooks&word=chat", "lookup: hooks"),
        Visit("learner", f"{lex}/?tool=pattern&q=CH.T", "lookup: pattern"),
        Visit("learner", "/training/", "training dashboard"),
        Visit("learner", "/training/lists/", "revision lists"),
        Visit("learner", f"/training/lists/{words.pk}/", "a revision list"),
        Visit("learner", f"/training/shared/{token}/", "a shared list"),
        Visit("learner", f"/training/grids/{grid.pk}/", "a training grid"),
        Visit("learner", f"/training/situations/{situation.pk}/", "a situation", ".scrabble-board"),
        Visit("learner", f"{games_url}/", "duplicate games"),
        Visit("learner", f"{games_url}/import/", "import a game"),
        Visit("learner", f"{games_url}/{making.pk}/", "a game being made"),
        Visit("learner", f"{games_url}/{running.pk}/", "a game in progress: round 2", "#dup-board"),
        Visit("learner", f"{games_url}/{running.pk}/rounds/1/", "result of a round"),
        Visit("learner", f"{games_url}/{running.pk}/ranking/", "ranking, game in progress"),
        Visit("learner", f"{games_url}/{done.pk}/", "a finished game"),
        Visit("learner", f"{games_url}/{done.pk}/rounds/2/", "result of a round, finished game"),
        Visit("learner", f"{games_url}/{done.pk}/ranking/", "ranking"),
        Visit("learner", f"{games_url}/{done.pk}/review/", "review (with the missed tops)"),
        Visit("learner", f"{games_url}/{done.pk}/sheet/", "game sheet"),
        Visit("learner", f"{games_url}/today/", "the game of the day", "#dup-board"),
        Visit("learner", "/training/rooms/", "rooms"),
        Visit("learner", f"/training/rooms/{room.pk}/", "a live room: the host", ROOM_READY),
        Visit("learner", f"/training/rooms/{room.pk}/projector/", "the room's projector", ROOM_READY),
        Visit("learner", "/training/rooms/simultanes/", "simultanés"),
        Visit("learner", f"/training/rooms/simultanes/{simultane.pk}/", "a simultané"),
        Visit("learner", "/training/coach/", "the coach"),
        Visit("learner", f"/training/coach/drills/{drill.pk}/", "a drill"),
        Visit("learner", f"/training/coach/puzzles/{open_puzzle.pk}/", "a puzzle", "#dup-board"),
        Visit("learner", f"/training/coach/puzzles/{answered.pk}/", "a puzzle answered"),
        Visit("learner", "/wordstudy/", "word study"),
        Visit("learner", f"/wordstudy/quizzes/{wall.pk}/", "a word wall", "#guess"),
        Visit("learner", f"/wordstudy/quizzes/{wall.pk}/wall/", "a word wall (its own address)", "#guess"),
        Visit("learner", f"/wordstudy/quizzes/{flash.pk}/flash/", "a flash card"),
        Visit("learner", f"/wordstudy/quizzes/{finished.pk}/results/", "quiz results"),
        Visit("learner", "/wordstudy/cards/", "card box"),
        Visit("learner", f"/wordstudy/challenge/?lexicon={lexicon.pk}", "the day's challenge"),
        Visit("learner", "/puzzles/crosswords/", "crosswords"),
        Visit("learner", f"/puzzles/crosswords/{crossword.pk}/", "a crossword", ".xw-grid"),
        Visit("learner", "/puzzles/crosswords/daily/", "the day's crossword", ".xw-grid"),
        Visit("learner", "/puzzles/lab/", "crossword lab"),
        Visit("learner", f"/puzzles/lab/comparisons/{comparison.pk}/", "a lab comparison"),
        Visit("learner", "/puzzles/jarnac/", "Jarnac games"),
        Visit("learner", f"/puzzles/jarnac/{jarnac.pk}/", "a Jarnac game"),
        Visit("learner", f"/puzzles/jarnac/{jarnac.pk}/?hint=1", "a Jarnac game with a hint"),
        Visit("learner", f"/puzzles/jarnac/{over.pk}/", "a Jarnac game over: its review"),
    ]
    staff_pages = [
        Visit("staff", "/", "home, staff"),
        Visit("staff", f"{lex}/curate/", "curate a lexicon"),
        Visit("staff", f"{lex}/audit/", "a lexicon's audit"),
        Visit("staff", f"{lex}/versions/1/", "a lexicon version (serving)"),
        Visit("staff", f"{lex}/versions/{draft.number}/", "a lexicon version (draft, with its diff)"),
        Visit("staff", f"{games_url}/join/{done.share_token}/", "a shared game, joined by its link", "#dup-board"),
        Visit("staff", f"/training/rooms/{room.pk}/", "a live room: a player", ROOM_READY),
        Visit("staff", "/admin/", "admin"),
        Visit("staff", "/admin/training/duplicategame/", "admin: duplicate games"),
        Visit("staff", f"/admin/training/duplicategame/{done.pk}/change/", "admin: a duplicate game"),
    ]
    return anon + mine + staff_pages


# --- The browser ------------------------------------------------------------------------------------------------

# The elements that stick out on the right (the innermost ones), to say what makes a page scroll sideways.
_OVERFLOWING = """width => Array.from(document.querySelectorAll('body *'))
    .filter(e => e.getBoundingClientRect().right > width + 0.5)
    .filter((e, i, all) => !all.some(o => o !== e && e.contains(o)))
    .slice(0, 5)
    .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
              (typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(/\\s+/).join('.') : '') +
              ' (right edge ' + Math.round(e.getBoundingClientRect().right) + ' px)')"""


# Ids that a label or an ARIA reference points to and that the page holds more than once (axe only asks to review
# those, "duplicate-id-aria"): the reference finds the first, so the second field is named by the wrong label.
_DUPLICATE_REFERENCED_IDS = """() => {
    const counts = {};
    document.querySelectorAll('[id]').forEach(e => { counts[e.id] = (counts[e.id] || 0) + 1; });
    const refs = new Set(Array.from(document.querySelectorAll('label[for]'), l => l.htmlFor));
    const attributes = ['aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-activedescendant',
                        'aria-errormessage', 'aria-details'];
    document.querySelectorAll(attributes.map(a => '[' + a + ']').join(',')).forEach(e => attributes.forEach(
        a => (e.getAttribute(a) || '').split(/\\s+/).filter(Boolean).forEach(id => refs.add(id))));
    return Array.from(refs).filter(id => counts[id] > 1).sort();
}"""


def session_cookie(user) -> str:
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def visited_name(path: str) -> str:
    from django.urls import resolve

    return resolve(urlsplit(path).path).view_name


def browser_test(test):
    for mark in reversed(BROWSER_MARKS):
        test = mark(test)
    return test


def check_page(page, visit: Visit, url: str, width: int) -> list[str]:
    """What is wrong with one page: its HTTP status, its axe violations, a sideways scroll."""
    response = page.goto(url)
    where = f"{visit.label} ({visit.path}, {visit.role}, {width} px)"
    if response is None or response.status != visit.status:
        return [f"{where}: HTTP {response.status if response else '-'}, not {visit.status}"]
    if visit.ready:
        page.wait_for_selector(visit.ready)
    page.wait_for_load_state()
    for field, value in visit.fill:
        page.fill(field, value)
    if visit.click:
        if not page.locator(visit.click).is_visible():
            return []  # (the menu is not folded at this width: the page was checked as it is)
        page.click(visit.click)
        page.wait_for_load_state()
    found = []
    violations = run_axe(page)
    if violations:
        found.append(f"{where}: {len(violations)} violation(s)\n{format_axe(violations, max_nodes=20)}")
    duplicates = page.evaluate(_DUPLICATE_REFERENCED_IDS)
    if duplicates:
        found.append(f"{where}: ids that labels or ARIA references point to, found more than once: {duplicates}")
    scroll = page.evaluate("document.documentElement.scrollWidth")
    if scroll > width:
        found.append(f"{where}: scrolls sideways ({scroll} px wide): {page.evaluate(_OVERFLOWING, width)}")
    return found


@browser_test
def test_no_axe_violation_and_no_sideways_scroll_on_any_page(daphne_url, tmp_path, django_user_model):  # noqa: F811
    """Set AXE_PAGES to a part of an address (``AXE_PAGES=/admin/``) to check only those pages while fixing."""
    from django.conf import settings

    started = time.monotonic()
    visits = build_site(tmp_path, django_user_model)  # before the browser: its event loop runs in this thread
    built = time.monotonic()
    only = os.environ.get("AXE_PAGES", "")
    chosen = [v for v in visits if only in v.path]
    users = {"learner": django_user_model.objects.get(username="lea"),
             "staff": django_user_model.objects.get(username="dominique")}
    cookies = {role: session_cookie(user) for role, user in users.items()}
    problems: list[str] = []
    timings: list[tuple[float, str]] = []
    # One browser; for each role a context per width, and each page read at both widths one after the other
    # (pages with a clock, the day's game or a live room, are then checked in the same state twice).
    with launch_context(viewport={"width": 1280, "height": 900}) as first:
        for role in ("anon", "learner", "staff"):
            pages, errors = {}, []
            for width, height in WIDTHS.items():
                context = first.browser.new_context(viewport={"width": width, "height": height}, locale="fr-FR",
                                                    bypass_csp=True)
                jar = [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "fr", "url": daphne_url}]
                if role in cookies:
                    jar.append({"name": "sessionid", "value": cookies[role], "url": daphne_url})
                context.add_cookies(jar)
                pages[width] = new_page(context)
                pages[width].on("pageerror", lambda exc, width=width, errors=errors: errors.append(f"{width} px: {exc}"))
            for visit in (v for v in chosen if v.role == role):
                for width, page in pages.items():
                    before = time.monotonic()
                    problems += check_page(page, visit, daphne_url + visit.path, width)
                    timings.append((time.monotonic() - before, f"{visit.path} ({role}, {width} px)"))
            if errors:
                problems.append(f"script errors ({role}): {errors}")
            for page in pages.values():
                page.context.close()
    ended = time.monotonic()
    report = (f"{len(chosen) * len(WIDTHS)} pages checked ({len(chosen)} addresses x {len(WIDTHS)} widths); content "
              f"built in {built - started:.0f} s, pages checked in {ended - built:.0f} s; the slowest: "
              + ", ".join(f"{where} {seconds:.1f} s" for seconds, where in sorted(timings, reverse=True)[:5])
              + "\n\n" + "\n\n".join(problems))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "report.txt").write_text(report + "\n", encoding="utf-8")
    print(report)
    if not only:
        names = {visited_name(v.path) for v in visits if v.status == 200}
        assert names == VISITED | ADMIN_PAGES, (f"not visited: {sorted(VISITED | ADMIN_PAGES - names)}; "
                                                f"visited but not listed: {sorted(names - VISITED - ADMIN_PAGES)}")
    assert problems == [], f"{len(problems)} problem(s) (report in {ARTIFACTS / 'report.txt'}):\n\n" + \
        "\n\n".join(problems)
