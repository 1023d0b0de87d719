"""Peak memory and time of importing large card scans (issue 10, section 3, "Large scans").

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench_scan_memory.py

Writes scans to a temporary folder, each with EXIF orientation 6 (shown rotated a
quarter turn), then imports each with :func:`card_db.images.scans.import_scan` in a
fresh subprocess and prints that process's peak resident memory (``VmHWM``) and
the import's wall time. The scans: a JPEG just under the pixel limit
(:data:`~card_db.images.scans.MAX_SCAN_PIXELS`, decoded at a reduced size with
``Image.draft``), PNGs just under the decoded-memory limit
(:data:`~card_db.images.scans.MAX_DECODED_BYTES`: colour, with transparency, and a
grey one just under the pixel limit; decoded whole, then ``Image.reduce``-d), and a
colour PNG just under the pixel limit, which is refused before decoding. The
yardstick is the peak of a subprocess that only imports the module.

Target (issue 10): every import under 300 MB peak. The figures depend on Pillow's
version (printed).

``--child FILE`` imports FILE once and prints a JSON object: ``peak_mb``, ``seconds``,
``width`` and ``height`` of the stored image, ``left``/``right``/``top``/``bottom``
(mean grey of each edge band of the stored image, 0-255) or ``error``; the tests use it.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))  # figures.py, also when a test imports this file

from figures import figure  # noqa: E402

#: The target, in MB of peak resident memory.
TARGET_MB = 300


def peak_mb() -> float:
    """This process's peak resident memory in MB since it started its program: Linux's
    ``VmHWM`` (``ru_maxrss`` also counts the parent's memory at the fork, so a child of
    a large test process would report that); ``ru_maxrss`` elsewhere."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024  # kB
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def make_scan(path: Path, mode: str, width: int, height: int) -> Path:
    """Write a ``width`` x ``height`` px scan in ``mode``: a vertical grey ramp (dark at
    the top as stored) with EXIF orientation 6, so the upright card is dark on the
    right. Runs in a subprocess so that making it does not count."""
    code = f"""
from PIL import Image
image = Image.linear_gradient("L").resize(({width}, {height}))
if {mode!r} != "L":
    image = image.convert({mode!r})
exif = Image.Exif()
exif[0x0112] = 6
options = {{"quality": 90}} if {str(path)!r}.endswith(".jpg") else {{"compress_level": 1}}
image.save({str(path)!r}, exif=exif.tobytes(), **options)
"""
    subprocess.run([sys.executable, "-c", code], check=True)
    return path


def child(file: str) -> None:
    """Import ``file`` once and print the JSON object described in the module docstring."""
    from PIL import Image, ImageStat

    from card_db.errors import UserError
    from card_db.images.scans import import_scan

    start = time.perf_counter()
    try:
        result = import_scan(file, Path(file).parent / "cache", "scan")
    except UserError as error:
        print(json.dumps({"peak_mb": peak_mb(), "error": str(error)}))
        return
    seconds = time.perf_counter() - start
    with Image.open(result.image_path) as stored:
        grey = stored.convert("L")
    w, h = grey.size

    def mean(box: tuple[int, int, int, int]) -> float:
        return ImageStat.Stat(grey.crop(box)).mean[0]

    print(json.dumps({
        "peak_mb": peak_mb(), "seconds": seconds, "width": result.width,
        "height": result.height, "left": mean((0, 0, w // 8, h)),
        "right": mean((w - w // 8, 0, w, h)), "top": mean((0, 0, w, h // 8)),
        "bottom": mean((0, h - h // 8, w, h)),
    }))


def run_child(file: Path) -> dict:
    """:func:`child` of ``file`` in a fresh Python process; its JSON object."""
    done = subprocess.run([sys.executable, __file__, "--child", str(file)], check=True,
                          capture_output=True, text=True, cwd=ROOT)
    return json.loads(done.stdout)


def yardstick_mb() -> float:
    code = (f"import sys; sys.path.insert(0, {str(ROOT / 'benchmarks')!r}); "
            "import card_db.images.scans, bench_scan_memory; "
            "print(bench_scan_memory.peak_mb())")
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                          text=True, cwd=ROOT)
    return float(done.stdout)


def scans(folder: Path) -> list[tuple[str, Path]]:
    """The benchmark's scans (see the module docstring), made in ``folder``."""
    from card_db.images.scans import MAX_DECODED_BYTES, MAX_SCAN_PIXELS

    def side(pixels: float) -> tuple[int, int]:
        height = int((pixels * 3 / 4) ** 0.5) - 2
        return int(pixels / height) - 2, height  # landscape 4:3, just under

    colour = side(MAX_DECODED_BYTES / 4)
    alpha = side(MAX_DECODED_BYTES / 8)
    whole = side(MAX_SCAN_PIXELS)
    return [
        (f"JPEG RGB {whole[0]}x{whole[1]}",
         make_scan(folder / "limit.jpg", "RGB", *whole)),
        (f"PNG RGB {colour[0]}x{colour[1]}", make_scan(folder / "rgb.png", "RGB", *colour)),
        (f"PNG RGBA {alpha[0]}x{alpha[1]}", make_scan(folder / "rgba.png", "RGBA", *alpha)),
        (f"PNG L {whole[0]}x{whole[1]}", make_scan(folder / "grey.png", "L", *whole)),
        (f"PNG RGB {whole[0]}x{whole[1]} (refused)",
         make_scan(folder / "refused.png", "RGB", *whole)),
    ]


def main() -> int:
    import PIL

    print(f"Pillow {PIL.__version__}; target: every import under {TARGET_MB} MB peak")
    base = yardstick_mb()
    print(f"yardstick: importing the module alone peaks at {base:.0f} MB")
    worst = 0.0
    with tempfile.TemporaryDirectory() as folder:
        for label, file in scans(Path(folder)):
            size = file.stat().st_size / 1e6
            result = run_child(file)
            worst = max(worst, result["peak_mb"])
            outcome = (f"refused: {result['error'][:60]}..." if "error" in result else
                       f"stored {result['width']}x{result['height']} in "
                       f"{result['seconds']:.2f} s")
            print(f"{label:<34} {size:6.1f} MB file  peak {result['peak_mb']:5.0f} MB "
                  f"({result['peak_mb'] / base:.1f}x yardstick)  {outcome}")
            outcome_word = "refused" if "error" in result else "stored"
            figure(f"peak memory of a scan import: {label} ({size:.1f} MB file)"
                   + ("" if outcome_word in label else f", {outcome_word}"),
                   f"{result['peak_mb']:.0f} MB",
                   f"{result['peak_mb'] / base:.1f}x importing the module alone ({base:.0f} MB)",
                   f"< {TARGET_MB} MB: {'yes' if result['peak_mb'] < TARGET_MB else 'NO'}")
    verdict = "met" if worst < TARGET_MB else "NOT met"
    print(f"target (every scan import under {TARGET_MB} MB peak): worst {worst:.0f} MB, {verdict}")
    return 0 if worst < TARGET_MB else 1


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2])
    else:
        sys.exit(main())
