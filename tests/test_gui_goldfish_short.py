"""The goldfish statistics in a short window (issue 10, cosmetic defects: "a clipped axis
title"): the charts scroll into full view instead of being cut at the bottom."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QScrollArea

SCREEN_KEYS = ["goldfish"]


def _viewport(widget):
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QScrollArea):
        parent = parent.parentWidget()
    return parent


def test_charts_of_a_short_narrow_panel_can_be_seen_whole(window, qtbot):
    screen = window.show_screen("goldfish")
    window.resize(900, 480)
    screen.splitter.setSizes([640, 260])  # narrow: the summary wraps onto many lines
    panel = screen.stats
    panel.games.setValue(40)
    panel.run_button.click()
    qtbot.waitUntil(lambda: panel.stats is not None, timeout=20_000)
    qtbot.wait(100)
    assert panel.summary.height() >= panel.summary.heightForWidth(panel.summary.width())
    for chart in (panel.histogram, panel.cumulative):
        assert chart.height() >= chart.minimumHeight()
        area = _viewport(chart)
        assert area is not None, "the statistics panel is not scrollable: it is cut instead"
        bar = area.verticalScrollBar()
        bar.setValue(min(bar.maximum(), chart.y()))  # scrolled down to the chart
        shown = QRect(chart.mapTo(area.viewport(), chart.rect().topLeft()), chart.size())
        viewport = area.viewport().rect()
        assert viewport.top() <= shown.top() and shown.bottom() <= viewport.bottom()
        assert viewport.left() <= shown.left() and shown.right() <= viewport.right()
