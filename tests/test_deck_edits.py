"""Deck edits as pure values (:mod:`deckbuilder.deck.edits`), without Qt: apply then
revert gives the original deck entry for entry, merging equals applying both, each
builder changes only what it says, and labels read after "Undo "."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckbuilder.deck import edits
from deckbuilder.deck.edits import NOTES_MERGE_KEY, DeckEdit
from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckEntry, DeckList

NAMES = ["Gentle", "Pie 'oh' pah", "Yzordderrex", "The Retreat", "Jude"]

names = st.sampled_from(NAMES)
zones = st.sampled_from([MAIN, SIDEBOARD])
counts = st.integers(1, 5)
entries = st.lists(st.tuples(names, counts), max_size=6)
texts = st.text(st.characters(codec="utf-8", categories=["L", "N", "Zs"]), max_size=20)


@st.composite
def decks(draw) -> DeckList:
    return DeckList(
        name=draw(texts).strip(),
        author=draw(texts).strip(),
        notes=draw(texts),
        main=draw(entries),
        sideboard=draw(entries),
    )


@st.composite
def deck_edits(draw, deck: DeckList) -> DeckEdit | None:
    """Any builder's edit of ``deck`` (``None`` where it would change nothing)."""
    kind = draw(st.sampled_from(["add", "remove", "set_count", "move", "replace", "field"]))
    name, zone, count = draw(names), draw(zones), draw(counts)
    if kind == "add":
        return edits.add_cards(deck, draw(st.lists(names, min_size=1, max_size=3)), count, zone)
    if kind == "remove":
        return edits.remove(deck, name, count, zone)
    if kind == "set_count":
        return edits.set_count(deck, name, draw(st.integers(0, 5)), zone)
    if kind == "move":
        return edits.move(deck, name, zone, count)
    if kind == "replace":
        return edits.replace_zone(deck, zone, draw(entries), "Paste")
    field = draw(st.sampled_from(edits.FIELDS))
    return edits.set_field(deck, field, draw(texts))


def snapshot(deck: DeckList) -> tuple:
    """Everything a deck holds, entry order included (``==`` on DeckList ignores nothing
    but ``lines``, which edits keep)."""
    return (deck.name, deck.author, deck.notes, list(deck.main), list(deck.sideboard),
            dict(deck.lines))


@given(st.data())
def test_apply_then_revert_gives_the_original_deck(data):
    deck = data.draw(decks())
    original = snapshot(deck)
    edit = data.draw(deck_edits(deck))
    if edit is None:
        return
    done = edit.apply(deck)
    assert snapshot(deck) == original  # apply never mutates its argument
    assert snapshot(edit.revert(done)) == original
    for part in edit.parts:
        assert edits.part_of(done, part) == edit.after[part]


@given(st.data())
def test_merging_two_edits_equals_applying_both(data):
    deck = data.draw(decks())
    first = data.draw(deck_edits(deck))
    if first is None:
        return
    middle = first.apply(deck)
    second = data.draw(deck_edits(middle))
    if second is None:
        return
    first = DeckEdit(first.before, first.after, first.label, "k")
    second = DeckEdit(second.before, second.after, second.label, "k")
    merged = first.merged_with(second)
    assert snapshot(merged.apply(deck)) == snapshot(second.apply(middle))
    assert snapshot(merged.revert(second.apply(middle))) == snapshot(deck)
    assert merged.label == first.label


@given(decks(), names, counts, zones)
def test_add_then_remove_restores_the_counts(deck, name, count, zone):
    added = edits.add_cards(deck, [name], count, zone).apply(deck)
    assert added.count_of(name, zone) == deck.count_of(name, zone) + count
    other = SIDEBOARD if zone == MAIN else MAIN
    assert added.zone(other) == deck.zone(other)
    removed = edits.remove(added, name, count, zone).apply(added)
    assert removed.counts(zone) == {n: c for n, c in deck.counts(zone).items()}


def test_an_edit_made_from_another_state_is_refused():
    deck = DeckList(main=[("Gentle", 1)])
    edit = edits.add_cards(deck, ["Jude"])
    with pytest.raises(ValueError, match="differs"):
        edit.apply(DeckList())
    with pytest.raises(ValueError, match="differs"):
        edit.revert(deck)


def test_labels_read_after_undo():
    deck = DeckList(main=[("Gentle", 3)], sideboard=[("Jude", 1)])
    assert edits.add_cards(deck, ["Gentle"], 2).label == "Add 2 × Gentle"
    assert edits.add_cards(deck, ["Gentle", "Jude"], 1, SIDEBOARD).label == (
        "Add 2 cards to the sideboard"
    )
    assert edits.remove(deck, "Jude", 4, SIDEBOARD).label == "Remove Jude from the sideboard"
    assert edits.set_count(deck, "Gentle", 1).label == "Gentle: 1"
    assert edits.move(deck, "Gentle", MAIN, 2).label == "Move 2 × Gentle to the sideboard"
    assert edits.set_field(deck, "name", " New ").label == "Rename deck"


def test_builders_that_change_nothing_give_none():
    deck = DeckList(name="Deck", main=[("Gentle", 3)])
    assert edits.add_cards(deck, []) is None
    assert edits.remove(deck, "Jude") is None
    assert edits.set_count(deck, "gentle", 3) is None
    assert edits.move(deck, "Jude", MAIN) is None
    assert edits.set_field(deck, "name", "  Deck ") is None


def test_a_move_changes_both_zones_in_one_edit_and_keeps_the_order():
    deck = DeckList(main=[("Gentle", 2), ("Jude", 1), ("Yzordderrex", 1)],
                    sideboard=[("Jude", 1)])
    edit = edits.move(deck, "Jude", MAIN, 5)
    assert edit.parts == (MAIN, SIDEBOARD)
    moved = edit.apply(deck)
    assert moved.main == [DeckEntry("Gentle", 2), DeckEntry("Yzordderrex", 1)]
    assert moved.sideboard == [DeckEntry("Jude", 2)]
    assert edit.revert(moved).main == deck.main


def test_notes_edits_merge_and_keep_what_is_typed():
    deck = DeckList()
    first = edits.set_field(deck, "notes", "line one\n")
    assert first.merge_key == NOTES_MERGE_KEY
    typed = first.apply(deck)
    assert typed.notes == "line one\n"  # not cleaned while typing
    second = edits.set_field(typed, "notes", "line one\nline two")
    merged = first.merged_with(second)
    assert merged.before == {"notes": ""} and merged.after == {"notes": "line one\nline two"}
    assert edits.set_field(deck, "name", "A").merge_key is None


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda d: edits.add_cards(d, ["Gentle"], 0), "count"),
        (lambda d: edits.add_cards(d, ["Gentle"], 999), "outside"),
        (lambda d: edits.set_field(d, "title", "x"), "unknown deck field"),
        (lambda d: edits.set_field(d, "name", "a\nb"), "character"),
        (lambda d: edits.set_field(d, "notes", "bell\x07"), "character"),
        (lambda d: edits.replace_zone(d, "deck", [("Gentle", 1)], "x"), "unknown zone"),
        (lambda d: DeckEdit({"main": ()}, {"side": ()}, "x"), "same parts"),
        (lambda d: DeckEdit({"lines": {}}, {"lines": {}}, "x"), "cannot set"),
        (lambda d: edits.set_field(d, "notes", "a").merged_with(
            edits.set_field(d, "name", "b")), "merge key"),
    ],
)
def test_bad_edits_are_refused(call, error):
    with pytest.raises(ValueError, match=error):
        call(DeckList(main=[("Gentle", 2)]))
