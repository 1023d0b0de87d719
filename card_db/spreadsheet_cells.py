"""Spreadsheet-safe CSV cells: text that a spreadsheet would run as a formula is
written with a leading single quote, and read back unchanged.

Source: OWASP, "CSV Injection": a cell starting with ``=``, ``+``, ``-``, ``@``, a tab
or a carriage return may be run as a formula when the file is opened in a
spreadsheet; prefixing a single quote makes it text. Every CSV writer of the app
passes its text cells through :func:`protect_cell` and every CSV reader passes every
cell through :func:`unprotect_cell`, so names such as ``-Rebel-`` survive a round
trip. Numbers are written as they are (a negative number stays a number); a reader
accepts them quoted too.

The mapping is exact both ways: a text that already starts with quotes followed by
one of those characters (``'=x``) gets one more quote, and the reader removes exactly
one, so ``unprotect_cell(protect_cell(t)) == t`` for every string ``t``.
"""

from __future__ import annotations

import re

#: Characters that make a spreadsheet read a cell as a formula when they come first.
FORMULA_STARTS = "=+-@\t\r"

_NEEDS_QUOTE = re.compile(r"'*[=+\-@\t\r]")
_QUOTED = re.compile(r"'+[=+\-@\t\r]")


def protect_cell(text: str) -> str:
    """``text`` as a CSV cell a spreadsheet shows as text: a single quote is put
    before it if it starts (after any quotes) with one of :data:`FORMULA_STARTS`."""
    return "'" + text if _NEEDS_QUOTE.match(text) else text


def unprotect_cell(text: str) -> str:
    """A cell read from CSV with the quote :func:`protect_cell` added taken off (one
    quote, only before quotes and one of :data:`FORMULA_STARTS`); other text as is."""
    return text[1:] if _QUOTED.match(text) else text
