"""What a server's moderators and a table's host may do (issue 25): a channel's moderators
end its games; the host hands a silent player's seat to the computer when there is no timer."""

from __future__ import annotations

import discord
from bot_harness import Table
from simcord import Env


async def test_a_channel_moderator_may_end_its_game_but_not_elsewhere(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    anna, ben, mod = (guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben", "mod"))
    moderated = discord.PermissionOverwrite(manage_channels=True)
    cards = guild.create_text_channel("cards", overwrites={mod: moderated})
    other = guild.create_text_channel("other")
    here, there = Table(simcord_env, cards, [anna, ben]), Table(simcord_env, other, [ben, anna])
    await here.start(await here.open(target=500))
    await there.start(await there.open(target=500))

    refused = await mod.slash(other, "treppe end")
    assert refused.response is not None and "moderator of this channel" in refused.response.content
    assert simcord_env.bot.service.in_channel(other.id) is not None
    ended = await mod.slash(cards, "treppe end")
    assert ended.response is not None and ended.response.ephemeral
    assert simcord_env.bot.service.in_channel(cards.id) is None


async def test_the_host_removes_a_silent_player_only_without_a_timer(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    anna, ben = (guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben"))
    table = Table(simcord_env, channel, [anna, ben])
    await table.start(await table.open(target=500))
    silent = table.member_for_seat(table.game.to_act)
    if silent is anna:  # let ben be the one to act: play anna's turn first
        await table.play(moves=2)
    assert table.member_for_seat(table.game.to_act) is ben
    not_host = await ben.slash(channel, "treppe remove", member=anna)
    assert not_host.response is not None and "Only the host" in not_host.response.content
    not_their_turn = await anna.slash(channel, "treppe remove", member=anna)
    assert not_their_turn.response is not None
    assert "whose turn it is" in not_their_turn.response.content
    before = table.game.public_view().version
    removed = await anna.slash(channel, "treppe remove", member=ben)
    assert removed.response is not None and removed.response.ephemeral
    seat = table.live.seat_of(ben.id)
    assert seat is not None and seat.departed
    for _ in range(50):  # the computer takes ben's turn
        if table.game.public_view().version > before:
            break
        await simcord_env.advance_time(1)
    assert table.game.public_view().version > before


async def test_with_a_turn_timer_nobody_is_removed(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    anna, ben = (guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben"))
    table = Table(simcord_env, channel, [anna, ben])
    await table.start(await table.open(target=500, timer=60))
    silent = table.member_for_seat(table.game.to_act)
    refused = await anna.slash(channel, "treppe remove", member=silent)
    assert refused.response is not None and "turn timer" in refused.response.content
    seat = table.live.seat_of(silent.id)
    assert seat is not None and not seat.departed
