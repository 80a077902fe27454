from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LexiconConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "lexicon"
    verbose_name = _("Lexicons")
