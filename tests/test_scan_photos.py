"""Finding cards and reading their name lines on real photographs and scans of cards of
other games (issue 21): ``../shared/corpus/card-photos/`` (its ``manifest.json`` gives
how many cards each picture shows and their names). The catalogue cannot match these
cards; the name line is read. ``benchmarks/bench_scan.py`` measures the whole corpus."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

for _module in ("cv2", "imagehash", "rapidocr", "onnxruntime"):
    pytest.importorskip(_module, reason="scanning needs the scan extra: pip install -e '.[scan]'")

from rapidfuzz import fuzz  # noqa: E402

from card_db.names import fold_name  # noqa: E402
from deckbuilder.scan.batch import read_batch  # noqa: E402
from deckbuilder.scan.matching import NameIndex  # noqa: E402

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))
_spec = importlib.util.spec_from_file_location("bench_scan", BENCHMARKS / "bench_scan.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

pytestmark = pytest.mark.skipif(
    not (bench.CORPUS / "manifest.json").is_file(),
    reason=f"the real card-photo corpus {bench.CORPUS} is absent")


def _pictures(wanted) -> list[dict]:
    return [entry for entry in bench.corpus_entries() if wanted(entry)]


def test_clean_scans_and_webcam_shots_of_one_card(tmp_path):
    """Category e (clean scans) and the webcam shots of single cards on wood: one card
    found on each, and its name line read (fuzzy ratio 0.8 or better)."""
    entries = _pictures(lambda e: "e" in e["category"] or e["file"].startswith("trifecta"))
    assert len(entries) >= 15
    batch = read_batch([bench.CORPUS / e["file"] for e in entries], NameIndex([]),
                       read_fields=False)
    counts = [len(image.cards) for image in batch.images]
    assert counts == [1] * len(entries), list(zip([e["file"] for e in entries], counts,
                                                  strict=True))
    read = [fuzz.ratio(fold_name(image.cards[0].text.name), fold_name(e["names"][0])) / 100
            for e, image in zip(entries, batch.images, strict=True)]
    assert sum(r >= bench.NAME_RATIO for r in read) >= len(entries) - 1, read


def test_eight_cards_laid_on_a4_paper():
    entries = _pictures(lambda e: e["file"].startswith("paalbra"))
    batch = read_batch([bench.CORPUS / e["file"] for e in entries], NameIndex([]),
                       read_fields=False)
    for entry, image in zip(entries, batch.images, strict=True):
        assert len(image.cards) == 8
        read = [fold_name(card.text.name) for card in image.cards]
        good = sum(any(fuzz.ratio(fold_name(name), r) / 100 >= bench.NAME_RATIO for r in read)
                   for name in entry["names"])
        assert good >= 7, (entry["file"], read)


def test_several_cards_side_by_side():
    """tmikonen black.jpg: 8 cards on a straw mat, dice on top of some."""
    (entry,) = _pictures(lambda e: e["file"] == "tmikonen__black.jpg")
    (image,) = read_batch([bench.CORPUS / entry["file"]], NameIndex([]),
                          read_fields=False).images
    assert len(image.cards) == 8


def _found(entry: dict) -> list:
    from deckbuilder.scan.detection import find_cards
    from deckbuilder.scan.loading import load_image

    return find_cards(load_image(bench.CORPUS / entry["file"]))


def _distinct(cards) -> bool:
    """No two outlines are (mostly) the same card found twice."""
    return all(bench.iou(a.corners, b.corners) < 0.5
               for i, a in enumerate(cards) for b in cards[i + 1:])


@pytest.mark.parametrize("name", ["test16", "test20", "test25", "test26", "test27"])
def test_sleeved_cards_on_a_busy_playmat_or_half_in_shadow(name):
    """hj3yoo's phone frames: sleeved cards on an illustrated playmat (test25, 26, 27:
    outlines broken by glare or joined to the mat, found from their straight sides and
    corners) and a card half in a hand's shadow on lined paper (test16). Every card is
    counted, each once (on test25 the Island is outlined by its art box: counted, but
    not a whole outline; test20's one card, first found by its title and art, is grown
    to its sleeve's outline: see the test below)."""
    (entry,) = _pictures(lambda e: e["file"] == f"hj3yoo__{name}.jpg")
    cards = _found(entry)
    assert len(cards) == entry["cards"] and _distinct(cards)


@pytest.mark.parametrize("name", ["test13", "test10"])
def test_cards_partly_hidden_in_a_stack(name):
    """Three overlapping cards (hj3yoo test13, and test10 where the bottom card lies a
    little larger in the picture than the card on top, so its size is tried a few
    percent either way): the two underneath have no whole outline and are found from a
    visible corner and the size of the card on top (test10's middle card's outline is
    rough). (test6, also counted right, is left out: one of its cards is outlined by
    its uncovered part.)"""
    (entry,) = _pictures(lambda e: e["file"] == f"hj3yoo__{name}.jpg")
    cards = _found(entry)
    assert len(cards) == entry["cards"] == 3 and _distinct(cards)


def test_a_hidden_card_showing_its_boxes_apart_is_one_card():
    """hj3yoo test3: the middle card of three lies under the right one; its art box and
    its text box each close an outline, its own outline does not. It is counted once,
    outlined whole (its name line, at the top, is read from its crop)."""
    (entry,) = _pictures(lambda e: e["file"] == "hj3yoo__test3.jpg")
    (image,) = read_batch([bench.CORPUS / entry["file"]], NameIndex([]),
                          read_fields=False).images
    assert len(image.cards) == entry["cards"] == 3
    assert any(fuzz.ratio(fold_name(card.text.name), "rapid hybridization") / 100
               >= bench.NAME_RATIO for card in image.cards), [c.text.name for c in image.cards]


@pytest.mark.parametrize(("file", "name"), [
    ("tmikonen__geyser_twister_fireball.jpg", "Braingeyser"),
    ("zroesch__card.jpg", "Silent Swordsman LV7"),
])
def test_a_faint_or_small_name_is_read_again_prepared_otherwise(file, name):
    """A name line not found at first (Braingeyser's faint old title; the Yu-Gi-Oh!
    card's small capitals) is read from its name band contrast-stretched or enlarged."""
    (entry,) = _pictures(lambda e: e["file"] == file)
    (image,) = read_batch([bench.CORPUS / entry["file"]], NameIndex([]),
                          read_fields=False).images
    reads = [fold_name(card.text.name) for card in image.cards]
    assert any(fuzz.ratio(fold_name(name), read) / 100 >= bench.NAME_RATIO
               for read in reads), reads


def test_a_card_found_by_its_title_and_art_is_grown_to_its_outline():
    """hj3yoo test20: a sleeved card on a playmat whose corners first give only its
    title and art box (wider than tall); the sleeve's sides show as straight segments
    further out, so the outline is grown to the whole card: its crop is card-shaped
    and its name line, at the crop's top, reads."""
    (entry,) = _pictures(lambda e: e["file"] == "hj3yoo__test20.jpg")
    (image,) = read_batch([bench.CORPUS / entry["file"]], NameIndex([]),
                          read_fields=False).images
    (card,) = image.cards
    corners = np.array(card.corners)
    sides = np.linalg.norm(corners - np.roll(corners, -1, axis=0), axis=1)
    assert 0.65 <= (sides[0] + sides[2]) / (sides[1] + sides[3]) <= 0.8  # upright: taller
    assert fuzz.ratio(fold_name(card.text.name), "chasm skulker") / 100 >= bench.NAME_RATIO


def test_a_hidden_cards_name_is_read_without_the_card_on_top():
    """hj3yoo test10: the bottom card's name line runs on under the cards on top, whose
    titles lie on the same line; their part of its crop is painted over, so its name is
    read alone ("Frantic Search", not "Frantic SearchForgotten")."""
    (entry,) = _pictures(lambda e: e["file"] == "hj3yoo__test10.jpg")
    (image,) = read_batch([bench.CORPUS / entry["file"]], NameIndex([]),
                          read_fields=False).images
    reads = [fold_name(card.text.name) for card in image.cards]
    assert any(fuzz.ratio("frantic search", read) / 100 >= bench.NAME_RATIO
               for read in reads), reads
