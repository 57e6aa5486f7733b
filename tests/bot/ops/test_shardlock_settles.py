"""The PostgreSQL path with the shard locks on, played end to end under SimCord (issue 37,
item 13). The lock keeper asks for missing locks every POLL_SECONDS; done with bare sleeps it
kept the bot busy on the wall clock, so every interaction waited out SimCord's whole settle
deadline (or ran out of it). On the bot's clock it is a timer SimCord recognises: the bot
settles as soon as its work is done, and the keeper asks again as virtual time goes by."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import asyncpg
from bot_harness import Table, make_settings
from pgtools import allow_pg, pg_schema
from simcord import Env

from bot.app import TreppenBot, create_bot
from bot.ops.shardlock import POLL_SECONDS, TRY_LOCK

pytestmark = allow_pg

SHARD = 0  # the harness runs one shard (SHARD_COUNT=1)

# Far below what the old keeper cost (a settle deadline, 15 s in tests/bot/conftest.py, per
# interaction: about 20 of them here), far above a game of a few moves on a loaded machine.
BUDGET_SECONDS = 30.0


def lock_of(env: Env) -> Any:
    bot: TreppenBot = env.bot  # type: ignore[assignment]
    assert bot.shard_lock is not None, "the shard locks are off"
    return bot.shard_lock


async def test_a_game_on_postgresql_with_the_locks_on_settles_promptly(tmp_path: Path) -> None:
    async with pg_schema() as url:
        # Someone else (a process before this one) holds the lock: the bot starts without it
        # and must keep asking.
        holder = await asyncpg.connect(url)
        try:
            assert await holder.fetchval(TRY_LOCK, SHARD)
            settings = make_settings(tmp_path, database_url=url, shard_locks=True)
            env = Env(create_bot(settings))
            began = time.monotonic()
            await env.start()
            try:
                assert lock_of(env).held == set()
                table = Table.in_new_channel(env, "anna", "ben")
                await table.start(await table.open(target=500))
                assert await table.play(moves=8) == 8
                elapsed = time.monotonic() - began
                print(f"start, lobby and 8 moves on PostgreSQL with the locks on: {elapsed:.1f} s")
                assert elapsed < BUDGET_SECONDS

                # The holder goes; the keeper's next ask, on SimCord's virtual clock, gets it.
                await holder.close()
                await env.advance_time(POLL_SECONDS * 3)
                await env.settle()
                assert lock_of(env).held == {SHARD}
                assert await table.play(moves=2) == 2
            finally:
                # SimCord detaches the bot without closing it: let the lock and the store go.
                await lock_of(env).stop()
                await env.shutdown()
                bot: TreppenBot = env.bot  # type: ignore[assignment]
                await bot.service.storage.close()
        finally:
            if not holder.is_closed():
                await holder.close()
