"""Splitting a query string into tokens, each with its character position.

Token kinds: ``(``, ``)``, ``-`` (negation, when it starts a term), ``or``/``and``
(case-insensitive bare words), ``word`` (free text), ``phrase`` (``"quoted text"``),
``term`` (``key`` + operator + value, e.g. ``prime<=3`` or ``set:"demo set"``) and
``end``. Whether a key and value make sense is decided by the parser.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from card_db.search.errors import SearchSyntaxError

LPAREN, RPAREN, NOT, OR, AND = "(", ")", "-", "or", "and"
WORD, PHRASE, TERM, END = "word", "phrase", "term", "end"

_KEY_OP = re.compile(r"([A-Za-z_]+)(<=|>=|!=|:|=|<|>)", re.ASCII)
_STOP = frozenset('()"')


@dataclass(frozen=True)
class Token:
    """One token. ``start``/``end`` are character offsets in the query (end exclusive).

    For ``term`` tokens ``key`` is the key as written, ``op`` the operator,
    ``value`` the value (quotes removed) and ``value_start`` where the value begins.
    For ``word`` and ``phrase`` tokens ``value`` is the text (quotes removed).
    """

    kind: str
    start: int
    end: int
    value: str = ""
    key: str = ""
    op: str = ""
    value_start: int = 0


def _check_text(query: str) -> None:
    """Refuse lone surrogates (not encodable) and control characters other than
    whitespace (SQLite reads NUL as the end of an FTS5 query)."""
    for index, char in enumerate(query):
        if 0xD800 <= ord(char) <= 0xDFFF or (
            unicodedata.category(char) == "Cc" and not char.isspace()
        ):
            raise SearchSyntaxError(
                index, "text", f"the character at this position is not valid text ({char!r})"
            )


def _phrase_end(query: str, quote: int) -> int:
    """Index of the quote closing the phrase opened at ``quote``."""
    close = query.find('"', quote + 1)
    if close < 0:
        raise SearchSyntaxError(
            len(query), f"a closing '\"' for the phrase opened at position {quote}"
        )
    return close


def _bare_end(query: str, start: int) -> int:
    end = start
    while end < len(query) and not query[end].isspace() and query[end] not in _STOP:
        end += 1
    return end


def _bare_token(query: str, start: int) -> Token:
    end = _bare_end(query, start)
    text = query[start:end]
    match = _KEY_OP.match(text)
    if match is None:
        folded = text.casefold()
        if folded in (OR, AND):
            return Token(folded, start, end, text)
        return Token(WORD, start, end, text)
    key, op = match.group(1), match.group(2)
    value_start = start + match.end()
    if value_start == end and end < len(query) and query[end] == '"':
        close = _phrase_end(query, end)
        return Token(TERM, start, close + 1, query[end + 1 : close], key, op, value_start=end + 1)
    return Token(TERM, start, end, query[value_start:end], key, op, value_start=value_start)


def tokenize(query: str) -> list[Token]:
    """The tokens of ``query``, ending with an ``end`` token at ``len(query)``.

    Raises :class:`SearchSyntaxError` for an unclosed ``"``, a lone surrogate or a
    control character other than whitespace.
    """
    _check_text(query)
    tokens: list[Token] = []
    index = 0
    while index < len(query):
        char = query[index]
        if char.isspace():
            index += 1
        elif char in "()-":
            tokens.append(Token(char, index, index + 1, char))
            index += 1
        elif char == '"':
            close = _phrase_end(query, index)
            tokens.append(Token(PHRASE, index, close + 1, query[index + 1 : close]))
            index = close + 1
        else:
            token = _bare_token(query, index)
            tokens.append(token)
            index = token.end
    tokens.append(Token(END, len(query), len(query)))
    return tokens
