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
    # Each click draws the member's hand once (and, passing the turn, the next member's once):
    # one pass per click, one narration of the move.
    assert set(figures.suggested_offers_per_click + figures.offers_per_click) == {1}
    assert max(figures.suggested_narrates_per_click + figures.narrates_per_click) == 1
    if figures.key == SPECS[0].key:  # the main game: draw, a set of three, discard
        assert "Meld" in figures.moves and figures.taps <= 4
        assert figures.suggested_moves == ["DrawTalon", "Meld", "Discard"]
    limited = sum(n for kind, n in figures.change.items() if kind.endswith("(rate-limited)"))
    assert limited <= 1, figures.change


def test_the_last_lines_name_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    main()
    *_, taps, passes = capsys.readouterr().out.strip().splitlines()
    pairs = dict(part.split("=") for part in taps.split())
    assert set(pairs) == {f"{way}_{s.key}" for s in SPECS for way in ("taps", "suggested")}
    assert all(value.isdigit() and int(value) > 0 for value in pairs.values())
    once = dict(part.split("=") for part in passes.split())
    kinds = ("offers_per_hand", "narrated")
    assert once == {f"{kind}_{s.key}": "1" for s in SPECS for kind in kinds}
