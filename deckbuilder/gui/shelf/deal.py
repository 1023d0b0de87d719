"""The Mystic War deal on the Shelf screen: "3.0 Set Up" for 3 to 8 players, by seed,
from :func:`deckbuilder.shelf.mystic_war.deal` (the same deal as ``shelf deal``).

Each seat shows its Realm mat and resource disks, the starting Followers, Mystic
Power and Gold, its Wealth status, its secret Victory Condition (hidden until
"Reveal Victory Conditions" is ticked), its two Action cards and the cards shown when
it cut for First Player; below, the First Player, where the white-backed Judgment
lies, and what the rules leave open.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from card_db.games import GameDefinition
from deckbuilder.shelf import mystic_war
from deckbuilder.shelf.mystic_war import MysticWarDeal, PlayerSetup

HEADERS = ("Seat", "Realm", "Followers", "Mystic Power", "Gold", "Wealth",
           "Victory Condition", "Action cards", "Cut for First Player")
SEAT, REALM, FOLLOWERS, POWER, GOLD, WEALTH, VICTORY, HAND, CUT = range(len(HEADERS))
HIDDEN = "(secret)"


def realm_text(player: PlayerSetup) -> str:
    """The Realm mat and its disks, e.g. ``Realm mat; disks: 2 green, 2 red, 3 yellow``."""
    disks = ", ".join(f"{n} {colour}" for colour, n in player.disks.items())
    return f"Realm mat; disks: {disks}"


def judgment_text(deal: MysticWarDeal) -> str:
    """Where the white-backed Judgment lies after set-up."""
    return (f"Judgment: the white-backed Judgment lies face up and sideways under the "
            f"Action Card Deck ({len(deal.deck)} cards, it is the last).")


class DealDialog(QDialog):
    """Deal Mystic War for a number of players and a seed; deal again at will."""

    def __init__(self, game: GameDefinition, parent: QWidget | None = None):
        super().__init__(parent)
        self.game = game
        self.deal: MysticWarDeal | None = None
        self.setWindowTitle(f"Deal {game.name}")
        self.setObjectName("shelfDeal")
        self.players = QSpinBox()
        self.players.setRange(game.players.min, game.players.max or 8)
        self.players.setValue(4)
        self.seed = QLineEdit()
        self.seed.setPlaceholderText("random")
        self.seed.setMaximumWidth(140)
        self.deal_button = QPushButton("Deal")
        self.deal_button.setDefault(True)
        self.deal_button.clicked.connect(lambda: self.deal_again())
        self.reveal = QCheckBox("Reveal Victory Conditions")
        self.reveal.toggled.connect(lambda _on: self._show_victory())
        controls = QHBoxLayout()
        for widget in (QLabel("Players"), self.players, QLabel("Seed"), self.seed,
                       self.deal_button):
            controls.addWidget(widget)
        controls.addStretch(1)
        controls.addWidget(self.reveal)
        self.first = QLabel()
        self.first.setObjectName("shelfDealFirst")
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setHorizontalHeaderLabels(HEADERS)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.judgment = QLabel()
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(self.first)
        layout.addWidget(self.table)
        layout.addWidget(self.judgment)
        layout.addWidget(self.notes)
        layout.addWidget(buttons)
        self.resize(1180, 440)

    def deal_again(self) -> MysticWarDeal | None:
        """Deal for the players and seed given (a random seed if none, shown after);
        a seed that is not a whole number is refused in the seed box's tooltip."""
        text = self.seed.text().strip()
        if text and not text.isdigit():
            self.seed.setToolTip("The seed is a whole number >= 0")
            self.seed.setStyleSheet("border: 1px solid #b3261e;")
            return None
        self.seed.setStyleSheet("")
        self.deal = mystic_war.deal(self.game, self.players.value(),
                                    int(text) if text else None)
        self.seed.setText(str(self.deal.seed))
        self._show()
        return self.deal

    def _show(self) -> None:
        deal = self.deal
        estimated = " (drawn by lot: estimated, see below)" if deal.first_player_estimated else ""
        self.first.setText(f"Seed {deal.seed}. First Player: seat {deal.first_player}"
                           f"{estimated}.")
        self.table.setRowCount(len(deal.players))
        for row, player in enumerate(deal.players):
            cells = {SEAT: str(player.seat), REALM: realm_text(player),
                     FOLLOWERS: str(player.resources["Followers"]),
                     POWER: str(player.resources["Mystic Power"]),
                     GOLD: str(player.resources["Gold"]), WEALTH: player.wealth,
                     HAND: ", ".join(card.name for card in player.hand),
                     CUT: ", ".join(card.name for card in player.cut)}
            for column, text in cells.items():
                self.table.setItem(row, column, QTableWidgetItem(text))
        self._show_victory()
        self.table.resizeRowsToContents()
        self.judgment.setText(judgment_text(deal))
        self.notes.setText("\n".join(f"Note: {note}" for note in deal.notes))

    def _show_victory(self) -> None:
        if self.deal is None:
            return
        for row, player in enumerate(self.deal.players):
            text = player.victory_condition if self.reveal.isChecked() else HIDDEN
            self.table.setItem(row, VICTORY, QTableWidgetItem(text))
