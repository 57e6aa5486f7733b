"""Pictures, drawn off the event loop. The bot still works without them: every picture is also
described in text, so a missing or failing renderer costs only images.

Where they are drawn (``RENDER_PROCESSES``): by default in worker *processes*
(``bot.core.workers``). Pillow's own work mostly releases the GIL, but the Python around it
(layout, text stamps, caches) does not, and a busy drawing thread makes every GIL-releasing
call of the event loop (socket I/O, the database, ``os.urandom``) wait for the GIL again:
under load that stalled other games' clicks for seconds (measured in ``bench/load.py``, see
docs/performance.md). With 0 the pictures are drawn in threads, as before.

Pictures on a click's answer (the private hand) go before table pictures, which are edited
in the background: a picture never holds up another game's click."""

from __future__ import annotations

import asyncio
import heapq
import io
import itertools
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import discord

from bot.core.presenter import presenter
from bot.core.workers import PerProcess, WorkerPool
from bot.ops import metrics
from engine.cards import Card
from engine.i18n import DEFAULT_LANGUAGE, language, using

log = logging.getLogger(__name__)

# What a worker can draw: a game presenter's pictures, or a member's rating chart.
Kind = Literal["render_table", "render_round", "render_session", "rating_history"]
ANSWER = 0  # a picture a click's answer waits for
BACKGROUND = 1  # a table picture, edited in after the answer


@dataclass(frozen=True, slots=True)
class Picture:
    """One picture to draw, picklable so a worker process can draw it: ``kind`` of the game
    ``game_key`` (ignored for the hand), from ``args``, its words in ``language`` (a worker
    process does not share the caller's context)."""

    kind: Kind
    game_key: str
    args: tuple[Any, ...]
    language: str = DEFAULT_LANGUAGE


def draw(picture: Picture) -> bytes | None:
    """Draw ``picture`` (runs in a worker) in its language."""
    with using(picture.language):
        return _draw(picture)


def _draw(picture: Picture) -> bytes | None:
    if picture.kind == "rating_history":
        from bot.render.rating_chart import render_rating_history

        return render_rating_history(*picture.args)
    function: Callable[..., bytes | None] = getattr(presenter(picture.game_key), picture.kind)
    return function(*picture.args)


def _warm_up() -> None:
    """Load sprites (every language's sheet) and fonts in a new worker before its first real
    picture."""
    from bot.render.assets import sprites
    from engine.i18n import languages

    for lang in languages():
        sprites(lang)
    try:  # the fonts, with a picture nobody sees
        from bot.render import render_hand

        render_hand((), taken_from="the pile")
    except ImportError:
        return


class Renderer:
    """Draws pictures in ``processes`` worker processes (0: in threads), at most one per
    worker at a time; waiting pictures go by priority (answers first), then in order."""

    def __init__(self, processes: int) -> None:
        self._slots = max(1, processes) if processes else 4
        self.workers = WorkerPool(
            processes, threads=self._slots, name="render", initializer=_warm_up
        )
        self._busy = 0
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    @property
    def processes(self) -> int:
        """The worker processes pictures are drawn in (0: threads)."""
        return self.workers.processes

    async def draw(self, picture: Picture, priority: int) -> bytes | None:
        """Draw ``picture`` in a worker once a slot is free; lower ``priority`` goes first."""
        await self._acquire(priority)
        try:
            return await self.workers.run(draw, picture)
        finally:
            self._release()

    async def _acquire(self, priority: int) -> None:
        if self._busy < self._slots and not self._waiting:
            self._busy += 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._order), turn))
        try:
            await turn  # the releasing picture hands its slot over
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._release()  # handed a slot just as we were cancelled: pass it on
            raise

    def _release(self) -> None:
        while self._waiting:
            _, _, turn = heapq.heappop(self._waiting)
            if not turn.done():
                turn.set_result(None)
                return
        self._busy -= 1

    def shutdown(self) -> None:
        """Stop the workers without waiting; the next picture starts new ones."""
        self.workers.shutdown()


_renderer = PerProcess(Renderer)


def configure(processes: int) -> None:
    """Draw in ``processes`` worker processes from now on (0: threads). The workers are
    shared by every bot in the process and started on the first picture."""
    _renderer.configure(processes)


def waiting() -> int:
    """Pictures waiting for a render worker (a metric)."""
    return len(_renderer.current._waiting)


metrics.RENDER_QUEUE.set_function(waiting)


async def render(kind: Kind, game_key: str, *args: Any, priority: int = BACKGROUND) -> bytes | None:
    """The picture ``kind`` of the game ``game_key``; None when it fails or draws nothing."""
    try:
        picture = Picture(kind, game_key, args, language())
        data = await metrics.timed(
            metrics.RENDER_SECONDS, _renderer.current.draw(picture, priority)
        )
    except Exception:
        log.exception("rendering %s of %s failed; sending text only", kind, game_key)
        return None
    return data if isinstance(data, bytes) else None


class UploadBuffer(io.BytesIO):
    """An attachment's bytes for discord.py to upload. ``discord.File`` stubs a buffer's
    ``close`` while it uploads (aiohttp closes what it has sent) and afterwards puts back the
    buffer's own bound ``close``: a buffer that refers to itself, kept with its bytes (tens of
    kilobytes a picture) until the collector's next full pass. This buffer is never closed and
    takes no ``close`` of its own, so it goes as soon as its last reference does."""

    def close(self) -> None:
        """Nothing to release that reference counting does not (memory only)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name != "close":
            super().__setattr__(name, value)


def upload(data: bytes, filename: str) -> discord.File:
    """Bytes as a message attachment."""
    return discord.File(UploadBuffer(data), filename=filename)


def as_file(data: bytes | None, filename: str) -> discord.File | None:
    """A drawn picture as a message attachment, or None when there is no picture."""
    return None if data is None else upload(data, filename)


async def rating_chart(history: Sequence[Any]) -> bytes | None:
    """A member's rating after each rated session (``bot.ratings.Rating``), on /treppe stats."""
    return await render("rating_history", "", tuple(history), priority=ANSWER)


def sort_cards(cards: Sequence[Card], by: Literal["suit", "rank"]) -> list[Card]:
    """The renderer's order when it is there, else rank or suit order of our own."""
    try:
        from bot.render import sort_hand

        return list(sort_hand(list(cards), by=by))
    except (ImportError, Exception):
        if by == "rank":
            return sorted(cards, key=lambda c: (int(c.rank), c.suit.index if c.suit else 0))
        return sorted(cards, key=lambda c: (c.suit.index if c.suit else 0, int(c.rank)))
