"""The controllers: who makes an Autarch's decisions, each answering
:meth:`~deckbuilder.engine.game.decisions.Controller.choose` with an action: the quick
and strong computer levels, the person on the Play screen, the goldfish autopilot, and
the rulebook's worked examples.
"""
