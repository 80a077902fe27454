"""Duplicate pages: make a game (with its progress), play a round (board, rack, countdown, refusals in words,
change of play), the round's result, the end, ranking, review with the missed tops, sharing, joining by
link, the game of the day and its home block. Pages are in French by default."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import timezone

from training.duplicate.models import DuplicateGame, DuplicatePlayer
from training.lists.models import RevisionList

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_alice(client, alice):
    client.force_login(alice)
    return client


def test_index_makes_a_game_and_shows_it(client_alice, dup_lexicon):
    page = client_alice.get("/training/duplicate/")
    assert page.status_code == 200 and "Nouvelle partie" in page.content.decode()
    response = client_alice.post("/training/duplicate/", {"lexicon": dup_lexicon.pk, "variant": "classic",
                                                          "timer": "120"})
    game = DuplicateGame.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/training/duplicate/{game.pk}/"
    assert game.timer_seconds == 120 and game.status == "done"
    assert f"/training/duplicate/{game.pk}/" in client_alice.get("/training/duplicate/").content.decode()


def test_index_refuses_a_bad_timer(client_alice, dup_lexicon):
    response = client_alice.post("/training/duplicate/", {"lexicon": dup_lexicon.pk, "variant": "classic",
                                                          "timer": "30"})
    assert response.status_code == 400 and not DuplicateGame.objects.exists()


def test_untimed_choice_makes_an_untimed_game(client_alice, dup_lexicon):
    client_alice.post("/training/duplicate/", {"lexicon": dup_lexicon.pk, "variant": "joker", "timer": "0"})
    game = DuplicateGame.objects.get()
    assert game.timer_seconds is None and game.variant == "joker"
    assert "Sans limite de temps" in client_alice.get(f"/training/duplicate/{game.pk}/").content.decode()


def test_a_game_being_made_shows_its_progress(client_alice, alice, dup_lexicon):
    game = DuplicateGame.objects.create(owner=alice, lexicon=dup_lexicon, seed=1)
    html = client_alice.get(f"/training/duplicate/{game.pk}/").content.decode()
    assert "Préparation de la partie" in html and "taskFinished" in html


def test_play_round_page_then_play_change_validate_result(client_alice, game):
    html = client_alice.get(f"/training/duplicate/{game.pk}/").content.decode()
    assert 'id="dup-board"' in html and 'class="rack"' in html and 'id="timer"' in html
    assert "Coup 1 sur" in html
    first = game.rounds.get(number=1)
    sub, top = (first.subtops[0] if first.subtops else first.top), first.top
    refused = client_alice.post(f"/training/duplicate/{game.pk}/play/", {"word": "QQ", "coord": "H8", "round": 1},
                                HTTP_HX_REQUEST="true")
    assert refused.status_code == 400 and "refusé" in refused.content.decode()
    ok = client_alice.post(f"/training/duplicate/{game.pk}/play/",
                           {"word": sub["word"], "coord": sub["coord"], "round": 1}, HTTP_HX_REQUEST="true")
    assert ok.status_code == 200 and str(sub["score"]) in ok.content.decode()
    client_alice.post(f"/training/duplicate/{game.pk}/play/", {"word": top["word"], "coord": top["coord"],
                                                               "round": 1}, HTTP_HX_REQUEST="true")
    assert top["word"] in client_alice.get(f"/training/duplicate/{game.pk}/").content.decode()  # resumed play
    response = client_alice.post(f"/training/duplicate/{game.pk}/validate/", {"round": 1})
    assert response["Location"] == f"/training/duplicate/{game.pk}/rounds/1/"
    result = client_alice.get(response["Location"]).content.decode()
    assert "Vous avez trouvé le top" in result and top["word"] in result and "100,0\u00a0%" in result
    # the sous-tops table lists the plays below the top only; plays worth the top are named with it
    below = [m for m in first.subtops if m["score"] < top["score"]]
    equal = [m for m in first.subtops if m["score"] == top["score"]]
    table = result[result.index('id="subtops"'):]
    assert table.count("<tr") == 1 + len(below)  # the header and the plays below the top
    assert all(f'<td class="num">−{top["score"] - m["score"]}</td>' in table for m in below)
    assert equal and 'id="other-tops"' in result  # the first round's top has its down twin
    other_tops = result[result.index('id="other-tops"'):result.index("</p>", result.index('id="other-tops"'))]
    assert all(m["coord"] in other_tops for m in equal) and "Vaut aussi le top" in other_tops
    again = client_alice.post(f"/training/duplicate/{game.pk}/validate/", {"round": 1})
    assert again.status_code == 302  # a finished round: back to the current one with a message
    assert "Coup 2 sur" in client_alice.get(f"/training/duplicate/{game.pk}/").content.decode()


def test_late_play_message(client_alice, alice, game):
    client_alice.get(f"/training/duplicate/{game.pk}/")
    DuplicatePlayer.objects.filter(user=alice).update(round_started_at=timezone.now() - dt.timedelta(minutes=10))
    top = game.rounds.get(number=1).top
    html = client_alice.post(f"/training/duplicate/{game.pk}/play/", {"word": top["word"], "coord": top["coord"]},
                             HTTP_HX_REQUEST="true").content.decode()
    assert "Trop tard" in html


def test_end_ranking_review_and_missed_tops(client_alice, alice, game):
    for number in range(1, game.round_count + 1):
        client_alice.get(f"/training/duplicate/{game.pk}/")
        client_alice.post(f"/training/duplicate/{game.pk}/validate/", {"round": number})
    html = client_alice.get(f"/training/duplicate/{game.pk}/").content.decode()
    assert "Partie terminée" in html
    ranking = client_alice.get(f"/training/duplicate/{game.pk}/ranking/").content.decode()
    assert "alice" in ranking
    missed_all = sum(r.top["score"] for r in game.rounds.all())  # no play: the négatif is every top
    assert f'<td class="num">−{missed_all}</td>' in ranking  # with a true minus sign, as clubs write it
    review = client_alice.get(f"/training/duplicate/{game.pk}/review/").content.decode()
    assert review.count("<tr") == game.round_count + 1
    response = client_alice.post(f"/training/duplicate/{game.pk}/review/missed/", {"list": ""})
    revision_list = RevisionList.objects.get(owner=alice)
    assert response["Location"] == f"/training/lists/{revision_list.pk}/" and revision_list.entries.exists()


def test_a_finished_game_s_title_is_plain_text(client_alice, game):
    """The page's <title> is what a tab shows and a screen reader says first (WCAG 2.4.2): words, no markup
    (a "Game sheet" link once sat in the title block: its tags were shown as text). The link is in the page."""
    for number in range(1, game.round_count + 1):
        client_alice.post(f"/training/duplicate/{game.pk}/validate/", {"round": number})
    html = client_alice.get(f"/training/duplicate/{game.pk}/").content.decode()
    assert "Partie terminée" in html
    title = re.search(r"<title>(.*?)</title>", html, re.DOTALL).group(1)
    assert title == f"Partie de duplicate {game.pk} · Tirage"
    assert "<" not in title and "&lt;" not in title
    assert html.count('id="sheet-link"') == 1 and f'href="/training/duplicate/{game.pk}/sheet/"' in html


def test_review_before_the_end_sends_back_to_the_game(client_alice, game):
    response = client_alice.get(f"/training/duplicate/{game.pk}/review/")
    assert response.status_code == 302


def test_other_users_cannot_open_a_private_game_but_can_join_by_link(client, bob, game):
    client.force_login(bob)
    for url in ("", "ranking/", "review/"):
        assert client.get(f"/training/duplicate/{game.pk}/{url}").status_code == 404
    assert client.post(f"/training/duplicate/{game.pk}/share/", {"visibility": "public"}).status_code == 404
    assert client.get(f"/training/duplicate/join/{game.share_token}/").status_code == 404  # still private
    game.visibility = DuplicateGame.Visibility.LINK
    game.save()
    response = client.get(f"/training/duplicate/join/{game.share_token}/")
    assert response["Location"] == f"/training/duplicate/{game.pk}/"
    assert client.get(response["Location"]).status_code == 200


def test_owner_shares_from_the_play_page(client_alice, game):
    assert "Partager cette partie" in client_alice.get(f"/training/duplicate/{game.pk}/").content.decode()
    client_alice.post(f"/training/duplicate/{game.pk}/share/", {"visibility": "link"})
    game.refresh_from_db()
    assert game.visibility == "link"
    assert game.share_token in client_alice.get(f"/training/duplicate/{game.pk}/").content.decode()


def test_game_of_the_day_from_the_home_page(client_alice, dup_lexicon):
    home = client_alice.get("/").content.decode()
    assert "Partie de duplicate du jour" in home and "/training/duplicate/today/" in home
    response = client_alice.get("/training/duplicate/today/")
    game = DuplicateGame.objects.get(daily_date=timezone.localdate())
    assert response["Location"] == f"/training/duplicate/{game.pk}/"
    assert client_alice.get("/training/duplicate/today/")["Location"] == response["Location"]
    assert "Classement" in client_alice.get("/").content.decode()


def test_navigation_has_a_duplicate_entry(client_alice):
    assert 'href="/training/duplicate/"' in client_alice.get("/").content.decode()


def test_pages_need_a_login(client, game):
    assert client.get(f"/training/duplicate/{game.pk}/").status_code == 302
    assert client.get("/training/duplicate/").status_code == 302


def _english(move: dict) -> str:
    from engine.scrabble.notation import format_coord

    return format_coord(move["row"], move["col"], move["dir"], "en")


def test_the_play_page_offers_the_notation_french_by_default_and_remembers_english(client_alice, game):
    url = f"/training/duplicate/{game.pk}/"
    html = client_alice.get(url).content.decode()
    assert 'name="style"' in html and "Notation" in html
    assert '<option value="fr" selected>' in html and "Français\u00a0: H4 horizontal, 4H vertical" in html
    assert "Anglais\u00a0: 8H horizontal, H8 vertical" in html
    first = game.rounds.get(number=1)
    top = first.top
    english = _english(top)
    # The French reading of the English coordinate is another square (or none): the notation matters.
    assert english != top["coord"]
    ok = client_alice.post(url + "play/", {"word": top["word"], "coord": english, "style": "en", "round": 1},
                           HTTP_HX_REQUEST="true")
    assert ok.status_code == 200, ok.content.decode()
    assert f"en {english}" in ok.content.decode() and str(top["score"]) in ok.content.decode()
    # Remembered for the game: the page chooses English, the help and the play shown follow it, and a play
    # sent without the field (an old page) is read in English too.
    html = client_alice.get(url).content.decode()
    assert '<option value="en" selected>' in html and "8H = ligne 8, colonne H" in html
    assert f"en {english}" in html
    again = client_alice.post(url + "play/", {"word": top["word"], "coord": english, "round": 1},
                              HTTP_HX_REQUEST="true")
    assert again.status_code == 200
    response = client_alice.post(url + "validate/", {"round": 1})
    result = client_alice.get(response["Location"]).content.decode()
    assert f"<td>{english}</td>" in result
    # Back to French.
    client_alice.post(url + "play/", {"word": top["word"], "coord": top["coord"], "style": "fr"},
                      HTTP_HX_REQUEST="true")
    assert '<option value="fr" selected>' in client_alice.get(url).content.decode()


def test_a_word_typed_in_lower_case_on_the_page_is_accepted(client_alice, game):
    top = game.rounds.get(number=1).top
    ok = client_alice.post(f"/training/duplicate/{game.pk}/play/",
                           {"word": top["word"].lower(), "coord": top["coord"], "round": 1}, HTTP_HX_REQUEST="true")
    assert ok.status_code == 200 and str(top["score"]) in ok.content.decode()


# --- "Valider" and the end of the clock send the play placed: nothing is lost --------------------------------

def test_validate_sends_the_play_in_the_fields_without_a_check_first(client_alice, game):
    client_alice.get(f"/training/duplicate/{game.pk}/")
    top = game.rounds.get(number=1).top
    response = client_alice.post(f"/training/duplicate/{game.pk}/validate/",
                                 {"word": top["word"], "coord": top["coord"], "style": "fr", "round": 1})
    assert response.status_code == 302 and response["Location"] == f"/training/duplicate/{game.pk}/rounds/1/"
    result = client_alice.get(response["Location"]).content.decode()
    assert "Vous avez trouvé le top" in result and "Aucun coup joué" not in result


def test_a_refused_play_at_validate_comes_back_on_the_page_with_its_reason(client_alice, game):
    client_alice.get(f"/training/duplicate/{game.pk}/")
    response = client_alice.post(f"/training/duplicate/{game.pk}/validate/",
                                 {"word": "QQ", "coord": "H8", "style": "fr", "round": 1})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="play-refused"' in html and "refusé" in html and "Coup 1 sur" in html
    assert 'value="QQ"' in html and 'value="H8"' in html  # the letters stay where the player put them
    assert game.players.get().current_round == 1


def test_a_refused_check_without_javascript_keeps_the_play_in_the_fields(client_alice, game):
    client_alice.get(f"/training/duplicate/{game.pk}/")
    response = client_alice.post(f"/training/duplicate/{game.pk}/play/", {"word": "QQ", "coord": "H8", "round": 1})
    assert response.status_code == 400
    assert 'value="QQ"' in response.content.decode() and "refusé" in response.content.decode()


def test_a_refused_play_when_time_is_up_ends_the_round_and_says_why(client_alice, alice, game):
    client_alice.get(f"/training/duplicate/{game.pk}/")
    DuplicatePlayer.objects.filter(user=alice).update(round_started_at=timezone.now() - dt.timedelta(seconds=181))
    response = client_alice.post(f"/training/duplicate/{game.pk}/validate/",
                                 {"word": "QQ", "coord": "H8", "style": "fr", "round": 1})
    assert response.status_code == 302
    html = client_alice.get(response["Location"]).content.decode()
    assert "Le temps était écoulé" in html and "QQ" in html and "Aucun coup joué" in html


def test_the_play_page_starts_with_the_play_that_counts_in_its_fields(client_alice, game):
    top = game.rounds.get(number=1).top
    client_alice.get(f"/training/duplicate/{game.pk}/")
    client_alice.post(f"/training/duplicate/{game.pk}/play/", {"word": top["word"], "coord": top["coord"]},
                      HTTP_HX_REQUEST="true")
    html = client_alice.get(f"/training/duplicate/{game.pk}/").content.decode()
    assert f'value="{top["word"]}"' in html and f'value="{top["coord"]}"' in html
    assert 'formaction="/training/duplicate/' in html and 'data-ms-left="' in html


# --- The round's result and the review: négatif, sous-tops, colours, past rounds, blanks --------------------

def test_result_shows_the_negatif_the_sous_tops_and_a_good_score_not_as_an_error(client_alice, game):
    client_alice.get(f"/training/duplicate/{game.pk}/")
    first = game.rounds.get(number=1)
    sub = first.subtops[-1]
    client_alice.post(f"/training/duplicate/{game.pk}/validate/", {"word": sub["word"], "coord": sub["coord"]})
    html = client_alice.get(f"/training/duplicate/{game.pk}/rounds/1/").content.decode()
    negatif = first.top["score"] - sub["score"]
    assert f"négatif −{negatif}" in html and "feedback--info" in html and "feedback--ko" not in html
    assert f"Vous marquez {sub['score']} points, soit {negatif} de moins que le top." in html
    assert "Sous-tops" in html and "Les coups suivants" not in html
    assert 'class="is-mine"' in html  # the player's play among the sous-tops


def test_no_play_is_red_and_the_top_is_green(client_alice, game):
    client_alice.get(f"/training/duplicate/{game.pk}/")
    client_alice.post(f"/training/duplicate/{game.pk}/validate/", {})
    assert "feedback--ko" in client_alice.get(f"/training/duplicate/{game.pk}/rounds/1/").content.decode()
    top = game.rounds.get(number=2).top
    client_alice.get(f"/training/duplicate/{game.pk}/")
    client_alice.post(f"/training/duplicate/{game.pk}/validate/", {"word": top["word"], "coord": top["coord"]})
    html = client_alice.get(f"/training/duplicate/{game.pk}/rounds/2/").content.decode()
    assert "feedback--ok" in html and "négatif −" in html  # round 1's top was missed


def test_a_past_rounds_page_shows_the_total_at_that_round(client_alice, game):
    tops = [game.rounds.get(number=n).top for n in (1, 2)]
    for top in tops:
        client_alice.get(f"/training/duplicate/{game.pk}/")
        client_alice.post(f"/training/duplicate/{game.pk}/validate/", {"word": top["word"], "coord": top["coord"]})
    past = client_alice.get(f"/training/duplicate/{game.pk}/rounds/1/").content.decode()
    assert f"Votre total\u00a0: {tops[0]['score']} · négatif 0" in past
    assert 'id="past-round"' in past and f"actuellement\u00a0: {tops[0]['score'] + tops[1]['score']}" in past
    assert "Retour à la partie" in past
    latest = client_alice.get(f"/training/duplicate/{game.pk}/rounds/2/").content.decode()
    assert f"Votre total\u00a0: {tops[0]['score'] + tops[1]['score']} · négatif 0" in latest
    assert 'id="past-round"' not in latest and "Coup suivant" in latest


def test_review_shows_the_running_total_and_negatif_and_blanks_in_their_style(client_alice, alice, game):
    from training.duplicate.models import DuplicateRound

    top = game.rounds.get(number=1).top
    client_alice.get(f"/training/duplicate/{game.pk}/")
    client_alice.post(f"/training/duplicate/{game.pk}/validate/", {"word": top["word"], "coord": top["coord"]})
    for number in range(2, game.round_count + 1):
        client_alice.get(f"/training/duplicate/{game.pk}/")
        client_alice.post(f"/training/duplicate/{game.pk}/validate/", {"round": number})
    last = game.rounds.get(number=game.round_count)
    DuplicateRound.objects.filter(pk=last.pk).update(top={**last.top, "word": "EMPIlAI"})  # a blank as L
    html = client_alice.get(f"/training/duplicate/{game.pk}/review/").content.decode()
    assert "Négatif" in html and f"<td class=\"num\" data-label=\"Total\">{top['score']}</td><td class=\"num\" data-label=\"Négatif\">0</td>" in html
    assert 'EMPI<span class="blank-letter" title="joker">l</span>AI' in html
    player = game.players.get()
    assert f"Négatif\u00a0: −{player.top_total - player.total}\u00a0;" in html


def test_the_play_page_announces_the_draw_and_the_bag(client_alice, game):
    html = client_alice.get(f"/training/duplicate/{game.pk}/").content.decode()
    rack = game.rounds.get(number=1).rack
    assert f'id="announced-rack">{rack}<' in html.replace('<span class="blank-letter" title="joker">?</span>', "?")
    assert "95 jetons dans le sac" in html  # 102 French tiles − 7 on the rack
    assert 'id="rack-shuffle"' in html and 'id="rack-sort"' in html
    top = game.rounds.get(number=1).top
    client_alice.post(f"/training/duplicate/{game.pk}/validate/", {"word": top["word"], "coord": top["coord"]})
    second = game.rounds.get(number=2)
    html = client_alice.get(f"/training/duplicate/{game.pk}/").content.decode()
    drawn = second.rack[len(second.kept):]
    assert f"{second.kept}+{drawn}" in html.replace('<span class="blank-letter" title="joker">?</span>', "?")
    on_board = sum(ch != "." for row in game.rounds.get(number=1).board_after for ch in row)
    assert f"{102 - on_board - len(second.rack)} jetons dans le sac" in html

