"""Recursive-descent parser from a query string to a :class:`~card_db.search.nodes.Query`.

Grammar (``or`` and ``and`` are case-insensitive; ``and`` binds tighter than ``or``;
writing two terms side by side means ``and``)::

    query   := [ or ] END
    or      := and ( "or" and )*
    and     := unary ( ["and"] unary )*
    unary   := "-" unary | primary
    primary := "(" or ")" | TERM | WORD | PHRASE

A query may hold at most :data:`MAX_TERMS` terms nested at most :data:`MAX_DEPTH`
deep, so that any string is either parsed or refused with a
:class:`SearchSyntaxError`, never a crash.
"""

from __future__ import annotations

from dataclasses import replace

from card_db.search.errors import SearchSyntaxError
from card_db.search.nodes import And, FreeText, Node, Not, Or, Query
from card_db.search.terms import term_node
from card_db.search.tokens import AND, END, LPAREN, NOT, OR, PHRASE, RPAREN, TERM, WORD, tokenize

MAX_TERMS = 200
MAX_DEPTH = 64

_STARTS_TERM = frozenset({LPAREN, NOT, WORD, PHRASE, TERM})
_TERM_HINT = "a word, a \"phrase\", a key:value term such as t:site, or '('"


def _has_searchable_text(text: str) -> bool:
    return any(ch.isalnum() for ch in text)


class _Parser:
    def __init__(self, query: str):
        self.tokens = tokenize(query)
        self.index = 0
        self.depth = 0
        self.terms = 0

    @property
    def token(self):
        return self.tokens[self.index]

    def advance(self):
        token = self.tokens[self.index]
        self.index += 1
        return token

    def expect_term(self, after: str) -> None:
        """Raise unless the current token can start a term; ``after`` names what came before."""
        token = self.token
        if token.kind in _STARTS_TERM:
            return
        if token.kind == END:
            raise SearchSyntaxError(token.start, f"a term after {after}")
        detail = f"expected a term after {after}, not {token.value!r}"
        raise SearchSyntaxError(token.start, f"a term after {after}", detail)

    def enter(self, position: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise SearchSyntaxError(
                position, f"at most {MAX_DEPTH} nested '(' or '-'", "the query is nested too deeply"
            )

    def expect_term_after(self, token) -> None:
        self.expect_term(f"'{token.value}'")

    def parse_or(self) -> Node:
        items = [self.parse_and()]
        while self.token.kind == OR:
            self.expect_term_after(self.advance())
            items.append(self.parse_and())
        return items[0] if len(items) == 1 else Or(tuple(items), **_span(items))

    def parse_and(self) -> Node:
        items = [self.parse_unary()]
        while True:
            if self.token.kind == AND:
                self.expect_term_after(self.advance())
            elif self.token.kind not in _STARTS_TERM:
                break
            items.append(self.parse_unary())
        return items[0] if len(items) == 1 else And(tuple(items), **_span(items))

    def parse_unary(self) -> Node:
        if self.token.kind != NOT:
            return self.parse_primary()
        minus = self.advance()
        self.expect_term_after(minus)
        self.enter(minus.start)
        item = self.parse_unary()
        self.depth -= 1
        return Not(item, start=minus.start, end=item.end)

    def parse_primary(self) -> Node:
        token = self.token
        if token.kind == LPAREN:
            return self.parse_group()
        if token.kind in (WORD, PHRASE, TERM):
            self.advance()
            self.terms += 1
            if self.terms > MAX_TERMS:
                raise SearchSyntaxError(
                    token.start, f"at most {MAX_TERMS} terms", "the query has too many terms"
                )
            return term_node(token) if token.kind == TERM else _free_text(token)
        if token.kind == RPAREN:
            raise SearchSyntaxError(token.start, _TERM_HINT, "expected a term before ')'")
        if token.kind in (OR, AND):
            raise SearchSyntaxError(
                token.start, _TERM_HINT, f"expected a term before '{token.value}'"
            )
        raise SearchSyntaxError(token.start, _TERM_HINT)

    def parse_group(self) -> Node:
        opening = self.advance()
        if self.token.kind == RPAREN:
            raise SearchSyntaxError(self.token.start, "a term inside '()'")
        self.expect_term(f"'(' at position {opening.start}")
        self.enter(opening.start)
        item = self.parse_or()
        self.depth -= 1
        closing = self.token
        if closing.kind != RPAREN:
            raise SearchSyntaxError(
                closing.start, f"')' to close the '(' at position {opening.start}"
            )
        self.advance()
        return replace(item, start=opening.start, end=closing.end)


def _span(items: list[Node]) -> dict[str, int]:
    return {"start": items[0].start, "end": items[-1].end}


def _free_text(token) -> FreeText:
    if not _has_searchable_text(token.value):
        raise SearchSyntaxError(
            token.start,
            "letters or digits in a word or phrase",
            f"expected letters or digits in {token.value!r} (write values as key:value, "
            "for example prime<=3)",
        )
    return FreeText(token.value, token.kind == PHRASE, start=token.start, end=token.end)


def parse(query: str) -> Query:
    """Parse ``query`` into a :class:`Query` (``root=None`` for a blank query).

    Raises :class:`SearchSyntaxError` with the 0-based ``position`` and what was
    ``expected`` there. Never raises anything else for any ``str``.
    """
    parser = _Parser(query)
    if parser.token.kind == END:
        return Query(query, None)
    root = parser.parse_or()
    token = parser.token
    if token.kind == RPAREN:
        raise SearchSyntaxError(
            token.start, "a term or the end of the query", "unexpected ')' with no '(' to close"
        )
    if token.kind != END:
        raise SearchSyntaxError(token.start, "the end of the query")
    return Query(query, root)
