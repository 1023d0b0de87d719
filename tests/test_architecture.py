"""The import contracts between the layers, checked on the source with :mod:`ast`.

Layers, lowest first (see CONTRIBUTING.md, "Architecture")::

    card_db/                        card data, records, search, database (no Qt)
    deckbuilder/deck, engine        deck rules and the rules engine: pure Python
    deckbuilder/formats             deck file formats: no Qt, no SQLAlchemy
    deckbuilder/services            database access for the CLI and the GUI: no Qt
    deckbuilder/cli, deckbuilder/gui

A contract names the modules it covers and the imports they may not make: a
top-level package (``sqlalchemy``) or a dotted prefix (``deckbuilder.gui``). Every
``import`` statement counts, at module level or inside a function (a lazy import
still loads the module when it runs), and so does ``importlib.import_module`` with
a literal name. With ``transitive`` set, importing a project module that itself
loads a forbidden one when imported (module-level imports, followed through the
project) is a violation too, reported with the chain. Imports under
``if TYPE_CHECKING:`` count as direct dependencies but are not followed.

A second check imports the covered modules in a fresh interpreter and looks at
``sys.modules``, so that what Python really loads agrees with the static check.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("card_db", "deckbuilder")

QT = ("PySide6", "shiboken6")
DATABASE = ("sqlalchemy", "sqlmodel", "alembic", "sqlite3")


@dataclass(frozen=True)
class Contract:
    """Modules under ``scope`` (paths relative to the root) may not import ``forbidden``."""

    name: str
    scope: tuple[str, ...]
    forbidden: tuple[str, ...]
    transitive: bool = True
    ignore: tuple[str, ...] = ()


CONTRACTS = (
    Contract(
        "card_db is the bottom layer: no app code, no Qt",
        ("card_db",), ("deckbuilder", *QT),
    ),
    Contract(
        "deck rules and the rules engine are pure Python: no Qt, no database, no upper layer",
        ("deckbuilder/deck", "deckbuilder/engine"),
        (*QT, *DATABASE, "deckbuilder.services", "deckbuilder.gui", "deckbuilder.cli"),
    ),
    Contract(
        "the shelf's games (inventory, Mystic War) are pure Python: no Qt, no database, "
        "no upper layer",
        ("deckbuilder/shelf",),
        (*QT, *DATABASE, "deckbuilder.services", "deckbuilder.gui", "deckbuilder.cli"),
    ),
    Contract(
        "the match log's entries, statistics and CSV are pure Python: no Qt, no database, "
        "no upper layer",
        ("deckbuilder/match_log",),
        (*QT, *DATABASE, "deckbuilder.services", "deckbuilder.gui", "deckbuilder.cli"),
    ),
    Contract(
        "scanning (find, read, group, match cards) is pure Python: no Qt, no database, "
        "no upper layer",
        ("deckbuilder/scan",),
        (*QT, *DATABASE, "deckbuilder.services", "deckbuilder.gui", "deckbuilder.cli"),
    ),
    Contract(
        "deck file formats: no Qt, no SQLAlchemy or SQLModel, no upper layer",
        ("deckbuilder/formats",),
        (*QT, "sqlalchemy", "sqlmodel", "deckbuilder.gui", "deckbuilder.cli"),
    ),
    Contract(
        "services reach the database for the CLI and the GUI: no Qt, no upper layer",
        ("deckbuilder/services",), (*QT, "deckbuilder.gui", "deckbuilder.cli"),
    ),
    Contract(
        "shared presentation helpers: no Qt, no database",
        ("deckbuilder/presentation.py", "deckbuilder/messages.py", "deckbuilder/__init__.py",
         "deckbuilder/guide.py"),
        (*QT, *DATABASE),
    ),
    Contract(
        "the rules do not depend on the computer Autarchs' search (issue 24): the game, "
        "its rules, powers and table import nothing of deckbuilder.engine.search",
        ("deckbuilder/engine/game", "deckbuilder/engine/rules", "deckbuilder/engine/powers",
         "deckbuilder/engine/table"),
        ("deckbuilder.engine.search",),
    ),
    Contract(
        "the engine's rules, card powers and table (issue 22) import nothing from the game, "
        "the controllers, the simulation cores or the records",
        ("deckbuilder/engine/rules", "deckbuilder/engine/powers", "deckbuilder/engine/table"),
        ("deckbuilder.engine.game", "deckbuilder.engine.controllers",
         "deckbuilder.engine.simulation", "deckbuilder.engine.records"),
    ),
    Contract(
        "the game and its action interface import no controller, simulation core or record",
        ("deckbuilder/engine/game",),
        ("deckbuilder.engine.controllers", "deckbuilder.engine.simulation",
         "deckbuilder.engine.records"),
    ),
    # The CLI opens the GUI (deckbuilder.gui.app) by name, so Qt is reached from it on
    # purpose; what it may not do is import Qt itself.
    Contract("the CLI does not import Qt itself", ("deckbuilder/cli",), QT, transitive=False),
)


@dataclass(frozen=True)
class ImportRef:
    """One imported module name at ``path``:``line``."""

    path: Path
    line: int
    target: str
    at_import_time: bool  # executed when the importing module is imported
    type_checking: bool  # inside ``if TYPE_CHECKING:``


@dataclass
class Module:
    name: str
    path: Path
    imports: list[ImportRef] = field(default_factory=list)


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _resolve_relative(module: str, is_package: bool, level: int, name: str | None) -> str:
    base = module.split(".") if is_package else module.split(".")[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, name] if name else base)


def scan_imports(path: Path, name: str) -> list[ImportRef]:
    """Every import in the file at ``path`` (module ``name``), with where and when it runs."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    found: list[ImportRef] = []

    def visit(node: ast.AST, at_import_time: bool, type_checking: bool) -> None:
        def add(target: str, line: int) -> None:
            found.append(ImportRef(path, line, target, at_import_time, type_checking))

        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = (_resolve_relative(name, is_package, node.level, node.module)
                    if node.level else node.module or "")
            add(base, node.lineno)
            for alias in node.names:  # ``from pkg import submodule``
                if alias.name != "*":
                    add(f"{base}.{alias.name}", node.lineno)
        elif (isinstance(node, ast.Call) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and ((isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
                   or (isinstance(node.func, ast.Name)
                       and node.func.id in ("import_module", "__import__")))):
            add(node.args[0].value, node.lineno)
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, at_import_time, True)
            for child in node.orelse:
                visit(child, at_import_time, type_checking)
            return
        deferred = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        for child in ast.iter_child_nodes(node):
            visit(child, at_import_time and not deferred, type_checking)

    for statement in tree.body:
        visit(statement, True, False)
    return found


