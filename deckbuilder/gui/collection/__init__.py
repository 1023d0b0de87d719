"""The collection screen: owned copies edited in place, the wishlist and trade flags,
CSV import with a preview and export, and completion per set (issue "The desktop
app", section 3)."""
