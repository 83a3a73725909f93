"""The Taiwanese sections of the glossary and the sources page through Django's test client,
in each language: the 台數 section with its terms and its list, and the sources it cites."""

from __future__ import annotations

import re
from html import unescape

import pytest

# The language prefix, and what the glossary's Taiwanese section says in it.
GLOSSARY = [
    (
        "",
        [
            "台灣麻將",
            "底同台：賭注",
            "莊家同連莊拉莊：莊家台",
            "連一拉一 3 台，連二拉二 5 台",
            "放槍同自摸",
            "常見台數",
        ],
    ),
    (
        "/zh-hans",
        [
            "台湾麻将",
            "底与台：赌注",
            "庄家与连庄拉庄：庄家台",
            "连一拉一 3 台，连二拉二 5 台",
            "放枪与自摸",
            "常见台数",
        ],
    ),
    (
        "/en",
        [
            "Taiwanese (台灣麻將)",
            "底 and 台: the stakes",
            "莊家 and 連莊拉莊: the dealer's 台",
            "連一拉一 is 3 台, 連二拉二 is 5",
            "放槍 and 自摸",
            "Common 台數",
        ],
    ),
]

# Each pattern of the 台數 list (as zh-hant and English write it, as zh-hans does) and its 台.
TAI_LIST = [
    ("莊家", "庄家", "1"),
    ("門清", "门清", "1"),
    ("自摸", "自摸", "1"),
    ("門清自摸", "门清自摸", "3"),
    ("平胡", "平胡", "2"),
    ("碰碰胡", "碰碰胡", "4"),
    ("混一色", "混一色", "4"),
    ("清一色", "清一色", "8"),
]

SOURCES = [
    ("", ["台灣麻將", "中華民國麻將協會。", "一位台灣牌友講連莊拉莊嘅筆記。"]),
    ("/zh-hans", ["台湾麻将", "中华民国麻将协会。", "一位台湾牌友关于连庄拉庄的笔记。"]),
    (
        "/en",
        [
            "Taiwanese (台灣麻將)",
            "the Taiwan Mahjong Association (中華民國麻將協會).",
            "a Taiwanese player's notes on 連莊拉莊.",
        ],
    ),
]


def text(html: str) -> str:
    """What a reader sees: tags dropped, entities read, spaces folded."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def part(html: str, start: str, end: str) -> str:
    found = re.search(rf"{start}.*?{end}", html, re.S)
    assert found, f"no {start}"
    return found.group(0)


@pytest.mark.parametrize(("prefix", "words"), GLOSSARY)
def test_the_glossary_has_the_taiwanese_section(client, prefix, words):
    html = page(client, f"{prefix}/glossary/")
    assert 'href="#taiwan"' in html
    said = text(part(html, '<section id="taiwan"', "</section>"))
    for word in words:
        assert word in said, word


@pytest.mark.parametrize("prefix", ["", "/zh-hans", "/en"])
def test_the_glossary_lists_the_common_tai(client, prefix):
    table = part(page(client, f"{prefix}/glossary/"), '<table class="tai-list">', "</table>")
    rows = re.findall(r'<th scope="row">([^<]+)</th><td class="num">([^<]+)</td>', table)
    # The English page glosses each name after it: "門清 concealed".
    said = {name.split(" ")[0]: tai for name, tai in rows}
    for traditional, simplified, tai in TAI_LIST:
        pattern = simplified if prefix == "/zh-hans" else traditional
        assert said.get(pattern) == tai, pattern


@pytest.mark.parametrize(("prefix", "words"), SOURCES)
def test_the_sources_page_cites_the_taiwanese_sources(client, prefix, words):
    html = page(client, f"{prefix}/sources/")
    cited = part(html, '<h3 id="src-taiwan">', "</ol>")
    said = text(cited)
    for word in words:
        assert word in said, word
    for anchor in ("src-atawmj", "src-4winds-tw", "src-lianzhuang"):
        assert f'id="{anchor}"' in cited
    assert "atawmj.org.tw/memu015.htm" in said
    for rule in ("streak_tai", "cap", "draw_keeps"):
        assert f"<code>{rule}</code>" in html, rule
