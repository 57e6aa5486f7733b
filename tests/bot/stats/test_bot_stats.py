"""Leaderboard and personal statistics after finished sessions."""

from __future__ import annotations

import sqlite3

import asyncpg
import pytest
from bot_harness import Table, custom_id_of, description
from simcord import Env

from bot.settings import Settings


@pytest.fixture
def settings(any_backend_settings: Settings) -> Settings:
    """Leaderboards and stats through the bot on SQLite and on PostgreSQL."""
    return any_backend_settings


async def finished_days_ago(settings: Settings, game_id: int, days: int) -> None:
    """Move a finished session back in time, in whichever database the bot uses."""
    if settings.database_url is None:
        with sqlite3.connect(settings.database_path) as db:
            db.execute(
                "UPDATE games SET finished_at = datetime('now', ?) WHERE id = ?",
                (f"-{days} days", game_id),
            )
        return
    connection = await asyncpg.connect(settings.database_url.get_secret_value())
    try:
        await connection.execute(
            "UPDATE games SET finished_at = now() - make_interval(days => $2) WHERE id = $1",
            game_id,
            days,
        )
    finally:
        await connection.close()


async def play_session(table: Table) -> int:
    table._live = None
    table.hands.clear()
    await table.start(await table.open(target=50))
    await table.play()
    winner = table.game.public_view().winner
    assert winner is not None
    return table.member_for_seat(winner).id


async def test_leaderboard_and_stats_after_two_sessions(
    simcord_env: Env, settings: Settings
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    other_channel = guild.create_text_channel("more-cards")
    anna, ben, cleo = (
        guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben", "cleo")
    )
    first = Table(simcord_env, channel, [anna, ben])
    second = Table(simcord_env, other_channel, [cleo, anna])
    winners = [await play_session(first), await play_session(second)]
    old_game = first.live.id

    result = await cleo.slash(channel, "treppe leaderboard", by="wins")
    assert result.response is not None and not result.response.ephemeral
    board = description(result.response)
    heading, *lines, note = board.splitlines()
    assert heading == "### Leaderboard — all time" and len(lines) == 3
    assert note == "-# Counts the sessions played in this channel and in channels everyone can see."
    assert "<@" not in board  # members by the names they played under, not raw mentions
    for member in (anna, ben, cleo):
        played = 2 if member is anna else 1
        wins = winners.count(member.id)
        line = next(line for line in lines if f". {member.name} — " in line)
        assert f"{wins} {'win' if wins == 1 else 'wins'} of {played}" in line
        assert "per round" in line

    # Move the first session 40 days back: it drops out of the recent board.
    await finished_days_ago(settings, old_game, 40)
    recent = await cleo.slash(channel, "treppe leaderboard", period="recent")
    assert recent.response is not None
    text = description(recent.response)
    assert ". ben — " not in text
    assert ". cleo — " in text and ". anna — " in text

    stats = await ben.slash(channel, "treppe stats", member=anna)
    assert stats.response is not None and stats.response.ephemeral
    words = description(stats.response)
    assert f"**Sessions**\n2 played, {winners.count(anna.id)} won" in words
    rows = await simcord_env.bot.service.storage.player_stats(guild.id, anna.id, "treppenromme")
    assert rows.rounds >= 2 and rows.points > 0


async def test_empty_leaderboard_and_rules(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    anna = guild.add_member(simcord_env.create_user("anna"))
    result = await anna.slash(channel, "treppe leaderboard", by="wins")
    assert result.response is not None
    assert "No finished sessions yet" in description(result.response)
    ratings = await anna.slash(channel, "treppe leaderboard")
    assert ratings.response is not None
    assert "Nobody has 3 rated sessions yet" in description(ratings.response)
    rules = await anna.slash(channel, "treppe rules")
    assert rules.response is not None and rules.response.ephemeral
    assert "staircase" in description(rules.response)
    scores = await anna.slash(channel, "treppe scores")
    assert scores.response is not None and "No game is running" in scores.response.content


async def test_stats_and_board_without_a_game_show_one_that_was_played(simcord_env: Env) -> None:
    """Asked with no game, stats and the leaderboard show the first game unless there is
    nothing of it here; then the first game there is something of (Gin Rummy here)."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    anna, cleo = (guild.add_member(simcord_env.create_user(n)) for n in ("anna", "cleo"))
    opened = await anna.slash(channel, "treppe new gin", target=10)
    assert opened.response is not None
    lobby = opened.response.message
    await anna.select(lobby, ["add:normal"], custom_id=custom_id_of(lobby, "lobby_cpu"))
    await anna.click(lobby, label="Start")
    live = simcord_env.bot.service.in_channel(channel.id)
    assert live is not None and live.game is not None
    rules = await cleo.slash(channel, "treppe rules")  # no game named: the one played here
    assert rules.response is not None and "Gin Rummy in short" in description(rules.response)
    await anna.slash(channel, "treppe leave")  # the rest is played for her
    for _ in range(3000):
        if live.game.is_over:
            break
        await simcord_env.advance_time(1)
    assert live.game.is_over
    stats = await anna.slash(channel, "treppe stats")
    assert stats.response is not None and stats.response.ephemeral
    words = description(stats.response)
    assert words.startswith("### Gin Rummy stats — anna"), words
    assert "**Sessions**\n1 played" in words
    empty = await cleo.slash(channel, "treppe stats")
    assert empty.response is not None
    assert description(empty.response).startswith("### Treppenrommé stats — cleo")
    # The board, asked with no game, likewise shows the game that has one here.
    board = await cleo.slash(channel, "treppe leaderboard", by="wins")
    assert board.response is not None
    assert description(board.response).startswith("### Gin Rummy Leaderboard — all time")
    assert ". anna — " in description(board.response)


def test_the_chart_in_words_says_where_the_rating_went() -> None:
    from bot.ratings import Rating
    from bot.stats import chart_text
    from engine.i18n import using

    history = [Rating(26.0, 8.0, 1), Rating(24.0, 7.5, 2), Rating(27.5, 7.0, 3)]
    with using("en"):
        assert chart_text(history) == (
            "Rating after each of 3 rated sessions: from 1,000 to 1,100, highest 1,100; "
            "sure to have reached 260."
        )
        assert chart_text(history[:1]).startswith("Rating after 1 rated session: ")
