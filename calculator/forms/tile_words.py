"""How the tile-entry pages word tiles, seats and winds, and a notation error with the text
around it. Shared by every family's hand form and hand presenter."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from calculator.scoring import tiles as notation
from calculator.scoring.tiles import EntryError, Tile, Wind

EXCERPT = 8  # characters shown on each side of a bad character

SEAT_LABELS = {
    Wind.EAST: _("East (東), the dealer"),
    Wind.SOUTH: _("South (南)"),
    Wind.WEST: _("West (西)"),
    Wind.NORTH: _("North (北)"),
}
# A wind as such (東風), not a player's seat (東家): Chinese words the two differently.
ROUND_LABELS = {
    Wind.EAST: pgettext_lazy("wind", "East (東)"),
    Wind.SOUTH: pgettext_lazy("wind", "South (南)"),
    Wind.WEST: pgettext_lazy("wind", "West (西)"),
    Wind.NORTH: pgettext_lazy("wind", "North (北)"),
}

# A tile as a message names it: players say 白板 and 中, not 5z; numbered tiles keep their
# digit (5索, or 5s in English, as the notation the page teaches).
HONOR_WORDS = (
    pgettext_lazy("tile", "East wind (東)"),
    pgettext_lazy("tile", "South wind (南)"),
    pgettext_lazy("tile", "West wind (西)"),
    pgettext_lazy("tile", "North wind (北)"),
    pgettext_lazy("tile", "White dragon (白)"),
    pgettext_lazy("tile", "Green dragon (發)"),
    pgettext_lazy("tile", "Red dragon (中)"),
)
SUIT_WORDS = {
    "m": pgettext_lazy("tile", "%(number)sm"),
    "p": pgettext_lazy("tile", "%(number)sp"),
    "s": pgettext_lazy("tile", "%(number)ss"),
}
# Whose seat the hand page's result is for. Riichi says which seat is the dealer, who is
# paid more; in MCR the dealer is paid the same, so only the wind is said.
WINNER_WORDS = {
    Wind.EAST: _("East wins"),
    Wind.SOUTH: _("South wins"),
    Wind.WEST: _("West wins"),
    Wind.NORTH: _("North wins"),
}
DEALER_WINNER_WORDS = {**WINNER_WORDS, Wind.EAST: _("East (the dealer) wins")}

NOTATION_MESSAGES = {
    "unknown_character": _(
        "Character %(position)s, “%(char)s”, is not part of a tile (%(excerpt)s). Write digits "
        "then m, p, s or z, like 123m 55z, or the characters 東南西北白發中."
    ),
    "no_digits": _(
        "Character %(position)s, “%(char)s”, has no digits before it (%(excerpt)s): write the "
        "numbers first, like 123m."
    ),
    "no_suit": _(
        "The digits from character %(position)s have no suit letter after them (%(excerpt)s): "
        "end them with m, p, s or z."
    ),
    "honor_number": _(
        "Character %(position)s, “%(char)s”, is not an honour (%(excerpt)s): honours are 1z to 7z "
        "(東南西北白發中)."
    ),
    "red_five": _(
        "Character %(position)s, “0”, is a red five (%(excerpt)s), which this game does not use: "
        "write 5."
    ),
    "one_tile": _(
        "The winning tile is a single tile; a second one starts at character %(position)s "
        "(%(excerpt)s)."
    ),
    "empty": _("Enter the winning tile, like 5p."),
    "meld_kind": _(
        "The meld at character %(position)s does not start with chi:, pon:, kan: or ankan: "
        "(%(excerpt)s). Example: pon:555z, chi:234m."
    ),
    "meld_shape": _(
        "The meld at character %(position)s is not a chi (three in a row of one suit), a pon "
        "(three alike) or a kan (four alike) (%(excerpt)s)."
    ),
}


def excerpt(text: str, index: int) -> str:
    """The text around `index`, with that character in brackets: `12[x]3m`."""
    before = text[max(0, index - EXCERPT) : index]
    after = text[index + 1 : index + 1 + EXCERPT]
    start = "…" if index - EXCERPT > 0 else ""
    end = "…" if index + 1 + EXCERPT < len(text) else ""
    return f"{start}{before}[{text[index : index + 1]}]{after}{end}"


def and_list(items: Sequence[str]) -> str:
    """'3p', '3p and 6p', '1m, 4m and 7m'."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return gettext("%(list)s and %(last)s") % {"list": ", ".join(items[:-1]), "last": items[-1]}


def tile_name(tile: Tile | str) -> str:
    """The tile as a message names it: 白板, 5索 (zh), White dragon (白), 5s (en)."""
    if isinstance(tile, str):
        tile = notation.tile(tile)
    if tile.is_honor:
        return str(HONOR_WORDS[tile.number - 1])
    name = str(SUIT_WORDS[tile.suit]) % {"number": tile.number}
    return pgettext("tile", "red %(tile)s") % {"tile": name} if tile.red else name


def notation_message(error: EntryError, text: str) -> str:
    index = int(error.args.get("index", 0))  # type: ignore[call-overload]
    template = NOTATION_MESSAGES.get(
        str(error.args.get("reason")), NOTATION_MESSAGES["unknown_character"]
    )
    return str(template) % {
        "position": index + 1,
        "char": error.args.get("char", ""),
        "excerpt": excerpt(text, index),
    }
