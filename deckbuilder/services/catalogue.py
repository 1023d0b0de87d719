"""The card catalogue read from the user's database."""

from __future__ import annotations

from card_db.catalogue import Catalogue
from card_db.userdb import UserDatabase


def load_catalogue(db: UserDatabase) -> Catalogue:
    """Every card in the user's database (:meth:`card_db.userdb.UserDatabase.catalogue`:
    loaded once, kept until a write changes card data)."""
    return db.catalogue()
