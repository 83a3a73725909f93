"""A riichi hand analysis in words: its yaku, its fu items and the total, for the hand page
and the API's `hand` object. Step wording is the riichi payment presenter's, so a fu line
reads the same on both pages."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from calculator.families.riichi.presenter import LEVEL_NAMES
from calculator.families.riichi.presenter import Presenter as PaymentPresenter
from calculator.scoring import riichi
from calculator.scoring.outcome import Step
from calculator.scoring.riichi import Meld, Pair, Wait
from calculator.scoring.riichi_hand import Analysis, Yaku

# Each yaku by its key in the `mahjong` package's YakuConfig (the JSON `key`).
YAKU_NAMES = {
    "tsumo": _("Menzen tsumo (門前清自摸和)"),
    "riichi": _("Riichi (立直)"),
    "open_riichi": _("Open riichi (開立直)"),
    "ippatsu": _("Ippatsu (一發)"),
    "chankan": _("Chankan (搶槓)"),
    "rinshan": _("Rinshan kaihou (嶺上開花)"),
    "haitei": _("Haitei raoyue (海底摸月)"),
    "houtei": _("Houtei raoyui (河底撈魚)"),
    "daburu_riichi": _("Double riichi (兩立直)"),
    "daburu_open_riichi": _("Double open riichi (兩開立直)"),
    "nagashi_mangan": _("Nagashi mangan (流局滿貫)"),
    "renhou": _("Renhou (人和)"),
    "pinfu": _("Pinfu (平和)"),
    "tanyao": _("Tanyao (斷么九)"),
    "iipeiko": _("Iipeikou (一盃口)"),
    "haku": _("Yakuhai: white dragon (役牌 白)"),
    "hatsu": _("Yakuhai: green dragon (役牌 發)"),
    "chun": _("Yakuhai: red dragon (役牌 中)"),
    "seat_wind_east": _("Yakuhai: seat wind East (自風 東)"),
    "seat_wind_south": _("Yakuhai: seat wind South (自風 南)"),
    "seat_wind_west": _("Yakuhai: seat wind West (自風 西)"),
    "seat_wind_north": _("Yakuhai: seat wind North (自風 北)"),
    "round_wind_east": _("Yakuhai: round wind East (場風 東)"),
    "round_wind_south": _("Yakuhai: round wind South (場風 南)"),
    "round_wind_west": _("Yakuhai: round wind West (場風 西)"),
    "round_wind_north": _("Yakuhai: round wind North (場風 北)"),
    "sanshoku": _("Sanshoku doujun (三色同順)"),
    "ittsu": _("Ittsu (一氣通貫)"),
    "chantai": _("Chanta (混全帶么九)"),
    "honroto": _("Honroutou (混老頭)"),
    "toitoi": _("Toitoi (對對和)"),
    "sanankou": _("San ankou (三暗刻)"),
    "sankantsu": _("San kantsu (三槓子)"),
    "sanshoku_douko": _("Sanshoku doukou (三色同刻)"),
    "chiitoitsu": _("Chiitoitsu (七對子)"),
    "shosangen": _("Shousangen (小三元)"),
    "honitsu": _("Honitsu (混一色)"),
    "junchan": _("Junchan (純全帶么九)"),
    "ryanpeiko": _("Ryanpeikou (二盃口)"),
    "chinitsu": _("Chinitsu (清一色)"),
    "kokushi": _("Kokushi musou (國士無雙)"),
    "chuuren_poutou": _("Chuuren poutou (九蓮寶燈)"),
    "suuankou": _("Suu ankou (四暗刻)"),
    "daisangen": _("Daisangen (大三元)"),
    "shosuushi": _("Shousuushii (小四喜)"),
    "ryuisou": _("Ryuuiisou (綠一色)"),
    "suukantsu": _("Suu kantsu (四槓子)"),
    "tsuisou": _("Tsuuiisou (字一色)"),
    "chinroto": _("Chinroutou (清老頭)"),
    "daisharin": _("Daisharin (大車輪)"),
    "daichisei": _("Daichisei (大七星)"),
    "daisuushi": _("Dai suushii (大四喜)"),
    "daburu_kokushi": _("Kokushi musou, 13-sided wait (國士無雙十三面)"),
    "suuankou_tanki": _("Suu ankou on a pair wait (四暗刻單騎)"),
    "daburu_chuuren_poutou": _("Junsei chuuren poutou (純正九蓮寶燈)"),
    "tenhou": _("Tenhou (天和)"),
    "chiihou": _("Chiihou (地和)"),
    "renhou_yakuman": _("Renhou (人和)"),
    "sashikomi": _("Sashikomi"),
    "paarenchan": _("Paarenchan (八連莊)"),
    "dora": _("Dora (寶牌)"),
    "aka_dora": _("Red fives (赤寶牌)"),
    "ura_dora": _("Ura dora (裏寶牌)"),
}
KITA_WORDS = _("Nuki dora: 北 set aside (拔北)")  # a `dora` line of its own
YAKUMAN_WORDS = {1: _("Yakuman (役滿)"), 2: _("Double yakuman (兩倍役滿)")}

# The package's fu reasons, as the riichi payment page's count-mode steps word them.
MELD_REASONS = {
    "open_pon": Meld.PON_OPEN_SIMPLE,
    "open_terminal_pon": Meld.PON_OPEN_TERMINAL,
    "closed_pon": Meld.PON_CLOSED_SIMPLE,
    "closed_terminal_pon": Meld.PON_CLOSED_TERMINAL,
    "open_kan": Meld.KAN_OPEN_SIMPLE,
    "open_terminal_kan": Meld.KAN_OPEN_TERMINAL,
    "closed_kan": Meld.KAN_CLOSED_SIMPLE,
    "closed_terminal_kan": Meld.KAN_CLOSED_TERMINAL,
}
PAIR_REASONS = {"valued_pair": Pair.YAKUHAI, "double_valued_pair": Pair.DOUBLE_WIND}
WAIT_REASONS = {"kanchan": Wait.KANCHAN, "penchan": Wait.PENCHAN, "pair_wait": Wait.TANKI}
REASON_ORDER = ["base", "tsumo", *MELD_REASONS, *PAIR_REASONS, *WAIT_REASONS, "hand_without_fu"]


class HandPresenter:
    """Words for one analysis; `payment` is the presenter of its payment."""

    def __init__(self, analysis: Analysis, payment: PaymentPresenter) -> None:
        self.analysis = analysis
        self.payment = payment

    def yaku_name(self, item: Yaku) -> str:
        if item.kita:
            return str(KITA_WORDS)
        name = YAKU_NAMES.get(item.key)
        return str(name) if name is not None else item.name

    def fu_entries(self) -> list[tuple[str, int, list[str]]]:
        """(reason, fu, words) for each of the package's fu items, in the payment page's
        order (base, tsumo, melds, pair, wait); a 30 fu closed-ron base is two lines."""
        analysis: Analysis = self.analysis
        items = sorted(
            analysis.fu_details,
            key=lambda item: REASON_ORDER.index(item.reason) if item.reason in REASON_ORDER else 99,
        )
        entries = []
        meld_index = 0
        for item in items:
            if item.reason in MELD_REASONS:
                meld_index += 1
            entries.append((item.reason, item.fu, self._fu_words(item.reason, item.fu, meld_index)))
        return entries

    def _fu_words(self, reason: str, fu: int, meld_index: int) -> list[str]:
        describe = self.payment.describe_step
        if reason == "base":
            if fu == riichi.CHIITOITSU_FU:
                return [describe(Step("fu_chiitoitsu", {"fu": fu}))]
            if fu == riichi.BASE_FU + riichi.CLOSED_RON_FU:
                # the package folds 門前加符 into its 30 "base" on a closed ron
                return [
                    describe(Step("fu_base", {"fu": riichi.BASE_FU})),
                    describe(Step("fu_closed_ron", {"fu": riichi.CLOSED_RON_FU})),
                ]
            return [describe(Step("fu_base", {"fu": fu}))]
        if reason == "tsumo":
            return [describe(Step("fu_tsumo", {"fu": fu}))]
        if reason in MELD_REASONS:
            meld = MELD_REASONS[reason].value
            return [describe(Step("fu_meld", {"index": meld_index, "meld": meld, "fu": fu}))]
        if reason in PAIR_REASONS:
            return [describe(Step("fu_pair", {"pair": PAIR_REASONS[reason].value, "fu": fu}))]
        if reason in WAIT_REASONS:
            return [describe(Step("fu_wait", {"wait": WAIT_REASONS[reason].value, "fu": fu}))]
        if reason == "hand_without_fu":
            return [gettext("An open hand with no fu of its own: +%(fu)s") % {"fu": fu}]
        return [f"{reason}: +{fu}"]

    def context(self) -> dict[str, Any]:
        analysis: Analysis = self.analysis
        yaku = []
        for item in analysis.yaku:
            if item.yakuman:
                value = str(
                    YAKUMAN_WORDS.get(item.yakuman) or f"{item.yakuman}× {YAKUMAN_WORDS[1]}"
                )
            else:
                value = ngettext("%(han)s han", "%(han)s han", item.han or 0) % {"han": item.han}
            yaku.append(
                {
                    "key": item.key,
                    "name": self.yaku_name(item),
                    "value": value,
                    "han": item.han,
                    "yakuman": item.yakuman,
                    "kita": item.kita,
                }
            )
        entries = [] if analysis.yakuman else self.fu_entries()
        fu_lines = [words for _reason, _fu, lines in entries for words in lines]
        raw_fu = sum(fu for _reason, fu, _lines in entries)
        if analysis.yakuman:
            total = str(LEVEL_NAMES[str(analysis.outcome.level)])
        else:
            total = gettext("%(han)s han %(fu)s fu") % {"han": analysis.han, "fu": analysis.fu}
        fu_round = ""
        if fu_lines and raw_fu != analysis.fu:
            fu_round = self.payment.describe_step(
                Step("fu_round", {"raw": raw_fu, "fu": analysis.fu})
            )
        return {
            "yaku_lines": yaku,
            "hand_total": total,
            "fu_lines": fu_lines,
            "fu_round": fu_round,
        }

    def json(self) -> dict[str, Any]:
        analysis: Analysis = self.analysis
        yaku: list[dict[str, Any]] = []
        for item in analysis.yaku:
            entry: dict[str, Any] = {
                "key": item.key,
                "name": self.yaku_name(item),
                "han": item.han,
            }
            if item.yakuman:
                entry["yakuman"] = item.yakuman
            yaku.append(entry)
        fu_details = [
            {"reason": reason, "text": "; ".join(words), "fu": fu}
            for reason, fu, words in self.fu_entries()
        ]
        return {
            "yaku": yaku,
            "han": analysis.han,
            "fu": analysis.fu,
            "fu_details": fu_details,
            "dora": analysis.dora,
            "yakuman": analysis.yakuman,
        }
