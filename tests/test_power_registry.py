"""The power registry (issue 22 section 2): every family reads its own example, the
goldfish families are what modelled.py, the deck encoding and the compiled core's header
say the goldfish plays, and the checked-in header is the registry's."""

from __future__ import annotations

import json
import re

import pytest

from card_db.checklist.bundled import load_bundled_records
from card_db.records import CardRecord, CardType
from deckbuilder.engine.powers.modelled import modelled_powers
from deckbuilder.engine.powers.registry import families, family, goldfish_families
from deckbuilder.engine.simulation import gen_header
from deckbuilder.engine.simulation.deck import EngineDeck
from deckbuilder.engine.simulation.fastcore import FastGoldfish, _core_arguments

RECORDS = {r.name: r for r in load_bundled_records()}


def example_card(f) -> CardRecord:
    return CardRecord(f"Example {f.name}", f.example_type, permanent=f.example_permanent,
                      powers=f.example)


def test_the_checked_in_header_is_the_registrys():
    assert gen_header.HEADER.read_text(encoding="utf-8") == gen_header.header_text(), (
        "run: python -m deckbuilder.engine.simulation.gen_header")
    assert gen_header.main(["--check"]) == 0


@pytest.mark.parametrize("f", [f for f in families() if f.name != "artist"], ids=lambda f: f.name)
def test_each_family_reads_its_own_example(f):
    assert f.section and f.grammar and f.applied_by
    assert f.read(f.example)
    assert f.read("Shuffle your In Ovo into your Destiny.") is None


@pytest.mark.parametrize("f", [f for f in goldfish_families() if f.name != "artist"],
                         ids=lambda f: f.name)
def test_modelled_says_the_goldfish_plays_every_goldfish_family(f):
    """A card in a goldfish family's example form is played by the goldfish (its code is
    not 0) and modelled.py says so, naming the family: no family is left out of it."""
    card = example_card(f)
    assert f.goldfish.encode(card) > 0
    (status,) = modelled_powers(card)
    assert status.modelled and status.family == f.name and status.goldfish
    assert status.reads_as == f.read(f.example)
    deck = EngineDeck.from_records([card])
    assert getattr(deck, f.goldfish.deck_field) == deck.powers[f.goldfish.deck_field]


@pytest.mark.parametrize(("name", "fam"), [("Veil of Fortune", "flash_magic"),
                                           ("Census of the Dominions", "turn_draw"),
                                           ("Sketch the Threshold", "acting_magic"),
                                           ("Summons to the Conclave", "draw_dictate")])
def test_the_bundled_goldfish_cards_name_their_family(name, fam):
    (status,) = modelled_powers(RECORDS[name])
    assert (status.family, status.goldfish) == (fam, True)


def test_the_compiled_core_gets_one_array_per_slot_of_the_header():
    header = gen_header.HEADER.read_text(encoding="utf-8")
    nslots = int(re.search(r"#define NSLOTS (\d+)", header).group(1))
    deck = EngineDeck.from_records(list(RECORDS.values())[:60])
    arrays = _core_arguments(FastGoldfish(deck))[0]
    assert len(arrays) == nslots
    for f in goldfish_families():
        slot = int(re.search(rf"#define SLOT_{f.goldfish.c_name} (\d+)", header).group(1))
        assert tuple(arrays[slot]) == tuple(deck.powers[f.goldfish.deck_field])


def test_an_unknown_family_is_a_key_error():
    assert family("acting_magic").name == "acting_magic"
    with pytest.raises(KeyError):
        family("no such family")


def test_cards_powers_grammar_prints_every_family_with_an_example():
    from click.testing import CliRunner

    from deckbuilder.cli.main import cli

    out = CliRunner().invoke(cli, ["cards", "powers", "--grammar"]).stdout
    for f in families():
        assert f"example:  {f.example}" in out
    assert "Acting Ally is magic +2" in out and "Allies for -1 if any females are controlled" in out
    rows = json.loads(CliRunner().invoke(cli, ["cards", "powers", "--grammar", "--json"]).stdout)
    assert [r["family"] for r in rows] == [f.name for f in families()]
    assert all(r["reads_as"] for r in rows if r["family"] != "artist")


def test_the_docs_page_lists_every_family():
    page = (gen_header.HEADER.parents[3] / "docs" / "card-powers.md").read_text(encoding="utf-8")
    for f in families():
        assert f"| `{f.name}` |" in page and f.example in page, f.name


def test_every_sentence_the_engine_plays_has_a_family_and_a_reading():
    """The registry covers what modelled.py says the engine plays: no played sentence of
    the bundled data lacks a family, and none reads as anything when it is not played."""
    for record in RECORDS.values():
        for status in modelled_powers(record):
            assert (status.reads_as is not None) == status.modelled, (record.name, status)
            assert (status.family is not None) == status.modelled
    unread = CardRecord("Unread Omen", CardType.FLASH, permanent=False,
                        powers="Shuffle your In Ovo into your Destiny. Acting Ally is magic +2.")
    first, second = modelled_powers(unread)
    assert (first.modelled, first.reads_as, first.family) == (False, None, None)
    assert not second.modelled and second.reads_as is None  # an instant's bonus
