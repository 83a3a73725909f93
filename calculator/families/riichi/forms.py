"""The riichi (立直麻雀) form: 飜 and 符 (given or counted), yakuman, seat, win, counters, sticks.

Units stay apart in every language: 飜 (han) is not 番 (fan), and 符 is fu. The fu in the
labels come from the engine, so a label never says a number the scoring does not use.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.utils.translation import gettext_lazy as _

from calculator.forms.base import ParamForm
from calculator.params import BoolParam, ChoiceParam, IntChoiceParam, IntParam
from calculator.presenting import filled, money
from calculator.scoring import riichi
from calculator.scoring.outcome import Win
from calculator.scoring.riichi import PAIR_FU, WAIT_FU, FuMode, Kazoe, Meld, Pair, Sanma, Wait

WIN_LABELS = {
    Win.DISCARD: _("Ron (榮和): off a discard"),
    Win.SELF_DRAW: _("Tsumo (自摸): self-drawn"),
}
# Each choice says its fu; the number is the engine's (`Meld.fu`, `WAIT_FU`, `PAIR_FU`).
MELD_TEXTS = {
    Meld.RUN: _("Run or chi (順子): %(fu)s fu"),
    Meld.PON_OPEN_SIMPLE: _("Called pon, 2–8 (明刻): %(fu)s fu"),
    Meld.PON_OPEN_TERMINAL: _("Called pon, terminals or honours (明刻么九): %(fu)s fu"),
    Meld.PON_CLOSED_SIMPLE: _("Concealed pon, 2–8 (暗刻): %(fu)s fu"),
    Meld.PON_CLOSED_TERMINAL: _("Concealed pon, terminals or honours (暗刻么九): %(fu)s fu"),
    Meld.KAN_OPEN_SIMPLE: _("Called kan, 2–8 (明槓): %(fu)s fu"),
    Meld.KAN_OPEN_TERMINAL: _("Called kan, terminals or honours (明槓么九): %(fu)s fu"),
    Meld.KAN_CLOSED_SIMPLE: _("Concealed kan, 2–8 (暗槓): %(fu)s fu"),
    Meld.KAN_CLOSED_TERMINAL: _("Concealed kan, terminals or honours (暗槓么九): %(fu)s fu"),
}
WAIT_TEXTS = {
    Wait.RYANMEN: _("Two-sided (兩面): %(fu)s fu"),
    Wait.KANCHAN: _("Middle tile (嵌張): %(fu)s fu"),
    Wait.PENCHAN: _("Edge, 12-3 or 7-89 (邊張): %(fu)s fu"),
    Wait.TANKI: _("On the pair (單騎): %(fu)s fu"),
    Wait.SHANPON: _("On either of two pairs (雙碰): %(fu)s fu"),
}
PAIR_TEXTS = {
    Pair.PLAIN: _("Plain: %(fu)s fu"),
    Pair.YAKUHAI: _("Dragons, seat or round wind (役牌): %(fu)s fu"),
    Pair.DOUBLE_WIND: _("Seat wind that is also the round wind (連風牌): %(fu)s fu"),
}
MELD_LABELS = {meld: filled(text, fu=meld.fu) for meld, text in MELD_TEXTS.items()}
WAIT_LABELS = {wait: filled(text, fu=WAIT_FU[wait]) for wait, text in WAIT_TEXTS.items()}
PAIR_LABELS = {pair: filled(text, fu=PAIR_FU[pair]) for pair, text in PAIR_TEXTS.items()}
PLAYERS_TEXTS = {4: _("%(count)s players"), 3: _("%(count)s players (三麻)")}
SANMA_LABELS = {
    Sanma.LOSS: _("North's share is not paid (ツモ損)"),
    Sanma.BISECTION: _("North's share is split between the two payers (北家折半)"),
}


class LabelledIntChoice(IntChoiceParam):
    """A whole number from a short list, drawn as labelled choices (a radio or a select)."""

    def __init__(self, *, labels: dict[int, Any], radio: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.choices = [(str(value), labels[value]) for value in self.allowed]
        if radio:
            self.kind = "radio"


STRUCTURE_MELD_MESSAGE = _(
    "A called (open) meld cannot be in a closed hand. Untick “closed hand” or make this meld "
    "concealed. (On a 雙碰 ron, the one pon the discard completed is entered as called.)"
)


RULE_NAMES = ("kiriage", "kazoe", "players", "sanma", "sanma_honba")


class Form(ParamForm):
    slug = "riichi"
    engine = riichi

    contradiction_messages: ClassVar = {
        "chiitoitsu": _("Seven pairs (七對子) cannot have a called meld: tick “closed hand”."),
        "closed": _(
            "An open hand needs a meld that could have been called: a run (chi) or a called "
            "pon or kan."
        ),
        "wait": _(
            "This wait does not fit the melds: two-sided, middle and edge waits need a run; "
            "雙碰 needs a pon (on a ron, the pon the discard completed, entered as called)."
        ),
        **{name: STRUCTURE_MELD_MESSAGE for name in riichi.MELD_PARAMS},
    }

    han = IntParam(
        default=3,
        minimum=1,
        maximum=13,
        label=_("Han (飜)"),
        help_text=_("1–13; 13 means 13 or more."),
    )
    fu = IntChoiceParam(default=30, allowed=riichi.FU_VALUES, label=_("Fu (符)"))
    yakuman = IntParam(
        default=0,
        minimum=0,
        maximum=6,
        label=_("Yakuman (役滿)"),
        help_text=_("0 for an ordinary hand; 1 for a yakuman, 2 for a double, up to 6."),
    )
    dealer = BoolParam(default=False, label=_("The winner is the dealer (親)"))
    win = ChoiceParam(
        default=Win.DISCARD, enum=Win, labels=WIN_LABELS, radio=True, label=_("How it was won")
    )
    honba = IntParam(
        default=0,
        minimum=0,
        maximum=99,
        label=_("Counters (本場)"),
        help_text=filled(
            _("+%(ron)s on a ron, +%(tsumo)s from each payer on a tsumo, for each counter."),
            ron=money(riichi.HONBA_RON),
            tsumo=money(riichi.HONBA_TSUMO),
        ),
    )
    riichi_sticks = IntParam(
        default=0,
        minimum=0,
        maximum=99,
        label=_("Riichi sticks on the table (供託)"),
        help_text=filled(
            _("%(value)s each, collected by the winner."), value=money(riichi.RIICHI_STICK)
        ),
    )
    kiriage = BoolParam(
        default=False,
        label=filled(
            _("%(han)s han %(fu)s fu and %(han2)s han %(fu2)s fu are mangan (切上滿貫)"),
            han=riichi.KIRIAGE_CELLS[0][0],
            fu=riichi.KIRIAGE_CELLS[0][1],
            han2=riichi.KIRIAGE_CELLS[1][0],
            fu2=riichi.KIRIAGE_CELLS[1][1],
        ),
    )
    kazoe = ChoiceParam(
        default=Kazoe.YAKUMAN,
        enum=Kazoe,
        label=_("13 han or more, without a yakuman, is"),
        labels={
            Kazoe.YAKUMAN: _("a counted yakuman (累計役滿)"),
            Kazoe.SANBAIMAN: _("sanbaiman, no more (三倍滿, EMA rules)"),
        },
    )
    fu_mode = ChoiceParam(
        default=FuMode.GIVEN,
        enum=FuMode,
        radio=True,
        label=_("Fu (符)"),
        labels={FuMode.GIVEN: _("I know the fu"), FuMode.COUNT: _("Count the fu for me")},
    )
    chiitoitsu = BoolParam(
        default=False,
        label=filled(_("Seven pairs (七對子): %(fu)s fu"), fu=riichi.CHIITOITSU_FU),
    )
    closed = BoolParam(default=True, label=_("Closed hand (門前): nothing called"))
    wait = ChoiceParam(
        default=Wait.RYANMEN, enum=Wait, labels=WAIT_LABELS, label=_("The winning wait")
    )
    pair = ChoiceParam(default=Pair.PLAIN, enum=Pair, labels=PAIR_LABELS, label=_("The pair"))
    players = LabelledIntChoice(
        default=4,
        allowed=riichi.PLAYERS,
        labels={n: filled(text, count=n) for n, text in PLAYERS_TEXTS.items()},
        radio=True,
        label=_("Players at the table"),
    )
    sanma = ChoiceParam(
        default=Sanma.LOSS,
        enum=Sanma,
        labels=SANMA_LABELS,
        label=_("Three players, on a tsumo"),
        help_text=_("There is no North seat: what happens to the share North would pay."),
    )
    sanma_honba = LabelledIntChoice(
        default=riichi.SANMA_HONBA[0],
        allowed=riichi.SANMA_HONBA,
        labels={
            value: filled(
                _("%(ron)s on a ron, %(tsumo)s from each payer on a tsumo"),
                ron=money(rules.honba_ron),
                tsumo=money(rules.honba_tsumo),
            )
            for value in riichi.SANMA_HONBA
            for rules in [riichi.Rules(players=3, sanma_honba=value)]
        },
        label=_("Three players: each counter (本場) is worth"),
    )
    m1 = ChoiceParam(default=Meld.RUN, enum=Meld, labels=MELD_LABELS, label=_("Meld 1"))
    m2 = ChoiceParam(default=Meld.RUN, enum=Meld, labels=MELD_LABELS, label=_("Meld 2"))
    m3 = ChoiceParam(default=Meld.RUN, enum=Meld, labels=MELD_LABELS, label=_("Meld 3"))
    m4 = ChoiceParam(default=Meld.RUN, enum=Meld, labels=MELD_LABELS, label=_("Meld 4"))

    # --- engine inputs ----------------------------------------------------------------
    def _structure(self) -> riichi.Structure:
        data = self.cleaned_data
        return riichi.Structure(
            chiitoitsu=data["chiitoitsu"],
            closed=data["closed"],
            wait=data["wait"],
            pair=data["pair"],
            melds=tuple(data[name] for name in riichi.MELD_PARAMS),
        )

    def build_inputs(self) -> tuple[riichi.Hand, riichi.Rules]:
        data = self.cleaned_data
        hand = riichi.Hand(
            han=data["han"],
            fu=data["fu"],
            yakuman=data["yakuman"],
            dealer=data["dealer"],
            win=data["win"],
            honba=data["honba"],
            riichi_sticks=data["riichi_sticks"],
            fu_mode=data["fu_mode"],
            structure=self._structure(),
        )
        return hand, self.rules()

    def rules(self) -> riichi.Rules:
        return table_rules(self.cleaned_data)

    def contradictions(self) -> dict[str, str]:
        data = self.cleaned_data
        # The structure only exists while it is counted (the engine's own rule).
        if data["fu_mode"] is not FuMode.COUNT or data["yakuman"] > 0:
            return {}
        return riichi.structure_errors(self._structure(), data["win"])

    # --- which fu fields the page shows -------------------------------------------------
    def _raw_mode(self) -> str:
        return str(self.data.get("fu_mode", FuMode.GIVEN.value)).strip()

    def _has_error(self, names: tuple[str, ...]) -> bool:
        return any(name in self.errors for name in names)

    @property
    def shows_given_fu(self) -> bool:
        """The `fu` field: in given mode, or whenever it holds an error to fix."""
        return self._raw_mode() != FuMode.COUNT.value or self._has_error(("fu",))

    @property
    def shows_sanma_rules(self) -> bool:
        """The three-player table rules: with three players, or while one holds an error."""
        players = str(self.data.get("players", "4")).strip()
        return players == "3" or self._has_error(riichi.SANMA_PARAMS)

    @property
    def counts_seven_pairs(self) -> bool:
        """七對子 ticked: the wait, pair and meld fields mean nothing, so they are disabled
        (unless one holds an error to fix)."""
        ticked = getattr(self, "cleaned_data", {}).get("chiitoitsu", False)
        return bool(ticked) and not self._has_error(("wait", "pair", *riichi.MELD_PARAMS))

    @property
    def shows_count_fields(self) -> bool:
        """The structure fields: in count mode, or whenever one holds an error to fix."""
        return self._raw_mode() != FuMode.GIVEN.value or self._has_error(riichi.STRUCTURE_PARAMS)


def table_rules(data: dict[str, Any]) -> riichi.Rules:
    """The riichi table rules from cleaned values: the payment page's and the hand page's."""
    return riichi.Rules(**{name: data[name] for name in RULE_NAMES})
