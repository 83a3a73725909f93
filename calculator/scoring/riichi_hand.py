"""立直麻雀 hand analysis: from the entered tiles to yaku, han, fu — then our own payment.

The `mahjong` package (pinned 2.1.0) finds the yaku, counts the fu and picks the best way to
read the hand; the payment is always our `riichi.score` for the han and fu it found, so the
result is the one the riichi payment page gives for those values.

Three players (`Rules.players=3`): the package reads the hand with `is_three_player` (dora
indicator 1m points to 9m) and counts the 北 set aside (`Conditions.kita`) as nuki dora;
the 2m–8m the package would accept are refused before it is asked (`tiles.three_player_error`).

Rules fixed here (the contract is silent): double yakuman hands (13-sided kokushi, suuankou
tanki, junsei chuuren, daisuushii) count twice, as in the package; renhou, nagashi mangan and
open riichi are not offered.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.hand_calculating.scores import ScoresCalculator, ScoresResult
from mahjong.hand_calculating.yaku_config import YakuConfig
from mahjong.meld import Meld as PackageMeld
from mahjong.shanten import Shanten

from . import riichi
from .outcome import Outcome, Win
from .tiles import (
    COPIES,
    NORTH,
    NOT_IN_SANMA,
    EntryError,
    HandTiles,
    MeldKind,
    Tile,
    Wind,
    counts_34,
    kita_error,
)

DEFAULT_RULES = riichi.Rules()  # no kiriage; 13+ han is a kazoe yakuman
MAX_YAKUMAN = 6  # the `yakuman` parameter's top (the package caps there too)
KAZOE = {
    riichi.Kazoe.YAKUMAN: HandConfig.KAZOE_LIMITED,
    riichi.Kazoe.SANBAIMAN: HandConfig.KAZOE_SANBAIMAN,
}
# yaku_id -> the attribute name in YakuConfig, which is the stable `key` we report.
YAKU_KEYS = {yaku.yaku_id: key for key, yaku in vars(YakuConfig()).items()}
AKA_DORA_NAME = YakuConfig().aka_dora.name
MAX_KITA = 4  # 北 set aside (拔北): at most the four of the set
KITA_NAME = "Nuki dora (kita)"  # the line of the 北 set aside; the package folds them into dora
ERR_NOT_WINNING = HandCalculator.ERR_HAND_NOT_WINNING
ERR_NO_YAKU = HandCalculator.ERR_NO_YAKU
# The package's own refusals, should one ever get past `contradictions`: the flag at fault.
PACKAGE_ERROR_FIELDS = {
    HandCalculator.ERR_NO_WINNING_TILE: "win_tile",
    HandCalculator.ERR_OPEN_HAND_RIICHI: "riichi",
    HandCalculator.ERR_OPEN_HAND_DABURI: "double_riichi",
    HandCalculator.ERR_IPPATSU_WITHOUT_RIICHI: "ippatsu",
    HandCalculator.ERR_CHANKAN_WITH_TSUMO: "chankan",
    HandCalculator.ERR_RINSHAN_WITHOUT_TSUMO: "rinshan",
    HandCalculator.ERR_HAITEI_WITHOUT_TSUMO: "haitei",
    HandCalculator.ERR_HOUTEI_WITH_TSUMO: "houtei",
    HandCalculator.ERR_HAITEI_WITH_RINSHAN: "haitei",
    HandCalculator.ERR_HOUTEI_WITH_CHANKAN: "houtei",
    HandCalculator.ERR_TENHOU_NOT_AS_DEALER: "tenhou",
    HandCalculator.ERR_TENHOU_WITHOUT_TSUMO: "tenhou",
    HandCalculator.ERR_TENHOU_WITH_MELD: "tenhou",
    HandCalculator.ERR_CHIIHOU_AS_DEALER: "chiihou",
    HandCalculator.ERR_CHIIHOU_WITHOUT_TSUMO: "chiihou",
    HandCalculator.ERR_CHIIHOU_WITH_MELD: "chiihou",
}


@dataclass(frozen=True)
class Conditions:
    """How the hand was won, and the table's yaku options (the hand page's parameters)."""

    win: Win = Win.DISCARD
    seat: Wind = Wind.EAST  # the winner's seat; East is the dealer (親)
    round_wind: Wind = Wind.EAST  # the `round` parameter (場風)
    riichi: bool = False  # 立直
    double_riichi: bool = False  # 兩立直 (implies riichi; riichi=1 beside it is fine)
    ippatsu: bool = False  # 一發
    rinshan: bool = False  # 嶺上開花: tsumo on the replacement tile after a kan
    chankan: bool = False  # 搶槓: ron on a tile added to another player's kan
    haitei: bool = False  # 海底摸月: tsumo on the last tile of the wall
    houtei: bool = False  # 河底撈魚: ron on the last discard
    tenhou: bool = False  # 天和: dealer's first draw
    chiihou: bool = False  # 地和: a non-dealer's first draw, no call before it
    aka: bool = True  # red fives (0m/0p/0s) count as dora
    open_tanyao: bool = True  # 喰斷: tanyao on an open hand
    kita: int = 0  # three players: 北 set aside as nuki dora (拔北), 1 dora each, not in hand

    @property
    def in_riichi(self) -> bool:
        return self.riichi or self.double_riichi


@dataclass(frozen=True)
class Yaku:
    """One line of the yaku list: a yaku, or the dora (`dora`, `aka_dora`, `ura_dora`)."""

    key: str  # the attribute name in the package's YakuConfig: riichi, pinfu, haku, …
    name: str  # the package's English name, e.g. "Yakuhai (haku)" (the web layer translates key)
    han: int | None  # None for a yakuman
    yakuman: int = 0  # 1, or 2 for a double yakuman
    kita: bool = False  # the line of the 北 set aside (拔北), key `dora`


@dataclass(frozen=True)
class FuItem:
    reason: str  # the package's FuCalculator reason: base, closed_pon, kanchan, tsumo, …
    fu: int


@dataclass(frozen=True)
class Analysis:
    yaku: tuple[Yaku, ...]
    han: int | None  # None when the hand is a yakuman; may be above 13 (kazoe)
    fu: int | None  # the rounded fu; None for a yakuman
    fu_details: tuple[FuItem, ...]  # empty for a yakuman
    dora: int  # dora + aka dora + ura dora + kita
    yakuman: int  # 0 for an ordinary hand (also for a kazoe yakuman)
    payment: riichi.Hand  # what the riichi payment page is given (han capped at 13, yakuman at 6)
    rules: riichi.Rules
    outcome: Outcome


def contradictions(
    conditions: Conditions, tiles: HandTiles | None = None, rules: riichi.Rules = DEFAULT_RULES
) -> dict[str, str]:
    """Flags that cannot go together, as {param: "contradiction"} (contract § tile entry).

    Without the tiles (they did not parse) only the checks that need no tiles are made.
    Besides the contract's list, the pairs the package refuses are flagged too: `haitei`
    with `rinshan` (the replacement tile is not the last tile of the wall), `houtei` with
    `chankan`. `tenhou`/`chiihou` refuse a closed kan as well: a kan before the first draw
    ends the hand's claim to it. With three players a North `seat` or `round` is
    `not_allowed` and a `chi:` meld a contradiction on `melds`; `kita` needs three players.

    >>> contradictions(Conditions(ippatsu=True))
    {'ippatsu': 'contradiction'}
    >>> contradictions(Conditions(seat=Wind.NORTH), rules=riichi.Rules(players=3))
    {'seat': 'not_allowed'}
    """
    c = conditions
    errors: dict[str, str] = {}
    if rules.three_players:
        if c.seat is Wind.NORTH:
            errors["seat"] = "not_allowed"
        if c.round_wind is Wind.NORTH:
            errors["round"] = "not_allowed"
        if tiles is not None and any(meld.kind is MeldKind.CHI for meld in tiles.melds):
            errors["melds"] = "contradiction"  # three-player tables do not chi
    elif c.kita:
        errors["kita"] = "contradiction"  # only a three-player table sets 北 aside
    self_draw = c.win is Win.SELF_DRAW
    melds = tiles.melds if tiles else ()
    called = any(meld.is_open for meld in melds)
    has_kan = any(meld.is_kan for meld in melds)
    if called:
        for flag in ("riichi", "double_riichi", "ippatsu"):
            if getattr(c, flag):
                errors[flag] = "contradiction"
    if c.ippatsu and not c.in_riichi:
        errors["ippatsu"] = "contradiction"
    if c.rinshan and (not self_draw or (tiles is not None and not has_kan)):
        errors["rinshan"] = "contradiction"
    if c.chankan and self_draw:
        errors["chankan"] = "contradiction"
    if c.haitei and (not self_draw or c.rinshan):
        errors["haitei"] = "contradiction"
    if c.houtei and (self_draw or c.chankan):
        errors["houtei"] = "contradiction"
    if c.tenhou and (c.seat is not Wind.EAST or not self_draw or melds):
        errors["tenhou"] = "contradiction"
    if c.chiihou and (c.seat is Wind.EAST or not self_draw or melds):
        errors["chiihou"] = "contradiction"
    if tiles is not None and tiles.ura and not c.in_riichi:
        errors["ura"] = "contradiction"
    return errors


# --- talking to the package ---------------------------------------------------------------


class _Indices:
    """Hands out 136-format indices, each once: a red five gets the copy the package calls
    red (kind×4), a plain tile the other copies first. A fourth plain five has to take the
    red copy, which is why the package's own aka count is off (see `_scores_with`)."""

    def __init__(self) -> None:
        self.used: dict[int, list[int]] = {}

    def take(self, tile: Tile) -> int:
        used = self.used.setdefault(tile.kind, [])
        base = tile.kind * 4
        if tile.red:
            order = [base]
        else:
            order = [base + 1, base + 2, base + 3, base]
        index = next(i for i in order if i not in used)
        used.append(index)
        return index


