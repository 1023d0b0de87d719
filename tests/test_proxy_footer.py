"""Issue 10, section 2: "DEMO CARD" is no longer printed over the rarity on proxy faces:
the footer's left line (set, collector number, rarity) fits beside the source."""

from __future__ import annotations

import dataclasses

import pytest

from card_db.checklist import load_bundled_records
from card_db.images.proxy import MIN_WIDTH_PX, _Face


def _demo_card():
    return next(r for r in load_bundled_records() if r.source.strip().casefold() == "demo")


@pytest.mark.parametrize("width", [MIN_WIDTH_PX, 300, 630])
def test_the_footer_line_fits_beside_demo_card(width):
    record = dataclasses.replace(_demo_card(), collector_number="123", rarity="uncommon")
    face = _Face(record, width, "auto")
    style = face.style(17)
    source = face.runs_width([("DEMO CARD", face.style(18, bold=True))])
    room = face.width - 2 * face.u(34) - source - face.u(16)
    runs = face.footer_runs(style, room)
    assert face.runs_width(runs) <= room
    text = "".join(text for text, _style in runs)
    assert text.endswith("uncommon")  # the rarity is kept whole; the set name gives way
    assert "#123" in text
