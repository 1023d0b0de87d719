"""The Imajica rules engine: the table, the round, odds, sample hands and goldfishing.

Pure Python: no Qt, no database session, no SQLAlchemy, no scipy. Every module is
named for the rule it implements and cites the rulebook section
(``/work/shared/rulebook/imajica-ccg-rulebook.txt``). Everything is deterministic
under a seed.

Modules, one concept each:

* :mod:`.variant` -- rules options ("Shorter Games"); :mod:`.errors` -- ``RuleError``.
* :mod:`.cards` -- plain facts read from :class:`card_db.records.CardRecord`.
* :mod:`.deck` -- a deck turned into per-card integer arrays (the engine's hot data).
* :mod:`.destiny` -- the Destiny, a shuffled pile drawn lazily; :mod:`.rng` -- seeds.
* :mod:`.state` -- zones and the card-conservation invariant.
* :mod:`.setup` -- "Game Setup" and who acts first.
* :mod:`.influence`, :mod:`.paths`, :mod:`.contest`, :mod:`.seizure`,
  :mod:`.challenge`, :mod:`.alliances`, :mod:`.victory`, :mod:`.powers`,
  :mod:`.countering` -- the rules as pure functions, for any number of Autarchs.
* :mod:`.game` -- the rules applied to a :class:`~.state.Table`, with a log.
* :mod:`.order_of_play` -- the round, phase by phase, as a step generator.
* :mod:`.policy`, :mod:`.autopilot` -- the goldfish policy and the controller using it.
* :mod:`.fastpath` -- the same goldfish game on integer arrays, for statistics.
* :mod:`.goldfish_result` -- one game's result; :mod:`.goldfish_game` -- one game on the
  full engine, replayable step by step; :mod:`.goldfish` -- statistics over many games
  on the fast path, the process-pool runner; :mod:`.stalls` -- why a game did not win.
* :mod:`.odds` -- exact draw probabilities; :mod:`.hands` -- sample hands.
* :mod:`.sample_decks` -- generated records and decks for tests and benchmarks.

Typical use::

    from deckbuilder.engine.goldfish import run_games
    from deckbuilder.engine.goldfish_game import GoldfishGame
    game = GoldfishGame(records, seed=1, rounds=10)
    for step in game.steps():        # replay step by step
        print(*step.lines, sep="\\n")
    stats = run_games(records, games=10_000, seed=0, workers=2)
"""
