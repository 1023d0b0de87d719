"""Card images: static art, proxy faces, scan import and deck grids.

Rulebook sections: "Types of Cards" (type icon in the upper left corner, unique
names underlined, traits in italics above powers), "Anatomy of Cards",
"Permanents and Instants" (square border = permanent, circle border = instant; all
Sites and Characters are permanent), "Border Sites and Adjacency" (two Dominions).
"""

from __future__ import annotations

import errno
import io
import struct
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

from card_db.images import art, grid, proxy, scans, text
from card_db.images.aspect import card_crop_box, card_height
from card_db.images.errors import CardImageError
from card_db.records import ALWAYS_PERMANENT, NO_DOMINION, CardRecord, CardType, Gender
from deckbuilder.presentation import dominion_text

REPO = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------------------
# helpers


def character(**changes) -> CardRecord:
    values = dict(
        name="Gentle", card_type=CardType.CHARACTER, dominions=(5,), unique=True,
        gender=Gender.MALE, magic=8, strength=7, prime=11, affiliations=("Maestro",),
        traits="Reconciler of the Fifth.", powers="Allies for -1 if any females are controlled.",
        set_name="Imajica (1997)", collector_number="101", rarity="Rare", artist="A. Painter",
        source="rulebook: Establishing Alliances",
    )
    values.update(changes)
    return CardRecord(**values)


def near(colour, target, tolerance=40) -> bool:
    return sum((a - b) ** 2 for a, b in zip(colour[:3], target, strict=True)) <= tolerance ** 2


def count_colour(image: Image.Image, target, tolerance=40) -> int:
    return sum(count for count, colour in image.getcolors(image.width * image.height)
               if near(colour, target, tolerance))


def diff_box(a: Image.Image, b: Image.Image):
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox()


def composited(icon: Image.Image, background) -> Image.Image:
    base = Image.new("RGB", icon.size, background)
    base.paste(icon, (0, 0), icon)
    return base


def contains_at_row(image: Image.Image, patch: Image.Image, y: int, x_range: range) -> bool:
    for x in x_range:
        region = image.crop((x, y, x + patch.width, y + patch.height))
        if diff_box(region, patch) is None:
            return True
    return False


def jpeg_bytes(image: Image.Image, **options) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "JPEG", **options)
    return buf.getvalue()


