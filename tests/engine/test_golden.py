"""Golden playthroughs: every registered game, played from a fixed seed by the simple policy of
``tools/golden.py``, must give exactly the text stored in ``tests/engine/golden/`` (every
action, event, view and the standings). A difference is a change of the engine's behaviour:
fix it, or, when it is meant, regenerate the files (``python -m tools.golden``) and review
their diff."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from engine.i18n import using
from engine.registry import game_keys

ROOT = Path(__file__).resolve().parents[2]
GOLDEN_PATH = ROOT / "tools" / "golden.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_tool", GOLDEN_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


golden = _load()
CASES = golden.CASES


def _regenerate(name: str) -> str:
    return (
        f"If the change is meant, regenerate with `{golden.REGENERATE} {name}` (or "
        f"`python3 tools/golden.py`, for every file) and review the diff before committing it."
    )


@pytest.mark.parametrize("case", CASES, ids=[c.filename for c in CASES])
def test_the_game_plays_as_its_golden_file(case: object) -> None:
    name = case.filename  # type: ignore[attr-defined]
    path = golden.GOLDEN_DIR / name
    if not path.exists():
        pytest.fail(f"{name} is missing. {_regenerate(name)}", pytrace=False)
    expected = path.read_text(encoding="utf-8")
    actual = golden.playthrough(case)
    if actual != expected:
        diff = golden.first_difference(expected, actual)
        pytest.fail(
            f"{name}: the engine no longer plays this game as recorded; the first differences "
            f"(- golden, + now):\n{diff}\n{_regenerate(name)}",
            pytrace=False,
        )


def test_every_game_has_golden_files_and_every_file_a_case() -> None:
    assert {c.game for c in CASES} == set(game_keys())
    for key in game_keys():
        mine = [c for c in CASES if c.game == key]
        assert len(mine) >= 2, f"{key}: the default and at least one other ruleset"
        assert any(c.label == "default" and not c.options for c in mine)
    on_disk = {p.name for p in golden.GOLDEN_DIR.glob("*.txt")}
    assert on_disk == {c.filename for c in CASES}, "a stale or missing golden file"


def test_the_playthrough_does_not_depend_on_the_language() -> None:
    case = next(c for c in CASES if c.game == "treppenromme")
    english = golden.playthrough(case)
    with using("de"):
        assert golden.playthrough(case) == english


def test_the_command_checks_in_another_process_with_another_hash_seed() -> None:
    small = min(CASES, key=lambda c: (golden.GOLDEN_DIR / c.filename).stat().st_size)
    env = {**os.environ, "PYTHONHASHSEED": "4242"}
    done = subprocess.run(
        [sys.executable, str(GOLDEN_PATH), "--check", small.filename],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"unchanged tests/engine/golden/{small.filename}" in done.stdout
