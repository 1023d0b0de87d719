"""Straight sides: line segments, the corners they make, and how well an outline lies
on them.

A card's side is a straight line, an image edge that is also straight (unlike most of a
busy playmat's or a card's art). Segments come from OpenCV's LSD detector
(``cv2.createLineSegmentDetector``). A *direction map* draws each segment with its
direction, so that an outline's side counts as seen only where a segment running the
same way lies under it.
"""

from __future__ import annotations

import cv2
import numpy as np

#: Largest angle, in degrees, between a side and a segment lying along it.
SAME_DIRECTION = 6
#: Angles, in degrees, two sides of a card may make in an image (perspective).
CORNER_ANGLES = (60, 120)
#: Depth, as a share of the shortest side, from which a segment lies inside an outline
#: already found (and is not looked at).
TAKEN_MARGIN = 0.1
#: Where a side running on past a corner is looked for, as fractions of its length.
RUN_ON = (0.03, 0.1)
RUN_ON_COVER = 0.9
#: Short over long sides of a card's outline in perspective (loose).
RATIO_RANGE = (0.55, 1.0)
#: Width, in px, a segment is drawn with in the direction map.
DRAWN_WIDTH = 3


def segments(gray: np.ndarray, shortest: float) -> np.ndarray:
    """Straight segments (LSD) in the grey ``gray`` at least ``shortest`` px long, as an
    N x 4 float array (x1, y1, x2, y2)."""
    found = cv2.createLineSegmentDetector().detect(gray)[0]
    if found is None:
        return np.zeros((0, 4), np.float32)
    found = found.reshape(-1, 4)
    length = np.hypot(found[:, 2] - found[:, 0], found[:, 3] - found[:, 1])
    return found[length >= shortest]


def direction_map(shape: tuple[int, ...], found: np.ndarray) -> np.ndarray:
    """A uint8 image of ``shape`` (height, width) with each segment of ``found`` drawn
    as its direction, 1-180 degrees (0 where there is none)."""
    drawn = np.zeros(shape[:2], np.uint8)
    for x1, y1, x2, y2 in found:
        angle = int(np.degrees(np.arctan2(y2 - y1, x2 - x1)) % 180) + 1
        cv2.line(drawn, (round(x1), round(y1)), (round(x2), round(y2)), angle, DRAWN_WIDTH)
    return drawn


def along(directions: np.ndarray, a: np.ndarray, b: np.ndarray, samples: int) -> np.ndarray:
    """For ``samples`` points evenly along the side a->b (px; the ends excluded): True
    where a segment running the same way lies under it. Points outside the image are
    False."""
    height, width = directions.shape
    t = (np.arange(samples) + 0.5) / samples
    points = a + (b - a) * t[:, None]
    xs, ys = np.rint(points[:, 0]).astype(int), np.rint(points[:, 1]).astype(int)
    inside = (xs >= 0) & (ys >= 0) & (xs < width) & (ys < height)
    drawn = directions[np.clip(ys, 0, height - 1), np.clip(xs, 0, width - 1)].astype(float)
    angle = np.degrees(np.arctan2(b[1] - a[1], b[0] - a[0])) % 180
    turn = np.abs((drawn - 1 - angle + 90) % 180 - 90)
    return inside & (drawn > 0) & (turn <= SAME_DIRECTION)


def corners(found: np.ndarray, gap: float):
    """Each corner two segments of ``found`` make, their ends within ``gap`` px of
    where their lines cross: yields (corner point, unit vector along the first segment
    away from it, unit vector along the second)."""
    a, b = found[:, :2].astype(float), found[:, 2:].astype(float)
    unit = (b - a) / np.maximum(np.linalg.norm(b - a, axis=1), 1e-6)[:, None]
    low, high = (np.cos(np.radians(angle)) for angle in CORNER_ANGLES)
    index = np.arange(len(found))
    for i in range(len(found)):
        cos = unit @ unit[i]
        j = np.flatnonzero((cos < low) & (cos > high) & (index > i))
        if not len(j):
            continue
        r, s = unit[i], unit[j]
        cross = r[0] * s[:, 1] - r[1] * s[:, 0]
        t = ((a[j, 0] - a[i, 0]) * s[:, 1] - (a[j, 1] - a[i, 1]) * s[:, 0]) / cross
        corner = a[i] + t[:, None] * r
        # each segment's end nearest the corner, and its far end
        own_a, own_b = np.linalg.norm(a[i] - corner, axis=1), np.linalg.norm(b[i] - corner, axis=1)
        other_a, other_b = (np.linalg.norm(a[j] - corner, axis=1),
                            np.linalg.norm(b[j] - corner, axis=1))
        close = (np.minimum(own_a, own_b) <= gap) & (np.minimum(other_a, other_b) <= gap)
        for k in np.flatnonzero(close):
            far_own = b[i] if own_a[k] < own_b[k] else a[i]
            far_other = b[j[k]] if other_a[k] < other_b[k] else a[j[k]]
            arms = [(far - corner[k]) / max(float(np.linalg.norm(far - corner[k])), 1e-6)
                    for far in (far_own, far_other)]
            yield corner[k], arms[0], arms[1]


