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
from PySide6.QtCore import QObject, QUrl, Slot
from PySide6.QtGui import QDesktopServices

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
def main_window(window, monkeypatch):
    """The main window with the guide in the app's own window (``DECKBUILDER_GUIDE``)."""
    monkeypatch.setenv(guide.MODE_ENV, "app")
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


# -- the built guide in the web browser --------------------------------------------------

needs_mkdocs = pytest.mark.skipif(not guide.can_build(),
                                  reason="MkDocs, mkdocs-material and mkdocs-click "
                                         "(pip install '.[docs]') build the guide")


class _Browser(QObject):
    """Receives the file URLs QDesktopServices.openUrl hands to the web browser."""

    def __init__(self):
        super().__init__()
        self.urls: list[QUrl] = []

    @Slot(QUrl)
    def open(self, url):
        self.urls.append(url)


@pytest.fixture
def browser():
    receiver = _Browser()
    QDesktopServices.setUrlHandler("file", receiver, "open")
    yield receiver
    QDesktopServices.unsetUrlHandler("file")


def test_page_file_follows_the_sites_url_style(tmp_path):
    (tmp_path / "index.html").write_text("home")
    (tmp_path / "play").mkdir()
    (tmp_path / "play" / "index.html").write_text("play")
    (tmp_path / "shelf.html").write_text("shelf")
    assert guide.page_file(tmp_path, "play.md") == tmp_path / "play" / "index.html"
    assert guide.page_file(tmp_path, "shelf.md") == tmp_path / "shelf.html"
    assert guide.page_file(tmp_path, "index.md") == tmp_path / "index.html"
    assert guide.page_file(tmp_path, "nowhere.md") == tmp_path / "index.html"


def test_a_failed_build_says_why(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n\n[gone](missing.md)\n")
    (tmp_path / "mkdocs.yml").write_text("site_name: t\nstrict: true\n"
                                         "nav:\n  - Home: index.md\n  - Gone: gone.md\n")
    with pytest.raises(guide.GuideBuildFailed, match="mkdocs build failed"):
        guide.build_site(tmp_path)
    assert not list(guide.site_cache_dir().glob("guide-site-*"))


@needs_mkdocs
def test_f1_builds_the_guide_once_then_opens_the_screens_page(window, browser):
    """No site is bundled in a source checkout: the first F1 builds it into the cache in
    the background, then hands the screen's page to the web browser; later ones open
    the cached site at once. Every screen's page is in the built site."""
    assert guide.bundled_site() is None and guide.built_site() is None
    window.show_screen("play")
    assert window.help_on_screen() is None and window.guide_opener.building
    assert window.context.wait_idle(120)
    site = guide.built_site()
    assert site is not None and site.parent == guide.site_cache_dir()
    assert [u.toLocalFile() for u in browser.urls] == [str(site / "play" / "index.html")]
    for spec in registered_screens():
        assert guide.page_file(site, guide.page_for_screen(spec.key)).parent.name == spec.key
    window.show_screen("shelf")
    window.help_on_screen()
    assert not window.guide_opener.building
    assert browser.urls[-1].toLocalFile() == str(site / "shelf" / "index.html")
    window.guide_action.trigger()
    assert browser.urls[-1].toLocalFile() == str(site / "index.html")


def test_without_a_built_guide_or_mkdocs_the_apps_window_says_so(window, browser,
                                                                  monkeypatch):
    from deckbuilder.gui import guide_open, guide_window

    monkeypatch.setattr(guide, "can_build", lambda: False)  # as without the docs extra
    window.show_screen("collection")
    shown = window.help_on_screen()
    try:
        assert shown is not None and shown.page == "collection.md"
        assert shown.note.isVisibleTo(shown) and shown.note.text() == guide_open.NO_SITE
        assert browser.urls == []
    finally:
        shown.close()
        guide_window._window = None


def test_an_edited_page_names_another_cached_site(tmp_path):
    """The cached site is keyed by the pages: an edited guide is built again, not
    served stale."""
    import shutil

    shutil.copy(REPO / "mkdocs.yml", tmp_path / "mkdocs.yml")
    shutil.copytree(DOCS, tmp_path / "docs")
    before = guide.cached_site_path(tmp_path)
    assert before == guide.cached_site_path(tmp_path)
    page = tmp_path / "docs" / "shelf.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    after = guide.cached_site_path(tmp_path)
    assert after != before and after.parent == before.parent == guide.site_cache_dir()
