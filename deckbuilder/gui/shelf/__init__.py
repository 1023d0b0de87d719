"""The Shelf screen: games with the user's copies and their completeness, parts lists
and the count view of a copy (issue 14)."""
