"""``python -m bot`` without a token must fail fast with one readable paragraph."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_missing_token_exits_nonzero_with_one_clear_paragraph(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k.upper() != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,  # no .env here
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )
    output = (result.stdout + result.stderr).strip()
    assert result.returncode != 0
    assert "DISCORD_TOKEN" in output
    assert ".env.example" in output
    assert "Traceback" not in output
    assert "\n\n" not in output and output.count("\n") == 0


def test_blank_token_counts_as_missing(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\n")
    env = {k: v for k, v in os.environ.items() if k.upper() != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    result = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert result.returncode == 2
    assert "DISCORD_TOKEN" in result.stderr
