"""Opening a table: /treppe new <game> with exactly the table options that game has (from
its option schema), and the lobby's Join, Leave, Start, Cancel and computer seats."""

from __future__ import annotations

import inspect
from dataclasses import replace
from typing import Any

from discord import app_commands

from bot.app import Feature, Interaction, TreppenBot
from bot.core import components, threads
from bot.core.errors import Refusal, refusals, send_private
from bot.core.mentions import command_mention, display_name
from bot.core.model import GameOptions, LiveTable, Seat, Status
from bot.core.presenter import AnyPresenter
from bot.core.reach import bot_is_member, scope_of
from bot.core.tablemsg import closed_lobby_payload, lobby_payload
from bot.games import all_presenters
from bot.storage import ChannelBusy
from engine.i18n import N_, Message, _
from engine.protocol import OptionSpec, OptionValue

TIMER_CHOICES = [
    app_commands.Choice(name="off", value=0),
    app_commands.Choice(name="30 seconds", value=30),
    app_commands.Choice(name="1 minute", value=60),
    app_commands.Choice(name="2 minutes", value=120),
    app_commands.Choice(name="5 minutes", value=300),
    app_commands.Choice(name="10 minutes", value=600),
    app_commands.Choice(name="30 minutes", value=1800),
]
TIMER = "timer"
THREAD = "thread"  # a thread of its own for this table (empty: the server's setting)
HOST_ONLY = N_(
    "Discord shows this table to you alone here, so nobody could join it. Open it in a group "
    "chat, or in a server where you may use apps."
)
# A setting of the bot that fills this option of any game that has it, when left empty.
SETTING_DEFAULTS = {"target": "default_target"}


def can_moderate(interaction: Interaction) -> bool:
    """Manage Server, or Manage Channels here: ``interaction.permissions`` are the member's
    permissions in this channel, so a channel's moderators may end and cancel its tables."""
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions and (permissions.manage_guild or permissions.manage_channels))


def _annotation(option: OptionSpec) -> Any:
    """The slash option type of a table option: yes/no, or a whole number in its range."""
    if option.kind is bool:
        return bool
    low, high = option.minimum, option.maximum
    kind: Any = int if low is None and high is None else app_commands.Range[int, low, high]
    return kind | None


def _parameters(options: tuple[OptionSpec, ...]) -> list[inspect.Parameter]:
    keyword = inspect.Parameter.POSITIONAL_OR_KEYWORD
    parameters = [inspect.Parameter("interaction", keyword, annotation=Interaction)]
    for option in options:
        default = option.default if option.kind is bool else None
        parameters.append(
            inspect.Parameter(option.name, keyword, annotation=_annotation(option), default=default)
        )
    parameters.append(
        inspect.Parameter(TIMER, keyword, annotation=app_commands.Choice[int] | None, default=None)
    )
    parameters.append(inspect.Parameter(THREAD, keyword, annotation=bool | None, default=None))
    return parameters


def new_command(shown: AnyPresenter) -> app_commands.Command[Any, Any, None]:
    """/treppe new <game>: one slash option per table option of the game, plus the timer."""
    options = shown.spec.options

    async def callback(interaction: Interaction, /, **values: Any) -> None:
        timer = values.pop(TIMER, None)
        thread = values.pop(THREAD, None)
        await open_table(interaction, shown, values, timer, thread)

    callback.__signature__ = inspect.Signature(_parameters(options))  # type: ignore[attr-defined]
    descriptions = {o.name: o.description[:100] for o in options}
    descriptions[TIMER] = _("Time for each turn before it is played safely for the player")
    descriptions[THREAD] = _("Play this table in a thread of its own (empty: the server's setting)")
    app_commands.describe(**descriptions)(callback)
    app_commands.choices(**{TIMER: TIMER_CHOICES})(callback)
    return app_commands.Command(
        name=shown.key,
        description=_("Open a {title} table in this channel", title=shown.title)[:100],
        callback=callback,
    )


def table_options(
    bot: TreppenBot, shown: AnyPresenter, values: dict[str, Any], timer: Any
) -> GameOptions:
    """The options of a new table from the command's values: the server's defaults where a setting
    has one, each value checked; a refusal for one out of range."""
    rules: list[tuple[str, OptionValue]] = []
    for option in shown.spec.options:
        value = values.get(option.name)
        if value is None and option.name in SETTING_DEFAULTS:
            value = getattr(bot.settings, SETTING_DEFAULTS[option.name], None)
        if value is None:
            continue
        try:
            rules.append((option.name, option.check(value)))
        except ValueError as error:
            raise Refusal(f"{error}.") from None
    seconds = timer.value if timer is not None else bot.settings.default_turn_timer
    return GameOptions(shown.key, int(seconds), tuple(rules))


