"""The user guide: its Markdown pages, their order, and the page of each screen.

The guide is the MkDocs site under ``docs/`` (``mkdocs.yml`` at the repository's top);
the desktop app shows the same Markdown pages (Help > User Guide, F1), so it needs
neither MkDocs nor a network. The pages are found, in order:

1. ``deckbuilder/_guide/`` in an installed package (``setup.py`` copies ``docs/`` and
   ``mkdocs.yml`` there when it builds a wheel);
2. ``docs/`` beside the ``deckbuilder`` package: a source checkout or an editable
   install, and the standalone build (``packaging/deckbuilder.spec`` bundles them as
   ``_internal/docs`` and ``_internal/mkdocs.yml``).

Pure Python (no Qt): the GUI's guide window (:mod:`deckbuilder.gui.guide_window`) reads
the pages through this module.
"""

from __future__ import annotations

import re
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
_NAV_LINE = re.compile(r"^(?P<indent> *)- (?P<title>[^:]+):(?: (?P<page>\S+\.md))?\s*$")


class GuideMissing(LookupError):
    """The guide's pages are not installed (neither in the package nor beside it)."""


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
