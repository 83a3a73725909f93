"""Jiujiang mahjong (九江): the family's web side."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from calculator.families.base import Family, HandEntry
from calculator.families.jiujiang import hand_forms, hand_presenter
from calculator.families.jiujiang.forms import Form
from calculator.families.jiujiang.presenter import Presenter
from calculator.families.jiujiang.sheet import SHEET
from calculator.scoring import jiujiang as engine

FAMILY = Family(
    slug="jiujiang",
    name=_("Jiujiang (九江)"),
    where=_("Jiujiang, Jiangxi"),
    unit=_("番 × the stake"),
    enter=_("the hand's patterns and what multiplies them"),
    engine=engine,
    form=Form,
    presenter=Presenter,
    template="jiujiang/page.html",
    example="pattern=pengpeng&win=self_draw&dealer=1",
    title=_("Jiujiang mahjong payments"),
    sheet=SHEET,
    hand=HandEntry(
        form=hand_forms.Form,
        presenter=hand_presenter.HandPresenter,
        template="jiujiang/hand.html",
        analysis_template="jiujiang/_hand_analysis.html",
        payment_presenter=hand_presenter.PaymentPresenter,
    ),
    hand_title=_("Jiujiang hand: patterns and payment"),
    head_template="jiujiang/_head.html",
)
