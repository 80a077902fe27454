from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from core.navigation import NavItem


class LexiconConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "lexicon"
    verbose_name = _("Lexicons")
    # Lookups are for everyone, logged in or not; curation links live on the lexicon pages (staff only).
    nav_items = [NavItem("lexicon-index", _("Lexicons"))]
