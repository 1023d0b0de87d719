"""Finding, straightening, reading, grouping and matching cards (issue 21) on images
generated from the app's own card faces (``benchmarks/scan_images.py``)."""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

for _module in ("cv2", "imagehash", "rapidocr", "onnxruntime"):
    pytest.importorskip(_module, reason="scanning needs the scan extra: pip install -e '.[scan]'")

from card_db.checklist.bundled import load_bundled_records  # noqa: E402
from card_db.records import CardRecord, CardType, Gender  # noqa: E402
from deckbuilder.scan.batch import read_batch  # noqa: E402
from deckbuilder.scan.detection import find_cards, order_corners  # noqa: E402
from deckbuilder.scan.loading import ImageReadError, image_files, load_image  # noqa: E402
from deckbuilder.scan.matching import NameIndex  # noqa: E402
from deckbuilder.scan.reading import read_card  # noqa: E402

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))
_spec = importlib.util.spec_from_file_location("bench_scan", BENCHMARKS / "bench_scan.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)
scan_images = sys.modules["scan_images"]

RECORDS = load_bundled_records()
NAMES = NameIndex(r.name for r in RECORDS)
UNKNOWN = CardRecord(name="Tessaly Ombre", card_type=CardType.CHARACTER, dominions=(3,),
                     gender=Gender.FEMALE, magic=4, strength=2, prime=3,
                     powers="May pivot to counter a Flash.", source="test")


@pytest.fixture(scope="module")
def images(tmp_path_factory):
    """A flatbed page holding two copies of one card, and two angled photos, one of
    them showing that card again."""
    folder = tmp_path_factory.mktemp("scans")
    cards = RECORDS[60:67]
    page = scan_images.flatbed_page([*cards, cards[0], RECORDS[70]], folder / "page.png", 11)
    photo = scan_images.angled_photo([RECORDS[80], cards[0], RECORDS[81]],
                                     folder / "photo.jpg", 12)
    single = scan_images.angled_photo([RECORDS[90]], folder / "single.jpg", 13)
    return [page, photo, single]


@pytest.fixture(scope="module")
def batch(images):
    return read_batch([image.path for image in images], NAMES)


def test_every_card_is_found_where_it_lies(images, batch):
    for truth, read in zip(images, batch.images, strict=True):
        assert len(read.cards) == len(truth.cards), truth.path.name
        for card in truth.cards:
            best = max(bench.iou(found.corners, card.corners) for found in read.cards)
            assert best >= bench.SAME_OUTLINE, (truth.path.name, card.name, best)


def test_corners_start_at_the_upright_top_left_and_go_clockwise(images, batch):
    for truth, read in zip(images, batch.images, strict=True):
        for card in truth.cards:
            found = max(read.cards, key=lambda c: bench.iou(c.corners, card.corners))
            for got, want in zip(found.corners, card.corners, strict=True):
                assert np.hypot(got[0] - want[0], got[1] - want[1]) < 25


def test_each_card_is_matched_to_its_catalogue_card(images, batch):
    score = bench.score_generated(batch, images)
    assert score["found"] == 1.0
    # the small, blurred, underlined title of one card on the three-card photo is read
    # only in part ("Edwin"): 12 of the 13 are matched
    assert score["matched"] >= 12 / 13, [c.text.name for i in batch.images for c in i.cards]
    page = batch.images[0]
    assert [c.match.name for c in page.cards] == [c.name for c in images[0].cards]


def test_copies_share_a_group_and_different_cards_do_not(images, batch):
    score = bench.score_generated(batch, images)
    assert score["pairwise"] == 1.0
    copies = [g for g in batch.groups if g.count == 3]
    assert len(copies) == 1 and copies[0].match.name == RECORDS[60].name
    assert len(batch.groups) == 11  # 8 on the page, 2 new on the photo, 1


def test_json_has_the_documented_shape(batch):
    data = batch.to_json()
    card = data["images"][0]["cards"][0]
    assert set(card) == {"corners", "group", "name_read", "match", "fields"}
    assert len(card["corners"]) == 4 and all(len(p) == 2 for p in card["corners"])
    assert set(card["match"]) == {"name", "score"} and 0 <= card["match"]["score"] <= 1
    assert card["fields"]["name"]["value"] == card["name_read"]
    assert {g["id"] for g in data["groups"]} == {c["group"] for i in data["images"]
                                                 for c in i["cards"]}
    assert sum(g["count"] for g in data["groups"]) == 13  # 9 + 3 + 1 cards


def test_an_unknown_card_has_its_fields_read(tmp_path):
    image = scan_images.flatbed_page([UNKNOWN], tmp_path / "one.png", 3)
    (found,) = find_cards(load_image(image.path))
    text = read_card(found.crop)
    assert text.name == "Tessaly Ombre"
    values = {key: read.value for key, read in text.fields.items()}
    assert values["type"] == "Character" and values["gender"] == "female"
    assert (values["magic"], values["strength"], values["prime"]) == ("4", "2", "3")
    assert values["powers"] == "May pivot to counter a Flash."
    assert all(0 < read.confidence <= 1 for read in text.fields.values())


def test_a_card_upside_down_is_turned_and_read(tmp_path):
    image = scan_images.flatbed_page([RECORDS[100]], tmp_path / "page.png", 4)
    from PIL import Image

    Image.open(image.path).rotate(180).save(tmp_path / "turned.png")
    batch = read_batch([tmp_path / "turned.png"], NAMES)
    (card,) = batch.images[0].cards
    assert card.match is not None and card.match.name == RECORDS[100].name


def test_order_corners_of_a_turned_rectangle():
    angle = np.deg2rad(20)
    rotation = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    upright = np.array([[-63, -88], [63, -88], [63, 88], [-63, 88]], np.float32)
    turned = upright @ rotation.T + 500
    shuffled = turned[[2, 0, 3, 1]]
    assert np.allclose(order_corners(shuffled), turned, atol=1e-3)


def test_bad_files_are_reported_and_the_others_read(tmp_path, images):
    text = tmp_path / "notes.txt"
    text.write_text("not an image")
    empty = tmp_path / "empty.jpg"
    empty.write_bytes(b"")
    truncated = tmp_path / "cut.jpg"
    truncated.write_bytes(images[2].path.read_bytes()[:400])
    batch = read_batch([text, empty, truncated, images[2].path], NAMES)
    errors = [image.error for image in batch.images]
    assert "not an image" in errors[0] and "empty" in errors[1]
    assert errors[2] is not None and "cut.jpg" in errors[2]
    assert errors[3] is None and len(batch.images[3].cards) == 1
    assert batch.readable == 1
    with pytest.raises(ImageReadError):
        load_image(tmp_path / "missing.png")


def test_a_folder_gives_its_images(tmp_path, images):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.png").write_bytes(images[0].path.read_bytes())
    (tmp_path / "a.jpg").write_bytes(images[2].path.read_bytes())
    (tmp_path / "readme.txt").write_text("x")
    assert [p.name for p in image_files([tmp_path])] == ["a.jpg", "b.png"]


def test_cancel_keeps_what_was_read(images):
    calls = []
    batch = read_batch([image.path for image in images], NAMES,
                       should_stop=lambda: len(calls) >= 1,
                       progress=lambda done, total, file: calls.append(done))
    assert batch.cancelled and len(batch.images) == 1 and len(batch.images[0].cards) == 9


def test_a_record_with_distinct_art_looks_different():
    a = np.asarray(scan_images.card_face(RECORDS[0]))
    b = np.asarray(scan_images.card_face(dataclasses.replace(RECORDS[0], name="Other")))
    assert (a != b).mean() > 0.1


def test_a_card_cut_off_by_the_border_is_not_counted_but_a_whole_scan_is(tmp_path):
    """A card cut in two by the photo's border is not a whole card (nor is the patch of
    table between a card and the border); a scan the card fills is one card."""
    from PIL import Image

    image = scan_images.flatbed_page(RECORDS[20:22], tmp_path / "page.png", 5)
    second = np.asarray(image.cards[1].corners)
    page = Image.open(image.path)
    cut = tmp_path / "cut.png"
    # most of the second card is in the picture: card-shaped, but not whole
    left, right = second[:, 0].min(), second[:, 0].max()
    page.crop((0, 0, int(left + 0.97 * (right - left)), page.height)).save(cut)
    (found,) = find_cards(load_image(cut))
    assert bench.iou(found.corners, image.cards[0].corners) >= bench.SAME_OUTLINE
    first = np.asarray(image.cards[0].corners)
    scan = tmp_path / "scan.png"
    page.crop((int(first[:, 0].min()) - 2, int(first[:, 1].min()) - 2,
               int(first[:, 0].max()) + 2, int(first[:, 1].max()) + 2)).save(scan)
    assert len(find_cards(load_image(scan))) == 1


def test_a_name_of_digits_and_signs_is_doubtful():
    from deckbuilder.scan.reading import CardText, name_quality

    assert name_quality(CardText("ATK/2800 DEF/1000", 0.95)) < 0.6 < name_quality(
        CardText("Gentle", 0.7))
    assert name_quality(CardText("", 0.0)) == 0.0


def test_a_read_of_two_letters_counts_for_less_than_a_name():
    """A fragment ("PR", a set code) read confidently is still doubtful, so the card is
    tried turned round and its name band is read again; a short name read surely is not."""
    from deckbuilder.scan.reading import CardText, name_quality

    assert name_quality(CardText("PR", 0.8)) < 0.6 < name_quality(CardText("Gentle", 0.8))
    assert name_quality(CardText("Mew", 0.99)) > 0.6


@pytest.mark.parametrize("index", [60, 100])
def test_a_faint_blurred_name_is_read_from_another_preparation(tmp_path, index):
    """A washed-out, blurred name line (contrast cut to a tenth, Gaussian blur of 3 px)
    is not found in the band as it is; read again contrast-stretched and enlarged, it
    is."""
    import cv2

    from deckbuilder.scan.reading import NAME_BAND, read_name, reread_name

    image = scan_images.flatbed_page([RECORDS[index]], tmp_path / "one.png", 3)
    (found,) = find_cards(load_image(image.path))
    crop = found.crop.astype(np.float32)
    height = round(NAME_BAND * crop.shape[0])
    band = crop[:height]
    crop[:height] = band.mean() + (band - band.mean()) * 0.1
    crop = crop.clip(0, 255).astype(np.uint8)
    crop[:height] = cv2.GaussianBlur(crop[:height], (0, 0), 3)
    assert read_name(crop).name == ""
    again = reread_name(crop)
    assert again.name == RECORDS[index].name and again.name_confidence >= 0.9


def test_an_art_box_is_grown_to_the_card_round_it():
    """A card-shaped box inside a card (its art box) grows to the card's outline, whose
    sides are straight segments further out; every outline grown holds the box."""
    import cv2

    from deckbuilder.scan.lines import direction_map, grown_outlines, segments

    image = np.full((800, 600), 200, np.uint8)
    cv2.rectangle(image, (150, 150), (402, 502), 40, 3)  # the card, 63:88
    cv2.rectangle(image, (166, 180), (386, 340), 40, 3)  # its art box, wider than tall
    found = segments(cv2.GaussianBlur(image, (5, 5), 0), 20)
    box = np.array([[166, 180], [386, 180], [386, 340], [166, 340]], np.float32)
    grown = grown_outlines(box, found, direction_map(image.shape, found))
    card = np.array([[150, 150], [402, 150], [402, 502], [150, 502]], np.float32)
    assert any(np.abs(g - card).max() < 6 for g in grown), grown
    assert all(cv2.pointPolygonTest(g.reshape(-1, 1, 2), (276.0, 260.0), False) > 0
               for g in grown)


def test_what_a_card_on_top_covers_is_painted_over_in_a_hidden_cards_crop():
    from deckbuilder.scan.detection import CROP_SIZE, _blank_covered

    width, height = CROP_SIZE
    crop = np.zeros((height, width, 3), np.uint8)
    crop[:, : width // 2] = (10, 20, 30)
    crop[:, width // 2:] = (200, 200, 200)
    corners = np.array([[100, 100], [163, 100], [163, 188], [100, 188]], np.float32)
    on_top = np.array([[131.5, 50], [300, 50], [300, 300], [131.5, 300]], np.float32)
    _blank_covered(crop, corners, [on_top])
    assert (crop[:, width // 2 + 5:] == (10, 20, 30)).all()  # the covered right half
    assert (crop[:, : width // 2 - 5] == (10, 20, 30)).all()  # the rest untouched