def png_with_declared_size(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims ``width`` x ``height`` (a decompression bomb)."""
    buf = io.BytesIO()
    Image.new("L", (1, 1)).save(buf, "PNG")
    data = bytearray(buf.getvalue())
    data[16:24] = struct.pack(">II", width, height)
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))
    return bytes(data)


def files_in(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


# ---------------------------------------------------------------------------
# static art in images/


def test_committed_static_art_matches_the_script():
    """images/ holds exactly what make_static_art.py draws (pixels, within resampling noise)."""
    for relative, content in art.static_art().items():
        path = REPO / "images" / relative
        assert path.is_file(), f"{path} missing: run python images/make_static_art.py"
        if isinstance(content, str):
            assert path.read_text(encoding="utf-8") == content
            continue
        committed = Image.open(path).convert("RGBA")
        assert committed.size == content.size
        mean_diff = ImageStat.Stat(ImageChops.difference(committed, content)).mean
        assert max(mean_diff) < 1.0, relative
        if relative != "app-icon-512.png":
            assert path.stat().st_size < 20_000


def test_static_art_is_deterministic_and_complete():
    first, second = art.static_art(), art.static_art()
    assert first.keys() == second.keys()
    for key in first:
        a, b = first[key], second[key]
        assert (a == b) if isinstance(a, str) else (a.tobytes() == b.tobytes())
    types = [k for k in first if k.startswith("types/")]
    # Eight permanent icons, plus instant icons for the six types that have instants.
    assert len(types) == 8 + 6
    assert "types/character-instant.png" not in first
    assert "types/flash-instant.png" in first and "types/path-instant.png" in first
    assert {f"dominions/dominion-{d}.png" for d in range(1, 6)} | {"dominions/oviate-0.png"} <= (
        first.keys())
    assert first["app-icon-512.png"].size == (512, 512)


def test_app_icon_svg_is_valid_svg():
    root = ET.fromstring(art.static_art()["app-icon.svg"])
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.attrib["viewBox"] == "0 0 512 512"
    assert len(list(root)) > 5


@pytest.mark.parametrize("card_type", [t for t in CardType if t not in ALWAYS_PERMANENT])
def test_permanent_icons_are_square_and_instant_icons_round(card_type):
    """"Square-bordered icons represent permanent cards ... Circle-bordered icons
    represent instant cards" ("Permanents and Instants")."""
    square = art.type_icon(card_type, True, 128)
    circle = art.type_icon(card_type, False, 128)
    corner = (12, 12)  # inside the square border, outside the circle
    assert square.getpixel(corner)[3] == 255
    assert circle.getpixel(corner)[3] == 0
    assert square.getpixel((64, 64))[3] == circle.getpixel((64, 64))[3] == 255


def test_characters_and_sites_have_no_instant_icon():
    for card_type in ALWAYS_PERMANENT:
        with pytest.raises(ValueError, match="always permanent"):
            art.type_icon_shapes(card_type, permanent=False)


def test_all_type_glyphs_differ():
    pictures = {t: art.type_icon(t, True, 64).tobytes() for t in CardType}
    assert len(set(pictures.values())) == len(CardType)


def test_dominion_symbols_are_distinct_and_bounded():
    symbols = {d: art.dominion_symbol(d, 64).tobytes() for d in range(0, 6)}
    assert len(set(symbols.values())) == 6
    for bad in (-1, 6):
        with pytest.raises(ValueError, match="1-5"):
            art.dominion_symbol_shapes(bad)


# ---------------------------------------------------------------------------
# proxy faces


@pytest.mark.parametrize("width", [630, 315, 200, 127])
def test_proxy_size_is_real_card_aspect(width):
    image = proxy.render_proxy(character(), width)
    assert image.size == (width, round(width * 88 / 63))
    assert image.mode == "RGB"


def test_proxy_default_width_and_minimum():
    assert proxy.render_proxy(character()).size == (630, 880)
    with pytest.raises(ValueError, match="at least"):
        proxy.render_proxy(character(), 40)


def test_unique_name_is_underlined():
    """"Cards with underlined titles are unique" ("Anatomy of Cards")."""
    unique = proxy.render_proxy(character(unique=True))
    plain = proxy.render_proxy(character(unique=False))
    box = diff_box(unique, plain)
    assert box is not None
    left, top, right, bottom = box
    # The only change is one horizontal dark line in the title area.
    assert bottom <= 0.15 * unique.height
    assert right - left > 80 and bottom - top <= 6
    line = unique.crop(box)
    assert all(near(c, proxy.TEXT, 30) for _, c in line.getcolors(line.width * line.height))


def test_estimated_mark_changes_rendering():
    printed = proxy.render_proxy(character())
    estimated = proxy.render_proxy(character(estimated=frozenset({"prime"})))
    assert diff_box(printed, estimated) is not None
    assert count_colour(printed, proxy.ESTIMATED_COLOUR) == 0
    assert count_colour(estimated, proxy.ESTIMATED_COLOUR) > 50


@pytest.mark.parametrize("field_name", [
    "magic", "strength", "prime", "gender", "affiliations", "traits", "powers", "dominions",
    "unique", "card_type", "collector_number", "rarity", "artist",
])
def test_every_shown_estimated_value_is_marked(field_name):
    """Everywhere a value is shown, an estimated value is marked (issue 2, section 3)."""
    image = proxy.render_proxy(character(estimated=frozenset({field_name})))
    assert count_colour(image, proxy.ESTIMATED_COLOUR) > 20, field_name


def test_estimated_marks_on_sites_and_limited_cards():
    site = CardRecord("Roxborough Tower", CardType.SITE, dominions=(5,), unique=True,
                      resistance=7, source="rulebook", estimated=frozenset({"resistance"}))
    flash = CardRecord("Amnesia", CardType.FLASH, permanent=True, deck_limit=2, powers="x",
                       source="rulebook", estimated=frozenset({"deck_limit", "permanent"}))
    for record in (site, flash):
        assert count_colour(proxy.render_proxy(record), proxy.ESTIMATED_COLOUR) > 20


def test_estimated_field_not_shown_draws_no_mark():
    # A Character shows no Resistance, so an estimated Resistance has nothing to mark.
    image = proxy.render_proxy(character(estimated=frozenset({"resistance"})))
    assert count_colour(image, proxy.ESTIMATED_COLOUR) == 0


def demo_records() -> list[CardRecord]:
    records = []
    for card_type in CardType:
        forms = (True,) if card_type in ALWAYS_PERMANENT else (True, False)
        for permanent in forms:
            records.append(CardRecord(
                f"Demo {card_type.value} {'P' if permanent else 'I'}", card_type,
                permanent=permanent,
                dominions=(3,) if card_type in (CardType.SITE, CardType.PATH) else (),
                unique=card_type is CardType.SITE, resistance=6 if card_type is CardType.SITE
                else None, magic=2 if card_type is CardType.CHARACTER else None,
                strength=3 if card_type is CardType.CHARACTER else None,
                prime=4 if card_type is CardType.CHARACTER else None,
                affiliations=("Oviate",) if card_type is CardType.CHARACTER else (),
                traits="Always in effect.", powers="Target Site is Resistance -3.",
                set_name="Imajica Demo Set", source="demo",
            ))
    return records


@pytest.mark.parametrize("record", demo_records(), ids=lambda r: r.name)
def test_every_card_type_and_form_renders_its_icon(record):
    image = proxy.render_proxy(record)
    assert image.size == (630, 880)
    permanent = record.permanent or record.card_type in ALWAYS_PERMANENT
    expected = composited(art.type_icon(record.card_type, permanent, 84), proxy.PARCHMENT)
    assert diff_box(image.crop((32, 32, 116, 116)), expected) is None


def test_instant_and_permanent_proxies_differ_in_the_icon():
    instant = CardRecord("Ritual", CardType.ALLY_ACTION, permanent=False, powers="x")
    permanent = CardRecord("Ritual", CardType.ALLY_ACTION, permanent=True, powers="x")
    a, b = proxy.render_proxy(instant), proxy.render_proxy(permanent)
    assert diff_box(a.crop((32, 32, 116, 116)), b.crop((32, 32, 116, 116))) is not None


def test_border_site_shows_both_dominions_and_oviate_shows_the_word_none():
    """The Erasure is a Border Site of Dominions 1 and 2 ("Border Sites and Adjacency");
    an Oviate has no Home Dominion ("Types of Cards"), shown as the word the whole app
    uses (``NO_DOMINION``), not a "0" symbol (issue 10, cosmetic defects)."""
    erasure = proxy.render_proxy(CardRecord("The Erasure", CardType.SITE, dominions=(1, 2),
                                            unique=True, resistance=8))
    oviate = proxy.render_proxy(CardRecord("Gek-A-Gek", CardType.CHARACTER, strength=8,
                                           magic=1, prime=3, affiliations=("Oviate",)))
    dictate = proxy.render_proxy(CardRecord("A Dictate", CardType.DICTATE, powers="x"))
    symbol = {d: composited(art.dominion_symbol(d, 46), proxy.PARCHMENT) for d in (0, 1, 2, 5)}
    span = range(380, 600)
    assert contains_at_row(erasure, symbol[1], 34, span)
    assert contains_at_row(erasure, symbol[2], 34, span)
    assert not contains_at_row(erasure, symbol[5], 34, span)
    assert not any(contains_at_row(oviate, symbol[d], 34, span) for d in (0, 1, 2, 5))
    assert not any(contains_at_row(dictate, symbol[d], 34, span) for d in (0, 1, 2, 5))
    corner = (480, 30, 600, 84)
    assert diff_box(oviate.crop(corner), dictate.crop(corner)) is not None  # a word is drawn
    assert proxy.MUTED in {colour for _, colour in oviate.crop(corner).getcolors(10_000)}
    assert NO_DOMINION == dominion_text(CardRecord("Gek-A-Gek", CardType.CHARACTER,
                                                   affiliations=("Oviate",)))


def test_demo_source_is_printed_in_the_footer():
    demo = proxy.render_proxy(character(source="demo"))
    rulebook = proxy.render_proxy(character(source="rulebook: Establishing Alliances"))
    box = diff_box(demo, rulebook)
    assert box is not None and box[1] > 0.9 * demo.height


def test_long_powers_are_fitted_inside_the_text_box():
    short = proxy.render_proxy(character())
    long = proxy.render_proxy(character(powers="Target character is -2 Strength. " * 80,
                                        flavor_text="A very long flavour line. " * 20))
    box = diff_box(short, long)
    assert box is not None
    # Only the description area changed: the footer (last 80 px) is untouched.
    assert box[3] < short.height - 80


@pytest.mark.parametrize("font_source", ["auto", "bundled"])
def test_traits_are_drawn_in_italics(font_source):
    """"Traits are always in italics and printed above the powers" ("Types of Cards").
    With a single block, traits and powers sit at the same place: only the slant differs."""
    upright = proxy.render_proxy(character(traits="", powers="Reconciler of the Fifth."),
                                 font_source=font_source)
    italic = proxy.render_proxy(character(traits="Reconciler of the Fifth.", powers=""),
                                font_source=font_source)
    box = diff_box(upright, italic)
    assert box is not None
    assert box[1] > 0.5 * upright.height and box[3] < 0.9 * upright.height  # description area
    both = proxy.render_proxy(character(traits="Trait text.", powers="Power text."),
                              font_source=font_source)
    traits_only = proxy.render_proxy(character(traits="Trait text.", powers=""),
                                     font_source=font_source)
    below = diff_box(both, traits_only)
    assert below is not None and below[1] > box[1]  # powers are printed below the traits


def test_bundled_font_works_without_system_fonts(monkeypatch):
    """A fresh machine with only pip packages has no DejaVu: the bundled font is used."""
    bundled = proxy.render_proxy(character(name="Séan — Ó"), font_source="bundled")
    monkeypatch.setattr(text, "find_dejavu", lambda: None)
    auto = proxy.render_proxy(character(name="Séan — Ó"))
    assert diff_box(bundled, auto) is None
    assert bundled.size == (630, 880)
    assert text.fold_for_bundled_font("Séan — Ó’s") == "Sean - O’s"


def test_unknown_font_source_is_an_error():
    with pytest.raises(ValueError, match="font source"):
        proxy.render_proxy(character(), font_source="comic")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="abcdefghij", min_size=1, max_size=10), min_size=1,
                max_size=40),
       st.integers(min_value=160, max_value=400))
