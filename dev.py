#!/usr/bin/env python3
"""One entry point for developers: ``python3 dev.py bot`` runs the bot, ``python3 dev.py test``
runs every check. Both create ``.venv`` and install the pinned dependencies on first use, so a
fresh machine needs nothing but Python 3.11+ and pip.

    python3 dev.py bot [--help]          run the bot (settings from .env)
    python3 dev.py test [pytest args]    ruff, mypy --strict, pylint's copy-paste check, then
                                         the whole test suite
    python3 dev.py bench [name ...]      the benchmarks in bench/ (all, or those named)
    python3 dev.py play [args]           a game in the terminal (python -m engine play)
    python3 dev.py simulate [args]       computer players against each other
    python3 dev.py replay FILE [args]    replay a session record and check its scores
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".installed-from"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def _run(*args: str | Path) -> None:
    result = subprocess.run([str(a) for a in args], cwd=ROOT)
    if result.returncode != 0:
        sys.exit(result.returncode)


def ensure_venv() -> None:
    """Create the virtual environment and (re)install when pyproject.toml changed."""
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not PYTHON.exists():
        print("Creating .venv ...", flush=True)
        _run(sys.executable, "-m", "venv", VENV)
    if not STAMP.exists() or STAMP.read_text() != wanted:
        print("Installing dependencies into .venv ...", flush=True)
        _run(PYTHON, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
        _run(PYTHON, "-m", "pip", "install", "--quiet", "-e", ".[dev]")
        STAMP.write_text(wanted)


def cmd_test(extra: list[str]) -> None:
    _run(PYTHON, "-m", "ruff", "check", ".")
    _run(PYTHON, "-m", "ruff", "format", "--check", ".")
    _run(PYTHON, "-m", "mypy", "--strict", "engine", "bot")
    _run(PYTHON, "-m", "pylint", "engine", "bot")  # copy-paste only: [tool.pylint] in pyproject
    # One pytest worker a core (pytest-xdist): the SimCord sessions wait mostly on themselves.
    _run(PYTHON, "-m", "pytest", "-n", "auto", *extra)


def cmd_bot(extra: list[str]) -> None:
    # From the project root, wherever dev.py was started: .env and data/ are found there.
    os.chdir(ROOT)
    os.execv(PYTHON, [str(PYTHON), "-m", "bot", *extra])


# The benchmarks that compare with other people's players need the bench extra (rlcard,
# OpenSpiel); the others run on the dev install alone.
NEEDS_BENCH_EXTRA = {
    "engine", "gin_openspiel", "gin_rollouts", "gin_vs_openspiel", "spiel_adapter", "vs_ismcts"
}  # fmt: skip


def cmd_bench(extra: list[str]) -> None:
    scripts = {script.stem: script for script in sorted((ROOT / "bench").glob("*.py"))}
    unknown = [name for name in extra if name not in scripts]
    if unknown:
        print(f"no benchmark named {', '.join(unknown)}; there are: {', '.join(scripts)}")
        sys.exit(2)
    chosen = [scripts[name] for name in scripts if not extra or name in extra]
    if any(script.stem in NEEDS_BENCH_EXTRA for script in chosen):
        has_extra = subprocess.run(
            [PYTHON, "-c", "import rlcard, pyspiel"], capture_output=True
        ).returncode
        if has_extra != 0:
            print("Installing the bench extra (rlcard, open_spiel) into .venv ...", flush=True)
            _run(PYTHON, "-m", "pip", "install", "--quiet", "-e", ".[dev,bench]")
    for script in chosen:
        print(f"== {script.name}", flush=True)
        _run(PYTHON, script)


def _engine(command: str) -> Callable[[list[str]], None]:
    def run(extra: list[str]) -> None:
        os.execv(PYTHON, [str(PYTHON), "-m", "engine", command, *extra])

    return run


COMMANDS: dict[str, Callable[[list[str]], None]] = {
    "test": cmd_test,
    "bot": cmd_bot,
    "bench": cmd_bench,
    "play": _engine("play"),
    "simulate": _engine("simulate"),
    "replay": _engine("replay"),
}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        print(f"usage: python3 dev.py {{{'|'.join(COMMANDS)}}} [args...]", file=sys.stderr)
        sys.exit(2)
    ensure_venv()
    COMMANDS[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
