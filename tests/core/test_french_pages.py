"""Everything in French: walk every page a learner and a staff member can reach (following the site's own
links from the home page) and a sample of API errors, and fail on tell-tale English words.

The check reads what a person sees or hears: text nodes and the ``title``, ``aria-label``,
``placeholder`` and ``alt`` attributes, not scripts, styles or URLs. Game words are upper case
(CHAT, THE), so the English words are matched in lower case or capitalised only.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from django.urls import reverse

from lexicon.services import import_word_list, set_definition
from tests.support import api_for, french_dict_words, write_words
from training.grids import services as training_services
from training.lists import services as list_training_services
from training.lists.models import RevisionList
from training.lists.starter import create_starter_lists

pytestmark = pytest.mark.django_db

ENGLISH = re.compile(
    r"\b(?:[Tt]he|[Aa]nd|[Ww]ith|[Yy]our|[Ww]ords?|[Ll]etters?|[Nn]ot found|[Ss]ubmit|[Ss]ave|[Dd]elete|"
    r"[Ss]earch|[Ll]og in|[Ss]ign up|[Cc]rosswords?|[Ll]exicons?|[Tt]raining|[Rr]eviews?|[Gg]rids?|[Ll]ists?|"
    r"[Ee]rrors?|[Ii]nvalid|[Rr]equired|[Tt]his field|[Aa]nswers?|[Ss]tart|[Cc]heck|[Ff]ound|[Ff]ailed|"
    r"[Ss]hould|[Mm]ust|[Ee]nsure|[Cc]ould not|[Pp]lease|[Ss]orry|[Ww]rong|[Hh]ooks?)\b")
ALLOWED = ("Tirage", "Scrabble", "Jarnac", "FSRS", "CBIC", "min_length", "create_starter_lists")
SKIPPED_PATHS = ("/puzzles/lab", "/accounts/logout", "/admin", "/api/", "/i18n/", "/static/", "/media/", "/healthz")
MAX_PAGES = 80


class _VisibleText(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.links: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag in ("script", "style", "template"):
            self._hidden += 1
        if tag == "a" and attributes.get("href"):
            self.links.append(attributes["href"])
        for name in ("title", "aria-label", "placeholder", "alt"):
            if attributes.get(name):
                self.parts.append(attributes[name])

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data):
        if not self._hidden:
            self.parts.append(data)


def english_in(text: str) -> list[str]:
    for name in ALLOWED:
        text = text.replace(name, " ")
    return sorted({m.group(0) for m in ENGLISH.finditer(text)})


def read(html: str) -> _VisibleText:
    parser = _VisibleText()
    parser.feed(html)
    return parser


def walk(client, start_paths: list[str]) -> dict[str, list[str]]:
    """{path: English words} over every page reachable by GET links from ``start_paths``."""
    seen: set[str] = set()
    queue = list(start_paths)
    offenders: dict[str, list[str]] = {}
    while queue and len(seen) < MAX_PAGES:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.add(path)
        response = client.get(path)
        assert response.status_code < 500, f"{path} answered {response.status_code}"
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue
        page = read(response.content.decode())
        found = english_in(" ".join(page.parts))
        if found:
            offenders[path] = found
        for href in page.links:
            target = urlsplit(urljoin(path, href))
            if target.netloc or target.scheme not in ("", "http") or not target.path.startswith("/"):
                continue
            if target.path.startswith(SKIPPED_PATHS) or target.path.endswith((".ipuz", ".puz", ".txt", ".json")):
                continue
            if re.search(r"(?:^|&)page=(?:[3-9]|\d\d)", target.query):
                continue  # the first pages of a paginated list say it all
            url = target.path + (f"?{target.query}" if target.query else "")
            if url not in seen:
                queue.append(url)
    return offenders


@pytest.fixture
def site(tmp_path, alice, django_user_model):
    """A lexicon with a definition, the starter lists, a learner's copy with a grid, the crossword of the day."""
    staff = django_user_model.objects.create_user("curator", password="curator-pass-123", is_staff=True)
    lexicon = import_word_list(write_words(tmp_path / "fr7.txt", french_dict_words(7)), name="fr7",
                               language="fr").lexicon
    set_definition(lexicon, "CHAT", "Petit félin", user=staff)
    create_starter_lists(lexicon)
    starter = RevisionList.objects.filter(published=True, lexicon=lexicon, name__contains="7").first()
    copy = list_training_services.copy_list(starter, alice)
    training_services.start_list_grid(alice, copy, max_words=3)
    return {"lexicon": lexicon, "staff": staff, "copy": copy}


