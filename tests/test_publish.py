"""``deckbuilder publish``: card packages for Cockatrice, OCTGN and LackeyCCG.

The XML is validated against schemas in ``tests/fixtures/schemas`` (see its
SOURCES.md): for Cockatrice and OCTGN our own narrower restatements of the tools'
constraints, each shown to refuse broken files. The LackeyCCG plugin, which has no schema,
is checked against the layout of the public plugins named in
:mod:`deckbuilder.formats.publish.lackey`. Every card an exported ``.cod``, ``.o8d`` or
``.dek`` of a bundled demo deck names must be in the matching package, with a picture.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import etree
from PIL import Image

from card_db.records import CardRecord, CardType
from deckbuilder.cli.main import cli
from deckbuilder.formats import lackey as lackey_format
from deckbuilder.formats import octgn as octgn_format
from deckbuilder.formats.publish import cockatrice, lackey, octgn
from deckbuilder.formats.publish._common import PublishError, properties
from deckbuilder.formats.publish.staging import MARKER, staged_folder
from deckbuilder.presentation import ESTIMATED_NOTE
from deckbuilder.services.images import attach_scan
from deckbuilder.services.publish import (
    PublishCancelled,
    UnknownToolError,
    publish,
)

SCHEMAS = Path(__file__).parent / "fixtures" / "schemas"
DEMO_DECK = Path(__file__).parents[1] / "card_db" / "data" / "decks" / "oviate-swarm.txt"
#: Small pictures keep the tests fast; the layout does not depend on the size.
WIDTH = 126
RED = (220, 10, 10)
COCKATRICE = "cockatrice-subset/cards.xsd"
OCTGN_GAME = "octgn-subset/game.xsd"
OCTGN_SET = "octgn-subset/set.xsd"
OCTGN_PROXY = "octgn-subset/proxydef.xsd"


def _schema(relative: str) -> etree.XMLSchema:
    return etree.XMLSchema(etree.parse(str(SCHEMAS / relative)))


def _assert_valid(schema: etree.XMLSchema, path: Path) -> etree._Element:
    document = etree.parse(str(path))
    assert schema.validate(document), f"{path}: {schema.error_log}"
    return document.getroot()


def _export(tmp_path: Path, suffix: str) -> Path:
    target = tmp_path / f"demo{suffix}"
    result = CliRunner().invoke(cli, ["deck", "convert", str(DEMO_DECK), str(target)])
    assert result.exit_code == 0, result.output
    return target


def _demo_names() -> set[str]:
    names = set()
    for line in DEMO_DECK.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            names.add(line.split(" ", 1)[1])
    return names


def _estimated_character(userdb) -> CardRecord:
    return next(r for r in sorted(userdb.catalogue(), key=lambda r: r.name)
                if r.card_type is CardType.CHARACTER and r.is_estimated("magic"))


# --- Cockatrice -------------------------------------------------------------------------


def test_cockatrice_database_validates_and_holds_every_card_of_a_cod(tmp_path, userdb):
    folder = tmp_path / "cockatrice"
    result = publish(userdb, "cockatrice", folder, width=WIDTH)
    assert result.cards == len(userdb.catalogue())
    root = _assert_valid(_schema(COCKATRICE), folder / cockatrice.DATABASE_FILE)
    assert root.get("version") == "4"
    names = {card.findtext("name") for card in root.iter("card")}
    assert len(names) == len(userdb.catalogue())

    cod = etree.parse(str(_export(tmp_path, ".cod"))).getroot()
    deck_names = {card.get("name") for card in cod.iter("card")}
    assert deck_names == _demo_names()
    assert deck_names <= names
    for name in deck_names:
        picture = folder / cockatrice.PICTURE_FOLDER / f"{cockatrice.picture_name(name)}.jpg"
        with Image.open(picture) as image:
            assert image.width == WIDTH


def test_cockatrice_card_carries_type_properties_set_and_estimates(tmp_path, userdb):
    record = _estimated_character(userdb)
    folder = tmp_path / "c"
    publish(userdb, "cockatrice", folder, width=WIDTH)
    root = etree.parse(str(folder / cockatrice.DATABASE_FILE)).getroot()
    card = next(c for c in root.iter("card") if c.findtext("name") == record.name)
    prop = card.find("prop")
    assert prop.findtext("maintype") == "Character"
    assert prop.findtext("magic") == f"{record.magic}*"
    assert prop.find("manacost") is None and prop.find("cmc") is None
    assert card.findtext("text").endswith(ESTIMATED_NOTE)
    assert card.findtext("tablerow") == "2"
    codes = {s.findtext("longname"): s.findtext("name") for s in root.iter("set")
             if s.find("longname") is not None}
    assert card.findtext("set") == codes[record.set_name]


def test_cockatrice_picture_names_follow_cockatrice_corrected_names():
    # CardInfo::getCorrectedName's own examples.
    assert cockatrice.picture_name("Fire // Ice") == "FireIce"
    assert cockatrice.picture_name("Circle of Protection: Red") == "Circle of Protection Red"
    assert cockatrice.picture_name("Who/What/When") == "Who What When"
    assert cockatrice.picture_name('"Ach! Hans, Run!"') == "Ach! Hans, Run!"


def test_cockatrice_picture_url_when_pictures_are_served():
    record = CardRecord("Jude's Café", CardType.CHARACTER, magic=1, strength=1, prime=1)
    data = cockatrice.database_xml([record], "https://example.org/pics/")
    root = etree.fromstring(data)
    assert root.find("cards/card/set").get("picurl") == (
        "https://example.org/pics/Jude%27s%20Caf%C3%A9.jpg")
    assert _schema(COCKATRICE).validate(root)


# --- OCTGN ------------------------------------------------------------------------------


def test_octgn_game_validates_and_o8d_refers_to_its_game_and_cards(tmp_path, userdb):
    folder = tmp_path / "octgn"
    publish(userdb, "octgn", folder, width=WIDTH)
    game = octgn.game_folder(folder)
    definition = _assert_valid(_schema(OCTGN_GAME), game / "definition.xml")
    set_root = _assert_valid(_schema(OCTGN_SET),
                             game / "Sets" / str(octgn.SET_ID) / "set.xml")
    proxy = definition.find("proxygen").get("definitionsrc")
    _assert_valid(_schema(OCTGN_PROXY), game / proxy)
    assert (game / definition.find("card").get("back")).is_file()

    assert definition.get("id") == str(octgn_format.GAME_ID)
    assert set_root.get("gameId") == str(octgn_format.GAME_ID)
    card_ids = {c.get("id"): c.get("name") for c in set_root.iter("card")}
    assert len(card_ids) == len(userdb.catalogue())
    piles = {g.get("name") for g in definition.find("player")}
    sections = {s.get("name"): s.get("group") for s in definition.iter("section")}
    assert sections == {"Main": "Destiny", "Sideboard": "Sideboard"}
    assert set(sections.values()) <= piles

    deck = etree.parse(str(_export(tmp_path, ".o8d"))).getroot()
    assert deck.get("game") == definition.get("id")
    seen = set()
    for section in deck.iter("section"):
        assert section.get("name") in sections
        for card in section.iter("card"):
            assert card_ids[card.get("id")] == card.text
            assert (octgn.image_folder(folder) / f"{card.get('id')}.jpg").is_file()
            seen.add(card.text)
    assert seen == _demo_names()


def test_octgn_guids_are_stable_uuid5_values():
    # Fixed once: changing them would orphan every installed game and exported deck.
    assert str(octgn_format.GAME_ID) == "509907dc-f8ad-568c-8cf6-fac6ff41ffb5"
    assert octgn_format.GAME_ID == octgn.uuid.uuid5(
        octgn.uuid.NAMESPACE_URL, "https://imajica-deckbuilder.invalid/octgn/game")
    assert octgn.SET_ID == octgn.uuid.uuid5(octgn_format.GAME_ID, "set")
    assert octgn_format.card_id("Gentle") == octgn_format.card_id("  gentle ")


def test_octgn_properties_are_declared_and_mark_estimates(tmp_path, userdb):
    record = _estimated_character(userdb)
    root = etree.fromstring(octgn.set_xml([record]))
    declared = {p.get("name") for p in etree.fromstring(octgn.definition_xml()).iter("property")}
    values = {p.get("name"): p.get("value") for p in root.iter("property")}
    assert set(values) <= declared
    assert values["Magic"] == f"{record.magic}*"
    assert values[octgn.TEXT_PROPERTY].endswith(ESTIMATED_NOTE)



def _drop(path: str, attribute: str):
    def change(root: etree._Element) -> None:
        del root.find(path).attrib[attribute]
    return change


def _set(path: str, attribute: str, value: str):
    def change(root: etree._Element) -> None:
        root.find(path).set(attribute, value)
    return change


def _remove(path: str):
    def change(root: etree._Element) -> None:
        element = root.find(path)
        element.getparent().remove(element)
    return change


def _text(path: str, text: str):
    def change(root: etree._Element) -> None:
        root.find(path).text = text
    return change


def _append(path: str, tag: str):
    def change(root: etree._Element) -> None:
        etree.SubElement(root.find(path), tag).text = "1"
    return change


def _move_before(path: str, other: str):
    def change(root: etree._Element) -> None:
        root.find(other).addprevious(root.find(path))
    return change


def _one_card_set() -> bytes:
    return octgn.set_xml([CardRecord("Gentle", CardType.CHARACTER, magic=3, strength=2)])


@pytest.mark.parametrize(("schema", "document", "change", "complaint"), [
    (OCTGN_GAME, octgn.definition_xml, _drop(".", "id"), "'id'"),
    (OCTGN_GAME, octgn.definition_xml, _set(".", "id", "509907dc-f8ad-568c"), "'id'"),
    (OCTGN_GAME, octgn.definition_xml, _set(".", "version", "1.0"), "'version'"),
    (OCTGN_GAME, octgn.definition_xml, _drop("proxygen", "definitionsrc"), "'definitionsrc'"),
    (OCTGN_GAME, octgn.definition_xml, _set("card/property", "type", "Text"), "'type'"),
    (OCTGN_GAME, octgn.definition_xml, _remove("table"), "( table )"),
    (OCTGN_SET, _one_card_set, _drop(".", "gameId"), "'gameId'"),
    (OCTGN_SET, _one_card_set, _set("cards/card", "id", "not-a-guid"), "'id'"),
    (OCTGN_SET, _one_card_set, _drop("cards/card/property", "name"), "'name'"),
    (OCTGN_PROXY, octgn.proxydef_xml, _drop("template", "src"), "'src'"),
    (OCTGN_PROXY, octgn.proxydef_xml, _set("template", "default", "true"), "'default'"),
])
def test_octgn_schemas_refuse_a_broken_file(schema, document, change, complaint):
    validator = _schema(schema)
    root = etree.fromstring(document())
    assert validator.validate(root), validator.error_log
    change(root)
    assert not validator.validate(root)
    assert complaint in str(validator.error_log)


# --- Cockatrice schema (with the helpers above) ----------------------------------------


def _one_card_database() -> bytes:
    record = CardRecord("Gentle", CardType.CHARACTER, magic=3, strength=2, rarity="R",
                        collector_number="7")
    return cockatrice.database_xml([record], "https://example.org/pics/")


@pytest.mark.parametrize(("change", "complaint"), [
    (_drop(".", "version"), "'version'"),
    (_set(".", "version", "3"), "'version'"),
    (_remove("sets/set/name"), "Expected is one of ( name"),
    (_remove("cards/card/name"), "( name )"),
    (_remove("cards/card/set"), "( set )"),
    (_move_before("cards/card/tablerow", "cards/card/set"), "'tablerow'"),
    (_move_before("cards/card/text", "cards/card/name"), "'text'"),
    (_remove("cards/card/prop/maintype"), "Expected is one of ( maintype"),
    (_append("cards/card/prop", "manacost"), "'manacost'"),
    (_set("cards/card/set", "picURL", "https://example.org/a.jpg"), "'picURL'"),
    (_text("cards/card/tablerow", "4"), "'tablerow'"),
    (_text("cards/card/set", "NOPE"), "'printingSet'"),
])
def test_cockatrice_schema_refuses_a_broken_file(change, complaint):
    validator = _schema(COCKATRICE)
    root = etree.fromstring(_one_card_database())
    assert validator.validate(root), validator.error_log
    change(root)
    assert not validator.validate(root)
    assert complaint in str(validator.error_log)


# --- LackeyCCG --------------------------------------------------------------------------


def _card_data(folder: Path) -> list[dict[str, str]]:
    with open(folder / lackey.CARD_DATA, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))


def test_lackey_plugin_layout_and_dek_ids_match(tmp_path, userdb):
    folder = tmp_path / "lackey"
    publish(userdb, "lackey", folder, width=WIDTH)
    rows = _card_data(folder)
    header = (folder / lackey.CARD_DATA).read_text(encoding="utf-8").splitlines()[0]
    assert header.split("\t")[:3] == ["Name", "Set", "ImageFile"]
    assert len(rows) == len(userdb.catalogue())
    assert all(len(row) == len(lackey.COLUMNS) and None not in row for row in rows)
    by_key = {(row["Set"], row["ImageFile"]): row["Name"] for row in rows}
    assert len(by_key) == len(rows)
    info = (folder / "plugininfo.txt").read_text(encoding="utf-8")
    assert "<deckzone><label>Deck</label>" in info and "<label>Sideboard</label>" in info
    assert (folder / "cardback.jpg").is_file()

    deck = etree.parse(str(_export(tmp_path, ".dek"))).getroot()
    assert deck.findtext("meta/game") == lackey.PLUGIN_FOLDER
    zones = {z.get("name") for z in deck.iter("superzone")}
    assert zones <= {"Deck", "Sideboard"} and zones <= set(
        line.split("<label>")[1].split("<")[0]
        for line in info.splitlines() if line.startswith("<deckzone>"))
    seen = set()
    for card in deck.iter("card"):
        key = (card.findtext("set"), card.find("name").get("id"))
        assert by_key[key] == card.findtext("name")
        assert (folder / "sets" / "setimages" / key[0] / f"{key[1]}.jpg").is_file()
        seen.add(card.findtext("name"))
    assert seen == _demo_names()


def test_lackey_row_marks_estimates_and_keeps_one_line_per_card(userdb):
    record = _estimated_character(userdb)
    multi = CardRecord("Two\tLines", CardType.DICTATE, traits="first\nsecond")
    text = lackey.carddata_text([record, multi])
    lines = text.splitlines()
    assert len(lines) == 3
    row = dict(zip(lackey.COLUMNS, lines[1].split("\t"), strict=True))
    assert row["Magic"] == str(record.magic)  # bare: the marks have a column of their own
    assert "Magic" in row["Estimated"].split(", ")
    assert not any("*" in value for value in row.values())
    assert ESTIMATED_NOTE not in row["Text"]
    assert lines[2].split("\t")[0] == "Two Lines"
    assert lines[2].split("\t")[-2:] == ["first second", ""]  # Text, Estimated


def test_lackey_image_ids_are_ascii_file_names():
    assert lackey_format.image_id("Jude's Café") == "jude_s_cafe"
    assert lackey_format.image_id("The Erasure") == "the_erasure"


def test_cards_sharing_an_image_id_are_refused(tmp_path):
    records = [CardRecord("Gek-A-Gek", CardType.CHARACTER),
               CardRecord("Gek a Gek", CardType.CHARACTER)]
    with pytest.raises(PublishError, match="Gek-A-Gek.*Gek a Gek"):
        lackey.build(records, lambda r: Image.new("RGB", (10, 14)), tmp_path)


# --- shared -----------------------------------------------------------------------------


def test_properties_leave_out_missing_characteristics():
    site = CardRecord("A Site", CardType.SITE, dominions=(1, 2), resistance=7,
                      estimated=frozenset({"resistance"}))
    props = properties(site)
    assert props["Resistance"] == "7*"
    assert props["Dominion"] == "1|2"
    assert "Magic" not in props and "Gender" not in props


def test_scans_are_published_instead_of_proxies(tmp_path, userdb):
    scan = tmp_path / "scan.png"
    Image.new("RGB", (630, 880), RED).save(scan)
    attach_scan(userdb, "Gentle", scan)
    result = publish(userdb, "lackey", tmp_path / "lackey", width=WIDTH)
    assert result.scans == 1
    picture = tmp_path / "lackey" / lackey.IMAGE_FOLDER / f"{lackey_format.image_id('Gentle')}.jpg"
    with Image.open(picture) as image:
        assert image.convert("RGB").getpixel((WIDTH // 2, 60))[0] > 180


def test_a_failure_leaves_the_previous_package_untouched(tmp_path, userdb):
    out = tmp_path / "out"
    folder = out / "pkg"
    publish(userdb, "lackey", folder, width=WIDTH)
    before = sorted(p.relative_to(folder) for p in folder.rglob("*"))
    calls = []

    def cancel_midway() -> bool:
        calls.append(1)
        return len(calls) > 5

    with pytest.raises(PublishCancelled):
        publish(userdb, "cockatrice", folder, width=WIDTH, cancelled=cancel_midway)
    assert sorted(p.relative_to(folder) for p in folder.rglob("*")) == before
    assert [p.name for p in out.iterdir()] == ["pkg"]  # no staging folder left


def test_a_cancelled_first_publish_writes_nothing(tmp_path, userdb):
    out = tmp_path / "out"
    with pytest.raises(PublishCancelled):
        publish(userdb, "octgn", out / "new", width=WIDTH, cancelled=lambda: True)
    assert list(out.iterdir()) == []


def test_republishing_replaces_the_package_whole(tmp_path, userdb):
    folder = tmp_path / "out" / "pkg"
    publish(userdb, "lackey", folder, width=WIDTH)
    publish(userdb, "cockatrice", folder, width=WIDTH)
    assert (folder / cockatrice.DATABASE_FILE).is_file()
    assert not (folder / "plugininfo.txt").exists()
    assert sorted(p.name for p in folder.parent.iterdir()) == ["pkg"]


def test_a_folder_holding_other_files_is_refused(tmp_path):
    tmp_path = tmp_path / "out"
    tmp_path.mkdir()
    (tmp_path / "mine.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(PublishError, match="not empty"):
        with staged_folder(tmp_path):
            pass
    with pytest.raises(PublishError, match="is a file"):
        with staged_folder(tmp_path / "mine.txt"):
            pass
    assert (tmp_path / "mine.txt").read_text(encoding="utf-8") == "keep me"
    assert [p.name for p in tmp_path.iterdir()] == ["mine.txt"]


def test_staged_folder_needs_no_marker_to_publish_into_an_empty_folder(tmp_path):
    (tmp_path / "empty").mkdir()
    with staged_folder(tmp_path / "empty") as staging:
        (staging / MARKER).write_text("x", encoding="utf-8")
    assert (tmp_path / "empty" / MARKER).is_file()


def test_unknown_tool_is_a_user_error(userdb, tmp_path):
    with pytest.raises(UnknownToolError, match="cockatrice, octgn, lackey"):
        publish(userdb, "forge", tmp_path / "x")


def test_cli_publish_writes_a_package_and_says_how_to_install_it(db, tmp_path):
    folder = tmp_path / "octgn"
    result = CliRunner().invoke(cli, ["publish", "octgn", str(folder), "--width", str(WIDTH)])
    assert result.exit_code == 0, result.output
    assert f"into {folder}" in result.output and MARKER in result.output
    assert "GameDatabase" in (folder / MARKER).read_text(encoding="utf-8")
    refused = CliRunner().invoke(cli, ["publish", "octgn", str(tmp_path)])
    assert refused.exit_code == 2
    assert "not empty" in refused.output


# --- install files (issue 25) -------------------------------------------------------------

FOREIGN = Path(__file__).parent / "fixtures" / "foreign"


def test_lackey_checksum_gives_the_numbers_of_a_real_plugins_updatelist():
    import json

    entries = json.loads((FOREIGN / "MANIFEST.json").read_text(encoding="utf-8"))["plugin_files"]
    assert len(entries) == 3
    for name, entry in entries.items():
        assert lackey.checksum((FOREIGN / name).read_bytes()) == entry["updatelist_checksum"]


def test_lackey_plugin_has_formats_and_with_a_url_its_update_files(tmp_path, userdb):
    folder = tmp_path / "lackey"
    publish(userdb, "lackey", folder, width=WIDTH)
    formats_root = etree.fromstring((folder / lackey.FORMATS_FILE).read_bytes())
    assert formats_root.tag == "formatdefinitions"
    assert [s.text for s in formats_root.iter("set")] == [lackey_format.SET]
    assert not (folder / lackey.UPDATE_LIST).exists()  # no URL: nothing to point at
    served = tmp_path / "served"
    publish(userdb, "lackey", served, width=WIDTH, base_url="https://example.org/imajica/")
    version = etree.fromstring((served / lackey.VERSION_FILE).read_bytes())
    assert version.findtext("updateurl") == "https://example.org/imajica/updatelist.txt"
    assert len(version.findtext("lastupdateYYMMDD")) == 6
    lines = (served / lackey.UPDATE_LIST).read_text(encoding="utf-8").splitlines()
    assert lines[0].split("\t")[0] == lackey.PLUGIN_FOLDER
    listed = {}
    for line in lines[1:]:
        local, url, number = line.split("\t")
        relative = local.removeprefix(f"plugins/{lackey.PLUGIN_FOLDER}/")
        assert url == f"https://example.org/imajica/{relative}"
        listed[relative] = int(number)
    on_disk = {p.relative_to(served).as_posix() for p in served.rglob("*") if p.is_file()}
    assert set(listed) == on_disk - {lackey.UPDATE_LIST, MARKER}
    assert {"plugininfo.txt", "formats.txt", "version.txt", lackey.CARD_DATA} <= set(listed)
    for relative, number in listed.items():
        assert lackey.checksum((served / relative).read_bytes()) == number


def _main_database(path: Path, names: list[str]) -> Path:
    cards = "".join(f"<card><name>{n}</name><text/></card>" for n in names)
    path.write_text(f"<?xml version='1.0'?><cockatrice_carddatabase version='4'><cards>"
                    f"{cards}</cards></cockatrice_carddatabase>", encoding="utf-8")
    return path


def test_cockatrice_package_offers_a_main_database_and_lists_clashing_names(tmp_path, userdb):
    name = sorted(r.name for r in userdb.catalogue())[0]
    main = _main_database(tmp_path / "cards.xml", [name, "Lightning Bolt"])
    folder = tmp_path / "cockatrice"
    result = publish(userdb, "cockatrice", folder, width=WIDTH, cockatrice_database=main)
    assert result.clashes == (name,) and result.main_database == main
    assert (folder / cockatrice.MAIN_DATABASE_FILE).read_bytes() == (
        folder / cockatrice.DATABASE_FILE).read_bytes()
    _assert_valid(_schema(COCKATRICE), folder / cockatrice.MAIN_DATABASE_FILE)
    instructions = (folder / MARKER).read_text(encoding="utf-8")
    assert "only after its main card database" in instructions
    assert f"  {name}\n" in instructions and "Lightning Bolt" not in instructions
    missing = publish(userdb, "cockatrice", tmp_path / "c2", width=WIDTH,
                      cockatrice_database=tmp_path / "none.xml")
    assert missing.clashes is None
    assert "could not be read" in (tmp_path / "c2" / MARKER).read_text(encoding="utf-8")


def test_cli_publish_names_the_clashes(db, tmp_path):
    main = _main_database(tmp_path / "cards.xml", ["Gentle"])
    result = CliRunner().invoke(cli, ["publish", "cockatrice", str(tmp_path / "out"),
                                      "--width", str(WIDTH), "--cockatrice-db", str(main)])
    assert result.exit_code == 0, result.output
    assert "1 names are also in" in result.output and "Gentle" in result.output


def test_published_folders_have_the_users_normal_permissions(tmp_path, userdb):
    import os
    import stat

    old = os.umask(0o022)
    try:
        publish(userdb, "lackey", tmp_path / "pkg", width=WIDTH)
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "pkg").stat().st_mode) == 0o755
