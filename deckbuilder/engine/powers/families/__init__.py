"""One module per card power family, each defining ``FAMILY`` (a
:class:`~deckbuilder.engine.powers.registry.PowerFamily`); see :mod:`..registry`. Modules
whose names start with ``_`` are helpers, not families."""
