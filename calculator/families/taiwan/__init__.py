"""Taiwanese mahjong (台灣麻將, 16 tiles): the family's web side."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from calculator.families.base import Family
from calculator.families.taiwan.forms import Form
from calculator.families.taiwan.presenter import Presenter
from calculator.families.taiwan.sheet import SHEET
from calculator.scoring import taiwan as engine

FAMILY = Family(
    slug="taiwan",
    name=_("Taiwanese (台灣麻將)"),
    where=_("Taiwan, and Taiwanese tables abroad"),
    unit=_("底 + 台 × 台數"),
    enter=_("the hand's 台數, who deals and the 連莊 count"),
    engine=engine,
    form=Form,
    presenter=Presenter,
    template="taiwan/page.html",
    example="tai=5&win=self_draw&streak=2&cap=8",
    title=_("Taiwanese mahjong payments"),
    sheet=SHEET,
    head_template="taiwan/_head.html",
    glossary_template="taiwan/_glossary.html",
    sources_template="taiwan/_sources.html",
    same_value=(
        (_("3 台 at 100/20, the dealer not involved"), _("Off a discard"), ""),
        (_("3 台 at 100/20, a first-hand dealer pays"), _("Self-drawn"), "win=self_draw"),
    ),
)