async def open_table(
    interaction: Interaction,
    shown: AnyPresenter,
    values: dict[str, Any],
    timer: Any,
    thread: bool | None = None,
) -> None:
    """Answer /treppe new: open a lobby in this channel, or in a thread of its own under it
    (``thread``, else the server's setting), and post it; or refuse privately (no channel, a
    table already here, too many lobbies, no permission to open a thread)."""
    bot = interaction.client
    async with refusals(interaction):
        scope = scope_of(interaction)
        if scope is None or interaction.channel_id is None:
            raise Refusal(_("Tables are opened in a channel, a thread or a group chat."))
        member = bot_is_member(interaction)  # else the table lives on interaction tokens
        server_on = (
            member and thread is None and await threads.server_setting(bot.service.storage, scope)
        )
        own_thread = member and threads.wants_thread(interaction, thread, server_on)
        if not own_thread:  # a new thread is nobody's table yet: only a channel can be busy
            check_channel_free(bot, interaction.channel_id)
        options = replace(table_options(bot, shown, values, timer), tokens_only=not member)
        check_lobby_limits(bot, scope, interaction.user.id)
        if own_thread:
            await open_in_thread(interaction, options)
            return
        try:
            live = await bot.service.open_lobby(
                scope, interaction.channel_id, interaction.user, options
            )
        except ChannelBusy:
            raise Refusal(_("This channel already has a table. One game per channel.")) from None
        payload = lobby_payload(live, bot.settings.lobby_timeout)
        response = await interaction.response.send_message(**payload.send_kwargs())
        if response.message_id is not None:
            await bot.service.poster.set_table_message(live, response.message_id, by=interaction)
        if response.is_ephemeral():
            # Discord showed the lobby to its host alone (where the app is not installed, a
            # member without Use External Apps gets every answer privately): nobody could
            # join, so it closes, saying why.
            async with live.lock:
                await bot.service.close(live, "cancelled", Message(HOST_ONLY))


def check_channel_free(bot: TreppenBot, channel_id: int) -> None:
    """Refuse a second table in a channel (or thread): one game per channel."""
    running = bot.service.in_channel(channel_id)
    if running is not None:
        link = running.table_url()
        where = f": {link}" if link else "."
        raise Refusal(
            _("This channel already has a table{where} One game per channel.", where=where)
        )


async def open_in_thread(interaction: Interaction, options: GameOptions) -> None:
    """The table's line in this channel, its thread started from it, and the lobby opened
    and posted in the thread, which is the table's channel from now on."""
    bot = interaction.client
    service = bot.service
    assert interaction.guild_id is not None
    thread = await threads.open_thread(interaction, service.storage, options)
    live: LiveTable | None = None
    try:
        live = await service.open_lobby(interaction.guild_id, thread.id, interaction.user, options)
        payload = lobby_payload(live, bot.settings.lobby_timeout)
        message = await thread.send(**payload.send_kwargs())
    except Exception:
        if live is not None:  # never shown: nothing of it stays open
            await service.storage.close_game(live.id, "cancelled")
            service.forget(live)
        await threads.take_back(interaction, thread.id)
        raise
    await service.poster.set_table_message(live, message.id)


def check_lobby_limits(bot: TreppenBot, guild_id: int, host_id: int) -> None:
    """Refuse a new lobby beyond the open lobbies a member, or a server, may have at once."""
    lobbies = [
        g for g in bot.service.games.values() if g.status == "lobby" and g.guild_id == guild_id
    ]
    if sum(1 for g in lobbies if g.host_id == host_id) >= bot.settings.lobbies_per_member:
        raise Refusal(
            _(
                "You already have {count} open tables waiting for players; start or cancel "
                "one first.",
                count=bot.settings.lobbies_per_member,
            )
        )
    if len(lobbies) >= bot.settings.lobbies_per_server:
        raise Refusal(_("This server has too many open tables waiting; try again later."))


def check_computer_limits(bot: TreppenBot, live: LiveTable) -> None:
    """Refuse to start a table with computer players beyond the running ones a host, or a
    server, may have: the computers play on even when nobody watches."""
    if not any(seat.is_computer for seat in live.seats):
        return
    running = [
        g
        for g in bot.service.games.values()
        if g.status == "playing"
        and g.guild_id == live.guild_id
        and any(seat.is_computer for seat in g.seats)
    ]
    mine = sum(1 for g in running if g.host_id == live.host_id)
    if mine >= bot.settings.computer_tables_per_member:
        raise Refusal(
            _(
                "You already run {count} tables with computer players; end one with "
                "{command} first.",
                count=mine,
                command=command_mention("end"),
            )
        )
    if len(running) >= bot.settings.computer_tables_per_server:
        raise Refusal(_("This server runs too many tables with computer players; try later."))


def _lobby(interaction: Interaction, game_id: int) -> LiveTable:
    live = interaction.client.service.get(game_id)
    if live.status != Status.LOBBY:
        raise Refusal(_("This game has already started."))
    return live


async def _show(interaction: Interaction, live: LiveTable, note: str = "") -> None:
    payload = lobby_payload(live, interaction.client.settings.lobby_timeout, note)
    await interaction.response.edit_message(**payload.edit_kwargs())


