"""What a score sheet stores: the sheet, its hands in order, and every earlier version of each.

What the table entered is stored, and beside it what the sheet's last write worked out from
it (`calculator.scoring.sheet`): the counters each hand was played under and where the sheet
stands after its last hand. A write that changes a recorded hand works the whole sheet out
again, so an edit of hand 3 flows into every later hand; a read takes the standing as
stored and works out only the hands it lists (`calculator.sheets`).
"""

from __future__ import annotations

import secrets

from django.db import models

KEY_BYTES = 18  # 144 bits: above the 128 the contract asks for; 24 URL-safe characters


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


class Sheet(models.Model):
    family = models.CharField(max_length=20)
    # The table rules as the family form encodes them (canonical, defaults left out), plus
    # the sheet's own (riichi start, return, uma, noten, rate): fixed at creation.
    rules = models.JSONField(default=dict)
    players = models.JSONField()  # the names, player 1 first (trimmed, 1–40 code points)
    edit_key = models.CharField(max_length=64, unique=True, default=new_key)
    view_key = models.CharField(max_length=64, unique=True, default=new_key)
    revision = models.PositiveIntegerField(default=0)  # +1 on every write
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # Where the sheet stands after its last hand, as the write of `revision` worked it out
    # (`calculator.sheets.standing`); None, or another revision's: work it out again.
    state = models.JSONField(null=True, default=None)
    closed = models.BooleanField(default=False)  # the session is over: no write until reopened
    # The latest writes to its hands, oldest first, as {"do": "add"|"replace"|"delete"|
    # "restore", "n": hand}: what "undo" takes back, one at a time.
    actions = models.JSONField(default=list)

    def __str__(self) -> str:
        return f"{self.family} sheet {self.pk}"


class Hand(models.Model):
    # No index of its own: `hand_place_unique` (sheet, n) begins with it and serves every
    # read by sheet, so an add writes one index fewer.
    sheet = models.ForeignKey(Sheet, on_delete=models.CASCADE, related_name="hands", db_index=False)
    n = models.PositiveIntegerField()  # 1-based place in the sheet; never reused
    winner = models.PositiveSmallIntegerField(null=True)  # null: a drawn hand
    discarder = models.PositiveSmallIntegerField(null=True)
    # The family's per-hand parameters as entered, canonically encoded, with the sheet's
    # own per-hand fields (riichi, tenpai, liable_player).
    params = models.JSONField(default=dict)
    deleted = models.BooleanField(default=False)
    key = models.CharField(max_length=64, null=True)  # noqa: DJ001 (NULL: no key, never unique)
    versions = models.PositiveIntegerField(default=1)
    # The sheet's revision its add wrote: a phone that showed an older one had not seen it
    # (an add's `shown`). None: recorded before this was kept.
    added = models.PositiveIntegerField(null=True, default=None)
    # The counters it was played under, as the sheet's last write worked them out: the
    # dealer, riichi's honba and the sticks carried in (before this hand's declarations).
    dealer = models.PositiveSmallIntegerField(default=1)
    honba = models.PositiveIntegerField(default=0)
    pot = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["n"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "n"], name="hand_place_unique"),
            # A retried add finds the first one, even when both race: the database decides.
            models.UniqueConstraint(fields=["sheet", "key"], name="hand_key_unique"),
        ]

    def __str__(self) -> str:
        return f"hand {self.n} of sheet {self.sheet_id}"


class HandVersion(models.Model):
    """A hand as it was before an edit: nothing entered is ever lost."""

    # As Hand.sheet: `hand_version_unique` (hand, version) serves every read by hand.
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="history", db_index=False)
    version = models.PositiveIntegerField()
    winner = models.PositiveSmallIntegerField(null=True)
    discarder = models.PositiveSmallIntegerField(null=True)
    params = models.JSONField(default=dict)
    replaced = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["version"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "version"], name="hand_version_unique"),
        ]

    def __str__(self) -> str:
        return f"version {self.version} of {self.hand}"
