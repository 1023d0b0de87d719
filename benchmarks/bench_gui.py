"""Medians for the desktop app: start-up, search while typing, and scrolling 50,000 cards.

Usage (from the repository root; no display needed, Qt's offscreen platform is used)::

    .venv/bin/python benchmarks/bench_gui.py [--cards 50000] [--launches 5] [--repeat 5]

1. **Launch**: wall time from starting ``python -m deckbuilder.cli.main`` (an
   up-to-date database) until the main window has been shown and the event loop
   has run once; median of ``--launches`` runs. Target: 1.5 s (issue "The desktop
   app", section 9).
2. **Search per keystroke**: the browser's search box is fed a query one character
   at a time, as typing does. For each keystroke the time the GUI thread is busy is
   measured: handling the key, parsing and starting the query when the debounce
   timer fires, and showing the results; the query itself runs in a worker thread
   and is reported separately. On the bundled catalogue and on a generated one of
   ``--cards`` cards. Target: one frame (16 ms) on the bundled catalogue.
3. **Scrolling**: a 50,000-card model in a table view; time to serve ``data()``
   for every cell of one screen of rows (40 rows, cold: the page is read from the
   database; warm: from the cache), and to paint the view after a jump.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from figures import figure  # noqa: E402

FRAME_MS = 16.0
LAUNCH_TARGET_S = 1.5
TYPED = ('t:character prime<=5 -is:unique', 'gentle or "roxborough tower"', "aff:maestro str>4")

_CHILD = """
import sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
import deckbuilder.gui.main_window as mw
original = mw.MainWindow.showEvent
def shown(self, event):
    original(self, event)
    def report():
        print("SHOWN", flush=True)
        QApplication.instance().quit()
    QTimer.singleShot(0, report)