async def on_join(interaction: Interaction, game_id: int, argument: str) -> None:
    """The lobby's Join button: seat the member."""
    live = _lobby(interaction, game_id)
    async with live.lock:
        if live.seat_of(interaction.user.id) is not None:
            raise Refusal(_("You already have a seat at this table."))
        limit = live.options.max_seats
        if len(live.seats) >= limit:
            raise Refusal(_("The table is full: {limit} players at most.", limit=limit))
        live.seats.append(
            Seat(len(live.seats), interaction.user.id, display_name(interaction.user))
        )
        await interaction.client.service.save_seats(live)
    await _show(interaction, live)


async def on_leave(interaction: Interaction, game_id: int, argument: str) -> None:
    """The lobby's Leave button: free the member's seat; a host who leaves hands the table to the
    next person, or closes it when nobody is left."""
    live = _lobby(interaction, game_id)
    service = interaction.client.service
    async with live.lock:
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal(_("You do not have a seat at this table."))
        live.seats.remove(seat)
        humans = [s for s in live.seats if not s.is_computer]
        if seat.user_id == live.host_id:
            if not humans:
                await service.storage.close_game(live.id, "cancelled")
                service.forget(live)
                payload = closed_lobby_payload(
                    live, Message(N_("The host left, so the table has closed."))
                )
                await interaction.response.edit_message(**payload.edit_kwargs())
                await service.finisher.show_closed(live.channel_id)
                return
            live.host_id = humans[0].user_id or live.host_id
        await service.save_seats(live)
    await _show(interaction, live)


async def on_start(interaction: Interaction, game_id: int, argument: str) -> None:
    """The lobby's Start button (the host's): deal, and turn the lobby into the table."""
    live = _lobby(interaction, game_id)
    service = interaction.client.service
    if interaction.user.id != live.host_id:
        raise Refusal(_("Only the host can start the game."))
    async with live.lock:
        if live.status != Status.LOBBY:
            raise Refusal(_("This game has already started."))
        check_computer_limits(interaction.client, live)
        await service.start(live)
        payload, mention = await service.poster.first_table(live)
    if mention and not live.options.tokens_only:
        # The table is a new message that mentions (and notifies) the player to act; the
        # lobby message goes. The answer plus one delete. (A table on tokens could not
        # delete the lobby through this click: it becomes the table.)
        response = await interaction.response.send_message(**payload.send_kwargs())
        lobby_id = interaction.message.id if interaction.message else live.table_message_id
        if response.message_id is not None:
            await service.poster.set_table_message(live, response.message_id, by=interaction)
        if lobby_id is not None and lobby_id != live.table_message_id:
            await service.poster.delete_message(live, lobby_id)
    else:
        if interaction.message is not None and live.table_message_id != interaction.message.id:
            await service.poster.set_table_message(live, interaction.message.id)
        await interaction.response.edit_message(**payload.edit_kwargs())
    service.after_change(live, refresh=False)


async def on_cancel(interaction: Interaction, game_id: int, argument: str) -> None:
    """The lobby's Cancel button (the host's or a moderator's): close the table."""
    live = _lobby(interaction, game_id)
    if interaction.user.id != live.host_id and not can_moderate(interaction):
        raise Refusal(_("Only the host or a moderator of this channel can cancel this table."))
    async with live.lock:
        await interaction.client.service.storage.close_game(live.id, "cancelled")
        interaction.client.service.forget(live)
    payload = closed_lobby_payload(
        live, Message(N_("{mention} cancelled this table."), mention=interaction.user.mention)
    )
    await interaction.response.edit_message(**payload.edit_kwargs())
    await interaction.client.service.finisher.show_closed(live.channel_id)


async def on_computer(interaction: Interaction, game_id: int, argument: str) -> None:
    """The lobby's computer select (the host's only): add a computer player, or remove the last."""
    live = _lobby(interaction, game_id)
    if interaction.user.id != live.host_id:
        raise Refusal(_("Only the host can add or remove computer players."))
    choice = components.selected_values(interaction)[0]
    async with live.lock:
        if choice == "remove":
            computers = [s for s in live.seats if s.is_computer]
            if not computers:
                raise Refusal(_("There is no computer player to remove."))
            live.seats.remove(computers[-1])
        else:
            strength = choice.removeprefix("add:")
            if strength not in live.options.spec.strengths:
                raise Refusal(_("Unknown computer strength."))
            interaction.client.service.add_computer(live, strength)
        await interaction.client.service.save_seats(live)
    await _show(interaction, live)


class Lobby(Feature):
    """The lobby: /treppe new with a command for every game, and the lobby's buttons."""

    async def cog_load(self) -> None:
        self.add_control("lobby_join", on_join)
        self.add_control("lobby_leave", on_leave)
        self.add_control("lobby_start", on_start)
        self.add_control("lobby_cancel", on_cancel)
        self.add_control("lobby_cpu", on_computer)
        group = app_commands.Group(name="new", description="Open a table in this channel")
        for shown in all_presenters():
            group.add_command(new_command(shown))
        self.add_subcommand(group)


async def setup(bot: TreppenBot) -> None:
    """Load the lobby."""
    await bot.add_cog(Lobby(bot))


__all__ = ["can_moderate", "send_private", "setup"]