def load_project(root: Path = ROOT, packages: Iterable[str] = PACKAGES) -> dict[str, Module]:
    """Every module of ``packages`` under ``root`` by dotted name, with its imports."""
    modules: dict[str, Module] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            name = module_name(path, root)
            modules[name] = Module(name, path, scan_imports(path, name))
    return modules


def _matches(target: str, prefix: str) -> bool:
    return target == prefix or target.startswith(prefix + ".")


def _loaded_with(target: str, modules: dict[str, Module]) -> list[str]:
    """Project modules executed by importing ``target``: its packages, then itself."""
    parts = target.split(".")
    return [m for m in (".".join(parts[:i]) for i in range(1, len(parts) + 1)) if m in modules]


class ImportGraph:
    """The project's import-time dependencies, to explain what importing a module loads."""

    def __init__(self, modules: dict[str, Module]):
        self.modules = modules
        self._chains: dict[tuple[str, str], list[ImportRef] | None] = {}

    def chain_to(self, start: str, prefix: str) -> list[ImportRef] | None:
        """The imports by which importing project module ``start`` loads ``prefix``, or None."""
        key = (start, prefix)
        if key in self._chains:
            return self._chains[key]
        self._chains[key] = None  # cycles: a module being explored adds nothing new
        seen = {start}
        queue: list[tuple[str, list[ImportRef]]] = [(start, [])]
        while queue:
            current, chain = queue.pop(0)
            for ref in self.modules[current].imports:
                if not ref.at_import_time or ref.type_checking:
                    continue
                if _matches(ref.target, prefix):
                    self._chains[key] = [*chain, ref]
                    return self._chains[key]
                for loaded in _loaded_with(ref.target, self.modules):
                    if loaded not in seen:
                        seen.add(loaded)
                        queue.append((loaded, [*chain, ref]))
        return None