def test_wrap_keeps_words_and_respects_width(words, width):
    style = text.TextStyle(text.font_family("bundled"), 18, (0, 0, 0))
    assert all(style.width(w) <= width for w in words)
    lines = text.wrap(" ".join(words), style, width)
    assert " ".join(lines).split() == words
    assert all(style.width(line) <= width for line in lines)
    # Greedy: the first word of each line would not have fitted on the line before.
    for before, after in zip(lines, lines[1:], strict=False):
        assert style.width(f"{before} {after.split()[0]}") > width


def test_save_proxy_writes_a_png(tmp_path):
    target = proxy.save_proxy(character(), tmp_path / "gentle.png", width_px=315)
    with Image.open(target) as saved:
        assert saved.format == "PNG" and saved.size == (315, card_height(315))
    assert files_in(tmp_path) == [target]


def test_save_proxy_errors(tmp_path):
    with pytest.raises(CardImageError, match="extension"):
        proxy.save_proxy(character(), tmp_path / "gentle.xyz")
    with pytest.raises(CardImageError, match="does not exist"):
        proxy.save_proxy(character(), tmp_path / "missing" / "gentle.png")


# ---------------------------------------------------------------------------
# scans


def test_image_cache_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("DECKBUILDER_CACHE", str(tmp_path / "here"))
    assert scans.image_cache_dir() == tmp_path / "here"
    monkeypatch.delenv("DECKBUILDER_CACHE")
    monkeypatch.setattr(scans.platformdirs, "user_cache_dir", lambda app: f"/cache/{app}")
    assert scans.image_cache_dir() == Path("/cache/imajica-deckbuilder/images")


