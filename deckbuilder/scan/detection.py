"""Finding cards in an image and straightening each to the card shape.

A card is a convex four-sided outline whose sides are in the 63:88 card proportion
(rulebook "Anatomy of Cards"; the 1997 cards measure 63 x 88 mm), allowing for
perspective. Outlines come from OpenCV: edges (Canny, closed by dilation) and Otsu
thresholds of both polarities, on a copy of the image at most :data:`WORK_SIDE` px.
Nested outlines keep the outer one (a card's inner frame is not a second card); an
outline holding two or more card-like outlines side by side is a sheet or binder page,
not a card. Each card is warped (``cv2.warpPerspective``) from the full image to
:data:`CROP_SIZE`.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from card_db.images.aspect import CARD_SIZE_MM
from deckbuilder.scan.lines import cornered_outlines, direction_map, grown_outlines, segments
from deckbuilder.scan.occlusion import hidden_cards, long_axis

#: Width and height, in px, of a straightened card (10 px per mm).
CROP_SIZE = (630, 882)
#: Longest side, in px, of the copy outlines are searched in.
WORK_SIDE = 1100
#: Largest share of a sheet's area one card it holds covers (two cards side by side).
MAX_HELD = 0.5
#: Share of an outline two card-like outlines inside it must cover for it to be two
#: cards side by side, not one card with its art box and text box.
PAIR_COVER = 0.8
#: Share of the image from which an outline along its border is a card filling a scan.
WHOLE_IMAGE = 0.5
#: Distance, in px of the work copy, from the border at which a side runs along it.
BORDER = 4
#: Width, in px of the work copy, of the frame drawn round it.
FRAME = 12
#: Smallest card, as a fraction of the image area.
MIN_AREA = 0.008
#: Short side over long side of a card, and the range accepted under perspective.
CARD_RATIO = CARD_SIZE_MM[0] / CARD_SIZE_MM[1]
#: (The lower bound keeps out a card's art box with the characteristics under it.)
RATIO_RANGE = (0.6, 1.0)  # a card lying flat, photographed low, can look square
#: Highest ratio of an outline seen square-on (opposite sides within :data:`SKEWED`).
FLAT_RATIO_MAX = 0.8
SKEWED = 0.92
#: Area of the outline over the area of its four-sided fit.
MIN_FILL = 0.82
#: Width of the opening that parts touching objects, as a fraction of the longest side.
OPEN_FRACTION = 0.03
#: The adaptive threshold's neighbourhood, as a fraction of the longest side (1/n).
ADAPTIVE_BLOCK = 6
#: Canny's thresholds for faint card sides.
FAINT_EDGE = (10, 40)
#: Share of each side of an outline that must lie on an image edge.
MIN_EDGE_SUPPORT = 0.6
#: Nearest a card found from its corners comes to the border, as a share of the
#: longest side of the picture.
OPEN_MARGIN = 0.02
#: Share of an outline cut off by the border from which an outline inside it is part of
#: that cut-off card, not a card lying on it.
PART_OF = 0.3
#: Shortest straight segment looked at, as a share of the smallest card's short side.
STRAIGHT_MIN = 0.05
#: Largest share of the largest card's area an outline has to be a box of a card hidden
#: under another (:func:`_grown_boxes`).
BOX_AREA = 0.6
#: Short over long side of a card grown round a part of it (:func:`_grown_parts`).
GROWN_RATIO = (0.64, 0.8)
#: Largest area of a card grown round a part of it, as a multiple of the part's area.
GROWN_AREA = 3.0
#: Largest share of a card found from its corners that a card found otherwise may cover.
FREE_OVERLAP = 0.1


@dataclass(frozen=True)
class FoundCard:
    """One card found in an image: ``corners`` in image px, clockwise from the card's
    upright top-left (4 x 2 float array); ``crop`` the straightened card, a
    ``CROP_SIZE[1] x CROP_SIZE[0] x 3`` BGR array."""

    corners: np.ndarray
    crop: np.ndarray


def order_corners(quad: np.ndarray) -> np.ndarray:
    """The four points of ``quad`` clockwise (image y points down) from the top-left of
    the card held upright: the top side is the short side higher in the image."""
    points = np.asarray(quad, dtype=np.float32).reshape(4, 2)
    centre = points.mean(axis=0)
    angles = np.arctan2(points[:, 1] - centre[1], points[:, 0] - centre[0])
    points = points[np.argsort(angles)]  # clockwise on screen
    sides = [np.linalg.norm(points[i] - points[(i + 1) % 4]) for i in range(4)]
    start = 0 if sides[0] + sides[2] < sides[1] + sides[3] else 1  # a short side first
    other = start + 2
    mid_a = (points[start] + points[(start + 1) % 4]) / 2
    mid_b = (points[other % 4] + points[(other + 1) % 4]) / 2
    if mid_b[1] < mid_a[1]:
        start = other % 4
    return np.roll(points, -start, axis=0)


def straighten(image: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The card inside ``corners`` (ordered as :func:`order_corners`) warped to
    :data:`CROP_SIZE`."""
    width, height = CROP_SIZE
    target = np.array([[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]],
                      dtype=np.float32)
    matrix = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
    return cv2.warpPerspective(image, matrix, (width, height), flags=cv2.INTER_AREA,
                               borderMode=cv2.BORDER_REPLICATE)


