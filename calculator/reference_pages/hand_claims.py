"""Hands entered as tiles that the reference pages quote, each run through its family's
hand form and linked to the hand page that finds what it is worth."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.http import QueryDict
from django.utils.safestring import SafeString

from calculator.families import FAMILIES
from calculator.presenting import exact
from calculator.reference_pages.claims import linked


@dataclass(frozen=True)
class HandClaim:
    """One tile-entry state: its canonical URL, the fans (or patterns) the analysis found,
    the hand's fan and what the winner receives."""

    url: str
    receives: Fraction
    payments: tuple[Fraction, ...]
    fan: int
    keys: tuple[str, ...]
    notes: tuple[str, ...] = ()

    @property
    def link(self) -> SafeString:
        """The hand's fan, linked to the hand page that finds it."""
        attrs = {
            "data-claims": exact(self.receives),
            "data-claims-payments": "/".join(exact(p) for p in self.payments),
            "data-claims-hand-fan": str(self.fan),
            "data-claims-hand-keys": " ".join(self.keys),
        }
        if self.notes:
            attrs["data-claims-notes"] = " ".join(self.notes)
        return linked(self.url, self.fan, attrs)


def hand_claim(slug: str, query: str) -> HandClaim:
    """Run one tile-entry state through its hand form, as the hand page does."""
    form = FAMILIES[slug].hand.form(QueryDict(query))
    if not form.is_valid():
        raise ValueError(f"reference page hand {slug}?{query} is invalid: {form.errors}")
    result = form.analysis
    fans = getattr(result.hand, "fans", None)  # hk names fans; the others, patterns
    if fans is not None:
        keys = tuple(dict.fromkeys(fan.key for fan in fans))
    else:
        keys = tuple(str(pattern) for pattern in result.hand.patterns)
    return HandClaim(
        url=form.canonical_url(),
        receives=result.outcome.winner_receives,
        payments=tuple(p.amount for p in result.outcome.payments),
        fan=result.hand.fan,
        keys=keys,
        notes=tuple(note.code for note in result.outcome.notes),
    )


