"""Pictures of the game for Discord: pure functions from engine views to PNG bytes.

Imports only PIL and the engine, never discord. Every function is safe to call from worker
threads (the bot uses ``asyncio.to_thread``); results are cached by their (hashable) inputs.
What every game draws the same way lives here (cards, canvas, the private hand, the piles and
card fans of the two-pack games); each game's own pictures live in its folder in bot/games
and register their caches with ``register_cache``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec

from PIL import Image

from bot.render import hand as _hand
from bot.render.canvas import encode
from bot.render.hand import draw_hand, render_hand, sort_hand
from engine.i18n import language

P = ParamSpec("P")

_CACHES: list[Callable[[], None]] = [_hand.cache_clear]


def register_cache(clear: Callable[[], None]) -> None:
    """A renderer module's way to be part of ``clear_caches``."""
    if clear not in _CACHES:
        _CACHES.append(clear)


def cached_png(maxsize: int) -> Callable[[Callable[P, Image.Image]], Callable[P, bytes]]:
    """A game's picture: ``draw`` (a view to a palette image) made a function that returns its
    PNG bytes, cached by the arguments (lists kept as tuples) and the current language, and
    forgotten by ``clear_caches``. Keyword arguments are passed as they are."""

    def wrap(draw: Callable[P, Image.Image]) -> Callable[P, bytes]:
        @functools.lru_cache(maxsize=maxsize)
        def cached(lang: str, args: tuple[object, ...], kwargs: tuple[object, ...]) -> bytes:
            return encode(draw(*args, **dict(kwargs)))  # type: ignore[arg-type]

        def render(*args: P.args, **kwargs: P.kwargs) -> bytes:
            frozen = tuple(tuple(a) if isinstance(a, list) else a for a in args)
            return cached(language(), frozen, tuple(sorted(kwargs.items())))

        render.__doc__ = f"``{draw.__name__}`` as PNG bytes, cached."
        register_cache(cached.cache_clear)
        return render

    return wrap


def clear_caches() -> None:
    """Forget every rendered picture (sprites and text stamps stay loaded)."""
    for clear in _CACHES:
        clear()


__all__ = ["cached_png", "clear_caches", "draw_hand", "register_cache", "render_hand", "sort_hand"]
