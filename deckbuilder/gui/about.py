"""Help > About: the app, and where its card data comes from."""

from __future__ import annotations

from importlib import metadata

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QVBoxLayout

from deckbuilder.gui.style import ESTIMATED_NOTE, estimated_html
from deckbuilder.services.cards import card_sources

SOURCES_TEXT = (
    "<p><b>Where the card data comes from</b></p>"
    "<p><b>Rulebook cards</b>{rulebook}: cards named in the rulebook of <i>Clive Barker's "
    "Imajica</i>, the Customizable Card Game (HarperPrism, 1997). Their values are the ones "
    "the rulebook states. A value the rulebook does not state is estimated and marked "
    "{mark}{estimated}: check it against your own card and correct it in the Card editor.</p>"
    "<p><b>Demo set</b>{demo}: invented cards, not cards of the 1997 set, so that decks "
    "can be built and played through before you enter your own cards.</p>"
    "<p><b>Your cards</b>{other}: cards you added or imported from a checklist.</p>"
)


def _version() -> str:
    try:
        return metadata.version("imajica-deckbuilder")
    except metadata.PackageNotFoundError:
        return "development copy"


def _goldfish_core() -> str:
    """"compiled" or "pure Python": the goldfish core this process plays on."""
    # lazy: the engine loads on first use, not with the main window
    from deckbuilder.engine.simulation.fastcore import core_name

    return core_name()


def sources_html(counts: dict[str, int] | None) -> str:
    """The data-sources paragraph.

    ``counts`` comes from :func:`deckbuilder.services.cards.card_sources` (``None``: not yet).
    """
    def n(key: str) -> str:
        return f" ({counts[key]:,})" if counts else ""

    estimated = ""
    if counts and counts["rulebook_estimated"]:
        estimated = f" ({counts['rulebook_estimated']} cards have at least one)"
    return SOURCES_TEXT.format(
        rulebook=n("rulebook"),
        demo=n("demo"),
        other=n("other"),
        mark=estimated_html("*"),
        estimated=estimated,
    )


class AboutDialog(QDialog):
    """The About box; the card counts are read in the background."""

    def __init__(self, context, parent=None):
        super().__init__(parent)
        self.setWindowTitle("About Imajica Deck Builder")
        self.setObjectName("aboutDialog")
        icon = QLabel()
        icon.setPixmap(QPixmap(parent.windowIcon().pixmap(96)) if parent else QPixmap())
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        title = QLabel(
            f"<h2>Imajica Deck Builder</h2><p>Version {_version()}<br>"
            f"Goldfish core: {_goldfish_core()}</p>"
            "<p>Deck builder, collection manager and goldfish player for "
            "<i>Clive Barker's Imajica</i> CCG (1997). An unofficial fan tool; "
            "<i>Imajica</i> and its card game are © their owners.</p>"
        )
        title.setObjectName("aboutTitle")
        title.setWordWrap(True)
        self.sources = QLabel(sources_html(None))
        self.sources.setObjectName("sources")
        self.sources.setWordWrap(True)
        self.sources.setTextFormat(Qt.TextFormat.RichText)
        note = QLabel(estimated_html(ESTIMATED_NOTE))
        note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        text = QVBoxLayout()
        for widget in (title, self.sources, note):
            text.addWidget(widget)
        top = QHBoxLayout()
        top.addWidget(icon)
        top.addLayout(text, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(buttons)
        self.setMinimumWidth(520)

        context.run(
            card_sources,
            context.db,
            on_done=lambda counts: self.sources.setText(sources_html(counts)),
        )
