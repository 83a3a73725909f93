"""The tile fields every hand form declares (hand, winning tile, melds, and riichi's dora),
read in the notation of contract.md § tile entry, and the seat and round choices."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from calculator.forms.tile_words import notation_message
from calculator.params import ChoiceParam, Param
from calculator.scoring import tiles as notation
from calculator.scoring.tiles import EntryError, Wind

REQUIRED_MESSAGES = {
    "hand": _(
        "Enter the tiles of the hand, like 123m456p789s11z, or tap them on the tile keyboard."
    ),
    "win_tile": _("Enter the winning tile, like 5p."),
}


class TilesParam(Param):
    """Tiles in the notation of contract.md § tile entry, kept as typed until the whole hand
    is read (`HandForm.clean` then writes the canonical text back).

    `what` is `tiles` (any number; empty allowed unless required), `tile` (exactly one) or
    `melds`. Spaces belong to the text so that error positions match what was typed.
    """

    kind = "tiles"

    def __init__(
        self,
        *,
        name: str,
        what: str,
        red_fives: bool,
        required: bool = False,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("default", None if required else "")
        super().__init__(required=required, **kwargs)
        self.name, self.what, self.red_fives = name, what, red_fives

    def clean(self, value: Any) -> Any:
        if value is None and not self.required:
            return self.default
        text = "" if value is None else str(value)
        if not text.strip():
            if not self.required:
                return ""
            message = REQUIRED_MESSAGES.get(self.name, _("Enter a value."))
            raise ValidationError(message, code="required")
        return self.parse(text)

    def parse(self, text: str) -> str:
        if self.what == "tile":
            parsed: object = notation.parse_tile(text, self.name, red_fives=self.red_fives)
        elif self.what == "melds":
            parsed = notation.parse_melds(text, red_fives=self.red_fives)
        else:
            parsed = notation.parse_tiles(text, self.name, red_fives=self.red_fives)
        if isinstance(parsed, EntryError):
            raise ValidationError(notation_message(parsed, text), code=parsed.code)
        return text

    def encode(self, value: Any) -> str:
        return "" if value is None else str(value)

    def json_value(self, value: Any) -> Any:
        return value


HAND_HELP = _("The tiles outside melded sets, the winning tile included.")
MELDS_HELP = _(
    "Comma-separated: chi:123m (chow), pon:555z (pung), kan:1111p (melded kong), "
    "ankan:9999s (concealed kong)."
)


def tile_params(
    *,
    win_label: Any,
    melds_label: Any,
    red_fives: bool = False,
    hand_help: Any = HAND_HELP,
    melds_help: Any = MELDS_HELP,
    kind: type[TilesParam] = TilesParam,
) -> tuple[TilesParam, TilesParam, TilesParam]:
    """Every hand page's three tile fields, `hand, win_tile, melds = tile_params(…)`: the
    families differ only in their words and whether red fives exist."""
    return (
        kind(
            name="hand",
            what="tiles",
            red_fives=red_fives,
            required=True,
            label=_("Hand (手牌)"),
            help_text=hand_help,
        ),
        kind(
            name="win_tile",
            what="tile",
            red_fives=red_fives,
            required=True,
            label=win_label,
            help_text=_("The tile you won on; it is also in the hand."),
        ),
        kind(
            name="melds", what="melds", red_fives=red_fives, label=melds_label, help_text=melds_help
        ),
    )


def wind_param(labels: Mapping[Wind, Any], label: Any) -> ChoiceParam:
    return ChoiceParam(default=Wind.EAST, enum=Wind, labels=dict(labels), radio=True, label=label)
