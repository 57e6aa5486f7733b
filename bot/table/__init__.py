"""The live table: scores, rematch, and the commands end, leave and back."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import discord
from discord import app_commands

from bot.app import Feature, Interaction, TreppenBot
from bot.core import components, language
from bot.core.errors import Refusal, refusals
from bot.core.mentions import command_mention
from bot.core.model import GameOptions, LiveTable, Seat
from bot.core.reach import scope_of
from bot.core.tablemsg import COLOUR, lobby_payload
from bot.core.texts import clip, shown_name
from bot.lobby import can_moderate, check_lobby_limits
from bot.storage import GameRow, utc_now
from engine.i18n import N_, Message, _

REMATCH_WINDOW = timedelta(hours=1)  # an older Rematch button has expired


async def scores_embed(bot: TreppenBot, live: LiveTable) -> discord.Embed:
    """Standings now, and every finished round of this session (★ ended the round)."""
    assert live.game is not None
    shown = live.shown
    view = live.game.public_view()
    embed = discord.Embed(
        title=shown.scores_heading(view),
        description=shown.standings_text(live.shown_names, live.game.standings()),
        colour=COLOUR,
    )
    rows = await bot.service.storage.round_rows(live.id)
    by_round: dict[int, list[str]] = {}
    for row in rows:
        name = live.shown_names[row.seat]
        gained = shown.round_points_text(row.points + row.bonus)
        mark = " ★" if row.closer == row.seat else ""
        by_round.setdefault(row.round_number, []).append(f"{name} {gained}{mark}")
    if by_round:
        recent = list(by_round.items())[-15:]
        lines = [
            _("R{number}: {gains}", number=number, gains=", ".join(parts))
            for number, parts in recent
        ]
        embed.add_field(name=_("Rounds (★ ended it)"), value=clip("\n".join(lines)), inline=False)
    return embed


async def on_scores(interaction: Interaction, game_id: int, argument: str) -> None:
    """The table's Scores button: the scores so far, privately."""
    live = interaction.client.service.get(game_id)
    if live.game is None:
        raise Refusal(_("The game has not started yet."))
    embed = await scores_embed(interaction.client, live)
    await interaction.response.send_message(view=components.embed_layout([embed]), ephemeral=True)


async def scores_command(interaction: Interaction) -> None:
    """The scores of the game in this channel."""
    async with refusals(interaction):
        live = interaction.client.service.require_channel_game(interaction.channel_id or 0)
        embed = await scores_embed(interaction.client, live)
        await interaction.response.send_message(
            view=components.embed_layout([embed]), ephemeral=True
        )


async def _rematch_row(bot: TreppenBot, interaction: Interaction, game_id: int) -> GameRow:
    """The finished game a Rematch button belongs to, if that button is still current: the
    channel's latest session, finished within the hour, asked for by one of its players."""
    row = await bot.service.storage.game(game_id)
    if row is None or row.status != "finished":
        raise Refusal(_("That game is not finished."))
    if row.guild_id != scope_of(interaction) or row.channel_id != interaction.channel_id:
        raise Refusal(_("This control is no longer in use."))
    if not any(seat.user_id == interaction.user.id for seat in row.seats):
        raise Refusal(_("Only the players of that game can ask for a rematch."))
    if bot.service.in_channel(row.channel_id) is not None:
        raise Refusal(_("This channel already has a table. One game per channel."))
    latest = await bot.service.storage.recent_sessions(row.guild_id, channel_id=row.channel_id)
    session = await bot.service.storage.finished_session(game_id)
    finished = datetime.fromisoformat(session.finished_at) if session else None
    if finished is not None and finished.tzinfo is None:
        finished = finished.replace(tzinfo=UTC)
    if (
        not latest
        or latest[0].id != game_id
        or finished is None
        or (utc_now() - finished > REMATCH_WINDOW)
    ):
        raise Refusal(
            _(
                "This Rematch button has expired; start a new table with {command}.",
                command=command_mention("treppe new"),
            )
        )
    return row


async def on_rematch(interaction: Interaction, game_id: int, argument: str) -> None:
    """A new lobby with the same options and computer seats; the other players are asked to
    join (mentioned), rather than seated without being asked."""
    bot = interaction.client
    row = await _rematch_row(bot, interaction, game_id)
    check_lobby_limits(bot, row.guild_id, interaction.user.id)
    live = await bot.service.open_lobby(
        row.guild_id, row.channel_id, interaction.user, GameOptions.from_json(row.options)
    )
    async with live.lock:
        for seat in row.seats:
            if seat.user_id is None and len(live.seats) < live.options.max_seats:
                live.seats.append(Seat(len(live.seats), None, seat.name, seat.strength))
        await bot.service.save_seats(live)
    asked = sorted({s.user_id for s in row.seats if s.user_id not in (None, interaction.user.id)})
    note = ""
    if asked:
        with language.table(live.guild_id):  # the one ping: the players asked to come back
            note = _(
                "🔁 {host} asks for a rematch: {players}, join to play again.",
                host=interaction.user.mention,
                players=" ".join(f"<@{user}>" for user in asked),
            )
    payload = lobby_payload(live, bot.settings.lobby_timeout, note)
    payload.allowed_mentions = discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in asked]
    )
    response = await interaction.response.send_message(**payload.send_kwargs())
    if response.message_id is not None:
        await bot.service.poster.set_table_message(live, response.message_id, by=interaction)


