"""The table pings a member whose turn comes when no live hand can show it to them: every
turn, not only the first of theirs in a round."""

from __future__ import annotations

from bot_harness import Table, description
from simcord import Env

from bot.core.tokens import TOKEN_LIFE
from engine import Phase


async def finish_turn(table: Table) -> None:
    seat = table.game.to_act
    while table.game.to_act == seat and table.game.phase is not Phase.OVER:
        await table.perform(table.choose())


async def test_a_late_turn_is_pinged_after_the_hand_expired(simcord_env: Env) -> None:
    table = Table.in_new_channel(simcord_env, "anna", "ben")
    await table.start(await table.open(target=500))
    first = table.member_for_seat(table.game.to_act)
    # Nobody had a hand open at the start: the first table pinged the first to act.
    assert description(table.table_message()).startswith(f"<@{first.id}>")
    for member in table.members:
        await table.open_hand(member)
    round_number = table.game.round_number
    for _ in range(3):  # first, other, first: the live hands show those turns, no ping
        await finish_turn(table)
    assert table.live.seats[table.game.to_act].user_id != first.id
    await simcord_env.advance_time(TOKEN_LIFE + 60)  # both look away: their hands expire
    other = table.member_for_seat(table.game.to_act)
    table.hands.pop(other.id)
    await table.open_hand(other)  # the other comes back with a fresh hand and plays
    before = table.live.table_message_id
    await finish_turn(table)  # the turn passes back to the first, whose hand expired
    assert table.game.round_number == round_number  # still the same round
    assert table.live.seats[table.game.to_act].user_id == first.id
    assert table.live.table_message_id != before  # a new message, which notifies
    assert description(table.table_message()).startswith(f"<@{first.id}>, your turn")
