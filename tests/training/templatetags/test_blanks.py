"""Blanks readable in words written as text (EMPIlAI), and the négatif as clubs write it."""

from __future__ import annotations

from django.utils import translation

from training.templatetags.board import blanks
from training.templatetags.duplicate_tags import negatif


def test_lower_case_letters_are_blanks_in_their_own_style():
    with translation.override("fr"):
        html = blanks("EMPIlAI")
    assert html == 'EMPI<span class="blank-letter" title="joker">l</span>AI'


def test_a_word_without_blank_is_only_escaped_and_everything_is_escaped():
    assert blanks("MAISON") == "MAISON"
    assert blanks(None) == ""
    html = blanks("<b>a")
    assert "<b>" not in html and "&lt;" in html and ">a</span>" in html


def test_an_unassigned_blank_on_a_rack_is_drawn_as_a_blank():
    assert blanks("AEI?RST").count('class="blank-letter"') == 1


def test_negatif_is_zero_or_written_with_a_true_minus():
    assert negatif(0) == "0" and negatif(-32) == "−32" and negatif(5) == "+5" and negatif("x") == ""


def test_a_blank_on_the_board_is_drawn_in_lower_case_on_its_own_tile():
    from django.template import Context, Template

    rows = ["MAiSON" + "." * 9] + ["." * 15] * 14
    html = Template("{% load board %}{% board rows %}").render(Context({"rows": rows}))
    assert '<span class="tile tile--blank"><span aria-hidden="true">i<sub>0</sub>' in html
    assert "M<sub>2</sub>" in html and "I<sub>" not in html
