"""Help on the search language: the keys, their spellings and values, as a dialog.

The keys and their values come from :mod:`card_db.search.terms`, so a key added there
shows here (a test checks every spelling is listed); the sentences are this module's.
"""

from __future__ import annotations

import html
from collections import defaultdict

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from card_db.search import terms

#: What each searched characteristic means, in the order of the help table.
_MEANINGS = {
    "type": "card type: a type or the start of one of its words "
            f"({', '.join(terms.CARD_TYPES)}; also "
            + ", ".join(f"{alias} = {types[0]}" for alias, types in terms.TYPE_ALIASES.items())
            + ")",
    "dominion": "Home Dominion 1 to 5; 0, o or none: no Dominion (Oviates)",
    "prime": "Prime (a number; also = != < <= > >=)",
    "magic": "Magic (a number; also = != < <= > >=)",
    "strength": "Strength (a number; also = != < <= > >=)",
    "resistance": "Resistance of a Site (a number; also = != < <= > >=)",
    "deck_limit": "copies allowed per deck (a number)",
    "owned": "copies in your collection (a number)",
    "affiliation": "an affiliation starting with the value (aff:maestro)",
    "is": "a flag: " + ", ".join(terms.FLAGS),
    "gender": "gender: " + ", ".join(terms.GENDERS),
    "rarity": "rarity starting with the value",
    "set_name": "set name containing the value",
    "source": "data source containing the value",
    "name": "card name containing the value",
}

EXAMPLES = (
    ("gentle", "names or text containing “gentle”"),
    ('"roxborough tower"', "an exact phrase"),
    ("t:site d:3", "Sites of the Third Dominion"),
    ("prime<=3 -is:unique", "Prime at most 3, not unique"),
    ("aff:maestro or aff:vassal", "either affiliation"),
    ("(t:character str>5) owned:0", "strong Characters you do not own"),
)


def spellings() -> dict[str, list[str]]:
    """Characteristic -> its keys as written (``{"strength": ["strength", "str"]}``)."""
    keys: dict[str, list[str]] = defaultdict(list)
    for written, field in terms.KEYS.items():
        keys[field].append(written)
    return dict(keys)


def help_html() -> str:
    """The help page: how terms combine, every key with its spellings, examples."""
    rows = []
    for field, written in spellings().items():
        keys = " / ".join(f"<code>{html.escape(k)}:</code>" for k in written)
        rows.append(f"<tr><td>{keys}</td><td>{html.escape(_MEANINGS.get(field, field))}</td></tr>")
    examples = "".join(f"<tr><td><code>{html.escape(q)}</code></td><td>{html.escape(m)}</td></tr>"
                       for q, m in EXAMPLES)
    return (
        "<h3>Searching cards</h3>"
        "<p>Words search card names and text; put a phrase in \"quotes\". Terms side by "
        "side must all match; <code>or</code> between terms means either; <code>-</code> "
        "before a term means not; parentheses group. Keys are <code>key:value</code> and "
        "ignore case. The line under the search box says in words what the query finds.</p>"
        f"<table cellpadding='3'><tr><th align='left'>Key</th><th align='left'>Finds</th></tr>"
        f"{''.join(rows)}</table>"
        f"<h4>Examples</h4><table cellpadding='3'>{examples}</table>"
    )


class SearchHelpDialog(QDialog):
    """The search language's keys and examples (opened by "?" or Shift+F1 in the browser)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Search Help")
        self.setObjectName("searchHelp")
        self.resize(640, 560)
        self.text = QTextBrowser()
        self.text.setHtml(help_html())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
