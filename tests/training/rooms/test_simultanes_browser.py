"""A simultané in real browsers, in French: the organiser makes it on its page (1280 px), a club's arbitre
adds a room with the code by the keyboard alone on a phone (390 px), the rooms play on their own clocks, and
both read the rooms' status and the combined ranking (no sideways scrolling at 390 px). Screenshots go to
``artifacts/rooms/``."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.scrabble.notation import format_coord
from tests.browser_support import BROWSER_MARKS, launch_context
from tests.training.rooms.test_browser import ARTIFACTS, daphne_url, log_in  # noqa: F401
from training.rooms import services
from training.rooms.models import Room, RoomRound, Simultane

pytestmark = BROWSER_MARKS


def close_now(room: Room, plays: dict) -> None:
    room = Room.objects.select_related("game", "lexicon", "host").get(pk=room.pk)
    rnd = RoomRound.objects.get(room=room, number=room.round_number)
    for user, move in plays.items():
        coord = format_coord(move["row"], move["col"], move["dir"], "fr")
        services.submit_bulletin(room, user, rnd.number, coord, move["word"],
                                 now=rnd.opens_at + dt.timedelta(seconds=1))
    services.close_round(room.pk, rnd.number, rnd.closes_at + dt.timedelta(seconds=services.GRACE_SECONDS + 1))


def test_an_organiser_and_a_club_arbitre_run_a_simultane(daphne_url, dup_lexicon, django_user_model):  # noqa: F811
    orga, dave, lea, max_, zoe = (django_user_model.objects.create_user(name, password="Scrabble-2026-ok")
                                  for name in ("orga", "dave", "lea", "max", "zoe"))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    expect = pytest.importorskip("playwright.sync_api").expect
    with launch_context(viewport={"width": 1280, "height": 900}, locale="fr-FR") as context:
        phone = context.browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
        orga_page = log_in(context, daphne_url, "orga")
        orga_page.goto(f"{daphne_url}/training/rooms/")
        orga_page.click("#simultanes-link a")
        orga_page.fill("#simultane-form #id_name", "Simultané du jeudi")
        orga_page.select_option("#simultane-form #id_lexicon", str(dup_lexicon.pk))
        orga_page.fill("#simultane-form #id_rooms", "Salle de l'organisateur")
        orga_page.click("#simultane-form button[type=submit]")
        orga_page.wait_for_selector("#simultane-code")
        simul = Simultane.objects.get()
        assert simul.code in orga_page.inner_text("#simultane-code")

        dave_page = log_in(phone, daphne_url, "dave")
        dave_page.goto(f"{daphne_url}/training/rooms/simultanes/")
        dave_page.focus("#simultane-join-form #id_join_code")  # the keyboard alone: type, Tab, type, Enter
        dave_page.keyboard.type(simul.code.lower())
        dave_page.keyboard.press("Tab")
        dave_page.keyboard.type("Club de Dave")
        dave_page.keyboard.press("Enter")
        dave_page.wait_for_selector("#simultane-line")
        room_b = Room.objects.get(host=dave)
        assert room_b.simultane_id == simul.pk and room_b.game_id == simul.game_id

        room_a = simul.rooms.exclude(pk=room_b.pk).get()
        for user, room in ((lea, room_a), (max_, room_a), (zoe, room_b)):
            services.join(user, room.code, "player")
        services.start(room_a, orga)
        services.start(room_b, dave)
        made = simul.game.rounds.get(number=1)
        below = next(m for m in made.subtops if m["score"] < made.top["score"])
        close_now(room_a, {lea: made.top, max_: below})
        close_now(room_b, {zoe: below})

        dave_page.click("#simultane-line a")
        expect(dave_page.locator("#combined-ranking tbody tr").first).to_contain_text("lea")
        rows = dave_page.locator("#combined-ranking tbody tr")
        assert rows.count() == 3
        assert "Club de Dave" in dave_page.inner_text("#simultane-rooms")
        assert dave_page.evaluate("document.documentElement.scrollWidth") <= 390
        percent = dave_page.locator("#combined-ranking thead th >> nth=4").bounding_box()
        assert percent is not None and percent["x"] + percent["width"] <= 390  # rank to % seen without scrolling
        assert dave_page.get_attribute("#combined-ranking >> xpath=..", "tabindex") == "0"  # scrolled by keys
        dave_page.screenshot(path=str(ARTIFACTS / "simultane-390.png"), full_page=True)

        orga_page.reload()
        assert "Classement combiné" in orga_page.inner_text("main")
        assert "Club de Dave" in orga_page.inner_text("#simultane-rooms")
        lea_line = orga_page.inner_text("#combined-ranking tbody tr >> nth=0")
        assert str(made.top["score"]) in lea_line  # lea's total: the top (solo needs 16 players by default)
        orga_page.screenshot(path=str(ARTIFACTS / "simultane-1280.png"), full_page=True)
        orga_page.goto(f"{daphne_url}/training/rooms/simultanes/")
        orga_page.screenshot(path=str(ARTIFACTS / "simultanes-1280.png"), full_page=True)
        phone.close()
