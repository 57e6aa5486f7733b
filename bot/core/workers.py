"""Worker pools for CPU-bound work kept off the event loop: pictures (``bot.core.images``) and
computer moves (``bot.core.thinking``).

A thread is not enough for such work. The Python it runs holds the interpreter lock, and
while it does every lock-releasing call of the event loop (socket I/O, a hand-off to the
database's thread) waits up to a switch interval to get it back: clicks of every other table
slow down (docs/performance.md). So each pool runs its work in worker *processes*, started
by one fork server that has imported the bot's games and renderer once; with 0 processes it
runs in threads of the bot's own process."""

from __future__ import annotations

import asyncio
import atexit
import multiprocessing
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Generic, Protocol, TypeVar

T = TypeVar("T")

# Imported by the fork server once, so each worker starts with the games and the renderer
# loaded. The fork server is one per process, shared by every pool: one list for all.
PRELOAD = ["bot.games", "bot.render"]


class WorkerPool:
    """``processes`` worker processes (0: ``threads`` threads), started on first use; a pool
    whose worker died starts new ones for the next call."""

    def __init__(
        self,
        processes: int,
        *,
        threads: int,
        name: str,
        initializer: Callable[[], None] | None = None,
    ) -> None:
        self.processes = processes
        self.threads = threads
        self.name = name
        self.initializer = initializer
        self._executor: Executor | None = None

    @property
    def started(self) -> Executor | None:
        """The running executor, if any (for tests and metrics)."""
        return self._executor

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.processes:
                context = multiprocessing.get_context("forkserver")
                context.set_forkserver_preload(PRELOAD)
                self._executor = ProcessPoolExecutor(
                    self.processes, mp_context=context, initializer=self.initializer
                )
            else:
                self._executor = ThreadPoolExecutor(self.threads, thread_name_prefix=self.name)
        return self._executor

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker (arguments and result pickled for a process)."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool(), function, *args)
        except BrokenExecutor:
            self._executor = None  # a worker died: the next call starts new ones
            raise

    def shutdown(self) -> None:
        """Stop the workers without waiting; the next call starts new ones."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


class HasWorkers(Protocol):
    """Something that runs its work in a pool of ``processes`` workers."""

    @property
    def processes(self) -> int:
        """Its worker processes (0: threads)."""
        ...

    def shutdown(self) -> None:
        """Stop its workers."""
        ...


W = TypeVar("W", bound=HasWorkers)


class PerProcess(Generic[W]):
    """The one ``W`` of this process (its workers are shared by every bot in it), made anew
    by ``make`` when the number of worker processes changes; its workers stop at exit."""

    def __init__(self, make: Callable[[int], W]) -> None:
        self.make = make
        self.current = make(0)
        atexit.register(self.shutdown)

    def configure(self, processes: int) -> None:
        """Run in ``processes`` worker processes from now on (0: threads)."""
        if processes != self.current.processes:
            self.current.shutdown()
            self.current = self.make(processes)

    def shutdown(self) -> None:
        """Stop the current workers (the next use starts new ones)."""
        self.current.shutdown()
