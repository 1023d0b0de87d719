"""The deck editor screen: decks in tabs, grouped lists, live legality and statistics,
undo and redo, saving, opening, importing and exporting (issue "The desktop app", 2)."""
