"""Hong Kong mahjong (番): the family's web side."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from calculator.families.base import Family, HandEntry
from calculator.families.hk import hand_forms, hand_presenter
from calculator.families.hk.forms import Form
from calculator.families.hk.presenter import Presenter
from calculator.families.hk.sheet import SHEET
from calculator.scoring import hk as engine

FAMILY = Family(
    slug="hk",
    name=_("Hong Kong (番)"),
    where=_("Hong Kong, Macau, southern China, and most sets sold in the West"),
    unit=_("points or chips"),
    enter=_("fan"),
    engine=engine,
    form=Form,
    presenter=Presenter,
    template="hk/page.html",
    example="fan=5&split=half&win=self_draw&dealer=1",
    title=_("Hong Kong mahjong payments"),
    sheet=SHEET,
    hand=HandEntry(
        form=hand_forms.Form,
        presenter=hand_presenter.HandPresenter,
        template="hk/hand.html",
        analysis_template="hk/_hand_analysis.html",
        payment_presenter=hand_presenter.PaymentPresenter,
    ),
    hand_title=_("Hong Kong hand: fan and payment"),
)