def rotate_half_turn(card: FoundCard) -> FoundCard:
    """``card`` seen the other way up (its top-left is the opposite corner)."""
    return FoundCard(np.roll(card.corners, 2, axis=0), cv2.rotate(card.crop, cv2.ROTATE_180))


def turned(image: np.ndarray, card: FoundCard, quarters: int) -> FoundCard:
    """``card`` with its top-left moved ``quarters`` corners on clockwise, straightened
    again from ``image`` (a card whose sides looked nearly equal may lie sideways)."""
    if quarters % 4 == 2:
        return rotate_half_turn(card)
    corners = np.roll(card.corners, -quarters, axis=0)
    return FoundCard(corners, straighten(image, corners))


def find_cards(image: np.ndarray) -> list[FoundCard]:
    """Every card found in the BGR ``image``, in reading order (rows top to bottom,
    left to right within a row)."""
    scale = min(1.0, WORK_SIDE / max(image.shape[:2]))
    small = image if scale == 1.0 else cv2.resize(image, None, fx=scale, fy=scale,
                                                  interpolation=cv2.INTER_AREA)
    # a frame of the image's median colour gives a card touching the border an edge there
    colour = [int(v) for v in np.median(small.reshape(-1, 3), axis=0)]
    framed = cv2.copyMakeBorder(small, FRAME, FRAME, FRAME, FRAME, cv2.BORDER_CONSTANT,
                                value=colour)
    candidates, edges, faint = _candidates(framed)
    near_edges = _near_edges(edges, faint)
    supported = [q - FRAME for q in candidates
                 if _edge_support(q, near_edges) >= MIN_EDGE_SUPPORT]
    area = small.shape[0] * small.shape[1]
    cut = [_cut_off(q, small.shape, area) for q in supported]
    quads = _select([q for q, off in zip(supported, cut, strict=True) if not off], area)
    cut_off = [q for q, off in zip(supported, cut, strict=True) if off]
    # straight segments (in px of the framed copy) for cards with no closed outline
    straight = segments(cv2.GaussianBlur(cv2.cvtColor(framed, cv2.COLOR_BGR2GRAY), (5, 5), 0),
                        STRAIGHT_MIN * np.sqrt(MIN_AREA * area * CARD_RATIO))
    opened = _open_outlines(straight, framed.shape, near_edges, quads, cut_off, small.shape)
    quads += _grown_parts(straight - FRAME, small.shape, opened, quads)
    quads = _grown_boxes(straight - FRAME, small.shape, quads)
    on_top = len(quads)
    quads += hidden_cards(straight - FRAME, small.shape, quads)
    cards = []
    for index, quad in enumerate(quads):
        corners = order_corners(quad / scale)
        crop = straighten(image, corners)
        if index >= on_top:
            _blank_covered(crop, corners, [q / scale for q in quads[:index]])
        cards.append(FoundCard(corners, crop))
    return _reading_order(cards)


