"""The bot an interaction reached, typed as the bot (discord.py types it as a plain Client)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from bot.app import TreppenBot


def bot_of(interaction: discord.Interaction) -> TreppenBot:
    """``interaction.client`` as the ``TreppenBot`` it always is."""
    return interaction.client  # type: ignore[return-value]
