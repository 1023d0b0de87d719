"""``deckbuilder scan`` and the scan review services (issue 21): read writes nothing,
import stores a batch all-or-nothing, accept adds copies and scans (an unknown card
joins the catalogue with its source and estimated marks) in one undoable step."""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

for _module in ("cv2", "imagehash", "rapidocr", "onnxruntime"):
    pytest.importorskip(_module, reason="scanning needs the scan extra: pip install -e '.[scan]'")

from card_db.checklist import ChecklistError  # noqa: E402
from card_db.checklist.bundled import load_bundled_records  # noqa: E402
from card_db.records import CardRecord, CardType  # noqa: E402
from deckbuilder.cli.main import cli  # noqa: E402
from deckbuilder.services.scan_review import (  # noqa: E402
    Decision,
    ScanReviewError,
    accept_groups,
    import_batch,
    pending_groups,
    reject_group,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import scan_images  # noqa: E402

RECORDS = {r.name: r for r in load_bundled_records()}
KNOWN = RECORDS["Gentle"] if "Gentle" in RECORDS else next(iter(RECORDS.values()))
UNKNOWN = CardRecord(name="Quillward Spire", card_type=CardType.SITE, dominions=(2,),
                     unique=True, resistance=6, powers="Allies seizing this Site are magic +1.",
                     source="test")


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture
def page(tmp_path) -> Path:
    """A flatbed page: two copies of a known card and one of an unknown card."""
    return scan_images.flatbed_page([KNOWN, UNKNOWN, KNOWN], tmp_path / "page.png", 21).path


def rows(db: Path, sql: str, *args) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        return conn.execute(sql, args).fetchall()


def test_scan_read_writes_nothing_and_prints_json(db, page, tmp_path):
    before = rows(db, "SELECT count(*) FROM scan_batch")
    bad = tmp_path / "bad.png"
    bad.write_text("no")
    result = run("scan", "read", str(page), str(bad), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    first, second = data["images"]
    assert (first["width"], first["height"]) == scan_images.A4_150DPI
    assert [c["name_read"] for c in first["cards"]] == [KNOWN.name, UNKNOWN.name, KNOWN.name]
    assert first["cards"][0]["group"] == first["cards"][2]["group"] != first["cards"][1]["group"]
    assert first["cards"][0]["match"]["name"] == KNOWN.name
    assert first["cards"][1]["match"] is None
    assert first["cards"][1]["fields"]["resistance"]["value"] == "6"
    assert "error" in second and "bad.png" in second["error"]
    assert sorted(g["count"] for g in data["groups"]) == [1, 2]
    assert rows(db, "SELECT count(*) FROM scan_batch") == before
    assert not (tmp_path / "cache").exists() or not any((tmp_path / "cache").rglob("*.jpg"))


def test_scan_read_exits_2_when_no_image_could_be_read(db, tmp_path):
    bad = tmp_path / "bad.jpg"
    bad.write_text("no")
    result = run("scan", "read", str(bad))
    assert result.exit_code == 2
    assert "not an image" in result.output


def test_import_then_accept_the_known_card(db, page, tmp_path):
    result = run("scan", "import", str(page), "--location", "Binder 2, page 3",
                 "--condition", "LP")
    assert result.exit_code == 0, result.output
    assert "3 cards found in 2 groups" in result.output
    review = json.loads(run("scan", "review", "--json").stdout)
    known = next(g for g in review if g["match"])
    assert known["copies"] == 2 and known["match"]["name"] == KNOWN.name
    assert Path(known["crop"]).is_file()
    assert run("scan", "accept", str(known["id"])).exit_code == 0
    owned = rows(db, "SELECT e.quantity, e.condition, e.location FROM collection_entry e "
                     "JOIN card c ON c.id = e.card_id WHERE c.name = ?", KNOWN.name)
    assert (2, "Lightly Played", "Binder 2, page 3") in owned
    assert rows(db, "SELECT count(*) FROM card_image i JOIN card c ON c.id = i.card_id "
                    "WHERE c.name = ?", KNOWN.name) == [(1,)]
    again = run("scan", "accept", str(known["id"]))
    assert again.exit_code == 2 and "already accepted" in again.output


def test_an_unknown_card_joins_the_catalogue_with_its_source(db, page):
    run("scan", "import", str(page))
    unknown = next(g for g in json.loads(run("scan", "review", "--json").stdout)
                   if not g["match"])
    assert unknown["name_read"] == UNKNOWN.name
    missing = run("scan", "accept", str(unknown["id"]))
    assert missing.exit_code == 2 and "dominions" in missing.output  # a Site needs one
    result = run("scan", "accept", str(unknown["id"]), "--field", "dominions=2",
                 "--field", "unique=yes")
    assert result.exit_code == 0, result.output
    card = json.loads(run("cards", "search", UNKNOWN.name, "--json").stdout)[0]
    assert card["type"] == "Site" and card["dominions"] == [2] and card["resistance"] == 6
    assert card["source"].startswith("your scan of 20")
    assert set(card["estimated"]) == {"card_type", "resistance", "powers"}
    owned = rows(db, "SELECT e.quantity FROM collection_entry e JOIN card c ON "
                     "c.id = e.card_id WHERE c.name = ?", UNKNOWN.name)
    assert owned == [(1,)]
    # its crop is its picture wherever a face is drawn (decks, Cockatrice, OCTGN, PDF)
    from card_db.userdb import UserDatabase
    from deckbuilder.services.images import scan_path

    with UserDatabase(db) as handle:
        assert scan_path(handle, UNKNOWN.name) is not None


def test_accepting_is_one_undoable_step(userdb, page):
    result = import_batch(userdb, [page])
    groups = pending_groups(userdb)
    known = next(g for g in groups if g.match_name)
    unknown = next(g for g in groups if not g.match_name)
    before = userdb.catalogue().get(UNKNOWN.name)
    outcome = accept_groups(userdb, [Decision(known.id),
                                     Decision(unknown.id, fields={"dominions": "2"})])
    assert outcome.changes.label == "Accept 2 scanned cards"
    assert before is None and userdb.catalogue().get(UNKNOWN.name) is not None
    redo = outcome.changes.undo.run(userdb)
    assert userdb.catalogue().get(UNKNOWN.name) is None
    assert {g.id for g in pending_groups(userdb)} == set(result.group_ids)
    with userdb.read() as conn:
        assert conn.execute("SELECT count(*) FROM collection_entry e JOIN card c ON "
                            "c.id = e.card_id WHERE c.name = ?", (KNOWN.name,)).fetchone() \
            == (0,)
    redo.undo.run(userdb)
    assert userdb.catalogue().get(UNKNOWN.name).source.startswith("your scan of")
    assert pending_groups(userdb) == []


def test_a_bad_decision_writes_nothing(userdb, page):
    import_batch(userdb, [page])
    groups = pending_groups(userdb)
    known = next(g for g in groups if g.match_name)
    unknown = next(g for g in groups if not g.match_name)
    with pytest.raises(ChecklistError):
        accept_groups(userdb, [Decision(known.id), Decision(unknown.id)])  # no Dominion
    assert len(pending_groups(userdb)) == 2
    with pytest.raises(ScanReviewError, match="cards correct"):
        accept_groups(userdb, [Decision(known.id, fields={"strength": "3"})])
    with pytest.raises(ScanReviewError, match="unknown field"):
        accept_groups(userdb, [Decision(unknown.id, fields={"colour": "red"})])
    with pytest.raises(ScanReviewError, match="no scanned group 999"):
        accept_groups(userdb, [Decision(999)])


def test_reject_and_undo(userdb, page):
    import_batch(userdb, [page])
    group = pending_groups(userdb)[0]
    changes = reject_group(userdb, group.id)
    assert group.id not in {g.id for g in pending_groups(userdb)}
    changes.undo.run(userdb)
    assert group.id in {g.id for g in pending_groups(userdb)}


def test_import_with_nothing_readable_stores_nothing(db, tmp_path):
    bad = tmp_path / "bad.png"
    bad.write_text("no")
    result = run("scan", "import", str(bad))
    assert result.exit_code == 2 and "no image could be read" in result.output
    assert rows(db, "SELECT count(*) FROM scan_batch") == [(0,)]
    crops = tmp_path / "cache" / "scan-crops"
    assert not crops.exists() or not any(crops.iterdir())


def test_accept_known_accepts_sure_matches_only(db, page):
    result = run("scan", "import", str(page), "--accept-known")
    assert "1 accepted, 1 to review" in result.output
    review = json.loads(run("scan", "review", "--json").stdout)
    assert [g["name_read"] for g in review] == [UNKNOWN.name]


def test_a_rescanned_card_matches_by_image(userdb, page, tmp_path):
    """The user named the card otherwise than it reads: a new photo of it matches the
    accepted crop by its image, not by its name."""
    import_batch(userdb, [page])
    unknown = next(g for g in pending_groups(userdb) if not g.match_name)
    accept_groups(userdb, [Decision(unknown.id, name="Bellmoor Tower",
                                    fields={"dominions": "2"})])
    photo = scan_images.angled_photo([UNKNOWN], tmp_path / "again.jpg", 5).path
    result = import_batch(userdb, [photo])
    (again,) = [g for g in pending_groups(userdb) if g.batch_id == result.batch_id]
    assert again.name_read == UNKNOWN.name
    assert again.match_name == "Bellmoor Tower"


def test_audit_walk_of_a_binder_page(db, tmp_path):
    """Re-scanning a location shows what is new, missing or moved since its last scan."""
    names = sorted(RECORDS)
    a, b, c = (RECORDS[n] for n in names[10:13])
    first = scan_images.flatbed_page([a, b], tmp_path / "first.png", 1).path
    elsewhere = scan_images.flatbed_page([c], tmp_path / "box.png", 2).path
    again = scan_images.flatbed_page([a, c, a], tmp_path / "again.png", 3).path
    assert run("scan", "import", str(first), "--location", "Binder 2, page 3").exit_code == 0
    assert run("scan", "import", str(elsewhere), "--location", "Shoebox").exit_code == 0
    run("scan", "import", str(again), "--location", "binder 2,  page 3")
    report = json.loads(run("scan", "audit", "3", "--json").stdout)
    assert report["previous"] == 1
    assert report["new"] == {a.name: 1, c.name: 1}
    assert report["missing"] == {b.name: 1}
    assert report["moved"] == {c.name: "Shoebox"}
    text = run("scan", "audit", "3").output
    assert f"Missing: 1 x {b.name}" in text and "(moved from Shoebox)" in text
    assert "first scan" in run("scan", "audit", "1").output
    assert run("scan", "audit", "9").exit_code == 2


def test_ctrl_c_stops_the_import_and_keeps_what_was_read(db, page, tmp_path):
    """The first Ctrl+C stops after the current image; the images read are stored."""
    import os
    import signal
    import subprocess
    import time

    root = Path(__file__).resolve().parents[1]
    images = [str(page)] * 12
    env = dict(os.environ, PYTHONPATH=str(root))
    proc = subprocess.Popen([sys.executable, "-m", "deckbuilder.cli.main", "scan", "import",
                             *images], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    crops = tmp_path / "cache" / "scan-crops"
    deadline = time.monotonic() + 120
    while not any(crops.glob(".staging-*/*.jpg")) and time.monotonic() < deadline:
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert "Stopped by Ctrl+C" in err
    read = int(out.split("Batch 1: ")[1].split(" image")[0])
    assert 1 <= read < 12
    assert rows(db, "SELECT images, cancelled FROM scan_batch") == [(read, 1)]