def _blank_covered(crop: np.ndarray, corners: np.ndarray, above: list[np.ndarray]) -> None:
    """Paint over, in the ``crop`` of a card partly hidden (``corners`` in image px),
    the parts the cards ``above`` it cover (outlines in image px), with the median
    colour of what stays: the card on top's text (its name, often on the same line as
    the hidden card's) is not read as the hidden card's."""
    width, height = CROP_SIZE
    target = np.array([[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]],
                      np.float32)
    warp = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
    mask = np.zeros(crop.shape[:2], np.uint8)
    for quad in above:
        inside = cv2.perspectiveTransform(quad.reshape(-1, 1, 2).astype(np.float32), warp)
        cv2.fillConvexPoly(mask, np.rint(inside).astype(np.int32).reshape(-1, 2), 255)
    if mask.all() or not mask.any():
        return
    crop[mask > 0] = np.median(crop[mask == 0], axis=0)


def _open_outlines(straight: np.ndarray, framed_shape: tuple[int, ...],
                   near_edges: np.ndarray, quads: list[np.ndarray], cut_off: list[np.ndarray],
                   shape: tuple[int, ...]) -> list[np.ndarray]:
    """Cards whose outline closes in no mask (a sleeve's glare, a busy playmat joined
    to a side), found from straight sides and corners
    (:func:`~deckbuilder.scan.lines.cornered_outlines`) where no card of ``quads`` was
    found, and that are not a good part of an outline ``cut_off`` by the border (a
    card's boxes when the card itself is cut off)."""
    area = shape[0] * shape[1]
    area_min = MIN_AREA * area
    found = []
    framed_quads = [q + FRAME for q in quads]
    for outline in cornered_outlines(straight, framed_shape, np.sqrt(area_min * CARD_RATIO),
                                     framed_quads):
        if any(_overlap(outline - FRAME, kept) > FREE_OVERLAP for kept in quads):
            continue
        quad = _card_quad(outline.reshape(-1, 1, 2), area_min, 0.97 * area)
        if quad is None or _edge_support(quad, near_edges) < MIN_EDGE_SUPPORT:
            continue
        quad = quad - FRAME
        # an outline of segments near the border may be a card running out of the
        # picture, its side fitted to a line inside it (a box of the card's face)
        margin = OPEN_MARGIN * max(shape[:2])
        if quad.min() < margin or quad[:, 0].max() > shape[1] - 1 - margin or \
                quad[:, 1].max() > shape[0] - 1 - margin or \
                any(_overlap(quad, kept) > FREE_OVERLAP for kept in quads):
            continue
        if not any(_part_of(quad, cut) for cut in cut_off):
            found.append(quad)
    return _select(found, area)


def _grown_boxes(straight: np.ndarray, shape: tuple[int, ...],
                 quads: list[np.ndarray]) -> list[np.ndarray]:
    """``quads`` with the outlines far smaller than the largest (a card's art box or
    text box taken for a card, :data:`BOX_AREA`) that lie inside one card partly hidden
    under the others (:func:`~deckbuilder.scan.occlusion.hidden_cards`, looked for as
    if the small outlines were not there) replaced by that card: a card under another
    shows its boxes apart, each closing an outline, while its own outline does not close."""
    areas = [cv2.contourArea(q) for q in quads]
    if len(quads) < 2:
        return quads
    boxes = [q for q, a in zip(quads, areas, strict=True) if a < BOX_AREA * max(areas)]
    cards = [q for q, a in zip(quads, areas, strict=True) if a >= BOX_AREA * max(areas)]
    if not boxes:
        return quads
    for hidden in hidden_cards(straight, shape, cards):
        held = [b for b in boxes if _held(b, hidden)]
        if held:
            boxes = [b for b in boxes if not any(b is h for h in held)]
            cards.append(hidden)
    return cards + boxes


