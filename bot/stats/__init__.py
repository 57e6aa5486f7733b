"""Server leaderboard and personal statistics, from finished sessions, for each game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.core.errors import Refusal, refusals
from bot.core.presenter import GamePresenter
from bot.core.tablemsg import COLOUR
from bot.games import default_key, presenter
from bot.rules_cmd import game_choices
from bot.storage import LeaderboardRow, Store
from engine.i18n import _, percent

if TYPE_CHECKING:
    from bot.app import TreppenBot

RECENT_DAYS = 30


def _bot(interaction: discord.Interaction) -> TreppenBot:
    return interaction.client  # type: ignore[return-value]


def _game(choice: app_commands.Choice[str] | None) -> GamePresenter:
    return presenter(choice.value if choice is not None else default_key())


async def leaderboard(
    storage: Store, guild_id: int, key: str, days: int | None = None
) -> list[LeaderboardRow]:
    """The best players of one game, in the order its session totals rank."""
    lower = presenter(key).session_lower_is_better
    return await storage.leaderboard(guild_id, key, days=days, lower_is_better=lower)


async def leaderboard_command(
    interaction: discord.Interaction,
    period: app_commands.Choice[str] | None = None,
    game: app_commands.Choice[str] | None = None,
) -> None:
    """The server's best players: wins, win rate and session points."""
    async with refusals(interaction):
        if interaction.guild_id is None:
            raise Refusal(_("The leaderboard belongs to a server; use it there."))
        recent = period is not None and period.value == "recent"
        shown = _game(game)
        storage = _bot(interaction).service.storage
        days = RECENT_DAYS if recent else None
        rows = await leaderboard(storage, interaction.guild_id, shown.key, days)
        title = _("Leaderboard — last 30 days") if recent else _("Leaderboard — all time")
        if shown.key != default_key():
            title = f"{shown.title} {title}"
        embed = discord.Embed(title=title, colour=COLOUR)
        if not rows:
            embed.description = _("No finished sessions yet. Start one with /treppe new!")
        else:
            embed.description = "\n".join(
                _(
                    "{place}. <@{user_id}> — {wins} wins of {played} ({rate}) · {line}",
                    place=place + 1,
                    user_id=row.user_id,
                    wins=row.wins,
                    played=row.played,
                    rate=percent(row.win_rate),
                    line=shown.leaderboard_line(row),
                )
                for place, row in enumerate(rows)
            )
        await interaction.response.send_message(
            embed=embed, allowed_mentions=discord.AllowedMentions.none()
        )


async def stats_command(
    interaction: discord.Interaction,
    member: discord.User | None = None,
    game: app_commands.Choice[str] | None = None,
) -> None:
    """Personal statistics for any member of this server."""
    async with refusals(interaction):
        if interaction.guild_id is None:
            raise Refusal(_("Statistics belong to a server; use this there."))
        who = member or interaction.user
        shown = _game(game)
        stats = await _bot(interaction).service.storage.player_stats(
            interaction.guild_id, who.id, shown.key
        )
        embed = discord.Embed(
            title=_(
                "{title} stats — {display_name}", title=shown.title, display_name=who.display_name
            ),
            colour=COLOUR,
        )
        if not stats.played and not stats.abandoned:
            embed.description = _(
                "{mention} has not finished a session here yet.", mention=who.mention
            )
        else:
            for name, value in shown.stats_fields(stats):
                embed.add_field(name=name, value=value)
        await interaction.response.send_message(
            embed=embed, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )


async def setup(bot: TreppenBot) -> None:
    first = presenter(default_key()).title
    board = app_commands.describe(
        period="All time, or the last 30 days", game=f"Which game ({first} if left empty)"
    )(leaderboard_command)
    board = app_commands.choices(
        period=[
            app_commands.Choice(name="all time", value="all"),
            app_commands.Choice(name="last 30 days", value="recent"),
        ],
        game=game_choices(),
    )(board)
    stats = app_commands.describe(
        member="Whose statistics (you, if left empty)", game=f"Which game ({first} if left empty)"
    )(stats_command)
    stats = app_commands.choices(game=game_choices())(stats)
    bot.treppe.add_command(app_commands.command(name="leaderboard")(board))
    bot.treppe.add_command(app_commands.command(name="stats")(stats))
