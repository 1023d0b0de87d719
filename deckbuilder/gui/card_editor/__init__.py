"""The card editor: correct any card's fields (a correction clears the estimated
mark), add new cards, attach a scan (issue "The desktop app", section 4)."""