def _grown_parts(straight: np.ndarray, shape: tuple[int, ...], opened: list[np.ndarray],
                 found: list[np.ndarray]) -> list[np.ndarray]:
    """``quads`` with each outline that is only part of a card (its title and art, its
    art box: wider than tall on the card, so lying across the card's long axis) replaced
    by the card round it, where the card's sides show as straight
    segments (:func:`~deckbuilder.scan.lines.grown_outlines`): the largest such outline
    in the card's proportion (:data:`GROWN_RATIO`), at most :data:`GROWN_AREA` times
    the part, overlapping no other card and clear of the border. Only the ``opened``
    outlines (found from corners, :func:`_open_outlines`) are grown: the sides of a card
    found whole in a mask (``found``) would make a card-shaped box with a neighbour's."""
    if not opened:
        return opened
    directions = direction_map(shape, straight)
    margin = OPEN_MARGIN * max(shape[:2])
    result = []
    for i, quad in enumerate(opened):
        others = found + opened[:i] + opened[i + 1:]
        best, best_area = quad, cv2.contourArea(quad)
        axis = long_axis(quad)
        for grown in grown_outlines(quad, straight, directions):
            area = cv2.contourArea(grown)
            # a card's title and art, or its art box, is wider than tall on the card
            if abs(float(long_axis(grown) @ axis)) > np.cos(np.radians(45)) or \
                    area <= best_area or area > GROWN_AREA * cv2.contourArea(quad) or \
                    not GROWN_RATIO[0] <= _ratio(grown) <= GROWN_RATIO[1] or \
                    not _held(quad, grown) or grown.min() < margin or \
                    grown[:, 0].max() > shape[1] - 1 - margin or \
                    grown[:, 1].max() > shape[0] - 1 - margin or \
                    any(_overlap(grown, other) > FREE_OVERLAP for other in others):
                continue
            best, best_area = grown, area
        result.append(best)
    return result


def _ratio(quad: np.ndarray) -> float:
    """Short over long side of ``quad`` (mean of opposite sides)."""
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    first, second = sides[0] + sides[2], sides[1] + sides[3]
    return float(min(first, second) / max(first, second))


def _held(inner: np.ndarray, outer: np.ndarray) -> bool:
    """True if ``inner`` lies (nearly) wholly inside ``outer``."""
    inter, _ = cv2.intersectConvexConvex(inner.astype(np.float32), outer.astype(np.float32))
    return inter >= 0.9 * cv2.contourArea(inner)


def _part_of(quad: np.ndarray, whole: np.ndarray) -> bool:
    """True if ``quad`` lies inside ``whole`` and covers a good part of it
    (:data:`PART_OF`), not a card lying on a larger patch."""
    inter, _ = cv2.intersectConvexConvex(quad.astype(np.float32), whole.astype(np.float32))
    return inter >= 0.8 * cv2.contourArea(quad) and inter >= PART_OF * cv2.contourArea(whole)


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    """The area ``a`` and ``b`` share over the smaller one's area."""
    inter, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    return inter / max(1e-6, min(cv2.contourArea(a), cv2.contourArea(b)))


def _near_edges(edges: np.ndarray, faint: np.ndarray) -> np.ndarray:
    """Where a card's side may lie: near an edge at the image's own contrast
    (``edges``) or, on a dim or washed-out photo (a shadow, a slab, a sleeve's glare),
    at a low fixed one (``faint``, :data:`FAINT_EDGE`)."""
    faint = cv2.dilate(faint, np.ones((3, 3), np.uint8), iterations=2)
    return cv2.dilate(edges | faint, np.ones((5, 5), np.uint8))


def _cut_off(quad: np.ndarray, shape: tuple[int, ...], image_area: float) -> bool:
    """True if a side of ``quad`` runs along the image's border and ``quad`` covers less
    than :data:`WHOLE_IMAGE` of the image: a card cut off by the border (not whole), or
    a patch of table between a card and the border. A card filling a scan is kept."""
    if cv2.contourArea(quad) >= WHOLE_IMAGE * image_area:
        return False
    height, width = shape[:2]
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        for axis, limit in ((0, 0), (0, width - 1), (1, 0), (1, height - 1)):
            if abs(a[axis] - limit) <= BORDER and abs(b[axis] - limit) <= BORDER:
                return True
    return False


