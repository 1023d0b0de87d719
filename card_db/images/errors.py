"""The one error the card image layer raises for bad files and failed writes."""

from __future__ import annotations

from card_db.errors import UserError


class CardImageError(UserError):
    """A card image could not be read, rendered or written.

    The message names the file and says what went wrong in words a user can act
    on (not an image, corrupt or truncated, too large, disk full, ...).
    """
