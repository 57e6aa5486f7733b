"""Pictures, made in a worker thread. The bot still works without them: every picture is also
described in text, so a missing or failing renderer costs only images."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Sequence
from typing import Any, Literal, ParamSpec

import discord

from engine.cards import Card
from engine.i18n import language, using

log = logging.getLogger(__name__)

P = ParamSpec("P")


async def render(
    function: Callable[P, bytes | None], *args: P.args, **kwargs: P.kwargs
) -> bytes | None:
    """``function(*args)`` in a worker thread; None when it fails or draws nothing. The
    picture's words are in the caller's language (passed along, not left to the thread)."""
    try:
        data = await asyncio.to_thread(_in_language, language(), function, args, kwargs)
    except Exception:
        log.exception("rendering %s failed; sending text only", function.__name__)
        return None
    return data if isinstance(data, bytes) else None


def _in_language(
    lang: str, function: Callable[..., bytes | None], args: Any, kwargs: Any
) -> bytes | None:
    with using(lang):
        return function(*args, **kwargs)


def as_file(data: bytes | None, filename: str) -> discord.File | None:
    return None if data is None else discord.File(io.BytesIO(data), filename=filename)


def _render_hand(cards: tuple[Card, ...], locked: Card | None, taken_from: str) -> bytes | None:
    try:
        from bot.render import render_hand
    except ImportError:
        return None
    return render_hand(cards, locked=locked, taken_from=taken_from)


async def hand_image(
    cards: Sequence[Card], locked: Card | None = None, *, taken_from: str
) -> bytes | None:
    return await render(_render_hand, tuple(cards), locked, taken_from)


def sort_cards(cards: Sequence[Card], by: Literal["suit", "rank"]) -> list[Card]:
    """The renderer's order when it is there, else rank or suit order of our own."""
    try:
        from bot.render import sort_hand

        return list(sort_hand(list(cards), by=by))
    except (ImportError, Exception):
        if by == "rank":
            return sorted(cards, key=lambda c: (int(c.rank), c.suit.index if c.suit else 0))
        return sorted(cards, key=lambda c: (c.suit.index if c.suit else 0, int(c.rank)))
