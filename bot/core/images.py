"""Pictures from bot.render, made in a worker thread. The bot still works without them:
every picture is also described in text, so a missing or failing renderer costs only images."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from typing import Any, Literal

import discord

from engine import Card, PublicView
from engine.games.treppe.events import RoundResult

log = logging.getLogger(__name__)


async def _render(function_name: str, *args: Any, **kwargs: Any) -> bytes | None:
    try:
        import bot.render as render
    except ImportError:
        return None
    function = getattr(render, function_name, None)
    if function is None:
        return None
    try:
        data = await asyncio.to_thread(function, *args, **kwargs)
    except Exception:
        log.exception("rendering %s failed; sending text only", function_name)
        return None
    return data if isinstance(data, bytes) else None


def as_file(data: bytes | None, filename: str) -> discord.File | None:
    return None if data is None else discord.File(io.BytesIO(data), filename=filename)


async def table_image(view: PublicView) -> bytes | None:
    return await _render("render_table", view)


async def hand_image(cards: Sequence[Card], locked: Card | None = None) -> bytes | None:
    return await _render("render_hand", tuple(cards), locked=locked)


async def variant_hand_image(cards: Sequence[Card], locked: Card | None = None) -> bytes | None:
    return await _render("render_hand", tuple(cards), locked=locked, taken_from="the discard pile")


async def variant_table_image(variant: str, view: Any) -> bytes | None:
    return await _render(f"render_{variant}_table", view)


async def variant_round_image(variant: str, result: Any, names: Sequence[str]) -> bytes | None:
    return await _render(f"render_{variant}_round_result", result, list(names))


async def round_result_image(result: RoundResult, names: Sequence[str]) -> bytes | None:
    return await _render("render_round_result", result, list(names))


async def session_image(names: Sequence[str], totals: Sequence[int], winner: int) -> bytes | None:
    return await _render("render_session_result", list(names), list(totals), winner)


def sort_cards(cards: Sequence[Card], by: Literal["suit", "rank"]) -> list[Card]:
    """The renderer's order when it is there, else rank or suit order of our own."""
    try:
        from bot.render import sort_hand

        return list(sort_hand(list(cards), by=by))
    except (ImportError, Exception):
        if by == "rank":
            return sorted(cards, key=lambda c: (int(c.rank), c.suit.index if c.suit else 0))
        return sorted(cards, key=lambda c: (c.suit.index if c.suit else 0, int(c.rank)))