def test_learner_pages_are_in_french(client, alice, site):
    client.force_login(alice)
    lexicon = site["lexicon"]
    lookup = reverse("lexicon-lookup", args=[lexicon.pk])
    starts = [reverse("home"), reverse("account"), reverse("puzzles:daily"),
              f"{lookup}?tool=check&words=chat+xyz+l%27eau", f"{lookup}?tool=anagrams&letters=CHAT%3F&min_length=4",
              f"{lookup}?tool=anagrams&letters=A1", f"{lookup}?tool=pattern&q=*TION", f"{lookup}?tool=pattern&q=A%23",
              f"{lookup}?tool=hooks&word=chat"]
    offenders = walk(client, starts)
    assert offenders == {}, f"English on French pages: {offenders}"


def test_staff_pages_are_in_french(client, site):
    client.force_login(site["staff"])
    lexicon = site["lexicon"]
    offenders = walk(client, [reverse("home"), reverse("lexicon-curate", args=[lexicon.pk]),
                              reverse("lexicon-audit", args=[lexicon.pk])])
    assert offenders == {}, f"English on French staff pages: {offenders}"


def test_anonymous_pages_are_in_french(client, site):
    offenders = walk(client, [reverse("home"), reverse("login"), reverse("signup"), reverse("password_reset")])
    assert offenders == {}, f"English on French pages: {offenders}"


def api_error_texts(response) -> str:
    body = response.json()
    texts: list[str] = []

    def collect(value):
        if isinstance(value, str):
            texts.append(value)
        elif isinstance(value, list):
            for item in value:
                collect(item)
        elif isinstance(value, dict):
            for key, item in value.items():
                if key not in ("text", "line", "word", "code"):
                    collect(item)

    collect(body)
    return " ".join(texts)


def test_api_errors_are_in_french(alice, site):
    lexicon = site["lexicon"]
    learner = api_for(alice)
    anonymous = api_for()
    calls = [
        (anonymous.get(f"/api/lexicons/{lexicon.pk + 99}/check/", {"words": "chat"}), 404),
        (anonymous.get(f"/api/lexicons/{lexicon.pk}/check/", {"words": ""}), 400),
        (anonymous.get(f"/api/lexicons/{lexicon.pk}/anagrams/", {"letters": "A1"}), 400),
        (anonymous.get(f"/api/lexicons/{lexicon.pk}/anagrams/", {"letters": "AB", "min_length": "x"}), 400),
        (anonymous.get(f"/api/lexicons/{lexicon.pk}/pattern/", {"q": "A#"}), 400),
        (anonymous.get(f"/api/lexicons/{lexicon.pk}/hooks/", {"word": "l'eau"}), 400),
        (anonymous.get("/api/auth/me/"), 401),
        (learner.patch("/api/auth/me/", {"daily_goal": 0}, format="json"), 400),
        (learner.patch("/api/auth/me/", {"default_lexicon": lexicon.pk + 99}, format="json"), 400),
        (learner.post("/api/lists/", {}, format="json"), 400),
        (learner.get("/api/grids/999999/"), 404),
        (learner.get("/api/crosswords/999999/"), 404),
        (learner.get(f"/api/lexicons/{lexicon.pk}/versions/"), 403),
        (learner.post(f"/api/lists/{site['copy'].pk}/words/", {"word": "chat1"}, format="json"), 400),
    ]
    offenders = {}
    for response, expected in calls:
        assert response.status_code == expected, (response.request["PATH_INFO"], response.status_code, response.content)
        assert response["Content-Language"] == "fr"
        found = english_in(api_error_texts(response))
        if found:
            offenders[f"{response.request['REQUEST_METHOD']} {response.request['PATH_INFO']}"] = (
                found, api_error_texts(response))
    assert offenders == {}, f"English in French API errors: {offenders}"


