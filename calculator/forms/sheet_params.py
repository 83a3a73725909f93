"""The sheet's own parameter types: a player's name, one player, a list of players."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from calculator.params import FULL_WIDTH_DIGITS, Param

PLAYER = re.compile(r"[0-9]{1,2}")  # ASCII digits only, and never a huge number to convert
NAME_LENGTH = 40

# The invisible characters a name may hold: Persian spelling and emoji sequences need them,
# and they reorder nothing.
JOINERS = frozenset({"\u200c", "\u200d"})


class NameParam(Param):
    """A player's name: any script, trimmed, 1–40 code points. Never translated or folded."""

    def clean(self, value: Any) -> str:
        text = "" if value is None else str(value).strip()
        if not text:
            raise forms.ValidationError(_("Enter the player's name."), code="required")
        if any(unicodedata.category(char) in ("Cc", "Cs") for char in text):
            # Control characters print as nothing (and PostgreSQL cannot store NUL).
            raise forms.ValidationError(
                _("A name cannot contain control characters."), code="invalid"
            )
        if any(unicodedata.category(char) == "Cf" and char not in JOINERS for char in text):
            # Invisible characters that change how the text around them is drawn: a
            # right-to-left override would turn "Bob pays Cat 40" into "04 taC syap boB".
            raise forms.ValidationError(
                _(
                    "A name cannot contain invisible formatting characters, such as direction marks."
                ),
                code="invalid",
            )
        if len(text) > NAME_LENGTH:
            raise forms.ValidationError(
                _("Use at most %(count)s characters."),
                code="out_of_range",
                params={"count": NAME_LENGTH},
            )
        return text


class PlayerParam(Param):
    """A player number, 1 to the number of players; `none` where `allow_none`."""

    def __init__(self, *, players: int, allow_none: bool = False, **kwargs: Any) -> None:
        super().__init__(default=None, **kwargs)
        self.allow_none = allow_none
        self.players = players

    def parse(self, text: str) -> int | None:
        if self.allow_none and text.lower() == "none":
            return None
        if not PLAYER.fullmatch(text) or not 1 <= int(text) <= self.players:
            raise forms.ValidationError(
                _("Choose a player from 1 to %(count)s."),
                code="out_of_range",
                params={"count": self.players},
            )
        return int(text)


class WinnersParam(Param):
    """Who won: one player, several on one discard as a comma list in any order (`1,2`),
    or `none` for a drawn hand (an empty tuple)."""

    def __init__(self, *, players: int, **kwargs: Any) -> None:
        super().__init__(default=None, **kwargs)
        self.players = players

    def parse(self, text: str) -> tuple[int, ...]:
        if text.lower() == "none":
            return ()
        parts = [part.strip() for part in text.split(",")]
        if not all(PLAYER.fullmatch(part) and 1 <= int(part) <= self.players for part in parts):
            raise forms.ValidationError(
                _("Choose a player from 1 to %(count)s."),
                code="out_of_range",
                params={"count": self.players},
            )
        winners = tuple(int(part) for part in parts)
        if len(set(winners)) != len(winners):
            raise forms.ValidationError(_("Name each player once."), code="invalid")
        return winners

    def encode(self, value: tuple[int, ...]) -> str:
        return ",".join(map(str, value)) if value else "none"


class PlayersParam(Param):
    """A comma list of player numbers (riichi declarations, tenpai)."""

    def __init__(self, *, players: int, **kwargs: Any) -> None:
        super().__init__(default=(), **kwargs)
        self.players = players

    def clean(self, value: Any) -> tuple[int, ...]:
        if value is None:
            return ()
        text = str(value).strip()
        if not text:
            return ()  # an empty list: nobody
        parts = [part.strip().translate(FULL_WIDTH_DIGITS) for part in text.split(",")]
        if not all(PLAYER.fullmatch(part) and 1 <= int(part) <= self.players for part in parts):
            raise forms.ValidationError(
                _("List players from 1 to %(count)s, like 1,3."),
                code="invalid",
                params={"count": self.players},
            )
        players = tuple(sorted({int(part) for part in parts}))
        if len(players) != len(parts):
            raise forms.ValidationError(_("Name each player once."), code="invalid")
        return players

    def encode(self, value: tuple[int, ...]) -> str:
        return ",".join(map(str, value))

    def json_value(self, value: tuple[int, ...]) -> Any:
        return list(value)
