"""Entry script of the standalone build: the same as the ``deckbuilder`` console script.

PyInstaller freezes this file (see ``packaging/deckbuilder.spec``); with no
arguments the program opens the desktop app, ``--screenshot DIR`` renders the
screenshots offscreen, and every ``deckbuilder`` subcommand works as usual.
"""

from deckbuilder.cli.main import main

if __name__ == "__main__":
    main()
