"""Statistics of the deck being edited (:mod:`deckbuilder.deck.stats`) as Qt Charts:
the Prime curve of the Characters, the distribution by card type ("Types of Cards")
and by Home Dominion (a Border Site counts under both, "Border Sites and Adjacency"),
with the figures for securing Sites ("Securing the Site") in one line above.
"""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from card_db.records import DOMINIONS, CardType
from deckbuilder.deck.stats import DeckStats
from deckbuilder.gui.deck_editor.bar_chart import BarChartView
from deckbuilder.presentation import (
    ESTIMATED_MARK,
    ESTIMATED_NOTE,
    NO_DOMINION,
    TYPE_GROUP_TITLES,
)

#: Prime values always shown on the curve's axis (more if the deck has them).
PRIME_AXIS = range(0, 10)
DOMINION_LABELS = [str(d) for d in DOMINIONS] + [NO_DOMINION]


def prime_categories(curve: dict[int, int]) -> list[int]:
    """The Prime values on the axis: 0..9 and any other the deck has, ascending."""
    return sorted(set(PRIME_AXIS) | set(curve))


def summary_text(stats: DeckStats) -> str:
    """One line of figures, estimated ones marked with :data:`ESTIMATED_MARK`."""

    def mark(key: str) -> str:
        return ESTIMATED_MARK if stats.estimated.get(key) else ""

    parts = [f"{stats.characters} Character{'s' if stats.characters != 1 else ''}"]
    if stats.magic_average is not None:
        parts.append(f"mean Magic {stats.magic_average:.1f}{mark('magic')}")
    if stats.strength_average is not None:
        parts.append(f"mean Strength {stats.strength_average:.1f}{mark('strength')}")
    if stats.mean_resistance is not None and stats.characters_to_secure is not None:
        parts.append(
            f"a Site of mean Resistance {stats.mean_resistance:.1f}{mark('resistance')} takes "
            f"{stats.characters_to_secure} Character"
            f"{'s' if stats.characters_to_secure != 1 else ''} to secure"
        )
    parts.append(f"{stats.permanent} permanent{mark('permanent')}, {stats.instant} instant")
    return " · ".join(parts)


class DeckStatsPanel(QWidget):
    """The three charts and the summary line; :meth:`show_stats` updates them in place."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.summary = QLabel()
        self.summary.setObjectName("statsSummary")
        self.summary.setWordWrap(True)
        self.prime_chart = BarChartView("Prime curve (Characters)")
        self.prime_chart.setObjectName("primeCurve")
        self.type_chart = BarChartView("By type", horizontal=True)
        self.type_chart.setObjectName("byType")
        self.dominion_chart = BarChartView("By Home Dominion")
        self.dominion_chart.setObjectName("byDominion")
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(self.prime_chart, 0, 0)
        grid.addWidget(self.dominion_chart, 0, 1)
        grid.addWidget(self.type_chart, 1, 0, 1, 2)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 2)
        grid.setRowStretch(0, 1)
        grid.setRowStretch(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        layout.addLayout(grid, 1)
        self._pending: DeckStats | None = None
        self._stale = False

    def show_stats(self, stats: DeckStats | None) -> None:
        """Show ``stats`` (``None``: the deck could not be analysed; charts emptied).
        While the panel is hidden the charts are only updated when it is shown."""
        self._pending = stats
        self._stale = True
        if self.isVisible():
            self._apply()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._stale:
            self._apply()

    def _apply(self) -> None:
        self._stale = False
        stats = self._pending
        if stats is None:
            self.summary.setText("No statistics: the deck names cards the catalogue lacks.")
            self.prime_chart.set_data([], [])
            self.type_chart.set_data([], [])
            self.dominion_chart.set_data([], [])
            return
        self.summary.setText(summary_text(stats))
        notes = [f"{ESTIMATED_NOTE}: {', '.join(cards)}"
                 for cards in stats.estimated.values() if cards]
        self.summary.setToolTip("\n".join(dict.fromkeys(notes)))
        primes = prime_categories(stats.prime_curve)
        self._title(self.prime_chart, "Prime curve (Characters)", stats, "prime_curve")
        self.prime_chart.set_data([str(p) for p in primes],
                                  [stats.prime_curve.get(p, 0) for p in primes])
        self._title(self.type_chart, "By type", stats, "by_type")
        types = list(CardType)
        self.type_chart.set_data([TYPE_GROUP_TITLES[t] for t in reversed(types)],
                                 [stats.by_type[t.value] for t in reversed(types)])
        self._title(self.dominion_chart, "By Home Dominion", stats, "by_dominion")
        self.dominion_chart.set_data(
            DOMINION_LABELS, [stats.by_dominion[str(d)] for d in DOMINIONS]
            + [stats.by_dominion["none"]]
        )

    @staticmethod
    def _title(view: BarChartView, title: str, stats: DeckStats, key: str) -> None:
        cards = stats.estimated.get(key) or []
        view.chart().setTitle(title + (ESTIMATED_MARK if cards else ""))
        view.setToolTip(f"{ESTIMATED_NOTE}: {', '.join(cards)}" if cards else "")
