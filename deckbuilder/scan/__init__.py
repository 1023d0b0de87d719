"""Scanning: from photos and flatbed scans of real cards to card reads (issue 21).

Pure Python on OpenCV, imagehash and RapidOCR: no Qt, no database. Import the modules
directly; this ``__init__`` only says whether the optional ``scan`` extra is installed.

* :mod:`deckbuilder.scan.loading` decodes an image file into pixels;
* :mod:`deckbuilder.scan.detection` finds the cards in an image and straightens each
  to the 63 x 88 mm card shape (rulebook "Anatomy of Cards");
* :mod:`deckbuilder.scan.ocr` runs the text detector and recogniser;
* :mod:`deckbuilder.scan.reading` reads the name line and the other fields of a crop;
* :mod:`deckbuilder.scan.fields` turns the text lines of a card into fields;
* :mod:`deckbuilder.scan.grouping` groups the crops that show the same printed card;
* :mod:`deckbuilder.scan.matching` matches a read against the catalogue;
* :mod:`deckbuilder.scan.batch` runs all of it over a batch of images.
"""

from __future__ import annotations

import importlib.util

from card_db.errors import UserError

#: Import name -> the distribution that provides it (``pip install -e '.[scan]'``).
REQUIRED = {
    "cv2": "opencv-python-headless",
    "imagehash": "imagehash",
    "rapidocr": "rapidocr",
    "onnxruntime": "onnxruntime",
}
INSTALL_HINT = "pip install -e '.[scan]'  (or: pip install 'imajica-deckbuilder[scan]')"


class ScanUnavailable(UserError):
    """The optional scanning libraries are not installed; the message says how to add them."""


def missing_libraries() -> list[str]:
    """The distributions of :data:`REQUIRED` that are not installed (empty when scanning works)."""
    return [dist for module, dist in REQUIRED.items() if importlib.util.find_spec(module) is None]


def require_scanning() -> None:
    """Raise :class:`ScanUnavailable` naming what to install if a library is missing."""
    missing = missing_libraries()
    if missing:
        raise ScanUnavailable(
            f"scanning needs {', '.join(missing)}, which are not installed; install the "
            f"scan extra: {INSTALL_HINT}"
        )
