"""What a tile-entry page draws: each tile's face and label, the flower keys and the tile
keyboard."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext_lazy as _

from calculator.scoring import tiles as notation
from calculator.scoring.tiles import Tile

SUIT_CHARACTERS = {"m": "萬", "p": "筒", "s": "索"}
HONOR_CLASSES = ("east", "south", "west", "north", "white", "green", "red")
# Flowers and seasons (contract § tile entry for hk): 1f–4f 梅蘭菊竹, 1g–4g 春夏秋冬.
FLOWER_NAMES = {"f": "梅蘭菊竹", "g": "春夏秋冬"}
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
