"""Write the app's freedesktop icons: packaging/linux/icons/hicolor/<size>x<size>/apps/<id>.png.

The PNGs are drawn at each size from the same shapes as ``images/app-icon-512.png``
(:func:`card_db.images.art.app_icon`), so small sizes stay sharp instead of being
scaled down; the scalable icon is a copy of ``images/app-icon.svg``. Output is
deterministic. Run from anywhere::

    python packaging/linux/make_icons.py           # (re)write the icons
    python packaging/linux/make_icons.py --check   # exit 1 if a committed icon is stale

``--check`` compares decoded pixels (and the SVG text), not PNG bytes, so a
different zlib does not make it fail. Sizes: the icon theme specification's usual
application sizes, :data:`SIZES`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from card_db.images.art import app_icon  # noqa: E402

APP_ID = "io.github.imajica_deckbuilder.ImajicaDeckBuilder"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
SOURCE_SVG = ROOT / "images" / "app-icon.svg"
ICON_ROOT = HERE / "icons" / "hicolor"


def icon_path(size: int | None, root: Path = ICON_ROOT) -> Path:
    """Where the icon of ``size`` px (``None``: the scalable SVG) goes under ``root``."""
    if size is None:
        return root / "scalable" / "apps" / f"{APP_ID}.svg"
    return root / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def expected_icons() -> dict[Path, Image.Image | str]:
    """Every icon file by path: an RGBA image for each of :data:`SIZES`, and the SVG text."""
    icons: dict[Path, Image.Image | str] = {
        icon_path(size): app_icon(size) for size in SIZES
    }
    icons[icon_path(None)] = SOURCE_SVG.read_text(encoding="utf-8")
    return icons


def write_icons() -> list[Path]:
    """Write :func:`expected_icons`; returns the paths written."""
    written = []
    for path, content in expected_icons().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            content.save(path, format="PNG", optimize=True)
        written.append(path)
    return written


def stale_icons() -> list[str]:
    """A message for each committed icon that is missing or differs from what is drawn now."""
    problems = []
    for path, content in expected_icons().items():
        name = path.relative_to(ROOT)
        if not path.is_file():
            problems.append(f"{name}: missing")
        elif isinstance(content, str):
            if path.read_text(encoding="utf-8") != content:
                problems.append(f"{name}: differs from {SOURCE_SVG.relative_to(ROOT)}")
        else:
            with Image.open(path) as committed:
                if committed.size != content.size:
                    problems.append(f"{name}: {committed.size} px, expected {content.size}")
                elif committed.convert("RGBA").tobytes() != content.tobytes():
                    problems.append(f"{name}: pixels differ from the drawing")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only check that the committed icons are up to date")
    args = parser.parse_args(argv)
    if args.check:
        problems = stale_icons()
        for problem in problems:
            print(f"make_icons: {problem}", file=sys.stderr)
        if problems:
            print("make_icons: run python packaging/linux/make_icons.py", file=sys.stderr)
            return 1
        print(f"make_icons: {len(SIZES) + 1} icons up to date")
        return 0
    for path in write_icons():
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
