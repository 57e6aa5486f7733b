"""The bot's Prometheus metrics (docs/operating.md says what each means). Counters and
histograms are updated where things happen; the gauges (games, lobbies, shards, queue, pool)
are read from the running bot when ``/metrics`` is scraped, so they cost nothing in between."""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from collections.abc import Awaitable, Iterator
from typing import Any, TypeVar

import discord
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

T = TypeVar("T")

REGISTRY = CollectorRegistry()
# Seconds: a click is answered in tens of milliseconds; Discord allows 3 s.
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)

INTERACTIONS = Counter(
    "treppenbot_interactions",
    "Interactions handled, by kind and result (answered, refused, error)",
    ["kind", "result"],
    registry=REGISTRY,
)
ANSWER_SECONDS = Histogram(
    "treppenbot_answer_seconds",
    "From receiving a click or command to having answered it",
    ["kind"],
    buckets=LATENCY_BUCKETS,
    registry=REGISTRY,
)
COMMIT_SECONDS = Histogram(
    "treppenbot_commit_seconds",
    "Committing one game action to the database",
    buckets=LATENCY_BUCKETS,
    registry=REGISTRY,
)
TABLE_UPDATE_SECONDS = Histogram(
    "treppenbot_table_update_seconds",
    "From a change to the table message showing it (edit or new post)",
    buckets=LATENCY_BUCKETS,
    registry=REGISTRY,
)
RENDER_SECONDS = Histogram(
    "treppenbot_render_seconds",
    "Drawing one picture, including its wait in the render queue",
    buckets=LATENCY_BUCKETS,
    registry=REGISTRY,
)
RENDER_QUEUE = Gauge(
    "treppenbot_render_queue",
    "Pictures waiting for a render worker",
    registry=REGISTRY,
)  # read from bot/core/images.py at scrape time
ERRORS = Counter(
    "treppenbot_errors",
    "Log records at ERROR or above, by exception type (or 'log' without one)",
    ["kind"],
    registry=REGISTRY,
)
IN_FLIGHT = Gauge(
    "treppenbot_interactions_in_flight",
    "Interactions received and not yet answered",
    registry=REGISTRY,
)
_in_flight = 0  # the same, for the graceful stop

STARTED = "treppenbot_started"  # keys in Interaction.extras
RESULT = "treppenbot_result"
FINISHED = "treppenbot_finished"
# The guild an interaction came from, for the JSON log lines written while it is handled.
current_guild: contextvars.ContextVar[int | None] = contextvars.ContextVar(
    "current_guild", default=None
)


def kind_of(interaction: discord.Interaction) -> str:
    """command, component or modal: a small, fixed set of label values."""
    return {
        discord.InteractionType.application_command: "command",
        discord.InteractionType.component: "component",
        discord.InteractionType.autocomplete: "autocomplete",
        discord.InteractionType.modal_submit: "modal",
    }.get(interaction.type, "other")


def start(interaction: discord.Interaction) -> None:
    """The bot began handling an interaction: its answer latency counts from here."""
    if STARTED not in interaction.extras:
        interaction.extras[STARTED] = time.perf_counter()
        _count_in_flight(+1)
    current_guild.set(interaction.guild_id)


def refused(interaction: discord.Interaction) -> None:
    """The answer is a refusal (a private 'no'), not the thing asked for."""
    interaction.extras.setdefault(RESULT, "refused")


def finish(interaction: discord.Interaction, result: str = "answered") -> None:
    """Count an interaction once, with its latency; ``result`` unless a refusal was noted."""
    if interaction.extras.get(FINISHED) or STARTED not in interaction.extras:
        return
    interaction.extras[FINISHED] = True
    _count_in_flight(-1)
    kind = kind_of(interaction)
    INTERACTIONS.labels(kind, interaction.extras.get(RESULT, result)).inc()
    ANSWER_SECONDS.labels(kind).observe(time.perf_counter() - interaction.extras[STARTED])


def _count_in_flight(change: int) -> None:
    global _in_flight
    _in_flight += change
    IN_FLIGHT.set(_in_flight)


def in_flight() -> int:
    """Interactions started and not finished, for the graceful stop."""
    return _in_flight


async def timed(histogram: Histogram, work: Awaitable[T]) -> T:
    """Await ``work``, observing in ``histogram`` how long it took."""
    with histogram.time():
        return await work


def watch_task(task: asyncio.Task[Any], name: str) -> None:
    """Observe how long a table refresh task took, from being asked for to done."""
    if name != "refresh":
        return
    began = time.perf_counter()
    task.add_done_callback(lambda _: TABLE_UPDATE_SECONDS.observe(time.perf_counter() - began))


class CountErrors(logging.Handler):
    """Counts ERROR records by the exception they carry: errors by kind, from the log."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        ERRORS.labels(type(error).__name__ if error is not None else "log").inc()


class BotCollector(Collector):
    """Gauges read from the running bot at scrape time."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def collect(self) -> Iterator[Metric]:
        yield from self._games()
        yield from self._gateway()
        yield from self._pool()

    def _games(self) -> Iterator[Metric]:
        games = GaugeMetricFamily(
            "treppenbot_games_live", "Games being played, by game", labels=["game"]
        )
        service = getattr(self.bot, "service", None)
        live = list(service.games.values()) if service is not None else []
        by_game: dict[str, int] = {}
        for game in live:
            if game.status == "playing":
                by_game[game.game_key] = by_game.get(game.game_key, 0) + 1
        for key, count in sorted(by_game.items()):
            games.add_metric([key], count)
        yield games
        lobbies = sum(1 for game in live if game.status == "lobby")
        yield GaugeMetricFamily("treppenbot_lobbies_open", "Lobbies waiting to start", lobbies)

    def _gateway(self) -> Iterator[Metric]:
        latency = GaugeMetricFamily(
            "treppenbot_gateway_latency_seconds",
            "Heartbeat round trip to Discord's gateway, by shard",
            labels=["shard"],
        )
        shards = getattr(self.bot, "shards", {})
        connected = 0
        for shard_id, shard in sorted(shards.items()):
            if not shard.is_closed():
                connected += 1
                if shard.latency == shard.latency:  # NaN before the first heartbeat
                    latency.add_metric([str(shard_id)], shard.latency)
        yield latency
        yield GaugeMetricFamily(
            "treppenbot_shards_connected", "Shards connected to the gateway", connected
        )

    def _pool(self) -> Iterator[Metric]:
        service = getattr(self.bot, "service", None)
        pool = getattr(getattr(service, "storage", None), "_pool", None)
        if pool is None:
            return  # SQLite: one connection, no pool
        size = pool.get_size()
        yield GaugeMetricFamily("treppenbot_db_pool_size", "PostgreSQL connections open", size)
        yield GaugeMetricFamily(
            "treppenbot_db_pool_in_use",
            "PostgreSQL connections lent out to a query",
            size - pool.get_idle_size(),
        )


_collector: BotCollector | None = None


def observe(bot: Any) -> None:
    """Read the scrape-time gauges from ``bot`` (one bot per process; the newest wins)."""
    global _collector
    if _collector is not None:
        REGISTRY.unregister(_collector)
    _collector = BotCollector(bot)
    REGISTRY.register(_collector)
