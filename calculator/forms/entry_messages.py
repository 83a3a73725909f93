"""The words of a hand form's entry errors: the engine's `EntryError` codes said as a player
would, naming only what this family's page asks for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from django.utils.translation import gettext, ngettext

from calculator.forms.tile_words import and_list, notation_message, tile_name
from calculator.scoring import tiles as notation
from calculator.scoring.tiles import EntryError


class EntryMessages:
    """Part of `HandForm`: a family overrides a method here to word one error its own way."""

    data: Mapping[str, Any]
    tile_fields: ClassVar[tuple[str, ...]]
    # 向聽 (shanten) is what riichi and MCR players say; HK and mainland players say 叫糊 /
    # 听牌 and "n tiles away", so their pages word it without the term.
    shanten_term: ClassVar[bool] = True
    contradiction_messages: ClassVar[Mapping[str, Any]]
    hand_tiles: notation.HandTiles | None
    shanten: int | None

    @property
    def three_players(self) -> bool:
        """A three-player riichi table (its form says): 北 set aside count toward the four."""
        return False

    def entry_message(self, error: EntryError) -> str:
        args = error.args
        code = error.code
        if code == "bad_notation":
            return notation_message(error, str(self.data.get(error.field, "")))
        if code == "too_many_copies":
            if "tile" not in args:
                return gettext("A set has only four of each tile: this hand has more.")
            if args.get("limit") == notation.RED_COPIES:
                return gettext(
                    "A set has only one red five of each suit: this makes %(count)s of %(tile)s."
                ) % {"count": args["count"], "tile": tile_name(str(args["tile"]))}
            return self._copies_message() % {
                "count": args["count"],
                "tile": tile_name(str(args["tile"])),
            }
        if code == "wrong_count":
            return self._count_message(args)
        if code == "win_tile_missing":
            return gettext(
                "The winning tile %(tile)s is not in the hand: the hand holds all its tiles, "
                "the winning tile included."
            ) % {"tile": tile_name(str(args["tile"])) if args.get("tile") else ""}
        if code == "not_complete":
            return self._not_complete_message(args)
        if code == "no_yaku":
            return gettext(
                "No yaku (役): a riichi hand needs at least one to win. Tick what applies "
                "(riichi, a self-draw on a closed hand …); dora alone are not a yaku."
            )
        if code == "contradiction":
            message = self.contradiction_messages.get(error.field)
            return str(message) if message else gettext("This contradicts another field.")
        return gettext("These tiles cannot be read as a hand of this game.")

    def _copies_message(self) -> str:
        """A fifth copy, naming only the places this family's tiles come from."""
        if "dora" not in self.tile_fields:
            return gettext(
                "A set has only four of each tile: this makes %(count)s of %(tile)s (the hand "
                "and melds together)."
            )
        if self.three_players:
            return gettext(
                "A set has only four of each tile: this makes %(count)s of %(tile)s (the hand, "
                "melds, indicators and the 北 set aside together)."
            )
        return gettext(
            "A set has only four of each tile: this makes %(count)s of %(tile)s (the hand, "
            "melds and indicators together)."
        )

    def _count_message(self, args: Mapping[str, object]) -> str:
        if "hand" not in args:
            return gettext("A winning hand has 14 tiles, a kan counting as 3.")
        hand, melds, needed = int(args["hand"]), int(args["melds"]), int(args["needed"])  # type: ignore[call-overload]
        if needed <= 0:
            return gettext(
                "A hand has at most four melds: with %(melds)s there is no room for the rest."
            ) % {"melds": melds}
        if melds == 0:
            return gettext("Enter 14 tiles, the winning tile included: this has %(count)s.") % {
                "count": hand
            }
        return ngettext(
            "With %(melds)s called meld, enter %(needed)s tiles here, the winning tile "
            "included: this has %(count)s.",
            "With %(melds)s called melds, enter %(needed)s tiles here, the winning tile "
            "included: this has %(count)s.",
            melds,
        ) % {"melds": melds, "needed": needed, "count": hand}

    def _not_complete_message(self, args: Mapping[str, object]) -> str:
        shanten = int(args.get("shanten", 0))  # type: ignore[call-overload]
        waits = [tile_name(str(t)) for t in args.get("waits", ())]  # type: ignore[attr-defined]
        win = tile_name(self.hand_tiles.win_tile) if self.hand_tiles else ""
        if shanten == 0 and waits:
            return gettext("Not a complete hand: your hand waits on %(waits)s, not %(win)s.") % {
                "waits": and_list(waits),
                "win": win,
            }
        if shanten == 0:
            return gettext(
                "Not a complete hand: it is ready (聽牌), but you hold every copy of the tiles "
                "it waits on."
            )
        if not self.shanten_term:
            return ngettext(
                "Not a complete hand: without the winning tile it is %(count)s tile away from "
                "ready.",
                "Not a complete hand: without the winning tile it is %(count)s tiles away from "
                "ready.",
                shanten,
            ) % {"count": shanten}
        return ngettext(
            "Not a complete hand: without the winning tile it is %(count)s tile away from "
            "ready (%(count)s-shanten, 向聽).",
            "Not a complete hand: without the winning tile it is %(count)s tiles away from "
            "ready (%(count)s-shanten, 向聽).",
            shanten,
        ) % {"count": shanten}

    def shanten_words(self) -> str:
        """The line under the drawn tiles of a hand that is 1 or more tiles from ready (at 0
        the page lists the waits); a family can say instead why the hand does not count."""
        if not self.shanten:
            return ""
        if not self.shanten_term:
            return ngettext(
                "Not complete yet: without the winning tile the hand is %(count)s tile away "
                "from ready.",
                "Not complete yet: without the winning tile the hand is %(count)s tiles away "
                "from ready.",
                self.shanten,
            ) % {"count": self.shanten}
        return ngettext(
            "Not complete yet: without the winning tile the hand is %(count)s tile away from "
            "ready (%(count)s-shanten, 向聽).",
            "Not complete yet: without the winning tile the hand is %(count)s tiles away from "
            "ready (%(count)s-shanten, 向聽).",
            self.shanten,
        ) % {"count": self.shanten}
