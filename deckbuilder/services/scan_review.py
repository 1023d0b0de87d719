"""Scanned batches stored for review, and accepting or rejecting what was read (issue 21).

:func:`import_batch` runs :func:`deckbuilder.scan.batch.read_batch` over images and
folders and stores one ``scan_batch`` with its ``scan_group`` and ``scan_crop`` rows and
the straightened crops (JPEG, under ``scan-crops/`` in the image cache folder): all of
it or, on an error, none of it. A cancelled read stores what was read.

:func:`accept_groups` accepts groups in one transaction and one undoable step: a group
matched to a catalogue card adds its copies to the collection (the batch's condition
and location) and attaches its best crop as the card's scan where the card has none; an
unknown card first joins the catalogue, its ``source`` the user's scan and the date.
Each field the user stated is a fact; each field left as read is marked estimated
(:attr:`card_db.records.CardRecord.estimated`).
"""

from __future__ import annotations

import json
import secrets
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

from card_db.errors import UserError
from card_db.names import fold_name
from card_db.records import CHARACTERISTIC_FIELDS, Condition
from card_db.userdb import UserDatabase
from deckbuilder.services.changes import Changes, Outcome, Reversal

#: Folder of the image cache holding the crops of stored batches.
CROPS_FOLDER = "scan-crops"
#: Checklist column -> the characteristic it is marked estimated as.
ESTIMATED_AS = {"type": "card_type"}


class ScanReviewError(UserError):
    """A scan review request that cannot be done (unknown or decided group, bad field)."""


@dataclass(frozen=True)
class ScanImport:
    """What :func:`import_batch` stored: the batch id, its groups' ids, how many images
    were read, the per-image ``errors`` (file, message), the groups accepted at once
    (``--accept-known``), whether the read was cancelled, and the ``changes``."""

    batch_id: int
    group_ids: list[int]
    images_read: int
    cards_found: int
    errors: list[tuple[str, str]]
    accepted: list[int]
    cancelled: bool
    changes: Changes


@dataclass(frozen=True)
class PendingGroup:
    """A group awaiting review: ``fields`` maps checklist columns to (value, confidence);
    ``match_name`` is ``""`` if no catalogue card matched; ``best_crop`` an absolute path."""

    id: int
    batch_id: int
    location: str
    condition: str
    copies: int
    name_read: str
    name_confidence: float
    match_name: str
    match_score: float
    fields: dict[str, tuple[str, float]]
    best_crop: Path

    def to_json(self) -> dict:
        return {"id": self.id, "batch": self.batch_id, "location": self.location,
                "condition": self.condition, "copies": self.copies,
                "name_read": self.name_read,
                "name_confidence": round(self.name_confidence, 3),
                "match": ({"name": self.match_name, "score": round(self.match_score, 3)}
                          if self.match_name else None),
                "fields": {k: {"value": v, "confidence": round(c, 3)}
                           for k, (v, c) in self.fields.items()},
                "crop": str(self.best_crop)}


@dataclass(frozen=True)
class Decision:
    """Accept group ``group_id`` as the card ``name`` (default: its match, else the name
    read) with the ``fields`` the user stated (checklist column -> text)."""

    group_id: int
    name: str | None = None
    fields: dict[str, str] = field(default_factory=dict)


def _cache() -> Path:
    # lazy: SQLModel, the table models and the scan extra load only when used
    from card_db.images.scans import image_cache_dir  # lazy: Pillow and platformdirs

    return image_cache_dir()


def known_hashes(db: UserDatabase) -> list[tuple[str, object]]:
    """(card name, :class:`~deckbuilder.scan.grouping.CardHash`) of every crop the user
    accepted as a card: a new crop of the same printed card matches it by image."""
    # lazy: SQLModel, the table models and the scan extra load only when used
    from deckbuilder.scan.grouping import CardHash

    with db.read() as conn:
        rows = conn.execute(
            "SELECT c.name, g.hashes FROM scan_group g JOIN card c ON c.id = g.card_id "
            "WHERE g.status = 'accepted' AND g.hashes != ''").fetchall()
    return [(name, CardHash.from_hex(hashes)) for name, hashes in rows]


