"""The ``deckbuilder`` command line. Subcommands load lazily to keep start-up fast."""
