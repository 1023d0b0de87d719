"""The table drawn as cards from a :class:`~.table_snapshot.TableSnapshot`, laid out as
the rulebook's "Game Layout": the Circle in the middle, between all Autarchs; your
Realm at the bottom; one rival at the top, two at the left and right, three at the
left, top and right (clockwise from your left, the order of play). Each Realm shows its
State (each Site with its Holders under it), its active area, and its Reserve (the
Destiny and In Ovo, cards affecting the Autarch, reserve Allies); your hand face up,
rivals' hands as counts. Pivoted cards are drawn turned. Cards show the browser's faces
(:mod:`~.faces`), all at one width, the largest at which the whole table fits the board
(:meth:`TableBoard.fit_cards`); the card under the pointer is shown full size.

The board offers the pending :class:`~.person.Decision`'s options on the cards
they involve (:meth:`~.person.Decision.involving`): clicking a card opens a menu
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

from PySide6.QtCore import QPoint, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QMenu,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.gui.play.cards import (
    CARD_W,
    CardBack,
    CardView,
    card_id,
    card_size,
    flow_box,
    holder_step,
)
from deckbuilder.gui.play.faces import HoverCard, TableFaces

if TYPE_CHECKING:
    from deckbuilder.engine.controllers.person import Decision
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
#: Narrowest and widest card on the table (px, upright); below the narrowest the table
#: scrolls rather than shrink its cards further.
MIN_CARD_W, MAX_CARD_W = 44, 260
#: How long the pointer rests on a card before it is shown full size (ms).
HOVER_MS = 350
ACTING_STYLE = "QFrame#realm { border: 2px solid #c07a00; border-radius: 6px; }"
IDLE_STYLE = "QFrame#realm { border: 1px solid palette(mid); border-radius: 6px; }"


def option_kind(decision: Decision, index: int) -> str:
    """The kind of move of option ``index``: the Move's kind, else the decision's."""
    value = decision.options[index].value
    return getattr(value, "kind", decision.kind)


class SiteStack(QWidget):
    """A Site in a State with its Holders laid over it, one under another, each
    leaving the name of the card under it in view ("Securing the Site": the Holders
    remain under the Site)."""

    def __init__(self, site: CardFace, holders, host, parent: QWidget | None = None,
                 width: int = CARD_W):
        super().__init__(parent)
        self.views = [CardView(site, host, self, width=width)]
        for face in holders:
            self.views.append(CardView(face, host, self, width=width))
        self.set_width(width)

    def set_width(self, width: int) -> None:
        """Lay the cards out for cards ``width`` px wide."""
        y = 0
        step = holder_step(width)
        for view in self.views:
            view.set_width(width)
            # the Holders start below the Site's name band, each a band lower
            view.move(0, y)
            y += step
        self.setFixedSize(max(v.width() for v in self.views),
                          max(v.y() + v.height() for v in self.views))


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
        if title:
            layout.addWidget(QLabel(f"<small><b>{title}</b></small>"))
        self.box, self.flow = flow_box(self)
        layout.addWidget(self.box)
        layout.addStretch(1)
        self.set_width(CARD_W)

    def set_width(self, width: int) -> None:
        """A drop zone keeps room for one card ``width`` px wide when empty."""
        self.box.setMinimumHeight(card_size(width).height() if self.key else 0)

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


class TableBoard(QScrollArea):
    """The table: :meth:`show_table` draws a snapshot, the rivals' Realms and the Circle
    above yours, with every card scaled so that the whole table fits the board
    (:meth:`fit_cards`; it scrolls only below :data:`MIN_CARD_W`); :meth:`set_decision`
    offers a decision's options on the cards. With :meth:`set_faces`, cards show the
    browser's faces and the card under the pointer is shown full size with its powers.
    Signal ``chosen(int)``: an option's index."""

    chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.snap: TableSnapshot | None = None
        self.decision: Decision | None = None
        self.menu: QMenu | None = None
        self.views: dict[int, CardView] = {}
        self.card_width = CARD_W
        self.faces: TableFaces | None = None
        self.hover_card: HoverCard | None = None
        self._hovered: CardView | None = None
        self._hover_timer = QTimer(self)
        self._hover_timer.setSingleShot(True)
        self._hover_timer.setInterval(HOVER_MS)
        self._hover_timer.timeout.connect(self._show_hover)
        self._fit_timer = QTimer(self)
        self._fit_timer.setSingleShot(True)
        self._fit_timer.setInterval(0)
        self._fit_timer.timeout.connect(self.fit_cards)
        self._sized: list[QWidget] = []
        placeholder = QLabel("The table appears here when a game starts: choose your deck "
                             "and your rivals' on the left and press Start, or open one "
                             "of the rulebook's worked examples.\n\nYour Realm is at the "
                             "bottom, the Circle in the middle, your rivals' Realms around "
                             "it in the order of play.")
        placeholder.setObjectName("tablePlaceholder")
        placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        placeholder.setWordWrap(True)
        placeholder.setMargin(24)
        self.setWidget(placeholder)

    def set_faces(self, faces: TableFaces) -> None:
        """Draw the cards with ``faces`` and show the card under the pointer."""
        self.faces = faces
        faces.changed.connect(self._face_ready)
        self.hover_card = HoverCard(self)

    # -- faces and hovering --------------------------------------------------------------
    def face_pixmap(self, name: str):
        return self.faces.pixmap(name) if self.faces is not None else None

    def _face_ready(self, name: str) -> None:
        for view in self.views.values():
            if view.face.name == name:
                view.update()

    def hover(self, view: CardView, entered: bool) -> None:
        """The pointer entered or left ``view``: show it full size after a moment."""
        if self.hover_card is None:
            return
        if entered:
            self._hovered = view
            self._hover_timer.start()
        elif view is self._hovered:
            self._hovered = None
            self._hover_timer.stop()
            self.hover_card.hide()

    def _show_hover(self) -> None:
        view = self._hovered
        if view is None or self.hover_card is None or not view.isVisible():
            return
        name = view.face.name
        beside = QRect(view.mapToGlobal(QPoint(0, 0)), view.size())
        self.hover_card.show_card(self.faces.record(name), name, self.face_pixmap(name),
                                  view.details(), beside)

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
        if self.hover_card is not None:
            self.hover_card.hide()
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
        self._sized = []
        self._hovered = None
        if self.hover_card is not None:
            self.hover_card.hide()
        page = QWidget()
        page.setObjectName("tablePage")
        column = QVBoxLayout(page)
        column.setContentsMargins(4, 4, 4, 4)
        column.setSpacing(4)
        grid = QGridLayout()
        grid.setSpacing(4)
        where = f"Round {snap.round}, {snap.phase}" if snap.round else snap.phase
        if snap.over:
            where += (" — game over: " + ("no winner" if snap.winner is None else
                                          f"{snap.autarchs[snap.winner].name} wins"))
        head = QLabel(f"<b>{escape(where)}</b>")
        head.setObjectName("where")
        column.addWidget(head)
        rivals = [i for i in _clockwise(snap.seat, len(snap.autarchs))]
        for seat, (row, col, rows, cols) in zip(rivals, RIVAL_CELLS.get(len(rivals), []),
                                                strict=False):
            grid.addWidget(self._realm(snap, seat, wide=cols > 1), row, col, rows, cols)
        if len(rivals) == 1:
            grid.addWidget(self._circle(snap), 1, 0, 1, 3)
        else:
            grid.addWidget(self._circle(snap), 1, 1)
        for col, stretch in enumerate((3, 2, 3)):
            grid.setColumnStretch(col, stretch)
        column.addLayout(grid)
        column.addWidget(self._realm(snap, snap.seat))
        column.addStretch(1)
        self.setWidget(page)
        self.set_decision(self.decision)
        self._fit_timer.start()  # the cards are built at the width shown so far

    # -- scaling the cards to the room ---------------------------------------------------
    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.snap is not None:
            self._fit_timer.start()

    def _apply_width(self, width: int) -> None:
        for widget in self._sized:
            widget.set_width(width)
        page = self.widget()
        # the layouts cache their children's heights for a width: forget them all
        for widget in page.findChildren(QWidget):
            widget.updateGeometry()
        for layout in page.findChildren(QLayout):
            layout.invalidate()
        page.layout().invalidate()

    def _fits(self, width: int) -> bool:
        self._apply_width(width)
        page = self.widget()
        room = self.viewport().size()
        layout = page.layout()
        if layout.minimumSize().width() > room.width():
            return False
        return layout.totalHeightForWidth(room.width()) <= room.height()

    def fit_cards(self) -> int:
        """Scale every card to the largest width (from :data:`MIN_CARD_W` to
        :data:`MAX_CARD_W` px) at which the whole table fits the board without
        scrolling; returns that width. The search starts from the width shown (one
        step of a game seldom changes it: two trial layouts then)."""
        if self.snap is None:
            return self.card_width
        current = self.card_width
        if self._fits(current):
            if current >= MAX_CARD_W or not self._fits(current + 1):
                best = current
            else:
                best = self._largest_fitting(current + 1, MAX_CARD_W, current + 1)
        else:
            best = self._largest_fitting(MIN_CARD_W, current - 1, MIN_CARD_W)
        self.card_width = best
        self._apply_width(best)
        return best

    def _largest_fitting(self, low: int, high: int, fallback: int) -> int:
        """The largest width in ``low``..``high`` at which the table fits (the table
        grows with the width), else ``fallback``."""
        best = fallback
        while low <= high:
            middle = (low + high) // 2
            if self._fits(middle):
                best, low = middle, middle + 1
            else:
                high = middle - 1
        return best

    def _view(self, face: CardFace, caption: str = "") -> CardView:
        view = CardView(face, self, caption=caption, width=self.card_width)
        self.views[face.card] = view
        self._sized.append(view)
        return view

    def _back(self, label: str, count: int) -> CardBack:
        back = CardBack(label, count, width=self.card_width)
        self._sized.append(back)
        return back

    def _mark(self, title: str) -> ZoneMark:
        mark = ZoneMark(title, self.card_width)
        self._sized.append(mark)
        return mark

    def _state_cards(self, side: AutarchSnapshot) -> list[SiteStack]:
        stacks = []
        for entry in side.state:
            stack = SiteStack(entry.site, entry.holders, self, width=self.card_width)
            for view in stack.views:
                self.views[view.card] = view
            self._sized.append(stack)
            stacks.append(stack)
        return stacks

    def _reserve_cards(self, side: AutarchSnapshot, mine: bool) -> list[QWidget]:
        cards: list[QWidget] = [self._back("Destiny", side.destiny_size)]
        if side.in_ovo_top is not None:
            cards.append(self._view(side.in_ovo_top, caption="In Ovo (top)"))
        else:
            cards.append(self._back("In Ovo", 0))
        cards += [self._view(face) for face in side.effects + side.reserve]
        if not mine:
            cards.append(self._back("Hand", side.hand_size))
        return cards

    def _zone(self, title: str, key: str | None = None) -> Zone:
        zone = Zone(title, self, key)
        self._sized.append(zone)
        return zone

    def _circle(self, snap: TableSnapshot) -> QFrame:
        zone = self._zone("The Circle", "circle")
        zone.setObjectName("circle")
        zone.setFrameShape(QFrame.Shape.StyledPanel)
        for face, paths in snap.circle:
            view = self._view(face, caption=f"{paths} Path{'s' if paths > 1 else ''} "
                              "face down on it" if paths else "")
            view.paths = paths
            zone.add(view)
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
        if not mine:
            # a rival's Realm is one wrapping row: Reserve, State, active area, each
            # after its mark (no drop target there, and the table stays short)
            row = self._zone("")
            row.setObjectName("rivalCards")
            for title, widgets in (("Reserve", self._reserve_cards(side, mine)),
                                   ("State", self._state_cards(side)),
                                   ("Active area", [self._view(f) for f in side.active])):
                row.add(self._mark(title))
                for widget in widgets:
                    row.add(widget)
            v.addWidget(row)
            v.addStretch(1)
            return frame
        state = self._zone("State")
        for stack in self._state_cards(side):
            state.add(stack)
        active = self._zone("Active area", "active")
        for face in side.active:
            active.add(self._view(face))
        reserve = self._zone("Reserve", "reserve")
        for widget in self._reserve_cards(side, mine):
            reserve.add(widget)
        # the State and the active area beside it face the Circle; the Reserve lies
        # between them and the Autarch ("Game Layout"); each zone as wide as its share
        # of the cards, so that the full zones wrap least
        near = QHBoxLayout()
        near.setSpacing(2)
        for zone in (state, active, reserve):
            near.addWidget(zone, max(1, zone.flow.count()))
        v.addLayout(near)
        hand = self._zone("Your hand")
        hand.setObjectName("hand")
        for face in side.hand_cards:
            hand.add(self._view(face))
        v.addWidget(hand)
        if side.set_aside:
            aside = self._zone("Your Sites set aside at Game Setup (drag one to the Circle)")
            aside.setObjectName("setAside")
            for face in side.set_aside:
                aside.add(self._view(face))
            v.addWidget(aside)
        return frame


