"""Round and session result pictures."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

from bot.games.treppe import examples as ex
from bot.games.treppe.render_results import render_round_result, render_session_result
from engine.cards import FULL_PACK


def _open(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    return img


def test_round_results_render() -> None:
    plain = ex.round_result()
    romme = replace(plain, hand_romme=True, bonus=2 * plain.bonus)
    for result in (plain, romme):
        img = _open(render_round_result(result, ex.NAMES4))
        assert img.width <= 1100
        assert img.height <= 900


def test_dead_round_renders() -> None:
    result = ex.dead_round()
    assert result.dead
    img = _open(render_round_result(result, ["Anna", "Ben"]))
    assert img.width <= 1100


def test_plain_round_with_a_huge_hand_renders() -> None:
    result = replace(
        ex.round_result(),
        hand_romme=False,
        bonus=300,
        hands=(FULL_PACK[:40], FULL_PACK[40:44], (), ()),
    )
    img = _open(render_round_result(result, ["A" * 60, "Ben", "Clara", "Dieter"]))
    assert img.width <= 1100
    assert img.height <= 1200


def test_session_result_renders() -> None:
    totals = ex.round_result().totals
    img = _open(render_session_result(ex.NAMES4, totals, totals.index(max(totals))))
    assert img.width <= 1100
    _open(render_session_result(["Anna", "Ben"], (500, 500), None))
