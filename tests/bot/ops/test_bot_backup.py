"""The backup drill: ``python -m bot.storage backup`` while games are played, ``restore``
into a fresh database, and a bot started on it resumes every game as it was at the backup."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot_harness import Table, make_settings
from simcord import Env

from bot.app import create_bot
from bot.ops.dbtools import main
from bot.settings import Settings


def table_in(env: Env, name: str) -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel(name)
    members = [guild.add_member(env.create_user(f"{name}-{who}")) for who in ("anna", "ben")]
    return Table(env, channel, members)


async def test_backup_during_play_restores_every_game(
    simcord_env: Env, settings: Settings, tmp_path: Path
) -> None:
    tables = [table_in(simcord_env, name) for name in ("one", "two")]
    for moves, table in zip((5, 9), tables, strict=True):
        await table.start(await table.open(target=500))
        await table.play(moves=moves)
    waiting = table_in(simcord_env, "three")
    await waiting.open(extra_join=False)  # a lobby nobody started yet
    at_backup = {t.live.id: t.game.to_json() for t in tables}
    backup = tmp_path / "backup.db"

    # While the bot runs, with its database open.
    assert (
        await asyncio.to_thread(main, ["backup", str(backup), "--from", settings.database()]) == 0
    )
    for table in tables:
        await table.play(moves=3)  # play goes on; these moves are not in the backup
    assert all(t.game.to_json() != at_backup[t.live.id] for t in tables)

    restored = make_settings(tmp_path / "restored")
    # The command line tool, run as a separate program would (its own event loop).
    assert await asyncio.to_thread(main, ["restore", str(backup), "--to", restored.database()]) == 0
    await simcord_env.restart_bot(create_bot(restored))

    games = simcord_env.bot.service.games
    for game_id, state in at_backup.items():
        live = games[game_id]
        assert live.game is not None and live.game.to_json() == state
    assert games[waiting.live.id].status == "lobby"
    for table in tables:  # and each goes on from there
        table._live = None
        table.hands.clear()
        before = table.game.public_view().version
        assert await table.play(moves=2) == 2
        assert table.game.public_view().version == before + 2
