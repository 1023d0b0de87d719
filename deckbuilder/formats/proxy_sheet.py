"""A printable proxy sheet (``.pdf``): card faces at their real size, to print and cut.

A4 portrait pages of 3 x 3 cards, each 63 x 88 mm (the card shape of
:mod:`card_db.images.aspect`), the grid centred on the page with thin grey cut lines
along every card edge, so a sheet cut along the lines gives cards of the real size.
Each page ends with a footer naming the sheet and the page ("page 2 of 3"). Drawn with
reportlab; the faces are Pillow images, embedded as JPEG. Export only.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

#: Card size in millimetres (the printed cards' 63 x 88 mm).
CARD_MM = (63.0, 88.0)
#: Cards per row and per column of a page.
COLUMNS, ROWS = 3, 3
PER_PAGE = COLUMNS * ROWS
#: JPEG quality of the embedded faces.
JPEG_QUALITY = 88


def pages_needed(cards: int) -> int:
    """How many pages ``cards`` faces take (0 for none)."""
    return -(-cards // PER_PAGE)


def write(faces: Sequence[Image.Image], title: str, *, compress: bool = True) -> bytes:
    """The PDF proxy sheet of ``faces`` (one card each, in order) titled ``title``.

    Raises ``ValueError`` for an empty sequence (a sheet of nothing is a caller's bug).
    """
    if not faces:
        raise ValueError("a proxy sheet needs at least one card")
    # lazy: reportlab loads only for a PDF export
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    width, height = A4
    card_w, card_h = CARD_MM[0] * mm, CARD_MM[1] * mm
    left = (width - COLUMNS * card_w) / 2
    bottom = (height - ROWS * card_h) / 2
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=A4, pageCompression=1 if compress else 0,
                        invariant=1)
    pdf.setTitle(title)
    total = pages_needed(len(faces))
    for page in range(total):
        chunk = faces[page * PER_PAGE:(page + 1) * PER_PAGE]
        for index, face in enumerate(chunk):
            column, row = index % COLUMNS, index // COLUMNS
            x = left + column * card_w
            y = bottom + (ROWS - 1 - row) * card_h
            pdf.drawImage(ImageReader(_jpeg(face)), x, y, card_w, card_h)
        _cut_lines(pdf, left, bottom, card_w, card_h, len(chunk))
        pdf.setFont("Helvetica", 8)
        pdf.drawCentredString(width / 2, bottom / 2,
                              f"{_latin1(title)} \u2014 page {page + 1} of {total}")
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def _jpeg(face: Image.Image) -> io.BytesIO:
    data = io.BytesIO()
    face.convert("RGB").save(data, "JPEG", quality=JPEG_QUALITY)
    data.seek(0)
    return data


def _cut_lines(pdf, left: float, bottom: float, card_w: float, card_h: float,
               cards: int) -> None:
    """Thin grey lines along the edges of the page's card cells (full rows drawn)."""
    rows = -(-cards // COLUMNS)
    pdf.setStrokeGray(0.6)
    pdf.setLineWidth(0.25)
    top = bottom + ROWS * card_h
    for row in range(rows + 1):
        y = top - row * card_h
        pdf.line(left, y, left + COLUMNS * card_w, y)
    for column in range(COLUMNS + 1):
        x = left + column * card_w
        pdf.line(x, top, x, top - rows * card_h)


def _latin1(text: str) -> str:
    """``text`` as reportlab's built-in Helvetica can show it (others as ``?``)."""
    return text.encode("latin-1", "replace").decode("latin-1")
