"""A live room in real browsers, in French, served by Daphne (HTTP and WebSockets): the host starts the game,
two players see the rack arrive over the socket and hand in bulletins (one joins with the code on the lobby
page), the host sees the bulletins come in and closes the round, the players see their result and the
projector view the top and the ranking. Screenshots (1280 and 390 px, the projector at 1920x1080) go to
``artifacts/rooms/``."""

from __future__ import annotations

import re
import time
from functools import partial

import pytest
from channels.testing.live import make_application
from daphne.testing import DaphneProcess
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

from engine.scrabble.notation import format_coord
from tests.browser_support import BROWSER_MARKS, artifacts_dir, launch_context, new_page
from training.rooms import services

ARTIFACTS = artifacts_dir("rooms")


def use_database(name: str) -> None:
    """In Daphne's process: the test database the test itself uses. (Channels' own helper prefixes ``test_``
    to a name pytest-django has already changed, which finds no database on PostgreSQL.)"""
    from django.conf import settings

    settings.DATABASES["default"]["NAME"] = name  # Daphne's threads open their own connections with it

pytestmark = BROWSER_MARKS


@pytest.fixture
def daphne_url(transactional_db, settings):
    from django.db import connection

    settings.ALLOWED_HOSTS = ["localhost", "127.0.0.1"]
    server = DaphneProcess("localhost", partial(make_application, static_wrapper=ASGIStaticFilesHandler),
                           setup=partial(use_database, connection.settings_dict["NAME"]))
    server.start()
    while not server.ready.wait(timeout=1):
        if not server.is_alive():
            raise RuntimeError("Daphne stopped")
    yield f"http://localhost:{server.port.value}"
    server.terminate()
    server.join()


def log_in(context, base: str, username: str):
    page = new_page(context)
    page.on("console", lambda m: print(username, "console:", m.text))
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "Scrabble-2026-ok")
    page.click("main form button[type=submit]")
    page.wait_for_load_state()
    return page


