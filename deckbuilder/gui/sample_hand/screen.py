"""The sample hand screen: choose a deck, deal five, reshuffle once under the rule,
draw the next card or a round's two, deal a new hand; the cards as images and the
engine's exact odds beside them.

Setup as in a goldfish game ("Game Setup"): the five Sites the goldfish policy would
place go to the Circle first, and the hand is dealt from the rest (see
:mod:`.session`). Each deal reads the chosen deck again (off the GUI thread), so edits
made in the deck editor are dealt from.
"""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from card_db.errors import UserError
from deckbuilder.engine.simulation.odds import odds_report
from deckbuilder.gui.deck_editor.chooser import ChosenDeckScreen, DeckChooser
from deckbuilder.gui.errors import describe_error
from deckbuilder.gui.number_field import NumberField
from deckbuilder.gui.sample_hand.card_strip import CardStrip
from deckbuilder.gui.sample_hand.odds_panel import OddsPanel
from deckbuilder.gui.sample_hand.session import HandSession
from deckbuilder.gui.settings import restore_splitter
from deckbuilder.gui.style import error_color
from deckbuilder.services.deck_sources import DEMO, PlayDeck, demo_deck_files

#: Width in px of the faces in hand and in the Circle.
HAND_WIDTH = 126
CIRCLE_WIDTH = 96
#: Last round of the odds table.
ODDS_ROUNDS = 10
MAX_SEED = 2**31 - 1


def odds_for(records) -> dict:
    """The engine's odds report (worker thread)."""
    return odds_report(records, ODDS_ROUNDS)