def import_batch(
    db: UserDatabase,
    paths: Sequence[str | Path],
    *,
    location: str = "",
    condition: str = Condition.NEAR_MINT.value,
    accept_known: bool = False,
    progress: Callable[[int, int, Path], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> ScanImport:
    """Read every image of ``paths`` (files, or folders searched for images) and store
    the batch for review; see the module docstring.

    Raises :class:`ScanReviewError` if ``condition`` is not on the condition scale, no
    image file was given or none could be read (nothing is stored then), and
    :class:`deckbuilder.scan.ScanUnavailable` if the scan extra is not installed.
    """
    # lazy: SQLModel, the table models and the scan extra load only when used
    from deckbuilder.scan import require_scanning

    require_scanning()
    # lazy: SQLModel, the table models and the scan extra load only when used
    import cv2

    from deckbuilder.scan.batch import read_batch
    from deckbuilder.scan.loading import image_files
    from deckbuilder.scan.matching import SURE_SCORE, NameIndex

    if condition not in {c.value for c in Condition}:
        raise ScanReviewError(f"unknown condition {condition!r} (one of: "
                              f"{', '.join(c.value for c in Condition)})")
    files = image_files(list(paths))
    if not files:
        raise ScanReviewError("no image files found in " + ", ".join(map(str, paths)))
    cache = _cache()
    staging = cache / CROPS_FOLDER / f".staging-{secrets.token_hex(6)}"
    staging.mkdir(parents=True, exist_ok=True)

    def keep(crop, image_index: int, card_index: int) -> str:
        name = f"{image_index:05d}-{card_index:02d}.jpg"
        if not cv2.imwrite(str(staging / name), crop, [cv2.IMWRITE_JPEG_QUALITY, 90]):
            raise ScanReviewError(f"{staging}: cannot write a crop (disk full?)")
        return name

    try:
        batch = read_batch(files, NameIndex(r.name for r in db.catalogue()), known_hashes(db),
                           on_crop=keep, progress=progress, should_stop=should_stop)
        if batch.readable == 0 and not batch.cancelled:
            errors = "; ".join(image.error or "" for image in batch.images)
            raise ScanReviewError(f"no image could be read: {errors}")
        stored = _store(db, batch, staging, location, condition)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    errors = [(str(image.file), image.error) for image in batch.images if image.error]
    changes = Changes(label=f"Import scan batch {stored[0]}")
    accepted: list[int] = []
    if accept_known:
        sure = [gid for gid, group in zip(stored[1], batch.groups, strict=True)
                if group.match is not None and group.match.score >= SURE_SCORE]
        if sure:
            changes = accept_groups(db, [Decision(gid) for gid in sure]).changes
            accepted = sure
    found = sum(len(image.cards) for image in batch.images)
    return ScanImport(stored[0], stored[1], batch.readable, found, errors, accepted,
                      batch.cancelled, changes)


def _store(db: UserDatabase, batch, staging: Path, location: str,
           condition: str) -> tuple[int, list[int]]:
    # lazy: SQLModel, the table models and the scan extra load only when used
    from card_db.models import ScanBatch, ScanCrop, ScanGroup

    with db.write() as session:
        row = ScanBatch(location=location.strip(), condition=condition,
                        images=batch.readable, cancelled=batch.cancelled)
        session.add(row)
        session.flush()
        folder = f"{CROPS_FOLDER}/batch-{row.id}-{staging.name.rsplit('-', 1)[-1]}"
        group_ids = []
        for group in batch.groups:
            best = batch.card(group.best)
            fields = {k: [v.value, v.confidence] for k, v in group.fields.items()}
            stored = ScanGroup(
                batch_id=row.id, copies=group.count, name_read=group.name.value,
                name_confidence=group.name.confidence, fields=json.dumps(fields),
                match_name=group.match.name if group.match else "",
                match_score=group.match.score if group.match else 0.0,
                best_crop=f"{folder}/{best.crop}", hashes=best.hashes.to_hex())
            session.add(stored)
            session.flush()
            group_ids.append(stored.id)
            for where in group.members:
                card = batch.card(where)
                session.add(ScanCrop(group_id=stored.id, file=str(batch.images[where[0]].file),
                                     corners=json.dumps(card.corners), path=f"{folder}/{card.crop}",
                                     hashes=card.hashes.to_hex(), name_read=card.text.name,
                                     sharpness=card.sharpness))
        session.flush()
        batch_id = row.id
        target = _cache() / folder
        staging.rename(target)  # the crops are in place before the rows are committed
        try:
            session.commit()
        except BaseException:
            shutil.rmtree(target, ignore_errors=True)
            raise
    return batch_id, group_ids


def pending_groups(db: UserDatabase) -> list[PendingGroup]:
    """Every group awaiting review, oldest batch first."""
    with db.read() as conn:
        rows = conn.execute(
            "SELECT g.id, g.batch_id, b.location, b.condition, g.copies, g.name_read, "
            "g.name_confidence, g.match_name, g.match_score, g.fields, g.best_crop "
            "FROM scan_group g JOIN scan_batch b ON b.id = g.batch_id "
            "WHERE g.status = 'pending' ORDER BY g.batch_id, g.id").fetchall()
    cache = _cache()
    return [PendingGroup(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8],
                         {k: (v[0], v[1]) for k, v in json.loads(r[9]).items()}, cache / r[10])
            for r in rows]


@dataclass
class _Undo:
    """What one acceptance wrote, to take it back."""

    group_id: int
    card_id: int
    created_card: bool
    entry_id: int
    entry_was: int | None  # quantity before, None if the entry was new
    image_id: int | None


def accept_groups(db: UserDatabase, decisions: Sequence[Decision]) -> Outcome[list[str]]:
    """Accept every decision in one transaction (all or none) and one undoable step; the
    outcome's value is the card names accepted, in order.

    Raises :class:`ScanReviewError` for a group that does not exist or is not pending,
    a known card given fields (correct it with ``cards correct``), or no name at all;
    :class:`card_db.checklist.ChecklistError` for fields a card cannot have (e.g. a Site
    without its Home Dominion); :class:`card_db.images.errors.CardImageError` if the
    crop cannot be attached. Nothing is written then.
    """
    if not decisions:
        raise ScanReviewError("no group to accept")
    prepared = [_prepare(db, decision) for decision in decisions]
    undos: list[_Undo] = []
    with db.write() as session:
        for decision, plan in zip(decisions, prepared, strict=True):
            undos.append(_accept_in(session, decision.group_id, plan))
    db.forget_catalogue()
    names = [plan["name"] for plan in prepared]
    return Outcome(names, _changes(names, undos, decisions))


def _changes(names: list[str], undos: list[_Undo], decisions: Sequence[Decision]) -> Changes:
    label = (f"Accept the scanned {names[0]}" if len(names) == 1
             else f"Accept {len(names)} scanned cards")
    return Changes(label=label, collection=True, catalogue=frozenset(names),
                   images=frozenset(names),
                   undo=Reversal(label, partial(_take_back, undos=undos, names=names,
                                                decisions=list(decisions), label=label)))


def _prepare(db: UserDatabase, decision: Decision) -> dict:
    """Everything about the decision that can be checked before writing."""
    with db.read() as conn:
        row = conn.execute(
            "SELECT g.status, g.name_read, g.match_name, g.fields, g.best_crop, g.copies, "
            "b.location, b.condition, b.created FROM scan_group g "
            "JOIN scan_batch b ON b.id = g.batch_id WHERE g.id = ?",
            (decision.group_id,)).fetchone()
    if row is None:
        raise ScanReviewError(f"there is no scanned group {decision.group_id} "
                              "(see: deckbuilder scan review)")
    status, name_read, match_name, fields_json, best_crop, copies, location, condition, \
        created = row
    if status != "pending":
        raise ScanReviewError(f"scanned group {decision.group_id} is already {status}")
    name = (decision.name or match_name or name_read).strip()
    if not name:
        raise ScanReviewError(f"no name was read for group {decision.group_id}; give one "
                              "with --name")
    catalogue = db.catalogue()
    known = catalogue.get(name)
    plan = {"copies": copies, "location": location, "condition": condition,
            "crop": _cache() / best_crop, "record": None}
    if known is not None:
        if decision.fields:
            raise ScanReviewError(
                f"{known.name} is already in the catalogue; change its values with "
                "deckbuilder cards correct, not with --field")
        plan["name"] = known.name
        return plan
    read = {k: v[0] for k, v in json.loads(fields_json).items() if k != "name"}
    stated = {_column(k): v for k, v in decision.fields.items()}
    values = {**read, **stated, "name": name}
    guessed = sorted({ESTIMATED_AS.get(k, k) for k in read if k not in stated}
                     & set(CHARACTERISTIC_FIELDS))
    day = created if isinstance(created, datetime) else datetime.fromisoformat(str(created))
    values["source"] = f"your scan of {day:%Y-%m-%d}"
    values["estimated"] = "|".join(guessed)
    plan["record"] = _parse(db, values)
    plan["name"] = name
    return plan


def _column(key: str) -> str:
    # lazy: SQLModel, the table models and the scan extra load only when used
    from card_db.checklist.schema import COLUMN_ALIASES, COLUMNS

    column = COLUMN_ALIASES.get(key.strip().casefold(), key.strip().casefold())
    allowed = [c for c in COLUMNS if c not in ("key", "source", "estimated")]
    if column not in allowed:
        raise ScanReviewError(f"unknown field {key!r} (fields: {', '.join(allowed)})")
    return column


def _parse(db: UserDatabase, values: dict[str, str]):
    # lazy: SQLModel, the table models and the scan extra load only when used
    from deckbuilder.services.cards import parse_card_fields

    return parse_card_fields(db, {k: v for k, v in values.items() if v not in (None, "")})


def _accept_in(session, group_id: int, plan: dict) -> _Undo:
    # lazy: SQLModel, the table models and the scan extra load only when used
    from sqlmodel import select

    from card_db.checklist import record_key
    from card_db.images.scans import import_scan
    from card_db.models import Card, CardImage, CollectionEntry, ScanGroup
    from card_db.sync import upsert_records

    created = plan["record"] is not None
    if created:
        upsert_records(session, [(record_key(plan["record"]), plan["record"])], "user")
        session.flush()
    card = session.exec(select(Card).where(Card.name == plan["name"])).one()
    entry = session.exec(select(CollectionEntry).where(
        CollectionEntry.card_id == card.id, CollectionEntry.condition == plan["condition"],
        CollectionEntry.location == plan["location"])).first()
    was = None
    if entry is None:
        entry = CollectionEntry(card_id=card.id, quantity=plan["copies"],
                                condition=plan["condition"], location=plan["location"])
    else:
        was = entry.quantity
        entry.quantity += plan["copies"]
    session.add(entry)
    image_id = None
    has_image = session.exec(select(CardImage).where(CardImage.card_id == card.id)).first()
    if has_image is None and plan["crop"].is_file():
        cache = _cache()
        result = import_scan(plan["crop"], cache, card.key)
        image = CardImage(card_id=card.id, path=str(result.image_path.relative_to(cache)),
                          original_name=plan["crop"].name, width=result.width,
                          height=result.height)
        session.add(image)
        session.flush()
        image_id = image.id
    group = session.get(ScanGroup, group_id)
    group.status, group.card_id, group.decided = "accepted", card.id, datetime.now(UTC)
    session.add(group)
    session.flush()
    return _Undo(group_id, card.id, created, entry.id, was, image_id)


def _take_back(db: UserDatabase, *, undos: list[_Undo], names: list[str],
               decisions: list[Decision], label: str) -> Changes:
    """Undo :func:`accept_groups`: copies, scans and new cards removed, groups pending."""
    # lazy: SQLModel, the table models and the scan extra load only when used
    from sqlmodel import delete

    from card_db.models import Card, CardAffiliation, CardImage, CollectionEntry, ScanGroup

    with db.write() as session:
        for undo in reversed(undos):
            entry = session.get(CollectionEntry, undo.entry_id)
            if entry is not None:
                if undo.entry_was is None:
                    session.delete(entry)
                else:
                    entry.quantity = undo.entry_was
                    session.add(entry)
            if undo.image_id is not None:
                image = session.get(CardImage, undo.image_id)
                if image is not None:
                    session.delete(image)
            group = session.get(ScanGroup, undo.group_id)
            group.status, group.card_id, group.decided = "pending", None, None
            session.add(group)
            session.flush()
            if undo.created_card:
                session.exec(delete(CardAffiliation).where(CardAffiliation.card_id == undo.card_id))
                session.delete(session.get(Card, undo.card_id))
            session.flush()
    db.forget_catalogue()
    redo = Reversal(label, lambda again: accept_groups(again, decisions).changes)
    return Changes(label=label, collection=True, catalogue=frozenset(names),
                   images=frozenset(names), undo=redo)


def reject_group(db: UserDatabase, group_id: int) -> Changes:
    """Set a pending group aside (its crops stay stored); undoable."""
    # lazy: SQLModel, the table models and the scan extra load only when used
    from card_db.models import ScanGroup

    with db.write() as session:
        group = session.get(ScanGroup, group_id)
        if group is None:
            raise ScanReviewError(f"there is no scanned group {group_id} "
                                  "(see: deckbuilder scan review)")
        if group.status != "pending":
            raise ScanReviewError(f"scanned group {group_id} is already {group.status}")
        group.status, group.decided = "rejected", datetime.now(UTC)
        session.add(group)
    label = f"Reject scanned group {group_id}"
    return Changes(label=label, collection=True,
                   undo=Reversal(label, partial(_unreject, group_id=group_id, label=label)))


def _unreject(db: UserDatabase, *, group_id: int, label: str) -> Changes:
    # lazy: SQLModel, the table models and the scan extra load only when used
    from card_db.models import ScanGroup

    with db.write() as session:
        group = session.get(ScanGroup, group_id)
        group.status, group.decided = "pending", None
        session.add(group)
    return Changes(label=label, collection=True,
                   undo=Reversal(label, lambda again: reject_group(again, group_id)))


@dataclass(frozen=True)
class Audit:
    """A batch compared with the previous scan of its location (the audit walk of a
    binder): card name -> copies ``new`` or ``missing`` since then, and ``moved``: card
    name -> the location it was last scanned at elsewhere. ``previous`` is the batch
    compared with, ``None`` for the first scan of the location (nothing is then new)."""

    batch_id: int
    location: str
    previous: int | None
    new: dict[str, int]
    missing: dict[str, int]
    moved: dict[str, str]

    def to_json(self) -> dict:
        return {"batch": self.batch_id, "location": self.location, "previous": self.previous,
                "new": self.new, "missing": self.missing, "moved": self.moved}


def _batch_cards(conn, batch_id: int) -> dict[str, int]:
    """Card name -> copies in a batch (accepted as, else matched, else as read)."""
    counts: dict[str, int] = {}
    rows = conn.execute(
        "SELECT coalesce(c.name, ''), g.match_name, g.name_read, g.copies, g.status "
        "FROM scan_group g LEFT JOIN card c ON c.id = g.card_id WHERE g.batch_id = ?",
        (batch_id,)).fetchall()
    for accepted, matched, read, copies, status in rows:
        name = accepted or matched or read
        if status != "rejected" and name:
            counts[name] = counts.get(name, 0) + copies
    return counts


def audit_batch(db: UserDatabase, batch_id: int) -> Audit:
    """Compare batch ``batch_id`` with the latest earlier batch of the same location
    (case and spacing ignored). Raises :class:`ScanReviewError` for an unknown batch or
    one without a location."""

    with db.read() as conn:
        batches = conn.execute("SELECT id, location FROM scan_batch ORDER BY id").fetchall()
        here = next((location for bid, location in batches if bid == batch_id), None)
        if here is None:
            raise ScanReviewError(f"there is no scan batch {batch_id}")
        if not here.strip():
            raise ScanReviewError(f"scan batch {batch_id} has no location to audit "
                                  "(scan import --location)")
        same = [bid for bid, location in batches
                if bid < batch_id and fold_name(location) == fold_name(here)]
        previous = same[-1] if same else None
        now = _batch_cards(conn, batch_id)
        before = _batch_cards(conn, previous) if previous is not None else dict(now)
        last_seen: dict[str, str] = {}
        for bid, location in batches:
            if bid < batch_id and fold_name(location) != fold_name(here):
                for name in _batch_cards(conn, bid):
                    last_seen[name] = location
    new = {n: c - before.get(n, 0) for n, c in now.items() if c > before.get(n, 0)}
    missing = {n: c - now.get(n, 0) for n, c in before.items() if c > now.get(n, 0)}
    moved = {n: last_seen[n] for n in new if n in last_seen}
    return Audit(batch_id, here, previous, new, missing, moved)