def _package_tiles(tiles: HandTiles) -> tuple[list[int], int, list[PackageMeld]]:
    """All the tiles (hand and melds) as 136 indices, the winning tile's index, the melds."""
    indices = _Indices()
    hand = [indices.take(t) for t in tiles.hand]
    win_index = hand[list(tiles.hand).index(tiles.win_tile)]
    melds = []
    all_tiles = list(hand)
    for meld in tiles.melds:
        meld_indices = [indices.take(t) for t in meld.tiles]
        all_tiles.extend(meld_indices)
        meld_type = {MeldKind.CHI: PackageMeld.CHI, MeldKind.PON: PackageMeld.PON}.get(
            meld.kind, PackageMeld.KAN
        )
        melds.append(PackageMeld(meld_type, meld_indices, opened=meld.is_open))
    return all_tiles, win_index, melds


def _indicators(tiles: Sequence[Tile]) -> list[int]:
    # Any copy will do: an indicator only names the kind that is dora.
    return [t.kind * 4 + 1 for t in tiles]


def _red_fives(tiles: HandTiles) -> int:
    return sum(t.red for t in tiles.hand) + sum(t.red for m in tiles.melds for t in m.tiles)


def _scores_with(extra_han: int) -> type[ScoresCalculator]:
    """A ScoresCalculator that adds our aka dora to each reading's han before pricing it.

    We count red fives ourselves (the package can only see a red five at index kind×4, which
    four plain fives would need), but the package must still price every reading with them:
    the best reading can change when a few han are added (3/70 beats 4/30; 5/… ties 6/…).
    """

    class WithAka(ScoresCalculator):
        @staticmethod
        def calculate_scores(
            han: int, fu: int, config: HandConfig, is_yakuman: bool = False
        ) -> ScoresResult:
            return ScoresCalculator.calculate_scores(
                han if is_yakuman else han + extra_han, fu, config, is_yakuman
            )

    return WithAka