class SampleHandScreen(ChosenDeckScreen):
    """Deal sample hands from a chosen deck."""

    key = "sample-hand"
    title = "Sample hand"

    def __init__(self, context, parent: QWidget | None = None):
        super().__init__(context, parent)
        self.play: PlayDeck | None = None
        self.session: HandSession | None = None
        self._odds_for: tuple | None = None
        self._pending_seed: int | None = None
        self._random = random.Random()
        self._loads = 0
        self._stale = True
        self._build()
        self._update_buttons()

    # -- layout --------------------------------------------------------------------------------

    def _build(self) -> None:
        self.chooser = DeckChooser(self.context)
        self.chooser.source_changed.connect(lambda _source: self._source_changed())
        self.seed = NumberField(grouped=False)
        self.seed.setObjectName("seed")
        self.seed.setRange(0, MAX_SEED)
        self.seed.setToolTip("The shuffle's seed: the same seed deals the same cards. "
                             "Type one and press Enter to deal it again.")
        self.seed.editingFinished.connect(lambda: self.deal(self.seed.value()))
        self.deal_button = QPushButton("&Deal New Hand")
        self.deal_button.setObjectName("dealButton")
        self.deal_button.setToolTip("Shuffle and deal five (after the five setup Sites)")
        self.deal_button.clicked.connect(lambda: self.deal())
        self.reshuffle_button = QPushButton("&Reshuffle")
        self.reshuffle_button.setObjectName("reshuffleButton")
        self.reshuffle_button.setToolTip(
            '"Game Setup": a hand with no Character may be revealed and reshuffled into the '
            "Destiny for a final five, once, before any other draw.")
        self.reshuffle_button.clicked.connect(self.reshuffle)
        self.draw_button = QPushButton("Draw a &Card")
        self.draw_button.setObjectName("drawButton")
        self.draw_button.clicked.connect(self.draw)
        self.round_button = QPushButton("Draw a R&ound (2)")
        self.round_button.setObjectName("drawRoundButton")
        self.round_button.setToolTip('Two cards, as at each "Coming of Order"')
        self.round_button.clicked.connect(self.draw_round)
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Deck:"))
        bar.addWidget(self.chooser, 1)
        bar.addWidget(QLabel("Seed:"))
        bar.addWidget(self.seed)
        for button in (self.deal_button, self.reshuffle_button, self.draw_button,
                       self.round_button):
            bar.addWidget(button)

        images = self.context.images
        self.circle = CardStrip(images, CIRCLE_WIDTH)
        self.circle.setObjectName("circleCards")
        self.circle.setFixedHeight(self.circle.gridSize().height() + 12)
        self.circle.setWrapping(False)
        self.hand_view = CardStrip(images, HAND_WIDTH)
        self.hand_view.setObjectName("handCards")
        self.info = QLabel()
        self.info.setObjectName("handInfo")
        self.info.setWordWrap(True)
        self.info.setTextFormat(Qt.TextFormat.RichText)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(QLabel("<b>The Circle</b> (the five Sites placed at setup)"))
        left_layout.addWidget(self.circle)
        self.hand_title = QLabel("<b>Hand</b>")
        left_layout.addWidget(self.hand_title)
        left_layout.addWidget(self.hand_view, 1)
        left_layout.addWidget(self.info)
        self.odds = OddsPanel()
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("sampleHandSplitter")
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.odds)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([850, 410])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(bar)
        layout.addWidget(self.splitter, 1)

    # -- dealing -------------------------------------------------------------------------------

    def _source_changed(self) -> None:
        if self.isVisible():
            self.deal()
        else:
            self._stale = True  # dealt when the screen is shown

    def deal(self, seed: int | None = None) -> None:
        """Read the chosen deck again and deal a new hand (a fresh seed if ``None``)."""
        self._stale = False
        self._pending_seed = seed if seed is not None else self._random.randrange(MAX_SEED)
        self._loads += 1
        load = self._loads
        task = self.chooser.load(
            on_done=lambda play: self._deck_loaded(play) if load == self._loads else None,
            on_error=lambda exc, details: (self._deck_failed(exc, details)
                                           if load == self._loads else None),
        )
        if task is None:
            self._show_problem("Choose a deck to deal from.")

    def _deck_loaded(self, play: PlayDeck) -> None:
        self.play = play
        if self._odds_for != play.records:
            self._odds_for = play.records
            self.odds.show_report(None)
            self.context.run(odds_for, play.records,
                             on_done=lambda report, records=play.records:
                             self._odds_ready(records, report),
                             on_error=self.context.error_handler("The odds were not computed"))
        seed = self._pending_seed if self._pending_seed is not None else 0
        self.deal_records(play.records, seed)

    def _odds_ready(self, records, report: dict) -> None:
        if records == self._odds_for:
            self.odds.show_report(report)

    def _deck_failed(self, exc: BaseException, _details: str) -> None:
        self.play = None
        self.session = None
        self._odds_for = None
        self.odds.show_report(None)
        self._show_problem(f"This deck cannot be dealt: {describe_error(exc)}")

    def deal_records(self, records, seed: int) -> HandSession | None:
        """Deal from ``records`` with ``seed`` (no deck read); returns the session."""
        self.seed.setValue(seed)
        try:
            self.session = HandSession(records, seed)
        except UserError as exc:
            self.session = None
            self._show_problem(f"This deck cannot be set up: {exc}")
            return None
        self._show()
        return self.session

    def reshuffle(self) -> None:
        """Reveal and reshuffle a hand with no Character ("Game Setup"), once."""
        if self.session is not None and self.session.may_reshuffle:
            self.session.reshuffle()
            self._show()

    def draw(self) -> None:
        """Draw the next card."""
        if self.session is not None:
            self.session.draw()
            self._show()

    def draw_round(self) -> None:
        """Draw a round's two cards."""
        if self.session is not None:
            self.session.draw_round()
            self._show()

    # -- showing -------------------------------------------------------------------------------

    def _show(self) -> None:
        session = self.session
        if session is None:
            return
        self.circle.set_cards([(r, r.name) for r in session.circle])
        cards = [(r, r.name) for r in session.opening]
        drawn = [r for group in session.drawn_groups for r in group]
        # one number per card drawn since the deal ("Draw 1" on both cards of a round
        # read as the same draw)
        cards += [(r, f"Drawn card {number}: {r.name}") for number, r in enumerate(drawn, 1)]
        self.hand_view.set_cards(cards)
        name = self.play.name if self.play else "the deck"
        self.hand_title.setText(
            f"<b>Hand</b> — {len(session.hand)} cards from {name}"
            + (f", {session.drawn} drawn after the opening five" if session.drawn else ""))
        lines = []
        revealed = session.revealed
        if revealed is not None:
            lines.append("The first hand had no Character and was revealed and reshuffled: "
                         + ", ".join(r.name for r in revealed) + ".")
        characters = session.characters_in_hand()
        lines.append(f"{characters} Character{'s' if characters != 1 else ''} in hand · "
                     f"{session.destiny_left} cards left in the Destiny.")
        if session.may_reshuffle:
            lines.append("<b>No Character in this hand:</b> you may reveal it and reshuffle "
                         "once (Reshuffle).")
        self.info.setStyleSheet("")
        self.info.setText("<br>".join(lines))
        self._update_buttons()

    def _show_problem(self, text: str) -> None:
        self.circle.set_cards([])
        self.hand_view.set_cards([])
        self.info.setStyleSheet(f"color: {error_color(self).name()}")
        self.info.setText(text)
        self._update_buttons()

    def _update_buttons(self) -> None:
        session = self.session
        dealt = session is not None
        self.reshuffle_button.setEnabled(bool(session and session.may_reshuffle))
        self.draw_button.setEnabled(bool(dealt and session.destiny_left))
        self.round_button.setEnabled(bool(dealt and session.destiny_left))

    # -- Screen hooks --------------------------------------------------------------------------

    def restart(self) -> None:
        """Play the chosen deck anew (called when the screen is shown stale)."""
        self.deal()

    def restore_state(self, settings) -> None:
        restore_splitter(settings, self.splitter, "sample-hand")

    def prepare_screenshot(self) -> None:
        demos = demo_deck_files()
        if demos:
            self.chooser.select(DEMO, str(demos[0]))
        self.deal(11)
        self.context.wait_idle()
        self.draw_round()
