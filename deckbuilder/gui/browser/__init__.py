"""The card browser: a lazily filled table and image grid, the search box with
inline errors, quick filters, and the detail pane (issue "The desktop app", section 1)."""
