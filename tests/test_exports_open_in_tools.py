"""Our exports open in the tools they are for (issue 11, sections 3 and 4).

1. Every demo deck exported as ``.cod``, ``.o8d`` and ``.dek`` with ``deckbuilder deck
   convert`` refers only to cards of the package ``deckbuilder publish cockatrice|octgn|
   lackey`` wrote (card names, card GUIDs, Lackey set and image ids), in zones the
   package declares, and the tool reads the same cards in the same zones as our reader.
2. Every deck format we write reads back with the same cards and zones by our reader
   and by the writing tool's reading rules, restated in :mod:`tests.tool_readers`:
   Cockatrice's plain text (``text``, and ``mws``, which Cockatrice opens as plain text),
   ``.cod``, OCTGN's ``.o8d`` against the cards the OCTGN package installs, LackeyCCG's
   ``.dek`` against the plugin's card data, Forge's ``.dck``. ``csv`` and ``json`` are our
   own formats (no other tool writes or reads them): our reader only, as in
   ``test_formats_roundtrip.py``.

The tools themselves were not run (no Windows or desktop install here): these are the
tools' reading rules, not the programs.
"""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from lxml import etree

from card_db.names import fold_name
from card_db.records import CardRecord, CardType
from card_db.userdb import ensure_database
from deckbuilder import formats
from deckbuilder.cli.main import cli
from deckbuilder.deck.decklist import DeckList
from deckbuilder.formats import lackey as lackey_format
from deckbuilder.formats import octgn as octgn_format
from deckbuilder.formats.publish import cockatrice, lackey, octgn
from deckbuilder.services.deck_sources import demo_deck_files
from tests import tool_readers as tool

DEMO_DECKS = demo_deck_files()
#: Small pictures keep the packages quick to write; the layout does not depend on them.
WIDTH = 126
#: A tool's zone names -> ours.
ZONES = {"main": "main", "side": "sideboard", "Main": "main", "Sideboard": "sideboard",
         "Deck": "main", "sideboard": "sideboard"}


def _zones(deck: tool.ToolDeck) -> dict[str, list[tuple[str, int]]]:
    """The tool's non-empty zones under our names (an unknown zone keeps its own)."""
    return {ZONES.get(zone, zone): cards for zone, cards in deck.zones.items() if cards}


def _ours(deck: DeckList) -> dict[str, list[tuple[str, int]]]:
    zones = {"main": [(e.name, e.count) for e in deck.main],
             "sideboard": [(e.name, e.count) for e in deck.sideboard]}
    return {zone: cards for zone, cards in zones.items() if cards}


# -- 1. the demo decks against the published packages --------------------------------------


@pytest.fixture(scope="module")
def published(tmp_path_factory) -> tuple[Path, Path]:
    """(user database, folder holding one package per tool), written by the CLI."""
    base = tmp_path_factory.mktemp("published")
    database = ensure_database(base / "user.sqlite3")
    for tool_name in ("cockatrice", "octgn", "lackey"):
        result = CliRunner().invoke(cli, ["--db", str(database), "publish", tool_name,
                                          str(base / tool_name), "--width", str(WIDTH)])
        assert result.exit_code == 0, result.output
    return database, base


def _export(database: Path, deck_file: Path, target: Path) -> bytes:
    result = CliRunner().invoke(cli, ["--db", str(database), "deck", "convert",
                                      str(deck_file), str(target)])
    assert result.exit_code == 0, result.output
    return target.read_bytes()


@pytest.mark.parametrize("deck_file", DEMO_DECKS, ids=lambda p: p.stem)
def test_a_cod_names_only_cards_of_the_cockatrice_database(published, tmp_path, deck_file):
    database, base = published
    card_names = {card.findtext("name") for card in
                  etree.parse(str(base / "cockatrice" / cockatrice.DATABASE_FILE)).iter("card")}
    read = tool.cockatrice_cod(_export(database, deck_file, tmp_path / "deck.cod"))
    assert set(read.zones) <= {"main", "side"}
    assert {card for cards in read.zones.values() for card, _ in cards} <= card_names
    assert _zones(read) == _ours(formats.read_file(tmp_path / "deck.cod"))
    assert _zones(read)["main"] and sum(n for _, n in _zones(read)["main"]) == sum(
        e.count for e in formats.read_file(deck_file).main)


@pytest.mark.parametrize("deck_file", DEMO_DECKS, ids=lambda p: p.stem)
def test_an_o8d_names_only_card_guids_of_the_octgn_game(published, tmp_path, deck_file):
    database, base = published
    game = octgn.game_folder(base / "octgn")
    definition = etree.parse(str(game / "definition.xml")).getroot()
    sections = {s.get("name") for s in definition.iter("section")}
    installed = tool.octgn_installed((game / "Sets" / str(octgn.SET_ID) / "set.xml")
                                     .read_bytes())
    data = _export(database, deck_file, tmp_path / "deck.o8d")
    read = tool.octgn_o8d(data, uuid.UUID(definition.get("id")), installed)
    assert set(read.zones) <= sections
    assert _zones(read) == _ours(formats.read_file(tmp_path / "deck.o8d"))
    assert _zones(read)["main"] == _ours(formats.read_file(deck_file))["main"]


