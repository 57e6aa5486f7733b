"""Migration 4 renames the game-specific columns; an old database upgrades in place and keeps
its games, rounds and leaderboards. Migration 7 moves each running game's whole log into one
row per action, on SQLite and on PostgreSQL. Migration 9 drops the unused ping column."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import asyncpg
from pgtools import allow_pg, pg_schema

from bot.storage import ActionRow, RoundRecord, SeatRow, SqliteStore, Store, migrations, open_url
from bot.storage.dialect import expand
from bot.storage.postgres import pg_names
from bot.storage.rows import session_log
from engine.registry import get_spec, load_game

OLD_VERSION = 3  # the schema before the columns got words that fit every game


def make_old_database(path: Path) -> None:
    """A database as the bot left it at schema 3: one finished game of each of two games."""
    with sqlite3.connect(path) as db:
        for number, script in enumerate(migrations.MIGRATIONS[:OLD_VERSION], start=1):
            db.executescript(f"{expand(script, 'sqlite')}\nPRAGMA user_version = {number};")
        for game_id, key, winner in ((1, "treppenromme", 0), (2, "romme", 1)):
            db.execute(
                "INSERT INTO games (id, guild_id, channel_id, host_id, status, options, state, "
                "created_at, finished_at, winner_seat, variant) VALUES (?, 5, ?, 10, 'finished', "
                "'{}', '{}', '2026-01-01T00:00:00+00:00', '2026-01-02T00:00:00+00:00', ?, ?)",
                (game_id, 100 + game_id, winner, key),
            )
            for seat, user in enumerate((10, 11)):
                db.execute(
                    "INSERT INTO seats (game_id, seat, user_id, name, final_score, won) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, seat, user, f"p{user}", 60 - 20 * seat, int(seat == winner)),
                )
            db.execute(
                "INSERT INTO rounds (game_id, round_number, went_out, romme_hand, finished_at) "
                "VALUES (?, 1, ?, 1, '2026-01-02T00:00:00+00:00')",
                (game_id, winner),
            )
            for seat in (0, 1):
                db.execute(
                    "INSERT INTO round_scores (game_id, round_number, seat, meld_points, "
                    "hand_points, total) VALUES (?, 1, ?, ?, ?, ?)",
                    (game_id, seat, 30 + seat, 12 if seat == winner else 0, 60 - 20 * seat),
                )


async def test_an_old_database_upgrades_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    make_old_database(path)
    storage = await SqliteStore.open(path)
    try:
        assert await storage.schema_version() == len(migrations.MIGRATIONS) > OLD_VERSION
        board = await storage.leaderboard(5, "treppenromme")
        assert [(r.user_id, r.wins, r.points, r.rounds) for r in board] == [
            (10, 1, 60, 1),
            (11, 0, 40, 1),
        ]
        lower = await storage.leaderboard(5, "romme", lower_is_better=True)
        assert [(r.user_id, r.wins) for r in lower] == [(11, 1), (10, 0)]
        stats = await storage.player_stats(5, 10, "treppenromme")
        assert (stats.played, stats.wins, stats.rounds, stats.closed, stats.special) == (
            1,
            1,
            1,
            1,
            1,
        )
        assert (stats.best_round, stats.round_points) == (42, 42)
        rows = await storage.round_rows(1)
        assert [(r.seat, r.points, r.bonus, r.closer) for r in rows] == [
            (0, 30, 12, 0),
            (1, 31, 0, 0),
        ]
    finally:
        await storage.close()


async def test_the_unused_ping_column_is_dropped_and_the_games_kept(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    make_old_database(path)
    storage = await SqliteStore.open(path)
    try:
        game = await storage.game(1)
        assert game is not None and game.status == "finished" and len(game.seats) == 2
    finally:
        await storage.close()
    with sqlite3.connect(path) as db:
        columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
    assert "ping_message_id" not in columns
    assert {"table_message_id", "game_key", "checkpoint"} <= columns


async def test_round_records_of_any_game_are_stored_alike(tmp_path: Path) -> None:
    storage = await SqliteStore.open(tmp_path / "new.db")
    try:
        host = SeatRow(0, 10, "anna")
        game_id = await storage.create_lobby(5, 6, host, {"turn_timer": 0}, "some-game")
        await storage.start_game(game_id, [host, SeatRow(1, 11, "ben")], "{}")
        record = RoundRecord(1, None, False, (3, 4), (0, 0), (3, 4))
        await storage.save_action(
            game_id, ActionRow(1, "{}"), [record], winner=0, final_totals=(3, 4)
        )
        rows = await storage.round_rows(game_id)
        assert [(r.closer, r.special, r.points, r.total) for r in rows] == [
            (None, False, 3, 3),
            (None, False, 4, 4),
        ]
        board = await storage.leaderboard(5, "some-game", lower_is_better=True)
        assert [(r.user_id, r.points) for r in board] == [(10, 3), (11, 4)]
        assert not await storage.leaderboard(5, "another-game")
    finally:
        await storage.close()


# ---------------------------------------------------------------- migration 7: action rows
BEFORE_ROWS = 6  # the schema that kept each game's whole action log in games.state


def played_log(key: str, moves: int) -> str:
    """A running game's whole log as schema 5 stored it: the engine's ``to_json``."""
    spec = get_spec(key)
    game = spec.new_game(None, ["Anna", "Ben"], 21)
    player = spec.make_player("normal", 21)
    for _ in range(moves):
        game.apply(player.choose(game.private_view(game.to_act), game.legal_actions()))
    return game.to_json()


async def check_upgraded(store: Store, whole: str) -> None:
    """The log moved into rows: the header keeps no action, the whole log reads back the
    same (as JSON), and a restart finds every action (no checkpoint yet) and replays to the
    same game."""
    assert await store.schema_version() == len(migrations.MIGRATIONS)
    (row,) = await store.open_games()
    assert row.state is not None and json.loads(row.state)["actions"] == []
    assert row.checkpoint is None
    assert [json.loads(a) for a in row.actions] == json.loads(whole)["actions"]
    log = await store.game_log(row.id)
    assert log is not None and json.loads(log) == json.loads(whole)  # PostgreSQL: jsonb order
    assert load_game(session_log(row.state, row.actions)).to_json() == whole


async def test_an_older_sqlite_log_becomes_action_rows(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    whole = played_log("romme", 40)
    with sqlite3.connect(path) as db:
        for number, script in enumerate(migrations.MIGRATIONS[:BEFORE_ROWS], start=1):
            db.executescript(f"{expand(script, 'sqlite')}\nPRAGMA user_version = {number};")
        db.execute(
            "INSERT INTO games (id, guild_id, channel_id, host_id, status, options, state, "
            "created_at, game_key) VALUES (1, 5, 100, 10, 'playing', '{}', ?, "
            "'2026-01-01T00:00:00+00:00', 'romme')",
            (whole,),
        )
    store = await SqliteStore.open(path)
    try:
        await check_upgraded(store, whole)
    finally:
        await store.close()


@allow_pg
async def test_an_older_postgresql_log_becomes_action_rows() -> None:
    whole = played_log("wiener", 40)
    async with pg_schema() as url:
        db = await asyncpg.connect(url)
        try:
            await db.execute(migrations.PG_CREATE_SCHEMA_VERSION)
            for number, script in enumerate(migrations.MIGRATIONS[:BEFORE_ROWS], start=1):
                await db.execute(expand(script, "postgresql"))
                await db.execute(pg_names(migrations.PG_SET_SCHEMA_VERSION)[0], number)
            await db.execute(
                "INSERT INTO games (guild_id, channel_id, host_id, status, options, state, "
                "created_at, game_key) VALUES (5, 100, 10, 'playing', '{}', $1, now(), 'wiener')",
                whole,
            )
        finally:
            await db.close()
        store = await open_url(url)
        try:
            await check_upgraded(store, whole)
        finally:
            await store.close()
