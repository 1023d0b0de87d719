"""Every readable deck format reads back what it wrote (hypothesis), keeping the fields
the format carries, with awkward names: quotes, ampersands, markup characters, unicode,
leading digits, comment and heading look-alikes."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from card_db.names import fold_name
from deckbuilder import formats
from deckbuilder.deck.decklist import DeckList

READABLE = formats.names(readable_only=True)

_TEXT = st.characters(
    blacklist_categories=("Cc", "Cs", "Cn", "Zl", "Zp"),
)
_AWKWARD = st.sampled_from(
    [
        "2nd Guard", "3x Gek", "x Marks", "Gek-A-Gek", "O'Brien \"the Hat\"", "Salt & Smoke",
        "<Tower>", "]]>", "# not a comment", "// neither", "SB: no", "Sideboard", "Sites:",
        "Émile Žižek", "Хапексамендиос", "猫の塔", "𝔊𝔢𝔨", "a,b;c", "1 2 3",
        "Name:", "&amp;", "  padded  ",
    ]
)
_name = st.one_of(_AWKWARD, st.text(_TEXT, min_size=1, max_size=30)).map(str.strip).filter(bool)
_line = st.text(_TEXT, max_size=30).map(str.strip)
_notes = st.lists(st.one_of(_line, _AWKWARD, st.just("\tindented")), max_size=4).map("\n".join)
_count = st.integers(min_value=1, max_value=999)
#: Lackey writes one element per copy; smaller counts keep its round trip quick.
_small_count = st.integers(min_value=1, max_value=40)


def _unique_names(entries):
    seen, kept = set(), []
    for name, count in entries:
        if fold_name(name) not in seen:
            seen.add(fold_name(name))
            kept.append((name, count))
    return kept


@st.composite
def decks(draw, count=_count):
    main = _unique_names(draw(st.lists(st.tuples(_name, count), max_size=8)))
    side = _unique_names(draw(st.lists(st.tuples(_name, count), max_size=3)))
    if not main and not side:
        main = [(draw(_name), draw(count))]
    return DeckList(
        name=draw(_line), author=draw(_line), notes=draw(_notes), main=main, sideboard=side
    )


def _projection(deck: DeckList, carried: frozenset[str]) -> DeckList:
    return DeckList(
        name=deck.name if "name" in carried else "",
        author=deck.author if "author" in carried else "",
        notes=deck.notes if "notes" in carried else "",
        main=deck.main,
        sideboard=deck.sideboard,
    )


@pytest.mark.parametrize("name", READABLE)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_round_trip(name, data):
    deck = data.draw(decks(_small_count if name == "lackey" else _count))
    deck_format = formats.get(name)
    forbidden = getattr(deck_format.module, "NAMES_CANNOT_HOLD", "")
    assume(not any(c in entry.name for entry in deck.main + deck.sideboard for c in forbidden))
    ending = getattr(deck_format.module, "NAMES_CANNOT_END", None)
    assume(ending is None or not any(ending.search(e.name) for e in deck.main + deck.sideboard))
    written = deck_format.write(deck)
    back = deck_format.read(written)
    assert back == _projection(deck, deck_format.carries)
    # bytes in UTF-8 read the same as text
    assert deck_format.read(written.encode("utf-8")) == back


@pytest.mark.parametrize("name", READABLE)
def test_every_readable_format_carries_both_zones(name):
    assert {"main", "sideboard"} <= formats.get(name).carries


@pytest.mark.parametrize("name", READABLE)
def test_round_trip_keeps_line_numbers_for_every_card(name):
    deck = DeckList(
        name="Tour", main=[("Gek-A-Gek", 3), ("2nd Guard", 1)], sideboard=[("Amnesia", 2)]
    )
    deck_format = formats.get(name)
    written = deck_format.write(deck)
    back = deck_format.read(written)
    lines = written.splitlines()
    for card in ("Gek-A-Gek", "2nd Guard", "Amnesia"):
        line = back.lines[card]
        assert card in lines[line - 1], (name, card, line)
