"""Large scans are decoded at a reduced size (issue 10, section 3, "Large scans"): a
scan just under the limits is imported in a fresh process under 300 MB peak memory,
upright by its EXIF orientation, at the normalised size. Measured by
``benchmarks/bench_scan_memory.py``, whose ``--child`` mode these tests run."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from PIL import Image

from card_db.images import scans
from card_db.images.errors import CardImageError

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_scan_memory.py"
_spec = importlib.util.spec_from_file_location("bench_scan_memory", BENCH)
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def _just_under(pixels: float) -> tuple[int, int]:
    height = int((pixels * 3 / 4) ** 0.5) - 2
    return int(pixels / height) - 2, height


def _assert_upright_card(result: dict) -> None:
    assert (result["width"], result["height"]) == (859, scans.NORMALISED_MAX_SIDE)
    # Stored dark at the top, EXIF 6: upright, the dark edge is on the right.
    assert result["left"] > result["right"] + 100
    assert abs(result["top"] - result["bottom"]) < 20


def test_a_jpeg_just_under_the_pixel_limit_is_decoded_small(tmp_path):
    size = _just_under(scans.MAX_SCAN_PIXELS)
    assert size[0] * size[1] <= scans.MAX_SCAN_PIXELS
    result = bench.run_child(bench.make_scan(tmp_path / "scan.jpg", "RGB", *size))
    _assert_upright_card(result)
    # Decoding it whole needs 4 bytes a pixel (256 MB) besides the file: draft is used.
    assert result["peak_mb"] < 150


def test_a_png_just_under_the_memory_limit_stays_under_300_mb(tmp_path):
    size = _just_under(scans.MAX_DECODED_BYTES / 4)
    result = bench.run_child(bench.make_scan(tmp_path / "scan.png", "RGB", *size))
    _assert_upright_card(result)
    assert result["peak_mb"] < bench.TARGET_MB


def test_a_png_over_the_memory_limit_is_refused_before_decoding(tmp_path):
    size = _just_under(scans.MAX_SCAN_PIXELS)
    result = bench.run_child(bench.make_scan(tmp_path / "scan.png", "RGB", *size))
    assert "too large to open" in result["error"] and "save it as a JPEG" in result["error"]
    assert result["peak_mb"] < 100


@pytest.mark.parametrize("mode", ["P", "1", "I;16", "RGBA", "LA"])
def test_modes_without_or_with_a_costly_reduce_are_shrunk_too(tmp_path, mode):
    image = Image.linear_gradient("L").resize((3000, 2600)).convert(mode)
    path = tmp_path / "scan.png"
    image.save(path)
    decoded = scans._decode(path, path.read_bytes())
    assert decoded.mode == "RGB" and decoded.size == (3000 // 2, 2600 // 2)


def test_decoded_bytes_counts_what_pillow_holds():
    assert scans.decoded_bytes("RGB", (100, 10)) == 4000
    assert scans.decoded_bytes("L", (100, 10)) == 1000
    assert scans.decoded_bytes("I;16", (100, 10)) == 2000
    assert scans.decoded_bytes("RGBA", (100, 10)) == 8000
    assert scans.decoded_bytes("RGB", (100, 10), "WEBP") == 16000


def test_the_memory_limit_message_names_the_file_and_size(tmp_path, monkeypatch):
    monkeypatch.setattr(scans, "MAX_DECODED_BYTES", 1000)
    path = tmp_path / "scan.png"
    Image.new("RGB", (100, 100)).save(path)
    with pytest.raises(CardImageError, match=r"scan\.png: the image is too large to open "
                                             r"\(100 x 100 px"):
        scans.import_scan(path, tmp_path / "cache", "key")
