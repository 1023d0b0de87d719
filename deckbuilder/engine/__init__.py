"""The Imajica rules engine: the table, the round, odds, sample hands and goldfishing.

Pure Python: no Qt, no database session, no SQLAlchemy, no scipy. Every module is
named for the rule it implements and cites the rulebook section
(``/work/shared/rulebook/imajica-ccg-rulebook.txt``). Everything is deterministic
under a seed.

Packages, one concern each:

* :mod:`.rules` -- the rules as pure functions, by rulebook section (setup, influence,
  Paths, contests, seizures, challenges, alliances, victory, variants, errors, rulings,
  rules revisions).
* :mod:`.powers` -- card powers read from printed text, and which of them are played.
* :mod:`.table` -- the table and its zones, the Destiny, the seeds.
* :mod:`.game` -- :class:`~.game.Game` (the rules applied to the table, one module per
  part of play) and the action interface on it: actions, decisions, legal actions,
  the sequence of play (``flow``), ``clone``, ``order_of_play``.
* :mod:`.controllers` -- who decides: the computer levels, the person, the goldfish
  autopilot, the rulebook's worked examples.
* :mod:`.simulation` -- the goldfish cores (full engine, fast path, compiled core),
  statistics, odds, sample hands and decks, tuning, matches.
* :mod:`.records` -- saved games and their replay.

``rules``, ``powers`` and ``table`` import nothing from ``controllers`` or
``simulation`` (``tests/test_architecture.py``).

Typical use::

    from deckbuilder.engine.simulation.goldfish import run_games
    from deckbuilder.engine.simulation.goldfish_game import GoldfishGame
    game = GoldfishGame(records, seed=1, rounds=10)
    for step in game.steps():        # replay step by step
        print(*step.lines, sep="\\n")
    stats = run_games(records, games=10_000, seed=0, workers=2)
"""
