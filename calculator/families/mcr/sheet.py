"""MCR on a score sheet: no table rules of its own, the hand's points and flowers per hand."""

from __future__ import annotations

from calculator.families.base import FamilySheet
from calculator.families.mcr.forms import Form

SHEET = FamilySheet(form=Form, supplied=(), always_said=("points",))