def _config(conditions: Conditions, rules: riichi.Rules) -> HandConfig:
    c = conditions
    options = OptionalRules(
        has_open_tanyao=c.open_tanyao,
        has_aka_dora=False,  # counted by us, see _scores_with
        kiriage=rules.kiriage,
        kazoe_limit=KAZOE[rules.kazoe],
        is_three_player=rules.three_players,
    )
    return HandConfig(
        is_tsumo=c.win is Win.SELF_DRAW,
        is_riichi=c.in_riichi,
        is_daburu_riichi=c.double_riichi,
        is_ippatsu=c.ippatsu,
        is_rinshan=c.rinshan,
        is_chankan=c.chankan,
        is_haitei=c.haitei,
        is_houtei=c.houtei,
        is_tenhou=c.tenhou,
        is_chiihou=c.chiihou,
        player_wind=EAST + c.seat.index,
        round_wind=EAST + c.round_wind.index,
        num_nuki_dora=c.kita,
        options=options,
    )


def shanten(
    tiles: HandTiles, *, three_players: bool = False, kita: int = 0
) -> tuple[int, tuple[Tile, ...]]:
    """Shanten of the 13 tiles without the winning tile (regular, seven pairs, kokushi —
    the last two only without melds), and the waits when it is 0.

    A wait is a kind that completes the shape and that the player can still draw: kinds
    whose four copies are all in the player's own hand, melds and 北 set aside (`kita`)
    are left out, and with three players so are 2m–8m, which the set does not have.
    """
    counts = counts_34(tiles.concealed)
    closed = not tiles.melds
    options = {"use_chiitoitsu": closed, "use_kokushi": closed, "is_three_player": three_players}
    value = Shanten.calculate_shanten(counts, **options)
    if value != 0:
        return value, ()
    own = counts_34([*tiles.concealed, *(t for m in tiles.melds for t in m.tiles)])
    own[NORTH] += kita
    waits = []
    for kind in range(34):
        if own[kind] >= COPIES or (three_players and kind in NOT_IN_SANMA):
            continue
        counts[kind] += 1
        if Shanten.calculate_shanten(counts, **options) == -1:
            waits.append(Tile(kind))
        counts[kind] -= 1
    return 0, tuple(waits)


