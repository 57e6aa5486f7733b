"""A bounded graceful stop: on SIGTERM (a process manager's stop) or Ctrl-C the bot stops
taking new lobbies and commands, lets the interactions in flight be answered, commits, hands
its leases back and closes, all within STOP_SECONDS; past that it exits anyway."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from typing import Any

from bot.ops import metrics

log = logging.getLogger(__name__)

SIGNALS = (signal.SIGTERM, signal.SIGINT)
DRAIN_SHARE = 0.5  # of STOP_SECONDS for the interactions in flight; the rest for closing
DRAIN_POLL = 0.05
RUN_END_GRACE = 2.0  # seconds for the run to end by itself after the bot closed


class GracefulStop:
    """Installed once per process on its event loop; ``bot`` is the bot running now."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.bot: Any = None
        self.requested = False
        self.timed_out = False
        self._main: asyncio.Task[Any] | None = None
        self._stopping: asyncio.Task[None] | None = None

    def install(self) -> None:
        """Handle the stop signals on the running loop, for the task calling this."""
        self._main = asyncio.current_task()
        loop = asyncio.get_running_loop()
        for sig in SIGNALS:
            loop.add_signal_handler(sig, self.request, sig)

    def uninstall(self) -> None:
        """Stop handling the stop signals on the running loop."""
        loop = asyncio.get_running_loop()
        for sig in SIGNALS:
            loop.remove_signal_handler(sig)

    def request(self, sig: signal.Signals = signal.SIGTERM) -> None:
        """Begin the graceful stop (once; later signals are ignored)."""
        if self.requested:
            return
        self.requested = True
        log.info("%s: stopping within %.0f s", sig.name, self.seconds)
        self._stopping = asyncio.get_running_loop().create_task(self._stop())

    async def _stop(self) -> None:
        began = time.monotonic()
        bot = self.bot
        if bot is not None:
            bot.stopping = True  # /readyz says so; new commands are refused
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._drain(), self.seconds * DRAIN_SHARE)
            try:
                await asyncio.wait_for(bot.close(), self._left(began))
                log.info("stopped cleanly in %.2f s", time.monotonic() - began)
            except TimeoutError:
                self.timed_out = True
                log.error("not stopped within %.0f s; exiting anyway", self.seconds)
        main = self._main
        if main is not None and not main.done():
            # Normally the bot's run ends by itself once it is closed; not while it waits to
            # try Discord again.
            await asyncio.wait({main}, timeout=min(RUN_END_GRACE, self._left(began)))
            main.cancel()

    def _left(self, began: float) -> float:
        return max(0.1, self.seconds - (time.monotonic() - began))

    async def _drain(self) -> None:
        """Wait until every interaction received so far is answered."""
        while metrics.in_flight() > 0:
            await asyncio.sleep(DRAIN_POLL)