def _runs_on(directions: np.ndarray, quad: np.ndarray) -> bool:
    """True if a side of ``quad`` runs on straight past one of its corners (between
    :data:`RUN_ON` of its length beyond it): that corner is where a line inside a card
    meets the card's side (its text box and its sides make a card-shaped box), not a
    card's corner."""
    for k in range(4):
        a, b = quad[k], quad[(k + 1) % 4]
        for start, end in ((b, a), (a, b)):  # beyond a, then beyond b
            step = end - start
            near, far = end + step * RUN_ON[0], end + step * RUN_ON[1]
            if along(directions, near, far, 12).mean() >= RUN_ON_COVER:
                return True
    return False


def _card_like(quad: np.ndarray) -> bool:
    """A quick test before the costly ones: convex, opposite sides within a factor of
    each other, short over long sides between :data:`RATIO_RANGE` (loosely: the
    card's shape is checked again by the caller)."""
    if not cv2.isContourConvex(quad.reshape(-1, 1, 2)):
        return False
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    if min(sides[0], sides[2]) < 0.6 * max(sides[0], sides[2]) or \
            min(sides[1], sides[3]) < 0.6 * max(sides[1], sides[3]):
        return False
    short, long = sorted((sides[0] + sides[2], sides[1] + sides[3]))
    return RATIO_RANGE[0] <= short / long <= RATIO_RANGE[1]


def _intersection(p: np.ndarray, r: np.ndarray, q: np.ndarray, s: np.ndarray):
    cross = r[0] * s[1] - r[1] * s[0]
    if abs(cross) < 1e-6:
        return None
    t = ((q[0] - p[0]) * s[1] - (q[1] - p[1]) * s[0]) / cross
    return p + t * r


#: Smallest share of each side of an outline that segments running its way must cover.
MIN_SIDE_COVER = 0.5
#: Largest angle, in degrees, between a corner's arms and the opposite corner's.
OPPOSITE_TURN = 20


def cornered_outlines(found: np.ndarray, shape: tuple[int, ...], shortest_side: float,
                      taken: list[np.ndarray] = ()) -> list[np.ndarray]:
    """Four-sided outlines (4 x 2 float arrays, px of an image of ``shape``) whose four
    corners are made by the straight segments ``found`` (:func:`segments`) and whose
    four sides lie on segments running their way (at least :data:`MIN_SIDE_COVER` of
    each): a card's outline that is not closed in an edge or threshold image (broken by
    glare, or joined to a busy background).
    ``shortest_side``: the shortest card side, in px, looked for; ``taken``: outlines
    (4 x 2 arrays) already found, inside which no corner is looked for."""
    found = found[np.hypot(found[:, 2] - found[:, 0], found[:, 3] - found[:, 1])
                  >= 0.3 * shortest_side]
    if len(found) and len(taken):
        middles = (found[:, :2] + found[:, 2:]) / 2
        free = np.ones(len(found), bool)
        for quad in taken:
            outline = quad.reshape(-1, 1, 2).astype(np.float32)
            free &= np.array([cv2.pointPolygonTest(outline, (float(x), float(y)), True)
                              < -TAKEN_MARGIN * shortest_side for x, y in middles])
        found = found[free]
    if len(found) < 4:
        return []
    directions = direction_map(shape, found)
    points, arms_u, arms_v = [], [], []
    for corner, u, v in corners(found, 0.25 * shortest_side):
        points.append(corner)
        arms_u.append(u)
        arms_v.append(v)
    if len(points) < 2:
        return []
    points, arms_u, arms_v = np.array(points), np.array(arms_u), np.array(arms_v)
    cos = np.cos(np.radians(OPPOSITE_TURN))
    outlines = []
    seen: set[tuple[int, ...]] = set()
    for i in range(len(points)):
        p, u, v = points[i], arms_u[i], arms_v[i]
        offset = points - p
        ahead = (offset @ u > shortest_side) & (offset @ v > shortest_side)
        # the opposite corner's arms point back along -u and -v (in either order)
        facing = ((arms_u @ u < -cos) & (arms_v @ v < -cos)) | \
            ((arms_v @ u < -cos) & (arms_u @ v < -cos))
        for j in np.flatnonzero(ahead & facing):
            q = points[j]
            back_u, back_v = (arms_u[j], arms_v[j]) if arms_u[j] @ u < -cos else \
                (arms_v[j], arms_u[j])
            second = _intersection(p, u, q, back_v)
            fourth = _intersection(p, v, q, back_u)
            if second is None or fourth is None:
                continue
            quad = np.array([p, second, q, fourth], np.float32)
            key = tuple(np.rint(quad.ravel() / 4).astype(int))
            if key in seen or not _card_like(quad):
                continue
            seen.add(key)
            if all(along(directions, quad[k], quad[(k + 1) % 4], 40).mean() >= MIN_SIDE_COVER
                   for k in range(4)) and not _runs_on(directions, quad):
                outlines.append(quad)
    return outlines


