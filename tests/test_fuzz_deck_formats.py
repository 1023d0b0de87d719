"""Fuzzing every deck reader: generated inputs end in a deck (or raw entries) or in
:class:`~deckbuilder.formats.DeckFormatError`, never in another exception (issue 10's
deck-format fuzz target, issue 11's readers).

Inputs are real files (the foreign corpus and this program's own exports of generated
decks) with 1 to 8 edits drawn from tokens known to break these formats (section marks,
XML and CSV syntax, byte order marks, huge numbers, NUL, lone surrogates, bidi
controls), re-encoded now and then, plus raw bytes. ``FUZZ_EXAMPLES`` sets the examples
per format (default 100 for CI; ``FUZZ_EXAMPLES=10000`` is the full run the user guide
reports).
"""

from __future__ import annotations

import codecs
import json
import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_db.errors import UserError
from deckbuilder import formats
from deckbuilder.deck.decklist import DeckList
from deckbuilder.formats import DeckFormatError

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "100"))
READABLE = formats.names(readable_only=True)
FOREIGN = Path(__file__).parent / "fixtures" / "foreign"
_MANIFEST = json.loads((FOREIGN / "MANIFEST.json").read_text(encoding="utf-8"))["files"]

TOKENS = [
    "\n", "\r\n", "\r", "\t", " ", "SB:", "sb: ", "//", "#", "# Name:", "// NAME :", "Sideboard",
    "Sideboard:", "Commander", "Deck", "[", "]", "[Main]", "[Commander]", "[metadata]", "Name=",
    "(", ")", "(IMA) 12", "*F*", "[IMA]", "|", "=", ",", ";", '"', "sep=;", "{", "}", ":",
    "<", ">", "&", "&amp;", "&#0;", "&#x110000;", "]]>", "<![CDATA[", "<!DOCTYPE x>",
    '<card qty="', '<section name="', '" shared="True">', "</section>", "<superzone name=\"",
    "<Cards Quantity=\"", '" Name="', '" Sideboard="true"', "<zone name=\"", 'number="',
    "0", "-1", "+5", "1.5", "999", "1000", "9" * 400, "x", "\u0663", "\u202e", "\ufeff",
    "\x00", "\x07", "\u2028", "\ud800", "\uffff", "É", "猫", "𝔊",
]


def _seeds(name: str) -> list[bytes]:
    seeds = [
        (FOREIGN / file).read_bytes()
        for file, entry in sorted(_MANIFEST.items())
        if entry["format"] == name and "derived_from" not in entry
    ]
    deck = DeckList(
        name="Fuzz", author="Sam", notes="a ]]> b\nsecond",
        main=[("Gek-A-Gek", 3), ("2nd Guard", 1), ("Salt & Smoke", 2)], sideboard=[("Amnesia", 2)],
    )
    seeds.append(formats.get(name).write(deck).encode("utf-8"))
    return seeds


def _mutate(data: bytes, rng: random.Random) -> bytes | str:
    """``data`` with 1 to 8 edits: tokens into its text (then re-encoded, or kept as
    ``str``), or random bytes into its bytes."""
    edits = rng.randint(1, 8)
    if rng.random() < 0.3:
        for _ in range(edits):
            pos = rng.randrange(len(data) + 1)
            data = data[:pos] + rng.randbytes(rng.randint(0, 6)) + data[pos + rng.randint(0, 4):]
        return data
    text = data.decode("utf-8", "surrogatepass")
    for _ in range(edits):
        pos = rng.randrange(len(text) + 1)
        text = text[:pos] + rng.choice(TOKENS) + text[pos + rng.randint(0, 4):]
    encoding = rng.choice(["utf-8", "utf-16", "cp1252", "utf-8-bom", "str"])
    if encoding == "str":
        return text  # the readers take str too
    if encoding == "utf-8-bom":
        return codecs.BOM_UTF8 + text.encode("utf-8", "surrogatepass")
    return text.encode(encoding, "replace" if encoding == "cp1252" else "surrogatepass")


def _must_not_crash(deck_format, data) -> None:
    for reader in (deck_format.parse, deck_format.read):
        try:
            reader(data, "fuzz")
        except DeckFormatError:
            pass
        except UserError as exc:  # every user-facing error is a UserError; name it if not ours
            raise AssertionError(f"{type(exc).__name__} instead of DeckFormatError") from exc


_SEEDS = {name: _seeds(name) for name in READABLE}


@pytest.mark.parametrize("name", READABLE)
@settings(
    max_examples=EXAMPLES, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**64 - 1))
def test_mutated_files_never_raise_anything_but_deck_format_error(name, seed):
    # hypothesis draws the seed (cheap); the edits come from it, so a failure repeats
    rng = random.Random(seed)
    data = _mutate(rng.choice(_SEEDS[name]), rng)
    _must_not_crash(formats.get(name), data)


@pytest.mark.parametrize("name", READABLE)
@settings(max_examples=max(EXAMPLES // 4, 25), deadline=None, database=None)
@given(data=st.one_of(st.binary(max_size=400), st.text(max_size=200)))
def test_arbitrary_input_never_raises_anything_but_deck_format_error(name, data):
    _must_not_crash(formats.get(name), data)
