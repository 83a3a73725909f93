"""American (NMJL) on a score sheet: the card value per hand; a fifth person's bet stays off."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from calculator.families.base import FamilySheet
from calculator.families.nmjl.forms import Form

# Not a player's money at this table: a fifth person's bet stays off the sheet.
NOT_ALLOWED_BETTOR = _("A bettor is not one of the players, so a sheet leaves the bet out.")

SHEET = FamilySheet(
    form=Form, supplied=(), refused={"bettor": NOT_ALLOWED_BETTOR}, always_said=("value",)
)
