"""The match log (issue 23, section 2): a record per game played with a deck, its
statistics and its CSV form. Pure Python: no Qt, no database (the services store it)."""
