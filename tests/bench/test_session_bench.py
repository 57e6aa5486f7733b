"""The session-length benchmark (bench/session.py) for every game: as a session goes on, a
commit writes no more and a live game holds no more, while the whole session (what was
rewritten and kept before issue 14) keeps growing. Sizes, not timings: they are the same on
every run of the same seeded session."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from bench.session import RoundFigures, main, measure
from engine.registry import all_specs

SPECS = all_specs()
ROUNDS = 8


def _mean_commit_kb(rounds: list[RoundFigures]) -> float:
    return statistics.mean(b for f in rounds for b in f.wal_bytes) / 1024


@pytest.mark.parametrize("key", [s.key for s in SPECS])
def test_a_long_session_costs_what_a_short_one_does(key: str, tmp_path: Path) -> None:
    spec = next(s for s in SPECS if s.key == key)
    figures = list(measure(spec, seed=3, rounds=ROUNDS, folder=tmp_path).values())
    assert len(figures) == ROUNDS, "the session lasted the rounds asked for"
    early, late = figures[: ROUNDS // 2], figures[ROUNDS // 2 :]
    # The session itself grew: the whole log rewritten and kept before issue 14.
    assert figures[-1].rewrite_kb > 3 * figures[0].rewrite_kb
    assert figures[-1].whole_kb > 2.5 * figures[0].whole_kb
    # An ordinary move's commit does not: one page, now and then a B-tree split.
    assert _mean_commit_kb(late) < 1.5 * _mean_commit_kb(early)
    assert max(b for f in figures for b in f.wal_bytes) <= 8 * 4096 + 8 * 24
    # Nor does the round's last move (its scores and the next round's checkpoint). A round
    # that ended the session has none: the session's end is stored apart.
    closing_late = [max(f.closing_bytes) for f in late if f.closing_bytes]
    assert len(closing_late) >= len(late) - 1
    assert max(closing_late) <= 1.5 * max(max(f.closing_bytes) for f in early)
    # Nor what the live game holds at the round's end.
    assert max(f.live_kb for f in late) < 1.25 * max(f.live_kb for f in early)
    assert all(f.checkpoint_kb < 10 for f in figures)


def test_the_benchmark_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--rounds", "2", "--games", "romme"])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    for name in (
        "rounds",
        "commit_kb_first",
        "commit_kb_last",
        "commit_kb_max",
        "closing_commit_kb_max",
        "checkpoint_kb_max",
        "live_kb_max",
        "whole_kb_last",
        "rewrite_kb_last",
    ):
        assert f"romme_{name}=" in last
