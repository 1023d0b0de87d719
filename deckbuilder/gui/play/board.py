"""The table drawn as cards from a :class:`~.table_snapshot.TableSnapshot`, laid out as
the rulebook's "Game Layout": the Circle in the middle, between all Autarchs; your
Realm at the bottom; one rival at the top, two at the left and right, three at the
left, top and right (clockwise from your left, the order of play). Each Realm shows its
State (each Site with its Holders under it), its active area, and its Reserve (the
Destiny and In Ovo, cards affecting the Autarch, reserve Allies); your hand face up,
rivals' hands as counts. Pivoted cards are drawn turned.

The board offers the pending :class:`~.human_autarch.Decision`'s options on the cards
they involve (:meth:`~.human_autarch.Decision.involving`): clicking a card opens a menu
of its moves; dragging a card onto another offers the moves involving both (an Ally
onto a Site: seize it; onto a rival's character: challenge it; a Path onto a Circle
Site: lay it there); dragging onto a zone of your Realm or the Circle offers the moves
that put it there (reveal a Site, establish an alliance, move forward, retreat, place
a Site at setup). Only the engine's legal moves are ever offered. The chosen option's
index leaves through ``chosen``.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.gui.play.cards import CARD_H, CardBack, CardView, card_id, flow_box

if TYPE_CHECKING:
    from deckbuilder.engine.controllers.human_autarch import Decision
    from deckbuilder.engine.game.table_snapshot import AutarchSnapshot, CardFace, TableSnapshot

#: Zone -> the kinds of move that put a card there (dragging a card onto the zone).
ZONE_MOVES = {
    "circle": ("reveal_site", "place_site"),
    "active": ("establish", "move_forward"),
    "reserve": ("retreat",),
}
#: Grid cells (row, column, rows, columns) of the rivals' Realms, by how many rivals
#: there are, clockwise from your left, around the Circle at (1, 1) (your Realm is in the
#: lower pane).
RIVAL_CELLS = {1: [(0, 0, 1, 3)], 2: [(1, 0, 1, 1), (1, 2, 1, 1)],
               3: [(1, 0, 1, 1), (0, 0, 1, 3), (1, 2, 1, 1)]}
#: Where the first Holder lies over its Site, and the step between Holders (pixels).
HOLDER_TOP, HOLDER_STEP = 40, 24
ACTING_STYLE = "QFrame#realm { border: 2px solid #c07a00; border-radius: 6px; }"
IDLE_STYLE = "QFrame#realm { border: 1px solid palette(mid); border-radius: 6px; }"


def option_kind(decision: Decision, index: int) -> str:
    """The kind of move of option ``index``: the Move's kind, else the decision's."""
    value = decision.options[index].value
    return getattr(value, "kind", decision.kind)


class SiteStack(QWidget):
    """A Site in a State with its Holders laid over its lower edge, one under another
    ("Securing the Site": the Holders remain under the Site)."""

    def __init__(self, site: CardFace, holders, host, parent: QWidget | None = None):
        super().__init__(parent)
        self.views = [CardView(site, host, self)]
        y = HOLDER_TOP
        width = self.views[0].width()
        for face in holders:
            view = CardView(face, host, self)
            view.move(0, y)
            self.views.append(view)
            width = max(width, view.width())
            y += HOLDER_STEP
        height = max(v.y() + v.height() for v in self.views)
        self.setFixedSize(width, height)


class Zone(QFrame):
    """A titled zone of cards (wrapping rows); a drop target when ``key`` is set."""

    def __init__(self, title: str, host: TableBoard, key: str | None = None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.host = host
        self.key = key
        self.setAcceptDrops(key is not None)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 0, 2, 2)
        layout.setSpacing(1)
        label = QLabel(f"<small><b>{title}</b></small>")
        layout.addWidget(label)
        self.box, self.flow = flow_box(self)
        self.box.setMinimumHeight(CARD_H if key else 0)
        layout.addWidget(self.box)
        layout.addStretch(1)

    def add(self, widget: QWidget) -> None:
        self.flow.add(widget)

    def dragEnterEvent(self, event) -> None:
        source = card_id(event.mimeData())
        if source is not None and self.host.zone_options(source, self.key):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event) -> None:
        source = card_id(event.mimeData())
        if source is None:
            return
        event.acceptProposedAction()
        self.host.offer(self.host.zone_options(source, self.key),
                        self.mapToGlobal(event.position().toPoint()))


class TableBoard(QSplitter):
    """The table: :meth:`show_table` draws a snapshot (the rivals' Realms and the Circle
    above, scrolling; your Realm and hand below, always in view); :meth:`set_decision`
    offers a decision's options on the cards. Signal ``chosen(int)``: an option's index."""

    chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(Qt.Orientation.Vertical, parent)
        self.snap: TableSnapshot | None = None
        self.decision: Decision | None = None
        self.menu: QMenu | None = None
        self.views: dict[int, CardView] = {}
        self._offers: dict[int, list[int]] = {}
        self.rivals_area = QScrollArea()
        self.mine_area = QScrollArea()
        for area in (self.rivals_area, self.mine_area):
            area.setWidgetResizable(True)
            self.addWidget(area)
        placeholder = QLabel("The table appears here when the game starts: the rivals' "
                             "Realms and the Circle above, yours below.")
        placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        placeholder.setWordWrap(True)
        self.rivals_area.setWidget(placeholder)
        self.setSizes([470, 390])

    # -- what the cards ask ------------------------------------------------------------
    def offers(self, card: int) -> list[str]:
        if self.decision is None:
            return []
        return [self.decision.options[i].label for i in self._offers.get(card, ())]

    def can_drop(self, source: int, target: int) -> bool:
        return bool(self.decision is not None and self.decision.involving(source, target))

    def card_clicked(self, card: int, where: QPoint) -> None:
        self.offer(self._offers.get(card, []), where, always_ask=True)

    def card_dropped(self, source: int, target: int, where: QPoint) -> None:
        if self.decision is not None:
            self.offer(self.decision.involving(source, target), where)

    def zone_options(self, source: int, zone: str | None) -> list[int]:
        if self.decision is None or zone not in ZONE_MOVES:
            return []
        kinds = ZONE_MOVES[zone]
        return [i for i in self.decision.involving(source)
                if option_kind(self.decision, i) in kinds]

    def offer(self, indexes: list[int], where: QPoint, always_ask: bool = False) -> None:
        """Play the one option in ``indexes`` at once (unless ``always_ask``), or open
        a menu of them at ``where``."""
        if self.decision is None or not indexes:
            return
        if len(indexes) == 1 and not always_ask:
            self.chosen.emit(indexes[0])
            return
        menu = QMenu(self)
        menu.setObjectName("cardMenu")
        for i in indexes:
            action = menu.addAction(self.decision.options[i].label)
            action.triggered.connect(lambda _=False, i=i: self.chosen.emit(i))
        self.menu = menu
        menu.popup(where)

    # -- drawing -------------------------------------------------------------------------
    def set_decision(self, decision: Decision | None) -> None:
        """Offer ``decision``'s options on the cards (``None``: nothing to offer)."""
        self.decision = decision
        self._offers = {}
        if decision is not None:
            for i, option in enumerate(decision.options):
                for card in option.cards:
                    self._offers.setdefault(card, []).append(i)
        for view in self.views.values():
            view.refresh()

    def show_table(self, snap: TableSnapshot) -> None:
        """Draw ``snap`` (the table as the viewing seat sees it); nothing to do if it
        equals the one shown."""
        if snap == self.snap:
            return
        self.snap = snap
        self.views = {}
        top = QWidget()
        top.setObjectName("tablePage")
        grid = QGridLayout(top)
        grid.setContentsMargins(4, 4, 4, 4)
        grid.setSpacing(6)
        where = f"Round {snap.round}, {snap.phase}" if snap.round else snap.phase
        if snap.over:
            where += (" — game over: " + ("no winner" if snap.winner is None else
                                          f"{snap.autarchs[snap.winner].name} wins"))
        head = QLabel(f"<b>{escape(where)}</b>")
        head.setObjectName("where")
        grid.addWidget(head, 0, 0, 1, 3)
        rivals = [i for i in _clockwise(snap.seat, len(snap.autarchs))]
        for seat, (row, col, rows, cols) in zip(rivals, RIVAL_CELLS.get(len(rivals), []),
                                                strict=False):
            grid.addWidget(self._realm(snap, seat, wide=cols > 1), row + 1, col, rows, cols)
        if len(rivals) == 1:
            grid.addWidget(self._circle(snap), 2, 0, 1, 3)
        else:
            grid.addWidget(self._circle(snap), 2, 1)
        for col, stretch in enumerate((3, 2, 3)):
            grid.setColumnStretch(col, stretch)
        grid.setRowStretch(3, 1)
        bottom = QWidget()
        v = QVBoxLayout(bottom)
        v.setContentsMargins(4, 4, 4, 4)
        v.addWidget(self._realm(snap, snap.seat))
        v.addStretch(1)
        for area, page in ((self.rivals_area, top), (self.mine_area, bottom)):
            scroll = area.verticalScrollBar().value()
            area.setWidget(page)
            area.verticalScrollBar().setValue(scroll)
        self.set_decision(self.decision)

    def _view(self, face: CardFace, caption: str = "") -> CardView:
        view = CardView(face, self, caption=caption)
        self.views[face.card] = view
        return view

    def _circle(self, snap: TableSnapshot) -> QFrame:
        zone = Zone("The Circle", self, "circle")
        zone.setObjectName("circle")
        zone.setFrameShape(QFrame.Shape.StyledPanel)
        for face, paths in snap.circle:
            holder = QWidget()
            v = QVBoxLayout(holder)
            v.setContentsMargins(0, 0, 0, 0)
            v.setSpacing(0)
            v.addWidget(self._view(face))
            if paths:
                v.addWidget(QLabel(f"<small>{paths} Path{'s' if paths > 1 else ''} "
                                   "face down</small>"))
            holder.adjustSize()
            holder.setFixedSize(holder.sizeHint())
            zone.add(holder)
        if not snap.circle:
            zone.add(QLabel("<small>(no Site in the Circle)</small>"))
        return zone

    def _realm(self, snap: TableSnapshot, seat: int, wide: bool = True) -> QFrame:
        side = snap.autarchs[seat]
        mine = seat == snap.seat
        frame = QFrame()
        frame.setObjectName("realm")
        frame.setProperty("seat", seat)
        frame.setStyleSheet(ACTING_STYLE if snap.acting == seat else IDLE_STYLE)
        v = QVBoxLayout(frame)
        v.setContentsMargins(4, 4, 4, 4)
        v.setSpacing(2)
        heading = QLabel(_heading(side, acting=snap.acting == seat))
        heading.setWordWrap(True)
        v.addWidget(heading)
        state = Zone("State", self)
        for entry in side.state:
            stack = SiteStack(entry.site, entry.holders, self)
            for view in stack.views:
                self.views[view.card] = view
            state.add(stack)
        active = Zone("Active area", self, "active" if mine else None)
        for face in side.active:
            active.add(self._view(face))
        reserve = Zone("Reserve", self, "reserve" if mine else None)
        reserve.add(CardBack("Destiny", side.destiny_size))
        if side.in_ovo_top is not None:
            reserve.add(self._view(side.in_ovo_top, caption="In Ovo (top)"))
        else:
            reserve.add(CardBack("In Ovo", 0))
        for face in side.effects + side.reserve:
            reserve.add(self._view(face))
        if not mine:
            reserve.add(CardBack("Hand", side.hand_size))
        # the State and the active area beside it face the Circle; the Reserve lies
        # between them and the Autarch ("Game Layout")
        near = QHBoxLayout()
        near.addWidget(state, 3)
        near.addWidget(active, 2)
        if not mine:
            if wide:  # a rival across the table: its Reserve on the far left
                near.insertWidget(0, reserve, 2)
            else:
                v.addWidget(reserve)
            v.addLayout(near)
            v.addStretch(1)
            return frame
        near.addWidget(reserve, 2)
        v.addLayout(near)
        hand = Zone("Your hand", self)
        hand.setObjectName("hand")
        for face in side.hand_cards:
            hand.add(self._view(face))
        v.addWidget(hand)
        if side.set_aside:
            aside = Zone("Your Sites set aside at Game Setup (drag one to the Circle)", self)
            aside.setObjectName("setAside")
            for face in side.set_aside:
                aside.add(self._view(face))
            v.addWidget(aside)
        return frame


def _clockwise(seat: int, seats: int) -> list[int]:
    return [(seat + k) % seats for k in range(1, seats)]


def _heading(side: AutarchSnapshot, acting: bool) -> str:
    name = escape(side.name) + (" (removed: Exhausted Destiny)" if side.eliminated else "")
    turn = " &nbsp;<i>— acting</i>" if acting else ""
    return (f"<b>{name}</b>{turn} &nbsp; <small>Hand {side.hand_size} · Destiny "
            f"{side.destiny_size} · In Ovo {side.in_ovo_size}</small>")
