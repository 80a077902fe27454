from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _


class SignUpForm(UserCreationForm):
    """Username, optional e-mail (needed only for password reset) and the password twice."""

    email = forms.EmailField(
        label=_("E-mail"),
        required=False,
        help_text=_("Optional; used only to reset a forgotten password."),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")
