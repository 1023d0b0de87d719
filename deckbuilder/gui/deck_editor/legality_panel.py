"""The live legality panel: each violation of "Deck Construction" and each piece of
advice of :func:`deckbuilder.deck.legality.validate`; clicking one selects its cards.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.deck.legality import Finding
from deckbuilder.gui.deck_editor.document import DeckAnalysis
from deckbuilder.gui.style import error_color

#: Item role holding the tuple of card names of a finding.
CardsRole = Qt.ItemDataRole.UserRole + 1
#: Item role holding the finding's rule code (``None`` for the "no problems" line).
RuleRole = Qt.ItemDataRole.UserRole + 2


class LegalityPanel(QWidget):
    """Shows a :class:`DeckAnalysis`. ``cards_requested(list)`` when a finding with
    cards is clicked; ``starter_toggled(bool)`` from the starter-deck box."""

    cards_requested = Signal(list)
    starter_toggled = Signal(bool)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.summary = QLabel()
        self.summary.setObjectName("legalitySummary")
        self.summary.setWordWrap(True)
        font = self.summary.font()
        font.setBold(True)
        self.summary.setFont(font)
        self.starter = QCheckBox("Starter deck")
        self.starter.setToolTip(
            'Check as a starter deck ("Deck Construction: Starter Decks"): duplicate Paths '
            "are removed instead of making the deck illegal."
        )
        self.starter.toggled.connect(self.starter_toggled)
        self.findings = QListWidget()
        self.findings.setObjectName("legalityFindings")
        self.findings.setWordWrap(True)
        self.findings.setAlternatingRowColors(True)
        self.findings.setUniformItemSizes(False)
        self._shown: tuple | None = None
        self.findings.itemClicked.connect(self._clicked)
        self.findings.itemActivated.connect(self._clicked)
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(self.starter)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.findings, 1)
        style = self.style()
        self._icons = {
            "violation": style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical),
            "advice": style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxInformation),
            "legal": style.standardIcon(QStyle.StandardPixmap.SP_DialogApplyButton),
        }

    def show_analysis(self, analysis: DeckAnalysis) -> None:
        """Replace the list with ``analysis``'s violations, then its advice (nothing is
        redrawn when they are the same as shown)."""
        report = analysis.report
        shown = (analysis.error, report.card_count if report else None,
                 tuple(report.violations) if report else (),
                 tuple(report.warnings) if report else ())
        if shown == self._shown:
            return
        self._shown = shown
        self.findings.clear()
        if analysis.report is None:
            self._set_summary(False, "Cards the catalogue does not know")
            self._add(analysis.error or "", "violation", (), "unknown-card")
            return
        report = analysis.report
        problems = len(report.violations)
        cards = f"{report.card_count} card{'s' if report.card_count != 1 else ''}"
        if report.legal:
            self._set_summary(True, f"Legal: {cards}")
        else:
            self._set_summary(
                False, f"Not legal: {problems} problem{'s' if problems != 1 else ''} ({cards})"
            )
        for finding in report.violations:
            self._add_finding(finding, "violation")
        for finding in report.warnings:
            self._add_finding(finding, "advice")
        if not report.violations and not report.warnings:
            item = self._add("No problems, and no advice.", "legal", (), None)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)

    def _set_summary(self, legal: bool, text: str) -> None:
        self.summary.setText(text)
        colour = self.palette().color(self.foregroundRole()) if legal else error_color(self)
        self.summary.setStyleSheet(f"color: {colour.name()}")
        self.summary.setProperty("legal", legal)

    def _add_finding(self, finding: Finding, kind: str) -> None:
        self._add(finding.message, kind, finding.cards, finding.rule)

    def _add(self, text: str, kind: str, cards: tuple[str, ...], rule: str | None):
        item = QListWidgetItem(self._icons[kind], text)
        item.setData(CardsRole, tuple(cards))
        item.setData(RuleRole, rule)
        label = "Violation" if kind == "violation" else "Advice" if kind == "advice" else ""
        tip = [f"{label} ({rule})" if rule else label] if label else []
        if cards:
            tip.append("Click to select: " + ", ".join(cards))
        item.setToolTip("\n".join(tip))
        self.findings.addItem(item)
        return item

    def rules(self) -> list[str]:
        """The rule codes listed, in order (violations first)."""
        return [
            self.findings.item(i).data(RuleRole)
            for i in range(self.findings.count())
            if self.findings.item(i).data(RuleRole)
        ]

    def _clicked(self, item: QListWidgetItem) -> None:
        cards = item.data(CardsRole) or ()
        if cards:
            self.cards_requested.emit(list(cards))
