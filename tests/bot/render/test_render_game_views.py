"""Smoke test: views produced by a real game (random legal play) all render within bounds."""

from __future__ import annotations

import io
import random

from PIL import Image

from bot.games.treppe.render_results import render_round_result
from bot.render import render_hand
from bot.render.meld_table import TABLE_MAX_H, TABLE_W, render_table
from engine import Ruleset


def test_views_from_random_play_render() -> None:
    rng = random.Random(1)
    game = Ruleset().new_game(["Anna", "Ben", "Clara"], seed=3)
    for _ in range(150):
        view = game.public_view()
        if view.winner is not None:
            break
        img = Image.open(io.BytesIO(render_table(view)))
        assert img.width <= TABLE_W and img.height <= TABLE_MAX_H
        private = game.private_view(view.to_act)
        render_hand(private.hand, locked=private.locked_discard)
        if view.last_round is not None:
            render_round_result(view.last_round, [s.name for s in view.seats])
        game.apply(rng.choice(game.legal_actions()))