def test_exif_orientation_is_honoured(tmp_path):
    source = Image.new("RGB", (200, 100), (220, 0, 0))
    source.paste((0, 0, 220), (100, 0, 200, 100))  # left half red, right half blue
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation: rotate 90 degrees clockwise to display
    path = tmp_path / "photo.jpg"
    path.write_bytes(jpeg_bytes(source, exif=exif.tobytes(), quality=95))

    result = scans.import_scan(path, tmp_path / "cache", "gentle")
    with Image.open(result.image_path) as stored:
        assert stored.size == (100, 140)  # upright portrait, cropped to 63:88
        assert near(stored.getpixel((50, 15)), (220, 0, 0), 60)  # the left edge is now on top
        assert near(stored.getpixel((50, 125)), (0, 0, 220), 60)


@pytest.mark.parametrize("size", [(1000, 1000), (630, 880), (3000, 2000), (101, 1000),
                                  (640, 481), (59, 1201)])
def test_crop_is_card_aspect_within_one_pixel(tmp_path, size):
    path = tmp_path / "scan.png"
    Image.new("RGB", size, (10, 120, 40)).save(path)
    result = scans.import_scan(path, tmp_path / "cache", "card")
    assert abs(result.width * 88 / 63 - result.height) <= 1
    assert max(result.width, result.height) <= scans.NORMALISED_MAX_SIDE
    with Image.open(result.image_path) as stored:
        assert stored.size == (result.width, result.height)


