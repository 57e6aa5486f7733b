"""Pictures of the game for Discord: pure functions from engine views to PNG bytes.

Imports only PIL and the engine, never discord. Every function is safe to call from worker
threads (the bot uses ``asyncio.to_thread``); results are cached by their (hashable) inputs.
"""

from __future__ import annotations

from bot.render import hand as _hand
from bot.render import results as _results
from bot.render import romme as _romme
from bot.render import table as _table
from bot.render import wiener as _wiener
from bot.render.hand import draw_hand, render_hand, sort_hand
from bot.render.results import (
    draw_round_result,
    draw_session_result,
    render_round_result,
    render_session_result,
)
from bot.render.romme import (
    draw_romme_round_result,
    draw_romme_table,
    render_romme_round_result,
    render_romme_table,
)
from bot.render.table import draw_table, render_table
from bot.render.wiener import (
    draw_wiener_round_result,
    draw_wiener_table,
    render_wiener_round_result,
    render_wiener_table,
)


def clear_caches() -> None:
    """Forget every rendered picture (sprites and text stamps stay loaded)."""
    _table.cache_clear()
    _hand.cache_clear()
    _results.cache_clear()
    _romme.cache_clear()
    _wiener.cache_clear()


__all__ = [
    "clear_caches",
    "draw_hand",
    "draw_romme_round_result",
    "draw_romme_table",
    "draw_round_result",
    "draw_session_result",
    "draw_table",
    "draw_wiener_round_result",
    "draw_wiener_table",
    "render_hand",
    "render_romme_round_result",
    "render_romme_table",
    "render_round_result",
    "render_session_result",
    "render_table",
    "render_wiener_round_result",
    "render_wiener_table",
    "sort_hand",
]
