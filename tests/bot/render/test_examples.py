"""The example pictures in docs/img/: each one is a moment of a real game played by computer
players from a fixed seed, the committed files are exactly what those games draw, and the
numbers in pictures of the same game agree with each other."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest
from PIL import Image

from bot.games import examples as eg
from bot.games.romme import examples as rx
from bot.games.treppe import examples as tx
from bot.games.wiener import examples as wx
from engine.games.treppe.melds import hand_value

IMG = Path(__file__).resolve().parents[3] / "docs" / "img"


def test_every_picture_in_docs_comes_from_a_game() -> None:
    assert sorted(p.name for p in IMG.glob("*.png")) == sorted(eg.pictures())


@pytest.mark.parametrize("name", sorted(eg.pictures()))
def test_committed_picture_is_what_the_game_draws(name: str) -> None:
    """Compared by pixels and palette, not by PNG bytes, so a different zlib cannot fail it.
    After a change to the renderer or the engine: ``.venv/bin/python tools/make_examples.py``."""
    drawn = Image.open(io.BytesIO(eg.pictures()[name]))
    committed = Image.open(IMG / name)
    assert committed.size == drawn.size, f"{name} is stale: run tools/make_examples.py"
    assert committed.mode == drawn.mode
    assert committed.getpalette() == drawn.getpalette()
    # Digests: a failing comparison of megabytes of pixels would take pytest minutes to show.
    same = hashlib.sha256(committed.tobytes()).digest() == hashlib.sha256(drawn.tobytes()).digest()
    assert same, f"{name} is stale: run tools/make_examples.py"


def test_round_four_table_and_result_agree() -> None:
    four = tx.treppen_four()
    table, result = four.table, four.result
    assert table.round_number == result.round_number == tx.ROUND
    assert result.went_out == table.to_act  # the table shows the start of the last turn
    for seat in table.seats:
        s = seat.seat
        assert result.hand_points[s] == sum(hand_value(c) for c in result.hands[s])
        credit = result.meld_points[s] - seat.round_points
        bonus = result.bonus if s == result.went_out else 0
        assert result.totals[s] == seat.score + credit + bonus, seat.name
    others = sum(result.hand_points)
    assert result.bonus == others * (2 if result.hand_romme else 1)


def test_meld_labels_add_up_to_the_round_points() -> None:
    from bot.render.meld_table import meld_credits

    for table in (tx.treppen_four().table, tx.treppen_two().table):
        scored = [0] * len(table.seats)
        for meld in table.melds:
            for seat, points in meld_credits(meld):
                scored[seat] += points
        assert scored == [s.round_points for s in table.seats]


def test_session_end_follows_the_game() -> None:
    four = tx.treppen_four()
    assert four.totals == four.last.totals
    assert four.last.round_number > tx.ROUND
    assert all(t >= r for t, r in zip(four.totals, four.result.totals, strict=True))
    assert max(four.totals) >= four.table.target
    assert four.totals.index(max(four.totals)) == four.winner


def test_hand_is_the_hand_of_the_player_on_the_two_player_table() -> None:
    two = tx.treppen_two()
    seat = two.table.seats[two.table.to_act]
    assert seat.hand_count == len(two.hand)
    assert two.locked in two.hand
    dead = tx.dead_round()
    assert dead.went_out is None and dead.bonus == 0
    assert dead.totals == dead.meld_points  # the first round: only melds scored


def test_romme_table_and_result_agree() -> None:
    rom = rx.romme()
    assert rom.table.round_number == rom.result.round_number
    assert any(m.pending for m in rom.table.melds)
    for seat in rom.table.seats:
        assert rom.result.totals[seat.seat] == seat.minus + rom.result.minus[seat.seat]


def test_wiener_pictures_follow_one_round() -> None:
    wie = wx.wiener()
    assert wie.table.knocker is None
    assert wie.table.round_number <= wie.knock.round_number == wie.result.round_number
    assert wie.result.closer == wie.knock.knocker
    for seat in wie.knock.seats:
        total = seat.bad_points + wie.result.bad_points[seat.seat]
        assert wie.result.totals[seat.seat] == total, seat.name
