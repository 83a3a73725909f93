"""Params more than one family's forms use (tile entry, table rules): shared here so that no
family's folder imports another's."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from calculator.forms.tile_params import TilesParam
from calculator.forms.tile_words import excerpt
from calculator.params import IntChoiceParam, Param
from calculator.scoring import tiles as notation
from calculator.scoring.tiles import EntryError

FLOWER_IN_HAND = _(
    "Character %(position)s, “%(char)s”, is a flower or a season (%(excerpt)s): flowers are "
    "not part of the hand. Enter them under Flowers."
)


class RadioIntChoiceParam(IntChoiceParam):
    kind = "radio"  # two values: segmented buttons rather than a select


class RefusedParam(Param):
    """A payment-page parameter that the tiles decide on the hand page: sending it is
    `not_allowed` (contract § tile entry for hk), never silently ignored."""

    def __init__(self, *, message: Any, **kwargs: Any) -> None:
        super().__init__(default=None, **kwargs)
        self.message = message

    def clean(self, value: Any) -> Any:
        if value is None:
            return None
        raise ValidationError(self.message, code="not_allowed")

    def encode(self, value: Any) -> str:
        return ""


class HandTilesParam(TilesParam):
    """A tile field in which a flower (`1f`, 梅) is pointed out as a flower."""

    def parse(self, text: str) -> str:
        try:
            return super().parse(text)
        except ValidationError as error:
            if error.code != "bad_notation":
                raise
            if self.what == "tile":
                parsed: object = notation.parse_tile(text, self.name, red_fives=False)
            elif self.what == "melds":
                parsed = notation.parse_melds(text, red_fives=False)
            else:
                parsed = notation.parse_tiles(text, self.name, red_fives=False)
            if isinstance(parsed, EntryError):
                hinted = notation.flower_hint(parsed, text)
                if hinted.args.get("reason") == "flower":
                    raise ValidationError(flower_in_hand(hinted, text), code=hinted.code) from None
            raise


def flower_in_hand(error: EntryError, text: str) -> str:
    index = int(error.args.get("index", 0))  # type: ignore[call-overload]
    return str(FLOWER_IN_HAND) % {
        "position": index + 1,
        "char": error.args.get("char", ""),
        "excerpt": excerpt(text, index),
    }
