"""The SQLite schema, as SQLModel tables.

Catalogue tables (``card``, ``affiliation``, ``card_affiliation``) hold the card data;
bundled rows are rewritten when the app's card data changes. The user's own tables
(``collection_entry``, ``wishlist_entry``, ``deck``, ``deck_entry``, ``deck_version``,
``logged_game``, ``card_image``, ``card_correction``, ``shelf_copy``, ``shelf_count``,
``shelf_photo``, ``saved_game``, ``scan_batch``, ``scan_group``, ``scan_crop``) are never
rewritten by that sync; of ``shelf_game`` only the bundled games are. The schema is created and
upgraded only by the Alembic migrations in ``card_db/migrations``; this module is the
model the migrations are written against. Source for the characteristics: rulebook
"Types of Cards", "Anatomy of Cards", "Permanents and Instants", "Affiliations".
"""

from __future__ import annotations

import json
from datetime import UTC, date, datetime

from sqlalchemy import Index, LargeBinary, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from card_db.abilities import abilities_from_json, abilities_to_json
from card_db.records import CardRecord, CardType, Gender


def utcnow() -> datetime:
    return datetime.now(UTC)


class Card(SQLModel, table=True):
    """One catalogue card. ``key`` is the stable identity used by data syncs and imports.

    ``dominion``/``border_dominion`` hold the Home Dominion(s) (both ``None`` for
    Oviates). ``estimated`` is a JSON list of field names whose values are not printed
    facts; ``abilities`` is the JSON list from :mod:`card_db.abilities`. ``origin`` is
    ``"bundled"`` for rows owned by the app's data files and ``"user"`` for cards a
    user imported or added.

    ``ix_card_search`` (name, then every column the search compares) lets a first
    screen of search results walk the cards in name order without reading their rows
    (migration 0003, :mod:`card_db.search.compiler`).
    """

    __table_args__ = (
        Index(
            "ix_card_search",
            "name",
            "card_type",
            "dominion",
            "border_dominion",
            "permanent",
            "is_unique",
            "gender",
            "magic",
            "strength",
            "prime",
            "resistance",
            "deck_limit",
            "set_name",
            "rarity",
            "source",
            "estimated",
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(index=True, unique=True)
    name: str = Field(index=True, unique=True)
    card_type: str = Field(index=True)
    permanent: bool = True
    dominion: int | None = Field(default=None, index=True)
    border_dominion: int | None = Field(default=None, index=True)
    is_unique: bool = False
    gender: str | None = None
    magic: int | None = Field(default=None, index=True)
    strength: int | None = Field(default=None, index=True)
    prime: int | None = Field(default=None, index=True)
    resistance: int | None = Field(default=None, index=True)
    deck_limit: int | None = Field(default=None, index=True)
    traits: str = ""
    powers: str = ""
    activation_icon: str | None = None
    abilities: str = "[]"
    set_name: str = Field(default="", index=True)
    collector_number: str = ""
    rarity: str = ""
    artist: str = ""
    flavor_text: str = ""
    source: str = ""
    estimated: str = "[]"
    origin: str = "bundled"


class Affiliation(SQLModel, table=True):
    """An affiliation ("Affiliations"), stored as data so new ones need no code."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    description: str = ""


class CardAffiliation(SQLModel, table=True):
    __tablename__ = "card_affiliation"

    card_id: int = Field(foreign_key="card.id", primary_key=True, ondelete="CASCADE")
    affiliation_id: int = Field(foreign_key="affiliation.id", primary_key=True, index=True)


class CollectionEntry(SQLModel, table=True):
    """Copies of one card the user owns in one condition and place."""

    __tablename__ = "collection_entry"

    id: int | None = Field(default=None, primary_key=True)
    card_id: int = Field(foreign_key="card.id", index=True)
    quantity: int = 1
    condition: str = "Near Mint"
    location: str = ""
    notes: str = ""
    for_trade: int = 0
    date_added: datetime = Field(default_factory=utcnow)


class WishlistEntry(SQLModel, table=True):
    __tablename__ = "wishlist_entry"

    id: int | None = Field(default=None, primary_key=True)
    card_id: int = Field(foreign_key="card.id", index=True, unique=True)
    quantity: int = 1
    notes: str = ""
    date_added: datetime = Field(default_factory=utcnow)


class Deck(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    name: str
    author: str = ""
    notes: str = ""
    created: datetime = Field(default_factory=utcnow)
    modified: datetime = Field(default_factory=utcnow)
    #: Raised by one on every save: a save opened at an older version was overwritten
    #: elsewhere meanwhile (:class:`deckbuilder.services.decks.DeckChangedElsewhere`).
    version: int = Field(default=1, sa_column_kwargs={"server_default": "1"})


class SavedDeckEntry(SQLModel, table=True):
    """A stored entry of a saved deck (the stored form of a deck list's
    :class:`~deckbuilder.deck.decklist.DeckEntry`); ``zone`` is ``"main"`` or ``"side"``
    (sideboard)."""

    __tablename__ = "deck_entry"

    id: int | None = Field(default=None, primary_key=True)
    deck_id: int = Field(foreign_key="deck.id", index=True, ondelete="CASCADE")
    card_id: int = Field(foreign_key="card.id")
    count: int = 1
    zone: str = "main"


class DeckVersion(SQLModel, table=True):
    """One saved version of a saved deck (issue 23, section 1): every save of the deck
    adds a row and none is ever rewritten, so the version a save replaces (also one
    saved elsewhere and then overwritten) stays. ``cards`` is the JSON text
    ``{"main": [[name, count], ...], "side": [...]}``; ``author``: who saved it (the
    login name of the computer it was saved on); ``saved_at``: when (UTC)."""

    __tablename__ = "deck_version"
    __table_args__ = (UniqueConstraint("deck_id", "version"),)

    id: int | None = Field(default=None, primary_key=True)
    deck_id: int = Field(foreign_key="deck.id", index=True, ondelete="CASCADE")
    version: int
    saved_at: datetime = Field(default_factory=utcnow)
    author: str = ""
    name: str = ""
    notes: str = ""
    cards: str = "{}"


class LoggedGame(SQLModel, table=True):
    """A game in the match log (issue 23, section 2): ``played_on`` (a date), the
    ``deck`` played (a saved deck's name) and its ``version`` (``None``: unknown), the
    ``opponent`` (a name), the opponent's deck if known (``opponent_deck``: a saved
    deck's or a file's deck name) and ``opponent_affiliation``, who ``went`` first
    ("first", "second", "" unknown), the ``result`` ("win", "loss", "draw"), how it
    ``ended`` ("victory", "exhausted-destiny", "time", "concession", "" unknown), its
    ``rounds``, ``notes``, ``kind`` ("real" or "computer") and the computer's ``level``."""

    __tablename__ = "logged_game"

    id: int | None = Field(default=None, primary_key=True)
    played_on: date
    deck: str = Field(index=True)
    version: int | None = None
    opponent: str = ""
    opponent_deck: str = ""
    opponent_affiliation: str = ""
    went: str = ""
    result: str
    ended: str = ""
    rounds: int | None = None
    notes: str = ""
    kind: str = "real"
    level: str = ""
    added: datetime = Field(default_factory=utcnow)


class CardImage(SQLModel, table=True):
    """A user's photo or scan; ``path`` is relative to the image cache folder."""

    __tablename__ = "card_image"

    id: int | None = Field(default=None, primary_key=True)
    card_id: int = Field(foreign_key="card.id", index=True)
    path: str
    original_name: str = ""
    width: int = 0
    height: int = 0
    added: datetime = Field(default_factory=utcnow)


class CardCorrection(SQLModel, table=True):
    """A user's correction of one field, read from their physical card.

    ``value`` is JSON. Corrections survive data syncs: they are re-applied to the
    card row after every sync, and the field leaves the card's ``estimated`` list.
    """

    __tablename__ = "card_correction"

    id: int | None = Field(default=None, primary_key=True)
    card_id: int = Field(foreign_key="card.id", index=True)
    field: str
    value: str
    note: str = ""
    corrected_at: datetime = Field(default_factory=utcnow)


class ShelfGame(SQLModel, table=True):
    """A game on the shelf (issue 14): its definition kept as the TOML text of its
    game file (:mod:`card_db.games`), parsed when read.

    ``origin`` is ``"bundled"`` for the app's ``card_db/data/games/`` files (rewritten
    by the bundled-data sync) and ``"user"`` for a file the user imported.
    """

    __tablename__ = "shelf_game"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    origin: str = "bundled"
    definition: str
    imported: datetime = Field(default_factory=utcnow)


class ShelfCopy(SQLModel, table=True):
    """One copy of a game the user owns: where it is kept and its condition (box and
    components, on the card condition scale)."""

    __tablename__ = "shelf_copy"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="shelf_game.id", index=True, ondelete="CASCADE")
    location: str = ""
    box_condition: str = ""
    components_condition: str = ""
    notes: str = ""
    created: datetime = Field(default_factory=utcnow)
    #: The game edition the copy is (``""``: the one its game file's parts list describes).
    edition: str = Field(default="", sa_column_kwargs={"server_default": ""})


class ShelfCount(SQLModel, table=True):
    """The pieces of one component counted in one copy (``found``, ``damaged`` of
    them); a component with no row has not been counted yet."""

    __tablename__ = "shelf_count"

    copy_id: int = Field(foreign_key="shelf_copy.id", primary_key=True, ondelete="CASCADE")
    component: str = Field(primary_key=True)
    found: int = 0
    damaged: int = 0


class ShelfPhoto(SQLModel, table=True):
    """A user's photo of one copy of a game; ``path`` is relative to the image cache
    folder (thumbnails beside it, as for card scans)."""

    __tablename__ = "shelf_photo"

    id: int | None = Field(default=None, primary_key=True)
    copy_id: int = Field(foreign_key="shelf_copy.id", index=True, ondelete="CASCADE")
    path: str
    original_name: str = ""
    width: int = 0
    height: int = 0
    added: datetime = Field(default_factory=utcnow)


class SavedGame(SQLModel, table=True):
    """A game of the Play screen saved by the user (issue 13): ``record`` is its JSON
    text (:mod:`deckbuilder.engine.records.play_record`, ``format_version`` its layout), read
    back by replaying it through the rules engine; ``summary`` and ``finished`` are
    shown in the list without reading it."""

    __tablename__ = "saved_game"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    format_version: int
    summary: str = ""
    finished: bool = False
    record: str
    saved: datetime = Field(default_factory=utcnow)


class ScanBatch(SQLModel, table=True):
    """A batch of scanned or photographed images imported for review (issue 21): the
    ``location`` and ``condition`` its accepted copies get, how many ``images`` it read."""

    __tablename__ = "scan_batch"

    id: int | None = Field(default=None, primary_key=True)
    created: datetime = Field(default_factory=utcnow)
    location: str = ""
    condition: str = "Near Mint"
    images: int = 0
    cancelled: bool = False


class ScanGroup(SQLModel, table=True):
    """The crops of one batch that show the same printed card, awaiting review.

    ``status`` is ``pending``, ``accepted`` or ``rejected``; ``fields`` is JSON
    (checklist column -> ``[value, confidence]``) of the most confident reading of each
    field among its crops; ``match_name``/``match_score`` the catalogue card it was
    matched to (``""`` for none); ``best_crop`` the sharpest crop's path, relative to the
    image cache folder; ``card_id`` the card it was accepted as.
    """

    __tablename__ = "scan_group"

    id: int | None = Field(default=None, primary_key=True)
    batch_id: int = Field(foreign_key="scan_batch.id", index=True, ondelete="CASCADE")
    status: str = Field(default="pending", index=True)
    copies: int = 1
    name_read: str = ""
    name_confidence: float = 0.0
    fields: str = "{}"
    match_name: str = ""
    match_score: float = 0.0
    best_crop: str = ""
    hashes: str = ""
    card_id: int | None = Field(default=None, foreign_key="card.id", index=True)
    decided: datetime | None = None


class ScanCrop(SQLModel, table=True):
    """One card found in one image of a batch: the source ``file``, its ``corners``
    (JSON, 4 [x, y] image px clockwise from the upright top-left), the straightened
    crop's ``path`` (relative to the image cache folder) and perceptual ``hashes``."""

    __tablename__ = "scan_crop"

    id: int | None = Field(default=None, primary_key=True)
    group_id: int = Field(foreign_key="scan_group.id", index=True, ondelete="CASCADE")
    file: str
    corners: str
    path: str
    hashes: str
    name_read: str = ""
    sharpness: float = 0.0


class ChangeCounter(SQLModel, table=True):
    """One row (``id`` 1) whose ``counter`` every write transaction raises by one, with
    the names of the ``tables`` it wrote (space-separated), so other windows see what
    changed (:mod:`card_db.watch`)."""

    __tablename__ = "change_counter"

    id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    counter: int = 0
    tables: str = ""


class UndoStep(SQLModel, table=True):
    """One step of the undo history (:mod:`deckbuilder.services.undo_history`): what a
    user reads after "Undo " (``label``), the ``kind`` of step, when it was made, and
    whether it is ``undone`` (and when). Its rows are :class:`UndoRow`, written in the
    write's own transaction."""

    __tablename__ = "undo_step"
    __table_args__ = {"sqlite_autoincrement": True}  # ids never reused

    id: int | None = Field(default=None, primary_key=True)
    label: str
    kind: str
    created: datetime = Field(default_factory=utcnow)
    undone: bool = False
    undone_at: datetime | None = None


class UndoRow(SQLModel, table=True):
    """The rows of one ``key`` (e.g. a card id) a step changed: ``before`` and ``after``
    the write, each a JSON list of the table's rows (column name -> value)."""

    __tablename__ = "undo_row"

    step_id: int = Field(foreign_key="undo_step.id", primary_key=True)
    key: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    before: str = Field(sa_type=Text)
    after: str = Field(sa_type=Text)


class StoredImage(SQLModel, table=True):
    """The bytes of an image file of the cache folder (``path`` relative to it), kept in
    the database by ``deckbuilder db copy --with-images``."""

    __tablename__ = "stored_image"

    path: str = Field(primary_key=True)
    data: bytes = Field(sa_type=LargeBinary)


class Meta(SQLModel, table=True):
    """Key/value facts about the database, e.g. the bundled data's hash."""

    key: str = Field(primary_key=True)
    value: str = ""


def card_to_record(card: Card, affiliations: tuple[str, ...]) -> CardRecord:
    """Convert a ``Card`` row (plus its affiliation names) to a :class:`CardRecord`."""
    doms = tuple(d for d in (card.dominion, card.border_dominion) if d is not None)
    return CardRecord(
        name=card.name,
        card_type=CardType(card.card_type),
        permanent=card.permanent,
        dominions=doms,
        unique=card.is_unique,
        gender=Gender(card.gender) if card.gender else None,
        magic=card.magic,
        strength=card.strength,
        prime=card.prime,
        resistance=card.resistance,
        affiliations=affiliations,
        deck_limit=card.deck_limit,
        traits=card.traits,
        powers=card.powers,
        activation_icon=card.activation_icon,
        abilities=abilities_from_json(card.abilities),
        set_name=card.set_name,
        collector_number=card.collector_number,
        rarity=card.rarity,
        artist=card.artist,
        flavor_text=card.flavor_text,
        source=card.source,
        estimated=frozenset(json.loads(card.estimated or "[]")),
    )


def record_columns(record: CardRecord) -> dict:
    """The ``Card`` column values for a record (everything but ``id``, ``key``, ``origin``)."""
    doms = list(record.dominions) + [None, None]
    return {
        "name": record.name,
        "card_type": record.card_type.value,
        "permanent": record.permanent,
        "dominion": doms[0],
        "border_dominion": doms[1],
        "is_unique": record.unique,
        "gender": record.gender.value if record.gender else None,
        "magic": record.magic,
        "strength": record.strength,
        "prime": record.prime,
        "resistance": record.resistance,
        "deck_limit": record.deck_limit,
        "traits": record.traits,
        "powers": record.powers,
        "activation_icon": record.activation_icon,
        "abilities": abilities_to_json(record.abilities),
        "set_name": record.set_name,
        "collector_number": record.collector_number,
        "rarity": record.rarity,
        "artist": record.artist,
        "flavor_text": record.flavor_text,
        "source": record.source,
        "estimated": json.dumps(sorted(record.estimated)),
    }
