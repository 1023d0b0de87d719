"""The rulebook's worked examples on the Play screen (issue 13, section 4).

:class:`ScenarioPicker` is a drop-down of the examples
(:data:`~deckbuilder.engine.controllers.scenarios.SCENARIOS`), a choice of who plays the other
seats, and a "Play example" button. :func:`scenario_session` opens the chosen one on
the table: the person plays the Autarch whose turn the example is (seat 1) through the
same move list and card clicks as a normal game; every other seat either answers as
the rulebook's player does (defends, contests or not, as in the example) or is the
quick computer Autarch (which may answer otherwise, e.g. defend Gentle with Irish).
The example ends with that turn; it is not saved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from deckbuilder.engine.controllers.person import PersonController
from deckbuilder.engine.controllers.scenarios import SCENARIOS, Scenario, build, play_turn, scripted
from deckbuilder.engine.game.decisions import Controller
from deckbuilder.engine.simulation.match import computer_controller

if TYPE_CHECKING:
    from card_db.catalogue import Catalogue
    from deckbuilder.gui.play.session import PlaySession

#: The computer's level at the examples' other seats.
LEVEL = "quick"
#: Who plays the other seats: label -> whether they answer as the rulebook's players.
RIVALS = {"as in the rulebook": True, f"the computer ({LEVEL})": False}


def describe(key: str, as_rulebook: bool = True) -> str:
    """The status line for the example ``key``: its title, rulebook source and who
    plays whom. ``KeyError`` for an unknown key."""
    sc = SCENARIOS[key]
    you = sc.seats[sc.acting].name
    names = [s.name for k, s in enumerate(sc.seats) if k != sc.acting]
    others = ", ".join(names)
    one = len(names) == 1
    who = (("answers" if one else "answer") + " as in the rulebook" if as_rulebook
           else ("is" if one else "are") + f" the computer ({LEVEL})")
    return (f"Worked example: {sc.title} (rulebook: {sc.source}). You are {you}, whose "
            f"Ally phase it is; {others} {who}.")


def _others(sc: Scenario, as_rulebook: bool) -> list[Controller]:
    if not as_rulebook:
        return [computer_controller(LEVEL, k) for k in range(1, len(sc.seats))]
    # the other seats' choices in the script (their defences and contests), in order
    theirs = [entry for entry in sc.script if entry[0] != "move"]
    ask, _missing = scripted(theirs)
    return [PersonController(ask) for _ in range(1, len(sc.seats))]


def scenario_session(catalogue: Catalogue, key: str, delay: float,
                     as_rulebook: bool = True) -> PlaySession:
    """A :class:`~.session.PlaySession` on the worked example ``key`` (not started);
    the other seats answer as the rulebook's players (``as_rulebook``) or are the
    quick computer. ``KeyError`` for an unknown key; ``ValueError`` if the example's
    acting seat is not the first (the person plays seat 1)."""
    # lazy: the engine and the computer Autarchs load with the first game (start-up time)
    from deckbuilder.gui.play.session import PlaySession

    sc = SCENARIOS[key]
    if sc.acting != 0:
        raise ValueError(f"the person plays seat 1; {key!r} acts from seat {sc.acting + 1}")
    game = build(sc, catalogue.resolve)
    return PlaySession.from_game(
        game, play_turn, _others(sc, as_rulebook),
        f"The worked example ({sc.title}, rulebook: {sc.source}) is played out.", delay)


class ScenarioPicker(QWidget):
    """The worked examples by title, who plays the other seats (:data:`RIVALS`) and
    "Play example"; ``chosen(key)`` on the button."""

    chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.combo = QComboBox()
        self.combo.setObjectName("scenario")
        for sc in SCENARIOS.values():
            self.combo.addItem(sc.title, sc.key)
            self.combo.setItemData(self.combo.count() - 1, describe(sc.key),
                                   Qt.ItemDataRole.ToolTipRole)
        self.rivals = QComboBox()
        self.rivals.setObjectName("scenarioRivals")
        self.rivals.addItems(list(RIVALS))
        self.rivals.setToolTip("Who plays the other seats of the example")
        self.button = QPushButton("Play example")
        self.button.setObjectName("playScenario")
        self.button.setToolTip("Open the chosen worked example of the rulebook on the table")
        self.button.clicked.connect(lambda: self.chosen.emit(self.combo.currentData()))
        # the title on a line of its own: the setup panel stays narrow
        self.combo.setMinimumContentsLength(16)
        self.combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.combo)
        row = QHBoxLayout()
        row.addWidget(self.rivals, 1)
        row.addWidget(self.button)
        column.addLayout(row)

    def as_rulebook(self) -> bool:
        """Whether the other seats answer as the rulebook's players."""
        return RIVALS[self.rivals.currentText()]

    def select(self, key: str) -> bool:
        """Choose the example ``key``; False if there is none."""
        index = self.combo.findData(key)
        if index >= 0:
            self.combo.setCurrentIndex(index)
        return index >= 0
