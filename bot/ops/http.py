"""``/metrics``, ``/healthz`` and ``/readyz`` over HTTP on the bot's own event loop (aiohttp
comes with discord.py), for Prometheus and a process manager. Off unless METRICS_PORT is set."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot.ops import metrics

log = logging.getLogger(__name__)

READY_TIMEOUT = 2.0  # seconds the database gets to answer a readiness probe


class HealthServer:
    """The HTTP endpoints of one bot; ``start`` binds, ``stop`` unbinds."""

    def __init__(self, bot: Any, host: str, port: int) -> None:
        self.bot = bot
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        """Serve /metrics, /healthz and /readyz on the configured address (port 0: a free one)."""
        app = web.Application()
        app.router.add_get("/metrics", self.metrics)
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/readyz", self.readyz)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:  # a free port, for tests
            self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        log.info("metrics and health on http://%s:%d/metrics", self.host, self.port)

    def watch(self, bot: Any) -> None:
        """Report on ``bot`` from now on (each attempt to connect makes a new one)."""
        self.bot = bot
        metrics.observe(bot)

    async def stop(self) -> None:
        """Stop serving."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def metrics(self, request: web.Request) -> web.Response:
        """The Prometheus metrics, in its text format."""
        body = generate_latest(metrics.REGISTRY)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def healthz(self, request: web.Request) -> web.Response:
        """Alive: the process answers."""
        return web.Response(text="ok\n")

    async def readyz(self, request: web.Request) -> web.Response:
        """Ready for traffic, or 503 and its problems, one per line (e.g. not connected)."""
        problems = await self.problems()
        if problems:
            return web.Response(status=503, text="".join(f"{p}\n" for p in problems))
        return web.Response(text="ready\n")

    async def problems(self) -> list[str]:
        """Why the bot should get no traffic now: empty when it is ready."""
        found = []
        if self.bot is None:
            return ["starting"]
        if getattr(self.bot, "stopping", False):
            found.append("shutting down")
        if not self.bot.is_ready() or self.bot.is_closed():
            found.append("gateway not connected")
        service = getattr(self.bot, "service", None)
        if service is None:
            found.append("database not open")
        else:
            try:
                await asyncio.wait_for(service.storage.schema_version(), READY_TIMEOUT)
            except Exception as error:
                found.append(f"database not reachable ({type(error).__name__})")
        return found
