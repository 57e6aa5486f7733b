"""Round and session result pictures."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

from bot.games.treppe.render_results import render_round_result, render_session_result
from bot.render import examples as ex
from engine.cards import FULL_PACK


def _open(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    return img


def test_romme_hand_renders() -> None:
    result = ex.romme_round()
    assert result.romme_hand
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
        ex.romme_round(),
        romme_hand=False,
        bonus=300,
        hands=(FULL_PACK[:40], FULL_PACK[40:44], (), ()),
    )
    img = _open(render_round_result(result, ["A" * 60, "Ben", "Clara", "Dieter"]))
    assert img.width <= 1100
    assert img.height <= 1200


def test_session_result_renders() -> None:
    img = _open(render_session_result(ex.NAMES4, (482, 439, 308, 619), 3))
    assert img.width <= 1100
    _open(render_session_result(["Anna", "Ben"], (500, 500), None))
