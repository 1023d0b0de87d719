"""Validate ``deckbuilder publish`` packages against the tools' own schemas.

The test suite validates the packages against our narrower restatements of Cockatrice's
and OCTGN's schemas (``tests/fixtures/schemas/SOURCES.md``): the originals cannot be
redistributed in this repository and CI has no network to fetch them. This script is the
check against the originals, for a developer who has the tools' source checkouts::

    python tests/validate_upstream_schemas.py --cockatrice ~/src/Cockatrice --octgn ~/src/OCTGN

It publishes both packages from a fresh database of the bundled cards into a temporary
folder and validates, with lxml:

* ``customsets/Imajica.xml`` against Cockatrice's ``doc/carddatabase_v4/cards.xsd``;
* ``definition.xml`` against OCTGN's ``octgnFX/Octgn.Library/Schemas/Game.xsd``, every
  ``set.xml`` against ``CardSet.xsd`` and ``Proxies/proxydef.xml`` against
  ``CardGenerator.xsd``.

Prints one line per file; exits 0 when every file is valid, 1 otherwise, 2 when a schema
is missing from the given checkout.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from lxml import etree

COCKATRICE_CARDS = "doc/carddatabase_v4/cards.xsd"
OCTGN_SCHEMAS = "octgnFX/Octgn.Library/Schemas"


def _publish(tool: str, folder: Path, database: Path) -> None:
    command = [sys.executable, "-m", "deckbuilder.cli.main", "--db", str(database),
               "publish", tool, str(folder), "--width", "126"]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def _pairs(cockatrice: Path, octgn: Path, out: Path) -> list[tuple[Path, Path]]:
    """(schema, document) for every XML file of both packages."""
    pairs = [(cockatrice / COCKATRICE_CARDS, out / "cockatrice" / "customsets" / "Imajica.xml")]
    schemas = octgn / OCTGN_SCHEMAS
    for game in (out / "octgn" / "GameDatabase").iterdir():
        pairs.append((schemas / "Game.xsd", game / "definition.xml"))
        pairs += [(schemas / "CardSet.xsd", s) for s in sorted(game.glob("Sets/*/set.xml"))]
        pairs.append((schemas / "CardGenerator.xsd", game / "Proxies" / "proxydef.xml"))
    return pairs


def _errors(schema_file: Path, document: Path) -> list[str]:
    schema = etree.XMLSchema(etree.parse(str(schema_file)))
    if schema.validate(etree.parse(str(document))):
        return []
    return [f"{e.line}: {e.message}" for e in schema.error_log]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cockatrice", type=Path, required=True, help="a Cockatrice checkout")
    parser.add_argument("--octgn", type=Path, required=True, help="an OCTGN checkout")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        for tool in ("cockatrice", "octgn"):
            _publish(tool, out / tool, out / "cards.sqlite3")
        pairs = _pairs(args.cockatrice, args.octgn, out)
        missing = sorted({str(s) for s, _ in pairs if not s.is_file()})
        if missing:
            print("schema not found: " + ", ".join(missing), file=sys.stderr)
            return 2
        failed = 0
        for schema_file, document in pairs:
            errors = _errors(schema_file, document)
            failed += bool(errors)
            print(f"{'valid' if not errors else 'INVALID'}: {document.relative_to(out)}"
                  f" against {schema_file.name}")
            for line in errors[:10]:
                print("    " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
