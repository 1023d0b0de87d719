"""Checklist reading and writing: the format, every validation rule, bad input, round trips.

Source: the checklist format in the ``card_db/checklist`` package; the rules it enforces come
from the rulebook ("Types of Cards", "Permanents and Instants", "Border Sites and
Adjacency", "Affiliations", "Unique Cards", "Deck Construction").
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from card_db.abilities import parse_abilities
from card_db.checklist import (
    COLUMNS,
    ChecklistError,
    bundled,
    bundled_data_hash,
    checklist_text,
    load_affiliations,
    load_bundled_records,
    parse_checklist_rows,
    parse_checklist_text,
    read_checklist,
    read_checklist_rows,
    record_key,
    slugify,
    write_checklist,
)
from card_db.records import CHARACTERISTIC_FIELDS, CardRecord, CardType, Gender

AFFILIATIONS = [name for name, _ in load_affiliations()]

CHARACTER = {
    "name": "Test Wanderer", "type": "Character", "dominions": "3", "gender": "female",
    "magic": "2", "strength": "3", "prime": "1", "set": "Test",
}
SITE = {"name": "Test Ruin", "type": "Site", "dominions": "3", "resistance": "5", "set": "Test"}


def csv_text(*rows: dict, header=COLUMNS) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([row.get(col, "") for col in header])
    return out.getvalue()


def parse_error(text: str, fmt: str = "csv", label: str = "cards.csv") -> ChecklistError:
    with pytest.raises(ChecklistError) as info:
        parse_checklist_text(text, fmt, label)
    return info.value


def col(name: str) -> int:
    return COLUMNS.index(name) + 1


# ------------------------------------------------------------------ reading


def test_minimal_columns_in_any_order_with_rulebook_defaults():
    text = (
        "type,name,dominions,resistance,magic,strength,prime,gender\n"
        "Site,Test Ruin,2|1,5,,,,\n"
        "Character,Test Wanderer,4,,2,3,1,Female\n"
        "character,Test Larva,0,,1,2,1,\n"
    )
    with pytest.raises(ChecklistError):  # the Larva has no Dominion and is not an Oviate
        parse_checklist_text(text, "csv", "x.csv")
    text = text.replace("character,Test Larva,0,,1,2,1,\n", "")
    site, wanderer = parse_checklist_text(text, "csv", "x.csv")
    # Sites are unique unless marked ("Unique Cards"); Sites and Characters are permanent.
    assert site.unique and site.permanent and site.dominions == (1, 2) and site.is_border_site
    assert not wanderer.unique and wanderer.permanent and wanderer.gender is Gender.FEMALE
    assert (wanderer.magic, wanderer.strength, wanderer.prime) == (2, 3, 1)


def test_every_column_is_read():
    row = {
        **CHARACTER, "key": "wanderer-7", "permanent": "YES", "unique": "true",
        "affiliations": "maestro|Tabula Rasa", "deck_limit": "2",
        "traits": "Allies for -1 if any females are controlled", "powers": "Counters Amnesia",
        "activation_icon": "flash", "collector_number": "12", "rarity": "rare",
        "artist": "Someone", "flavor_text": "A line\nand another", "source": "test",
        "estimated": "magic|prime",
    }
    (parsed,) = parse_checklist_rows(csv_text(row), "csv", "x.csv")
    r = parsed.record
    assert parsed.key == "wanderer-7" and parsed.line == 2
    assert r.unique and r.affiliations == ("Maestro", "Tabula Rasa") and r.deck_limit == 2
    assert r.activation_icon == "Flash" and r.flavor_text == "A line\nand another"
    assert (r.set_name, r.collector_number, r.rarity, r.artist, r.source) == (
        "Test", "12", "rare", "Someone", "test",
    )
    assert r.estimated == frozenset({"magic", "prime"})
    assert [a.kind for a in r.abilities] == ["allies_for", "counters"]


def test_oviates_may_write_their_dominion_as_zero_or_o():
    for dominion in ("", "0", "O"):
        row = {**CHARACTER, "dominions": dominion, "gender": "", "affiliations": "Oviate"}
        (record,) = parse_checklist_text(csv_text(row), "csv", "x.csv")
        assert record.dominions == () and record.gender is None and record.is_oviate


def test_border_site_dominions_are_sorted_and_five_and_one_are_adjacent():
    (record,) = parse_checklist_text(csv_text({**SITE, "dominions": "5|1"}), "csv", "x.csv")
    assert record.dominions == (1, 5)


def test_keys_are_derived_from_names_when_empty():
    rows = parse_checklist_rows(
        csv_text({**SITE, "name": "Emotion's Gate: Ünder"}), "csv", "x.csv"
    )
    assert rows[0].key == "emotions-gate-under" == record_key(rows[0].record)
    assert slugify("Gek-A-Gek") == "gek-a-gek"
    assert slugify("Emotion: Guilt") == "emotion-guilt"
    assert slugify("!!!") == ""


def test_site_names_in_the_file_and_known_sites_classify_versus_sites():
    charlotte = {**CHARACTER, "name": "C", "powers": "+4 versus Roxborough Tower."}
    alone = parse_checklist_text(csv_text(charlotte), "csv", "x.csv")[0].abilities[0]
    assert (alone.kind, alone.target_kind) == ("versus", "card")
    known = parse_checklist_text(
        csv_text(charlotte), "csv", "x.csv", known_sites=["Roxborough Tower"]
    )[0].abilities[0]
    assert (known.kind, known.target_kind) == ("versus_sites", "site")
    in_file = parse_checklist_text(
        csv_text(charlotte, {**SITE, "name": "Roxborough Tower"}), "csv", "x.csv"
    )[0].abilities[0]
    assert in_file.kind == "versus_sites"


def test_affiliations_are_data_a_new_one_needs_no_code():
    row = {**CHARACTER, "affiliations": "Lantern Guild"}
    assert parse_error(csv_text(row)).column == col("affiliations")
    (record,) = parse_checklist_text(
        csv_text(row), "csv", "x.csv", affiliations=[*AFFILIATIONS, "Lantern Guild"]
    )
    assert record.affiliations == ("Lantern Guild",)


def test_blank_lines_are_skipped_and_line_numbers_count_quoted_newlines():
    body = csv_text(
        {**CHARACTER, "name": "A", "flavor_text": "one\ntwo\nthree"},
        {**CHARACTER, "name": "B"},
    )
    header, rest = body.split("\n", 1)
    text = f"{header}\n\n{rest}"  # a blank line before the first card
    rows = parse_checklist_rows(text, "csv", "x.csv")
    assert [r.line for r in rows] == [3, 6]
    assert rows[0].record.flavor_text == "one\ntwo\nthree"
    bad_row = csv_text({**CHARACTER, "name": "C", "prime": "x"}).split("\n", 1)[1]
    error = parse_error(text + bad_row)
    assert (error.line, error.column) == (7, col("prime"))


def test_header_only_is_an_empty_checklist():
    assert parse_checklist_text(",".join(COLUMNS) + "\n", "csv", "x.csv") == []
    assert parse_checklist_text("[]", "json", "x.json") == []


# ------------------------------------------------------------------ row errors


def test_error_names_file_line_and_column():
    error = parse_error(csv_text(CHARACTER, {**CHARACTER, "name": "Other", "prime": "x"}))
    assert (error.path, error.line, error.column) == ("cards.csv", 3, 10)
    assert error.message == "prime: expected a whole number, got 'x'"
    assert str(error) == "cards.csv:3:10: prime: expected a whole number, got 'x'"


BAD_ROWS = [
    ({"type": "Wizard"}, "type", "expected one of Character, Site, Path"),
    ({**SITE, "permanent": "no"}, "permanent", "always permanent"),
    ({**CHARACTER, "permanent": "no"}, "permanent", "always permanent"),
    ({"type": "Dictate"}, "permanent", "say yes or no"),
    ({"type": "Path", "permanent": "no", "dominions": ""}, "dominions", "exactly one"),
    ({"type": "Path", "permanent": "no", "dominions": "1|2"}, "dominions", "only Sites"),
    ({"type": "Flash", "permanent": "no", "dominions": "2|3"}, "dominions", "only Sites"),
    ({**CHARACTER, "dominions": "1|2"}, "dominions", "only Sites can be Border Sites"),
    ({**SITE, "dominions": "1|3"}, "dominions", "not adjacent"),
    ({**SITE, "dominions": "2|4"}, "dominions", "not adjacent"),
    ({**SITE, "dominions": "1|2|3"}, "dominions", "at most two"),
    ({**SITE, "dominions": "3|3"}, "dominions", "listed twice"),
    ({**SITE, "dominions": ""}, "dominions", "needs a Home Dominion"),
    ({**SITE, "dominions": "6"}, "dominions", "Dominions 1 to 5"),
    ({**SITE, "dominions": "1||2"}, "dominions", "empty item"),
    ({**CHARACTER, "affiliations": "Oviate", "gender": ""}, "dominions", "Oviates have no Home"),
    ({**CHARACTER, "dominions": "", "affiliations": "Oviate"}, "gender", "Oviates have no gender"),
    ({**CHARACTER, "dominions": ""}, "dominions", "is an Oviate"),
    ({**SITE, "gender": "male"}, "gender", "only Characters have a gender"),
    ({**CHARACTER, "gender": ""}, "gender", "needs a gender"),
    ({**CHARACTER, "gender": "robot"}, "gender", "male, female, both or neither"),
    ({**SITE, "magic": "2"}, "magic", "only Characters have Magic"),
    ({**SITE, "prime": "2"}, "prime", "only Characters have Prime"),
    ({**CHARACTER, "resistance": "4"}, "resistance", "only Sites have Resistance"),
    ({**SITE, "resistance": ""}, "resistance", "needs Resistance"),
    ({**CHARACTER, "prime": ""}, "prime", "list 'prime' in estimated"),
    ({**CHARACTER, "magic": "100"}, "magic", "between 0 and 99"),
    ({**CHARACTER, "strength": "-1"}, "strength", "between 0 and 99"),
    ({**CHARACTER, "magic": "2.5"}, "magic", "expected a whole number"),
    ({**CHARACTER, "deck_limit": "0"}, "deck_limit", "between 1 and 99"),
    ({**CHARACTER, "affiliations": "Maestor"}, "affiliations", "unknown affiliation"),
    ({**CHARACTER, "affiliations": "Maestro|maestro"}, "affiliations", "listed twice"),
    ({**CHARACTER, "estimated": "charisma"}, "estimated", "unknown field"),
    ({**CHARACTER, "estimated": "type"}, "estimated", "did you mean 'card_type'"),
    ({**CHARACTER, "estimated": "rarity"}, "estimated", "has no value"),
    ({**CHARACTER, "powers": "Draw.", "activation_icon": "Spell"}, "activation_icon", "one of"),
    ({**CHARACTER, "activation_icon": "Flash"}, "activation_icon", "powers is empty"),
    ({**CHARACTER, "unique": "maybe"}, "unique", "expected yes or no"),
    ({**CHARACTER, "key": "Not A Slug"}, "key", "lower-case letters"),
    ({**CHARACTER, "name": "  "}, "name", "needs a name"),
    ({**CHARACTER, "name": "two\nlines"}, "name", "one line"),
    ({**CHARACTER, "name": "???"}, "name", "cannot derive a key"),
]


@pytest.mark.parametrize(("row", "column", "fragment"), BAD_ROWS)
def test_each_rule_rejects_a_bad_row_at_its_column(row, column, fragment):
    row = {"name": "Bad Card", **row}
    error = parse_error(csv_text(CHARACTER, row))
    assert error.line == 3
    assert error.column == col(column)
    assert error.message.startswith(f"{column}: ")
    assert fragment in error.message
    assert str(error).startswith(f"cards.csv:3:{col(column)}: {column}: ")


def test_the_same_rules_apply_to_json_and_name_the_key():
    for row, column, fragment in BAD_ROWS:
        obj = {"name": "Bad Card", **row}
        lines = json.dumps([CHARACTER, obj], indent=1).splitlines()
        error = parse_error("\n".join(lines), "json", "cards.json")
        assert error.column == column and fragment in error.message
        # The line of the faulty key, or of the object when the key is absent.
        second = [i for i, line in enumerate(lines, 1) if line.strip() == "{"][1]
        keyed = [i for i, line in enumerate(lines, 1)
                 if i > second and line.strip().startswith(f'"{column}":')]
        assert error.line == (keyed[0] if keyed else second)
        assert str(error).startswith(f"cards.json:{error.line}: {column}: ")


def test_duplicate_names_and_keys_are_rejected():
    error = parse_error(csv_text(CHARACTER, {**CHARACTER, "name": "test  WANDERER"}))
    assert (error.line, error.column) == (3, col("name")) and "already on line 2" in error.message
    error = parse_error(csv_text(CHARACTER, {**CHARACTER, "name": "Other", "key": "test-wanderer"}))
    assert (error.line, error.column) == (3, col("key"))


def test_reading_is_all_or_nothing(tmp_path):
    good = [{**CHARACTER, "name": f"Card {i}"} for i in range(20)]
    path = tmp_path / "cards.csv"
    path.write_text(csv_text(*good, {**CHARACTER, "name": "Last", "gender": "x"}), "utf-8")
    with pytest.raises(ChecklistError) as info:
        read_checklist(path)
    assert info.value.line == 22
    path.write_text(csv_text(*good), "utf-8")
    assert len(read_checklist(path)) == 20


def test_cell_count_must_match_the_header():
    text = csv_text(CHARACTER) + "Extra,Row\n"
    error = parse_error(text)
    assert error.line == 3 and "2 cells but the header has 23 columns" in error.message


@pytest.mark.parametrize(
    ("header", "fragment"),
    [
        ("name,type,primee", "did you mean 'prime'"),
        ("type,prime", "no 'name' column"),
        ("name;type;prime", "separated by commas"),
        ("name,type,name", "appears twice"),
    ],
)
def test_header_errors(header, fragment):
    error = parse_error(header + "\nx,Site,1\n")
    assert error.line == 1 and fragment in error.message


def test_csv_syntax_errors_are_checklist_errors():
    error = parse_error("name,type\n\"Broken\"quote,Site\n")
    assert error.line == 2 and "CSV syntax error" in error.message


# ------------------------------------------------------------------ bad files


def write_bytes(tmp_path, data: bytes, name: str = "cards.csv"):
    path = tmp_path / name
    path.write_bytes(data)
    return path


def read_error(path) -> ChecklistError:
    with pytest.raises(ChecklistError) as info:
        read_checklist(path)
    assert info.value.path == str(path)
    return info.value


def test_utf16_files_are_rejected_clearly(tmp_path):
    text = csv_text(CHARACTER)
    assert "UTF-16" in read_error(write_bytes(tmp_path, text.encode("utf-16"))).message
    no_bom = read_error(write_bytes(tmp_path, text.encode("utf-16-le")))
    assert "NUL" in no_bom.message and (no_bom.line, no_bom.column) == (1, 2)


def test_binary_junk_is_rejected(tmp_path):
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00"
    assert read_error(write_bytes(tmp_path, png)).line is not None
    junk = bytes(range(256)) * 4
    assert isinstance(read_error(write_bytes(tmp_path, junk, "junk.json")), ChecklistError)
    bell = read_error(write_bytes(tmp_path, b"name,type\nA\x07,Site\n"))
    assert (bell.line, bell.column) == (2, 2) and "U+0007" in bell.message


def test_non_utf8_bytes_give_line_and_column(tmp_path):
    data = csv_text(CHARACTER, {**CHARACTER, "name": "Caf\u00e9"}).encode("latin-1")
    error = read_error(write_bytes(tmp_path, data))
    assert (error.line, error.column) == (3, 5) and "0xe9" in error.message


def test_empty_files_are_rejected(tmp_path):
    for data in (b"", b"   \n\n", b"\xef\xbb\xbf"):
        assert "empty" in read_error(write_bytes(tmp_path, data)).message
    assert "empty" in read_error(write_bytes(tmp_path, b"", "cards.json")).message


def test_a_utf8_byte_order_mark_is_accepted(tmp_path):
    path = write_bytes(tmp_path, b"\xef\xbb\xbf" + csv_text(CHARACTER).encode())
    assert read_checklist(path)[0].name == "Test Wanderer"


def test_missing_file_and_unknown_extension(tmp_path):
    assert "cannot read" in read_error(tmp_path / "absent.csv").message
    assert "unknown checklist format" in read_error(write_bytes(tmp_path, b"x", "c.xlsx")).message
    with pytest.raises(ChecklistError):
        write_checklist([], tmp_path / "out.txt")


# ------------------------------------------------------------------ JSON


def test_json_checklist_with_native_values():
    text = json.dumps([
        {"name": "Border", "type": "Site", "dominions": [4, 5], "resistance": 6,
         "unique": False, "estimated": ["resistance"]},
        {"name": "Ovo", "type": "Character", "dominions": [], "affiliations": ["Oviate"],
         "magic": 1, "strength": 4, "prime": 2, "gender": None, "permanent": True},
    ])
    border, ovo = parse_checklist_text(text, "json", "x.json")
    assert border.dominions == (4, 5) and not border.unique
    assert border.estimated == frozenset({"resistance"})
    assert ovo.is_oviate and ovo.prime == 2


@pytest.mark.parametrize(
    ("text", "line", "column", "fragment"),
    [
        ('[\n {"name": "A",\n  "type": "Site" "x"}\n]', 3, 18, "JSON syntax error"),
        ('{"name": "A"}', 1, 1, "expected a JSON list"),
        ('[\n 3\n]', 2, None, "expected a card object"),
        ('[\n {"name": "A", "type": "Site", "dominions": 1, "resistance": 3,\n'
         '  "colour": "red"}\n]', 2, "colour", "unknown key"),
        ('[{"name": "A", "name": "B", "type": "Site"}]', None, "name", "appears twice"),
        ('[{"type": "Site"}]', 1, "name", "name: missing"),
        ('[{"name": "A", "type": "Site", "dominions": 1, "resistance": true}]', 1,
         "resistance", "expected a whole number, got true"),
        ('[{"name": 5, "type": "Site"}]', 1, "name", "expected text"),
    ],
)
def test_json_errors(text, line, column, fragment):
    error = parse_error(text, "json", "cards.json")
    assert (error.line, error.column) == (line, column)
    assert fragment in error.message


# ------------------------------------------------------------------ round trips


@pytest.mark.parametrize("suffix", [".csv", ".json"])
def test_bundled_records_round_trip(tmp_path, suffix):
    records = load_bundled_records()
    path = tmp_path / f"all{suffix}"
    write_checklist(records, path)
    assert read_checklist(path) == records
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary left behind
    assert path.stat().st_mode & 0o777 == 0o644


def test_json_export_uses_lists_numbers_and_booleans(tmp_path):
    gentle = next(r for r in load_bundled_records() if r.name == "Gentle")
    path = tmp_path / "g.json"
    write_checklist([gentle], path)
    (obj,) = json.loads(path.read_text("utf-8"))
    assert list(obj) == list(COLUMNS)
    assert obj["dominions"] == [5] and obj["affiliations"] == ["Maestro"]
    assert obj["prime"] == 11 and obj["unique"] is True and obj["resistance"] is None
    assert obj["estimated"] == ["dominions", "unique", "magic", "affiliations"]


def test_write_errors_are_checklist_errors_and_leave_nothing_behind(tmp_path):
    with pytest.raises(ChecklistError) as info:
        write_checklist(load_bundled_records()[:3], tmp_path / "missing" / "out.csv")
    assert "cannot write" in info.value.message
    blocked = tmp_path / "dir.csv"
    blocked.mkdir()
    with pytest.raises(ChecklistError):
        write_checklist(load_bundled_records()[:3], blocked)
    assert [p.name for p in tmp_path.iterdir()] == ["dir.csv"]


def test_checklist_errors_survive_pickling():
    import pickle

    error = ChecklistError("cards.csv", 3, 10, "prime: expected a whole number, got 'x'")
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.path, copy.line, copy.column, copy.message, str(copy)) == (
        error.path, error.line, error.column, error.message, str(error),
    )


def test_write_keeps_given_keys(tmp_path):
    record = parse_checklist_text(csv_text(SITE), "csv", "x")[0]
    path = tmp_path / "k.csv"
    write_checklist([record], path, keys={"Test Ruin": "ruin-42"})
    assert read_checklist_rows(path)[0].key == "ruin-42"
    assert path.read_text("utf-8").splitlines()[0] == ",".join(COLUMNS)


_WORD = st.from_regex(r"[A-Z][a-z]{1,8}", fullmatch=True)
_NAME = st.lists(_WORD, min_size=1, max_size=3).map(" ".join)
_TEXT = st.text(
    st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\u2028\u2029\x85"),
    max_size=40,
).map(str.strip)
_SMALL = st.integers(0, 99)


@st.composite
def card_records(draw, name):
    card_type = draw(st.sampled_from(list(CardType)))
    fields: dict = {"name": name, "card_type": card_type}
    if card_type is CardType.CHARACTER:
        oviate = draw(st.booleans())
        affs = draw(st.lists(st.sampled_from(AFFILIATIONS[:6] + AFFILIATIONS[7:]), unique=True,
                             max_size=2))
        fields.update(
            magic=draw(_SMALL), strength=draw(_SMALL), prime=draw(_SMALL),
            dominions=() if oviate else (draw(st.integers(1, 5)),),
            gender=None if oviate else draw(st.sampled_from(list(Gender))),
            affiliations=tuple(["Oviate", *affs] if oviate else affs),
        )
    elif card_type is CardType.SITE:
        first = draw(st.integers(1, 5))
        border = draw(st.booleans())
        fields.update(
            resistance=draw(_SMALL),
            dominions=tuple(sorted({first, first % 5 + 1})) if border else (first,),
        )
    else:
        fields["permanent"] = draw(st.booleans())
        fields["dominions"] = (
            (draw(st.integers(1, 5)),) if card_type is CardType.PATH
            else draw(st.sampled_from([(), (2,)]))
        )
    fields.update(
        unique=draw(st.booleans()),
        deck_limit=draw(st.none() | st.integers(1, 99)),
        traits=draw(_TEXT | st.sampled_from(["+2 versus Vassals", "May hold Ruin alone"])),
        powers=draw(_TEXT | st.sampled_from(["Counters Amnesia", "+1 versus Sites"])),
        set_name=draw(_TEXT), collector_number=draw(_TEXT), rarity=draw(_TEXT),
        artist=draw(_TEXT), flavor_text=draw(_TEXT), source=draw(_TEXT),
    )
    if fields["powers"] and draw(st.booleans()):
        fields["activation_icon"] = draw(st.sampled_from(list(CardType))).value
    record = CardRecord(**fields)
    settable = [
        f for f in CHARACTERISTIC_FIELDS
        if isinstance(getattr(record, f), bool) or getattr(record, f) not in (None, "", ())
    ]
    return replace(record, estimated=frozenset(draw(st.lists(st.sampled_from(settable)))))


@st.composite
def checklists(draw):
    names = draw(st.lists(_NAME, max_size=6, unique_by=slugify))
    return [draw(card_records(name)) for name in names]


@settings(max_examples=80, deadline=None)
@given(checklists(), st.sampled_from(["csv", "json"]))
def test_any_valid_checklist_round_trips(records, fmt):
    sites = {r.name for r in records if r.card_type is CardType.SITE}
    expected = [
        replace(r, abilities=parse_abilities(r.traits, r.powers, site_names=sites,
                                             affiliations=AFFILIATIONS))
        for r in records
    ]
    text = checklist_text(expected, fmt)
    assert parse_checklist_text(text, fmt, f"x.{fmt}") == expected


# ------------------------------------------------------------------ bundled data hash


def _copy_data(tmp_path, monkeypatch):
    data = tmp_path / "data"
    shutil.copytree(bundled.DATA_DIR, data)
    monkeypatch.setattr(bundled, "DATA_DIR", data)
    monkeypatch.setattr(bundled, "AFFILIATIONS_FILE", data / "affiliations.csv")
    return data


def test_bundled_data_hash_is_stable_and_follows_the_data(tmp_path, monkeypatch):
    first = bundled_data_hash()
    assert len(first) == 64 and int(first, 16) >= 0 and bundled_data_hash() == first
    data = _copy_data(tmp_path, monkeypatch)
    assert bundled_data_hash() == first
    demo = data / "demo_cards.csv"
    renamed = demo.read_text("utf-8").replace("Lantern Bazaar,", "Lantern Bazar,", 1)
    demo.write_text(renamed, "utf-8")
    changed = bundled_data_hash()
    assert changed != first
    (data / "affiliations.csv").write_text(
        (data / "affiliations.csv").read_text("utf-8") + "Lantern Guild,A test.\n", "utf-8"
    )
    assert bundled_data_hash() not in (first, changed)


def test_a_name_in_two_bundled_files_is_rejected(tmp_path, monkeypatch):
    data = _copy_data(tmp_path, monkeypatch)
    (data / "extra_cards.csv").write_text(
        csv_text({**SITE, "name": "The Erasure", "dominions": "1|2"}), "utf-8"
    )
    with pytest.raises(ChecklistError) as info:
        load_bundled_records()
    assert info.value.path.endswith("rulebook_cards.csv") or info.value.path.endswith(
        "extra_cards.csv"
    )
    assert "also in" in info.value.message
