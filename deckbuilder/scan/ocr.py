"""Text detection and recognition with RapidOCR (PaddleOCR's PP-OCR models run by ONNX
Runtime; the models ship inside the ``rapidocr`` wheel, nothing to install on the
system). One engine per process, created on first use (about half a second).

Why RapidOCR rather than Tesseract: Tesseract needs a system package on every OS (and
in the standalone build), its page segmentation is tuned for documents rather than
short lines on card art, and it is slower per line on this machine; see
``docs/scanning.md``.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np

#: Longest side, in px, an image is reduced to for text detection: quick (a name band)
#: and fine (a whole card, whose small print needs the full 882 px).
DETECT_SIDE = 640
FINE_DETECT_SIDE = 960

_engines: dict[int, object] = {}
_lock = threading.Lock()


@dataclass(frozen=True)
class TextLine:
    """One line of text: its ``box`` (left, top, right, bottom in px of the image read),
    ``text`` and the recogniser's ``confidence`` 0-1."""

    box: tuple[float, float, float, float]
    text: str
    confidence: float

    @property
    def height(self) -> float:
        return self.box[3] - self.box[1]

    @property
    def centre(self) -> tuple[float, float]:
        return ((self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2)


def engine(detect_side: int = DETECT_SIDE):
    """The process's RapidOCR engine detecting at ``detect_side`` px (created once,
    thread-safe)."""
    with _lock:
        if detect_side not in _engines:
            from rapidocr import RapidOCR  # lazy: loading the models takes half a second

            _engines[detect_side] = RapidOCR(params={
                "Global.log_level": "error",
                "Global.use_cls": False,  # crops are upright: the card was straightened
                "Det.limit_type": "max",
                "Det.limit_side_len": detect_side,
                # one thread: faster on a busy machine, and leaves a core to the window
                "EngineConfig.onnxruntime.intra_op_num_threads": 1,
            })
        return _engines[detect_side]


def read_lines(image: np.ndarray, fine: bool = False) -> list[TextLine]:
    """Every text line found in the BGR ``image``, top to bottom (``fine``: detected at
    :data:`FINE_DETECT_SIDE`, for small print)."""
    reader = engine(FINE_DETECT_SIDE if fine else DETECT_SIDE)
    result = reader(image, use_det=True, use_cls=False, use_rec=True)
    if result.boxes is None or result.txts is None:
        return []
    lines = []
    for box, text, score in zip(result.boxes, result.txts, result.scores, strict=True):
        points = np.asarray(box, dtype=np.float32)
        lines.append(TextLine((float(points[:, 0].min()), float(points[:, 1].min()),
                               float(points[:, 0].max()), float(points[:, 1].max())),
                              str(text).strip(), float(score)))
    return sorted(lines, key=lambda line: (line.box[1], line.box[0]))


def detect_boxes(image: np.ndarray, fine: bool = False
                 ) -> list[tuple[float, float, float, float]]:
    """The boxes (left, top, right, bottom px) of the text lines found in the BGR
    ``image``, without reading them (``fine``: as :func:`read_lines`)."""
    result = engine(FINE_DETECT_SIDE if fine else DETECT_SIDE)(
        image, use_det=True, use_cls=False, use_rec=False)
    if result.boxes is None:
        return []
    boxes = []
    for box in result.boxes:
        points = np.asarray(box, dtype=np.float32)
        boxes.append((float(points[:, 0].min()), float(points[:, 1].min()),
                      float(points[:, 0].max()), float(points[:, 1].max())))
    return boxes


def recognise(images: list[np.ndarray]) -> list[tuple[str, float]]:
    """Each BGR image of one line of text read in one batch: ``(text, confidence)``."""
    if not images:
        return []
    reader = engine()
    with _lock:  # the engine keeps per-call settings: one caller at a time
        result = reader.recognize_txt(images)
    return [(str(text).strip(), float(score))
            for text, score in zip(result.txts, result.scores, strict=True)]


def read_line(image: np.ndarray) -> tuple[str, float]:
    """The BGR ``image`` read as one line of text (no detection): ``(text, confidence)``."""
    result = engine()(image, use_det=False, use_cls=False, use_rec=True)
    if not result.txts:
        return "", 0.0
    return str(result.txts[0]).strip(), float(result.scores[0])
