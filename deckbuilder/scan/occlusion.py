"""Cards partly hidden under other cards (an overlapping, fanned or staircase stack).

A card lying under another has no whole outline, so :mod:`deckbuilder.scan.detection`
cannot find it from a closed contour nor from four corners. What stays visible is at
least one corner: two straight sides meeting (:func:`deckbuilder.scan.lines.corners`).
A card of a stack is about the size of the card on top of it, so a visible corner
outside every card found, with a found card's sides laid along it, is a card if:

- the found card whose size it takes (one not much smaller than the largest found)
  covers part of it (it is hidden under that card:
  a card in the open has a whole outline and is found as such), yet a good part of it
  stays uncovered;
- the parts of its outline that no found card covers lie on straight segments running
  their way (not a found card's own sides: cards side by side are not a stack), and
  are a good share of its outline;
- it lies the same way round as the card on it, give or take 45 degrees (a fan);
- its corner's angle is one of the card on it (both lie flat in the same perspective);
- it is not (nearly) the outline of a card already found.

Each card so found covers the ones below it in turn (a staircase of several cards).
"""

from __future__ import annotations

import cv2
import numpy as np

from deckbuilder.scan.lines import along, corners, direction_map

#: Shortest segment taken for a visible side, as a fraction of a found card's short side.
MIN_SIDE = 0.3
#: Shortest segment drawn in the direction map (the same fraction).
STRAIGHT = 0.1
#: Largest gap, as a fraction of a found card's short side, between a segment's end and
#: the corner it meets (cards have rounded corners).
CORNER_GAP = 0.25
#: Share of the uncovered outline that must lie on segments running its way.
MIN_VISIBLE_SUPPORT = 0.6
#: Share of the outline that must be uncovered (and so checked).
MIN_VISIBLE_OUTLINE = 0.35
#: Share of a hidden card's area the card whose size it takes must cover.
MIN_HIDDEN = 0.1
#: Share of its area that must stay uncovered (a sliver is not a card to read).
MIN_UNCOVERED = 0.2
#: IoU from which two outlines are the same card.
SAME_CARD = 0.8
#: Smallest area, as a share of the largest card found, of a card others may lie under.
ANCHOR_AREA = 0.6
#: Nearest a hidden card comes to the picture's border, as a share of its longest side.
BORDER = 0.01
#: Largest difference, in degrees, between a hidden card's corner and the nearest corner
#: angle of the card on it (both lie in one plane, seen in the same perspective).
SAME_ANGLE = 10
#: Distance, as a share of its short side, within which a segment is a found card's
#: own (its side, its sleeve's edge, or its frame where the outline found is the frame).
OWN_SIDE = 0.1
#: Sizes tried for a hidden card, as multiples of the card on it (in perspective, a card
#: further from the camera, or nearer, looks a little smaller or larger).
SIZES = (1.0, 0.94, 1.06, 1.12)
#: Points sampled along each side of a hypothesised outline.
SAMPLES = 40
#: Where a side running on past a corner is looked for, as fractions of a short side.
RUN_ON = (0.03, 0.1)


def hidden_cards(found: np.ndarray, shape: tuple[int, ...],
                 cards: list[np.ndarray]) -> list[np.ndarray]:
    """The outlines (4 x 2 float32 arrays, px of an image of ``shape``) of cards partly
    hidden under the ``cards`` found (outlines in the same px), from the straight
    segments ``found`` in the image (:func:`~deckbuilder.scan.lines.segments`), best
    first."""
    if not cards:
        return []
    shorts = [_sides(card)[0] for card in cards]
    straight = found[np.hypot(found[:, 2] - found[:, 0], found[:, 3] - found[:, 1])
                     >= STRAIGHT * min(shorts)]
    # a found card's own sides, frame and boxes are no hidden card's sides
    straight = np.array([s for s in straight
                         if not any(_near_card(s, card, OWN_SIDE * short)
                                    for card, short in zip(cards, shorts, strict=True))])
    if len(straight) < 2:
        return []
    directions = direction_map(shape, straight)
    outside = straight[np.hypot(straight[:, 2] - straight[:, 0], straight[:, 3] - straight[:, 1])
                       >= MIN_SIDE * min(shorts)]
    if len(outside) < 2:
        return []
    # a card far smaller than the largest found is likely a card's art or text box
    # taken for a card: no card is hidden under it
    areas = [cv2.contourArea(card) for card in cards]
    anchors = [card for card, area in zip(cards, areas, strict=True)
               if area >= ANCHOR_AREA * max(areas)]
    anchor_angles = [_corner_angles(card) for card in anchors]
    hypotheses = []
    for corner, u, v in corners(outside, CORNER_GAP * min(shorts)):
        if any(along(directions, corner - arm * RUN_ON[1] * min(shorts),
                     corner - arm * RUN_ON[0] * min(shorts), 8).mean() > 0.8
               for arm in (u, v)):
            continue  # a side runs on past it: not a card's corner
        turn = np.degrees(np.arccos(np.clip(u @ v, -1, 1)))
        for card, angles in zip(anchors, anchor_angles, strict=True):
            if np.abs(angles - turn).min() > SAME_ANGLE:
                continue  # in the card's plane, its corners look like the anchor's
            short, long = _sides(card)
            for a, b in ((short, long), (long, short)):
                # a stack's cards lie the same way round, give or take a fan's turn
                if abs(float((v if b > a else u) @ long_axis(card))) < np.cos(np.radians(45)):
                    continue
                for size in SIZES:
                    quad = np.array([corner, corner + u * a * size,
                                     corner + (u * a + v * b) * size,
                                     corner + v * b * size], np.float32)
                    inter, _ = cv2.intersectConvexConvex(quad, card.astype(np.float32))
                    if inter >= MIN_HIDDEN * cv2.contourArea(quad):
                        hypotheses.append(quad)
    added: list[np.ndarray] = []
    while hypotheses:
        covered = _covered(shape, cards + added)
        scored = [(score, quad) for quad in hypotheses
                  if (score := _score(quad, cards + added, covered, directions)) > 0]
        if not scored:
            break
        best = max(scored, key=lambda item: item[0])[1]
        added.append(best)
        hypotheses = [q for _, q in scored if _iou(q, best) < SAME_CARD]
    return added


