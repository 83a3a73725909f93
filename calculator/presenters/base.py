"""What every family's presenter shares: one outcome in, one frozen view-model out.

A presenter is given the engine's inputs (the `Hand`/`Rules` the form parsed, or that a
tile analysis built), the one `Outcome` the engine returned for them, and the parameters
the request set to no effect. It words everything the page and the API show, in the
active language, and computes nothing the engine did not.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from calculator.presenting import (
    exact,
    format_args,
    money,
    payer_label,
    signed,
    who_pays_sentence,
)
from calculator.scoring.outcome import Note, Outcome, Payment, Step

# Who one line of the first card is for: a payer role and how many players share it.
GROUP_LABELS: Mapping[tuple[str, int], Any] = {
    ("discarder", 1): _("The discarder"),
    ("other", 1): _("The other player"),
    ("other", 2): _("The other two"),
    ("other", 3): _("The three others"),
    ("dealer", 1): _("The dealer"),
    ("liable", 1): _("The liable player (包自摸)"),
    ("non_dealer", 1): _("The other non-dealer"),
    ("non_dealer", 2): _("The two non-dealers"),
    ("non_dealer", 3): _("The three non-dealers"),
}


@dataclass(frozen=True)
class PaymentRow:
    """One row of the who-pays table: the role, its words, the amount shown and exact."""

    role: str
    label: str
    shown: str
    exact: str


@dataclass(frozen=True)
class PlayerLine:
    """One line of the first card: the winner, or the payers of one role paying alike."""

    role: str  # "winner", or the payer role
    count: int  # how many players this line is for (each pays `net`)
    label: str
    net: str  # signed: '+24', '−4', '0'
    net_exact: str
    words: str  # what the number means when it is not plain ("each", "pays nothing")

    @property
    def winner(self) -> bool:
        return self.role == "winner"


@dataclass(frozen=True)
class Presentation:
    """Every word, row and number one result shows, page and API alike."""

    headline: str  # the one-line result: share text, link previews, the page title
    sentence: str  # who pays it, in one line
    receives: str
    base: str
    payments: tuple[PaymentRow, ...]
    notes: tuple[tuple[str, str], ...]  # (code, words)
    steps: tuple[str, ...]
    reference_current: str  # the `data-row`/`data-cell` of this hand in the reference table
    # Family-specific context for the family's own templates (cards, reference tables),
    # by the names those templates use.
    extras: Mapping[str, Any] = field(default_factory=dict)
    # The table rules in one short phrase ("一二蚊 · 半辣 · 半銃 · 10 番頂"); "" when the
    # family has none to show.
    rules_line: str = ""
    # The second card: what each payer hands over, in the order of the who-pays table.
    each_payer: str = ""
    # What the amounts are counted in ("In points (點)"); "" when the family says nothing.
    amount_unit: str = ""
    # The context names the family's reference template reads (all in `extras`), when it can
    # be named by them without being drawn (`{% reference %}`); empty: it is named by its
    # markup.
    reference_reads: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "extras", MappingProxyType(dict(self.extras)))


class Presenter:
    """Base of the family presenters: `Presenter(inputs, outcome, idle).present()`.

    `inputs` is the tuple the engine's `score()` was called with. A family sets its
    `step_texts`/`note_texts` (%-format strings over each code's args), its field `labels`
    (for the `setting_unused` note) and overrides the hooks below where it words more.
    """

    step_texts: ClassVar[Mapping[str, Any]] = {}
    note_texts: ClassVar[Mapping[str, Any]] = {}
    labels: ClassVar[Mapping[str, Any]] = {}
    # Every context name the family's reference template reads (all in `extras()`), when
    # they are few: the live pages name the table by them (tests/test_live_head_views.py
    # renders the template with those alone). Empty: it is named by its markup.
    reference_reads: ClassVar[tuple[str, ...]] = ()

    def __init__(
        self, inputs: tuple[Any, ...], outcome: Outcome, idle: frozenset[str] = frozenset()
    ) -> None:
        self.inputs = inputs
        self.outcome = outcome
        self.notes = outcome.notes
        if idle:  # never for a sheet's hands, which word each hand's steps alone
            noted = {n.args.get("param") for n in outcome.notes if n.code == "setting_unused"}
            extra = (Note("setting_unused", {"param": name}) for name in sorted(idle - noted))
            self.notes += tuple(extra)

    # --- what a family may override -------------------------------------------------------
    def step_args(self, step: Step) -> dict[str, object]:
        return format_args(step.args)

    def describe_step(self, step: Step) -> str:
        template = self.step_texts.get(step.code)
        return str(template) % self.step_args(step) if template is not None else step.code

    def describe_note(self, note: Note) -> str:
        if note.code == "setting_unused":
            param = str(note.args.get("param"))
            setting = self.labels.get(param, param)
            return gettext("“%(setting)s” makes no difference to this hand.") % {"setting": setting}
        template = self.note_texts.get(note.code)
        return str(template) % format_args(note.args) if template is not None else note.code

    def headline(self) -> str:
        return gettext("The winner receives %(amount)s") % {
            "amount": money(self.outcome.winner_receives)
        }

    def result_line(self) -> str:
        """The headline without the table rules a family may end it with: a score sheet says
        its rules once, under its title."""
        return self.headline()

    def sentence(self) -> str:
        """Who pays it, in one line (the first card, link previews, the copied result)."""
        return who_pays_sentence(self.outcome)

    def each_payer(self) -> str:
        """The second card's figures: each payment, in the who-pays table's order."""
        return " / ".join(money(p.amount) for p in self.outcome.payments)

    def rules_words(self) -> list[str]:
        """The table rules worth saying under the result, each a word or two; a family
        words its own (usually those set away from the defaults of its `Rules`)."""
        return []

    def rules_line(self) -> str:
        return " · ".join(str(words) for words in self.rules_words())

    def amount_unit(self) -> str:
        """What the amounts are counted in, from the family's unit or the table's."""
        return ""

    # --- the first card: what each player pays or gets ---------------------------------------
    def player_lines(self) -> tuple[PlayerLine, ...]:
        """The winner, then the payers in the who-pays table's order, those of one role who
        pay alike on one line ("the other two: 2 each")."""
        outcome = self.outcome
        groups: list[list[Payment]] = []
        for payment in outcome.payments:
            last = groups[-1][0] if groups else None
            if last and last.payer == payment.payer and last.amount == payment.amount:
                groups[-1].append(payment)
            else:
                groups.append([payment])
        lines = [
            PlayerLine(
                "winner",
                1,
                gettext("The winner"),
                signed(outcome.winner_receives),
                exact(outcome.winner_receives),
                gettext("%(amount)s of it from the riichi sticks (供託)")
                % {"amount": money(outcome.from_table)}
                if outcome.from_table
                else "",
            )
        ]
        for group in groups:
            role, count, amount = group[0].payer, len(group), group[0].amount
            label = GROUP_LABELS.get((role, count))
            if label is None:
                label = f"{payer_label(role)} ×{count}" if count > 1 else payer_label(role)
            if not amount:
                words = gettext("pays nothing") if count == 1 else gettext("pay nothing")
            elif count > 1:
                words = gettext("%(amount)s each") % {"amount": money(amount)}
            else:
                words = ""
            lines.append(
                PlayerLine(role, count, str(label), signed(-amount), exact(-amount), words)
            )
        return tuple(lines)

    def players_line(self, lines: tuple[PlayerLine, ...]) -> str:
        """The payers' lines in one line, for the phone bar and the copied result."""
        return " · ".join(
            (
                gettext("%(who)s %(net)s each")
                if line.count > 1 and line.net_exact != "0"
                else gettext("%(who)s %(net)s")
            )
            % {"who": line.label, "net": line.net}
            for line in lines
            if not line.winner
        )

    def each_player_extras(self) -> dict[str, Any]:
        """The context of the every-player first card (`_result.html`) and its bar."""
        lines = self.player_lines()
        return {"player_lines": lines, "players_line": self.players_line(lines)}

    def reference_current(self) -> str:
        return ""

    def extras(self) -> dict[str, Any]:
        """The family's cards and reference tables, for its templates."""
        return {}

    # --- the view-model -------------------------------------------------------------------
    def steps(self) -> tuple[str, ...]:
        """The working, worded: what the API's `steps` carry (a sheet asks for only this)."""
        return tuple(self.describe_step(s) for s in self.outcome.steps)

    def present(self) -> Presentation:
        outcome = self.outcome
        extras = self.extras()
        return Presentation(
            headline=self.headline(),
            sentence=self.sentence(),
            receives=money(outcome.winner_receives),
            base=money(outcome.base),
            payments=tuple(
                PaymentRow(p.payer, payer_label(p.payer), money(p.amount), exact(p.amount))
                for p in outcome.payments
            ),
            notes=tuple((n.code, self.describe_note(n)) for n in self.notes),
            steps=self.steps(),
            reference_current=self.reference_current(),
            extras=extras,
            rules_line=self.rules_line(),
            each_payer=self.each_payer(),
            amount_unit=self.amount_unit(),
            reference_reads=self.reference_reads,
        )


def field_labels(form_class: type) -> dict[str, Any]:
    """A form's parameter labels by name, for the `setting_unused` note."""
    return {name: f.label for name, f in form_class.base_fields.items()}
