"""The engine's exact odds beside the sample hand
(:func:`deckbuilder.engine.simulation.odds.odds_report`): P(at least one Character in
the opening five) with and without the "Game Setup"
reshuffle, and the by-round table."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

#: (column title, key of the report, tooltip)
#: (title, report key, tooltip); titles on two lines, so a narrow panel shows them whole
COLUMNS = (
    ("1+\nChar.", "p_at_least_1_character_by_round", "At least one Character"),
    ("2+\nChar.", "p_at_least_2_characters_by_round", "At least two Characters"),
    ("3+\nChar.", "p_at_least_3_characters_by_round", "At least three Characters"),
    ("Prime\n≤ 7", "p_character_prime_7_or_less_by_round",
     "A Character of Prime 7 or less (the Prime allowance)"),
    ("Maestro", "p_maestro_by_round", "A Maestro"),
)


def percent(p: float) -> str:
    """``0.9731`` -> ``"97.3%"`` (``"100%"`` only when certain)."""
    if p >= 1.0:
        return "100%"
    return f"{min(p * 100, 99.9):.1f}%"


class OddsPanel(QWidget):
    """Shows one ``odds_report`` dictionary."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.headline = QLabel("Choose a deck to see its odds.")
        self.headline.setObjectName("oddsHeadline")
        self.headline.setWordWrap(True)
        self.headline.setTextFormat(Qt.TextFormat.RichText)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("oddsTable")
        self.table.setHorizontalHeaderLabels([title for title, _, _ in COLUMNS])
        for column, (_title, _key, tip) in enumerate(COLUMNS):
            self.table.horizontalHeaderItem(column).setToolTip(tip)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        # no column narrower than its title's longest line or a percentage
        widest = max(header.fontMetrics().horizontalAdvance(line)
                     for title, _key, _tip in COLUMNS for line in [*title.split("\n"),
                                                                    "100.0%"])
        header.setMinimumSectionSize(widest + 12)
        # the splitter keeps room for every column: none hides behind a scroll bar
        rounds = self.fontMetrics().horizontalAdvance("Round 10") + 16
        self.table.setMinimumWidth(rounds + len(COLUMNS) * (widest + 12)
                                   + 2 * self.table.frameWidth()
                                   + self.table.verticalScrollBar().sizeHint().width())
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setObjectName("oddsNote")
        font = self.note.font()
        font.setPointSizeF(font.pointSizeF() * 0.9)
        self.note.setFont(font)
        title = QLabel("<b>Exact odds</b> (by round, cards drawn by the end of each Coming "
                       "of Order; round 0 is the opening hand)")
        title.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.headline)
        layout.addWidget(title)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.note)
        self.report: dict | None = None

    def show_report(self, report: dict | None) -> None:
        self.report = report
        if report is None:
            self.headline.setText("Choose a deck to see its odds.")
            self.table.setRowCount(0)
            self.note.clear()
            return
        self.headline.setText(
            f"Destiny after setup: <b>{report['destiny_size']}</b> cards, "
            f"<b>{report['characters_in_destiny']}</b> Characters.<br>"
            "P(at least one Character in the opening five): "
            f"<b>{percent(report['p_character_opening'])}</b>; with the reshuffle: "
            f"<b>{percent(report['p_character_opening_with_reshuffle'])}</b>"
        )
        rounds = list(report[COLUMNS[0][1]])
        self.table.setRowCount(len(rounds))
        self.table.setVerticalHeaderLabels([f"Round {r}" for r in rounds])
        for row, round_ in enumerate(rounds):
            for column, (_title, key, _tip) in enumerate(COLUMNS):
                item = QTableWidgetItem(percent(report[key][round_]))
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        self.note.setText("Assumptions: " + report["assumptions"] + ".")

    def cell(self, round_: int, column: int) -> str:
        item = self.table.item(round_, column)
        return item.text() if item is not None else ""