@pytest.mark.parametrize("deck_file", DEMO_DECKS, ids=lambda p: p.stem)
def test_a_dek_names_only_cards_of_the_lackey_plugin(published, tmp_path, deck_file):
    database, base = published
    folder = base / "lackey"
    card_data = tool.lackey_card_data((folder / lackey.CARD_DATA).read_text(encoding="utf-8"))
    info = (folder / "plugininfo.txt").read_text(encoding="utf-8")
    deck_zones = set(re.findall(r"<deckzone><label>([^<]+)</label>", info))
    read = tool.lackey_dek(_export(database, deck_file, tmp_path / "deck.dek"), card_data)
    assert set(read.zones) <= deck_zones
    assert _zones(read) == _ours(formats.read_file(tmp_path / "deck.dek"))
    assert _zones(read)["main"] == _ours(formats.read_file(deck_file))["main"]


def test_a_card_the_package_lacks_is_refused_by_each_tools_rules(published, tmp_path):
    """The checks above can fail: a deck naming a card no package has."""
    _, base = published
    stranger = DeckList(main=[("Nobody's Card", 2)])
    installed = tool.octgn_installed(
        (octgn.game_folder(base / "octgn") / "Sets" / str(octgn.SET_ID) / "set.xml")
        .read_bytes())
    with pytest.raises(tool.RefusedByTool, match="not installed"):
        tool.octgn_o8d(octgn_format.write(stranger).encode(), octgn_format.GAME_ID, installed)
    card_data = tool.lackey_card_data(
        (base / "lackey" / lackey.CARD_DATA).read_text(encoding="utf-8"))
    with pytest.raises(tool.RefusedByTool, match="nobody_s_card"):
        tool.lackey_dek(lackey_format.write(stranger).encode(), card_data)
    other_game = octgn_format.write(stranger).replace(str(octgn_format.GAME_ID),
                                                      str(uuid.uuid4()))
    with pytest.raises(tool.RefusedByTool, match="another game"):
        tool.octgn_o8d(other_game.encode(), octgn_format.GAME_ID, installed)


# -- 2. every written format, by our reader and by the tool's rules ------------------------

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéüñç"
_WORD = st.text(st.sampled_from(_LETTERS + "0123456789'-,&!<>\""), min_size=1, max_size=7)
_NAME = st.builds(lambda first, words: " ".join([first, *words]),
                  st.text(st.sampled_from(_LETTERS), min_size=1, max_size=6),
                  st.lists(_WORD, max_size=3))


@st.composite
def _decks(draw) -> DeckList:
    names = draw(st.lists(_NAME, min_size=1, max_size=10, unique_by=fold_name))
    cut = draw(st.integers(1, len(names)))
    counts = st.integers(1, 12)
    return DeckList(name=draw(st.one_of(st.just(""), _NAME)),
                    main=[(n, draw(counts)) for n in names[:cut]],
                    sideboard=[(n, draw(counts)) for n in names[cut:]])


def _records(deck: DeckList) -> list[CardRecord]:
    return [CardRecord(e.name, CardType.CHARACTER) for e in deck.main + deck.sideboard]


def _read_by_tool(name: str, deck: DeckList, written: str) -> tool.ToolDeck:
    data = written.encode("utf-8")
    if name in ("text", "mws"):
        return tool.cockatrice_plain(written)
    if name == "cockatrice":
        return tool.cockatrice_cod(data)
    if name == "octgn":
        installed = tool.octgn_installed(octgn.set_xml(_records(deck)))
        return tool.octgn_o8d(data, octgn_format.GAME_ID, installed)
    if name == "lackey":
        return tool.lackey_dek(data, tool.lackey_card_data(lackey.carddata_text(_records(deck))))
    assert name == "forge"
    return tool.forge_dck(written)


TOOL_FORMATS = ["text", "mws", "cockatrice", "octgn", "lackey", "forge"]


def test_every_written_format_is_covered():
    written = set(formats.names(readable_only=True))
    assert written == set(TOOL_FORMATS) | {"csv", "json"}


@pytest.mark.parametrize("name", TOOL_FORMATS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck=_decks())
def test_written_decks_read_back_the_same_by_us_and_by_the_tools_rules(name, deck):
    if name == "lackey":  # the plugin keys pictures by image id: one per card
        ids = [lackey_format.image_id(e.name) for e in deck.main + deck.sideboard]
        assume(all(ids) and len(set(ids)) == len(ids))
    written = formats.get(name).write(deck)
    back = formats.get(name).read(written)
    assert (back.main, back.sideboard) == (deck.main, deck.sideboard)
    assert _zones(_read_by_tool(name, deck, written)) == _ours(deck)


@pytest.mark.parametrize("name", ["text", "cockatrice", "forge"])
def test_the_deck_name_reads_as_the_tool_reads_it(name):
    deck = DeckList(name="Dominion Rush", main=[("Gek-A-Gek", 3)], sideboard=[("Slew", 1)])
    assert _read_by_tool(name, deck, formats.get(name).write(deck)).name == "Dominion Rush"


def test_the_restated_plain_text_rules_can_fail():
    """A list with three blocks keeps every card in the main deck; two blocks split."""
    assert set(_zones(tool.cockatrice_plain("3 Gek\n\n2 Slew\n\n1 Pneuma\n"))) == {"main"}
    assert _zones(tool.cockatrice_plain("3 Gek\n\n2 Slew\n")) == {
        "main": [("Gek", 3)], "sideboard": [("Slew", 2)]}
