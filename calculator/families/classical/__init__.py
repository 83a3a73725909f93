"""Classical mahjong (古典, 副 and 番): the family's web side."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from calculator.families.base import Family
from calculator.families.classical.forms import Form
from calculator.families.classical.presenter import Presenter
from calculator.families.classical.sheet import SHEET
from calculator.scoring import classical as engine

FAMILY = Family(
    slug="classical",
    name=_("Classical (古典, 副 and 番)"),
    where=_("Ningbo-style tables of the early 20th century"),
    unit=_("副"),
    enter=_("every player's 副 and 番"),
    engine=engine,
    form=Form,
    presenter=Presenter,
    template="classical/page.html",
    example="e_fu=6&s_fu=20&s_fan=1&w_fu=40&w_fan=1&n_fu=2",
    title=_("Classical mahjong payments"),
    sheet=SHEET,
)
