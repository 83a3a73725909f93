"""Riichi mahjong (飜 and 符): the family's web side."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from calculator.families.base import Family, HandEntry
from calculator.families.riichi import hand_forms, hand_presenter
from calculator.families.riichi.forms import Form
from calculator.families.riichi.presenter import Presenter
from calculator.families.riichi.sheet import SHEET
from calculator.scoring import riichi as engine

FAMILY = Family(
    slug="riichi",
    name=_("Riichi (飜 and 符)"),
    where=_("Japan, and online mahjong everywhere"),
    unit=_("points"),
    enter=_("han and fu, or the hand's shape"),
    engine=engine,
    form=Form,
    presenter=Presenter,
    template="riichi/page.html",
    example="han=3&fu=40&win=self_draw&honba=2&kiriage=1",
    title=_("Riichi mahjong payments"),
    sheet=SHEET,
    hand=HandEntry(
        form=hand_forms.Form,
        presenter=hand_presenter.HandPresenter,
        template="riichi/hand.html",
        analysis_template="riichi/_hand_analysis.html",
    ),
    hand_title=_("Riichi hand: yaku, fu and payment"),
)