def _in_scope(path: Path, root: Path, scope: tuple[str, ...]) -> bool:
    relative = path.relative_to(root).as_posix()
    return any(relative == s or relative.startswith(s.rstrip("/") + "/") for s in scope)


def _where(ref: ImportRef, root: Path) -> str:
    return f"{ref.path.relative_to(root).as_posix()}:{ref.line}"


def violations(contract: Contract, modules: dict[str, Module], root: Path = ROOT) -> list[str]:
    """One message per forbidden import in ``contract``'s scope, ``file:line: ...``."""
    graph = ImportGraph(modules)
    found: list[str] = []
    for module in modules.values():
        if not _in_scope(module.path, root, contract.scope):
            continue
        reported: set[tuple[int, str]] = set()
        for ref in module.imports:
            if any(_matches(ref.target, ignored) for ignored in contract.ignore):
                continue
            for prefix in contract.forbidden:
                if (ref.line, prefix) in reported:
                    continue
                if _matches(ref.target, prefix):
                    reported.add((ref.line, prefix))
                    found.append(f"{_where(ref, root)}: imports {ref.target}")
                    continue
                if not contract.transitive or ref.type_checking:
                    continue
                for loaded in _loaded_with(ref.target, modules):
                    if _in_scope(modules[loaded].path, root, contract.scope):
                        continue  # reported where it happens, inside the scope
                    chain = graph.chain_to(loaded, prefix)
                    if chain:
                        reported.add((ref.line, prefix))
                        steps = " -> ".join(f"{r.target} ({_where(r, root)})" for r in chain)
                        found.append(f"{_where(ref, root)}: imports {ref.target}, which loads "
                                     f"{prefix}: {steps}")
                        break
    return found


@pytest.fixture(scope="module")
def project() -> dict[str, Module]:
    return load_project()


def test_the_contracts_cover_existing_code(project):
    for contract in CONTRACTS:
        covered = [m for m in project.values() if _in_scope(m.path, ROOT, contract.scope)]
        assert covered, f"contract {contract.name!r} covers no module: {contract.scope}"


@pytest.mark.parametrize("contract", CONTRACTS, ids=lambda c: c.scope[0])
def test_layers_keep_their_import_contract(contract, project):
    found = violations(contract, project)
    assert not found, f"{contract.name}:\n  " + "\n  ".join(found)


# --- No import cycles ----------------------------------------------------------------


def _project_module(target: str, modules: dict[str, Module]) -> str | None:
    """The project module an import of ``target`` names (``pkg.mod.func`` -> ``pkg.mod``)."""
    parts = target.split(".")
    for end in range(len(parts), 0, -1):
        name = ".".join(parts[:end])
        if name in modules:
            return name
    return None


def dependency_edges(modules: dict[str, Module]) -> dict[str, dict[str, list[ImportRef]]]:
    """Module -> imported project module -> the imports that make the edge.

    Every import counts: at module level, inside functions and under ``TYPE_CHECKING``
    (a cycle hidden by a lazy import is still a cycle). An import of one's own package
    (``from app.pkg import x`` inside ``app.pkg.mod``, where ``x`` is defined in
    ``app/pkg/__init__.py``) is an edge to the package: it runs the package's
    ``__init__``, so a package whose ``__init__`` imports the module back is a cycle
    (issue 25). Python loading a module's parent packages first is not an edge.
    """
    edges: dict[str, dict[str, list[ImportRef]]] = {}
    for module in modules.values():
        for ref in module.imports:
            target = _project_module(ref.target, modules)
            if target is None or target == module.name:
                continue
            edges.setdefault(module.name, {}).setdefault(target, []).append(ref)
    return edges


def _strongly_connected(edges: dict[str, dict[str, list[ImportRef]]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or not (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, {}))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, {})))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return sorted(groups)


