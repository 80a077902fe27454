"""WebSocket authentication: Django's session cookie (Channels' ``AuthMiddlewareStack``), or ``?token=`` with
the caller's API token for clients without cookies (mobile apps, the bench)."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from channels.auth import AuthMiddlewareStack  # type: ignore[import-untyped]
from channels.db import database_sync_to_async  # type: ignore[import-untyped]
from channels.security.websocket import OriginValidator  # type: ignore[import-untyped]
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from rest_framework.authtoken.models import Token


@database_sync_to_async
def _user_of_token(key: str) -> Any:
    token = Token.objects.select_related("user").filter(key=key[:40]).first()
    if token is None or not token.user.is_active:
        return AnonymousUser()
    return token.user


class TokenAuthMiddleware:
    """Sets ``scope["user"]`` from ``?token=`` when given (a wrong token is the anonymous user)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: dict, receive: Any, send: Any) -> Any:
        query = parse_qs((scope.get("query_string") or b"").decode("latin-1"))
        key = (query.get("token") or [""])[0]
        if key:
            scope = {**scope, "user": await _user_of_token(key)}
        return await self.inner(scope, receive, send)


def auth_stack(inner: Any) -> Any:
    """Session first (cookie), then the token when the query string has one."""
    return AuthMiddlewareStack(TokenAuthMiddleware(inner))


class AllowedHostsOrigin(OriginValidator):
    """Channels' ``AllowedHostsOriginValidator``, reading ``ALLOWED_HOSTS`` at each connection rather than once
    at import (so settings changed later, as tests do, apply): a page of another site cannot open a socket
    with the visitor's session cookie."""

    def __init__(self, application: Any) -> None:
        super().__init__(application, [])

    def valid_origin(self, parsed_origin: Any) -> bool:
        hosts = list(settings.ALLOWED_HOSTS)
        if settings.DEBUG and not hosts:
            hosts = ["localhost", "127.0.0.1", "[::1]"]
        self.allowed_origins = hosts
        return super().valid_origin(parsed_origin)
