"""Training pages: forms with and without htmx, refusals shown, owners only, the board component."""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template

from tests.support import without_csrf_tokens
from tests.training.helpers import baccarat_situation, top_play, wrong_play
from training.grids import services as grid_services
from training.grids.models import Answer
from training.lists import services

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def alice_list(alice, small_lexicon):
    return services.create_list(alice, small_lexicon, "Alice")


def test_dashboard_renders_figures_and_chart(alice_client, alice, alice_list):
    situation = baccarat_situation(alice, services.add_word(alice_list, "BACCARAT", "T"))
    low = wrong_play(situation)
    grid_services.answer_situation(situation, alice, low.word, low.coord)
    html = alice_client.get("/training/").content.decode()
    assert '<svg class="chart"' in html and "BACCARAT" in html  # hardest words
    # the hardest words scroll inside their panel on a phone instead of widening the page
    assert '<div class="table-scroll"><table class="data-table" id="hardest-words">' in html
    assert re.search(r'id="stat-streak">1<', html) and re.search(r'id="stat-accuracy">0 %<', html)


def test_dashboard_shows_todays_progress_against_the_daily_goal(alice_client, alice, alice_list):
    from accounts.services import update_profile

    update_profile(alice, daily_goal=5)
    situation = baccarat_situation(alice, services.add_word(alice_list, "BACCARAT", "T"))
    grid_services.answer_situation(situation, alice, "BACCARAT")
    html = alice_client.get("/training/").content.decode()
    goal = re.search(r'<p class="home-goal" id="daily-goal">(.*?)</p>', html, re.S)
    assert goal, "the dashboard shows the daily goal"
    assert re.search(r"Aujourd’hui\u00a0: 1 sur 5 \(1 réponse en grille\)\.", goal.group(1)), goal.group(1)  # in French
    assert 'value="20"' in goal.group(1) and 'href="/accounts/"' in goal.group(1)


def test_situation_page_and_answer(alice_client, alice, alice_list):
    situation = baccarat_situation(alice, services.add_word(alice_list, "BACCARAT", "T"))
    page = alice_client.get(f"/training/situations/{situation.pk}/").content.decode()
    assert page.count('data-square=') == 225 and 'class="rack"' in page
    assert "BACCARAT" not in page  # no spoiler
    goal = re.search(r'id="situation-goal">(.*?)</div>', page, re.S).group(1)
    assert "le mot de la liste, 8 lettres, par le T en H8" in goal, goal
    typo = alice_client.post(f"/training/situations/{situation.pk}/answer/", {"word": "BACARAT"}, **HTMX)
    html = typo.content.decode()
    assert typo.status_code == 400 and "BACARAT n’est pas dans le lexique" in html and 'id="answer-refused"' in html
    assert 'id="answer-form"' in html and not Answer.objects.exists()  # a typo is not a verdict
    feedback = alice_client.post(f"/training/situations/{situation.pk}/answer/", {"word": "baccarat", "coord": ""},
                                 **HTMX).content.decode()
    assert "feedback--ok" in feedback and 'id="top-table"' in feedback and 'hx-swap-oob="true"' in feedback
    bad = alice_client.post(f"/training/situations/{situation.pk}/answer/", {"word": "B4"}, **HTMX)
    assert bad.status_code == 400 and "B4" in bad.content.decode()
    again = alice_client.post(f"/training/situations/{situation.pk}/answer/", {"word": "CAB", "coord": "I5"}, **HTMX)
    assert again.status_code == 409 and 'id="refused"' in again.content.decode()
    assert "feedback--ok" in again.content.decode()  # the verdict that stands is shown again
    assert Answer.objects.count() == 1
    shown_again = alice_client.get(f"/training/situations/{situation.pk}/").content.decode()
    assert 'id="answer-form"' not in shown_again and "feedback--ok" in shown_again


def _badge_rows(html: str) -> tuple[list[str], list[str]]:
    rows = re.findall(r"<tr class=\"([^\"]*)\"><td>\d+</td><td>([^<]*)</td><td class=\"word\">(\w+)", html)
    return ([f"{c} {w}" for cls, c, w in rows if "is-mine" in cls],
            [f"{c} {w}" for cls, c, w in rows if "is-expected" in cls])


def test_your_word_badge_marks_the_learners_play_not_the_expected_one(alice_client, alice, alice_list):
    from engine.scrabble.cgp import parse_cgp
    from engine.scrabble.movegen import generate_moves
    from lexicon.selectors import gaddag_for
    from tests.training.helpers import situation_for

    situation = situation_for(alice, services.add_word(alice_list, "ART", "T"), "AR", "8F", "ART")
    moves = generate_moves(gaddag_for(alice_list.lexicon), parse_cgp(situation.cgp))
    best = situation.top[0]["score"]
    mine = next(m for m in moves if m.word != "ART" and m.score < best and any(
        t["coord"] == m.coord and t["word"] == m.word for t in situation.top))
    html = alice_client.post(f"/training/situations/{situation.pk}/answer/", {"word": mine.word, "coord": mine.coord},
                             **HTMX).content.decode()
    badge_mine, badge_expected = _badge_rows(html)
    assert badge_mine == [f"{mine.coord} {mine.word}"] and badge_expected == ["8F ART"]


