"""Build the optional compiled goldfish core and bundle the user guide's pages; every
other setting is in pyproject.toml.

``deckbuilder/engine/_fastcore.c`` is built where a C compiler works. Where it does not
(no compiler, no Python headers), the build says so in one line and the package installs
without it: the pure-Python core (``deckbuilder/engine/fastpath.py``) then plays the same
games, more slowly (``deckbuilder --version`` names the core in use).

The user guide (``docs/`` and ``mkdocs.yml``, outside the packages) is copied into the
built package as ``deckbuilder/_guide/``, where the app's Help > User Guide finds it
(``deckbuilder/guide.py``); an editable install reads ``docs/`` where it is.
"""

import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
GUIDE_FILES = ("mkdocs.yml", "docs/*.md", "docs/screenshots/*.png")


class BuildPyWithGuide(build_py):
    """build_py that also copies the user guide's pages into ``deckbuilder/_guide``."""

    def run(self):
        super().run()
        if self.editable_mode:
            return
        target = Path(self.build_lib) / "deckbuilder" / "_guide"
        for pattern in GUIDE_FILES:
            for source in sorted(HERE.glob(pattern)):
                destination = target / source.relative_to(HERE)
                destination.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, destination)


class OptionalBuildExt(build_ext):
    """build_ext that leaves an extension out instead of failing the installation."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - any build failure means "no compiled core"
            self._skipped(exc)

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:  # noqa: BLE001 - as above, per extension
            self._skipped(exc)

    @staticmethod
    def _skipped(exc):
        print(f"note: the compiled goldfish core was not built ({exc}); "
              "the pure-Python core will be used")


FASTCORE = Extension(
    "deckbuilder.engine._fastcore",
    ["deckbuilder/engine/_fastcore.c"],
    extra_compile_args=[] if sys.platform.startswith("win") else ["-O3"],
    optional=True,
)

if __name__ == "__main__":  # setuptools' build backend runs this file as __main__
    setup(ext_modules=[FASTCORE],
          cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithGuide})