async def on_wake(interaction: Interaction, game_id: int, argument: str) -> None:
    """The one button of a resting table (one that lives on interaction tokens): the table
    again, by updating this message, so this click's token owns it from now on."""
    service = interaction.client.service
    live = service.get(game_id)
    payload = await service.poster.payload(live, None)
    await interaction.response.edit_message(**payload.edit_kwargs())


async def end_command(interaction: Interaction) -> None:
    """End the game in this channel (host or a moderator); it is recorded as abandoned."""
    async with refusals(interaction):
        service = interaction.client.service
        live = service.in_channel(interaction.channel_id or 0)
        if live is None:
            raise Refusal(_("No table is open in this channel."))
        if interaction.user.id != live.host_id and not can_moderate(interaction):
            raise Refusal(_("Only the host or a moderator of this channel can end this game."))
        async with live.lock:
            status = "abandoned" if live.game is not None else "cancelled"
            ended = Message(N_("{mention} ended this game."), mention=interaction.user.mention)
            await service.close(live, status, ended)
        await interaction.response.send_message(_("The game has ended."), ephemeral=True)


async def leave_command(interaction: Interaction) -> None:
    """Leave the game in this channel; the computer plays your seat from now on."""
    async with refusals(interaction):
        service = interaction.client.service
        live = service.require_channel_game(interaction.channel_id or 0)
        seat = service.require_seat(live, interaction.user.id)
        async with live.lock:
            with language.table(live.guild_id):  # the table's log, in the table's language
                live.log = _(
                    "{name} left the table; the computer plays for them.",
                    name=shown_name(seat.name),
                )
            await service.set_presence(live, seat, departed=True)
        await interaction.response.send_message(
            _(
                "You left the table; the computer plays your seat. {command} brings you back.",
                command=command_mention("treppe back"),
            ),
            ephemeral=True,
        )


async def back_command(interaction: Interaction) -> None:
    """Come back after being marked away (or after leaving): you play your own turns again."""
    async with refusals(interaction):
        service = interaction.client.service
        live = service.require_channel_game(interaction.channel_id or 0)
        seat = service.require_seat(live, interaction.user.id)
        if not seat.away and not seat.departed:
            raise Refusal(_("You are not marked away; you are playing."))
        async with live.lock:
            with language.table(live.guild_id):
                live.log = _("{name} is back.", name=shown_name(seat.name))
            await service.set_presence(live, seat, away=False, departed=False)
        await interaction.response.send_message(
            _("Welcome back! Your turns are yours again."), ephemeral=True
        )


async def remove_command(interaction: Interaction, member: discord.User) -> None:
    """Host: hand a silent player's seat to the computer (in a game without a turn timer)."""
    async with refusals(interaction):
        service = interaction.client.service
        live = service.require_channel_game(interaction.channel_id or 0)
        game = live.game
        assert game is not None
        if interaction.user.id != live.host_id and not can_moderate(interaction):
            raise Refusal(_("Only the host or a moderator of this channel can remove a player."))
        if live.options.turn_timer:
            raise Refusal(_("This table has a turn timer: it plays for a silent player already."))
        seat = live.seat_of(member.id)
        if seat is None or seat.departed:
            raise Refusal(
                _("{name} does not play at this table.", name=shown_name(member.display_name))
            )
        if game.to_act != seat.seat:
            raise Refusal(_("Only the player whose turn it is can be removed for keeping silent."))
        async with live.lock:
            with language.table(live.guild_id):
                live.log = _(
                    "{name} was removed by the host; the computer plays for them.",
                    name=shown_name(seat.name),
                )
            await service.set_presence(live, seat, departed=True)
        await interaction.response.send_message(
            _("{name} is removed; the computer plays their seat.", name=shown_name(seat.name)),
            ephemeral=True,
        )


class TableFeature(Feature, name="Table"):
    """The running table's buttons and commands: /treppe scores, end, leave, back and remove."""

    async def cog_load(self) -> None:
        self.add_control("scores", on_scores)
        self.add_control("rematch", on_rematch)
        self.add_control("t_wake", on_wake)
        self.add_subcommand(app_commands.command(name="scores")(scores_command))
        self.add_subcommand(app_commands.command(name="end")(end_command))
        self.add_subcommand(app_commands.command(name="leave")(leave_command))
        self.add_subcommand(app_commands.command(name="back")(back_command))
        removing = app_commands.describe(member="The silent player whose turn it is")(
            remove_command
        )
        self.add_subcommand(app_commands.command(name="remove")(removing))


async def setup(bot: TreppenBot) -> None:
    """Load the table's controls and commands."""
    await bot.add_cog(TableFeature(bot))
