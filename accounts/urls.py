from django.urls import include, path

from accounts import views

urlpatterns = [
    path("", views.account, name="account"),
    path("signup/", views.signup, name="signup"),
    path("signup/check-username/", views.username_check, name="signup-username-check"),
    path("login/", views.RateLimitedLoginView.as_view(), name="login"),
    # logout, password_change(_done), password_reset(_done/_confirm/_complete)
    path("", include("django.contrib.auth.urls")),
]