def _shortest_cycle(start: str, group: set[str], edges) -> list[str]:
    """The shortest path of imports from ``start`` back to itself inside ``group``."""
    paths = {start: [start]}
    queue = [start]
    while queue:
        current = queue.pop(0)
        for target in sorted(edges.get(current, {})):
            if target == start:
                return [*paths[current], start]
            if target in group and target not in paths:
                paths[target] = [*paths[current], target]
                queue.append(target)
    raise AssertionError(f"no cycle through {start}")  # a strongly connected group has one


def import_cycles(modules: dict[str, Module], root: Path = ROOT) -> list[str]:
    """One message per group of modules that import each other: a cycle through them
    and the ``file:line`` of each import on it."""
    edges = dependency_edges(modules)
    found = []
    for group in _strongly_connected(edges):
        cycle = _shortest_cycle(group[0], set(group), edges)
        lines = [f"cycle {' -> '.join(cycle)}"]
        if len(group) > len(cycle) - 1:
            lines[0] += f" (among {', '.join(group)})"
        for source, target in zip(cycle, cycle[1:], strict=False):
            where = ", ".join(sorted({_where(ref, root) for ref in edges[source][target]}))
            lines.append(f"    {source} imports {target} at {where}")
        found.append("\n".join(lines))
    return found


def test_no_import_cycles(project):
    """No module imports itself through others, counting lazy and TYPE_CHECKING imports."""
    found = import_cycles(project)
    assert not found, "import cycles:\n  " + "\n  ".join(found)


# --- What Python really loads --------------------------------------------------------

RUNTIME_CHECKS = {
    # scope (package prefixes imported) -> modules that must stay out of sys.modules
    ("deckbuilder.deck", "deckbuilder.engine"):
        (*QT, *DATABASE, "deckbuilder.services", "deckbuilder.gui"),
    ("deckbuilder.shelf",): (*QT, *DATABASE, "deckbuilder.services", "deckbuilder.gui"),
    ("deckbuilder.formats",): (*QT, "sqlalchemy", "sqlmodel", "deckbuilder.gui"),
    ("deckbuilder.services",): (*QT, "deckbuilder.gui"),
    ("card_db",): ("deckbuilder", *QT),
}

_PROBE = textwrap.dedent("""
    import importlib, sys
    names, forbidden = sys.argv[1].split(","), tuple(sys.argv[2].split(","))
    for name in names:
        importlib.import_module(name)
    loaded = sorted(m for m in sys.modules
                    if any(m == f or m.startswith(f + ".") for f in forbidden))
    print("\\n".join(loaded))
""")


def _importable(project: dict[str, Module], prefixes: tuple[str, ...]) -> list[str]:
    # Alembic's env.py and the revision files run migrations when imported: not modules
    # to import here (the static contract covers them).
    return sorted(name for name in project
                  if any(_matches(name, p) for p in prefixes)
                  and not _matches(name, "card_db.migrations.env")
                  and not _matches(name, "card_db.migrations.versions"))


