"""The table drawn as rich text from a :class:`~.table_snapshot.TableSnapshot`:
the rival's Realm at the top, the Circle in the middle, yours at the bottom ("Game
Layout"). Pivoted cards are marked ⟳ and shown in italics."""

from __future__ import annotations

from html import escape

from deckbuilder.engine.table_snapshot import AutarchSnapshot, CardFace, TableSnapshot


def _card(face: CardFace) -> str:
    name = escape(face.name)
    return f"<i>⟳ {name} (pivoted)</i>" if face.pivoted else name


def _cards(faces) -> str:
    return ", ".join(_card(f) for f in faces) or "—"


def realm_html(side: AutarchSnapshot, mine: bool) -> str:
    """One Autarch's side: counts, hand, State with Holders, active area, Reserve."""
    head = escape(side.name) + (" (removed: Exhausted Destiny)" if side.eliminated else "")
    hand = (", ".join(escape(n) for n in side.hand) or "—") if mine else (
        f"{side.hand_size} cards")
    state = "; ".join(
        f"{_card(e.site)} (Holders: {_cards(e.holders)})" for e in side.state
    ) or "—"
    return (
        f"<p style='margin:2px'><b style='font-size:large'>{head}</b> &nbsp; "
        f"Destiny: {side.destiny_size} · In Ovo: {side.in_ovo_size} · "
        f"Hand: {side.hand_size}</p>"
        f"<p style='margin:2px'><b>State:</b> {state}</p>"
        f"<p style='margin:2px'><b>Active area:</b> {_cards(side.active)}</p>"
        f"<p style='margin:2px'><b>Reserve:</b> {_cards(side.reserve)}</p>"
        f"<p style='margin:2px'><b>{'Your hand' if mine else 'Hand'}:</b> {hand}</p>"
    )


def table_html(snap: TableSnapshot, seat: int = 0) -> str:
    """The whole table as seen from ``seat``: rivals first, the Circle, then ``seat``."""
    rivals = [realm_html(a, False) for i, a in enumerate(snap.autarchs) if i != seat]
    circle = ", ".join(
        _card(face) + (f" [{paths} Path{'s' if paths > 1 else ''} face down]" if paths else "")
        for face, paths in snap.circle
    ) or "—"
    where = f"Round {snap.round}, {snap.phase}" if snap.round else snap.phase
    return (
        f"<p><b>{escape(where)}</b></p>" + "".join(rivals)
        + f"<hr><p style='margin:2px'><b style='font-size:large'>The Circle</b></p>"
        f"<p style='margin:2px'>{circle}</p><hr>"
        + realm_html(snap.autarchs[seat], True)
    )
