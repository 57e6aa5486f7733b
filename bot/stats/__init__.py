"""Server leaderboard and personal statistics, from finished sessions."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.core.errors import Refusal, refusals
from bot.core.model import TREPPENROMME, VARIANT_TITLES, variant_title
from bot.core.tablemsg import COLOUR

if TYPE_CHECKING:
    from bot.app import TreppenBot

RECENT_DAYS = 30
GAME_CHOICES: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=title, value=variant) for variant, title in VARIANT_TITLES.items()
]
# What a session's points are, per game.
POINTS_WORD = {TREPPENROMME: "points", "romme": "minus points", "wiener": "chips"}


def _bot(interaction: discord.Interaction) -> TreppenBot:
    return interaction.client  # type: ignore[return-value]


@app_commands.describe(
    period="All time, or the last 30 days", game="Which game (Treppenrommé if left empty)"
)
@app_commands.choices(
    period=[
        app_commands.Choice(name="all time", value="all"),
        app_commands.Choice(name="last 30 days", value="recent"),
    ],
    game=GAME_CHOICES,
)
async def leaderboard_command(
    interaction: discord.Interaction,
    period: app_commands.Choice[str] | None = None,
    game: app_commands.Choice[str] | None = None,
) -> None:
    """The server's best players: wins, points, average per round and win rate."""
    async with refusals(interaction):
        if interaction.guild_id is None:
            raise Refusal("The leaderboard belongs to a server; use it there.")
        recent = period is not None and period.value == "recent"
        variant = game.value if game is not None else TREPPENROMME
        rows = await _bot(interaction).service.storage.leaderboard(
            interaction.guild_id, days=RECENT_DAYS if recent else None, variant=variant
        )
        title = "Leaderboard — last 30 days" if recent else "Leaderboard — all time"
        if variant != TREPPENROMME:
            title = f"{variant_title(variant)} {title}"
        word = POINTS_WORD.get(variant, "points")
        embed = discord.Embed(title=title, colour=COLOUR)
        if not rows:
            embed.description = "No finished sessions yet. Start one with /treppe new!"
        else:
            lines = [
                f"{place + 1}. <@{row.user_id}> — {row.wins} wins of {row.played} "
                f"({row.win_rate:.0%}) · {row.points} points · "
                f"{row.average_per_round:.1f} per round"
                if variant == TREPPENROMME
                else f"{place + 1}. <@{row.user_id}> — {row.wins} wins of {row.played} "
                f"({row.win_rate:.0%}) · {row.points} {word}"
                for place, row in enumerate(rows)
            ]
            embed.description = "\n".join(lines)
        await interaction.response.send_message(
            embed=embed, allowed_mentions=discord.AllowedMentions.none()
        )


@app_commands.describe(
    member="Whose statistics (you, if left empty)", game="Which game (Treppenrommé if left empty)"
)
@app_commands.choices(game=GAME_CHOICES)
async def stats_command(
    interaction: discord.Interaction,
    member: discord.User | None = None,
    game: app_commands.Choice[str] | None = None,
) -> None:
    """Personal statistics for any member of this server."""
    async with refusals(interaction):
        if interaction.guild_id is None:
            raise Refusal("Statistics belong to a server; use this there.")
        who = member or interaction.user
        variant = game.value if game is not None else TREPPENROMME
        stats = await _bot(interaction).service.storage.player_stats(
            interaction.guild_id, who.id, variant
        )
        title = f"{variant_title(variant)} stats — {who.display_name}"
        embed = discord.Embed(title=title, colour=COLOUR)
        if not stats.played and not stats.abandoned:
            embed.description = f"{who.mention} has not finished a session here yet."
        elif variant != TREPPENROMME:
            word = POINTS_WORD.get(variant, "points")
            finish = "went out" if variant == "romme" else "knocked or called Rummy"
            special = "hand Rommés" if variant == "romme" else "Rummy calls"
            per_round = "minus points" if variant == "romme" else "bad points"
            embed.add_field(
                name="Sessions",
                value=f"{stats.played} played, {stats.wins} won ({stats.win_rate:.0%})",
            )
            embed.add_field(name="Final " + word, value=f"{stats.points} in total")
            embed.add_field(
                name="Rounds",
                value=f"{stats.rounds} played, {stats.average_per_round:.1f} {per_round} per round",
            )
            embed.add_field(
                name="Closing rounds",
                value=f"{finish} {stats.went_out} times, {stats.romme_hands} {special}",
            )
            embed.add_field(name="Abandoned games", value=str(stats.abandoned))
        else:
            embed.add_field(
                name="Sessions",
                value=f"{stats.played} played, {stats.wins} won ({stats.win_rate:.0%})",
            )
            embed.add_field(
                name="Points", value=f"{stats.points} total, best session {stats.best_session}"
            )
            embed.add_field(
                name="Rounds",
                value=f"{stats.rounds} played, {stats.average_per_round:.1f} points per round, "
                f"best round {stats.best_round}",
            )
            embed.add_field(
                name="Going out", value=f"{stats.went_out} times, {stats.romme_hands} Rommé hands"
            )
            embed.add_field(name="Abandoned games", value=str(stats.abandoned))
        await interaction.response.send_message(
            embed=embed, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )


async def setup(bot: TreppenBot) -> None:
    bot.treppe.add_command(app_commands.command(name="leaderboard")(leaderboard_command))
    bot.treppe.add_command(app_commands.command(name="stats")(stats_command))
