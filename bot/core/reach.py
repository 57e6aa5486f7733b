"""Where the bot can reach: whether it is a member where an interaction happened (a server
that installed it), or may only answer interactions there (a DM, a group DM, a server where
only a member installed the app; docs/discord-behaviour.md), and which place a table's
sessions count for."""

from __future__ import annotations

import discord

GUILD_INSTALL = 0  # the key of a server install in ``authorizing_integration_owners``


def bot_is_member(interaction: discord.Interaction) -> bool:
    """Whether the bot may post and edit in this interaction's channel itself. Only a server
    that installed the app has the bot as a member; discord.py caches such a server (and
    Discord names it among the interaction's installs)."""
    guild_id = interaction.guild_id
    if guild_id is None:
        return False
    installs = interaction._integration_owners  # discord.py 2.7 has no public name for it
    return interaction.client.get_guild(guild_id) is not None or (
        installs.get(GUILD_INSTALL) == guild_id
    )


def scope_of(interaction: discord.Interaction) -> int | None:
    """The place whose tables, leaderboards and replays an interaction sees: its server, or
    in a DM or group DM its channel (a group DM is a place of its own)."""
    return interaction.guild_id or interaction.channel_id
