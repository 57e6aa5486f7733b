"""A table's own thread. With the server's setting on (``/treppe-settings threads``) or the
lobby's ``thread`` option, ``/treppe new`` in a text channel answers with one line there,
starts a public thread from that line and plays the lobby and the whole game in it: the
thread is the table's channel (its games' ``channel_id``), so every table has a channel of
its own and many may run under one channel at once. When a session in the thread ends
(finished, cancelled, expired, ended early) the line becomes the result with a link to the
thread, and the thread is archived; a rematch in it plays there again.

Stored: the server's choice in the meta table, beside its language (``bot.core.language``);
each thread with its parent channel and its line in ``table_threads`` (``bot.storage``).
Whether the line shows a thread's newest game is stored too, so a crash between a session's
end and its line is mended at the next start (``bot.core.finishing``)."""

from __future__ import annotations

import contextlib
import logging
from typing import Final

import discord

from bot.core import language
from bot.core.errors import Refusal
from bot.core.mentions import display_name
from bot.core.model import GameOptions, LiveTable
from bot.storage import Store, TableThread
from engine.i18n import N_, _, ngettext

log = logging.getLogger(__name__)

META_KEY = "threads:{guild}"  # "on" or "off"; nothing stored: off
ON, OFF = "on", "off"
# Minutes without a message before Discord archives a thread by itself: the longest it offers
# (60, 1440, 4320 or 10080), so a slow game's thread is not archived under it.
AUTO_ARCHIVE: Final = 10080
NAME_LIMIT = 100  # a thread's name has 1 to 100 characters
FORBIDDEN = 403
# What the bot needs in the channel to play a table in a thread of its own, by the names
# Discord's permission settings show.
NEEDED = (
    ("create_public_threads", N_("Create Public Threads")),
    ("send_messages_in_threads", N_("Send Messages in Threads")),
)
# How a session that did not finish ended, as the line in the channel says it.
ENDINGS = {
    "cancelled": N_("cancelled"),
    "expired": N_("nobody started it"),
    "abandoned": N_("ended early"),
}
NO_PINGS = discord.AllowedMentions.none()


# ---------------------------------------------------------------- the server's setting
async def server_setting(storage: Store, guild_id: int) -> bool:
    """Whether a server's new tables open in a thread of their own (default: no)."""
    return await storage.get_meta(META_KEY.format(guild=guild_id)) == ON


async def choose(storage: Store, guild_id: int, on: bool) -> None:
    """A manager's choice for a server's new tables."""
    await storage.set_meta(META_KEY.format(guild=guild_id), ON if on else OFF)


# ---------------------------------------------------------------- where a new table plays
def wants_thread(interaction: discord.Interaction, asked: bool | None, server_on: bool) -> bool:
    """Whether ``/treppe new`` opens its table in a thread of its own: the lobby's option
    (``asked``), else the server's setting. Inside a thread the table plays there (no thread
    in a thread); in a channel that has no threads (a voice channel's chat, an announcement
    channel) it plays in place, unless the option asked for a thread: that is refused. A
    refusal names the permissions the bot lacks here to open a thread."""
    if not (server_on if asked is None else asked):
        return False
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        return False
    if getattr(channel, "type", None) is not discord.ChannelType.text:
        if asked:
            raise Refusal(
                _(
                    "Tables get a thread of their own in text channels only. Open this one "
                    "with the thread option off to play right here."
                )
            )
        return False
    permissions = interaction.app_permissions
    missing = [label for name, label in NEEDED if not getattr(permissions, name)]
    if missing:
        raise Refusal(missing_text(missing))
    return True


def missing_text(missing: list[str]) -> str:
    """The refusal naming the permissions the bot lacks to open a table's thread."""
    names = ", ".join(_(label) for label in missing)
    return ngettext(
        "To open a table in a thread of its own I need the permission {permissions} in this "
        "channel. A moderator can grant it; or open the table with the thread option off to "
        "play right here.",
        "To open a table in a thread of its own I need the permissions {permissions} in this "
        "channel. A moderator can grant them; or open the table with the thread option off to "
        "play right here.",
        len(missing),
        permissions=names,
    )