def test_the_detector_finds_english():
    assert english_in("Crossword of the day: 3 words found") == ["Crossword", "found", "the", "words"]
    assert english_in("Tirage · CHAT, THE, AND · Mots croisés du jour") == []


def _engine_unplaced() -> list[dict]:
    """Words left out of a grid as the engine reports them (its JSON, with codes), one of each reason."""
    from engine.cbic import RevisionWord, SearchConfig, generate_training_grid
    from engine.gaddag import build_gaddag

    lexicon = build_gaddag(["DATAIS", "BACCARAT", "BACCARAS", "CACABERA"], "fr")
    no_support = generate_training_grid(lexicon, [RevisionWord("CACABERA", "B")], central="DATAIS", top_n=0,
                                        config=SearchConfig(helpers=0)).to_json()["unplaced"]
    bag = generate_training_grid(lexicon, [RevisionWord("BACCARAT", 7), RevisionWord("BACCARAS", "S"),
                                           RevisionWord("CACABERA", "A")], central="DATAIS", bag=True,
                                 top_n=0).to_json()["unplaced"]
    refusals = [{"code": code, "word": "XQ" if code == "cbic_forms_invalid" else "", "count": 2}
                for code in ("cbic_runs_off", "cbic_touches_end", "cbic_in_the_way", "cbic_forms_invalid",
                             "cbic_one_tile_across", "cbic_bag_empty")]
    no_placement = {"word": "PRIVATIF", "spec": "PRIVATIF:4", "code": "cbic_no_placement",
                    "reason": "no legal placement through its support letter A (3 square(s) hold it): ...",
                    "params": {"letters": "A", "squares": 3, "refusals": refusals, "time_budget": 20.0}}
    illegal = {"word": "DATAIS", "reason": "illegal situation: invalid word XQ", "code": "cbic_illegal_situation",
               "params": {"error": "invalid_word"}}
    assert no_support and no_support[0].get("code", "cbic_no_support") == "cbic_no_support" and bag
    return [*no_support, *bag, no_placement, illegal]


