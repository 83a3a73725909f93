"""American mahjong, NMJL card: the family's web side."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from calculator.families.base import Family
from calculator.families.nmjl.forms import Form
from calculator.families.nmjl.presenter import Presenter
from calculator.families.nmjl.sheet import SHEET
from calculator.scoring import nmjl as engine

FAMILY = Family(
    slug="nmjl",
    name=_("American (NMJL card)"),
    where=_("The United States, with the NMJL card"),
    unit=_("points (often 1¢ each)"),
    enter=_("the value printed on the card"),
    engine=engine,
    form=Form,
    presenter=Presenter,
    template="nmjl/page.html",
    example="value=30&win=self_draw&jokerless=1",
    title=_("American (NMJL) mahjong payments"),
    sheet=SHEET,
)
