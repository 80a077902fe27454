from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from core.navigation import NavItem


class PuzzlesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "puzzles"
    verbose_name = _("Puzzles")
    nav_items = [NavItem("puzzles:crosswords", _("Crosswords"), login_required=True)]
