"""Pictures of the game for Discord: pure functions from engine views to PNG bytes.

Imports only PIL and the engine, never discord. Every function is safe to call from worker
threads (the bot uses ``asyncio.to_thread``); results are cached by their (hashable) inputs.
"""

from __future__ import annotations

from bot.render import hand as _hand
from bot.render import results as _results
from bot.render import table as _table
from bot.render.hand import draw_hand, render_hand, sort_hand
from bot.render.results import (
    draw_round_result,
    draw_session_result,
    render_round_result,
    render_session_result,
)
from bot.render.table import draw_table, render_table


def clear_caches() -> None:
    """Forget every rendered picture (sprites and text stamps stay loaded)."""
    _table.cache_clear()
    _hand.cache_clear()
    _results.cache_clear()


__all__ = [
    "clear_caches",
    "draw_hand",
    "draw_round_result",
    "draw_session_result",
    "draw_table",
    "render_hand",
    "render_round_result",
    "render_session_result",
    "render_table",
    "sort_hand",
]
