"""Computer moves, worked out off the event loop (``COMPUTER_PROCESSES``).

A computer player's decision is pure Python: Treppenrommé's ``hard`` searches for up to a few
hundred milliseconds. In a thread of the bot's process it would hold the interpreter lock all
that time, and every other table's clicks would wait for the lock at each hand-off to the
database or the network (``bench/thinking.py`` measures it). So decisions are made in a
worker process (``bot.core.workers``): the player, the seat's view and the legal moves go
there pickled, and the move comes back with the player, whose memory of the round (if it
keeps one) goes on from there. A decision is the same wherever it is made: a player is a
pure function of its seed, what it has seen and the position. Should the worker fail (it
died, something would not pickle), the move is made in a thread instead, as before."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

from bot.core import autoplay
from bot.core.workers import PerProcess, WorkerPool
from engine.actions import Action
from engine.protocol import BasePrivateView, Player
from engine.registry import get_spec

log = logging.getLogger(__name__)

THREADS = 4  # with COMPUTER_PROCESSES=0: threads deciding at once


def decide(
    game_key: str, player: Player, view: BasePrivateView, legal: Sequence[Action]
) -> tuple[Action, Player]:
    """The player's move (the safe move should it fail) and the player after it (runs in a
    worker)."""
    return autoplay.choose_safely(get_spec(game_key), player, view, legal), player


class Thinker:
    """Makes computer moves in ``processes`` worker processes (0: in threads)."""

    def __init__(self, processes: int) -> None:
        self.workers = WorkerPool(processes, threads=THREADS, name="computer")

    @property
    def processes(self) -> int:
        """The worker processes moves are made in (0: threads)."""
        return self.workers.processes

    async def choose(
        self, game_key: str, player: Player, view: BasePrivateView, legal: Sequence[Action]
    ) -> tuple[Action, Player]:
        """The move of ``player`` (the seat of ``view``) among ``legal``, and the player to
        keep for the seat's next move."""
        args = (game_key, player, view, list(legal))
        try:
            return await self.workers.run(decide, *args)
        except Exception:
            if not self.processes:
                raise
            log.exception("a computer move in a worker process failed; deciding here")
        return await asyncio.to_thread(decide, *args)

    async def warm(self) -> None:
        """Start the worker process now (about a second: the fork server, the games
        imported), so that the first computer move, after a restart or a failover, does not
        wait for it."""
        if not self.processes:
            return
        try:
            await self.workers.run(int)
        except Exception:
            log.exception("the computer's worker process did not start; moves start it")

    def shutdown(self) -> None:
        """Stop the workers without waiting; the next move starts new ones."""
        self.workers.shutdown()


_thinker = PerProcess(Thinker)


def configure(processes: int) -> None:
    """Make computer moves in ``processes`` worker processes from now on (0: threads). The
    workers are shared by every bot in the process and started on the first move."""
    _thinker.configure(processes)


async def warm() -> None:
    """Start the computer's worker process ahead of its first move (``Thinker.warm``)."""
    await _thinker.current.warm()


async def choose(
    game_key: str, player: Player, view: BasePrivateView, legal: Sequence[Action]
) -> tuple[Action, Player]:
    """The computer's move and the player after it, off the event loop (``Thinker.choose``)."""
    return await _thinker.current.choose(game_key, player, view, legal)
