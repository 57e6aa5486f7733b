#!/usr/bin/env python3
"""One entry point for developers: ``python3 dev.py bot`` runs the bot, ``python3 dev.py test``
runs every check. Both create ``.venv`` and install the pinned dependencies on first use, so a
fresh machine needs nothing but Python 3.11+ and pip."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
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
    # One pytest worker a core (pytest-xdist): the SimCord sessions wait mostly on themselves.
    _run(PYTHON, "-m", "pytest", "-n", "auto", *extra)


def cmd_bot(extra: list[str]) -> None:
    # From the project root, wherever dev.py was started: .env and data/ are found there.
    os.chdir(ROOT)
    os.execv(PYTHON, [str(PYTHON), "-m", "bot", *extra])


def cmd_bench(extra: list[str]) -> None:
    has_rlcard = subprocess.run([PYTHON, "-c", "import rlcard"], capture_output=True).returncode
    if has_rlcard != 0:
        _run(PYTHON, "-m", "pip", "install", "--quiet", "-e", ".[dev,bench]")
    for script in sorted((ROOT / "bench").glob("*.py")):
        if extra and script.stem not in extra:
            continue
        print(f"== {script.name}", flush=True)
        _run(PYTHON, script)


COMMANDS = {"test": cmd_test, "bot": cmd_bot, "bench": cmd_bench}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        print("usage: python3 dev.py {test|bot|bench} [args...]", file=sys.stderr)
        sys.exit(2)
    ensure_venv()
    COMMANDS[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
