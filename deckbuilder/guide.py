"""The user guide: its Markdown pages, their order, and the page of each screen.

The guide is the MkDocs site under ``docs/`` (``mkdocs.yml`` at the repository's top);
the desktop app shows the same Markdown pages (Help > User Guide, F1), so it needs
neither MkDocs nor a network. The pages are found, in order:

1. ``deckbuilder/_guide/`` in an installed package (``setup.py`` copies ``docs/`` and
   ``mkdocs.yml`` there when it builds a wheel);
2. ``docs/`` beside the ``deckbuilder`` package: a source checkout or an editable
   install, and the standalone build (``packaging/deckbuilder.spec`` bundles them as
   ``_internal/docs`` and ``_internal/mkdocs.yml``).

The built guide (the MkDocs site, HTML) is what Help > User Guide opens in the web
browser where it is available (:func:`built_site`):

1. ``deckbuilder/_guide/site/`` in an installed package or the standalone build
   (``setup.py`` builds it there when MkDocs can run at build time;
   ``packaging/build.sh`` always does);
2. the user's cache (``$DECKBUILDER_CACHE/guide-site-<stamp>``, else the platform's user
   cache folder), where :func:`build_site` builds it at first use when MkDocs is
   installed (the ``docs`` extra); the stamp changes with the pages, so an edited
   guide is rebuilt.

Pure Python (no Qt): the GUI's guide window (:mod:`deckbuilder.gui.guide_window`) reads
the pages through this module.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
#: The page opened by Help > User Guide, and by F1 where a screen has no page.
HOME = "index.md"
#: The mkdocs-click directive of the command line page and what the app shows instead.
_CLICK_DIRECTIVE = re.compile(r"^::: mkdocs-click\n(?:    .*\n?)*", re.MULTILINE)
_CLICK_NOTE = ("*The reference of every command is generated into the web guide "
               "(`mkdocs build`); here, `deckbuilder --help` and "
               "`deckbuilder COMMAND --help` print it.*\n")
#: ``DECKBUILDER_GUIDE=app`` always shows the guide in the app's own window.
MODE_ENV = "DECKBUILDER_GUIDE"
_BUILD_MODULES = ("mkdocs", "material", "mkdocs_click")
_NAV_LINE = re.compile(r"^(?P<indent> *)- (?P<title>[^:]+):(?: (?P<page>\S+\.md))?\s*$")


class GuideMissing(LookupError):
    """The guide's pages are not installed (neither in the package nor beside it)."""


class GuideBuildFailed(RuntimeError):
    """``mkdocs build`` did not build the guide; the message ends with its output."""


@dataclass(frozen=True)
class Entry:
    """One line of the guide's contents: ``title``, ``page`` (a file name under the
    docs folder, or ``None`` for a section heading) and ``depth`` (0 at the top)."""

    title: str
    page: str | None
    depth: int


def guide_root() -> Path:
    """The folder holding ``mkdocs.yml`` and ``docs/``.

    Raises :class:`GuideMissing` when neither place above has them.
    """
    for root in (PACKAGE / "_guide", PACKAGE.parent):
        if (root / "mkdocs.yml").is_file() and (root / "docs" / HOME).is_file():
            return root
    raise GuideMissing("the user guide's pages are not installed with this copy of the "
                       "app (docs/ and mkdocs.yml)")


def docs_folder() -> Path:
    """The folder of the guide's Markdown pages (raises :class:`GuideMissing`)."""
    return guide_root() / "docs"