def analyse(
    tiles: HandTiles,
    conditions: Conditions = Conditions(),
    *,
    honba: int = 0,
    riichi_sticks: int = 0,
    rules: riichi.Rules = DEFAULT_RULES,
) -> Analysis | tuple[EntryError, ...]:
    """Yaku, han, fu and the payment of a checked hand (`tiles.read(..., red_fives=True)`).

    Errors: `contradiction` on each clashing flag (`not_allowed` on a North seat or round
    with three players); `too_many_copies` on `kita` for a fifth 北; `not_complete` on
    `hand` with `shanten` and `waits` (canonical tile texts; empty unless shanten is 0);
    `no_yaku` on `hand`. With three players the tiles must have no 2m–8m (the form refuses
    them where they are written: `tiles.three_player_error`).

    >>> from calculator.scoring.tiles import read
    >>> result = analyse(read("234567m234p55888s", "8s"), Conditions(riichi=True))
    >>> [y.key for y in result.yaku], result.han, result.fu
    (['riichi', 'tanyao'], 2, 40)
    """
    clashes = contradictions(conditions, tiles, rules)
    if clashes:
        return tuple(EntryError(code, field) for field, code in clashes.items())
    if rules.three_players:
        melded = [t for meld in tiles.melds for t in meld.tiles]
        if any(t.kind in NOT_IN_SANMA for t in (*tiles.hand, *melded, *tiles.dora, *tiles.ura)):
            raise ValueError("2m–8m in a three-player hand: refuse it with three_player_error")
        too_many = kita_error(tiles, conditions.kita)
        if too_many:
            return (too_many,)

    all_tiles, win_index, melds = _package_tiles(tiles)
    aka = _red_fives(tiles) if conditions.aka else 0
    response = HandCalculator.estimate_hand_value(
        all_tiles,
        win_index,
        melds=melds,
        dora_indicators=_indicators(tiles.dora),
        ura_dora_indicators=_indicators(tiles.ura),
        config=_config(conditions, rules),
        scores_calculator_factory=_scores_with(aka),
    )
    if response.error == ERR_NOT_WINNING:
        value, waits = shanten(tiles, three_players=rules.three_players, kita=conditions.kita)
        args = {"shanten": value, "waits": tuple(str(t) for t in waits)}
        return (EntryError("not_complete", "hand", args),)
    if response.error == ERR_NO_YAKU:
        return (EntryError("no_yaku", "hand"),)
    if response.error:
        field = PACKAGE_ERROR_FIELDS.get(response.error, "hand")
        return (EntryError("contradiction", field, {"package_error": response.error}),)
    return _result(response, tiles, conditions, aka, honba, riichi_sticks, rules)


