"""Every page's ``<title>`` is plain text: no template puts markup in its ``{% block title %}``.

A browser shows the title element's content as text (in the tab, the history, and the first thing a screen
reader says of a page, WCAG 2.4.2): markup there is read out as "<p class=...". The walk reads every template's
title block as Django parses it (literal text, and the text of its ``translate`` and ``blocktranslate`` tags);
the finished duplicate game's page, where a link once sat in the title, is rendered in
``tests/training/duplicate/test_pages.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.template import engines
from django.template.base import Node, TextNode, TokenType
from django.template.loader_tags import BlockNode
from django.templatetags.i18n import BlockTranslateNode, TranslateNode

TEMPLATE_DIRS = [Path(d) for d in settings.TEMPLATES[0]["DIRS"]]


def _templates() -> list[str]:
    return sorted(str(path.relative_to(root)) for root in TEMPLATE_DIRS for path in root.rglob("*.html"))


def _texts(node: Node) -> list[str]:
    """The literal text a node of a title block writes (variables left out: they are escaped when rendered)."""
    if isinstance(node, TextNode):
        return [node.s]
    if isinstance(node, BlockTranslateNode):
        tokens = list(node.singular) + list(node.plural or [])
        return [token.contents for token in tokens if token.token_type == TokenType.TEXT]
    if isinstance(node, TranslateNode):
        literal = node.filter_expression.var
        return [str(literal.literal)] if getattr(literal, "literal", None) is not None else []
    return []


def title_texts(name: str) -> list[str]:
    template = engines["django"].engine.get_template(name)
    found = []
    for block in template.nodelist.get_nodes_by_type(BlockNode):
        if block.name == "title":
            for node in block.nodelist.get_nodes_by_type(Node):
                found.extend(_texts(node))
    return found


def test_the_walk_sees_the_title_blocks():
    assert len(_templates()) > 50
    assert "Tirage" in "".join(title_texts("base.html"))
    assert "Duplicate game" in "".join(title_texts("training/duplicate/finished.html"))


@pytest.mark.parametrize("name", _templates())
def test_no_title_block_holds_markup(name):
    marked = [text for text in title_texts(name) if "<" in text or ">" in text]
    assert not marked, f"{name}: the title block writes markup {marked!r}; put it in the page, not in the title"
