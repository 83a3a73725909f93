"""One pass per request: every page, fragment and API answer calls its family's engine once.

The web layer's calls are counted (a call made from inside `calculator.scoring`, such as a
reference table scoring its own rows, is the engine's business). A second call would mean
that a form or presenter is doing the engine's work again.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest

from calculator.families import FAMILIES
from calculator.families.hk import hand_forms as hk_hand
from calculator.families.jiujiang import hand_forms as jiujiang_hand
from calculator.families.mcr import hand_forms as mcr_hand
from calculator.families.riichi import hand_forms as riichi_hand
from calculator.params import Param

RIICHI_TANYAO = "hand=234567m234p55888s&win_tile=8s&riichi=1"
KOKUSHI = "hand=19m19p19s12345677z&win_tile=7z"


def count_calls(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[tuple]:
    """Patch `owner.name` to record each call made from outside the engine package."""
    calls: list[tuple] = []
    original: Callable[..., Any] = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        caller = sys._getframe(1).f_globals.get("__name__", "")
        if not caller.startswith("calculator.scoring"):
            calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


WAYS = {
    "page": lambda client, url: client.get(url),
    "fragment": lambda client, url: client.get(url, headers={"HX-Request": "true"}),
}


@pytest.mark.parametrize("way", [*WAYS, "api"])
@pytest.mark.parametrize("slug", list(FAMILIES))
def test_each_request_scores_once(client, monkeypatch, slug, way):
    family = FAMILIES[slug]
    scores = count_calls(monkeypatch, family.engine, "score")
    parses = count_calls(monkeypatch, family.form, "build_inputs")
    if way == "api":
        response = client.get(f"/api/v1/{slug}?{family.example}")
    else:
        response = WAYS[way](client, f"/en/{slug}/?{family.example}")
    assert response.status_code == 200
    assert len(scores) == 1
    assert len(parses) == 1


@pytest.mark.parametrize("slug", list(FAMILIES))
def test_an_invalid_request_never_scores(client, monkeypatch, slug):
    family = FAMILIES[slug]
    scores = count_calls(monkeypatch, family.engine, "score")
    # The family's first parameter (its hand's value: fan, han, 台數 …), unreadable.
    first = next(
        name for name, field in family.form.base_fields.items() if isinstance(field, Param)
    )
    response = client.get(f"/{slug}/?unknown=1&{first}=x")
    assert response.status_code == 200
    assert scores == []


@pytest.mark.parametrize(
    ("slug", "form_module", "query"),
    [("riichi", riichi_hand, RIICHI_TANYAO), ("mcr", mcr_hand, KOKUSHI)],
)
@pytest.mark.parametrize("way", [*WAYS, "api"])
def test_each_hand_request_analyses_once_and_never_rescores(
    client, monkeypatch, slug, form_module, query, way
):
    analyses = count_calls(monkeypatch, form_module, "analyse")
    scores = count_calls(monkeypatch, FAMILIES[slug].engine, "score")
    if way == "api":
        response = client.get(f"/api/v1/{slug}/hand?{query}")
    else:
        response = WAYS[way](client, f"/en/{slug}/hand/?{query}")
    assert response.status_code == 200
    assert len(analyses) == 1
    assert scores == []  # the analysis's own outcome is what the page shows


HK_HAND = "hand=123m456p789s234s55m&win_tile=5m&flowers=1f&split=half"
JIUJIANG_HAND = "hand=111m222p333s444s55m&win_tile=5m&win=self_draw"


@pytest.mark.parametrize(
    ("slug", "form_module", "query", "payments"),
    [
        # hk's analysis finds the fan; the form then makes the one hk.score call with it
        ("hk", hk_hand, HK_HAND, 1),
        # the jiujiang analysis scores inside the engine, so the web layer makes none
        ("jiujiang", jiujiang_hand, JIUJIANG_HAND, 0),
    ],
)
@pytest.mark.parametrize("way", [*WAYS, "api"])
def test_hk_and_jiujiang_hands_analyse_and_score_once(
    client, monkeypatch, slug, form_module, query, payments, way
):
    analyses = count_calls(monkeypatch, form_module, "analyse")
    scores = count_calls(monkeypatch, FAMILIES[slug].engine, "score")
    if way == "api":
        response = client.get(f"/api/v1/{slug}/hand?{query}")
    else:
        response = WAYS[way](client, f"/en/{slug}/hand/?{query}")
    assert response.status_code == 200
    assert len(analyses) == 1
    assert len(scores) == payments
