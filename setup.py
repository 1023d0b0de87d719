"""Build the optional compiled goldfish core and bundle the user guide's pages; every
other setting is in pyproject.toml.

``deckbuilder/engine/simulation/_fastcore.c`` is built where a C compiler works. Where it
does not (no compiler, no Python headers), the build says so in one line and the package
installs without it: the pure-Python core (``deckbuilder/engine/simulation/fastpath.py``)
then plays the same games, more slowly (``deckbuilder --version`` names the core in use).

The user guide (``docs/`` and ``mkdocs.yml``, outside the packages) is copied into the
built package as ``deckbuilder/_guide/``, where the app's Help > User Guide finds it
(``deckbuilder/guide.py``); an editable install reads ``docs/`` where it is. Where MkDocs,
its Material theme and mkdocs-click can run in the build's environment (a build without
isolation, as ``packaging/build.sh`` makes), the built site goes to
``deckbuilder/_guide/site/`` too, and Help > User Guide opens it in the web browser;
elsewhere the app builds it at first use if MkDocs is installed, or shows the pages itself.
"""

import importlib.util
import os
import shutil
import subprocess
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
        build_site(target.resolve())


def build_site(target: Path) -> None:
    """``mkdocs build --strict`` of the copied guide into ``target / "site"``, or a note
    saying why not (the package is complete without it)."""
    modules = ("mkdocs", "material", "mkdocs_click")
    missing = [name for name in modules if importlib.util.find_spec(name) is None]
    if missing:
        print(f"note: the user guide's site was not built ({', '.join(missing)} not "
              "installed here); the app builds it at first use or shows the pages itself")
        return
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file",
         str(target / "mkdocs.yml"), "--site-dir", str(target / "site")],
        cwd=HERE, capture_output=True, text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1",
             "PYTHONPATH": os.pathsep.join(filter(None, [str(HERE),
                                                          os.environ.get("PYTHONPATH")]))},
    )
    if result.returncode != 0:
        shutil.rmtree(target / "site", ignore_errors=True)
        print("note: the user guide's site was not built (mkdocs build failed: "
              f"{(result.stderr or result.stdout).strip()[-500:]})")


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
    # generated from the power registry: python -m deckbuilder.engine.simulation.gen_header
    depends=["deckbuilder/engine/simulation/_powers.h"],
    extra_compile_args=[] if sys.platform.startswith("win") else ["-O3"],
    optional=True,
)

if __name__ == "__main__":  # setuptools' build backend runs this file as __main__
    setup(ext_modules=[FASTCORE],
          cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithGuide})
