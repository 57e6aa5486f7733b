"""Whole games through the real discord.py stack: lobby, table, private hands, the end."""

from __future__ import annotations

from typing import Any

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
    for number, words in enumerate(table.round_ends, start=1):
        # Its headline is said once, in the result (the log under the table leaves it out).
        assert words.count(table.headlines[number - 1]) == 1, words
    assert table.private_checks >= moves
    final = table.table_message()
    winner = table.game.public_view().winner
    assert winner is not None
    # The heading names the winner; the log under it does not say so again.
    assert description(final).count(f"{table.live.names[winner]} wins") == 1
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
    asked = description(lobby)
    assert f"<@{anna.id}>" in asked and "rematch" in asked
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
    seats = description(table.table_message())  # the lobby, edited in place
    assert "\n4. 🤖 Computer 1\n" in seats
    assert table.live.names == ["anna", "ben", "cleo", "Computer 1"]
    await table.start(lobby)
    assert len(table.live.seats) == 4
    moves = await table.play(moves=30)
    assert moves == 30
    view = table.game.public_view()
    assert view.version > 30  # the computer seat played its turns on its own
    status = description(table.table_message())
    # Without pictures (as here) the table says in words what its picture would show, then
    # its status: who acts and what they do.
    name = table.live.names[table.game.to_act]
    assert f"\n▶ **{name}** " in status


async def test_draw_costs_one_response_and_one_table_edit(simcord_env: Env) -> None:
    table = setup_table(simcord_env, 2)
    await table.start(await table.open(target=50))
    member = table.member_for_seat(table.game.to_act)
    await table.open_hand(member)
    before = len(simcord_env.http_requests)
    await table.perform(table.choose())
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


def rate_limited(calls: list[Any]) -> list[tuple[str, str]]:
    """The calls that count against the bot's global rate limit: not interaction responses
    and not their webhooks."""
    kinds = [(c.method, c.path.split("/")[1]) for c in calls]
    return [k for k in kinds if k[1] not in ("interactions", "webhooks")]


async def play_to_discard(table: Table) -> Discard:
    """Play the member to act up to their discard; that discard."""
    seat = table.game.to_act
    action = table.choose()
    while not isinstance(action, Discard):
        await table.play(moves=1)  # draw, melds, lay-offs: edits of the table in place
        assert table.game.to_act == seat
        action = table.choose()
    return action


async def test_a_turn_passed_to_a_live_hand_edits_it_and_the_table_only(simcord_env: Env) -> None:
    table = setup_table(simcord_env, 2)
    await table.start(await table.open(target=50))
    for member in table.members:
        await table.open_hand(member)
    checked = 0
    for _ in range(8):
        seat = table.game.to_act
        action = await play_to_discard(table)
        old_table = table.live.table_message_id
        before = len(simcord_env.http_requests)
        await table.perform(action)
        calls = simcord_env.http_requests[before:]
        if table.game.public_view().round_number != 1 or table.game.phase is Phase.OVER:
            break  # a discard that ends the round is not this test's case
        assert table.game.to_act != seat
        # One call against the rate limit (the table edited in place); the next member's hand
        # is edited through its interaction webhook, which does not count.
        assert rate_limited(calls) == [("PATCH", "channels")], calls
        assert any(c.method == "PATCH" and c.path.startswith("/webhooks") for c in calls)
        assert table.live.table_message_id == old_table
        # Their hand shows their turn and its moves before they tap anything.
        member = table.member_for_seat(table.game.to_act)
        hand = table.hands[member.id]
        assert "Your turn" in description(hand)
        assert table.offer_ids(member), "the hand offers the draw"
        checked += 1
    assert checked >= 4


async def test_a_turn_passed_to_a_member_without_a_live_hand_pings_them(
    simcord_env: Env,
) -> None:
    table = setup_table(simcord_env, 2)
    await table.start(await table.open(target=50))
    checked = 0
    for _ in range(6):
        seat = table.game.to_act
        action = await play_to_discard(table)
        table.hands.pop(table.member_for_seat(1 - seat).id, None)
        # the next member's hand token ran out
        table.live.hands.pop(table.member_for_seat(1 - seat).id, None)
        old_table = table.live.table_message_id
        before = len(simcord_env.http_requests)
        await table.perform(action)
        calls = simcord_env.http_requests[before:]
        if table.game.public_view().round_number != 1 or table.game.phase is Phase.OVER:
            break
        kinds = rate_limited(calls)
        assert kinds.count(("POST", "channels")) == 1, kinds  # the new table, with the ping
        assert kinds.count(("DELETE", "channels")) == 1, kinds  # the old table
        posted = next(c for c in calls if c.method == "POST" and c.path.startswith("/channels"))
        to_act = table.live.seats[table.game.to_act]
        assert mentioned_users(posted) == [str(to_act.user_id)]
        assert table.live.table_message_id != old_table
        message = table.table_message()
        assert description(message).startswith(f"<@{to_act.user_id}>, your turn")
        assert has_control(message, "hand")
        assert [m.id for m in table.channel.history()] == [table.live.table_message_id]
        checked += 1
    assert checked >= 3
    row = await table.service.storage.game(table.live.id)
    assert row is not None and row.table_message_id == table.live.table_message_id
