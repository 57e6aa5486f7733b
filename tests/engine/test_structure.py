"""The shape of the code, read from the source: no import cycles, outside the registry and
the game folders no module names a game, no game folder imports another game's, and no file
or function too long to read.

``PACKAGES`` lists the packages checked: the engine and the bot. Every file is read and parsed
once (``parsed``) and its tree shared by all the tests here.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from engine.registry import all_specs

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "bot")
# Modules that may name games: the registries, the games' own folders, and the front doors
# that keep `from engine import Ruleset, ...` (README) and `python -m engine play` working.
# The bot's games package holds its registry (bot/games/__init__.py), each game's folder, what
# the two-pack games' and the staircase games' presenters share and the docs' example pictures
# of every game.
MAY_NAME_GAMES = (
    "engine/registry.py",
    "engine/__init__.py",
    "engine/__main__.py",
    "engine/games/",
    "bot/games/",
)
GAME_FOLDERS = ("engine/games", "bot/games")
MAX_FILE_LINES = 400
MAX_FUNCTION_LINES = 60  # from its ``def`` line to its last, decorators aside


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_files(root: Path, packages: Iterable[str]) -> Iterator[Path]:
    for package in packages:
        yield from sorted((root / package).rglob("*.py"))


@functools.cache
def source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@functools.cache
def parsed(path: Path) -> ast.Module:
    """The file's syntax tree, parsed once for every test of this module (never changed)."""
    return ast.parse(source(path))


def import_graph(root: Path, packages: Iterable[str]) -> dict[str, set[str]]:
    """Module -> the modules of ``packages`` it imports (anywhere in its source)."""
    files = {module_name(p, root): p for p in source_files(root, packages)}
    graph: dict[str, set[str]] = {m: set() for m in files}
    for module, path in files.items():
        is_package = path.name == "__init__.py"
        for node in ast.walk(parsed(path)):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = module.split(".")
                    drop = node.level - 1 if is_package else node.level
                    anchor = anchor[: len(anchor) - drop] if drop else anchor
                    base = ".".join([*anchor, base] if base else anchor)
                targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
            for target in targets:
                if target in files and target != module:
                    graph[module].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycles() -> None:
    assert cycles(import_graph(ROOT, PACKAGES)) == []


