"""No answer to one member ever carries another member's hand."""

from __future__ import annotations

from bot_harness import Table, description, hand_cards_shown
from simcord import Env


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
    await table.play(moves=24)
    assert table.private_checks >= 24 + 8

    names = {m.id: table.live.seats[table.seat_of(m)].name for m in members}
    for member in members:
        seen = channel.history(viewer=member)
        assert sum(1 for m in seen if m.flags.ephemeral) >= 2  # their own hands are there
        for message in seen:
            if not message.flags.ephemeral:
                # Public messages never list anyone's hand.
                assert "Your hand" not in description(message)
                continue
            if "Your hand" in description(message):
                assert message.embeds[0].footer.text.startswith(names[member.id])
                assert hand_cards_shown(message)  # and it is a hand, for this member
        others = [m for m in members if m is not member]
        for other in others:
            theirs = [
                m
                for m in channel.history(viewer=other)
                if m.flags.ephemeral and m.embeds and m.embeds[0].footer.text
            ]
            assert all(m.embeds[0].footer.text.startswith(names[other.id]) for m in theirs), (
                "an ephemeral hand reached the wrong member"
            )