def test_grid_builder_messages_are_in_french(client, alice, site):
    """Why a word was left out (page and API), a situation not open yet, an answer refused or judged: French."""
    from training.grids.models import TrainingGrid

    grid = TrainingGrid.objects.filter(owner=alice, status="done").first()
    assert grid is not None and grid.situations.exists(), "the site's grid is built"
    TrainingGrid.objects.filter(pk=grid.pk).update(unplaced=_engine_unplaced())
    client.force_login(alice)
    learner = api_for(alice)

    page = read(client.get(reverse("training:grid", args=[grid.pk])).content.decode())
    assert english_in(" ".join(page.parts)) == [], " ".join(page.parts)
    unplaced = learner.get(f"/api/grids/{grid.pk}/").json()["unplaced"]
    assert len(unplaced) >= 4
    assert english_in(" ".join(u["reason"] for u in unplaced)) == [], unplaced

    situations = list(grid.situations.order_by("order"))
    first = situations[0]
    calls = [(learner.post(f"/api/situations/{first.pk}/answer/", {"word": "zz1"}, format="json"), 400),
             (learner.post(f"/api/situations/{first.pk}/answer/", {"word": first.word, "coord": "Z99"},
                           format="json"), 400)]
    if len(situations) > 1:  # situations are answered in order: the second one is not open yet
        calls.append((learner.post(f"/api/situations/{situations[1].pk}/answer/", {"word": "CHAT"}, format="json"),
                      409))
        locked = client.get(reverse("training:situation", args=[situations[1].pk]))
        assert english_in(" ".join(read(locked.content.decode()).parts)) == []
    # A play the rules refuse: the verdict says why, in French (the list word, one square off its place).
    expected = first.expected
    row, col = (expected["row"], expected["col"] + 1) if expected["dir"] == "H" else (expected["row"] + 1,
                                                                                      expected["col"])
    from engine.scrabble.notation import format_coord

    refused = client.post(reverse("training:situation-answer", args=[first.pk]),
                          {"word": first.word, "coord": format_coord(row, col, expected["dir"], "fr")})
    assert refused.status_code == 400  # not a verdict: the situation stays open, the reason is said in French
    shown = " ".join(read(refused.content.decode()).parts)
    assert english_in(shown) == [] and "n’est pas un coup valable" in shown and "la situation reste ouverte" in shown
    judged = client.post(reverse("training:situation-answer", args=[first.pk]), {"word": first.word, "coord": ""})
    assert judged.status_code == 200
    verdict = read(judged.content.decode())
    assert english_in(" ".join(verdict.parts)) == [], " ".join(verdict.parts)
    again = client.post(reverse("training:situation-answer", args=[first.pk]), {"word": first.word, "coord": ""})
    assert again.status_code == 409 and english_in(" ".join(read(again.content.decode()).parts)) == []
    calls.append((learner.post(f"/api/situations/{first.pk}/answer/", {"word": first.word}, format="json"), 409))
    for response, status in calls:
        assert response.status_code == status, (response.status_code, response.content)
        assert english_in(api_error_texts(response)) == [], api_error_texts(response)


def test_engine_refusals_and_progress_of_grids_and_lexicons_are_in_french(tmp_path):
    """The grid builder's progress and input refusals, the rules' refusals of a play and the compilation
    progress of a lexicon, all translated by code (the engine keeps its English for the command line)."""
    from django.utils import translation

    from core.engine_messages import engine_error_message, engine_note
    from engine.cbic import CbicInputError, RevisionWord, generate_training_grid
    from engine.gaddag import build_gaddag
    from engine.scrabble.scoring import IllegalPlay
    from lexicon.compiled import compile_words
    from training.grids.services import play_refusal

    lexicon = build_gaddag(["DATAIS", "BACCARAT", "BACCARAS", "CACABERA"], "fr")
    notes: list[str] = []
    generate_training_grid(lexicon, [RevisionWord("BACCARAT", 7), RevisionWord("CACABERA", "A")], central="DATAIS",
                           top_n=1, progress=lambda percent, message: notes.append(message))
    refusals = []
    for word, support in [("BAC1", "B"), ("B", 0), ("ABCDEFGHI", 0), ("DATAI", "T"), ("BACCARAT", 9),
                          ("BACCARAT", "Q"), ("BACCARAT", "TA")]:
        try:
            generate_training_grid(lexicon, [RevisionWord(word, support)], top_n=0)
        except CbicInputError as exc:
            refusals.append(exc)
    assert len(refusals) == 7
    plays = [IllegalPlay("invalid_word", "invalid words QX, XQ", ("QX", "XQ")),
             IllegalPlay("bad_letter", "'1' at H8 is not a letter of the fr alphabet", params={"letter": "1"}),
             IllegalPlay("bad_coord", "bad coordinates 'Z99'", params={"coord": "Z99"}),
             IllegalPlay("something_new", "an English reason")]
    compiling: list[str] = []
    with translation.override("fr"):
        texts = [engine_note(note) for note in notes] + [engine_error_message(exc) for exc in refusals]
        texts += [play_refusal(exc) for exc in plays]
        compile_words(["CHAT", "CHATS"], "fr", "0" * 64, progress=lambda percent, message: compiling.append(message))
        texts += compiling
    assert notes and compiling
    assert "QX, XQ" in texts[len(notes) + len(refusals)]  # the words the rules refused, from ``exc.words``
    offenders = [text for text in texts if english_in(text)]
    assert offenders == [], offenders


