"""Calculator states the reference pages quote, by name, each run through its form and
engine and linked to the calculator page that shows the same number."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from django.http import QueryDict
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from calculator.families import get_family
from calculator.presenting import exact, money


def linked(url: str, text: object, attrs: Mapping[str, str]) -> SafeString:
    """`<a href="url" data-claims…>text</a>`: a number with what it claims, for the test."""
    rendered = format_html_join("", ' {}="{}"', attrs.items())
    return format_html('<a href="{}"{}>{}</a>', url, rendered, text)


@dataclass(frozen=True)
class Claim:
    """One calculator state: its canonical URL (page language) and what the engine says."""

    url: str
    receives: Fraction
    payments: tuple[Fraction, ...]
    base: Fraction
    fu: int | None
    notes: tuple[str, ...]
    nets: Mapping[str, Fraction] = field(default_factory=dict)  # classical: seat → net

    @property
    def amount(self) -> str:
        return money(self.receives)

    @property
    def split(self) -> str:
        return " / ".join(money(p) for p in self.payments)

    def _link(self, text: object, **extra: str) -> SafeString:
        attrs = {
            "data-claims": exact(self.receives),
            "data-claims-payments": "/".join(exact(p) for p in self.payments),
            **extra,
        }
        if self.notes:
            attrs["data-claims-notes"] = " ".join(self.notes)
        return linked(self.url, text, attrs)

    @property
    def link(self) -> SafeString:
        """What the winner receives, linked."""
        return self._link(self.amount)

    @property
    def split_link(self) -> SafeString:
        """Each payer's amount ("4 / 2 / 2"), linked."""
        return self._link(self.split)

    @property
    def first_link(self) -> SafeString:
        """What the first (liable) payer pays, linked."""
        return self._link(money(self.payments[0]))

    @property
    def base_link(self) -> SafeString:
        """The pre-split value (riichi: basic points), linked."""
        return self._link(money(self.base), **{"data-claims-base": exact(self.base)})

    @property
    def fu_link(self) -> SafeString:
        return self._link(self.fu, **{"data-claims-fu": str(self.fu)})

    @property
    def net_links(self) -> dict[str, SafeString]:
        """Classical: each seat's net result, linked."""
        return {
            seat: self._link(money(net), **{"data-claims-net": f"{seat}:{exact(net)}"})
            for seat, net in self.nets.items()
        }


def claim(slug: str, query: str = "") -> Claim:
    """Run one calculator state through its form and engine, as the calculator page does."""
    family = get_family(slug)
    form = family.form(QueryDict(query))
    if not form.is_valid():
        raise ValueError(f"reference page state {slug}?{query} is invalid: {form.errors}")
    outcome = family.engine.score(*form.inputs)
    notes = family.presenter(form.inputs, outcome, form.idle_settings()).notes
    players = outcome.extra.get("players", ())
    return Claim(
        url=form.canonical_url(),
        receives=outcome.winner_receives,
        payments=tuple(p.amount for p in outcome.payments),
        base=outcome.base,
        fu=outcome.fu,
        notes=tuple(n.code for n in notes),
        nets={p["seat"]: p["net"] for p in players},
    )