def long_axis(quad: np.ndarray) -> np.ndarray:
    """The unit vector along the long sides of ``quad``."""
    first = (quad[1] - quad[0] + quad[2] - quad[3]) / 2
    second = (quad[2] - quad[1] + quad[3] - quad[0]) / 2
    axis = first if np.linalg.norm(first) > np.linalg.norm(second) else second
    return axis / max(float(np.linalg.norm(axis)), 1e-6)


def _corner_angles(quad: np.ndarray) -> np.ndarray:
    """The four angles, in degrees, at the corners of ``quad``."""
    before = np.roll(quad, 1, axis=0) - quad
    after = np.roll(quad, -1, axis=0) - quad
    cos = (before * after).sum(axis=1) / (np.linalg.norm(before, axis=1) *
                                         np.linalg.norm(after, axis=1))
    return np.degrees(np.arccos(np.clip(cos, -1, 1)))


def _sides(quad: np.ndarray) -> tuple[float, float]:
    """(short, long) mean side lengths of ``quad``."""
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    first, second = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
    return float(min(first, second)), float(max(first, second))


def _near_card(segment: np.ndarray, card: np.ndarray, margin: float) -> bool:
    """True if the segment's middle lies inside ``card`` or within ``margin`` px of it
    (a found card's own side, frame or text box)."""
    middle = ((segment[0] + segment[2]) / 2, (segment[1] + segment[3]) / 2)
    return cv2.pointPolygonTest(card.reshape(-1, 1, 2).astype(np.float32),
                                (float(middle[0]), float(middle[1])), True) > -margin


def _covered(shape: tuple[int, ...], cards: list[np.ndarray]) -> np.ndarray:
    covered = np.zeros(shape[:2], np.uint8)
    for card in cards:
        cv2.fillConvexPoly(covered, np.rint(card).astype(np.int32), 255)
    return covered


def _score(quad: np.ndarray, cards: list[np.ndarray], covered: np.ndarray,
           directions: np.ndarray) -> float:
    """How well ``quad`` is a card hidden under ``cards`` (``covered`` is non-zero where
    they lie): the share of its outline uncovered and on segments (0 if a condition of
    the module docstring fails)."""
    height, width = covered.shape
    margin = BORDER * max(height, width)
    if quad.min() < margin or quad[:, 0].max() > width - 1 - margin or \
            quad[:, 1].max() > height - 1 - margin:
        return 0.0  # a card running out of the picture, or cut by its border, is not whole
    if any(_iou(quad, card) >= SAME_CARD for card in cards):
        return 0.0
    area = cv2.contourArea(quad)
    box = cv2.boundingRect(np.rint(quad).astype(np.int32))
    x, y, w, h = box
    mask = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(mask, np.rint(quad - [x, y]).astype(np.int32), 255)
    hidden = float(np.count_nonzero(mask & covered[y:y + h, x:x + w]))
    if hidden < MIN_HIDDEN * area or area - hidden < MIN_UNCOVERED * area:
        return 0.0
    seen, on = [], []
    t = (np.arange(SAMPLES) + 0.5) / SAMPLES
    for k in range(4):
        a, b = quad[k], quad[(k + 1) % 4]
        points = np.rint(a + (b - a) * t[:, None]).astype(int)
        seen.append(covered[points[:, 1], points[:, 0]] == 0)
        on.append(along(directions, a, b, SAMPLES))
    visible, supported = np.concatenate(seen), np.concatenate(on)
    if visible.mean() < MIN_VISIBLE_OUTLINE:
        return 0.0
    support = float(supported[visible].mean())
    if support < MIN_VISIBLE_SUPPORT:
        return 0.0
    return support * float(visible.mean())


def _iou(a: np.ndarray, b: np.ndarray) -> float:
    inter, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    union = cv2.contourArea(a) + cv2.contourArea(b) - inter
    return inter / union if union > 0 else 0.0
