"""Issue 21's "Done when" chain as one path, on the command line and through the
services: a card no catalogue knows, photographed at an angle on a cluttered table
(``benchmarks/scan_images.py``), is imported, accepted with the fields the user states,
then found by the search language, put in a deck that stays legal (rulebook, Deck
Construction), goldfished (the engine draws and reveals it), and published to
Cockatrice with its scan as its picture."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

for _module in ("cv2", "imagehash", "rapidocr", "onnxruntime"):
    pytest.importorskip(_module, reason="scanning needs the scan extra: pip install -e '.[scan]'")

from lxml import etree  # noqa: E402
from PIL import Image  # noqa: E402

from card_db.images.proxy import render_proxy  # noqa: E402
from card_db.records import CardRecord, CardType  # noqa: E402
from card_db.search import search_card_ids  # noqa: E402
from deckbuilder.cli.main import cli  # noqa: E402
from deckbuilder.services.scan_review import (  # noqa: E402
    Decision,
    accept_groups,
    import_batch,
    pending_groups,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import scan_images  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DEMO_DECK = ROOT / "card_db" / "data" / "decks" / "oviate-swarm.txt"
#: A Site no catalogue holds; its Home Dominion is a symbol the scanner does not read.
UNKNOWN = CardRecord(name="Quillward Spire", card_type=CardType.SITE, dominions=(2,),
                     unique=True, resistance=6, powers="Allies seizing this Site are magic +1.",
                     source="test")
#: A Site of the demo deck swapped out for the scanned one: the deck stays 60 cards.
SWAPPED = "Cinder Waystation"


def run(*args: str):
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, (args, result.output)
    return result


@pytest.fixture
def photo(tmp_path) -> Path:
    return scan_images.angled_photo([UNKNOWN], tmp_path / "photo.jpg", 7).path


def _difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference of two pictures at ``a``'s size, 0-255."""
    b = b.convert("RGB").resize(a.size, Image.Resampling.LANCZOS)
    return float(np.abs(np.asarray(a.convert("RGB"), np.int16)
                        - np.asarray(b, np.int16)).mean())


def test_a_scanned_unknown_card_goes_from_photo_to_cockatrice(db, photo, tmp_path):
    run("scan", "import", str(photo))
    (group,) = json.loads(run("scan", "review", "--json").stdout)
    assert group["match"] is None and group["name_read"] == UNKNOWN.name
    crop = Path(group["crop"])
    run("scan", "accept", str(group["id"]), "--name", UNKNOWN.name,
        "--field", "dominions=2", "--field", "unique=yes")

    # searchable: by the search language's terms, not only by name
    found = json.loads(run("cards", "search", "t:site res>=6 quillward", "--json").stdout)
    assert [card["name"] for card in found] == [UNKNOWN.name]
    assert found[0]["source"].startswith("your scan of 20")
    assert run("cards", "search", "t:character quillward").output.count(UNKNOWN.name) == 0

    # in a deck: swapped for one of the demo deck's Sites, still legal
    deck = tmp_path / "deck.txt"
    deck.write_text(DEMO_DECK.read_text(encoding="utf-8"), encoding="utf-8")
    run("deck", "remove", str(deck), SWAPPED)
    run("deck", "add", str(deck), UNKNOWN.name)
    assert f"1 {UNKNOWN.name}" in deck.read_text(encoding="utf-8").splitlines()
    assert "legal (60 cards)" in run("deck", "validate", str(deck)).output

    # goldfished: the engine knows the card's characteristics (a misspelt name is refused)
    games = json.loads(run("goldfish", str(deck), "--games", "20", "--json").stdout)
    assert games["games"] == 20 and games["no_win"] < 20
    logs = [run("goldfish", str(deck), "--games", "1", "--seed", str(seed), "--log").output
            for seed in range(8)]
    assert any(f"{UNKNOWN.name} (Dominion 2, Resistance 6)" in log for log in logs)
    misspelt = tmp_path / "misspelt.txt"
    misspelt.write_text(deck.read_text(encoding="utf-8").replace(UNKNOWN.name,
                                                                 "Quillward Spyre"))
    refused = CliRunner().invoke(cli, ["goldfish", str(misspelt), "--games", "1"])
    assert refused.exit_code == 2 and "did you mean 'Quillward Spire'" in refused.output

    # published to Cockatrice, its scan as its picture
    package = tmp_path / "cockatrice"
    output = run("publish", "cockatrice", str(package), "--width", "126").output
    assert "1 pictures from your scans" in output
    root = etree.parse(str(package / "customsets" / "Imajica.xml")).getroot()
    (card,) = [c for c in root.iter("card") if c.findtext("name") == UNKNOWN.name]
    assert card.findtext("prop/resistance") == "6*"  # read, not checked: estimated
    assert card.findtext("prop/dominion") == "2"  # stated by the user: a fact
    picture = Image.open(package / "pics" / "CUSTOM" / "Imajica" / f"{UNKNOWN.name}.jpg")
    to_scan = _difference(picture, Image.open(crop))
    to_proxy = _difference(picture, render_proxy(UNKNOWN, 630))
    assert to_scan < 12 < to_proxy, (to_scan, to_proxy)


def test_the_services_accept_a_scanned_card_the_search_language_finds(userdb, photo):
    result = import_batch(userdb, [photo])
    (group,) = pending_groups(userdb)
    assert group.batch_id == result.batch_id and not group.match_name
    accept_groups(userdb, [Decision(group.id, fields={"dominions": "2"})])
    with userdb.read() as conn:
        ids = search_card_ids(conn, "t:site d:2 res=6 is:unique spire")
        names = [row[0] for row in conn.execute(
            f"SELECT name FROM card WHERE id IN ({','.join('?' * len(ids))})", ids)]
    assert names == [UNKNOWN.name]
