"""Read the bot's source: outside the games package (the bot's registry of games, the games'
own folders and what the two-pack games share) no module names a game, and no modules import
each other in a cycle."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from engine.registry import all_specs

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"
GAMES = BOT / "games"
WORD = re.compile(r"[a-z]+")
# History that names a game: the database migrations (once shipped, a migration never
# changes; migration 3 marked the tables of before it as the first game's, migration 4 renamed
# the columns named after one game).
HISTORY = {"bot/storage/sql.py": "MIGRATIONS"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def sources() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(BOT.rglob("*.py"))}


def game_words() -> set[str]:
    return {spec.key for spec in all_specs()}


def game_class_names() -> set[str]:
    """The classes a game brings: its game, ruleset and views."""
    names = set()
    for spec in all_specs():
        game = spec.new_game(None, ["a", "b"], 1)
        for kind in (type(game), spec.ruleset_type, type(game.public_view())):
            names.add(kind.__name__)
        names.add(type(game.private_view(0)).__name__)
    return names


def is_game_folder(path: Path) -> bool:
    """The games package: the registry, each game's folder and the two-pack games' shared
    modules."""
    return path.is_relative_to(GAMES)


def history_lines(path: Path) -> range:
    """The lines of the history constant of ``path``, if it has one."""
    name = HISTORY.get(path.relative_to(ROOT).as_posix())
    for node in ast.parse(path.read_text()).body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            return range(node.lineno, (node.end_lineno or node.lineno) + 1)
    return range(0)


def mentions(path: Path, keys: set[str], classes: set[str]) -> list[str]:
    """Every token of ``path`` that names a game: a key as a word of any name, string or
    comment, or a game's class as a name."""
    found = []
    text = path.read_text()
    relative = path.relative_to(ROOT).as_posix()
    history = history_lines(path)
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.start[0] in history:
            continue
        if token.type == tokenize.NAME and token.string in classes:
            found.append(f"{relative}:{token.start[0]}: class {token.string}")
        elif token.type in (tokenize.NAME, tokenize.STRING, tokenize.COMMENT):
            words = set(WORD.findall(token.string.lower().replace("_", " ")))
            for key in sorted(words & keys):
                found.append(f"{relative}:{token.start[0]}: {key!r} in {token.string[:40]!r}")
    return found


def test_only_the_registry_and_the_game_folders_name_a_game() -> None:
    keys, classes = game_words(), game_class_names()
    assert keys and classes
    found = []
    for path in sources().values():
        if not is_game_folder(path):
            found.extend(mentions(path, keys, classes))
    assert found == []


def test_the_check_sees_a_game_named_in_a_game_folder() -> None:
    """The check above is not blind: the game folders do name their games."""
    keys, classes = game_words(), game_class_names()
    for key in keys:
        named = [p for p in sources().values() if is_game_folder(p) and mentions(p, {key}, set())]
        assert named, f"no game folder names {key}"
    assert any(mentions(p, set(), classes) for p in sources().values() if is_game_folder(p))


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The bot modules ``path`` imports anywhere in it (also under TYPE_CHECKING and inside
    functions): ``from a.b import c`` is ``a.b.c`` when that is a module, else ``a.b``."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.add(full if full in known else node.module)
    return {name for name in found if name in known}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (or a module importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph[node]:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_no_import_cycles_in_the_bot() -> None:
    modules = sources()
    known = set(modules)
    graph = {name: imports_of(path, known) for name, path in modules.items()}
    assert sum(len(targets) for targets in graph.values()) > 50  # the graph was read
    assert cycles(graph) == []


def test_the_cycle_check_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
