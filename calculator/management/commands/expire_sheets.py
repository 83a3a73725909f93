"""`manage.py expire_sheets`: delete the score sheets nobody has written to for
SHEET_IDLE_DAYS days (400 by default: a table that meets once a year keeps its sheet).

Nothing expires unless this runs (deploy/mahjong-expire.timer runs it daily); it names
each sheet it deletes (never its keys) and says how many. `--dry-run` only names them.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from calculator.models import Sheet


class Command(BaseCommand):
    help = "Delete every score sheet not written to for SHEET_IDLE_DAYS days."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--dry-run", action="store_true", help="name them, delete nothing")

    def handle(self, *args: Any, **options: Any) -> None:
        days = settings.SHEET_IDLE_DAYS
        cutoff = timezone.now() - timedelta(days=days)
        dry_run = options["dry_run"]
        count = 0
        for sheet in Sheet.objects.filter(updated__lt=cutoff).order_by("pk").iterator():
            if not dry_run:
                with transaction.atomic():
                    # Locked and checked again: a write just now keeps the sheet.
                    idle = Sheet.objects.select_for_update().filter(pk=sheet.pk, updated__lt=cutoff)
                    if not idle.exists():
                        continue
                    idle.delete()  # its hands and their versions with it
            count += 1
            self.stdout.write(
                f"sheet {sheet.pk} ({sheet.family}, last written {sheet.updated:%Y-%m-%d})"
            )
        verb = "would be deleted" if dry_run else "deleted"
        self.stdout.write(f"{count} sheet(s) idle for over {days} days {verb}")
