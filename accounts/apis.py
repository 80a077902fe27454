"""``POST /api/auth/register/`` and ``POST /api/auth/token/``: token access for scripts and apps."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import login_limits, selectors
from accounts.serializers import (
    AuthTokenSerializer,
    ProfileSerializer,
    RegisteredSerializer,
    RegisterSerializer,
)
from accounts.services import ProfileError, create_learner, update_profile
from core.api_errors import error_response
from core.parsers import SafeJSONParser
from core.throttling import DegradingAnonRateThrottle


class AuthRateThrottle(DegradingAnonRateThrottle):
    """Limits password guessing and sign-up floods per client IP (rate: settings, scope ``auth``); lets
    requests through when the cache (Redis) is down rather than failing log-in."""

    scope = "auth"


TOO_MANY = OpenApiResponse(description="Too many requests or failed log-ins: `{\"detail\": message}` "
                                       "and a `Retry-After` header (seconds).")


class RegisterApi(APIView):
    """Create a learner account and return its API token."""

    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [AuthRateThrottle]

    @extend_schema(request=RegisterSerializer, responses={201: RegisteredSerializer, 429: TOO_MANY})
    def post(self, request: Request) -> Response:
        serializer = RegisterSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = create_learner(**serializer.validated_data)
        token, _ = Token.objects.get_or_create(user=user)
        body = RegisteredSerializer({"id": user.pk, "username": user.get_username(), "token": token.key}).data
        return Response(body, status=status.HTTP_201_CREATED)


class TokenApi(ObtainAuthToken):
    """Exchange a username and password for the user's API token (``Authorization: Token <key>``).

    Failed attempts are limited per (account, client address) with growing delays like the log-in page
    (``accounts.login_limits``): past the limit the answer is 429 before the password is checked.
    """

    serializer_class = AuthTokenSerializer
    throttle_classes = [AuthRateThrottle]
    parser_classes = [SafeJSONParser]  # JSON like the rest of the API (DRF's view also reads forms)
    # Anonymous by nature, like registering: the schema then says no credentials are needed, and a
    # browser's session cookie cannot turn the request into a CSRF refusal.
    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(request=AuthTokenSerializer, responses={
        200: inline_serializer("TokenKey", fields={"token": serializers.CharField()}), 400: OpenApiResponse(
        description="Wrong username or password, or a missing field."), 429: TOO_MANY})
    def post(self, request: Request, *args, **kwargs) -> Response:
        data = request.data if hasattr(request.data, "get") else {}
        username = data.get("username")
        username = username if isinstance(username, str) else ""
        refusal = login_limits.refusal(request, username)
        if refusal is not None:
            return error_response(refusal.message, status.HTTP_429_TOO_MANY_REQUESTS,
                                  headers={"Retry-After": str(refusal.retry_after)})
        serializer = self.get_serializer(data=data)
        if not serializer.is_valid():
            login_limits.record_failure(request, username)
            return Response(serializer.errors, status=status.HTTP_400_BAD_REQUEST)
        login_limits.record_success(request, username)
        token, _created = Token.objects.get_or_create(user=serializer.validated_data["user"])
        return Response({"token": token.key})


class MeApi(APIView):
    """The authenticated user and their preferences; ``PATCH`` changes some of them."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: ProfileSerializer, 401: OpenApiResponse(description="Not authenticated.")})
    def get(self, request: Request) -> Response:
        return Response(ProfileSerializer(selectors.me_of(request.user)).data)

    @extend_schema(request=ProfileSerializer, responses={
        200: ProfileSerializer, 400: OpenApiResponse(description="`{field: [message]}`: a value refused."),
        401: OpenApiResponse(description="Not authenticated.")})
    def patch(self, request: Request) -> Response:
        serializer = ProfileSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        changes = {key: serializer.validated_data[key] for key in ("language", "daily_goal", "default_lexicon",
                                                                    "new_cards_per_day", "passing_seconds")
                   if key in serializer.validated_data}
        try:
            update_profile(request.user, **changes)
        except ProfileError as exc:
            return Response({exc.field: [exc.message]}, status=status.HTTP_400_BAD_REQUEST)
        return Response(ProfileSerializer(selectors.me_of(request.user)).data)
