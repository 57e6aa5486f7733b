"""Pictures of the game for Discord: pure functions from engine views to PNG bytes.

Imports only PIL and the engine, never discord. Every function is safe to call from worker
threads (the bot uses ``asyncio.to_thread``); results are cached by their (hashable) inputs.
What every game draws the same way lives here (cards, canvas, the private hand, the piles and
card fans of the two-pack games); each game's own pictures live in its folder in bot/games
and register their caches with ``register_cache``.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.render import hand as _hand
from bot.render.hand import draw_hand, render_hand, sort_hand

_CACHES: list[Callable[[], None]] = [_hand.cache_clear]


def register_cache(clear: Callable[[], None]) -> None:
    """A renderer module's way to be part of ``clear_caches``."""
    if clear not in _CACHES:
        _CACHES.append(clear)


def clear_caches() -> None:
    """Forget every rendered picture (sprites and text stamps stay loaded)."""
    for clear in _CACHES:
        clear()


__all__ = ["clear_caches", "draw_hand", "register_cache", "render_hand", "sort_hand"]
