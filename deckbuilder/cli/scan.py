"""``deckbuilder scan``: read photos and scans of cards, store them for review, accept
or reject what was read (issue 21; ``docs/scanning.md``).

``scan read`` writes nothing; its JSON is :meth:`deckbuilder.scan.batch.BatchRead.to_json`.
Exit status 2 if no image could be read, or for any other bad input.
"""

from __future__ import annotations

import json
import signal
import sys
from pathlib import Path

import click

from card_db.text_safety import escape_unsafe
from deckbuilder.cli.context import user_db
from deckbuilder.cli.errors import fail, handles_errors
from deckbuilder.presentation import count_text


@click.group()
def scan() -> None:
    """Turn photos and scans of your cards into catalogue cards and owned copies."""


def _progress(quiet: bool):
    """Progress on stderr when it is a terminal."""
    if quiet or not sys.stderr.isatty():
        return None

    def show(done: int, total: int, file: Path) -> None:
        end = "\n" if done == total else ""
        click.echo(f"\r{done}/{total} images {escape_unsafe(file.name)[:40]:<40}", err=True,
                   nl=False)
        if end:
            click.echo(err=True)

    return show


class _StopOnInterrupt:
    """Within the block, the first Ctrl+C asks the batch to stop after the current image
    (what was read is kept); a second one interrupts at once."""

    def __init__(self) -> None:
        self._stopped = False
        self._previous = None

    def requested(self) -> bool:
        return self._stopped

    def _handle(self, signum, frame) -> None:
        if self._stopped:
            raise KeyboardInterrupt
        self._stopped = True
        click.echo("\nStopping after this image (Ctrl+C again to stop at once)...", err=True)

    def __enter__(self):
        try:
            self._previous = signal.signal(signal.SIGINT, self._handle)
        except ValueError:  # not the main thread: no handler, Ctrl+C interrupts
            self._previous = None
        return self

    def __exit__(self, *_exc) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)