# -- the last English and the grammar a French player met ------------------------------------------------------


def _shown(response) -> str:
    return " ".join(read(response.content.decode()).parts)


def test_error_pages_are_in_the_sites_style_and_in_french(client, alice, site, rf):
    from django.test import Client

    from core.api_errors import server_error

    missing = client.get("/no-such-page/")
    assert missing.status_code == 404 and 'class="site-header"' in missing.content.decode()
    assert "Page introuvable" in _shown(missing) and english_in(_shown(missing)) == []
    client.force_login(alice)
    refused = client.get(reverse("lexicon-curate", args=[site["lexicon"].pk]))  # staff only
    assert refused.status_code == 403 and "Accès refusé" in _shown(refused) and "Forbidden" not in _shown(refused)
    assert 'class="site-header"' in refused.content.decode() and english_in(_shown(refused)) == []
    bad = client.get("/training/%00/")  # a NUL character in a URL is a 400
    assert bad.status_code == 400 and english_in(_shown(bad)) == []
    request = rf.get("/training/")
    request.LANGUAGE_CODE = "fr"
    crashed = server_error(request)
    assert crashed.status_code == 500 and "Une erreur est survenue" in crashed.content.decode()
    strict = Client(enforce_csrf_checks=True)
    expired = strict.post(reverse("login"), {"username": "alice", "password": "x"})
    assert expired.status_code == 403 and "Formulaire expiré" in _shown(expired)
    assert 'class="site-header"' in expired.content.decode() and english_in(_shown(expired)) == []
    api = strict.post("/api/lists/", {}, content_type="application/json")
    assert api.status_code in (401, 403) and api["Content-Type"].startswith("application/json")


def test_validity_quiz_pages_say_valid_or_phony_in_french(client, alice, tmp_path):
    from tests.training.conftest import SMALL_WORDS
    from training.wordstudy import services as wordstudy
    from training.wordstudy.ranking import ensure_ranking

    lexicon = import_word_list(write_words(tmp_path / "small.txt", SMALL_WORDS), name="small", language="fr").lexicon
    assert ensure_ranking(lexicon).state == "done"
    quiz = wordstudy.create_quiz(alice, wordstudy.QuizRequest(lexicon=lexicon.pk, kind="validity", rank_from=1,
                                                              length=2, rank_to=20, seed=7, mode="flash"))
    client.force_login(alice)
    for question in quiz.questions.order_by("order"):
        wrong = "no" if question.answers == ["YES"] else "yes"
        flash = client.post(reverse("wordstudy:answer", args=[quiz.pk, question.pk]), {"answer": wrong})
        html = flash.content.decode()
        verdict = " ".join(read(html[html.index('class="ws-verdict"'):].split("</div>", 1)[0]).parts)
        assert not re.search(r"\b(?:YES|NO)\b", verdict), verdict  # the question's tiles are above, not here
        assert "Ce mot est valide." in verdict or "Ce mot n’existe pas" in verdict
    results = client.get(reverse("wordstudy:results", args=[quiz.pk])).content.decode()
    rows = re.findall(r"<tr class=\"ws-row[^\"]*\">(.*?)</tr>", results, re.S)
    assert len(rows) == quiz.questions.count()
    cells = " ".join(" ".join(read(re.findall(r"<td>(.*?)</td>", row, re.S)[-1]).parts) for row in rows)  # answers
    assert not re.search(r"\b(?:YES|NO)\b", cells), cells
    assert "vous avez répondu" in cells