def test_a_host_two_players_and_the_projector_through_one_round(daphne_url, dup_lexicon, django_user_model):
    host, lea, max_ = (django_user_model.objects.create_user(name, password="Scrabble-2026-ok")
                       for name in ("arbitre", "lea", "max"))
    room = services.create_room(host, "Club du jeudi", dup_lexicon, seed=2, pause_seconds=0, solo_min_players=2)
    services.join(max_, room.code, "player")
    top = room.game.rounds.get(number=1).top
    coord = format_coord(top["row"], top["col"], top["dir"], "fr")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    expect = pytest.importorskip("playwright.sync_api").expect
    with launch_context(viewport={"width": 1280, "height": 1000}, locale="fr-FR") as context:
        browser = context.browser
        contexts = {name: browser.new_context(viewport=size, locale="fr-FR") for name, size in (
            ("lea", {"width": 390, "height": 844}), ("max", {"width": 1280, "height": 1000}),
            ("projector", {"width": 1920, "height": 1080}))}
        host_page = log_in(context, daphne_url, "arbitre")
        lea_page = log_in(contexts["lea"], daphne_url, "lea")
        max_page = log_in(contexts["max"], daphne_url, "max")
        projector = log_in(contexts["projector"], daphne_url, "arbitre")

        lea_page.goto(f"{daphne_url}/training/rooms/")  # lea joins with the code, as read on the club's screen
        lea_page.fill("#id_code", room.code.lower())
        lea_page.click("#join-form button[type=submit]")
        lea_page.wait_for_selector("#bulletin-form")
        max_page.goto(f"{daphne_url}/training/rooms/{room.pk}/")
        host_page.goto(f"{daphne_url}/training/rooms/{room.pk}/")
        projector.goto(f"{daphne_url}/training/rooms/{room.pk}/projector/")
        expect(host_page.locator("#player-count")).to_have_text("2")
        assert "En attente du départ" in host_page.inner_text("#timer")

        # the host sees only the controls that apply (a .button's display does not beat the hidden attribute)
        expect(host_page.locator("#start-button")).to_be_visible()
        for control in ("#pause-button", "#resume-button", "#next-button"):
            expect(host_page.locator(control)).to_be_hidden()
        host_page.click("#start-button")
        for page in (lea_page, max_page, projector):  # the rack arrives over the socket
            page.wait_for_selector("#rack .tile")
        expect(host_page.locator("#start-button")).to_be_hidden()
        expect(host_page.locator("#resume-button")).to_be_hidden()
        expect(host_page.locator("#pause-button")).to_be_visible()
        expect(host_page.locator("#next-button")).to_be_visible()
        assert lea_page.inner_text("#rack").replace("\n", "") == room.game.rounds.get(number=1).rack.replace("?", "?")
        assert "Temps restant" in lea_page.inner_text("#timer")
        lea_page.fill("#coord-input", coord)
        lea_page.fill("#word-input", top["word"].lower())
        lea_page.click("#bulletin-button")
        lea_page.wait_for_selector("#bulletin-ok")
        max_page.fill("#coord-input", "A1")
        max_page.fill("#word-input", "zz")
        max_page.click("#bulletin-button")
        max_page.wait_for_selector("#bulletin-ok")  # tournament rules: nothing said before the close
        expect(host_page.locator("#bulletin-count")).to_have_text("2", timeout=15_000)
        lea_page.screenshot(path=str(ARTIFACTS / "player-390.png"), full_page=True)
        max_page.screenshot(path=str(ARTIFACTS / "player-1280.png"), full_page=True)
        projector.screenshot(path=str(ARTIFACTS / "projector-round.png"))
        host_page.screenshot(path=str(ARTIFACTS / "host-1280.png"), full_page=True)

        host_page.click("#next-button")
        expect(lea_page.locator("#my-result")).to_contain_text("solo")
        assert str(top["score"]) in lea_page.inner_text("#my-result")
        expect(max_page.locator("#my-result")).to_contain_text("vaut 0")
        refused = max_page.inner_text("#my-result")  # the reason in French words, never the engine's code
        assert "_" not in refused and refused.split("vaut 0\u00a0:")[1].strip(), refused
        # the next round is open at once (no pause): last round's bulletin is no longer in the fields
        expect(lea_page.locator("#round-line")).to_contain_text("Coup 2")
        expect(lea_page.locator("#coord-input")).to_have_value("")
        expect(lea_page.locator("#word-input")).to_have_value("")
        # max's négatif with a true minus sign (the ranking event may arrive after the round's result)
        expect(host_page.locator("#ranking tbody")).to_contain_text("−")
        expect(projector.locator("#ranking tbody tr th").first).to_have_text("lea")
        assert top["word"].upper() in projector.inner_text("#top-line")
        projector.screenshot(path=str(ARTIFACTS / "projector-close.png"))
        lea_page.screenshot(path=str(ARTIFACTS / "player-390-close.png"), full_page=True)
        # ending the game asks first: dismissed, the room plays on; accepted, the game is over
        host_page.once("dialog", lambda dialog: dialog.dismiss())
        host_page.click("#finish-button")
        host_page.wait_for_timeout(500)
        room.refresh_from_db()
        assert room.status == room.Status.PLAYING
        host_page.once("dialog", lambda dialog: dialog.accept())
        host_page.click("#finish-button")
        expect(host_page.locator("#finished-line")).to_be_visible()
        for extra in contexts.values():
            extra.close()


BOARD_LETTERS = """() => Array.from(document.querySelectorAll("#room-board td[data-square]"))
    .map((td) => { const tile = td.querySelector(".tile"); return tile ? tile.textContent.trim()[0] : "."; })
    .join("")"""


