"""API token authentication that reads the token once per request.

DRF's ``TokenAuthentication`` looks the token and its owner up; the language middleware has usually looked
the same token up a moment before (its owner's profile language), and the view then reads the owner's
profile. :func:`accounts.selectors.token_owner` does all three in one query, kept for the request.
"""

from __future__ import annotations

from typing import Any

from rest_framework import authentication

from accounts.selectors import token_owner


class TokenAuthentication(authentication.TokenAuthentication):
    """DRF's token authentication (same header, same errors) through :func:`token_owner`."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        token = token_owner(key)
        if token is None or not token.user.is_active:
            return super().authenticate_credentials(key)  # DRF's own refusal, in its words
        return token.user, token
