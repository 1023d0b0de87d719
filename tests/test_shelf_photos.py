"""Photos of a copy on the shelf: imported like card scans (EXIF orientation,
thumbnails, clear errors), listed, removed and undone; CLI ``shelf photo``."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner
from PIL import Image

from card_db.images.errors import CardImageError
from card_db.images.photos import PHOTO_MAX_SIDE, import_photo
from deckbuilder.cli.main import cli
from deckbuilder.services.shelf import ShelfError, add_copy, remove_copy
from deckbuilder.services.shelf_photos import add_photo, copy_photos, remove_photo


def _photo(path, size=(300, 200), orientation: int | None = None):
    image = Image.new("RGB", size, (220, 0, 0))
    image.paste((0, 0, 220), (size[0] // 2, 0, size[0], size[1]))  # right half blue
    buffer = io.BytesIO()
    options = {"quality": 95}
    if orientation:
        exif = Image.Exif()
        exif[0x0112] = orientation
        options["exif"] = exif.tobytes()
    image.save(buffer, "JPEG", **options)
    path.write_bytes(buffer.getvalue())
    return path


def test_photo_keeps_its_aspect_is_turned_upright_and_has_thumbnails(tmp_path):
    result = import_photo(_photo(tmp_path / "box.jpg", orientation=6), tmp_path / "c",
                          "shelf-copy-1")
    with Image.open(result.image_path) as stored:
        assert stored.size == (200, 300)  # upright: the rotation of a 300 x 200 photo
        assert stored.getpixel((100, 20))[0] > 150  # the red left half is now on top
        assert stored.getpixel((100, 280))[2] > 150
    with Image.open(result.thumbnails[96]) as thumb:
        assert thumb.size == (96, 144)
    assert result.image_path.name.startswith("shelf-copy-1-")


def test_large_photos_are_scaled_down(tmp_path):
    result = import_photo(_photo(tmp_path / "big.jpg", (4000, 1000)), tmp_path / "c", "k")
    assert (result.width, result.height) == (PHOTO_MAX_SIDE, 400)


@pytest.mark.parametrize("content, message", [
    (b"", "the file is empty"), (b"not an image", "not an image file"),
])
def test_broken_photos_are_clear_errors(tmp_path, content, message):
    bad = tmp_path / "bad.jpg"
    bad.write_bytes(content)
    with pytest.raises(CardImageError, match=message):
        import_photo(bad, tmp_path / "c", "k")
    with pytest.raises(CardImageError, match="too small for a photo"):
        import_photo(_photo(tmp_path / "tiny.jpg", (400, 20)), tmp_path / "c", "k")
    assert not (tmp_path / "c").exists() or not any((tmp_path / "c").iterdir())


def test_add_list_remove_and_undo(userdb, tmp_path):
    copy_id = add_copy(userdb, "Mystic War").value
    outcome = add_photo(userdb, copy_id, _photo(tmp_path / "box.jpg"))
    assert outcome.changes.shelf and outcome.changes.label == f"Add a photo to copy {copy_id}"
    (photo,) = copy_photos(userdb, copy_id)
    assert (photo.id, photo.original_name, photo.width, photo.height) == (
        outcome.value, "box.jpg", 300, 200)
    assert photo.path.is_file() and photo.thumbnail.is_file()
    changes = remove_photo(userdb, copy_id, photo.id)
    assert copy_photos(userdb, copy_id) == []
    assert photo.path.is_file()  # the files stay, so the undo brings the photo back
    redo = changes.undo.run(userdb)
    assert copy_photos(userdb, copy_id) == [photo]
    redo.undo.run(userdb)
    assert copy_photos(userdb, copy_id) == []
    undo_add = outcome.changes.undo
    with pytest.raises(ShelfError, match="no photo"):
        undo_add.run(userdb)


def test_errors_record_nothing(userdb, tmp_path):
    copy_id = add_copy(userdb, "Mystic War").value
    with pytest.raises(ShelfError, match="no copy 42"):
        add_photo(userdb, 42, _photo(tmp_path / "box.jpg"))
    with pytest.raises(CardImageError, match="file not found"):
        add_photo(userdb, copy_id, tmp_path / "gone.jpg")
    with pytest.raises(ShelfError, match="has no photo 7 \\(it has none\\)"):
        remove_photo(userdb, copy_id, 7)
    assert copy_photos(userdb, copy_id) == []


def test_removing_a_copy_removes_its_photos(userdb, tmp_path):
    copy_id = add_copy(userdb, "Mystic War").value
    add_photo(userdb, copy_id, _photo(tmp_path / "box.jpg"))
    remove_copy(userdb, copy_id)
    with userdb.read() as conn:
        assert conn.execute("SELECT count(*) FROM shelf_photo").fetchone()[0] == 0


def test_cli_photo_add_list_remove(db, tmp_path):
    def run(*args):
        return CliRunner().invoke(cli, ["--db", str(db), *args], catch_exceptions=False)

    run("shelf", "add-copy", "Mystic War")
    result = run("shelf", "photo", "add", "Mystic War", str(_photo(tmp_path / "a.jpg")),
                 str(_photo(tmp_path / "b.jpg", (200, 300))))
    assert result.exit_code == 0, result.output
    assert "a.jpg: photo 1 of copy 1" in result.output
    listed = json.loads(run("shelf", "photo", "list", "Mystic War", "--json").stdout)
    assert [(p["photo"], p["original_name"], p["width"]) for p in listed] == [
        (1, "a.jpg", 300), (2, "b.jpg", 200)]
    assert "photo 2: b.jpg (200 x 300 px)" in run("shelf", "photo", "list",
                                                 "Mystic War").output
    result = run("shelf", "photo", "remove", "Mystic War", "1")
    assert result.exit_code == 0 and "Remove photo 1 of copy 1" in result.output
    result = run("shelf", "photo", "remove", "Mystic War", "1")
    assert result.exit_code == 2 and "copy 1 has no photo 1 (its photos: 2)" in result.output
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"garbage")
    result = run("shelf", "photo", "add", "Mystic War", str(bad))
    assert result.exit_code == 2 and "not an image file" in result.output
