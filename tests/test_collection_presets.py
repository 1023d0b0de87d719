"""Collection spreadsheets from other tools: presets detected from the header,
condition words mapped, columns remapped, Deckbox/Moxfield layouts exported and read
back (issue 11, section 2).

Every sample here is CONSTRUCTED: the header is the tool's export header as named in
:mod:`deckbuilder.formats.collection_presets` (no real exported file of these tools
was found in the stored index), the rows are ours, with Imajica card names.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from card_db.records import Condition
from deckbuilder.cli.main import cli
from deckbuilder.formats.collection_csv import (
    CollectionFileError,
    CollectionFileProblems,
    ColumnChoice,
    parse_collection_rows,
)
from deckbuilder.formats.collection_presets import MappingError, detect_mapping
from deckbuilder.services import collection as service
from deckbuilder.services.collection import (
    CollectionRow,
    add_rows,
    collection_rows,
    import_collection_csv,
    owned_counts,
)

NM, LP, MP, HP, D = (Condition.NEAR_MINT, Condition.LIGHTLY_PLAYED,
                     Condition.MODERATELY_PLAYED, Condition.HEAVILY_PLAYED, Condition.DAMAGED)

# preset -> (constructed file text, expected (name, quantity, condition, location, notes,
# for_trade) rows)
SAMPLES = {
    "deckbox": (
        "Count,Tradelist Count,Name,Edition,Edition Code,Card Number,Condition,Language,"
        "Foil,Signed,Artist Proof,Altered Art,Misprint,Promo,Textless,Printing Id,"
        "Printing Note,Tags,My Price\r\n"
        "2,1,Gentle,Imajica,,12,Near Mint,English,,,,,,,,,,,$0.10\r\n"
        "1,0,Judith,Imajica,,40,Good (Lightly Played),English,foil,,,,,,,,,,\r\n"
        "3,0,Dowd,Imajica,,7,Played,English,,,,,,,,,,,\r\n",
        [("Gentle", 2, NM, "", "", 1), ("Judith", 1, LP, "", "", 0), ("Dowd", 3, MP, "", "", 0)],
    ),
    "moxfield": (
        '"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags",'
        '"Last Modified","Collector Number","Alter","Proxy","Purchase Price"\n'
        '"1","0","Gentle","imj","NM","English","","","2024-01-01 10:00:00.000000","12",'
        '"False","False",""\n'
        '"2","2","Judith","imj","HP","English","foil","","2024-01-01 10:00:00.000000","40",'
        '"False","False","1.50"\n',
        [("Gentle", 1, NM, "", "", 0), ("Judith", 2, HP, "", "", 2)],
    ),
    "tcgplayer": (
        "Quantity,Name,Simple Name,Set,Card Number,Set Code,Printing,Condition,Language,"
        "Rarity,Product ID,SKU\n"
        "4,Gentle (Promo),Gentle,Imajica,12,IMJ,Normal,Near Mint,English,R,1,2\n"
        "1,Judith,Judith,Imajica,40,IMJ,Foil,Lightly Played Foil,English,R,3,4\n",
        [("Gentle", 4, NM, "", "", 0), ("Judith", 1, LP, "", "", 0)],
    ),
    "manabox": (
        "Binder Name,Binder Type,Name,Set code,Set name,Collector number,Foil,Rarity,Quantity,"
        "ManaBox ID,Scryfall ID,Purchase price,Misprint,Altered,Condition,Language,"
        "Purchase price currency\n"
        "Red box,binder,Gentle,IMJ,Imajica,12,normal,rare,2,1,x,0.5,false,false,near_mint,en,EUR\n"
        "Red box,binder,Judith,IMJ,Imajica,40,foil,rare,1,2,y,0.5,false,false,excellent,en,EUR\n"
        "Deck,deck,Dowd,IMJ,Imajica,7,normal,rare,1,3,z,0.5,false,false,light_played,en,EUR\n"
        "Deck,deck,Gentle,IMJ,Imajica,12,normal,rare,1,1,x,0.5,false,false,poor,en,EUR\n",
        [("Gentle", 2, NM, "Red box", "", 0), ("Judith", 1, LP, "Red box", "", 0),
         ("Dowd", 1, MP, "Deck", "", 0), ("Gentle", 1, D, "Deck", "", 0)],
    ),
    "deckstats": (
        "amount,card_name,is_foil,is_pinned,is_signed,set_id,set_code,collector_number,"
        "language,condition,comment,added\n"
        "3,Gentle,0,0,0,1,IMJ,12,en,NM,\"from a trade\",2024-01-01\n"
        "1,Judith,1,0,0,1,IMJ,40,en,MP,,2024-01-01\n",
        [("Gentle", 3, NM, "", "from a trade", 0), ("Judith", 1, MP, "", "", 0)],
    ),
    "mtggoldfish": (
        "Card,Set ID,Set Name,Quantity,Foil\n"
        "Gentle,IMJ,Imajica,2,REGULAR\n"
        "Judith,IMJ,Imajica,1,FOIL\n",
        [("Gentle", 2, NM, "", "", 0), ("Judith", 1, NM, "", "", 0)],
    ),
    "urzagatherer": (
        "sep=,\r\n"
        "Name,Type,Color,Rarity,Author,Power,Toughness,Mana cost,Converted mana cost,Count,"
        "Foil count,Special foil count,Price,Foil price,Number,Set,Set code,ID,Multiverse ID,"
        "Comments,To trade,Condition,Grading,Languages,TCG ID,Cardmarket ID,Scryfall ID\r\n"
        "Gentle,Character,,R,,,,,,2,0,0,,,12,Imajica,IMJ,1,,signed,1,Mint,,English,,,\r\n"
        "Judith,Character,,R,,,,,,1,1,0,,,40,Imajica,IMJ,2,,,0,Good,,English,,,\r\n",
        [("Gentle", 2, Condition.MINT, "", "signed", 1), ("Judith", 1, MP, "", "", 0)],
    ),
}


def _tuples(rows):
    return [(r.name, r.quantity, r.condition, r.location, r.notes, r.for_trade) for r in rows]


@pytest.mark.parametrize("preset", sorted(SAMPLES))
def test_each_tools_sample_is_detected_and_read(preset, tmp_path):
    text, expected = SAMPLES[preset]
    file = tmp_path / f"{preset}.csv"
    file.write_text(text, encoding="utf-8", newline="")
    parsed = service.read_collection_rows(file)
    assert parsed.mapping.preset == preset
    assert not parsed.problems, [p.full_message() for p in parsed.problems]
    assert _tuples(parsed.rows) == expected
    assert "name" in parsed.columns and "quantity" in parsed.columns


@pytest.mark.parametrize("preset", sorted(SAMPLES))
def test_each_tools_sample_imports_all_of_it(preset, userdb, tmp_path):
    text, expected = SAMPLES[preset]
    file = tmp_path / f"{preset}.csv"
    file.write_text(text, encoding="utf-8", newline="")
    import_collection_csv(userdb, file)
    wanted: dict[str, int] = {}
    for name, quantity, *_ in expected:
        wanted[name] = wanted.get(name, 0) + quantity
    assert owned_counts(userdb) == wanted


def test_the_mapping_lists_ignored_columns():
    mapping = detect_mapping(["Count", "Tradelist Count", "Name", "Edition", "Card Number",
                              "Condition", "Foil"])
    assert mapping.preset == "deckbox"
    assert mapping.unmapped == ("Edition", "Card Number", "Foil")
    assert "Count -> quantity" in mapping.describe()
    assert "Foil: unmapped, ignored" in mapping.describe()


def test_our_layout_stays_the_default_and_extra_columns_are_ignored():
    assert detect_mapping(["name", "quantity", "condition"]).preset == "ours"
    rows = parse_collection_rows("name,quantity,set,foil\nGentle,2,IMJ,yes\n", "c.csv")
    assert _tuples(rows) == [("Gentle", 2, NM, "", "", 0)]


def test_map_and_preset_override_detection():
    text = "Card Name,How Many,Shelf\nGentle,3,top\n"
    with pytest.raises(CollectionFileError, match="no column holds the card name"):
        parse_collection_rows(text, "c.csv")
    choice = ColumnChoice(None, (("Card Name", "name"), ("How Many", "quantity"),
                                 ("shelf", "location")))
    rows = parse_collection_rows(text, "c.csv", choice)
    assert _tuples(rows) == [("Gentle", 3, NM, "top", "", 0)]
    ignored = ColumnChoice("deckbox", (("Tradelist Count", "ignore"),))
    deckbox = "Count,Tradelist Count,Name,Condition\n2,1,Judith,Poor\n"
    rows = parse_collection_rows(deckbox, "c.csv", ignored)
    assert _tuples(rows) == [("Judith", 2, D, "", "", 0)]


def test_bad_mappings_are_clear_errors():
    with pytest.raises(MappingError, match="no column 'Nope'"):
        detect_mapping(["name"], overrides={"Nope": "name"})
    with pytest.raises(MappingError, match="unknown field 'colour'"):
        detect_mapping(["name", "c"], overrides={"c": "colour"})
    with pytest.raises(MappingError, match="all map to 'name'"):
        detect_mapping(["name", "Card"], overrides={"Card": "name"})
    with pytest.raises(MappingError, match="unknown preset"):
        detect_mapping(["name"], preset="lackey")


def test_unknown_names_get_closest_matches_all_or_nothing_with_file_lines(userdb, tmp_path):
    file = tmp_path / "deckbox.csv"
    file.write_text(
        "Count,Tradelist Count,Name,Edition,Card Number,Condition\r\n"
        "2,0,Gentle,Imajica,12,Near Mint\r\n"
        "\r\n"
        "1,0,Judit,Imajica,40,Near Mint\r\n"
        "1,0,Dowd,Imajica,7,Pristine\r\n",
        encoding="utf-8", newline="")
    with pytest.raises(CollectionFileProblems) as info:
        import_collection_csv(userdb, file)
    # "Pristine" is on none of our steps: listed, not a problem (issue 25)
    assert [(p.line, p.column) for p in info.value.problems] == [(4, 3)]
    assert "did you mean 'Judith'" in info.value.problems[0].message
    assert owned_counts(userdb) == {}


def _run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_cli_prints_the_mapping_and_takes_preset_and_map(db, tmp_path):
    file = tmp_path / "manabox.csv"
    file.write_text(SAMPLES["manabox"][0], encoding="utf-8")
    result = _run("collection", "import", str(file), "--dry-run")
    assert result.exit_code == 0, result.output
    assert "columns (ManaBox layout):" in result.stdout
    assert "Binder Name -> location" in result.stdout
    assert "Scryfall ID: unmapped, ignored" in result.stdout
    plain = tmp_path / "plain.csv"
    plain.write_text("Card Name,Qty\nGentle,2\n", encoding="utf-8")
    result = _run("collection", "import", str(plain), "--map", "Card Name=name",
                  "--map", "Qty=quantity")
    assert result.exit_code == 0, result.output
    assert "Card Name -> name" in result.stdout
    assert _run("collection", "import", str(plain)).exit_code == 2
    forced = _run("collection", "import", str(file), "--preset", "deckbox", "--dry-run")
    assert forced.exit_code == 0, forced.output  # words on none of our steps are listed
    assert "'light_played' (1 row)" in forced.output


@pytest.mark.parametrize("layout", ["deckbox", "moxfield"])
def test_deckbox_and_moxfield_exports_read_back_to_the_same_collection(
        layout, db, userdb, tmp_path):
    rows = [CollectionRow("Gentle", 2, Condition.MINT, "", "", 1),
            CollectionRow("Gentle", 1, LP), CollectionRow("Judith", 3, MP),
            CollectionRow("Dowd", 1, D), CollectionRow("=Dowd", 1, HP)]
    add_rows(userdb, [r for r in rows if not r.name.startswith("=")])
    before = collection_rows(userdb)
    out = tmp_path / f"{layout}.csv"
    assert _run("collection", "export", str(out), "--layout", layout).exit_code == 0
    header = out.read_text(encoding="utf-8").splitlines()[0]
    assert header.startswith("Count,Tradelist Count,Name,Edition")
    assert service.read_collection_rows(out).mapping.preset == layout
    result = _run("collection", "import", str(out))
    assert result.exit_code == 0, result.output
    assert "nothing changes" in result.stdout
    assert collection_rows(userdb) == before