def test_one_wrong_answer_is_singular_and_blanks_none_is_masculine(client, alice, tmp_path):
    from tests.training.conftest import SMALL_WORDS
    from training.wordstudy import services as wordstudy
    from training.wordstudy.ranking import ensure_ranking

    lexicon = import_word_list(write_words(tmp_path / "small.txt", SMALL_WORDS), name="small", language="fr").lexicon
    ensure_ranking(lexicon)
    client.force_login(alice)
    home = client.get(reverse("wordstudy:home")).content.decode()
    blanks = home[home.index('name="blanks"'):]
    assert re.search(r'value="0"[^>]*>\s*aucun\s*<', blanks), blanks[:400]
    quiz = wordstudy.create_quiz(alice, wordstudy.QuizRequest(lexicon=lexicon.pk, kind="validity", rank_from=1,
                                                              length=2, rank_to=20, seed=7, mode="flash"))
    questions = list(quiz.questions.order_by("order"))
    first = questions[0]
    client.post(reverse("wordstudy:answer", args=[quiz.pk, first.pk]),
                {"answer": "no" if first.answers == ["YES"] else "yes"})
    for question in questions[1:]:
        client.post(reverse("wordstudy:answer", args=[quiz.pk, question.pk]),
                    {"answer": "yes" if question.answers == ["YES"] else "no"})
    results = client.get(reverse("wordstudy:results", args=[quiz.pk])).content.decode()
    assert re.search(r'stat__value">1</span><span class="stat__label">réponse fausse<', results), results


def test_card_box_does_not_announce_a_next_card_while_cards_are_due(client, alice, tmp_path):
    import datetime as dt

    from django.utils import timezone

    from tests.training.conftest import SMALL_WORDS
    from training.wordstudy.models import AlphagramCard

    lexicon = import_word_list(write_words(tmp_path / "small.txt", SMALL_WORDS), name="small", language="fr").lexicon
    now = timezone.now()
    for k, alphagram in enumerate(["AB", "AI", "AS"]):
        AlphagramCard.objects.create(owner=alice, lexicon=lexicon, alphagram=alphagram, card={},
                                     due=now - dt.timedelta(hours=1) if k < 2 else now + dt.timedelta(seconds=20))
    client.force_login(alice)
    page = client.get(reverse("wordstudy:cards")).content.decode()
    assert 'id="next-due"' not in page and "dans 0" not in page


def test_games_table_has_a_state_column_not_the_service_status(client, alice, site):
    from training.duplicate import services as duplicate

    duplicate.start_game(alice, site["lexicon"], seed=3, timer_seconds=180)
    client.force_login(alice)
    page = client.get(reverse("training:duplicate")).content.decode()
    main = page.split("<main", 1)[1].split("</main>", 1)[0]
    assert '<th scope="col">État</th>' in main and "État du service" not in main


def test_a_skipped_lines_note_and_the_crossword_files_are_in_french(client, alice, site):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.utils import translation

    from lexicon.services import upload_version

    with translation.override("fr"):
        outcome = upload_version(site["lexicon"], SimpleUploadedFile("l.txt", b"zzzq\nx-y\n3D\n"), user=site["staff"],
                                 skip_invalid=True, mode="add")
    assert outcome.version.note.startswith("2 lignes invalides ignorées\u00a0: ligne 2"), outcome.version.note
    assert english_in(outcome.version.note) == [] and "skipped" not in outcome.version.note
    from puzzles.crosswords.exporters import notes_of, title_of
    from puzzles.models import Crossword

    crossword = Crossword.objects.filter(status="done").first()
    with translation.override("fr"):
        assert "Les définitions absentes" in notes_of()
        if crossword is not None:
            assert "Tirage n°" in title_of(crossword)


def test_the_admin_is_tirages_in_french_with_the_sites_icon(admin_client):
    html = admin_client.get("/admin/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Administration de Tirage" in html and "Django" not in html.split("<body", 1)[1].split("</header>")[0]
    assert "| Administration de Tirage</title>" in html
    assert 'rel="icon" href="/static/favicon.svg"' in html  # else the browser asks for /favicon.ico: a 404