@pytest.mark.parametrize("width,height", [(1, 1), (63, 88), (64, 88), (1000, 7), (7, 1000),
                                          (4032, 3024)])
def test_card_crop_box_is_centred(width, height):
    left, top, right, bottom = card_crop_box(width, height)
    w, h = right - left, bottom - top
    assert 0 <= left and 0 <= top and right <= width and bottom <= height
    assert abs(w * 88 / 63 - h) <= 1 or abs(h * 63 / 88 - w) <= 1
    assert abs(left - (width - right)) <= 1 and abs(top - (height - bottom)) <= 1
    assert w == width or h == height  # the largest such box


def test_thumbnails_are_written(tmp_path):
    path = tmp_path / "scan.jpg"
    path.write_bytes(jpeg_bytes(Image.new("RGB", (1600, 2400), (200, 180, 120))))
    cache = tmp_path / "cache"
    result = scans.import_scan(path, cache, "Roxborough Tower")
    assert set(result.thumbnails) == set(scans.THUMBNAIL_WIDTHS)
    for width, thumb in result.thumbnails.items():
        with Image.open(thumb) as image:
            assert image.size == (width, card_height(width))
    assert result.height == 1200 and result.width == 859
    assert files_in(cache) == sorted(result.paths)
    assert result.image_path.name.startswith("Roxborough-Tower-")
    # Importing the same file again reuses the same names.
    again = scans.import_scan(path, cache, "Roxborough Tower")
    assert again.paths == result.paths and files_in(cache) == sorted(result.paths)


def test_transparency_is_flattened_onto_white(tmp_path):
    path = tmp_path / "scan.png"
    Image.new("RGBA", (126, 176), (0, 0, 0, 0)).save(path)
    result = scans.import_scan(path, tmp_path / "cache", "card")
    with Image.open(result.image_path) as stored:
        assert near(stored.getpixel((60, 80)), (255, 255, 255), 10)


