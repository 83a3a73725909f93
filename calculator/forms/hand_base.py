"""What the two tile-entry forms share: tile fields, entry-error wording, tiles to draw.

The engine (`calculator.scoring.tiles`, `riichi_hand`, `mcr_hand`) reports problems as
`EntryError(code, field, args)`; this module words them, puts each under its parameter, and
gives the family's payment presenter the analysis's own engine inputs and outcome, so the
payment part of a hand page reads exactly like the payment page for the same values.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar
from urllib.parse import urlencode

from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from calculator.forms.base import ParamForm
from calculator.params import ChoiceParam, Param
from calculator.scoring import tiles as notation
from calculator.scoring.tiles import EntryError, Tile, Wind

SUIT_CHARACTERS = {"m": "萬", "p": "筒", "s": "索"}
HONOR_CLASSES = ("east", "south", "west", "north", "white", "green", "red")
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
# Flowers and seasons (contract § tile entry for hk): 1f–4f 梅蘭菊竹, 1g–4g 春夏秋冬.
FLOWER_NAMES = {"f": "梅蘭菊竹", "g": "春夏秋冬"}
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
# The tile keyboard's target switch: which field a tapped tile goes to.
TARGET_LABELS = {
    "hand": _("Hand"),
    "win_tile": _("Winning tile"),
    "melds": _("Melds"),
    "dora": _("Dora"),
    "ura": _("Ura-dora"),
}
MELD_LABELS = {
    "chi": _("Chi (吃)"),
    "pon": _("Pon (碰)"),
    "kan": _("Kan (明槓)"),
    "ankan": _("Ankan (暗槓)"),
}
REQUIRED_MESSAGES = {
    "hand": _(
        "Enter the tiles of the hand, like 123m456p789s11z, or tap them on the tile keyboard."
    ),
    "win_tile": _("Enter the winning tile, like 5p."),
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


def tile_face(tile: Tile) -> dict[str, str]:
    """What a drawn tile shows: `face` (digit or honour character), `suit` (萬筒索 or '')."""
    code = str(tile)
    if tile.is_honor:
        name = notation.HONOR_NAMES[tile.number - 1]
        return {
            "code": code,
            "face": name,
            "suit": "",
            "cls": f"tile-z tile-{HONOR_CLASSES[tile.number - 1]}",
            "label": f"{name} {code}",
        }
    face = str(tile.number)
    cls = f"tile-{tile.suit}" + (" tile-aka" if tile.red else "")
    suit = SUIT_CHARACTERS[tile.suit]
    label = f"{face}{suit} {code}" + (" 赤" if tile.red else "")
    return {"code": code, "face": face, "suit": suit, "cls": cls, "label": label}


def faces(tiles: Iterable[Tile]) -> list[dict[str, str]]:
    return [tile_face(t) for t in tiles]


def flower_faces() -> list[dict[str, str]]:
    """The optional flower and season keys: 1f–4f 梅蘭菊竹, then 1g–4g 春夏秋冬."""
    return [
        {
            "code": f"{n}{suit}",
            "face": name,
            "suit": "",
            "cls": f"tile-flower tile-{suit}",
            "label": f"{name} {n}{suit}",
        }
        for suit, names in FLOWER_NAMES.items()
        for n, name in enumerate(names, start=1)
    ]


def keyboard_rows(red_fives: bool) -> list[list[dict[str, str]]]:
    """The tile keyboard: 萬, 筒, 索 rows of nine, the seven honours, then the red fives."""
    rows = [[tile_face(Tile(suit * 9 + n)) for n in range(9)] for suit in range(3)]
    rows.append([tile_face(Tile(27 + n)) for n in range(7)])
    if red_fives:
        rows.append([tile_face(Tile(kind, red=True)) for kind in notation.FIVES])
    return rows


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


class HandForm(ParamForm):
    """Base of the riichi and MCR tile-entry forms. A family defines the fields, `red_fives`,
    `tile_fields`, `payment_form_class`, `conditions()`, `run()`, `payment_inputs()`,
    `payment_values()` and the words of its contradictions. The analysis is worded by the
    family's hand presenter (`calculator.presenters.<slug>_hand`)."""

    red_fives: ClassVar[bool]
    tile_fields: ClassVar[tuple[str, ...]] = ("hand", "win_tile", "melds")
    # 向聽 (shanten) is what riichi and MCR players say; HK and mainland players say 叫糊 /
    # 听牌 and "n tiles away", so their pages word it without the term.
    shanten_term: ClassVar[bool] = True
    payment_form_class: ClassVar[type[ParamForm]]

    def __init__(self, data: Mapping[str, Any]) -> None:
        super().__init__(data)
        self.hand_tiles: notation.HandTiles | None = None
        self.analysis: Any = None
        self.shanten: int | None = None
        self.waits: tuple[Tile, ...] = ()

    @property
    def three_players(self) -> bool:
        """A three-player riichi table (its form says): 北 set aside count toward the four."""
        return False

    @property
    def is_blank(self) -> bool:
        """Nothing entered yet: the page invites input instead of listing errors."""
        if self.too_many_fields:  # an error to show, not a blank
            return False
        return "hand" not in self.data and "win_tile" not in self.data

    # --- what a family defines -------------------------------------------------------
    def build_inputs(self) -> tuple[Any, ...]:
        """Nothing: a hand form's engine call is the analysis that `clean()` runs on the
        tiles it read; the payment presenter then gets `payment_inputs()`."""
        return ()

    def conditions(self) -> Any:
        raise TypeError(f"{type(self).__name__} must define conditions()")

    def run(self, hand: notation.HandTiles, conditions: Any) -> Any:
        """The family's analyse(); an Analysis or a tuple of EntryError."""
        raise TypeError(f"{type(self).__name__} must define run()")

    def flag_clashes(self, conditions: Any) -> dict[str, str]:
        """The family's contradictions() without tiles."""
        return {}

    # --- reading the whole hand --------------------------------------------------------
    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        conditions = None
        others = [name for name in self.fields if name not in self.tile_fields]
        if not any(name in self.errors for name in others):
            conditions = self.conditions()
        if any(name in self.errors for name in self.tile_fields):
            self._add_errors(self._partial_errors())
            if conditions is not None:
                self._add_errors(self._clash_errors(self.flag_clashes(conditions)))
            return cleaned
        texts = {name: self.cleaned_data.get(name) or "" for name in notation.FIELDS}
        read = notation.read(**texts, red_fives=self.red_fives)
        if isinstance(read, tuple):
            self._add_errors(read)
            if conditions is not None:
                self._add_errors(self._clash_errors(self.flag_clashes(conditions)))
            return cleaned
        self.hand_tiles = read
        if conditions is None:
            return cleaned
        result = self.run(read, conditions)
        if isinstance(result, tuple):
            for error in result:
                if error.code == "not_complete":
                    self.shanten = int(error.args.get("shanten", 0))  # type: ignore[call-overload]
                    self.waits = tuple(notation.tile(t) for t in error.args.get("waits", ()))  # type: ignore[attr-defined]
            self._add_errors(result)
            return cleaned
        self.analysis = result
        canonical = read.canonical()
        for name in self.tile_fields:
            cleaned[name] = canonical[name]
        return cleaned

    def _partial_errors(self) -> list[EntryError]:
        """Count and copies of the fields that did read, while another one does not (the
        winning tile not entered yet): so tapping tiles shows "this has 13" as it goes."""
        ok = {n for n in self.tile_fields if n not in self.errors}
        text = {n: self.cleaned_data.get(n) or "" for n in ok}
        red = self.red_fives

        def tiles(name: str) -> tuple[Tile, ...]:
            parsed = notation.parse_tiles(text[name], name, red_fives=red) if name in ok else ()
            return parsed if isinstance(parsed, tuple) else ()

        melds = notation.parse_melds(text["melds"], red_fives=red) if "melds" in ok else ()
        melds = melds if isinstance(melds, tuple) else ()
        hand = tiles("hand")
        errors = list(notation.copy_errors(hand, melds, tiles("dora"), tiles("ura")))
        if {"hand", "melds"} <= ok:
            wrong_count = notation.count_error(hand, melds)
            if wrong_count:
                errors.append(wrong_count)
        return errors

    @staticmethod
    def _clash_errors(clashes: Mapping[str, str]) -> list[EntryError]:
        return [EntryError(code, name) for name, code in clashes.items()]

    def _add_errors(self, errors: Iterable[EntryError]) -> None:
        for error in errors:
            field = error.field if error.field in self.fields else "hand"
            if field in self.errors and any(
                e.code == error.code for e in self.errors.as_data()[field]
            ):
                continue
            self.add_error(field, ValidationError(self.entry_message(error), code=error.code))

    # --- words --------------------------------------------------------------------------
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

    @property
    def winner_words(self) -> str:
        """Whose seat the result is for: 「東家（莊家）食糊」 where the dealer is paid more."""
        if self.analysis is None:
            return ""
        seat = Wind(self.cleaned_data["seat"])
        dealer_matters = getattr(self.analysis.payment, "dealer", None) is not None
        return str((DEALER_WINNER_WORDS if dealer_matters else WINNER_WORDS)[seat])

    def seat_headline(self, headline: str) -> str:
        """The payment headline led by whose seat it is: the hand page's title and share."""
        return f"{self.winner_words} · {headline}" if self.winner_words else headline

    # --- the payment: the analysis's own engine inputs and outcome -----------------------
    def payment_inputs(self) -> tuple[Any, ...]:
        """What the analysis gave the family's `score()`: the payment presenter's inputs."""
        raise TypeError(f"{type(self).__name__} must define payment_inputs()")

    def payment_values(self) -> dict[str, Any]:
        """The payment page's parameter values for the analysed hand (its `payment_url`)."""
        raise TypeError(f"{type(self).__name__} must define payment_values()")

    def payment_idle(self) -> frozenset[str]:
        """As the payment page would note them: table rules set that change nothing here."""
        values = self.payment_values()
        fields = self.payment_form_class.base_fields
        chosen = {name for name, value in values.items() if value != fields[name].default}
        return self.payment_form_class.engine.unused_settings(*self.payment_inputs()) & chosen

    def payment_url(self) -> str:
        path = reverse("calculator", args=[self.slug])
        query = self.payment_form_class.encode_query(self.payment_values())
        return f"{path}?{query}" if query else path

    @cached_property
    def canonical_query(self) -> str:
        """As on the payment pages, but while the hand has errors only the parameters that
        matter are kept (what was typed where there is an error, and values away from their
        default), so tapping tiles does not fill the address bar with every idle field."""
        if self.is_valid():
            return self.encode_query(self.cleaned_data)
        cleaned = getattr(self, "cleaned_data", {})
        pairs = []
        for name, field in self.params():
            raw = field.widget.value_from_datadict(self.data, None, name)
            if raw is None:
                continue
            if name in self.errors:
                pairs.append((name, raw))
            elif name in cleaned and cleaned[name] != field.default:
                pairs.append((name, field.encode(cleaned[name])))
        return urlencode(pairs, safe=",:")

    def canonical_url(self) -> str:
        path = reverse("hand", args=[self.slug])
        query = self.canonical_query
        return f"{path}?{query}" if query else path

    # --- what the page draws --------------------------------------------------------------
    def hand_context(self) -> dict[str, Any]:
        """Context for `_hand_result.html`, valid or not."""
        hand = self.hand_tiles
        context: dict[str, Any] = {
            "blank": self.is_blank,
            "hand_faces": [],
            "meld_faces": [],
            "win_face": None,
            "shanten": self.shanten,
            "shanten_words": self.shanten_words(),
            "wait_faces": faces(self.waits),
            "hand_ok": self.analysis is not None,
            "payment_url": "",
            "keyboard_rows": keyboard_rows(self.red_fives),
            "keyboard_targets": [(name, TARGET_LABELS[name]) for name in self.tile_fields],
            "meld_kinds": list(MELD_LABELS.items()),
            "flower_faces": flower_faces(),
        }
        if hand is not None:
            rest = list(hand.hand)
            rest.remove(hand.win_tile)
            context.update(
                hand_faces=faces(rest),
                win_face=tile_face(hand.win_tile),
                meld_faces=[
                    {"kind": meld.kind.value, "tiles": faces(meld.tiles)} for meld in hand.melds
                ],
            )
        return context


def errors_extra(form: HandForm) -> dict[str, Any]:
    """The top-level `shanten` / `waits` of a `not_complete` error response."""
    if form.shanten is None or "hand" not in form.errors:
        return {}
    extra: dict[str, Any] = {"shanten": form.shanten}
    if form.shanten == 0:
        extra["waits"] = [str(t) for t in form.waits]
    return extra
