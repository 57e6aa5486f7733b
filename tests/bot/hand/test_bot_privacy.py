"""No answer to one member ever carries another member's hand."""

from __future__ import annotations

import discord
from bot_harness import Table, card_buttons, description, hand_cards_shown
from simcord import Env

from bot.core.handstate import HandState


async def test_four_members_only_ever_see_their_own_hand(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [
        guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben", "cleo", "dora")
    ]
    table = Table(simcord_env, channel, members)
    await table.start(await table.open(target=500))
    assert len(table.live.seats) == 4
    for member in members:  # everyone looks at their hand, by button and by command
        await table.open_hand(member)
        result = await member.slash(channel, "treppe hand")
        table.check_private(member, result.response)
        assert result.response is not None
        table.hands[member.id] = result.response  # the newer hand is the live one
    await table.play(moves=24)
    assert table.private_checks >= 24 + 8

    names = {m.id: table.live.seats[table.seat_of(m)].name for m in members}
    seats = {m.id: table.seat_of(m) for m in members}
    for member in members:
        seen = channel.history(viewer=member)
        assert sum(1 for m in seen if m.flags.ephemeral) >= 1  # their own live hand is there
        for message in seen:
            if not message.flags.ephemeral:
                # Public messages never show anyone's cards as a hand.
                assert not hand_cards_shown(message)
                continue
            if hand_cards_shown(message):  # a hand: this member's own, by name and by seat
                assert f"\n-# {names[member.id]} · " in description(message)
                assert owners(message) == {seats[member.id]}
        others = [m for m in members if m is not member]
        for other in others:
            theirs = [
                m for m in channel.history(viewer=other) if m.flags.ephemeral and card_buttons(m)
            ]
            assert all(owners(m) == {seats[other.id]} for m in theirs), (
                "an ephemeral hand reached the wrong member"
            )
            assert all(f"\n-# {names[member.id]} · " not in description(m) for m in theirs)


def owners(message: discord.Message) -> set[int]:
    """The seats whose hand drew these card buttons (each carries its hand's state)."""
    return {
        HandState.decode(str(c["custom_id"]).split(":", 3)[3]).seat for c in card_buttons(message)
    }
