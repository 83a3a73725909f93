"""`manage.py rework_sheets`: store again what every hand of a sheet works out to.

For sheets whose stored standing a page would not trust (written before standings were
kept, restored from a backup, or stored by an engine older than `sheets.LEDGER`). Pages show
the right numbers without it, working every hand out on each read; this makes them fast again.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from calculator import sheets
from calculator.models import Sheet


class Command(BaseCommand):
    help = "Work out again, and store, every score sheet whose stored standing is not trusted."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--all", action="store_true", help="every sheet, trusted or not")

    def handle(self, *args: Any, **options: Any) -> None:
        reworked, failed = 0, 0
        for sheet in Sheet.objects.order_by("pk").iterator():
            if options["all"] or sheets.standing(sheet) is None:
                try:
                    sheets.rework(sheet)
                except ValueError as error:  # a stored hand that no longer reads: say which
                    self.stderr.write(f"sheet {sheet.pk}: {error}")
                    failed += 1
                    continue
                reworked += 1
        self.stdout.write(f"{reworked} sheet(s) worked out again")
        if failed:
            raise CommandError(f"{failed} sheet(s) could not be worked out")