@scan.command("read")
@click.argument("images", nargs=-1, required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print the JSON described in the docs.")
@handles_errors
def read(images: tuple[str, ...], as_json: bool) -> None:
    """Find and read the cards in IMAGE... (files or folders); writes nothing."""
    # lazy: the scan extra (OpenCV, OCR) and SQLModel load only for the command run
    from deckbuilder.scan import require_scanning

    require_scanning()
    # lazy: the scan extra (OpenCV, OCR) and SQLModel load only for the command run
    from deckbuilder.scan.batch import read_batch
    from deckbuilder.scan.loading import image_files
    from deckbuilder.scan.matching import NameIndex
    from deckbuilder.services.scan_review import known_hashes

    db = user_db()
    batch = read_batch(image_files(list(images)), NameIndex(r.name for r in db.catalogue()),
                       known_hashes(db), progress=_progress(as_json))
    if as_json:
        click.echo(json.dumps(batch.to_json(), indent=2, ensure_ascii=False))
    else:
        for image in batch.images:
            if image.error:
                click.echo(f"{escape_unsafe(str(image.file))}: error: "
                           f"{escape_unsafe(image.error)}")
                continue
            click.echo(f"{escape_unsafe(str(image.file))}: {count_text(len(image.cards), 'card')}")
            for card in image.cards:
                match = (f"{card.match.name} ({card.match.score:.2f})" if card.match
                         else "no catalogue match")
                click.echo(f"  group {card.group + 1}: read {escape_unsafe(card.text.name)!r} "
                           f"({card.text.name_confidence:.2f}) -> {escape_unsafe(match)}")
        click.echo(f"{count_text(len(batch.groups), 'group')} of the same printed card")
    if batch.readable == 0:
        sys.exit(2)


@scan.command("import")
@click.argument("images", nargs=-1, required=True, type=click.Path())
@click.option("--location", default="", help="Where the cards are kept, e.g. 'Binder 2, page 3'.")
@click.option("--condition", default="Near Mint", show_default=True,
              help="Condition of the copies: Mint, Near Mint, Lightly Played, Moderately "
                   "Played, Heavily Played, Damaged (or an abbreviation).")
@click.option("--accept-known", is_flag=True,
              help="Accept at once the groups matched to a catalogue card with high confidence.")
@handles_errors
def import_(images: tuple[str, ...], location: str, condition: str, accept_known: bool) -> None:
    """Read IMAGE|FOLDER... and store the cards found for review (scan review)."""
    # lazy: the scan extra (OpenCV, OCR) and SQLModel load only for the command run
    from deckbuilder.formats.collection_csv import parse_condition
    from deckbuilder.services.scan_review import import_batch

    stop = _StopOnInterrupt()
    with stop:
        result = import_batch(user_db(), list(images), location=location,
                              condition=parse_condition(condition).value,
                              accept_known=accept_known, progress=_progress(False),
                              should_stop=stop.requested)
    if result.cancelled:
        click.echo("Stopped by Ctrl+C: the images read so far are stored.", err=True)
    for file, error in result.errors:
        click.echo(f"{escape_unsafe(file)}: error: {escape_unsafe(error)}", err=True)
    click.echo(f"Batch {result.batch_id}: {count_text(result.images_read, 'image')} read, "
               f"{count_text(result.cards_found, 'card')} found in "
               f"{count_text(len(result.group_ids), 'group')}; "
               f"{len(result.accepted)} accepted, "
               f"{len(result.group_ids) - len(result.accepted)} to review "
               "(deckbuilder scan review)")
    if location.strip():
        click.echo(f"Audit of {escape_unsafe(location.strip())}: deckbuilder scan audit "
                   f"{result.batch_id}")


@scan.command("review")
@click.option("--json", "as_json", is_flag=True)
@handles_errors
def review(as_json: bool) -> None:
    """List the scanned groups awaiting review."""
    # lazy: the scan extra (OpenCV, OCR) and SQLModel load only for the command run
    from deckbuilder.services.scan_review import pending_groups

    groups = pending_groups(user_db())
    if as_json:
        click.echo(json.dumps([g.to_json() for g in groups], indent=2, ensure_ascii=False))
        return
    if not groups:
        click.echo("Nothing to review.")
        return
    for group in groups:
        match = (f"{group.match_name} ({group.match_score:.2f})" if group.match_name
                 else "unknown card")
        click.echo(f"{group.id}: {count_text(group.copies, 'copy', 'copies')}, read "
                   f"{escape_unsafe(group.name_read)!r} ({group.name_confidence:.2f}) -> "
                   f"{escape_unsafe(match)}")
        for key, (value, confidence) in group.fields.items():
            doubt = "  ?" if confidence < 0.8 else ""
            click.echo(f"    {key}: {escape_unsafe(value)} ({confidence:.2f}){doubt}")


@scan.command("accept")
@click.argument("group", type=int)
@click.option("--name", default=None, help="The card's name (default: its match, else as read).")
@click.option("--field", "fields", multiple=True, metavar="KEY=VALUE",
              help="A value you read on the card (checklist column, e.g. type=Site, "
                   "dominions=2, resistance=7); repeatable.")
@handles_errors
def accept(group: int, name: str | None, fields: tuple[str, ...]) -> None:
    """Accept GROUP: its copies join the collection (an unknown card joins the catalogue)."""
    # lazy: the scan extra (OpenCV, OCR) and SQLModel load only for the command run
    from deckbuilder.services.scan_review import Decision, accept_groups

    stated = {}
    for item in fields:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            fail(f"--field {item!r}: expected KEY=VALUE")
        stated[key.strip()] = value.strip()
    outcome = accept_groups(user_db(), [Decision(group, name, stated)])
    click.echo(f"Accepted group {group} as {escape_unsafe(outcome.value[0])}.")


@scan.command("reject")
@click.argument("group", type=int)
@handles_errors
def reject(group: int) -> None:
    """Set GROUP aside: nothing is added."""
    # lazy: the scan extra (OpenCV, OCR) and SQLModel load only for the command run
    from deckbuilder.services.scan_review import reject_group

    reject_group(user_db(), group)
    click.echo(f"Rejected group {group}.")


@scan.command("audit")
@click.argument("batch", type=int)
@click.option("--json", "as_json", is_flag=True)
@handles_errors
def audit(batch: int, as_json: bool) -> None:
    """Compare BATCH with the previous scan of its location: new, missing, moved cards."""
    # lazy: the scan extra (OpenCV, OCR) and SQLModel load only for the command run
    from deckbuilder.services.scan_review import audit_batch

    result = audit_batch(user_db(), batch)
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
        return
    where = escape_unsafe(result.location)
    if result.previous is None:
        click.echo(f"Batch {batch} is the first scan of {where}: nothing to compare.")
        return
    click.echo(f"{where}: batch {batch} compared with batch {result.previous}")
    for title, items in (("New", result.new), ("Missing", result.missing)):
        for name, copies in sorted(items.items()):
            moved = result.moved.get(name) if title == "New" else None
            note = f" (moved from {escape_unsafe(moved)})" if moved else ""
            click.echo(f"  {title}: {copies} x {escape_unsafe(name)}{note}")
    if not result.new and not result.missing:
        click.echo("  Nothing new or missing.")
