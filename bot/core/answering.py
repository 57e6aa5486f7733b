"""Answering an interaction in time. Discord waits 3 seconds for the first answer; a click's
work (waiting for its game's lock, the commit, the hand's picture) is far quicker, but on a
very busy evening it need not be. So the answer is prepared while the clock runs: ready within
``DEFER_AFTER`` seconds, it is the answer; otherwise the bot defers (Discord shows that it is
working on it) and edits the answer in once it is ready.

A deferral acknowledges the interaction, not the move: the move is still committed before the
answer that shows it."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

import discord

DEFER_AFTER = 1.5  # seconds; half of Discord's 3, so the deferral itself is never late (0: always)

Prepared = Coroutine[Any, Any, dict[str, Any]]


TICK = 0.25  # how often the one deadline watcher looks (a deferral comes at most this late)

# Answers being prepared: the future that says "defer now" -> when to say it. One watcher task
# looks at them all, rather than a timer per click (thousands of timers on a busy loop).
_deadlines: dict[asyncio.Future[None], float] = {}
_watcher: list[asyncio.Task[None]] = []


async def _watch_deadlines() -> None:
    loop = asyncio.get_running_loop()
    while _deadlines:
        await asyncio.sleep(TICK)
        now = loop.time()
        for signal, deadline in list(_deadlines.items()):
            if now >= deadline and not signal.done():
                signal.set_result(None)


async def _within_deadline(prepare: Prepared) -> tuple[asyncio.Task[dict[str, Any]], bool]:
    """Start ``prepare``; (its task, whether it finished in time)."""
    task = asyncio.ensure_future(prepare)
    if DEFER_AFTER <= 0:
        return task, False
    loop = asyncio.get_running_loop()
    late: asyncio.Future[None] = loop.create_future()
    _deadlines[late] = loop.time() + DEFER_AFTER
    if not _watcher or _watcher[0].done() or _watcher[0].cancelling():
        _watcher[:] = [loop.create_task(_watch_deadlines())]
    try:
        waiting: set[asyncio.Future[Any]] = {task, late}
        await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
    except asyncio.CancelledError:
        task.cancel()
        raise
    finally:
        _deadlines.pop(late, None)
        if not _deadlines and _watcher and not _watcher[0].done():
            _watcher[0].cancel()  # nothing left to watch: no timer lingers on the loop
    return task, task.done()


async def edit_clicked(interaction: discord.Interaction, prepare: Prepared) -> int | None:
    """Answer a component click by editing its message with the keyword arguments that
    ``prepare`` returns; the message's id."""
    task, in_time = await _within_deadline(prepare)
    if in_time:
        await interaction.response.edit_message(**task.result())
    else:
        await interaction.response.defer()  # "deferred update": the message is edited later
        kwargs = await task
        await interaction.edit_original_response(**kwargs)
    return interaction.message.id if interaction.message is not None else None


async def send_private(interaction: discord.Interaction, prepare: Prepared) -> int | None:
    """Answer with a new message only the member sees, built from ``prepare``'s send
    arguments; the new message's id."""
    task, in_time = await _within_deadline(prepare)
    if in_time:
        response = await interaction.response.send_message(ephemeral=True, **task.result())
        return response.message_id
    # A deferred answer takes only the ephemeral flag; a V2 answer comes by the edit.
    await interaction.response.defer(ephemeral=True, thinking=True)
    kwargs = await task
    message = await interaction.edit_original_response(**_as_edit(kwargs))
    return message.id


def _as_edit(send_kwargs: dict[str, Any]) -> dict[str, Any]:
    """Send arguments as the edit of a deferred answer (``files`` are ``attachments`` there)."""
    kwargs = dict(send_kwargs)
    if "files" in kwargs:
        kwargs["attachments"] = kwargs.pop("files")
    return kwargs
