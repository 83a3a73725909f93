"""Players' names as every sheet page says them: told apart, listed, offered as a choice."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import translation
from django.utils.translation import gettext as _

from calculator.presenting import isolated


def told_apart(names: Sequence[str]) -> list[str]:
    """The players' names as the sheet shows them, each isolated: a name two players share
    carries the player's number, "Amy (2)", so rows and payments say which one."""
    return [
        f"{isolated(name)} ({n})" if names.count(name) > 1 else isolated(name)
        for n, name in enumerate(names, 1)
    ]


def names_list(names: Sequence[str]) -> str:
    """Names in a list as the page's language writes one: 阿明、Bob on a Chinese page."""
    language = translation.get_language() or ""
    return ("、" if language.startswith("zh") else ", ").join(names)


def player_choice(n: int, name: str) -> str:
    """A player in a choice, with the seat number: two players may share a name."""
    return _("%(name)s (%(n)s)") % {"name": isolated(name), "n": n}
