"""Draw the static art in images/ (app icon, type icons, Dominion symbols).

Run from anywhere: ``python images/make_static_art.py``. The drawings live in
:mod:`card_db.images.art` (the proxy renderer uses the same ones); this script only
writes them to files. Output is deterministic, so re-running it on an unchanged
tree changes no pixels (tests/test_images.py checks the committed files).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from card_db.images.art import static_art  # noqa: E402


def write_static_art(out_dir: Path) -> list[Path]:
    """Write every file of :func:`static_art` under ``out_dir``; return the paths."""
    written = []
    for relative, content in static_art().items():
        path = out_dir / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            content.save(path, format="PNG", optimize=True)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE, help="output folder (default: images/)")
    args = parser.parse_args(argv)
    for path in write_static_art(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
