"""The table message of a running game: edited in place within a turn, *moved* (posted anew
with a mention of the player to act, the old one deleted) when the turn passes to a person,
reposted when someone deleted it. One task per game touches it, so an edit never races a
move."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Coroutine
from typing import Any

import discord

from bot.core import language
from bot.core.model import LiveGame
from bot.core.tablemsg import Payload, table_payload
from bot.settings import Settings
from bot.storage import Store
from engine.i18n import _
from engine.protocol import RummyGame

log = logging.getLogger(__name__)

# How far back a restart looks for stale tables of its games: a crash leaves at most one, and
# it is among the channel's latest messages unless the channel was very busy since.
STALE_TABLE_SCAN = 50


def ping_only(user_id: int) -> discord.AllowedMentions:
    """Allowed mentions that notify this one member and nobody else."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(user_id)], replied_user=False
    )


def turn_key_of(game: RummyGame) -> tuple[int, int, bool]:
    return (game.round_number, game.to_act, game.is_over)


class TableMessages:
    """The table message part of the game service."""

    bot: discord.Client
    storage: Store
    settings: Settings

    def spawn(self, coroutine: Coroutine[Any, Any, None], live: LiveGame, name: str) -> None:
        raise NotImplementedError  # the service's

    # ------------------------------------------------------------ table message
    def request_refresh(self, live: LiveGame) -> None:
        """Edit the table soon. Many changes in a row cost one edit each at most, and edits
        that pile up while one is in flight collapse into one."""
        live.refresh_wanted = True
        task = live.tasks.get("refresh")
        if task is None or task.done():
            self.spawn(self._refresh_loop(live), live, "refresh")

    def request_move(self, live: LiveGame, reminder: str = "") -> None:
        """Post the table anew, mentioning the player to act, at the next refresh."""
        live.move_wanted = reminder
        self.request_refresh(live)

    async def _refresh_loop(self, live: LiveGame) -> None:
        # The one task that touches the table message, so an edit never races a move.
        if live.sweep_wanted:
            live.sweep_wanted = False
            await self.remove_stale_tables(live)
        while live.refresh_wanted:
            live.refresh_wanted = False
            move, live.move_wanted = live.move_wanted, None
            payload = await table_payload(live, with_images=self.settings.render_images)
            if move is not None and self.mention_table(live, payload, move):
                await self._move_table(live, payload)
                continue
            self._keep_mention(live, payload)
            await self.edit_table(live, payload)

    def mention_text(self, live: LiveGame, reminder: str = "") -> str | None:
        """The table's text for the player to act, or None if no person is to act."""
        game = live.game
        if game is None or live.status != "playing" or game.is_over:
            return None
        seat = live.seats[game.to_act]
        if seat.played_for or seat.user_id is None:
            return None
        with language.table(live.guild_id):
            return reminder or _(
                "<@{user_id}>, your turn (round {round_number}).",
                user_id=seat.user_id,
                round_number=game.round_number,
            )

    def mention_table(self, live: LiveGame, payload: Payload, reminder: str = "") -> bool:
        """Make ``payload`` a new table message that mentions (and notifies) the player to act;
        False if nobody is to be mentioned."""
        text = self.mention_text(live, reminder)
        game = live.game
        if text is None or game is None:
            return False
        user_id = live.seats[game.to_act].user_id
        assert user_id is not None
        payload.content = text
        payload.allowed_mentions = ping_only(user_id)
        live.table_content = text
        live.mentioned_key = turn_key_of(game)
        return True

    def _keep_mention(self, live: LiveGame, payload: Payload) -> None:
        """An edit keeps the current turn's mention text (edits notify nobody)."""
        payload.content = live.table_content
        game = live.game
        if live.table_content and game is not None:
            user_id = live.seats[game.to_act].user_id
            if user_id is not None:
                payload.allowed_mentions = ping_only(user_id)

    async def _move_table(self, live: LiveGame, payload: Payload) -> None:
        """Post the new table, then delete the old one (and a leftover mention message)."""
        channel = self.bot.get_partial_messageable(live.channel_id, guild_id=live.guild_id)
        try:
            message = await channel.send(**payload.send_kwargs())
        except discord.HTTPException:
            log.warning("could not post the table of game %s", live.id, exc_info=True)
            self._keep_mention(live, payload)
            await self.edit_table(live, payload)  # at least keep the old table current
            return
        old = [live.table_message_id, live.ping_message_id]
        live.table_message_id = message.id
        await self.storage.set_table_message(live.id, message.id)
        for message_id in old:
            if message_id is not None:
                with contextlib.suppress(discord.HTTPException):  # already gone is fine
                    await channel.get_partial_message(message_id).delete()
        if live.ping_message_id is not None:
            live.ping_message_id = None
            await self.storage.set_ping_message(live.id, None)

    async def remove_stale_tables(self, live: LiveGame) -> None:
        """Delete the bot's own messages that carry this game's controls, other than the saved
        table: a crash after posting a table but before saving its id leaves one behind. A game
        whose table id was never saved adopts its newest such message instead."""
        me = self.bot.user
        if me is None:
            return
        prefix = f"trp:{live.id}:"
        channel = self.bot.get_partial_messageable(live.channel_id, guild_id=live.guild_id)
        try:
            async for message in channel.history(limit=STALE_TABLE_SCAN):  # newest first
                if message.author.id != me.id or message.id == live.table_message_id:
                    continue
                if not any(cid.startswith(prefix) for cid in _custom_ids(message)):
                    continue
                if live.table_message_id is None:
                    log.info("game %s: adopting table message %s", live.id, message.id)
                    await self.set_table_message(live, message.id)
                    continue
                log.info("game %s: deleting stale table message %s", live.id, message.id)
                await message.delete()
        except discord.HTTPException as error:
            # Missing Read Message History, or the channel is gone: the game still goes on.
            log.warning("game %s: could not look for stale tables: %s", live.id, error)

    async def edit_table(self, live: LiveGame, payload: Payload) -> None:
        if live.table_message_id is None:
            return
        channel = self.bot.get_partial_messageable(live.channel_id, guild_id=live.guild_id)
        try:
            await channel.get_partial_message(live.table_message_id).edit(**payload.edit_kwargs())
        except discord.NotFound:
            await self._repost_table(live, payload)
        except discord.HTTPException:
            log.warning("could not edit the table of game %s", live.id, exc_info=True)

    async def _repost_table(self, live: LiveGame, payload: Payload) -> None:
        """Someone deleted the table message: post a new one so the game goes on."""
        if live.status not in ("playing", "lobby"):
            return
        channel = self.bot.get_partial_messageable(live.channel_id, guild_id=live.guild_id)
        try:
            message = await channel.send(**payload.send_kwargs())
        except discord.HTTPException:
            log.warning("could not repost the table of game %s", live.id, exc_info=True)
            return
        live.table_message_id = message.id
        await self.storage.set_table_message(live.id, message.id)

    async def delete_message(self, live: LiveGame, message_id: int) -> None:
        channel = self.bot.get_partial_messageable(live.channel_id, guild_id=live.guild_id)
        with contextlib.suppress(discord.HTTPException):  # already gone is fine
            await channel.get_partial_message(message_id).delete()

    async def set_table_message(self, live: LiveGame, message_id: int) -> None:
        live.table_message_id = message_id
        await self.storage.set_table_message(live.id, message_id)


def _custom_ids(message: discord.Message) -> list[str]:
    ids: list[str] = []
    for row in message.components:
        children = row.children if isinstance(row, discord.ActionRow) else [row]
        for child in children:
            custom_id = getattr(child, "custom_id", None)
            if isinstance(custom_id, str):
                ids.append(custom_id)
    return ids