def test_a_top_other_than_the_list_word_is_credited_and_the_form_stays(alice_client, alice, alice_list):
    from tests.training.helpers import situation_for

    situation = situation_for(alice, services.add_word(alice_list, "ART", "T"), "AR", "8F", "ART")
    page = alice_client.get(f"/training/situations/{situation.pk}/").content.decode()
    assert "Le top de cette position est un autre coup" in page
    top = top_play(situation)
    html = alice_client.post(f"/training/situations/{situation.pk}/answer/", {"word": top.word, "coord": top.coord},
                             **HTMX).content.decode()
    assert "Un top\u00a0!" in html and 'id="answer-form"' in html
    told = without_csrf_tokens(html)
    assert 'id="top-table"' not in told and "8F" not in told  # nothing told about the list word yet
    page = alice_client.get(f"/training/situations/{situation.pk}/").content.decode()
    assert 'id="top-credited"' in page and 'id="answer-form"' in page
    done = alice_client.post(f"/training/situations/{situation.pk}/answer/", {"word": "ART"}, **HTMX).content.decode()
    assert "feedback--ok" in done and 'id="top-credit"' in done
    grid = alice_client.get(f"/training/grids/{situation.grid_id}/").content.decode()
    assert "1 top trouvé" in grid


def test_coordinate_errors_show_under_the_coordinate_field(alice_client, alice, alice_list):
    situation = baccarat_situation(alice, services.add_word(alice_list, "BACCARAT", "T"))
    html = alice_client.post(f"/training/situations/{situation.pk}/answer/", {"word": "BACCARAT", "coord": "Z99"},
                             **HTMX).content.decode()
    coord_field = html[html.index('id="id_coord"'):]
    assert "Z99" in coord_field and 'class="field-error"' in coord_field
    word_field = html[html.index('id="id_word"'):html.index('id="id_coord"')]
    assert "field-error" not in word_field
    assert not Answer.objects.exists()


def test_grid_page_hides_the_final_board_until_finished_or_revealed(alice_client, alice, alice_list):
    situation = baccarat_situation(alice, services.add_word(alice_list, "BACCARAT", "T"))
    url = f"/training/grids/{situation.grid_id}/"
    page = alice_client.get(url).content.decode()
    assert 'id="final-board"' not in page and 'id="reveal-grid"' in page
    assert alice_client.post(f"/training/grids/{situation.grid_id}/reveal/").status_code == 302
    revealed = alice_client.get(url).content.decode()
    assert 'id="final-board"' in revealed and 'id="grid-revealed"' in revealed and 'id="start-training"' not in revealed
    situation_page = alice_client.get(f"/training/situations/{situation.pk}/").content.decode()
    assert 'id="answer-form"' not in situation_page and "BACCARAT" in situation_page


def test_dashboard_due_card_agrees_with_the_due_text(alice_client, alice, alice_list):
    services.add_word(alice_list, "BACCARAT", "T")
    html = alice_client.get("/training/").content.decode()
    assert re.search(r'id="stat-due">1<', html) and "1 mot est à réviser maintenant" in html


def test_empty_list_grid_shows_an_error(alice_client, alice_list):
    response = alice_client.post(f"/training/lists/{alice_list.pk}/grids/", follow=True)
    assert "No word to train on" in response.content.decode() or "Aucun mot" in response.content.decode()


def test_board_component_premiums_tiles_and_blanks():
    rows = ["." * 15] * 7 + ["......DaTAIS...."[:15]] + ["." * 15] * 7
    html = Template('{% load board %}{% board rows "fr" highlight=lit %}{% rack_tiles "AB?" %}').render(
        Context({"rows": rows, "lit": [(7, 6)]}))
    assert html.count('data-square=') == 225
    assert html.count("sq--tw") == 8 and html.count("sq--dw") == 16 + 1  # 16 + the centre, now covered
    assert html.count("sq--tl") == 12 and html.count("sq--dl") == 24
    assert 'data-square="A1"' in html and 'data-square="O15"' in html
    assert html.count('class="tile tile--blank"') == 1  # the a of DaTAIS
    assert "D<sub>2</sub>" in html and "sq--lit" in html
    assert 'class="tile tile--rack tile--blank"' in html


def test_pending_grid_polls_the_shared_progress_partial_then_swaps_in(alice_client, alice, alice_list):
    from core.models import TaskRun
    from core.progress import mark_done
    from training.grids.models import TrainingGrid

    run = TaskRun.objects.create(kind="training.generate_grid", owner=alice)
    grid = TrainingGrid.objects.create(owner=alice, lexicon=alice_list.lexicon, revision_list=alice_list, task_run=run)
    page = alice_client.get(f"/training/grids/{grid.pk}/").content.decode()
    assert f'hx-get="/tasks/{run.pk}/progress/"' in page and 'hx-trigger="every 1s"' in page
    assert 'hx-trigger="taskFinished from:body, every 2s"' in page and "<progress" in page  # and polls for situations
    assert f'hx-get="/training/grids/{grid.pk}/body/?shown=0"' in page
    api = alice_client.get(f"/api/grids/{grid.pk}/").json()
    assert (api["status"], api["progress"], api["situations"], api["board"]) == ("pending", 0, [], None)
    TaskRun.objects.filter(pk=run.pk).update(state="running", progress=40)
    assert alice_client.get(f"/api/grids/{grid.pk}/").json()["progress"] == 40
    assert alice_client.get(f"/api/grids/{grid.pk}/").json()["status"] == "running"
    situation = baccarat_situation(alice, services.add_word(alice_list, "BACCARAT", "T"))
    situation.grid = grid
    situation.save()
    TrainingGrid.objects.filter(pk=grid.pk).update(status="done", board=["." * 15] * 15)
    mark_done(run.pk, {})
    body = alice_client.get(f"/training/grids/{grid.pk}/body/", **HTMX).content.decode()
    assert 'id="start-training"' in body and f"/training/situations/{situation.pk}/" in body
