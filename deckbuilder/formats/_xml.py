"""A small, safe XML reader and writer helpers for the XML deck formats.

Reading uses the standard library's expat parser (``xml.parsers.expat``) with the
precautions of defusedxml: any DOCTYPE declaration is refused (so no entity can be
declared, which rules out "billion laughs" and external-entity attacks), external
entities and parameter entities are never resolved, and nesting depth, element count
and input size are bounded. Every element keeps the line and column it starts at, so
readers can report unknown card names with their lines. Every failure is a
:class:`~deckbuilder.formats.errors.DeckFormatError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.parsers import expat

from deckbuilder.formats._common import check_size
from deckbuilder.formats.errors import DeckFormatError

MAX_DEPTH = 32
MAX_ELEMENTS = 100_000


@dataclass
class Element:
    """An XML element: ``tag``, ``attrs``, direct ``text`` (CDATA included), children,
    and the 1-based ``line`` and ``column`` of its start tag."""

    tag: str
    attrs: dict[str, str]
    line: int
    column: int
    children: list[Element] = field(default_factory=list)
    parts: list[str] = field(default_factory=list, repr=False)

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def find(self, tag: str) -> Element | None:
        """The first child called ``tag``, or ``None``."""
        return next((c for c in self.children if c.tag == tag), None)

    def findall(self, tag: str) -> list[Element]:
        return [c for c in self.children if c.tag == tag]


def parse_xml(data: str | bytes, path: str | None) -> Element:
    """The root :class:`Element` of ``data``; :class:`DeckFormatError` for anything that
    is not safe, well-formed XML (with the line and column expat reports)."""
    if not isinstance(data, str | bytes):
        raise TypeError(f"deck data must be str or bytes, not {type(data).__name__}")
    check_size(data, path)
    if not data.strip():
        raise DeckFormatError(path, None, None, "empty file: no cards")
    if isinstance(data, str):
        try:
            raw = data.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise DeckFormatError(path, None, None, f"bad text: {exc.reason}") from None
        parser = expat.ParserCreate(encoding="utf-8")
    else:
        raw = data
        parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.buffer_text = True

    stack: list[Element] = []
    roots: list[Element] = []
    count = 0

    def here() -> tuple[int, int]:
        return parser.CurrentLineNumber, parser.CurrentColumnNumber + 1

    def refuse(what: str) -> None:
        line, column = here()
        raise DeckFormatError(path, line, column, f"{what} are not allowed in a deck file")

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal count
        count += 1
        line, column = here()
        if len(stack) >= MAX_DEPTH:
            raise DeckFormatError(path, line, column, f"elements nested deeper than {MAX_DEPTH}")
        if count > MAX_ELEMENTS:
            raise DeckFormatError(path, line, column, f"more than {MAX_ELEMENTS} elements")
        element = Element(tag, dict(attrs), line, column)
        if stack:
            stack[-1].children.append(element)
        else:
            roots.append(element)
        stack.append(element)

    def end(tag: str) -> None:
        stack.pop()

    def characters(text: str) -> None:
        if stack:
            stack[-1].parts.append(text)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    parser.StartDoctypeDeclHandler = lambda *args: refuse("DOCTYPE declarations")
    parser.EntityDeclHandler = lambda *args: refuse("entity declarations")
    parser.UnparsedEntityDeclHandler = lambda *args: refuse("entity declarations")
    parser.ExternalEntityRefHandler = lambda *args: refuse("external entities")
    try:
        parser.Parse(raw, True)
    except expat.ExpatError as exc:
        message = expat.ErrorString(exc.code)
        raise DeckFormatError(
            path, exc.lineno, exc.offset + 1, f"not valid XML: {message}"
        ) from None
    except RecursionError:
        raise DeckFormatError(path, None, None, "XML nested too deeply") from None
    except (UnicodeError, LookupError, ValueError) as exc:
        if isinstance(exc, DeckFormatError):
            raise
        raise DeckFormatError(path, None, None, f"cannot decode the XML: {exc}") from None
    if not roots:
        raise DeckFormatError(path, None, None, "no XML element found")
    return roots[0]


def expect_root(root: Element, tag: str, path: str | None, what: str) -> None:
    """:class:`DeckFormatError` unless ``root`` is ``<tag>``."""
    if root.tag != tag:
        raise DeckFormatError(
            path, root.line, root.column,
            f"expected a {what} file (root element <{tag}>), found <{root.tag}>",
        )


def escape_text(text: str) -> str:
    """``text`` for XML character data."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def escape_attr(text: str) -> str:
    """``text`` for a double-quoted XML attribute value (whitespace kept as references)."""
    return (
        escape_text(text)
        .replace('"', "&quot;")
        .replace("\t", "&#9;")
        .replace("\n", "&#10;")
        .replace("\r", "&#13;")
    )


def cdata(text: str) -> str:
    """``text`` as CDATA section(s); a ``]]>`` inside is split across two sections."""
    return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"