class ZoneMark(QWidget):
    """A zone's name written up the side of a narrow strip, as tall as a card: marks
    where a zone's cards begin in a rival's one-row Realm."""

    def __init__(self, title: str, width: int = CARD_W, parent: QWidget | None = None):
        super().__init__(parent)
        self.title = title
        self.setObjectName("zoneMark")
        self.setToolTip(title)
        self.set_width(width)

    def set_width(self, width: int) -> None:
        self.setFixedSize(self.fontMetrics().height() + 2, card_size(width).height())

    def title_font(self) -> QFont:
        """Bold, a little smaller than the text, and smaller still until the name fits
        along the strip (a small card's height)."""
        font = QFont(self.font())
        font.setBold(True)
        size = font.pointSizeF() * 0.85
        font.setPointSizeF(size)
        while size > 5 and QFontMetrics(font).horizontalAdvance(self.title) > self.height() - 4:
            size -= 0.5
            font.setPointSizeF(size)
        return font

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setPen(self.palette().color(QPalette.ColorRole.Mid))
        p.drawLine(self.width() - 1, 2, self.width() - 1, self.height() - 2)
        p.translate(0, self.height())
        p.rotate(-90)
        p.setFont(self.title_font())
        p.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        p.drawText(QRect(0, 0, self.height(), self.width()),
                   Qt.AlignmentFlag.AlignCenter, self.title)
        p.end()


def _clockwise(seat: int, seats: int) -> list[int]:
    return [(seat + k) % seats for k in range(1, seats)]


def _heading(side: AutarchSnapshot, acting: bool) -> str:
    name = escape(side.name) + (" (removed: Exhausted Destiny)" if side.eliminated else "")
    turn = " &nbsp;<i>— acting</i>" if acting else ""
    return (f"<b>{name}</b>{turn} &nbsp; <small>Hand {side.hand_size} · Destiny "
            f"{side.destiny_size} · In Ovo {side.in_ovo_size}</small>")