def _edge_support(quad: np.ndarray, edges: np.ndarray, samples: int = 40) -> float:
    """The smallest share, over the four sides of ``quad``, of points lying on an edge."""
    height, width = edges.shape
    worst = 1.0
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        t = np.linspace(0.1, 0.9, samples)[:, None]
        points = np.rint(a + (b - a) * t).astype(int)
        xs = np.clip(points[:, 0], 0, width - 1)
        ys = np.clip(points[:, 1], 0, height - 1)
        worst = min(worst, float((edges[ys, xs] > 0).mean()))
    return worst


def _candidates(small: np.ndarray) -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
    """Every card-shaped outline, the edges (dilated) and the faint edges (not)."""
    gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    blurred = cv2.GaussianBlur(gray, (5, 5), 0)
    masks = []
    median = float(np.median(blurred))
    edges = cv2.Canny(blurred, max(10, 0.5 * median), min(255, 1.2 * median + 30))
    edges = cv2.dilate(edges, np.ones((3, 3), np.uint8), iterations=2)
    masks.append((edges, cv2.RETR_LIST))
    # a card's side in shadow or on white paper is an edge only at a low contrast
    faint = cv2.Canny(blurred, *FAINT_EDGE)
    masks.append((cv2.dilate(faint, np.ones((3, 3), np.uint8)), cv2.RETR_LIST))
    # every closed outline filled, then opened with a kernel far wider than a line: a
    # card touched by a pen, a cable or another object keeps only its own body
    filled = np.zeros_like(edges)
    outer, _ = cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(filled, outer, -1, 255, thickness=cv2.FILLED)
    side = max(7, round(OPEN_FRACTION * max(gray.shape)))
    masks.append((cv2.morphologyEx(filled, cv2.MORPH_OPEN, np.ones((side, side), np.uint8)),
                  cv2.RETR_EXTERNAL))
    _, otsu = cv2.threshold(blurred, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    for size in (5, 13):  # the larger opening cuts off lines and objects touching a card
        kernel = np.ones((size, size), np.uint8)
        for mask in (otsu, 255 - otsu):
            masks.append((cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel), cv2.RETR_EXTERNAL))
    # on a busy playmat no one threshold parts every card from the table: a threshold
    # against the mean of a neighbourhood wider than a card does
    block = 2 * (max(gray.shape) // ADAPTIVE_BLOCK) + 1
    kernel = np.ones((5, 5), np.uint8)
    for polarity in (cv2.THRESH_BINARY, cv2.THRESH_BINARY_INV):
        local = cv2.adaptiveThreshold(blurred, 255, cv2.ADAPTIVE_THRESH_MEAN_C, polarity,
                                      block, 0)
        masks.append((cv2.morphologyEx(local, cv2.MORPH_OPEN, kernel), cv2.RETR_EXTERNAL))
    area_min = MIN_AREA * gray.size
    found = []
    for mask, mode in masks:
        contours, _ = cv2.findContours(mask, mode, cv2.CHAIN_APPROX_NONE)
        for contour in contours:
            quad = _card_quad(contour, area_min, 0.97 * gray.size)
            if quad is not None:
                found.append(quad)
    return found, edges, faint


def _card_quad(contour: np.ndarray, area_min: float, area_max: float) -> np.ndarray | None:
    area = cv2.contourArea(contour)
    if not area_min <= area <= area_max:
        return None
    hull = cv2.convexHull(contour)
    approx = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True)
    quad = approx.reshape(-1, 2).astype(np.float32) if len(approx) == 4 else \
        cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)
    quad = _refined(contour.reshape(-1, 2).astype(np.float32), quad)
    if quad is None:
        return None
    quad_area = cv2.contourArea(quad)
    if quad_area <= 0 or area / quad_area < MIN_FILL or not cv2.isContourConvex(quad):
        return None
    sides = [np.linalg.norm(quad[i] - quad[(i + 1) % 4]) for i in range(4)]
    short, long = sides[0] + sides[2], sides[1] + sides[3]
    if short > long:
        short, long = long, short
    # a card looks squat only in perspective, where its far side looks shorter
    skew = min(min(sides[0], sides[2]) / max(sides[0], sides[2]),
               min(sides[1], sides[3]) / max(sides[1], sides[3]))
    highest = RATIO_RANGE[1] if skew < SKEWED else FLAT_RATIO_MAX
    if not RATIO_RANGE[0] <= short / long <= highest:
        return None
    # opposite sides of a card under perspective stay within a factor of each other
    if min(sides[0], sides[2]) < 0.6 * max(sides[0], sides[2]) or \
            min(sides[1], sides[3]) < 0.6 * max(sides[1], sides[3]):
        return None
    return quad


