"""Which channels' sessions a member may be shown: replays, records and statistics tell only
of sessions played where the reader could have watched them."""

from __future__ import annotations

import discord

from bot.core.reach import bot_is_member
from bot.storage import Store


def can_see(interaction: discord.Interaction, channel_id: int) -> bool:
    """Whether the member may view the channel a session was played in (a channel the bot no
    longer knows counts as hidden): replays show only what the member could have watched.
    Where the bot is no member (a DM, a group DM, a server that only a member installed it
    to) it knows no channel but the one it is asked in, which the member can see."""
    if not bot_is_member(interaction):
        return channel_id == interaction.channel_id
    guild = interaction.guild
    if guild is None:
        return False
    channel = guild.get_channel_or_thread(channel_id)
    member = interaction.user
    if channel is None or not isinstance(member, discord.Member):
        return False
    return channel.permissions_for(member).view_channel


async def may_watch(interaction: discord.Interaction, storage: Store, channel_id: int) -> bool:
    """``can_see``, and for a table's own thread, which discord.py forgets once it is
    archived (the session's end archives it), whether the member can see its channel."""
    if can_see(interaction, channel_id):
        return True
    thread = await storage.table_thread(channel_id)
    return thread is not None and can_see(interaction, thread.parent_id)


def _places(guild: discord.Guild) -> list[discord.abc.GuildChannel | discord.Thread]:
    return [*guild.channels, *guild.threads]


def seen_by_member(interaction: discord.Interaction) -> list[int]:
    """The channels and threads of the server the member can view: what their private
    statistics count (where the bot is no member: the channel asked in)."""
    if not bot_is_member(interaction):
        return _here(interaction)
    guild, member = interaction.guild, interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return []
    return [c.id for c in _places(guild) if c.permissions_for(member).view_channel]


def seen_by_everyone_here(interaction: discord.Interaction) -> list[int]:
    """What a public board may count: the channels every member of the server can view, and
    the channel it is posted in (whoever reads it there can see that one too)."""
    if not bot_is_member(interaction):
        return _here(interaction)
    guild = interaction.guild
    if guild is None:
        return []
    everyone = guild.default_role
    seen = [c.id for c in _places(guild) if c.permissions_for(everyone).view_channel]
    here = interaction.channel_id
    return seen if here is None or here in seen else [*seen, here]


def _here(interaction: discord.Interaction) -> list[int]:
    return [] if interaction.channel_id is None else [interaction.channel_id]
