"""bench/ui.py plays a normal turn of every game through SimCord and counts its taps and calls.

Taps and calls are counts, not timings: the goals of issues 22 and 39 (a normal turn in at
most 3 taps the suggested way, at most 4 by hand) hold as facts of the UI."""

from __future__ import annotations

import pytest

from bench.ui import main, measure
from engine.registry import all_specs

SPECS = all_specs()


@pytest.mark.parametrize("spec", SPECS, ids=[s.key for s in SPECS])
async def test_a_normal_turn_takes_few_taps_and_one_limited_call_per_turn_change(
    spec: object,
) -> None:
    figures = await measure(spec)  # type: ignore[arg-type]
    assert figures.moves[0] == "DrawTalon" and len(figures.moves) >= 2
    assert 2 <= figures.taps <= 4  # by hand: the discard tapped, then Discard
    assert figures.suggested_moves[0] == "DrawTalon" and figures.suggested_taps <= 3
    assert len(figures.suggested_offers_per_click) == figures.suggested_taps
    assert all(n >= 1 for n in figures.suggested_offers_per_click)  # each click redraws a hand
    if figures.key == SPECS[0].key:  # the main game: draw, a set of three, discard
        assert "Meld" in figures.moves and figures.taps <= 4
        assert figures.suggested_moves == ["DrawTalon", "Meld", "Discard"]
    limited = sum(n for kind, n in figures.change.items() if kind.endswith("(rate-limited)"))
    assert limited <= 1, figures.change


def test_the_last_line_names_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    main()
    last = capsys.readouterr().out.strip().splitlines()[-1]
    pairs = dict(part.split("=") for part in last.split())
    assert set(pairs) == {f"{way}_{s.key}" for s in SPECS for way in ("taps", "suggested")}
    assert all(value.isdigit() and int(value) > 0 for value in pairs.values())
