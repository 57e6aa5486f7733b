"""Server leaderboard and personal statistics, from finished sessions, for each game: skill
ratings (people-only sessions), wins and points, a member's rating history, records per game
and against the members they meet most; and replays (``bot.stats.replays``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.app import Feature, Interaction, TreppenBot
from bot.core import components as ui
from bot.core.errors import Refusal, refusals
from bot.core.images import as_file, rating_chart
from bot.core.mentions import command_mention
from bot.core.presenter import AnyPresenter
from bot.core.reach import scope_of
from bot.core.tablemsg import COLOUR
from bot.core.texts import shown_name
from bot.games import all_presenters, default_key, presenter
from bot.ratings import Rating, points, shown, sure
from bot.rules_cmd import game_choices
from bot.stats.replays import load_replays
from bot.stats.seen import seen_by_everyone_here, seen_by_member
from bot.storage import GameRecord, HeadToHead, LeaderboardRow, Store
from engine.i18n import N_, N_plural, _, ngettext, number, percent

Row = TypeVar("Row")

RECENT_DAYS = 30
HEAD_TO_HEAD_SHOWN = 3

RATING_TITLE = N_("Ratings")
RATING_EMPTY = N_(
    "Nobody has {least} rated sessions yet. Sessions between people only are rated; "
    "{command} “wins and points” ranks by wins."
)
RATING_NOTE = N_(
    "Ranked by the rating each player is sure to have reached, all time; at least {least} "
    "rated sessions (sessions between people only). {command} explains."
)
NOT_RATED_YET = N_("No rated session yet (only sessions between people are rated).")
# Said once, under a member's rating in /treppe stats: what the two numbers mean.
RATING_EXPLAINED = N_(
    "Everybody starts at {start}; finishing ahead of others raises the rating, behind lowers it. "
    "A new player's rating is uncertain, so the leaderboard ranks by the rating you are sure "
    "to have reached: it starts at 0 and comes closer to your rating with every session."
)
CHART_WORDS = N_plural(
    "Rating after {n} rated session: from {first} to {last} (highest {best}); sure to have "
    "reached {sure}.",
    "Rating after each of {n} rated sessions: from {first} to {last}, highest {best}; sure "
    "to have reached {sure}.",
)
BOARD_COUNTS = N_("Counts the sessions played in this channel and in channels everyone can see.")
STATS_COUNT = N_("Counts the sessions played in channels you can see.")


def _game(choice: app_commands.Choice[str] | None) -> AnyPresenter:
    return presenter(choice.value if choice is not None else default_key())


async def leaderboard(
    storage: Store,
    guild_id: int,
    key: str,
    days: int | None = None,
    channels: Sequence[int] | None = None,
) -> list[LeaderboardRow]:
    """The best players of one game, in the order its session totals rank, counting the
    sessions of ``channels`` (None: all)."""
    lower = presenter(key).session_lower_is_better
    return await storage.leaderboard(
        guild_id, key, days=days, lower_is_better=lower, channels=channels
    )


def member_name(names: Mapping[int, str], user_id: int) -> str:
    """A member as boards and stats name them: the name they last played under here (a raw
    mention shows as an id where the reader's client has not loaded the member)."""
    name = names.get(user_id)
    return shown_name(name) if name else f"<@{user_id}>"


def rating_line(place: int, name: str, rating: Rating) -> str:
    """One leaderboard line: place, name, the rating it ranks by (sure to have reached), the
    rating itself and the sessions."""
    return ngettext(
        "{place}. {name} — **{ranked}** · rating {rating} · {n} rated session",
        "{place}. {name} — **{ranked}** · rating {rating} · {n} rated sessions",
        rating.sessions,
        place=place,
        name=name,
        rating=shown(rating),
        ranked=sure(rating),
    )


async def rating_board_embed(
    storage: Store,
    guild_id: int,
    game: AnyPresenter,
    least: int,
    rows: Sequence[tuple[int, Rating]],
) -> discord.Embed:
    """A game's rating leaderboard on this server: ``rows``, the members with ``least`` rated
    sessions or more."""
    title = _(RATING_TITLE) if game.key == default_key() else f"{game.title} {_(RATING_TITLE)}"
    embed = discord.Embed(title=title, colour=COLOUR)
    if not rows:
        embed.description = _(
            RATING_EMPTY, least=least, command=command_mention("treppe leaderboard", "by")
        )
    else:
        names = await storage.member_names(guild_id, [user_id for user_id, _rating in rows])
        embed.description = "\n".join(
            rating_line(place, member_name(names, user_id), rating)
            for place, (user_id, rating) in enumerate(rows, start=1)
        )
    embed.set_footer(text=_(RATING_NOTE, least=least, command=command_mention("treppe stats")))
    return embed


async def wins_board_embed(
    storage: Store,
    guild_id: int,
    game: AnyPresenter,
    rows: Sequence[LeaderboardRow],
    recent: bool,
) -> discord.Embed:
    """A game's leaderboard by wins on this server: ``rows``, all time or the ``recent`` days."""
    title = _("Leaderboard — last 30 days") if recent else _("Leaderboard — all time")
    if game.key != default_key():
        title = f"{game.title} {title}"
    embed = discord.Embed(title=title, colour=COLOUR)
    if not rows:
        embed.description = _(
            "No finished sessions yet. Start one with {command}!",
            command=command_mention("treppe new"),
        )
    else:
        names = await storage.member_names(guild_id, [r.user_id for r in rows])
        embed.description = "\n".join(
            ngettext(
                "{place}. {name} — {n} win of {played} ({rate}) · {line}",
                "{place}. {name} — {n} wins of {played} ({rate}) · {line}",
                row.wins,
                place=place + 1,
                name=member_name(names, row.user_id),
                played=row.played,
                rate=percent(row.win_rate),
                line=game.leaderboard_line(row),
            )
            for place, row in enumerate(rows)
        )
    embed.set_footer(text=_(BOARD_COUNTS))
    return embed


async def _first_board(
    game: app_commands.Choice[str] | None, fetch: Callable[[str], Awaitable[Sequence[Row]]]
) -> tuple[AnyPresenter, Sequence[Row]]:
    """The game asked for and its board's ``fetch``ed rows; with none, the first game, or
    else the first whose board has rows."""
    if game is not None:
        asked = _game(game)
        return asked, await fetch(asked.key)
    first: tuple[AnyPresenter, Sequence[Row]] | None = None
    for candidate in all_presenters():
        rows = await fetch(candidate.key)
        if rows:
            return candidate, rows
        first = first or (candidate, rows)
    assert first is not None  # the registry has at least one game
    return first


async def leaderboard_command(
    interaction: Interaction,
    period: app_commands.Choice[str] | None = None,
    game: app_commands.Choice[str] | None = None,
    by: app_commands.Choice[str] | None = None,
) -> None:
    """The server's best players: by rating, or by wins, win rate and session points."""
    async with refusals(interaction):
        guild_id = scope_of(interaction)  # a server, or a DM's or group DM's own board
        if guild_id is None:
            raise Refusal(_("The leaderboard belongs to a server; use it there."))
        recent = period is not None and period.value == "recent"
        storage = interaction.client.service.storage
        least = interaction.client.settings.rating_min_sessions
        days = RECENT_DAYS if recent else None
        channels = seen_by_everyone_here(interaction)
        by_rating = (by is None and not recent) or (by is not None and by.value == "rating")

        if by_rating:

            async def rated(key: str) -> Sequence[tuple[int, Rating]]:
                return await storage.rating_board(guild_id, key, min_sessions=least)

            shown, rated_rows = await _first_board(game, rated)
            board = await rating_board_embed(storage, guild_id, shown, least, rated_rows)
            await interaction.response.send_message(
                view=ui.embed_layout([board]), allowed_mentions=discord.AllowedMentions.none()
            )
            return

        async def played(key: str) -> list[LeaderboardRow]:
            return await leaderboard(storage, guild_id, key, days, channels)

        shown, rows = await _first_board(game, played)
        embed = await wins_board_embed(storage, guild_id, shown, rows, recent)
        await interaction.response.send_message(
            view=ui.embed_layout([embed]), allowed_mentions=discord.AllowedMentions.none()
        )


def rating_text(rating: Rating | None, least: int) -> str:
    """A member's rating for /treppe stats: the rating and its sessions, the rating they are
    sure to have reached (where it ranks) or how many rated sessions it still needs, and once
    what these numbers mean."""
    if rating is None:
        return _(NOT_RATED_YET)
    ranked = (
        _("sure to have reached {sure}: the leaderboard ranks by it", sure=sure(rating))
        if rating.sessions >= least
        else ngettext(
            "sure to have reached {sure}; on the leaderboard after {n} rated session",
            "sure to have reached {sure}; on the leaderboard after {n} rated sessions",
            least,
            sure=sure(rating),
        )
    )
    head = ngettext(
        "**{value}** after {n} rated session",
        "**{value}** after {n} rated sessions",
        rating.sessions,
        value=shown(rating),
    )
    explained = _(RATING_EXPLAINED, start=shown(Rating()))
    return f"{head}\n{ranked}\n-# {explained}"


def chart_text(history: Sequence[Rating]) -> str:
    """The rating chart in words: its text beside the picture and the picture's description."""
    shown_points = [points(r.mu) for r in (Rating(), *history)]
    return ngettext(
        *CHART_WORDS,
        len(history),
        first=number(shown_points[0]),
        last=number(shown_points[-1]),
        best=number(max(shown_points)),
        sure=sure(history[-1]),
    )


def games_text(records: list[GameRecord]) -> str:
    """A member's wins and games played, one line per game."""
    return "\n".join(
        _(
            "{title}: {wins} won of {played} ({rate})",
            title=presenter(r.game_key).title,
            wins=r.wins,
            played=r.played,
            rate=percent(r.win_rate),
        )
        for r in records
    )


def head_to_head_text(records: list[HeadToHead], names: Mapping[int, str]) -> str:
    """One line per opponent: how often they played together, and who finished ahead."""
    return "\n".join(
        ngettext(
            "{opponent}: played together {n} time, finished ahead {ahead}, behind {behind}",
            "{opponent}: played together {n} times, finished ahead {ahead}, behind {behind}",
            r.met,
            opponent=member_name(names, r.opponent),
            ahead=r.ahead,
            behind=r.behind,
        )
        for r in records
    )


async def _member_history(
    interaction: Interaction,
    embed: discord.Embed,
    who_id: int,
    game_key: str,
    seen: Sequence[int],
) -> list[discord.File]:
    """Add what a member's sessions with others tell (win rates, whom they met, the rating
    chart) to their statistics; the chart's file, if there is one."""
    storage, guild_id = interaction.client.service.storage, scope_of(interaction) or 0
    played = await storage.games_played(guild_id, who_id, channels=seen)
    if played:
        embed.add_field(name=_("Win rate by game"), value=games_text(played), inline=False)
    met = await storage.head_to_head(
        guild_id, game_key, who_id, limit=HEAD_TO_HEAD_SHOWN, channels=seen
    )
    if met:
        names = await storage.member_names(guild_id, [r.opponent for r in met])
        embed.add_field(name=_("Head to head"), value=head_to_head_text(met, names), inline=False)
    history = await storage.rating_history(guild_id, game_key, who_id, channels=seen)
    chart = as_file(await rating_chart(history), "rating.png")
    if chart is None:
        return []
    embed.description = chart_text(history)  # also the picture's description
    embed.set_image(url="attachment://rating.png")
    return [chart]


async def stats_command(
    interaction: Interaction,
    member: discord.User | None = None,
    game: app_commands.Choice[str] | None = None,
) -> None:
    """Personal statistics for any member of this server."""
    async with refusals(interaction):
        guild_id = scope_of(interaction)
        if guild_id is None:
            raise Refusal(_("Statistics belong to a server; use this there."))
        who = member or interaction.user
        storage = interaction.client.service.storage
        seen = seen_by_member(interaction)
        asked = [_game(game)] if game is not None else list(all_presenters())
        # No game named: the first game, or else the first one the member has played here.
        for game_shown in asked:
            stats = await storage.player_stats(guild_id, who.id, game_shown.key, channels=seen)
            if stats.played or stats.abandoned:
                break
        else:
            game_shown = asked[0]
        display_name = shown_name(who.display_name)
        title = _(
            "{title} stats — {display_name}", title=game_shown.title, display_name=display_name
        )
        embed = discord.Embed(title=title, colour=COLOUR)
        files: list[discord.File] = []
        if not stats.played and not stats.abandoned:
            embed.description = _("{name} has not finished a session here yet.", name=display_name)
        else:
            rating = await storage.rating(guild_id, game_shown.key, who.id)
            least = interaction.client.settings.rating_min_sessions
            embed.add_field(name=_("Rating"), value=rating_text(rating, least), inline=False)
            for name, value in game_shown.stats_fields(stats):
                embed.add_field(name=name, value=value)
            files = await _member_history(interaction, embed, who.id, game_shown.key, seen)
        embed.set_footer(text=_(STATS_COUNT))
        await interaction.response.send_message(
            view=ui.embed_layout([embed], files),
            files=files,
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


class Stats(Feature):
    """/treppe leaderboard, /treppe stats and /treppe replay."""

    async def cog_load(self) -> None:
        self.add_subcommand(app_commands.command(name="leaderboard")(_leaderboard()))
        self.add_subcommand(app_commands.command(name="stats")(_stats()))
        load_replays(self)


async def setup(bot: TreppenBot) -> None:
    """Load the statistics."""
    await bot.add_cog(Stats(bot))


def _leaderboard() -> Callable[..., Coroutine[Any, Any, None]]:
    first = presenter(default_key()).title
    board = app_commands.describe(
        period="All time, or the last 30 days (wins and points)",
        game=f"Which game (if left empty: {first}, or else one with a board to show)",
        by="Rank by rating (all time) or by wins and points (rating if left empty)",
    )(leaderboard_command)
    Choice = app_commands.Choice
    periods = [Choice(name="all time", value="all"), Choice(name="last 30 days", value="recent")]
    ranks = [Choice(name="rating", value="rating"), Choice(name="wins and points", value="wins")]
    return app_commands.choices(period=periods, game=game_choices(), by=ranks)(board)


def _stats() -> Callable[..., Coroutine[Any, Any, None]]:
    first = presenter(default_key()).title
    stats = app_commands.describe(
        member="Whose statistics (you, if left empty)",
        game=f"Which game (if left empty: {first}, or else one they have played)",
    )(stats_command)
    return app_commands.choices(game=game_choices())(stats)
