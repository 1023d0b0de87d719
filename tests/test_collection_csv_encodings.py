"""The streaming collection CSV reader keeps the shared decoding policy of
:mod:`deckbuilder.formats.textfiles`: a byte order mark for UTF-8 or UTF-16, else UTF-8,
else Windows-1252; other bytes are refused with a clear error."""

from __future__ import annotations

import codecs

import pytest

from deckbuilder.formats.collection_csv import CollectionFileError, read_collection_csv

TEXT = "sep=;\nname;quantity\n\u00c9mile;3\nGentle;2\n"


@pytest.mark.parametrize(
    "data",
    [
        TEXT.encode("utf-8"),
        codecs.BOM_UTF8 + TEXT.encode("utf-8"),
        TEXT.encode("utf-16"),  # with its byte order mark
        TEXT.encode("cp1252"),
    ],
    ids=["utf-8", "utf-8-bom", "utf-16", "windows-1252"],
)
def test_every_encoding_of_the_policy_reads_the_same_rows(tmp_path, data):
    path = tmp_path / "c.csv"
    path.write_bytes(data)
    rows = read_collection_csv(path).rows
    assert [(r.name, r.quantity) for r in rows] == [("\u00c9mile", 3), ("Gentle", 2)]
    assert [r.line for r in rows] == [3, 4]


def test_bytes_neither_utf8_nor_windows_1252_are_refused(tmp_path):
    path = tmp_path / "c.csv"
    path.write_bytes(b"name,quantity\nGentle\x81,2\n")
    with pytest.raises(CollectionFileError, match="neither UTF-8 nor Windows-1252"):
        read_collection_csv(path)
