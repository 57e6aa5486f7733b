"""The game service's background tasks: each game's named ones (its lobby's expiry, the turn
timer, the computer's move, the table's refresh), at most one of a name per game, and detached
ones that belong to no game. A failure is logged where it happens, since nobody awaits them;
all are cancelled at shutdown."""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable, Coroutine
from typing import Any

from bot.core.model import LiveTable
from bot.ops import metrics

log = logging.getLogger(__name__)


class BackgroundTasks:
    """Every task the service runs in the background, so that shutdown can end them all."""

    def __init__(self) -> None:
        self._running: set[asyncio.Task[Any]] = set()
        self._timers: weakref.WeakSet[asyncio.TimerHandle] = weakref.WeakSet()

    def spawn(self, coroutine: Coroutine[Any, Any, None], live: LiveTable, name: str) -> None:
        """Run ``coroutine`` as the game's task ``name`` (found in ``live.tasks`` while it runs)."""
        task = asyncio.get_running_loop().create_task(coroutine, name=f"game{live.id}-{name}")
        live.tasks[name] = task
        self._track(task)
        metrics.watch_task(task, name)

        def done(finished: asyncio.Task[None]) -> None:
            if live.tasks.get(name) is finished:
                del live.tasks[name]

        task.add_done_callback(done)

    def spawn_detached(self, coroutine: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coroutine`` in the background, for no game in particular."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self._track(task)
        return task

    def spawn_at(
        self, when: float, start: Callable[[], Coroutine[Any, Any, Any]]
    ) -> asyncio.TimerHandle:
        """Run the coroutine ``start()`` makes at loop time ``when``, unless the returned timer
        is cancelled first. A timer rather than a sleeping task: most are cancelled, and a
        cancelled task keeps its exception, whose traceback keeps the task's frame and all it
        refers to in a reference cycle until the collector's next full pass."""
        return self.call_at(when, self._fire, start)

    def call_at(
        self, when: float, callback: Callable[..., None], *args: Any
    ) -> asyncio.TimerHandle:
        """Call ``callback(*args)`` at loop time ``when`` unless the timer is cancelled first
        (at shutdown, every such timer is)."""
        timer = asyncio.get_running_loop().call_at(when, callback, *args)
        self._timers.add(timer)
        return timer

    def _fire(self, start: Callable[[], Coroutine[Any, Any, Any]]) -> None:
        self.spawn_detached(start())

    def cancel(self, live: LiveTable, name: str) -> None:
        """Stop the game's task ``name`` unless it is the one asking (it is ending anyway)."""
        task = live.tasks.pop(name, None)
        if task is not None and task is not asyncio.current_task() and not task.done():
            task.cancel()

    def cancel_all(self, live: LiveTable) -> None:
        """Stop every background task of the game."""
        for name in list(live.tasks):
            self.cancel(live, name)

    async def shutdown(self) -> None:
        """Cancel every timer and task and wait until the tasks have all ended."""
        for timer in list(self._timers):
            timer.cancel()
        for task in list(self._running):
            task.cancel()
        if self._running:
            await asyncio.gather(*self._running, return_exceptions=True)

    def _track(self, task: asyncio.Task[Any]) -> None:
        self._running.add(task)
        task.add_done_callback(self._running.discard)
        task.add_done_callback(_log_failure)


def _log_failure(task: asyncio.Task[Any]) -> None:
    if task.cancelled():
        return
    error = task.exception()
    if error is not None:
        log.error("background task %s failed", task.get_name(), exc_info=error)
