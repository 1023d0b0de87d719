"""Checks that packaging/check.sh runs on the metainfo and on the built program's screenshots.

Run with the project's Python (Pillow is needed for ``screenshots``)::

    python packaging/checks.py metainfo FILE           # appstreamcli, see below
    python packaging/checks.py screenshot-names FILE   # PNG names the metainfo shows
    python packaging/checks.py registered-screenshots  # PNG names the app's screens write
    python packaging/checks.py screenshots DIR NAME... # each DIR/NAME is a real picture

Each prints what it found and exits 0, or prints why it failed (``checks: ...``) to
stderr and exits 1.

``metainfo``: the metainfo's screenshot ``<image>`` values are repository paths
(``docs/screenshots/NAME.png``), since the project has no public web address to
point at. ``appstreamcli validate --no-net`` must then report nothing but
``web-url-expected`` on exactly those values, plus pedantic hints. A copy with an
absolute ``https://`` address in front of the paths must pass ``--strict`` (any
issue above pedantic fails), which is what the file will be once the project
publishes its screenshots.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

SCREENSHOT_PREFIX = "docs/screenshots/"
#: Stands in for the project's future web address, in a temporary copy only.
EXAMPLE_BASE = "https://example.org/imajica-deckbuilder/"
#: A screenshot whose grey levels vary less than this (standard deviation, 0-255) is blank.
MIN_STDDEV = 12.0
#: ... or that has fewer distinct colours than this.
MIN_COLOURS = 32
MIN_SIZE = (640, 400)


class CheckError(Exception):
    """A check failed; the message says what to fix."""


def parse_issues(yaml_text: str) -> list[dict[str, str]]:
    """The issues of ``appstreamcli validate --format yaml``: tag, severity, line, hint.

    Reads only the flat ``key: value`` pairs of each ``- tag:`` item (multi-line
    values such as ``explanation`` are skipped).
    """
    issues: list[dict[str, str]] = []
    for raw in yaml_text.splitlines():
        line = raw.strip()
        if line.startswith("- tag:"):
            issues.append({"tag": line.split(":", 1)[1].strip()})
        elif issues and raw.startswith("  ") and ":" in line:
            key, _, value = line.partition(":")
            if key in ("severity", "line", "hint") and value.strip() not in (">-", "|"):
                issues[-1][key] = value.strip()
    return issues


def validate(path: Path, *options: str) -> tuple[int, str]:
    result = subprocess.run(
        ["appstreamcli", "validate", "--no-net", "--format", "yaml", *options, str(path)],
        capture_output=True, text=True, timeout=120,
    )
    return result.returncode, result.stdout + result.stderr


def screenshot_images(path: Path) -> list[str]:
    """The text of every ``<screenshot><image>`` of the metainfo at ``path``."""
    root = ET.parse(path).getroot()
    return [(image.text or "").strip() for image in root.iterfind("screenshots/screenshot/image")]


def check_metainfo(path: Path) -> list[str]:
    """Validate as described in the module docstring; returns lines to print."""
    images = screenshot_images(path)
    if not images:
        raise CheckError(f"{path}: no <screenshot><image> elements")
    bad = [image for image in images if not image.startswith(SCREENSHOT_PREFIX)]
    if bad:
        raise CheckError(f"{path}: screenshots must be {SCREENSHOT_PREFIX}NAME.png, not {bad}")
    _code, output = validate(path)
    report = []
    url_errors = []
    for issue in parse_issues(output):
        where = f"{path.name}:{issue.get('line', '?')}"
        if issue.get("severity") == "pedantic":
            report.append(f"pedantic (allowed): {where}: {issue['tag']} {issue.get('hint', '')}")
        elif issue["tag"] == "web-url-expected" and issue.get("hint") in images:
            url_errors.append(issue["hint"])
        else:
            raise CheckError(f"appstreamcli: {where}: {issue.get('severity')}: {issue['tag']} "
                             f"{issue.get('hint', '')}\n{output}")
    if sorted(url_errors) != sorted(images):
        raise CheckError("appstreamcli did not report web-url-expected once per screenshot "
                         f"(reported {url_errors}, screenshots {images}):\n{output}")
    report.append(f"web-url-expected (explained: repository paths): {len(url_errors)} screenshots")
    text = path.read_text(encoding="utf-8").replace(
        f"<image>{SCREENSHOT_PREFIX}", f"<image>{EXAMPLE_BASE}{SCREENSHOT_PREFIX}")
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / path.name
        copy.write_text(text, encoding="utf-8")
        code, output = validate(copy, "--strict")
    if code != 0:
        raise CheckError(f"with web addresses, the metainfo still fails --strict:\n{output}")
    report.append("with web addresses for the screenshots: passes appstreamcli --strict")
    return report


def registered_screenshots() -> list[str]:
    """File names the app's registered screens write in screenshot mode (from the source)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from deckbuilder.gui.screens import registered_screens

    return [spec.screenshot for spec in registered_screens() if spec.screenshot]


def check_screenshot(path: Path) -> str:
    """Raise :class:`CheckError` unless ``path`` is a PNG picture with visible content."""
    from PIL import Image, ImageStat

    if not path.is_file():
        raise CheckError(f"{path} was not written")
    try:
        with Image.open(path) as image:
            image.load()
            kind, size = image.format, image.size
            rgb = image.convert("RGB")
    except OSError as exc:
        raise CheckError(f"{path} is not a readable image: {exc}") from exc
    if kind != "PNG":
        raise CheckError(f"{path} is {kind}, not PNG")
    if size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]:
        raise CheckError(f"{path} is only {size[0]} x {size[1]} px")
    stddev = ImageStat.Stat(rgb.convert("L")).stddev[0]
    colours = rgb.getcolors(maxcolors=1 << 16)
    count = len(colours) if colours is not None else 1 << 16
    if stddev < MIN_STDDEV or count < MIN_COLOURS:
        raise CheckError(f"{path} looks blank: grey-level deviation {stddev:.1f} "
                         f"(at least {MIN_STDDEV}), {count} colours (at least {MIN_COLOURS})")
    return (f"{path.name}: {size[0]} x {size[1]} px, grey-level deviation {stddev:.1f}, "
            f"{count if count < 1 << 16 else '65536+'} colours")


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    command, args = argv[0], argv[1:]
    try:
        if command == "metainfo" and len(args) == 1:
            lines = check_metainfo(Path(args[0]))
        elif command == "screenshot-names" and len(args) == 1:
            lines = [Path(image).name for image in screenshot_images(Path(args[0]))]
        elif command == "registered-screenshots" and not args:
            lines = registered_screenshots()
        elif command == "screenshots" and len(args) >= 2:
            lines = [check_screenshot(Path(args[0]) / name) for name in args[1:]]
        else:
            print(__doc__, file=sys.stderr)
            return 2
    except CheckError as exc:
        print(f"checks: {exc}", file=sys.stderr)
        return 1
    for line in lines:
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
