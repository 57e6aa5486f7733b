"""SimCord fixtures: the real bot, its real discord.py stack, a fake Discord in memory."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from bot_harness import make_settings
from pgtools import BACKENDS, pg_schema
from simcord import Env

from bot.app import TreppenBot, create_bot
from bot.core import collector, emojis
from bot.settings import Settings
from bot.storage import PostgresStore, SqliteStore, Store

SETTLE_POLL = 0.002  # seconds; SimCord's default 0.05
# SimCord waits until the bot is idle (its tasks done, nothing queued): a condition, not a
# budget. Its deadline guards against a bot that never settles (SimCord's 5 s default ran out
# on a busy 2-core machine, which CI shares), but it also bounds how long SimCord lets real
# time run while it settles, and it fires a parked timer in real time once that long has
# passed: it must stay below every timer a test parks (a turn timer's reminder after 30 s;
# at 60 s the timer tests saw their turns played, at 30 s a token-expiry test ran for
# minutes). make_settings parks the lease keeper for 20 minutes for the same reason.
SETTLE_DEADLINE = 15.0


def _poll_settling_faster() -> None:
    """SimCord settles by waiting on the bot's pending tasks ``idle`` seconds at a time. When
    those are only parked sleepers (lease renewal, pruning, a hand's rest) and a done-callback
    is queued, each wait runs its full length: 50 ms, dozens of times a test. Polling every 2 ms
    settles on the same conditions, only sooner."""
    settle = Env._settle_internal

    async def settle_sooner(self: Env, *, idle: float = SETTLE_POLL, **kwargs: Any) -> None:
        await settle(self, idle=idle, **kwargs)

    Env._settle_internal = settle_sooner  # type: ignore[method-assign]


def _settle_deadline_as_a_hang_guard() -> None:
    init = Env.__init__

    def init_with_deadline(self: Env, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("settle_timeout", SETTLE_DEADLINE)
        init(self, *args, **kwargs)

    Env.__init__ = init_with_deadline  # type: ignore[method-assign]


_poll_settling_faster()
_settle_deadline_as_a_hang_guard()


@pytest.fixture(autouse=True)
def collector_as_found() -> Iterator[None]:
    """A bot started in a test installs the process-wide collector policy; take it out again,
    so the next test's garbage is not frozen away (a bot process runs one bot for its life)."""
    yield
    collector.uninstall()


@pytest.fixture(autouse=True)
def no_card_emojis_left() -> Iterator[None]:
    """The card emojis are the process's (one bot per process): a test that uploads them
    takes them out again, so the next test's cards are plain text unless it asks for them."""
    yield
    emojis.EMOJIS.clear()


@pytest.fixture
async def close_databases(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """Close every database a test opened (SimCord detaches bots without closing them), so no
    connection is left for the garbage collector on a closed event loop."""
    opened: list[Store] = []

    def keeping(real_open: Any) -> Any:
        async def open_and_keep(cls: type[Store], *args: Any, **kwargs: Any) -> Store:
            store: Store = await real_open(cls, *args, **kwargs)
            opened.append(store)
            return store

        return classmethod(open_and_keep)

    for store_class in (SqliteStore, PostgresStore):
        monkeypatch.setattr(store_class, "open", keeping(store_class.open.__func__))  # type: ignore[attr-defined]
    yield
    for store in opened:
        await store.close()  # a second close is a no-op


@pytest.fixture(params=BACKENDS)
async def any_backend_settings(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[Settings]:
    """Settings for SQLite, then for PostgreSQL in a schema of the test's own. A module runs
    its SimCord tests on both by overriding ``settings`` with this."""
    if request.param == "postgresql":
        async with pg_schema() as url:
            yield make_settings(tmp_path, database_url=url)
    else:
        yield make_settings(tmp_path)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path)


@pytest.fixture
def simcord_bot(settings: Settings, close_databases: None) -> TreppenBot:
    return create_bot(settings)
