"""``POST /api/auth/register/`` and ``POST /api/auth/token/``: token access for scripts and apps."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from accounts.serializers import RegisteredSerializer, RegisterSerializer
from accounts.services import create_learner


class AuthRateThrottle(AnonRateThrottle):
    """Limits password guessing and sign-up floods per client IP (rate: settings, scope ``auth``)."""

    scope = "auth"


class RegisterApi(APIView):
    """Create a learner account and return its API token."""

    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [AuthRateThrottle]

    @extend_schema(request=RegisterSerializer, responses={201: RegisteredSerializer})
    def post(self, request: Request) -> Response:
        serializer = RegisterSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = create_learner(**serializer.validated_data)
        token, _ = Token.objects.get_or_create(user=user)
        body = RegisteredSerializer({"id": user.pk, "username": user.get_username(), "token": token.key}).data
        return Response(body, status=status.HTTP_201_CREATED)


class TokenApi(ObtainAuthToken):
    """Exchange a username and password for the user's API token (``Authorization: Token <key>``)."""

    throttle_classes = [AuthRateThrottle]
