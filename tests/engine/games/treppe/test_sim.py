"""The simulator: sessions for every seat mix finish; the CLI prints a table and JSON."""

from __future__ import annotations

import io
import json

import pytest

from engine.__main__ import main
from engine.sim import game_seats, play_game, run, seat_labels, simulate


@pytest.mark.parametrize(
    "seats",
    [
        ["random", "random"],
        ["normal", "random"],
        ["normal", "normal"],
        ["hard", "normal"],
        ["hard", "normal", "random"],
        ["random", "normal", "random", "normal"],
    ],
)
def test_a_full_session_finishes(seats: list[str]) -> None:
    labels = seat_labels(seats)
    record = play_game(labels, seats, seed=4, target=150)
    assert record.winner in labels
    assert record.points[record.winner] >= 150
    assert record.points[record.winner] == max(record.points.values())
    assert record.rounds >= 1


def test_single_rounds() -> None:
    summary = simulate(["normal", "random"], games=6, seed=2, single_round=True)
    assert summary.games == 6
    assert summary.rounds == 6
    assert sum(summary.wins.values()) + summary.ties == 6


def test_seat_order_rotates() -> None:
    assert game_seats(["hard", "normal"], 0) == (["hard", "normal"], ["hard", "normal"])
    assert game_seats(["hard", "normal"], 1) == (["normal", "hard"], ["normal", "hard"])
    labels, strengths = game_seats(["normal", "normal", "random"], 2)
    assert labels == ["random", "normal", "normal#2"]
    assert strengths == ["random", "normal", "normal"]


def test_simulation_is_reproducible() -> None:
    a = simulate(["normal", "random"], games=3, seed=9, target=100).to_json()
    b = simulate(["normal", "random"], games=3, seed=9, target=100).to_json()
    for key in ("wins", "avg_points_per_round", "rounds", "actions"):
        assert a[key] == b[key]


def test_run_prints_table_then_json_last() -> None:
    out, err = io.StringIO(), io.StringIO()
    run(["normal", "random"], 4, 1, 100, False, 1, False, out, err)
    lines = out.getvalue().strip().splitlines()
    data = json.loads(lines[-1])
    assert data["games"] == 4
    assert set(data["wins"]) == {"normal", "random"}
    assert sum(data["wins"].values()) + data["ties"] == 4
    assert "actions/s" in out.getvalue()
    assert "4/4" in err.getvalue()


def test_cli_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "simulate",
            "--games",
            "2",
            "--seats",
            "normal,random",
            "--seed",
            "3",
            "--target",
            "100",
            "--rounds",
        ]
    )
    assert code == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out.strip().splitlines()[-1])
    assert data["games"] == 2
    assert data["mode"] == "rounds"


def test_cli_rejects_unknown_strength(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--seats", "normal,genius"])
    assert "unknown strength" in capsys.readouterr().err
