"""The storage benchmark (bench/storage.py) runs on both backends and prints every figure.

No timings are asserted; speed is the benchmark's business."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bot"))

from pgtools import TEST_DATABASE_URL, allow_pg

from bench.storage import CONCURRENCY, main


@allow_pg
def test_both_backends_print_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--pg", TEST_DATABASE_URL, "--duration", "0.2"])
    lines = capsys.readouterr().out.strip().splitlines()
    if lines[0].startswith("postgresql: no server"):
        pytest.skip(lines[0])
    last = lines[-1]
    for backend in ("sqlite", "pg"):
        for games in CONCURRENCY:
            assert f"{backend}_n{games}_actions_per_s=" in last
            assert f"{backend}_n{games}_commit_p99_ms=" in last
    assert len(lines) == 1 + 2 * len(CONCURRENCY)
