"""Drag and drop of cards between screens.

A drag from the card browser carries :data:`CARD_MIME_TYPE` with the card names,
one per line, UTF-8 (usually one name). The deck editor accepts it.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QMimeData

CARD_MIME_TYPE = "application/x-imajica-card"


def card_mime_data(names: Iterable[str]) -> QMimeData:
    """Mime data carrying ``names`` as :data:`CARD_MIME_TYPE` and as plain text."""
    text = "\n".join(names)
    mime = QMimeData()
    mime.setData(CARD_MIME_TYPE, text.encode("utf-8"))
    mime.setText(text)
    return mime


def card_names(mime: QMimeData) -> list[str]:
    """The card names a drop carries (empty if it is not a card drag)."""
    if not mime.hasFormat(CARD_MIME_TYPE):
        return []
    text = bytes(mime.data(CARD_MIME_TYPE).data()).decode("utf-8", errors="replace")
    return [line for line in text.splitlines() if line.strip()]