#: Largest angle, in degrees, between a side of an outline and a segment taken as the
#: same side further out.
PARALLEL = 6
#: Farthest, as a share of an outline's longest side, a side is moved out.
GROW_REACH = 1.0
#: Shortest segment, as a share of the side, taken as the side further out.
GROW_SEGMENT = 0.2
#: Candidate lines kept for each side (the longest segments).
GROW_CANDIDATES = 4


def grown_outlines(quad: np.ndarray, found: np.ndarray, directions: np.ndarray
                   ) -> list[np.ndarray]:
    """Outlines (4 x 2 float32 arrays) holding ``quad`` (4 x 2, px) whose sides are
    ``quad``'s own or straight segments of ``found`` (:func:`segments`) running the
    same way further out (within :data:`GROW_REACH`), each lying at least
    :data:`MIN_SIDE_COVER` on segments running its way (``directions``,
    :func:`direction_map`), and at least one side moved: the card round an outline that
    is only part of it (its title and art, its art box). The caller checks the shape."""
    quad = quad.astype(float)
    centre = quad.mean(axis=0)
    reach = GROW_REACH * float(np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1).max())
    a_all, b_all = found[:, :2].astype(float), found[:, 2:].astype(float)
    lengths = np.linalg.norm(b_all - a_all, axis=1)
    units = (b_all - a_all) / np.maximum(lengths, 1e-6)[:, None]
    middles = (a_all + b_all) / 2
    lines = []
    for k in range(4):
        a, b = quad[k], quad[(k + 1) % 4]
        side = float(np.linalg.norm(b - a))
        d = (b - a) / max(side, 1e-6)
        n = np.array([-d[1], d[0]])
        if (centre - a) @ n > 0:
            n = -n
        offset = (middles - a) @ n
        along_side = (middles - a) @ d
        keep = ((np.abs(units @ d) >= np.cos(np.radians(PARALLEL))) & (offset > 0.02 * side)
                & (offset < reach) & (lengths >= GROW_SEGMENT * side)
                & (along_side > -0.2 * side) & (along_side < 1.2 * side))
        chosen = [(a, d)]
        for i in np.flatnonzero(keep)[np.argsort(-lengths[keep])]:
            if all(abs(float((middles[i] - p) @ n)) > 4 for p, _ in chosen):
                chosen.append((middles[i], units[i]))
            if len(chosen) > GROW_CANDIDATES:
                break
        lines.append(chosen)
    outlines = []
    for picks in np.ndindex(*(len(c) for c in lines)):
        if not any(picks):
            continue
        sides = [lines[k][i] for k, i in enumerate(picks)]
        points = [_intersection(sides[k - 1][0], sides[k - 1][1], sides[k][0], sides[k][1])
                  for k in range(4)]
        if any(p is None for p in points):
            continue
        grown = np.array(points, np.float32)
        if not _card_like(grown):
            continue
        if all(along(directions, grown[k], grown[(k + 1) % 4], 40).mean() >= MIN_SIDE_COVER
               for k in range(4)):
            outlines.append(grown)
    return outlines