def _refined(points: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
    """``quad`` with each side moved onto the line fitted (Huber) to the outline points
    nearest it, and the corners where those lines meet; None if a side has too few
    points."""
    if len(points) < 8:
        dense = []
        for i in range(len(points)):
            a, b = points[i], points[(i + 1) % len(points)]
            dense.extend(a + (b - a) * t for t in np.linspace(0, 1, 12, endpoint=False))
        points = np.array(dense, np.float32)
    distance = np.stack([_segment_distance(points, quad[i], quad[(i + 1) % 4])
                         for i in range(4)], axis=1)
    nearest = distance.argmin(axis=1)
    lines = []
    for i in range(4):
        side = points[(nearest == i) & (distance[:, i] < 12)]
        if len(side) < 2:
            return quad
        vx, vy, x0, y0 = cv2.fitLine(side, cv2.DIST_HUBER, 0, 0.01, 0.01).flatten()
        lines.append((np.array([x0, y0]), np.array([vx, vy])))
    corners = []
    for i in range(4):
        (p, r), (q, s) = lines[i - 1], lines[i]
        cross = r[0] * s[1] - r[1] * s[0]
        if abs(cross) < 1e-6:
            return quad
        t = ((q[0] - p[0]) * s[1] - (q[1] - p[1]) * s[0]) / cross
        corners.append(p + t * r)
    refined = np.array(corners, np.float32)
    if np.abs(refined - quad).max() > 0.15 * np.ptp(quad[:, 0]) + 10:
        return quad  # the fit went astray: keep the rough outline
    return refined


def _segment_distance(points: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    ab = b - a
    t = np.clip(((points - a) @ ab) / max(float(ab @ ab), 1e-9), 0, 1)
    return np.linalg.norm(points - (a + t[:, None] * ab), axis=1)


def _inside(point: np.ndarray, quad: np.ndarray) -> bool:
    return cv2.pointPolygonTest(quad.reshape(-1, 1, 2), (float(point[0]), float(point[1])),
                                False) >= 0


def _select(quads: list[np.ndarray], image_area: float) -> list[np.ndarray]:
    """The outermost card outlines, without duplicates, sheets or binder pages."""
    quads = sorted(quads, key=cv2.contourArea, reverse=True)
    areas = [cv2.contourArea(q) for q in quads]
    centres = [q.mean(axis=0) for q in quads]
    kept: list[int] = []
    dropped: set[int] = set()
    for i, quad in enumerate(quads):
        if i in dropped:
            continue
        inner = [j for j in range(i + 1, len(quads))
                 if areas[j] < 0.7 * areas[i] and _inside(centres[j], quad)]
        disjoint: list[int] = []
        for j in inner:
            # a card on a sheet or binder page covers at most half of it (two side by
            # side look like one squat card); a card's own boxes are not card-shaped
            held = 0.04 * areas[i] < areas[j] <= MAX_HELD * areas[i]
            if held and not any(_inside(centres[j], quads[k]) or _inside(centres[k], quads[j])
                                for k in disjoint):
                disjoint.append(j)
        if len(disjoint) >= 3 or (len(disjoint) == 2 and sum(areas[j] for j in disjoint)
                                  >= PAIR_COVER * areas[i]):
            continue  # a page or sheet holding cards
        kept.append(i)
        dropped.update(j for j in range(i + 1, len(quads)) if _inside(centres[j], quad))
    return [quads[i] for i in kept]


def _reading_order(cards: list[FoundCard]) -> list[FoundCard]:
    if not cards:
        return cards
    heights = [np.ptp(c.corners[:, 1]) for c in cards]
    row = max(1.0, 0.5 * float(np.median(heights)))
    return sorted(cards, key=lambda c: (round(c.corners[:, 1].mean() / row),
                                        c.corners[:, 0].mean()))
