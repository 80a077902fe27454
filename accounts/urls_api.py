from django.urls import path

from accounts import apis

urlpatterns = [
    path("auth/register/", apis.RegisterApi.as_view(), name="api-register"),
    path("auth/token/", apis.TokenApi.as_view(), name="api-token"),
    path("auth/me/", apis.MeApi.as_view(), name="api-me"),
]
