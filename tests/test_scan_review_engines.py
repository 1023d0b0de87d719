"""The scan review services on the real PostgreSQL server the tests start (issue 21): a
batch stored, accepted (a new card and copies), undone and audited."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

for _module in ("cv2", "imagehash", "rapidocr", "onnxruntime"):
    pytest.importorskip(_module, reason="scanning needs the scan extra: pip install -e '.[scan]'")

from card_db.records import CardRecord, CardType  # noqa: E402
from deckbuilder.services.scan_review import (  # noqa: E402
    Decision,
    accept_groups,
    audit_batch,
    import_batch,
    pending_groups,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import scan_images  # noqa: E402

#: SQLite is covered by tests/test_scan_review.py (store, accept, undo, audit), which
#: reads the same page; here the same path runs on PostgreSQL only.
DB_ENGINES = ("postgresql",)
UNKNOWN = CardRecord(name="Quillward Spire", card_type=CardType.SITE, dominions=(2,),
                     unique=True, resistance=6, powers="Allies seizing this Site are magic +1.",
                     source="test")


def test_store_accept_undo_and_audit(userdb, tmp_path):
    known = next(iter(userdb.catalogue()))
    page = scan_images.flatbed_page([known, UNKNOWN, known], tmp_path / "page.png", 21).path
    result = import_batch(userdb, [page], location="Binder 1")
    groups = pending_groups(userdb)
    assert sorted(g.copies for g in groups) == [1, 2]
    outcome = accept_groups(userdb, [Decision(g.id, fields={} if g.match_name else
                                              {"dominions": "2"}) for g in groups])
    assert userdb.catalogue().get(UNKNOWN.name).source.startswith("your scan of")
    outcome.changes.undo.run(userdb)
    assert userdb.catalogue().get(UNKNOWN.name) is None
    assert len(pending_groups(userdb)) == 2
    again = import_batch(userdb, [page], location="binder 1")
    audit = audit_batch(userdb, again.batch_id)
    assert audit.previous == result.batch_id and not audit.new and not audit.missing
