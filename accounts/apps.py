from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"
    verbose_name = _("Accounts")
    chosen_lexicon = "accounts.selectors.chosen_lexicon"  # hooks (core.hooks): lower apps call up through them
    token_language = "accounts.selectors.token_language"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from accounts.services import apply_language_at_login

        user_logged_in.connect(apply_language_at_login, dispatch_uid="accounts.apply_language_at_login")


class TirageAdminConfig(admin_apps.AdminConfig):
    """``django.contrib.admin`` whose site limits failed log-ins (``accounts.admin_site``)."""

    default = False  # named in INSTALLED_APPS; AccountsConfig stays this module's default
    default_site = "accounts.admin_site.TirageAdminSite"
