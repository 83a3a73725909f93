"""Jiujiang on a score sheet: the stake and cap are the table's, the patterns each hand's."""

from __future__ import annotations

from calculator.families.base import FamilySheet
from calculator.families.jiujiang.forms import Form

SHEET = FamilySheet(
    form=Form,
    table_params=("base", "base_add", "haohua_extra", "cap", "pay", "unit"),
    always_said=("pattern",),
)
