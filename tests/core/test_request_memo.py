"""``core.request_memo``: a memo per request, none outside requests, so nothing read in one request (a
learner's profile) is served to the next."""

from __future__ import annotations

import pytest
from django.http import HttpResponse
from django.test import RequestFactory

from accounts.selectors import profile_of
from accounts.services import update_profile
from core.request_memo import RequestMemoMiddleware, request_memo
from lexicon.selectors import preferred_lexicon


def test_each_request_has_its_own_memo_and_none_is_left_after():
    seen = []

    def view(request):
        memo = request_memo()
        seen.append(memo)
        memo["x"] = len(seen)
        return HttpResponse()

    middleware = RequestMemoMiddleware(view)
    middleware(RequestFactory().get("/"))
    middleware(RequestFactory().get("/"))
    assert seen == [{"x": 1}, {"x": 2}] and seen[0] is not seen[1]
    assert request_memo() is None


@pytest.mark.django_db
def test_the_profile_is_read_once_per_request_and_a_change_is_seen_at_once(alice, django_assert_num_queries):
    def view(request):
        with django_assert_num_queries(1):
            assert profile_of(alice).daily_goal == 20
            assert profile_of(alice).daily_goal == 20
        update_profile(alice, daily_goal=30)
        assert profile_of(alice).daily_goal == 30
        return HttpResponse()

    RequestMemoMiddleware(view)(RequestFactory().get("/"))
    assert profile_of(alice).daily_goal == 30  # outside a request: read afresh


@pytest.mark.django_db
def test_outside_a_request_nothing_is_kept(alice):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as first:
        preferred_lexicon(alice)
    with CaptureQueriesContext(connection) as second:
        preferred_lexicon(alice)
    def profile_reads(queries):
        return [q for q in queries.captured_queries if 'FROM "accounts_profile"' in q["sql"]]

    # The learner's profile is read again (no memo outside a request); the site's lexicon, the same for
    # everyone, comes from the shared cache (core.shared_cache) the second time.
    assert len(profile_reads(first)) == len(profile_reads(second)) == 1 and len(first) >= 2
