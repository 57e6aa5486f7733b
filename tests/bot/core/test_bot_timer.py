"""The turn timer: a reminder, a safe move when time runs out, away after repeated timeouts,
and /treppe back."""

from __future__ import annotations

from bot_harness import Table, description
from simcord import Env

from engine import Phase


async def test_timeouts_remind_play_safely_and_mark_away(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben")]
    table = Table(simcord_env, channel, members)
    await table.start(await table.open(target=500, timer=60))
    sleeper_seat = table.game.to_act
    sleeper = table.member_for_seat(sleeper_seat)
    hand_count = table.game.public_view().seats[sleeper_seat].hand_count

    first_table = table.live.table_message_id
    await simcord_env.advance_time(31)
    # The reminder moves the table: a new table message whose text reminds the sleeper.
    reminder = table.table_message()
    assert reminder.id != first_table
    words = description(reminder)
    assert "seconds left" in words and sleeper.mention in words
    assert [m.id for m in channel.history()] == [reminder.id]

    await simcord_env.advance_time(30)
    view = table.game.public_view()
    assert view.to_act != sleeper_seat and view.phase is Phase.DRAW
    assert view.seats[sleeper_seat].hand_count == hand_count  # drew one, discarded one
    assert table.live.seats[sleeper_seat].timeouts == 1
    assert not table.live.seats[sleeper_seat].away
    assert "time ran out" in description(table.table_message())

    await table.play(moves=1)  # the other player draws ...
    for _ in range(5):
        if table.game.to_act == sleeper_seat:
            break
        await table.play(moves=1)  # ... and finishes the turn
    await simcord_env.advance_time(61)
    assert table.live.seats[sleeper_seat].away
    assert "away" in description(table.table_message())

    # Away: the sleeper's turns are now played at once, without waiting for the timer.
    version = table.game.public_view().version
    for _ in range(8):
        assert await table.play(moves=1) == 1
    assert table.game.public_view().version > version + 8  # the sleeper's turns came too

    result = await sleeper.slash(channel, "treppe back")
    assert result.response is not None and result.response.ephemeral
    assert not table.live.seats[sleeper_seat].away
    assert table.live.seats[sleeper_seat].timeouts == 0


async def test_leaving_hands_the_seat_to_the_computer(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben", "cleo")]
    table = Table(simcord_env, channel, members)
    await table.start(await table.open(target=500))
    leaver = table.member_for_seat((table.game.to_act + 1) % 3)
    await leaver.slash(channel, "treppe leave")
    seat = table.seat_of(leaver)
    assert table.live.seats[seat].departed
    await table.play(moves=12)  # the others play; the departed seat is played for
    assert table.game.public_view().version > 12
    assert table.game.to_act != seat
