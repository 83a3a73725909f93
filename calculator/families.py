"""The rule families the site knows: slug, name, and the "which game?" facts.

Adding a family means an engine module `calculator/scoring/<slug>.py` (with `score()` and
`unused_settings()`), a form module `calculator/forms/<slug>.py` that defines `Form`, a
presenter module `calculator/presenters/<slug>.py` that defines `Presenter`, a template
`calculator/<slug>.html` — and its entry here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

from django.http import Http404
from django.utils.translation import gettext_lazy as _

from calculator.forms.base import ParamForm

if TYPE_CHECKING:
    from calculator.presenters.base import Presenter


@dataclass(frozen=True, eq=False)
class Family:
    slug: str
    name: Any
    where: Any  # where it is mostly played
    unit: Any  # what the money is counted in
    enter: Any  # what the table enters
    title: Any = ""  # the payment page's <title>, after the headline
    hand_title: Any = ""  # the tile-entry page's <title>, where there is one

    @cached_property
    def form(self) -> type[ParamForm] | None:
        """`calculator.forms.<slug>.Form`, or None while that module does not exist yet."""
        try:
            module = import_module(f"calculator.forms.{self.slug}")
        except ModuleNotFoundError as missing:
            if missing.name != f"calculator.forms.{self.slug}":
                raise  # a broken import inside the module is a bug, not "coming soon"
            return None
        return module.Form

    @cached_property
    def engine(self) -> ModuleType:
        """`calculator.scoring.<slug>`: its `score()` is called once per request."""
        return import_module(f"calculator.scoring.{self.slug}")

    @cached_property
    def presenter(self) -> type[Presenter]:
        """`calculator.presenters.<slug>.Presenter`: one outcome → one view-model."""
        return import_module(f"calculator.presenters.{self.slug}").Presenter

    @property
    def template(self) -> str:
        return f"calculator/{self.slug}.html"


FAMILIES: dict[str, Family] = {
    family.slug: family
    for family in [
        Family(
            "hk",
            _("Hong Kong (番)"),
            _("Hong Kong, Macau, southern China, and most sets sold in the West"),
            _("points or chips"),
            _("fan"),
            title=_("Hong Kong mahjong payments"),
            hand_title=_("Hong Kong hand: fan and payment"),
        ),
        Family(
            "riichi",
            _("Riichi (飜 and 符)"),
            _("Japan, and online mahjong everywhere"),
            _("points"),
            _("han and fu, or the hand's shape"),
            title=_("Riichi mahjong payments"),
            hand_title=_("Riichi hand: yaku, fu and payment"),
        ),
        Family(
            "mcr",
            _("MCR / Chinese Official (分)"),
            _("International tournaments and official play in China"),
            _("points"),
            _("pattern points"),
            title=_("MCR (Chinese Official) mahjong payments"),
            hand_title=_("MCR hand: fans and payment"),
        ),
        Family(
            "nmjl",
            _("American (NMJL card)"),
            _("The United States, with the NMJL card"),
            _("points (often 1¢ each)"),
            _("the value printed on the card"),
            title=_("American (NMJL) mahjong payments"),
        ),
        Family(
            "jiujiang",
            _("Jiujiang (九江)"),
            _("Jiujiang, Jiangxi"),
            _("番 × the stake"),
            _("the hand's patterns and what multiplies them"),
            title=_("Jiujiang mahjong payments"),
            hand_title=_("Jiujiang hand: patterns and payment"),
        ),
        Family(
            "classical",
            _("Classical (古典, 副 and 番)"),
            _("Ningbo-style tables of the early 20th century"),
            _("副"),
            _("every player's 副 and 番"),
            title=_("Classical mahjong payments"),
        ),
    ]
}


def get_family(slug: str) -> Family:
    family = FAMILIES.get(slug)
    if family is None or family.form is None:
        raise Http404("No such rule family")
    return family