# Every calculator state the copy quotes, by name. The templates use `claims.<name>`.
STATES: dict[str, tuple[str, str]] = {
    # Hong Kong
    "hk_3": ("hk", ""),
    "hk_3_self": ("hk", "win=self_draw"),
    "hk_3_self_full": ("hk", "win=self_draw&self_draw_pay=full"),
    "hk_3_liable": ("hk", "win=self_draw&liable=1"),
    "hk_3_liable_full": ("hk", "win=self_draw&self_draw_pay=full&liable=1"),
    "hk_3_half": ("hk", "split=half"),
    "hk_3_dealer": ("hk", "split=dealer"),
    "hk_3_dealer_won": ("hk", "split=dealer&dealer=1"),
    "hk_2": ("hk", "fan=2"),
    "hk_4_stepped": ("hk", "fan=4&scale=stepped"),
    "hk_5": ("hk", "fan=5"),
    "hk_5_full": ("hk", "fan=5&scale=full"),
    "hk_5_stepped": ("hk", "fan=5&scale=stepped"),
    "hk_10": ("hk", "fan=10"),
    "hk_10_full": ("hk", "fan=10&scale=full"),
    "hk_13": ("hk", "fan=13"),
    "hk_13_cap13": ("hk", "fan=13&cap=13"),
    "hk_8": ("hk", "fan=8"),
    "hk_5_self_4": ("hk", "fan=5&win=self_draw&split=half&unit=4"),
    "hk_6_4": ("hk", "fan=6&split=half&unit=4"),
    "hk_6_self_4": ("hk", "fan=6&win=self_draw&split=half&unit=4"),
    "hk_7_4": ("hk", "fan=7&split=half&unit=4"),
    "hk_0_yi_er": ("hk", "fan=0&scale=full&split=half&unit=4"),
    "hk_0_quarter": ("hk", "fan=0&scale=full&split=half&unit=0.25"),
    "hk_0_quarter_round": ("hk", "fan=0&scale=full&split=half&unit=0.25&round_up=1"),
    # Riichi
    "riichi_3": ("riichi", ""),
    "riichi_3_40": ("riichi", "fu=40"),
    "riichi_3_dealer": ("riichi", "dealer=1"),
    "riichi_3_tsumo": ("riichi", "win=self_draw"),
    "riichi_5": ("riichi", "han=5"),
    "riichi_pinfu_tsumo": ("riichi", "fu=20&win=self_draw"),
    "riichi_4_30": ("riichi", "han=4"),
    "riichi_4_30_kiriage": ("riichi", "han=4&kiriage=1"),
    "riichi_13": ("riichi", "han=13"),
    "riichi_13_ema": ("riichi", "han=13&kazoe=sanbaiman"),
    "riichi_honba_1": ("riichi", "honba=1"),
    "riichi_honba_1_tsumo": ("riichi", "win=self_draw&honba=1"),
    "riichi_stick_1": ("riichi", "riichi_sticks=1"),
    "riichi_sticks": ("riichi", "honba=2&riichi_sticks=1"),
    "riichi_dealer_tsumo_mangan": ("riichi", "han=5&dealer=1&win=self_draw"),
    # a closed ron with a concealed 發 triplet and a two-sided wait: fu counted for you
    "riichi_count_hatsu": ("riichi", "fu_mode=count&m1=pon_closed_terminal"),
    # Three players (三麻): 滿貫 under each tsumo mode, and the counters
    "riichi_tsumo_mangan": ("riichi", "han=5&win=self_draw"),
    "sanma_ron_mangan": ("riichi", "han=5&players=3"),
    "sanma_honba_2": ("riichi", "han=5&honba=2&players=3"),
    "sanma_honba_2_300": ("riichi", "han=5&honba=2&players=3&sanma_honba=300"),
    "sanma_tsumo_mangan": ("riichi", "han=5&win=self_draw&players=3"),
    "sanma_tsumo_mangan_split": ("riichi", "han=5&win=self_draw&players=3&sanma=bisection"),
    "sanma_dealer_tsumo_mangan": ("riichi", "han=5&dealer=1&win=self_draw&players=3"),
    "sanma_dealer_tsumo_mangan_split": (
        "riichi",
        "han=5&dealer=1&win=self_draw&players=3&sanma=bisection",
    ),
    "sanma_3_kita": ("riichi", "players=3"),  # riichi + pinfu + one 北 set aside: 3 飜 30 符
    # MCR
    "mcr_8": ("mcr", ""),
    "mcr_8_self": ("mcr", "win=self_draw"),
    "mcr_6": ("mcr", "points=6"),
    "mcr_6_2": ("mcr", "points=6&flowers=2"),
    "mcr_24_2": ("mcr", "points=24&flowers=2"),
    # NMJL
    "nmjl_25": ("nmjl", ""),
    "nmjl_25_self": ("nmjl", "win=self_draw"),
    "nmjl_25_jokerless": ("nmjl", "jokerless=1"),
    "nmjl_25_jokerless_self": ("nmjl", "win=self_draw&jokerless=1"),
    "nmjl_25_sp_jokerless": ("nmjl", "jokerless=1&hand=singles_pairs"),
    # Jiujiang
    "jj_pinghu": ("jiujiang", ""),
    "jj_peng": ("jiujiang", "pattern=pengpeng"),
    "jj_peng_self": ("jiujiang", "pattern=pengpeng&win=self_draw"),
    "jj_peng_gangkai": ("jiujiang", "pattern=pengpeng&win=self_draw&gangkai=1"),
    "jj_peng_self_base2": ("jiujiang", "pattern=pengpeng&base=2&win=self_draw"),
    "jj_qidui_qg": ("jiujiang", "pattern=qidui&qianggang=1"),
    "jj_qidui_qg_three": ("jiujiang", "pattern=qidui&qianggang=1&pay=three"),
    "jj_qing_dealer": ("jiujiang", "pattern=qingyise&win=self_draw&dealer=1"),
    "jj_qing_dealer_mult5": ("jiujiang", "pattern=qingyise&win=self_draw&dealer=1&cap=mult5"),
    "jj_qing_dealer_none": ("jiujiang", "pattern=qingyise&win=self_draw&dealer=1&cap=none"),
    "jj_haohua2": ("jiujiang", "pattern=haohua&haohua_groups=2"),
    "jj_haohua2_plus4": ("jiujiang", "pattern=haohua&haohua_groups=2&haohua_extra=plus4"),
    "jj_hunyise": ("jiujiang", "pattern=hunyise"),
    "jj_hunyise_never": ("jiujiang", "pattern=hunyise&base_add=never"),
    # Classical (dealer East). The seed's four hands: South wins with 20 副 and 1 番.
    "cl_example": ("classical", "e_fu=6&s_fu=20&s_fan=1&w_fu=40&w_fan=1&n_fu=2"),
    "cl_3fan": ("classical", "s_fu=20&s_fan=3"),
    "cl_limit": ("classical", "s_fu=60&s_fan=3"),
    "cl_limit_300": ("classical", "s_fu=60&s_fan=3&limit=300"),
}


def claims() -> dict[str, Claim]:
    """Every state in `STATES`, by the name the templates use."""
    return {name: claim(slug, query) for name, (slug, query) in STATES.items()}


def riichi_counters(quoted: Mapping[str, Claim]) -> dict[str, str]:
    """What one honba and one riichi stick add, as differences the engine works out rather
    than numbers written down."""
    return {
        "honba_ron": money(quoted["riichi_honba_1"].receives - quoted["riichi_3"].receives),
        "honba_tsumo_each": money(
            quoted["riichi_honba_1_tsumo"].payments[1] - quoted["riichi_3_tsumo"].payments[1]
        ),
        "stick": money(quoted["riichi_stick_1"].receives - quoted["riichi_3"].receives),
    }