def contents(mkdocs_yml: Path | None = None) -> list[Entry]:
    """The guide's ``nav`` from ``mkdocs.yml``, in order.

    Reads the subset of YAML the file uses for it: ``- Title: page.md`` and
    ``- Section:`` lines, nested by indentation (``tests/test_user_guide.py`` checks
    this against a YAML parser).
    """
    path = mkdocs_yml or guide_root() / "mkdocs.yml"
    entries: list[Entry] = []
    in_nav = False
    base: int | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if not in_nav:
            in_nav = line.rstrip() == "nav:"
            continue
        if line.strip() and not line.startswith(" "):
            break  # the next top-level key
        match = _NAV_LINE.match(line)
        if match is None:
            continue
        indent = len(match["indent"])
        base = indent if base is None else base
        entries.append(Entry(match["title"].strip(), match["page"], (indent - base) // 4))
    return entries


def page_for_screen(screen_key: str, folder: Path | None = None) -> str:
    """The page F1 opens on the screen ``screen_key``: ``<key>.md`` where the guide has
    one (``deck-editor`` -> ``deck-editor.md``), else the guide's first page."""
    page = f"{screen_key}.md"
    return page if ((folder or docs_folder()) / page).is_file() else HOME


def page_text(page: str, folder: Path | None = None) -> str:
    """The Markdown of ``page`` as the app shows it: the command line page's generated
    reference (an MkDocs directive) is replaced by a note.

    Raises :class:`GuideMissing`, or ``FileNotFoundError`` for an unknown page.
    """
    text = ((folder or docs_folder()) / page).read_text(encoding="utf-8")
    return _CLICK_DIRECTIVE.sub(_CLICK_NOTE, text)


# -- the built guide (HTML) ---------------------------------------------------------------


def wants_app_window() -> bool:
    """Whether ``$DECKBUILDER_GUIDE`` asks for the app's own window (``app``)."""
    return os.environ.get(MODE_ENV, "").strip().lower() == "app"


def bundled_site() -> Path | None:
    """The site built into the package (``deckbuilder/_guide/site``), or ``None``."""
    site = PACKAGE / "_guide" / "site"
    return site if (site / "index.html").is_file() else None


def site_cache_dir() -> Path:
    """The folder that holds sites built at first use (not created here)."""
    override = os.environ.get("DECKBUILDER_CACHE")
    if override:
        return Path(override).expanduser()
    import platformdirs  # lazy: only when the guide is opened

    return Path(platformdirs.user_cache_dir("imajica-deckbuilder"))


def source_stamp(root: Path | None = None) -> str:
    """12 hex digits naming the guide's sources: ``mkdocs.yml``, every page's text and
    every picture's name and size under ``root`` (default :func:`guide_root`)."""
    root = root or guide_root()
    digest = hashlib.sha1((root / "mkdocs.yml").read_bytes())
    for path in sorted((root / "docs").rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(root)).encode())
            data = path.read_bytes() if path.suffix == ".md" else str(path.stat().st_size)
            digest.update(data if isinstance(data, bytes) else data.encode())
    return digest.hexdigest()[:12]


def cached_site_path(root: Path | None = None) -> Path:
    """Where :func:`build_site` puts the site of the current sources."""
    return site_cache_dir() / f"guide-site-{source_stamp(root)}"


def built_site() -> Path | None:
    """The built guide to open: the bundled site, else a cached site of the current
    pages, else ``None``."""
    site = bundled_site()
    if site is not None:
        return site
    try:
        cached = cached_site_path()
    except GuideMissing:
        return None
    return cached if (cached / "index.html").is_file() else None


def can_build() -> bool:
    """Whether this copy can build the guide: MkDocs, its Material theme and
    mkdocs-click are installed, and this is not the standalone build (which bundles
    the site instead)."""
    if getattr(sys, "frozen", False):
        return False
    return all(importlib.util.find_spec(name) is not None for name in _BUILD_MODULES)


def build_site(root: Path | None = None, timeout: float = 300) -> Path:
    """Build the guide with ``mkdocs build --strict`` into :func:`cached_site_path`
    (written to a temporary folder, then renamed into place; older cached sites are
    removed). Returns the site's folder. Takes a few seconds.

    Raises :class:`GuideMissing` without the pages, :class:`GuideBuildFailed` when
    MkDocs fails or is not installed.
    """
    root = root or guide_root()
    target = cached_site_path(root)
    if (target / "index.html").is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".guide-build-", dir=target.parent))
    try:
        result = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict",
             "--config-file", str(root / "mkdocs.yml"), "--site-dir", str(work / "site")],
            cwd=root, capture_output=True, text=True, timeout=timeout,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        )
        if result.returncode != 0 or not (work / "site" / "index.html").is_file():
            raise GuideBuildFailed("mkdocs build failed: "
                                   + (result.stderr or result.stdout)[-2000:].strip())
        os.replace(work / "site", target)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise GuideBuildFailed(f"mkdocs build could not run: {exc}") from exc
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for old in target.parent.glob("guide-site-*"):
        if old != target:
            shutil.rmtree(old, ignore_errors=True)
    return target


def page_file(site: Path, page: str) -> Path:
    """The HTML file of ``page`` (``play.md``) in the built ``site``, in the site's URL
    style: ``play/index.html`` (MkDocs' default directory URLs) or ``play.html``; the
    site's first page for the home page or a page it does not have."""
    stem = page.removesuffix(".md")
    if page != HOME:
        for candidate in (site / stem / "index.html", site / f"{stem}.html"):
            if candidate.is_file():
                return candidate
    return site / "index.html"
