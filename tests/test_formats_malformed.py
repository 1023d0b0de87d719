"""Malformed input gives DeckFormatError, never another exception: binary junk, wrong
encodings, absurd counts, empty files, XML entity bombs and external entities,
deep nesting, wrong shapes, oversized files."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckbuilder import formats
from deckbuilder.formats import DeckFormatError
from deckbuilder.formats._common import MAX_FILE_BYTES

READABLE = formats.names(readable_only=True)
XML_FORMATS = ["cockatrice", "lackey", "octgn"]
COUNTED = [n for n in READABLE if n != "lackey"]  # Lackey writes one element per copy


class _Cards:
    """One card line with an arbitrary count token, in every readable format."""

    def __init__(self, name: str, count: str):
        self.name, self.count = name, count

    def __getitem__(self, fmt: str) -> str:
        name, count = self.name, self.count
        if fmt == "lackey":
            copies = int(count) if count.isdigit() else 1
            return (
                '<deck version="0.8"><superzone name="Deck">'
                + f'<card><name id="x">{name}</name></card>' * copies
                + "</superzone></deck>"
            )
        return {
            "text": f"{count} {name}\n",
            "mws": f"// NAME : x\n{count} {name}\n",
            "forge": f"[Main]\n{count} {name}|IMA\n",
            "csv": f"count,name,zone\n{count},{name},main\n",
            "json": f'{{"main": [{{"count": {count}, "name": "{name}"}}]}}',
            "cockatrice": f'<cockatrice_deck version="1"><zone name="main">'
                          f'<card number="{count}" name="{name}"/></zone></cockatrice_deck>',
            "octgn": f'<deck game="509907dc-f8ad-568c-8cf6-fac6ff41ffb5"><section name="Main">'
                     f'<card qty="{count}" id="x">{name}</card></section></deck>',
        }[fmt]


_card = _Cards


def _read(name: str, data: str | bytes) -> DeckFormatError:
    with pytest.raises(DeckFormatError) as info:
        formats.get(name).read(data, "deck")
    assert info.value.path == "deck"
    assert str(info.value).startswith("deck")
    return info.value


@pytest.mark.parametrize("name", READABLE)
def test_valid_baseline_reads(name):
    assert formats.get(name).read(_card("Gentle", "3")[name]).main[0].count == 3


@pytest.mark.parametrize("name", READABLE)
@pytest.mark.parametrize("data", [b"", b"   \n\t\n", ""])
def test_empty_input(name, data):
    _read(name, data)


@pytest.mark.parametrize("name", READABLE)
def test_binary_junk(name):
    junk = bytes(range(256)) * 4
    _read(name, junk)
    _read(name, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + b"\xff" * 64)


@pytest.mark.parametrize("name", ["text", "csv", "json"])
def test_latin1_text_is_read_as_windows_1252(name):
    source = _card("Émile", "2")[name].encode("latin-1")
    assert formats.get(name).read(source, "deck").main[0].name == "Émile"


@pytest.mark.parametrize("name", ["text", "csv", "json"])
def test_bytes_neither_utf8_nor_windows_1252_are_refused_with_their_position(name):
    source = _card("Émile", "2")[name].encode("latin-1").replace(b"\xc9", b"\x81")
    error = _read(name, source)
    assert "UTF-8" in error.message
    assert error.line is not None and error.column is not None


@pytest.mark.parametrize("name", XML_FORMATS)
def test_xml_declared_utf8_but_latin1_bytes(name):
    source = ('<?xml version="1.0" encoding="UTF-8"?>\n' + _card("Émile", "2")[name])
    error = _read(name, source.encode("latin-1"))
    assert error.line == 2 and error.column is not None


@pytest.mark.parametrize("name", COUNTED)
@pytest.mark.parametrize("count", ["1000000000", "-3", "0", "1000", "99999999999999999999999"])
def test_absurd_counts(name, count):
    error = _read(name, _card("Gentle", count)[name])
    assert "count" in error.message
    assert error.line == (2 if name in ("csv", "mws", "forge") else 1)


@pytest.mark.parametrize("name", ["text", "cockatrice", "octgn", "csv"])
@pytest.mark.parametrize("count", ["2.5", "three", "", "0x10", "٣"])
def test_non_numeric_counts(name, count):
    if name == "text" and count in ("three", ""):  # a count-less line is one copy
        assert formats.get(name).read(_card("Gentle", count)[name]).main[0].count == 1
        return
    _read(name, _card("Gentle", count)[name])


def test_lackey_too_many_copies():
    error = _read("lackey", _card("Gentle", "1000")["lackey"])
    assert "1000" in error.message and error.line == 1


@pytest.mark.parametrize("value", ["3.0", "true", '"3"', "null", "1e999", "9" * 5000])
def test_json_count_must_be_an_integer(value):
    _read("json", _card("Gentle", value)["json"])


@pytest.mark.parametrize(
    "source",
    [
        "[]", '"deck"', "{", '{"main": {}}', '{"main": [3]}', '{"main": [{"count": 1}]}',
        '{"main": [{"count": 1, "name": 7}]}', '{"name": 5, "main": []}',
        '{"format": "other", "main": [{"count": 1, "name": "A"}]}',
        '{"version": 2, "main": [{"count": 1, "name": "A"}]}', '{"main": []}',
        "[" * 100_000, '{"main": [{"count": 1, "name": "A"}]} trailing',
    ],
)
def test_json_bad_shapes(source):
    _read("json", source)


@pytest.mark.parametrize(
    "source",
    [
        "count,name,zone\n1,Gentle,graveyard\n",
        "count,name,zone\n1,,main\n",
        'count,name,zone\n1,"Gentle\n',
        "count,name,zone\n",
        'count,name,zone\n1,"Gen"tle",main\n',
    ],
)
def test_csv_bad_rows(source):
    _read("csv", source)


@pytest.mark.parametrize(
    "source",
    [
        "- Gentle\n", "3\n", "SB:\n", "1 Gentle\n* random words here\n", "x" * 1001 + "\n",
        "1 Bad\x07Name\n", "# only a comment\n",
    ],
)
def test_text_bad_lines(source):
    _read("text", source)


BOMB = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<{root}>&lol3;</{root}>"""
EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<{root}>&xxe;</{root}>"""
ROOTS = {"cockatrice": "cockatrice_deck", "lackey": "deck", "octgn": "deck"}


@pytest.mark.parametrize("name", XML_FORMATS)
@pytest.mark.parametrize(
    "template, line", [(BOMB, 2), (EXTERNAL, 2), ("<!DOCTYPE r>\n<{root}/>", 1)]
)
def test_xml_doctype_and_entities_are_refused(name, template, line):
    error = _read(name, template.format(root=ROOTS[name]))
    assert "not allowed" in error.message
    assert error.line == line


@pytest.mark.parametrize("name", XML_FORMATS)
@pytest.mark.parametrize(
    "source",
    [
        "<a>" * 50 + "</a>" * 50,
        "<cockatrice_deck><zone name='main'><card number='1' name='A'>",
        "<unexpected/>",
        "not xml at all",
        "<deck><![CDATA[",
        "<?xml version='1.0' encoding='no-such-codec'?><deck/>",
    ],
)
def test_xml_malformed(name, source):
    _read(name, source)


@pytest.mark.parametrize(
    "name, source",
    [
        ("cockatrice", '<cockatrice_deck><zone name="main"><card name="A"/></zone>'
                       "</cockatrice_deck>"),
        ("cockatrice", '<cockatrice_deck><zone name="tokens"><card number="1" name="T"/></zone>'
                       "</cockatrice_deck>"),
        ("cockatrice", '<cockatrice_deck><zone name="main"/></cockatrice_deck>'),
        ("lackey", '<deck><superzone name="Deck"><card><set>x</set></card></superzone></deck>'),
        ("lackey", '<deck><superzone name="Command"><card><name>X</name></card></superzone>'
                   "</deck>"),
        ("octgn", '<deck><section name="Main"><card qty="1">A</card></section></deck>'),
        ("octgn", '<deck game="g"><section name="Main"><card id="1">A</card></section></deck>'),
        ("octgn", '<deck game="g"><section name="Main"><card qty="1" id="1">  </card>'
                  "</section></deck>"),
        ("octgn", '<cockatrice_deck version="1"/>'),
    ],
)
def test_xml_wrong_shapes(name, source):
    _read(name, source)


@pytest.mark.parametrize("name", READABLE)
def test_oversized_input(name):
    _read(name, b" " * (MAX_FILE_BYTES + 1))


@pytest.mark.parametrize("name", READABLE)
def test_too_many_cards(name):
    source = {
        "text": "".join(f"999 Card {i}\n" for i in range(11)),
        "mws": "".join(f"SB: 999 Card {i}\n" for i in range(11)),
        "forge": "[Main]\n" + "".join(f"999 Card {i}\n" for i in range(11)),
        "csv": "".join(f"999,Card {i},main\n" for i in range(11)),
        "json": '{"main": ['
                + ",".join(f'{{"count": 999, "name": "C{i}"}}' for i in range(11))
                + "]}",
        "cockatrice": '<cockatrice_deck><zone name="main">'
                      + "".join(f'<card number="999" name="C{i}"/>' for i in range(11))
                      + "</zone></cockatrice_deck>",
        "lackey": '<deck><superzone name="Deck">'
                  + "".join(f"<card><name>C{i}</name></card>" for i in range(10_001))
                  + "</superzone></deck>",
        "octgn": '<deck game="g"><section name="Main">'
                 + "".join(f'<card qty="999" id="x">C{i}</card>' for i in range(11))
                 + "</section></deck>",
    }[name]
    assert "more than" in _read(name, source).message


@pytest.mark.parametrize("name", COUNTED)
def test_one_card_over_the_count_limit_across_entries(name):
    twice = _card("Gentle", "600")[name]
    source = {
        "text": "600 Gentle\n600 gentle\n",
        "mws": "// x\n600 Gentle\n600 gentle\n",
        "forge": "[Main]\n600 Gentle\n600 gentle|IMA\n",
        "csv": "600,Gentle,main\n600,gentle,main\n",
        "json": '{"main": [{"count": 600, "name": "Gentle"}, {"count": 600, "name": "gentle"}]}',
        "cockatrice": twice.replace("</zone>", '<card number="600" name="gentle"/></zone>'),
        "octgn": twice.replace("</section>", '<card qty="600" id="y">gentle</card></section>'),
    }[name]
    assert "1200 copies" in _read(name, source).message


@pytest.mark.parametrize("name", READABLE)
@settings(max_examples=80, deadline=None)
@given(data=st.binary(max_size=300))
def test_arbitrary_bytes_never_raise_anything_else(name, data):
    try:
        formats.get(name).read(data, "fuzz")
    except DeckFormatError:
        pass


@pytest.mark.parametrize("name", READABLE)
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_mutated_valid_files_never_raise_anything_else(name, data):
    source = formats.get(name).write(
        formats.get("text").read("# Name: T\n3 Gek-A-Gek\n1 The Erasure\nSB: 2 Amnesia\n")
    ).encode("utf-8")
    position = data.draw(st.integers(0, len(source)))
    insert = data.draw(st.binary(max_size=8))
    cut = data.draw(st.integers(0, 8))
    mutated = source[:position] + insert + source[position + cut:]
    try:
        formats.get(name).read(mutated, "fuzz")
    except DeckFormatError:
        pass