def test_in_the_pause_between_rounds_players_see_the_board_with_the_last_top(daphne_url, dup_lexicon,
                                                                              django_user_model):
    """Two players (a phone, 390x844, and a laptop, 1280x800) lose their connection during round 1; the
    round closes meanwhile. Back online in the pause, their pages show the board as it stands, the top
    placed, and no rack; opened afresh in the pause, the same."""
    host, lea, max_ = (django_user_model.objects.create_user(name, password="Scrabble-2026-ok")
                       for name in ("arbitre", "lea", "max"))
    room = services.create_room(host, "Club du jeudi", dup_lexicon, seed=2, pause_seconds=120, solo_min_players=2)
    for player in (lea, max_):
        services.join(player, room.code, "player")
    room = services.start(room, host)
    first = room.game.rounds.get(number=1)
    assert first.board_after != ["." * 15] * 15
    after = "".join(first.board_after).upper()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    expect = pytest.importorskip("playwright.sync_api").expect
    network = {"down": False}
    servers: list = []

    def route_socket(ws) -> None:  # the room's socket through the test: cut at will, refused while down
        if network["down"]:
            ws.close()
        else:
            servers.append(ws.connect_to_server())

    def route_state(route) -> None:
        if network["down"]:
            route.abort()
        else:
            route.continue_()

    with launch_context(viewport={"width": 390, "height": 844}, locale="fr-FR") as phone:
        laptop = phone.browser.new_context(viewport={"width": 1280, "height": 800}, locale="fr-FR")
        pages = {"390": log_in(phone, daphne_url, "lea"), "1280": log_in(laptop, daphne_url, "max")}
        for page in pages.values():
            page.route_web_socket(re.compile(r"/ws/rooms/"), route_socket)
            page.route(re.compile(r"/api/rooms/\d+/state/"), route_state)
            page.goto(f"{daphne_url}/training/rooms/{room.pk}/")
            page.wait_for_selector("#rack .tile")
            assert page.evaluate(BOARD_LETTERS) == "." * 225  # round 1: the empty board
        expect(pages["1280"].locator("#player-count")).to_have_text("2")

        network["down"] = True  # both lose the network; the round closes meanwhile
        for server in list(servers):
            server.close()
        for page in pages.values():
            page.wait_for_timeout(300)
        services.next_round(room, host)
        reconnected = len(servers)
        network["down"] = False
        for size, page in pages.items():
            expect(page.locator("#round-line")).to_contain_text("Coup 2", timeout=20_000)
            page.wait_for_function(f"() => ({BOARD_LETTERS})() === {after!r}", timeout=20_000)
            expect(page.locator("#rack .tile")).to_have_count(0)
            expect(page.locator("#timer-label")).to_have_text("Coup suivant dans")
            expect(page.locator("#top-line")).to_contain_text(first.top["word"].upper())
            page.screenshot(path=str(ARTIFACTS / f"pause-reconnected-{size}.png"), full_page=True)
        deadline = time.monotonic() + 30
        while len(servers) < reconnected + 2 and time.monotonic() < deadline:  # both sockets are back
            pages["390"].wait_for_timeout(250)
        assert len(servers) >= reconnected + 2

        for size, page in pages.items():  # opened afresh in the pause
            page.reload()
            expect(page.locator("#round-line")).to_contain_text("Coup 2")
            page.wait_for_function(f"() => ({BOARD_LETTERS})() === {after!r}")
            expect(page.locator("#rack .tile")).to_have_count(0)
            page.screenshot(path=str(ARTIFACTS / f"pause-reloaded-{size}.png"), full_page=True)
        laptop.close()


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=["1280", "390"])
def test_the_lobby_lists_open_rooms_first_then_running_then_finished(daphne_url, rooms_of_every_stage, alice, size):
    alice.set_password("Scrabble-2026-ok")
    alice.save()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    expect = pytest.importorskip("playwright.sync_api").expect
    with launch_context(viewport=size, locale="fr-FR") as context:
        page = log_in(context, daphne_url, "alice")
        page.goto(f"{daphne_url}/training/rooms/")
        expect(page.locator("#my-rooms li a")).to_have_text(rooms_of_every_stage)
        expect(page.locator("#my-rooms li .muted").first).to_contain_text("En attente du départ")
        expect(page.locator("#my-rooms li .muted").last).to_contain_text("Terminée")
        page.locator("#my-rooms").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"lobby-{size['width']}.png"), full_page=True)