async def open_thread(
    interaction: discord.Interaction, storage: Store, options: GameOptions
) -> discord.Thread:
    """Answer ``/treppe new`` with the table's line in the channel, start the table's thread
    from it and store both; when Discord refuses the thread, the line is taken back and the
    member told privately what is missing (a refusal), and nothing is stored."""
    channel, guild_id, host = interaction.channel, interaction.guild_id, interaction.user
    assert isinstance(channel, discord.TextChannel) and guild_id is not None
    with language.table(guild_id):
        title = options.title
        line = _("🃏 {title} table of {host} — in the thread below", title=title, host=host.mention)
        name = _("{title} · {host}", title=title, host=display_name(host))[:NAME_LIMIT]
    response = await interaction.response.send_message(line, allowed_mentions=NO_PINGS)
    line_id = response.message_id or (await interaction.original_response()).id
    try:
        thread = await channel.get_partial_message(line_id).create_thread(
            name=name, auto_archive_duration=AUTO_ARCHIVE
        )
    except discord.HTTPException as error:
        with contextlib.suppress(discord.HTTPException):
            await interaction.delete_original_response()
        if error.status == FORBIDDEN:
            raise Refusal(missing_text([label for _name, label in NEEDED])) from None
        raise
    await storage.add_table_thread(thread.id, guild_id, channel.id, line_id)
    return thread


async def take_back(interaction: discord.Interaction, thread_id: int) -> None:
    """A table that could not be opened in its new thread after all: its line goes and the
    thread is archived."""
    with contextlib.suppress(discord.HTTPException):
        await interaction.delete_original_response()
    with contextlib.suppress(discord.HTTPException):
        await interaction.client.http.edit_channel(thread_id, archived=True)


# ---------------------------------------------------------------- the end of a session
def ended_line(live: LiveTable, status: str, thread_id: int) -> str:
    """The line in the channel once a session in the thread has ended: the result and a
    link to the thread. In the table's language (the caller's ``language.table``)."""
    link = f"<#{thread_id}>"
    title = live.options.title
    game = live.game
    if status == "finished" and game is not None and game.is_over:
        standings = game.standings()
        ranking = standings.ranking()
        return _(
            "{title}: {winner} won {scores} against {others} · {link}",
            title=title,
            winner=live.shown_names[ranking[0]],
            scores="–".join(str(standings.scores[seat]) for seat in ranking),
            others=", ".join(live.shown_names[seat] for seat in ranking[1:]),
            link=link,
        )
    how = _(ENDINGS.get(status, ENDINGS["abandoned"]))
    return _(
        "{title} table of {host}: {ending} · {link}",
        title=title,
        host=f"<@{live.host_id}>",
        ending=how,
        link=link,
    )


async def show_end(client: discord.Client, storage: Store, live: LiveTable, status: str) -> bool:
    """After a session in a table's thread ended (and its table shows it): its line in the
    channel says how it ended, the thread is archived unless a newer table opened in it
    since, and the line is noted as showing this game. False where ``live`` did not play in
    a table's thread, or its line already shows it."""
    found = await storage.table_thread(live.channel_id)
    if found is None or found.shown_game_id == live.id:
        return False
    await language.load(storage, live.guild_id)
    with language.table(live.guild_id):
        text = ended_line(live, status, found.thread_id)
    await _edit_line(client, found, text)
    if found.latest_game_id == live.id:
        await _archive(client, found)
    await storage.set_thread_shown(found.thread_id, live.id)
    return True


async def _edit_line(client: discord.Client, found: TableThread, text: str) -> None:
    channel = client.get_partial_messageable(found.parent_id, guild_id=found.guild_id)
    try:
        await channel.get_partial_message(found.line_id).edit(
            content=text, allowed_mentions=NO_PINGS
        )
    except discord.HTTPException as error:  # the line deleted, the channel gone: play went on
        log.warning("thread %s: could not edit its line: %s", found.thread_id, error)


async def _archive(client: discord.Client, found: TableThread) -> None:
    """Archive the thread (its creator may, without Manage Threads). The bot cannot post or
    edit in it then; a member's message in it, or Discord's client when a member uses a
    control in it (Rematch, Replay), unarchives it."""
    try:
        await client.http.edit_channel(found.thread_id, archived=True)
    except discord.HTTPException as error:
        log.warning("thread %s: could not archive it: %s", found.thread_id, error)
