"""A game played to its middle for ``deckbuilder --screenshot``: the Play table mid-game.

Your demo deck against two computer rivals on demo decks, at the Instant speed; the
person's decisions are answered with the first move offered until the given round,
then the game is left waiting at the person's next move, so the picture shows a table
with Sites in the Circle, Allies in play and the moves on offer.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QCoreApplication, QEventLoop

from deckbuilder.services.deck_sources import DEMO, demo_deck_files

#: The round at which the table is shown, and the game's seed.
ROUND = 3
SEED = 7


def play_to_mid_game(screen, round_: int = ROUND, timeout: float = 60.0) -> bool:
    """Start a demo game on ``screen`` (the :class:`~.screen.PlayScreen`) and answer the
    person's decisions until round ``round_``.

    Returns True when the game waits for the person's move in that round or later
    (False if it ended first, or ``timeout`` seconds passed).
    """
    demos = demo_deck_files()
    if not demos:
        return False
    screen.mine.select(DEMO, str(demos[0]))
    screen.rivals.count.setValue(2)
    for k, chooser in enumerate(screen.rivals.choosers()[:2]):
        chooser.select(DEMO, str(demos[(k + 1) % len(demos)]))
    screen.speed.setCurrentText("Instant")
    screen.seed.setValue(SEED)
    screen.start_chosen()
    app = QCoreApplication.instance()
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        session = screen.session
        if screen.over:
            return False
        decision = screen.pending
        if session is None or decision is None:
            time.sleep(0.01)
            continue
        if decision.kind == "move" and session.game.table.round >= round_:
            return True
        screen.choose(0 if decision.options else None)
    return False
