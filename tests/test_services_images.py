"""Card faces: the user's scan wins over the proxy, in the CLI image and the deck PNG."""

from __future__ import annotations

import io

from click.testing import CliRunner
from PIL import Image

from deckbuilder.cli.main import cli
from deckbuilder.services.images import attach_scan, card_face, scan_path

RED = (220, 10, 10)


def _red_scan(tmp_path):
    source = tmp_path / "scan.png"
    Image.new("RGB", (630, 880), RED).save(source)
    return source


def _mostly_red(image: Image.Image) -> float:
    small = image.convert("RGB").resize((40, 40))
    pixels = [small.getpixel((x, y)) for x in range(40) for y in range(40)]
    return sum(1 for p in pixels if p[0] > 180 and p[1] < 60 and p[2] < 60) / len(pixels)


def test_attached_scan_replaces_the_proxy(tmp_path, userdb):
    assert _mostly_red(card_face(userdb, "Gentle", 300)) < 0.1
    attach_scan(userdb, "Gentle", _red_scan(tmp_path))
    assert scan_path(userdb, "Gentle") is not None
    assert _mostly_red(card_face(userdb, "Gentle", 300)) > 0.9


def test_deck_png_export_uses_scans(tmp_path, userdb):
    deck = tmp_path / "d.txt"
    deck.write_text("1 Gentle\n1 Judith\n", encoding="utf-8")
    out_before, out_after = tmp_path / "before.png", tmp_path / "after.png"
    runner = CliRunner()
    assert runner.invoke(cli, ["deck", "convert", str(deck), str(out_before)]).exit_code == 0
    attach_scan(userdb, "Gentle", _red_scan(tmp_path))
    assert runner.invoke(cli, ["deck", "convert", str(deck), str(out_after)]).exit_code == 0
    before = Image.open(io.BytesIO(out_before.read_bytes()))
    after = Image.open(io.BytesIO(out_after.read_bytes()))
    assert _mostly_red(after) > _mostly_red(before) + 0.2
