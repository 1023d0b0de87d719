"""Build the optional compiled goldfish core; every other setting is in pyproject.toml.

``deckbuilder/engine/simulation/_fastcore.c`` is built where a C compiler works. Where it
does not (no compiler, no Python headers), the build says so in one line and the package
installs without it: the pure-Python core (``deckbuilder/engine/simulation/fastpath.py``)
then plays the same games, more slowly (``deckbuilder --version`` names the core in use).
"""

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


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
    "deckbuilder.engine.simulation._fastcore",
    ["deckbuilder/engine/simulation/_fastcore.c"],
    extra_compile_args=[] if sys.platform.startswith("win") else ["-O3"],
    optional=True,
)

if __name__ == "__main__":  # setuptools' build backend runs this file as __main__
    setup(ext_modules=[FASTCORE], cmdclass={"build_ext": OptionalBuildExt})
