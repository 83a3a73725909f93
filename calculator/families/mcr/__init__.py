"""MCR, Chinese Official (分): the family's web side."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from calculator.families.base import Family, HandEntry
from calculator.families.mcr import hand_forms, hand_presenter
from calculator.families.mcr.forms import Form
from calculator.families.mcr.presenter import Presenter
from calculator.families.mcr.sheet import SHEET
from calculator.scoring import mcr as engine

FAMILY = Family(
    slug="mcr",
    name=_("MCR / Chinese Official (分)"),
    where=_("International tournaments and official play in China"),
    unit=_("points"),
    enter=_("pattern points"),
    engine=engine,
    form=Form,
    presenter=Presenter,
    template="mcr/page.html",
    example="points=24&flowers=2&win=self_draw",
    title=_("MCR (Chinese Official) mahjong payments"),
    sheet=SHEET,
    hand=HandEntry(
        form=hand_forms.Form,
        presenter=hand_presenter.HandPresenter,
        template="mcr/hand.html",
        analysis_template="mcr/_hand_analysis.html",
    ),
    hand_title=_("MCR hand: fans and payment"),
)
