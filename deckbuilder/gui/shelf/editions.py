"""What the Shelf screen says about a game's editions and the rulebook contradictions its
data records (issue 25, section 4), and the choice of a copy's edition.

The same facts as ``deckbuilder shelf show`` (:class:`card_db.games.GameDefinition`'s
``editions`` and ``contradictions``), as HTML for a text view; each contradiction lists
every statement with its rulebook section and evidence, the one the app uses marked, and
why.
"""

from __future__ import annotations

from html import escape

from card_db.games import GameDefinition


def edition_choices(game: GameDefinition) -> list[tuple[str, str]]:
    """``(label, stored name)`` for each edition of ``game``: the game file's own first,
    stored as ``""``; ``[]`` for a game printed in one edition. A label reads
    ``Title (N pieces)``."""
    choices = []
    for index, edition in enumerate(game.all_editions()):
        choices.append((f"{edition.title} ({edition.total_components} pieces)",
                        "" if index == 0 else edition.name))
    return choices


def edition_title(game: GameDefinition, stored: str) -> str:
    """The title of the edition a copy records as ``stored`` (``""``: the file's own)."""
    for label, name in edition_choices(game):
        if name == stored:
            return label
    return stored


def details_html(game: GameDefinition) -> str:
    """The game's editions (each with its source) and its rulebook contradictions, as
    HTML; ``""`` when it has neither."""
    parts = []
    editions = game.all_editions()
    if editions:
        items = "".join(
            f"<li><b>{escape(e.title)}</b>: {e.total_components} pieces; "
            f"source: {_source(e.source)}</li>" for e in editions)
        parts.append(f"<p><b>Editions</b> (the first is the parts list shown for the "
                     f"game; a copy counts against its own)</p><ul>{items}</ul>")
    for contradiction in game.contradictions:
        rows = []
        for index, statement in enumerate(contradiction.statements):
            value = f" = {statement.value}" if statement.value is not None else ""
            used = " <b>(used)</b>" if index == contradiction.used else " (not used)"
            rows.append(f"<li>{escape(statement.source.section)}: "
                        f"“{escape(statement.source.evidence)}”{value}{used}</li>")
        parts.append(f"<p><b>Rulebook contradiction: {escape(contradiction.subject)}</b>"
                     f"</p><ul>{''.join(rows)}</ul><p>Why: {escape(contradiction.why)}</p>")
    return "".join(parts)


def _source(source: str) -> str:
    if source.startswith(("http://", "https://")):
        return f'<a href="{escape(source)}">{escape(source)}</a>'
    return escape(source)