def _split_kita(yaku: list[Yaku], kita: int) -> None:
    """Give the 北 set aside their own line, named 拔北 by the web layer, key `dora`.

    The package adds one dora per kita into its dora entry (and, when an indicator makes
    北 a dora, one more per kita, as for any 北: that stays in the dora line, where the
    hand's own 北 are too). The two lines add up to the package's dora count.
    """
    at = next(i for i, y in enumerate(yaku) if y.key == "dora")
    package = yaku[at]
    rest = (package.han or 0) - kita
    kita_line = Yaku("dora", KITA_NAME, kita, kita=True)
    if rest:
        yaku[at : at + 1] = [Yaku("dora", package.name, rest), kita_line]
    else:
        yaku[at] = kita_line


def _result(
    response: HandResponse,
    tiles: HandTiles,
    conditions: Conditions,
    aka: int,
    honba: int,
    riichi_sticks: int,
    rules: riichi.Rules,
) -> Analysis:
    is_open = response.is_open_hand
    yaku: list[Yaku] = []
    yakuman = 0
    for item in response.yaku or ():
        value = item.han_open if is_open and item.han_open else item.han_closed
        key = YAKU_KEYS[item.yaku_id]
        if item.is_yakuman:
            yaku.append(Yaku(key, item.name, None, value // 13))
            yakuman += value // 13
        else:
            yaku.append(Yaku(key, item.name, value))
    han = response.han
    if not yakuman and conditions.kita:
        _split_kita(yaku, conditions.kita)
    if not yakuman and aka:
        # after dora, before ura dora: the package's own order
        at = next((i for i, y in enumerate(yaku) if y.key == "ura_dora"), len(yaku))
        yaku.insert(at, Yaku("aka_dora", AKA_DORA_NAME, aka))
        han += aka
    dora = sum(y.han or 0 for y in yaku if y.key in ("dora", "aka_dora", "ura_dora"))
    # (a kita line has the key `dora` too, so it is in the sum)
    dealer = conditions.seat is Wind.EAST
    common = {
        "dealer": dealer,
        "win": conditions.win,
        "honba": honba,
        "riichi_sticks": riichi_sticks,
    }
    if yakuman:
        payment = riichi.Hand(yakuman=min(yakuman, MAX_YAKUMAN), **common)
        fu, fu_details, han = None, (), None
    else:
        fu = response.fu
        fu_details = tuple(FuItem(d["reason"], d["fu"]) for d in response.fu_details or ())
        payment = riichi.Hand(han=min(han, 13), fu=fu, **common)
    return Analysis(
        yaku=tuple(yaku),
        han=han,
        fu=fu,
        fu_details=fu_details,
        dora=dora,
        yakuman=yakuman,
        payment=payment,
        rules=rules,
        outcome=riichi.score(payment, rules),
    )