mw.MainWindow.showEvent = shown
sys.argv = ["deckbuilder"]
from deckbuilder.cli.main import main
main()
"""


def bench_launch(db: Path, runs: int) -> list[float]:
    """Seconds from process start to the window shown, per run."""
    env = dict(os.environ, DECKBUILDER_DB=str(db), DECKBUILDER_SETTINGS=str(db.with_suffix(".ini")),
               PYTHONPATH=str(ROOT))
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", _CHILD], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, env=env, text=True)
        for line in proc.stdout:
            if line.startswith("SHOWN"):
                times.append(time.perf_counter() - start)
                break
        proc.wait(timeout=30)
    return times


def bench_typing(db: Path, repeat: int) -> tuple[list[float], list[float]]:
    """(GUI-thread ms per keystroke, worker ms per query) over every typed prefix."""
    from PySide6.QtWidgets import QApplication

    from deckbuilder.gui.browser import screen as browser_screen
    from deckbuilder.gui.context import AppContext
    from deckbuilder.gui.settings import make_settings

    app = QApplication.instance() or QApplication([])
    gui_ms: list[float] = []
    worker_ms: list[float] = []
    shown: list[float] = []
    original = browser_screen.BrowserScreen._show_results

    def timed_show(self, result):
        start = time.perf_counter()
        original(self, result)
        shown.append((time.perf_counter() - start) * 1000)
        worker_ms.append(result.seconds * 1000)

    browser_screen.BrowserScreen._show_results = timed_show
    try:
        context = AppContext(db, make_settings())
        browser = browser_screen.BrowserScreen(context)
        browser.resize(1280, 760)
        browser.show()
        browser.start()
        context.wait_idle(30)
        for _ in range(repeat):
            for query in TYPED:
                for end in range(1, len(query) + 1):
                    shown.clear()
                    start = time.perf_counter()
                    browser.search_box.setText(query[:end])
                    browser.search.set_text(query[:end])
                    key_ms = (time.perf_counter() - start) * 1000
                    start = time.perf_counter()
                    browser.search.run_now()  # what the debounce timer does
                    fire_ms = (time.perf_counter() - start) * 1000
                    context.wait_idle(30)
                    app.processEvents()
                    gui_ms.append(max([key_ms, fire_ms, *shown]))
        context.close()
        browser.deleteLater()
    finally:
        browser_screen.BrowserScreen._show_results = original
    return gui_ms, worker_ms


def bench_scrolling(db: Path, repeat: int) -> dict[str, list[float]]:
    """Cold and warm ms to serve one screen of rows, and ms to paint after a jump."""
    import sqlite3

    from PySide6.QtWidgets import QApplication

    from card_db.search import search_card_ids
    from deckbuilder.gui.browser.model import COLUMNS, CardTableModel
    from deckbuilder.gui.browser.views import CardTableView
    from deckbuilder.services.cards import records_by_id
    from deckbuilder.services.collection import owned_by_card_id

    app = QApplication.instance() or QApplication([])
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    ids = search_card_ids(conn, "")
    model = CardTableModel(lambda wanted: records_by_id(conn, wanted))
    model.set_results(ids, owned_by_card_id(conn))
    view = CardTableView()
    view.setModel(model)
    view.resize(1000, 800)
    view.show()
    app.processEvents()
    rng = random.Random(7)
    result: dict[str, list[float]] = {"cold": [], "warm": [], "paint": []}
    for _ in range(repeat * 10):
        first = rng.randrange(0, len(ids) - 40)
        for key in ("cold", "warm"):
            start = time.perf_counter()
            for row in range(first, first + 40):
                for column in range(len(COLUMNS)):
                    model.data(model.index(row, column))
            result[key].append((time.perf_counter() - start) * 1000)
        target = rng.randrange(0, len(ids))
        view.scrollTo(model.index(target, 0))
        start = time.perf_counter()
        view.viewport().repaint()
        result["paint"].append((time.perf_counter() - start) * 1000)
    view.deleteLater()
    conn.close()
    return result


def _line(label: str, values: list[float], unit: str, target: float | None = None,
          where: str = "") -> bool:
    median = statistics.median(values)
    worst = max(values)
    ok = target is None or median <= target
    flag = "" if ok else f"   <-- over {target:g} {unit}"
    print(f"  {label:44s} median {median:8.2f} {unit}   worst {worst:8.2f} {unit}{flag}")
    figure(f"{label}{where}", f"{median:.2f} {unit} (worst {worst:.2f} {unit})", "",
           "" if target is None else f"<= {target:g} {unit}: {'yes' if ok else 'NO'}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=50_000)
    parser.add_argument("--launches", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    from card_db.userdb import ensure_database

    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["DECKBUILDER_CACHE"] = str(folder / "cache")
        os.environ["DECKBUILDER_SETTINGS"] = str(folder / "settings.ini")
        bundled = ensure_database(folder / "bundled.sqlite3")
        print("\nlaunch to main window shown (subprocess, bundled catalogue)")
        ok &= _line("launch", bench_launch(bundled, args.launches), "s", LAUNCH_TARGET_S,
                    " to the main window shown")

        print("\nsearch while typing, bundled catalogue")
        gui, worker = bench_typing(bundled, args.repeat)
        ok &= _line("GUI thread busy per keystroke", gui, "ms", FRAME_MS, ", bundled cards")
        _line("query in the worker thread", worker, "ms", where=", bundled cards")

        from bench_search import build_generated_catalogue

        generated = folder / "generated.sqlite3"
        start = time.perf_counter()
        build_generated_catalogue(generated, args.cards)
        print(f"\n(generated {args.cards:,} cards in {time.perf_counter() - start:.1f} s)")
        print(f"search while typing, generated catalogue ({args.cards:,} cards)")
        gui, worker = bench_typing(generated, max(args.repeat // 2, 1))
        _line("GUI thread busy per keystroke", gui, "ms", where=f", {args.cards:,} cards")
        _line("query in the worker thread", worker, "ms", where=f", {args.cards:,} cards")

        print(f"\nscrolling the generated catalogue ({args.cards:,} rows)")
        scroll = bench_scrolling(generated, args.repeat)
        rows = f", {args.cards:,} rows"
        ok &= _line("serve one screen (40 rows x 9), cold", scroll["cold"], "ms", FRAME_MS, rows)
        _line("serve one screen (40 rows x 9), warm", scroll["warm"], "ms", FRAME_MS, rows)
        ok &= _line("paint the table after a jump", scroll["paint"], "ms", FRAME_MS, rows)
    print(f"\nevery target met: {'yes' if ok else 'NO'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