def test_the_cycle_check_finds_a_cycle(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg.sub import b\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("def f():\n    from .. import c\n")
    (pkg / "c.py").write_text("import pkg.a\n")
    assert cycles(import_graph(tmp_path, ["pkg"])) == [["pkg.a", "pkg.c", "pkg.sub.b"]]


# ------------------------------------------------------------------ naming games
def _words(identifier: str) -> set[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", identifier)
    return {w.lower() for w in re.split(r"[\s_.]+", spaced) if w}


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


@functools.cache
def game_class_names(root: Path) -> frozenset[str]:
    """Classes defined in the game folders and nowhere else."""

    def classes(paths: Iterable[Path]) -> set[str]:
        return {
            node.name
            for path in paths
            for node in ast.walk(parsed(path))
            if isinstance(node, ast.ClassDef)
        }

    inside = [p for folder in GAME_FOLDERS for p in (root / folder).rglob("*.py")]
    outside = [p for p in source_files(root, PACKAGES) if p not in inside]
    return frozenset(classes(inside) - classes(outside))


def names_of_games(
    path: Path, keys: set[str], titles: set[str], classes: frozenset[str]
) -> list[str]:
    """What in ``path``'s code (docstrings and comments aside) names a game: a game key as a
    word of an identifier or import path, a key or title in a string, a game's class."""
    tree = parsed(path)
    docs = _docstrings(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Name):
            names = [node.id]
        elif isinstance(node, ast.Attribute):
            names = [node.attr]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names = [node.name]
        elif isinstance(node, ast.arg):
            names = [node.arg]
        elif isinstance(node, ast.alias):
            names = [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docs:
                continue
            text = node.value.lower()
            if text in keys or any(title in text for title in titles):
                found.append((node.lineno, f"{path.name}:{node.lineno} {node.value[:40]!r}"))
            continue
        line = getattr(node, "lineno", 0)
        for name in names:
            if name in classes or _words(name) & keys:
                found.append((line, f"{path.name}:{line} {name}"))
    return [text for _, text in sorted(found)]


def test_names_check_sees_keys_titles_and_classes(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text(
        '"""About Rommé, in a docstring: fine."""\n'
        "from engine.games.romme.views import X\n"
        "y = wiener_points + 1\n"
        'z = "Play Rommé"\n'
        "w = RommeGame\n"
        "v = TableGame  # Rommé in a comment: fine\n"
    )
    found = names_of_games(path, {"romme", "wiener"}, {"rommé"}, frozenset({"RommeGame"}))
    assert [f.split()[0] for f in found] == ["m.py:2", "m.py:3", "m.py:4", "m.py:5"]


@pytest.mark.parametrize(
    "path",
    [
        p
        for p in source_files(ROOT, PACKAGES)
        if not str(p.relative_to(ROOT)).startswith(MAY_NAME_GAMES)
    ],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_module_outside_the_games_names_a_game(path: Path) -> None:
    specs = all_specs()
    keys = {s.key for s in specs}
    titles = {s.title.lower() for s in specs}
    assert names_of_games(path, keys, titles, game_class_names(ROOT)) == []


# ------------------------------------------------------------------ games share, never borrow
def game_folders(root: Path) -> frozenset[str]:
    """The games' folders' names: the packages right under ``GAME_FOLDERS`` (a game's engine
    and bot folders share its name; a module such as ``bot/games/melding.py`` is shared)."""
    return frozenset(
        d.name
        for folder in GAME_FOLDERS
        for d in (root / folder).iterdir()
        if (d / "__init__.py").is_file()
    )


def game_of(module: str, games: frozenset[str]) -> str | None:
    """The game whose folder holds ``module`` ("engine.games.gin.rules": "gin"), else None."""
    parts = module.split(".")
    inside = len(parts) > 2 and f"{parts[0]}/{parts[1]}" in GAME_FOLDERS
    return parts[2] if inside and parts[2] in games else None


def cross_game_imports(graph: dict[str, set[str]], games: frozenset[str]) -> list[str]:
    """Every import of one game's folder from another game's, as 'importer -> imported':
    what games share belongs in the shared layer (``engine``, ``bot.render``, ``bot.core``,
    the shared modules of ``bot.games``)."""
    found = []
    for module, targets in sorted(graph.items()):
        mine = game_of(module, games)
        for target in sorted(targets):
            theirs = game_of(target, games)
            if mine is not None and theirs is not None and theirs != mine:
                found.append(f"{module} -> {target}")
    return found


def test_no_game_folder_imports_another_games() -> None:
    found = cross_game_imports(import_graph(ROOT, PACKAGES), game_folders(ROOT))
    assert not found, "a game imports another game's folder:\n" + "\n".join(found)


def test_the_cross_game_check_finds_a_borrowed_module() -> None:
    games = frozenset({"gin", "treppe", "rum500"})
    graph = {
        "bot.games.rum500": {"bot.games.treppe.presenter", "engine.games.rum500.game"},
        "engine.games.gin.rules": {"engine.games.treppe.views", "engine.melding.deadwood"},
        "bot.games.staircase": {"bot.render.meld_table"},
        "bot.games.treppe.presenter": {"bot.games.staircase", "engine.games.treppe.views"},
        "engine.arena": {"engine.games.gin"},
    }
    assert cross_game_imports(graph, games) == [
        "bot.games.rum500 -> bot.games.treppe.presenter",
        "engine.games.gin.rules -> engine.games.treppe.views",
    ]


# ------------------------------------------------------------------ sizes
def _functions(node: ast.AST, prefix: str = "") -> Iterator[tuple[str, ast.AST]]:
    """Every function and method below ``node`` with its qualified name (``Class.method``)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            name = f"{prefix}{child.name}"
            if not isinstance(child, ast.ClassDef):
                yield name, child
            yield from _functions(child, f"{name}.")
        else:
            yield from _functions(child, prefix)


def oversized(root: Path, paths: Iterable[Path]) -> list[str]:
    """Each file over ``MAX_FILE_LINES`` lines and each function over ``MAX_FUNCTION_LINES``,
    with its size."""
    found: list[str] = []
    for path in paths:
        shown = path.relative_to(root)
        lines = len(source(path).splitlines())
        if lines > MAX_FILE_LINES:
            found.append(f"{shown}: {lines} lines (at most {MAX_FILE_LINES})")
        for name, node in _functions(parsed(path)):
            assert node.end_lineno is not None
            length = node.end_lineno - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                found.append(
                    f"{shown}:{node.lineno} {name}: {length} lines (at most {MAX_FUNCTION_LINES})"
                )
    return found


def test_no_file_or_function_is_too_long() -> None:
    found = oversized(ROOT, source_files(ROOT, PACKAGES))
    if found:
        pytest.fail("too long to read:\n" + "\n".join(found), pytrace=False)


def test_the_size_check_finds_long_files_and_functions(tmp_path: Path) -> None:
    def function(head: str, lines: int, indent: str = "") -> str:
        """A function of ``lines`` lines, its ``def`` line included."""
        return head + "".join(f"{indent}    x = {i}\n" for i in range(lines - 1))

    at_most = function("def short():\n", MAX_FUNCTION_LINES)
    (tmp_path / "fine.py").write_text(at_most + "\n" * (MAX_FILE_LINES - MAX_FUNCTION_LINES))
    one_more = function("    async def narrate(self):\n", MAX_FUNCTION_LINES + 1, "    ")
    (tmp_path / "long.py").write_text("class Table:\n" + one_more + "\n" * (MAX_FILE_LINES - 61))
    assert oversized(tmp_path, sorted(tmp_path.glob("*.py"))) == [
        f"long.py: {MAX_FILE_LINES + 1} lines (at most {MAX_FILE_LINES})",
        f"long.py:2 Table.narrate: {MAX_FUNCTION_LINES + 1} lines (at most {MAX_FUNCTION_LINES})",
    ]


def test_the_test_tree_mirrors_the_source_tree() -> None:
    """Every folder of tests/engine and tests/bot names a package of the source: a module's
    tests are found where the module is (tests/bot/hand/ for bot/hand/)."""
    strays = [
        str(folder.relative_to(ROOT))
        for package in PACKAGES
        for folder in sorted((ROOT / "tests" / package).rglob("*"))
        if folder.is_dir()
        and folder.name not in ("__pycache__", "fixtures", "golden")
        and not (ROOT / folder.relative_to(ROOT / "tests")).is_dir()
    ]
    assert not strays, f"test folders without a source package: {strays}"


# The bot's layers, lowest first: a module may import its own layer and those below it only.
# The app is the composition root of the core and the games; the features are extensions it
# loads by name; ``__main__`` modules and bot.recompute are entry points above everything.
BOT_LAYERS: tuple[tuple[str, ...], ...] = (
    ("bot.settings", "bot.storage", "bot.ratings"),
    ("bot.ops",),
    ("bot.render",),
    ("bot.core",),
    ("bot.games",),
    ("bot.app",),
    ("bot.lobby", "bot.table", "bot.hand", "bot.stats", "bot.rules_cmd", "bot.settings_cmd"),
    ("bot.recompute", "bot.__main__"),
)


def layer_of(module: str) -> int:
    """The layer of a bot module (entry points ``*.__main__`` are the top one)."""
    if module.endswith(".__main__"):
        return len(BOT_LAYERS) - 1
    for depth, packages in enumerate(BOT_LAYERS):
        if any(module == p or module.startswith(p + ".") for p in packages):
            return depth
    raise AssertionError(f"{module} is in no layer of BOT_LAYERS")


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """Every import of a bot module from a higher layer, as 'importer -> imported'."""
    return [
        f"{module} -> {target}"
        for module, targets in sorted(graph.items())
        if module.startswith("bot")
        for target in sorted(targets)
        if target.startswith("bot") and layer_of(target) > layer_of(module)
    ]


def test_no_bot_module_imports_a_higher_layer() -> None:
    found = upward_imports(import_graph(ROOT, ["bot"]))
    assert not found, "imports from a higher layer:\n" + "\n".join(found)


def test_the_layer_check_finds_an_upward_import() -> None:
    graph = {"bot.core.service": {"bot.games", "bot.storage"}, "bot.games": {"bot.core"}}
    assert upward_imports(graph) == ["bot.core.service -> bot.games"]


# The engine's layers, lowest first: the shared modules (cards, actions, events, tables,
# narration, the console, ...), the meld code several games share (``engine.melding``), the
# games, and the front doors. The package ``engine`` itself is no target: importing any
# ``engine.x`` runs it anyway. The registry finds the games by name, so it imports none.
ENGINE_LAYERS: tuple[tuple[str, ...], ...] = (
    ("engine.melding",),
    ("engine.games",),
    ("engine.__main__",),
)


def engine_layer_of(module: str) -> int:
    """The layer of an engine module: 0 for a shared one, else its place in ENGINE_LAYERS."""
    if module == "engine":
        return len(ENGINE_LAYERS)
    for depth, packages in enumerate(ENGINE_LAYERS, start=1):
        if any(module == p or module.startswith(p + ".") for p in packages):
            return depth
    return 0


def upward_engine_imports(graph: dict[str, set[str]]) -> list[str]:
    """Every import of an engine module from a higher engine layer, 'importer -> imported'."""
    return [
        f"{module} -> {target}"
        for module, targets in sorted(graph.items())
        if module.startswith("engine") and module != "engine"
        for target in sorted(targets)
        if target.startswith("engine.") and engine_layer_of(target) > engine_layer_of(module)
    ]


def test_no_shared_engine_module_imports_a_game_or_a_higher_one() -> None:
    found = upward_engine_imports(import_graph(ROOT, ["engine"]))
    assert not found, "imports from a higher layer:\n" + "\n".join(found)


def test_the_engine_layer_check_finds_an_upward_import() -> None:
    graph = {
        "engine.events": {"engine.melding.deadwood", "engine.cards"},
        "engine.melding.deadwood": {"engine.games.gin.rules", "engine.arrangement"},
        "engine.games.gin.rules": {"engine.melding.deadwood", "engine"},
    }
    assert upward_engine_imports(graph) == [
        "engine.events -> engine.melding.deadwood",
        "engine.melding.deadwood -> engine.games.gin.rules",
    ]