def test_corrupt_file_is_a_clear_error(tmp_path):
    whole = jpeg_bytes(Image.effect_noise((400, 560), 60).convert("RGB"))
    truncated = tmp_path / "truncated.jpg"
    truncated.write_bytes(whole[: len(whole) // 3])
    cache = tmp_path / "cache"
    with pytest.raises(CardImageError, match="truncated.jpg.*corrupt or truncated"):
        scans.import_scan(truncated, cache, "card")
    garbage = tmp_path / "garbage.png"
    garbage.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00garbage" * 50)
    with pytest.raises(CardImageError, match="garbage.png"):
        scans.import_scan(garbage, cache, "card")
    assert files_in(cache) == []


def test_decompression_bomb_is_refused(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    huge = tmp_path / "bomb.png"  # beyond Pillow's own limit
    huge.write_bytes(png_with_declared_size(30_000, 30_000))
    with pytest.raises(CardImageError, match="bomb.png.*decompression bomb"):
        scans.import_scan(huge, cache, "card")
    big = tmp_path / "big.png"  # beyond this app's stricter limit only
    big.write_bytes(png_with_declared_size(9_000, 9_000))
    with pytest.raises(CardImageError, match="big.png.*decompression bomb"):
        scans.import_scan(big, cache, "card")
    normal = tmp_path / "normal.png"
    Image.new("RGB", (200, 280)).save(normal)
    monkeypatch.setattr(scans, "MAX_SCAN_PIXELS", 10_000)
    with pytest.raises(CardImageError, match="decompression bomb"):
        scans.import_scan(normal, cache, "card")
    assert files_in(cache) == []


def test_non_image_and_unreadable_files(tmp_path):
    cache = tmp_path / "cache"
    notes = tmp_path / "notes.txt"
    notes.write_text("Gentle, Pie 'oh' Pah, Judith\n")
    with pytest.raises(CardImageError, match="notes.txt: not an image"):
        scans.import_scan(notes, cache, "card")
    with pytest.raises(CardImageError, match="missing.jpg: file not found"):
        scans.import_scan(tmp_path / "missing.jpg", cache, "card")
    with pytest.raises(CardImageError, match="is a folder"):
        scans.import_scan(tmp_path, cache, "card")
    empty = tmp_path / "empty.jpg"
    empty.write_bytes(b"")
    with pytest.raises(CardImageError, match="empty.jpg: the file is empty"):
        scans.import_scan(empty, cache, "card")
    tiny = tmp_path / "tiny.png"
    Image.new("RGB", (20, 30)).save(tiny)
    with pytest.raises(CardImageError, match="too small"):
        scans.import_scan(tiny, cache, "card")
    assert files_in(cache) == []


def test_card_key_must_be_usable():
    with pytest.raises(ValueError, match="card key"):
        scans.import_scan("x.png", "cache", "../..")


@pytest.mark.parametrize("fail_on_call", [1, 2, 3])
def test_full_disk_leaves_nothing_behind(tmp_path, monkeypatch, fail_on_call):
    path = tmp_path / "scan.png"
    Image.new("RGB", (630, 880), (90, 60, 30)).save(path)
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "older-scan.jpg").write_bytes(b"kept")
    real_save = Image.Image.save
    calls = []

    def save(self, fp, format=None, **params):
        calls.append(fp)
        if len(calls) < fail_on_call:
            return real_save(self, fp, format, **params)
        fp.write(b"\xff\xd8 partial jpeg")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Image.Image, "save", save)
    with pytest.raises(CardImageError, match="disk is full"):
        scans.import_scan(path, cache, "card")
    assert len(calls) == fail_on_call
    assert files_in(cache) == [cache / "older-scan.jpg"]
    assert (cache / "older-scan.jpg").read_bytes() == b"kept"


def test_failed_rename_removes_files_already_placed(tmp_path, monkeypatch):
    from card_db.images import storage

    path = tmp_path / "scan.png"
    Image.new("RGB", (630, 880), (90, 60, 30)).save(path)
    cache = tmp_path / "cache"
    real_replace = storage.os.replace
    calls = []

    def replace(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(errno.EIO, "Input/output error")
        return real_replace(src, dst)

    monkeypatch.setattr(storage.os, "replace", replace)
    with pytest.raises(CardImageError, match="could not save"):
        scans.import_scan(path, cache, "card")
    assert len(calls) == 2
    assert files_in(cache) == []


def test_full_disk_while_saving_a_proxy(tmp_path, monkeypatch):
    def save(self, fp, format=None, **params):
        fp.write(b"partial")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Image.Image, "save", save)
    with pytest.raises(CardImageError, match="gentle.png: the disk is full"):
        proxy.save_proxy(character(), tmp_path / "gentle.png")
    assert files_in(tmp_path) == []


# ---------------------------------------------------------------------------
# grid


def test_grid_size_and_placement():
    colours = [(200, 0, 0), (0, 200, 0), (0, 0, 200), (200, 200, 0), (0, 200, 200)]
    faces = [Image.new("RGB", (63, 88), c) for c in colours]
    sheet = grid.render_grid(faces, 3, cell_width=100, gap=10, margin=20)
    cell_h = card_height(100)
    assert sheet.size == (2 * 20 + 3 * 100 + 2 * 10, 2 * 20 + 2 * cell_h + 10)
    for index, colour in enumerate(colours):
        row, column = divmod(index, 3)
        centre = (20 + column * 110 + 50, 20 + row * (cell_h + 10) + cell_h // 2)
        assert near(sheet.getpixel(centre), colour, 5)
    assert sheet.getpixel((20 + 2 * 110 + 50, 20 + cell_h + 10 + cell_h // 2)) == (255, 255, 255)


def test_grid_uses_no_more_columns_than_cards():
    faces = [proxy.render_proxy(character(), 200)] * 2
    assert grid.render_grid(faces, 10, cell_width=100).size == grid.grid_size(2, 2, 100)
    assert grid.grid_size(2, 10, 100) == (2 * 24 + 2 * 100 + 12, 2 * 24 + card_height(100))


def test_grid_labels_and_errors():
    faces = [Image.new("RGB", (63, 88), (120, 120, 120))] * 2
    plain = grid.render_grid(faces, 2, cell_width=120)
    labelled = grid.render_grid(faces, 2, cell_width=120, labels=["3x", ""])
    box = diff_box(plain, labelled)
    assert box is not None and box[2] <= 24 + 120  # only the first cell has a badge
    with pytest.raises(ValueError, match="at least one"):
        grid.render_grid([], 3)
    with pytest.raises(ValueError, match="columns"):
        grid.render_grid(faces, 0)
    with pytest.raises(ValueError, match="labels"):
        grid.render_grid(faces, 2, labels=["1x"])