@pytest.mark.parametrize("scope", list(RUNTIME_CHECKS), ids=lambda s: s[0])
def test_importing_a_layer_loads_nothing_from_above_it(scope, project):
    names = _importable(project, scope)
    assert names, f"no module found for {scope}"
    forbidden = RUNTIME_CHECKS[scope]
    result = subprocess.run(
        [sys.executable, "-c", _PROBE, ",".join(names), ",".join(forbidden)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stderr
    loaded = result.stdout.split()
    assert not loaded, f"importing {', '.join(scope)} loads: {', '.join(loaded)}"


# --- The checker itself, on a small made-up project -------------------------------------


def _write(root: Path, files: dict[str, str]) -> dict[str, Module]:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return load_project(root, ("app",))


PURE = Contract("pure", ("app/pure",), ("sqlalchemy", "app.gui"))


def test_checker_reports_a_direct_import_with_file_and_line(tmp_path):
    modules = _write(tmp_path, {
        "app/__init__.py": "",
        "app/pure/__init__.py": "",
        "app/pure/rules.py": "import os\n\nfrom sqlalchemy.orm import Session\n",
    })
    assert violations(PURE, modules, tmp_path) == [
        "app/pure/rules.py:3: imports sqlalchemy.orm"
    ]


def test_checker_counts_lazy_relative_and_by_name_imports(tmp_path):
    modules = _write(tmp_path, {
        "app/__init__.py": "",
        "app/gui/__init__.py": "",
        "app/gui/window.py": "",
        "app/pure/__init__.py": "",
        "app/pure/rules.py": """\
            import importlib

            def later():
                from ..gui import window
                return importlib.import_module("sqlalchemy")
            """,
    })
    found = violations(PURE, modules, tmp_path)
    assert found == [
        "app/pure/rules.py:4: imports app.gui",
        "app/pure/rules.py:5: imports sqlalchemy",
    ]


def test_checker_follows_what_an_imported_module_loads(tmp_path):
    modules = _write(tmp_path, {
        "app/__init__.py": "",
        "app/data/__init__.py": "",
        "app/data/store.py": "import sqlalchemy\n",
        "app/data/helpers.py": "from app.data import store\n",
        "app/pure/__init__.py": "",
        "app/pure/rules.py": "from app.data.helpers import thing\n",
    })
    (message,) = violations(PURE, modules, tmp_path)
    assert message.startswith("app/pure/rules.py:1: imports app.data.helpers, which loads "
                              "sqlalchemy: ")
    assert "app/data/helpers.py:1" in message and "sqlalchemy (app/data/store.py:1)" in message


def test_checker_does_not_follow_lazy_or_type_checking_imports_of_other_modules(tmp_path):
    modules = _write(tmp_path, {
        "app/__init__.py": "",
        "app/data/__init__.py": "",
        "app/data/store.py": """\
            from typing import TYPE_CHECKING

            if TYPE_CHECKING:
                import sqlalchemy

            def connect():
                import sqlalchemy
                return sqlalchemy
            """,
        "app/pure/__init__.py": "",
        "app/pure/rules.py": "from app.data import store\n",
    })
    assert violations(PURE, modules, tmp_path) == []


def test_checker_reports_type_checking_imports_made_in_scope(tmp_path):
    modules = _write(tmp_path, {
        "app/__init__.py": "",
        "app/pure/__init__.py": "",
        "app/pure/rules.py": """\
            from typing import TYPE_CHECKING

            if TYPE_CHECKING:
                from app.gui.window import Window
            """,
    })
    assert violations(PURE, modules, tmp_path) == [
        "app/pure/rules.py:4: imports app.gui.window"
    ]


def test_package_init_runs_when_a_submodule_is_imported(tmp_path):
    modules = _write(tmp_path, {
        "app/__init__.py": "",
        "app/data/__init__.py": "import sqlalchemy\n",
        "app/data/plain.py": "",
        "app/pure/__init__.py": "",
        "app/pure/rules.py": "import app.data.plain\n",
    })
    (message,) = violations(PURE, modules, tmp_path)
    assert message.startswith("app/pure/rules.py:1: imports app.data.plain, which loads sqlalchemy")


def test_cycle_check_sees_lazy_and_type_checking_imports(tmp_path):
    modules = _write(tmp_path, {
        "app/__init__.py": "",
        "app/a.py": "from app import b\n",
        "app/b.py": """\
            from typing import TYPE_CHECKING

            if TYPE_CHECKING:
                from app.c import C

            def later():
                from app.a import thing
            """,
        "app/c.py": "import app.b\n",
        "app/d.py": "from app import a\n",
    })
    assert import_cycles(modules, tmp_path) == [
        "cycle app.a -> app.b -> app.a (among app.a, app.b, app.c)\n"
        "    app.a imports app.b at app/a.py:1\n"
        "    app.b imports app.a at app/b.py:7",
    ]


def test_cycle_check_accepts_a_package_importing_its_modules(tmp_path):
    modules = _write(tmp_path, {
        "app/__init__.py": "from app.tool import run\n",
        "app/tool.py": "from app.helpers import x\n",
        "app/helpers.py": "import os\n",
    })
    assert import_cycles(modules, tmp_path) == []


def test_cycle_check_sees_a_cycle_through_a_package_init(tmp_path):
    """``app/pkg/__init__.py`` imports ``app.pkg.tool``, which imports a name the
    ``__init__`` defines: loading either runs the other half-done (issue 25)."""
    modules = _write(tmp_path, {
        "app/__init__.py": "",
        "app/pkg/__init__.py": "from app.pkg.tool import run\nLIMIT = 3\n",
        "app/pkg/tool.py": "def run():\n    from app.pkg import LIMIT  # lazy: test\n",
        "app/pkg/other.py": "from . import LIMIT\n",
    })
    assert import_cycles(modules, tmp_path) == [
        "cycle app.pkg -> app.pkg.tool -> app.pkg\n"
        "    app.pkg imports app.pkg.tool at app/pkg/__init__.py:1\n"
        "    app.pkg.tool imports app.pkg at app/pkg/tool.py:2",
    ]


def _iter_scope_files(scope: Iterable[str]) -> Iterator[Path]:
    for entry in scope:
        path = ROOT / entry
        yield from ([path] if path.is_file() else sorted(path.rglob("*.py")))


def test_every_project_module_parses_and_is_scanned(project):
    files = set(_iter_scope_files(PACKAGES))
    assert files == {module.path for module in project.values()}


def test_gui_application_id_names_the_desktop_file():
    """Wayland desktops match windows to the .desktop file by the application id."""
    from deckbuilder.gui.application import APPLICATION_ID

    root = Path(__file__).resolve().parents[1]
    assert (root / "packaging" / "linux" / f"{APPLICATION_ID}.desktop").is_file()
    assert (root / "packaging" / "linux" / f"{APPLICATION_ID}.metainfo.xml").is_file()


# --- imports inside functions carry their reason -------------------------------------------

LAZY_MARK = "# lazy:"


def unexplained_lazy_imports(path: Path, root: Path = ROOT) -> list[str]:
    """``file:line`` of each import inside a function with no ``# lazy: <reason>``.

    The reason stands on the import's own line or on a comment line above it; one
    comment serves a block of imports that follow each other (blank lines allowed).
    """
    lines = path.read_text(encoding="utf-8").splitlines()
    tree = ast.parse("\n".join(lines), filename=str(path))
    imports = [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]
    import_lines = {line for n in imports for line in range(n.lineno, n.end_lineno + 1)}
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for inner in ast.walk(node):
            if (isinstance(inner, ast.Import | ast.ImportFrom)
                    and not _explained(lines, inner.lineno, import_lines)):
                found.append(f"{path.relative_to(root).as_posix()}:{inner.lineno}")
    return sorted(set(found), key=lambda where: int(where.rsplit(":", 1)[1]))


def _explained(lines: list[str], lineno: int, import_lines: set[int]) -> bool:
    """Whether the import starting at ``lineno`` (1-based) has a lazy reason: on its
    line, or above it across blank lines and other imports only."""
    if LAZY_MARK in lines[lineno - 1]:
        return True
    number = lineno - 1
    while number >= 1:
        text = lines[number - 1].strip()
        if LAZY_MARK in text:
            return True
        if text and number not in import_lines:
            return False
        number -= 1
    return False


def test_imports_inside_functions_say_why(project):
    """Issue 9, section 4: imports inside functions stay only where start-up time needs
    them, each with a one-line reason."""
    missing = [where for module in project.values()
               for where in unexplained_lazy_imports(module.path)]
    assert not missing, ("imports inside functions without a '# lazy: <reason>' comment "
                         "(move them to the top, or say why not):\n  " + "\n  ".join(missing))


def test_lazy_import_rule_reads_blocks_and_own_line_reasons(tmp_path):
    source = tmp_path / "m.py"
    source.write_text(
        "def a():\n"
        "    # lazy: heavy\n"
        "    from x import y\n\n"
        "    from z import w\n"
        "def b():\n"
        "    import q  # lazy: heavy too\n"
        "def c():\n"
        "    # lazy: not this one's\n"
        "    if True:\n"
        "        value = 1\n"
        "    import r\n",
        encoding="utf-8",
    )
    assert unexplained_lazy_imports(source, tmp_path) == ["m.py:12"]
