"""The user guide (issue 25, section 2): a short README, the MkDocs guide under docs/
built with --strict, and the same pages in the app (Help > User Guide, F1)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from PySide6.QtCore import QUrl

from deckbuilder import guide
from deckbuilder.gui.screens import registered_screens

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def _nav_pages(nav) -> list[str]:
    pages = []
    for entry in nav:
        for value in entry.values():
            pages += _nav_pages(value) if isinstance(value, list) else [value]
    return pages


def test_the_guide_builds_with_mkdocs_strict(tmp_path):
    """Every link, picture and nav entry resolves, and the command line reference is
    generated from the click commands (mkdocs-click)."""
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
         str(tmp_path / "site")], cwd=REPO, capture_output=True, text=True, timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert result.returncode == 0, result.stderr[-3000:]
    cli = (tmp_path / "site" / "cli" / "index.html").read_text(encoding="utf-8")
    for command in ("deckbuilder-collection-import", "deckbuilder-goldfish",
                    "deckbuilder-shelf-deal"):
        assert f'id="{command}"' in cli, command


def test_the_apps_contents_are_mkdocs_nav():
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    entries = guide.contents(REPO / "mkdocs.yml")
    assert [e.page for e in entries if e.page] == _nav_pages(config["nav"])
    titles = [e.title for e in entries]
    assert titles[0] == "Home" and "Screens" in titles and "Benchmarks" in titles


def test_every_page_is_in_the_nav_and_every_screen_has_a_page():
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    assert sorted(_nav_pages(config["nav"])) == sorted(p.name for p in DOCS.glob("*.md"))
    for spec in registered_screens():
        assert guide.page_for_screen(spec.key, DOCS) == f"{spec.key}.md", spec.key
    assert guide.page_for_screen("no-such-screen", DOCS) == guide.HOME


def test_the_readme_is_short_and_its_links_resolve():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) < 200
    for target in LINK.findall(text):
        if not target.startswith("http"):
            assert (REPO / target).exists(), target
    # the two commands, first thing after the pictures
    assert "pip install -e . && .venv/bin/deckbuilder" in text
    assert "pip install -e '.[test]' && .venv/bin/python -m pytest" in text


def test_the_app_shows_the_cli_page_without_the_mkdocs_directive():
    text = guide.page_text("cli.md", DOCS)
    assert "::: mkdocs-click" not in text and ":module:" not in text
    assert "deckbuilder COMMAND --help" in text


# -- in the app -------------------------------------------------------------------------


@pytest.fixture
def main_window(window):
    yield window
    from deckbuilder.gui import guide_window

    if guide_window._window is not None:
        guide_window._window.close()
        guide_window._window.deleteLater()


def test_help_user_guide_opens_the_first_page_with_the_contents(main_window, qtbot):
    assert main_window.guide_action.text() == "&User Guide"
    main_window.guide_action.trigger()
    from deckbuilder.gui.guide_window import _window as shown

    assert shown is not None and shown.isVisible()
    assert shown.page == "index.md"
    assert "Imajica Deck Builder" in shown.text.toPlainText()
    titles = [shown.contents.topLevelItem(i).text(0)
              for i in range(shown.contents.topLevelItemCount())]
    assert titles[:3] == ["Home", "Install and start", "The desktop app"]


def test_f1_opens_the_page_of_the_screen_shown(main_window, qtbot):
    assert main_window.screen_help_action.shortcut().toString() == "F1"
    for key in ("play", "collection", "deck-editor"):
        main_window.show_screen(key)
        shown = main_window.help_on_screen()
        assert shown.page == f"{key}.md"
        heading = shown.text.toPlainText().splitlines()[0]
        assert heading == next(s.title for s in registered_screens() if s.key == key)


def test_a_link_opens_its_page_and_pictures_fit_the_page(main_window):
    main_window.show_screen("play")
    shown = main_window.help_on_screen()
    html = shown.text.document().toHtml()
    widths = [int(w) for w in re.findall(r'<img[^>]* width="(\d+)"', html)]
    assert widths and max(widths) <= 720  # the 1280-px screenshots are scaled down
    shown._link(QUrl("rules-engine.md#worked-examples"))
    assert shown.page == "rules-engine.md"
    assert shown.contents.currentItem().text(0) == "The rules engine"


def test_run_all_markdown_writes_one_table_per_benchmark(tmp_path):
    """``benchmarks/run_all.py --markdown``: the figures each benchmark reports, in a
    table under its name (the legality benchmark: a second or two)."""
    page = tmp_path / "benchmarks.md"
    result = subprocess.run([sys.executable, "benchmarks/run_all.py", "--markdown", str(page),
                             "legality"], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# Benchmarks\n") and "\n## legality\n" in text
    rows = [line for line in text.splitlines() if line.startswith("| validate a 60-card deck")]
    assert len(rows) == 2 and all(row.endswith("| < 1 ms: yes |") for row in rows)
    committed = (DOCS / "benchmarks.md").read_text(encoding="utf-8")
    assert committed.startswith("# Benchmarks\n\nGenerated by `benchmarks/run_all.py --markdown")
