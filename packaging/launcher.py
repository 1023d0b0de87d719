"""Entry script of the standalone build: the same as the ``deckbuilder`` console script.

PyInstaller freezes this file (see ``packaging/deckbuilder.spec``); with no
arguments the program opens the desktop app, ``--screenshot DIR`` renders the
screenshots offscreen, and every ``deckbuilder`` subcommand works as usual.
``freeze_support`` lets ``deckbuilder goldfish --workers N`` start its worker
processes from the frozen program under any multiprocessing start method.
"""

import multiprocessing

from deckbuilder.cli.main import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    main()