# Hong Kong hands the glossary shows, by name: (query, the tiles as players write them).
# Each fan's row links the first hand here that lists it.
HK_HANDS: dict[str, tuple[str, str]] = {
    "chicken": (
        "hand=123m456p55m&win_tile=5m&melds=pon:222s,chi:789s&flowers=2f",
        "123m 456p 55m, 碰 222s, 上 789s, 蘭",
    ),
    "pinghu": ("hand=123m456p789s234s55m&win_tile=5m", "123m 456p 789s 234s 55m"),
    # the same tiles under other table rules and wins, for the FAQ and the sources
    "pinghu_exposed": ("hand=123m456p789s55m&win_tile=5m&melds=chi:234s", ""),
    "pinghu_self": ("hand=123m456p789s234s55m&win_tile=5m&win=self_draw", ""),
    "pinghu_no_menqing": ("hand=123m456p789s234s55m&win_tile=5m&menqing=0", ""),
    "pinghu_no_flowers": ("hand=123m456p789s234s55m&win_tile=5m&flowers_in_play=0", ""),
    "pinghu_plum": ("hand=123m456p789s234s55m&win_tile=5m&flowers=1f", ""),
    "pinghu_plum_apart": (
        "hand=123m456p789s234s55m&win_tile=5m&flowers=1f&flowers_count_to_min=0",
        "",
    ),
    "hunyise": (
        "hand=123456789p東東&win_tile=1z&melds=pon:中中中&seat=s&round=s",
        "123p 456p 789p 東東, 碰 中中中",
    ),
    "winds": (
        "hand=東東東123m456m789p22s&win_tile=2s&win=self_draw&flowers=1f1g",
        "東東東 123m 456m 789p 22s, 梅 春",
    ),
    "duidui": (
        "hand=99s&win_tile=9s&melds=pon:111m,pon:999p,pon:111z,pon:777z&seat=s&round=s",
        "99s, 碰 111m 999p 東東東 中中中",
    ),
    "xiaosanyuan": (
        "hand=123456m白白&win_tile=3m&melds=pon:中中中,pon:發發發",
        "123m 456m 白白, 碰 中中中 發發發",
    ),
    "qingyise": ("hand=111222333p789p99p&win_tile=9p", "111222333p 789p 99p"),
    "qingyise_6": ("hand=111222333p789p99p&win_tile=9p&qingyise=6", ""),
    # 1112345678999m + a 5m, won on a 1m: 九子連環 under nine_gates=any only
    "nine_gates": ("hand=11123455678999m&win_tile=1m", "11123455678999m"),
    "nine_gates_pure": ("hand=11123455678999m&win_tile=1m&nine_gates=pure", ""),
    "kong_draw": (
        "hand=123m456p789s55m&win_tile=5m&melds=kan:2222s&win=self_draw&kong_draw=1",
        "123m 456p 789s 55m, 槓 2222s",
    ),
    "robbed_kong": (
        "hand=123m456p789s234s55m&win_tile=5m&robbed_kong=1",
        "123m 456p 789s 234s 55m",
    ),
    "last_tile": (
        "hand=123m456p789s234s55m&win_tile=5m&win=self_draw&last_tile=1",
        "123m 456p 789s 234s 55m",
    ),
    "flower_set": (
        "hand=123m456p789s234s55m&win_tile=5m&flowers=1f2f3f4f",
        "123m 456p 789s 234s 55m, 梅蘭菊竹",
    ),
    "seven_pairs": (
        "hand=11m22m33p44p55s66s77z&win_tile=7z&seven_pairs=1",
        "11m 22m 33p 44p 55s 66s 中中",
    ),
    "shisanyao": ("hand=19m19p19s12345677z&win_tile=7z", "19m 19p 19s 東南西北白發中中"),
    "jiulian": ("hand=11123455678999m&win_tile=5m", "1112345678999m 5m"),
    "ziyise": (
        "hand=白白白中中&win_tile=7z&melds=pon:東東東,pon:南南南,pon:西西西",
        "白白白 中中, 碰 東東東 南南南 西西西",
    ),
    "qingyaojiu": (
        "hand=111m999m111p99p&win_tile=9p&melds=pon:999s",
        "111m 999m 111p 99p, 碰 999s",
    ),
    "dasanyuan": ("hand=中中中發發發白白白123m55m&win_tile=5m", "中中中 發發發 白白白 123m 55m"),
    "dasanyuan_13": ("hand=中中中發發發白白白123m55m&win_tile=5m&cap=13", ""),
    "xiaosixi": ("hand=123m東東東南南南西西西北北&win_tile=4z", "123m 東東東 南南南 西西西 北北"),
    "dasixi": (
        "hand=西西西北北北55m&win_tile=5m&melds=pon:東東東,pon:南南南",
        "西西西 北北北 55m, 碰 東東東 南南南",
    ),
    "kankan": ("hand=111m222p333s777p99s&win_tile=9s", "111m 222p 333s 777p 99s"),
    "shibaluohan": (
        "hand=55m&win_tile=5m&melds=kan:1111m,kan:2222p,ankan:3333s,ankan:7777z",
        "55m, 槓 1111m 2222p, 暗槓 3333s 中中中中",
    ),
    "double_kong": (
        "hand=123m456p99s&win_tile=9s&melds=kan:1111s,ankan:7777z&win=self_draw&double_kong=1",
        "123m 456p 99s, 槓 1111s, 暗槓 中中中中",
    ),
    "heaven": (
        "hand=123m456p789s234s55m&win_tile=5m&win=self_draw&heaven=1",
        "123m 456p 789s 234s 55m",
    ),
    "earth": ("hand=123m456p789s234s55m&win_tile=5m&seat=s&earth=1", "123m 456p 789s 234s 55m"),
}
# Jiujiang hands the glossary reads (seat 南, so no dealer's double in the way).
JJ_HANDS: dict[str, tuple[str, str]] = {
    "chows_win": ("hand=11223344556677m&win_tile=7m&seat=s", "11223344556677m"),
    "pairs_win": ("hand=112233m445566p77s&win_tile=7s&seat=s", "112233m 445566p 77s"),
    "haohua1": ("hand=11112233445566p&win_tile=6p&seat=s", "1111p 22p 33p 44p 55p 66p"),
    "haohua2": ("hand=11112222334455p&win_tile=5p&seat=s", "1111p 2222p 33p 44p 55p"),
}


def hand_claims() -> dict[str, dict[str, HandClaim]]:
    """The quoted hands by family, then by the name the templates use."""
    return {
        "hk": {name: hand_claim("hk", query) for name, (query, _tiles) in HK_HANDS.items()},
        "jiujiang": {name: hand_claim("jiujiang", q) for name, (q, _tiles) in JJ_HANDS.items()},
    }
