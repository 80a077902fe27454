from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from core.navigation import NavItem


class TrainingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "training"
    verbose_name = _("Training")
    # The dashboard links to lists, grids and reviews; all of it is personal, hence logged-in users only.
    nav_items = [NavItem("training:dashboard", _("Training"), login_required=True)]
