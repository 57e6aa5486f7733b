"""The table poster: the one owner of each game's public table message and of its players' live
private hands.

Within a turn, and when the turn passes to a member whose private hand is live (a hand message
whose interaction token is still valid), the table is edited in place: one call that counts
against the bot's rate limit, and the hand is edited through the interaction webhook (which does
not count). Only when the member to act has no live hand is the table *moved*: posted anew with
a mention that notifies them, the old one deleted. One task per game touches the table and the
hands, so an edit never races a move."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from bot.core import language
from bot.core.hands import HandMessages
from bot.core.model import LiveTable, Status, turn_key_of
from bot.core.tablemsg import Payload, asleep_payload, table_payload
from bot.core.tasks import BackgroundTasks
from bot.core.tokenposts import TokenPoster
from bot.core.tokens import loop_time
from bot.settings import Settings
from bot.storage import Store
from engine.i18n import _

log = logging.getLogger(__name__)

# How far back a restart looks for stale tables of its games: a crash leaves at most one, and
# it is among the channel's latest messages unless the channel was very busy since.
STALE_TABLE_SCAN = 50
BAD_REQUEST = 400
THREAD_ARCHIVED = 50083  # Discord: no edits in an archived thread


def ping_only(user_id: int) -> discord.AllowedMentions:
    """Allowed mentions that notify this one member and nobody else."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(user_id)], replied_user=False
    )


class TablePoster:
    """Posts, edits, moves and sweeps the table messages, and has the live hands edited."""

    def __init__(
        self,
        bot: discord.Client,
        storage: Store,
        settings: Settings,
        tasks: BackgroundTasks,
        hands: HandMessages,
    ) -> None:
        self.bot = bot
        self.storage = storage
        self.settings = settings
        self.tasks = tasks
        self.hands = hands
        # Tables that live on interaction tokens alone: their posts and their tokens.
        self.tokens = TokenPoster(tasks, self.request_refresh, self._run, self.set_table_message)

    # ------------------------------------------------------------ what a change asks for
    def turn_changed(
        self, live: LiveTable, before: tuple[int, int, bool], acting: int | None
    ) -> None:
        """A new turn: the member to act sees it in their live hand, or is pinged by a moved
        table. ``acting``: the member whose own interaction answers this change (their hand
        is drawn by that answer)."""
        game = live.game
        assert game is not None
        users = [s.user_id for s in live.seats if s.user_id is not None and not s.played_for]
        if before[0] != game.round_number or game.is_over:
            wanted = users  # a new deal or the end: every hand changes
        else:
            seats = {game.to_act} | ({before[1]} if 0 <= before[1] < len(live.seats) else set())
            wanted = [u for s in seats if (u := live.seats[s].user_id) is not None]
        self.hands.want(live, [u for u in wanted if u != acting])
        self._run(live)
        mention = live.member_to_act()
        table = live.message
        if table.pinged_turn == turn_key_of(game):
            return  # the table that started this turn pings them already (a start, a rematch)
        # That ping belonged to an earlier turn: the same seat's next turn in the round has the
        # same key, and must be announced again if no live hand shows it.
        table.pinged_turn = None
        if mention is not None and mention != acting and not self.hands.is_live(live, mention):
            self.request_move(live)  # no live hand to show them the turn: ping them

    def request_refresh(self, live: LiveTable) -> None:
        """Edit the table (and the wanted hands) soon. Many changes in a row cost one edit each
        at most, and edits that pile up while one is in flight collapse into one."""
        live.message.refresh_wanted = True
        self._run(live)

    def _run(self, live: LiveTable) -> None:
        """Start the game's table task unless it runs: it edits the wanted hands, then the
        table if wanted."""
        task = live.tasks.get("refresh")
        if task is None or task.done():
            self.tasks.spawn(self._refresh_loop(live), live, "refresh")

    def request_move(self, live: LiveTable, reminder: str = "") -> None:
        """Post the table anew, mentioning the member to act, at the next refresh."""
        live.message.move_wanted = reminder
        self.request_refresh(live)

    async def _refresh_loop(self, live: LiveTable) -> None:
        # The one task that touches the table message and the hands: no edit races a move.
        table = live.message
        if table.sweep_wanted:
            table.sweep_wanted = False
            await self.remove_stale_tables(live)
        while True:
            await self.hands.update(live)  # the member to act first: they are waiting
            if live.options.tokens_only and live.tokens.renewal_due:
                await self._renew(live)
                continue
            if not table.refresh_wanted:
                return
            table.refresh_wanted = False
            move, table.move_wanted = table.move_wanted, None
            ping = self.ping_text(live, move) if move is not None else None
            payload = await self.payload(live, ping)
            if ping is not None:
                await self._move_table(live, payload)
            else:
                await self.edit_table(live, payload)

    async def _renew(self, live: LiveTable) -> None:
        """The token that owns the table nears its end: the table moves to a fresher token,
        or, with none, sleeps behind one button while the owner can still edit it."""
        live.tokens.renewal_due = False
        if live.tokens.fresher(loop_time()) is not None:
            await self.tokens.move(live, await self.payload(live, None))
        elif live.status is not Status.FINISHED:
            with language.table(live.guild_id):
                await self.tokens.sleep(live, asleep_payload(live))

    # ------------------------------------------------------------ the ping
    def ping_text(self, live: LiveTable, reminder: str = "") -> str | None:
        """The words that open a moved table and notify the member to act (None: nobody)."""
        user_id = live.member_to_act()
        game = live.game
        if user_id is None or game is None:
            return None
        with language.table(live.guild_id):
            words = live.shown.ping_text
            return reminder or _(words, user_id=user_id, round_number=game.round_number)

    async def payload(self, live: LiveTable, ping: str | None) -> Payload:
        """The table now. A ping opens its status; edits within the same turn keep it (an edit
        notifies nobody, and the message should not change its first words)."""
        key = turn_key_of_live(live)
        table = live.message
        if ping is not None:
            table.ping, table.pinged_turn = ping, key
        text = table.ping if table.pinged_turn == key else None
        payload = await table_payload(
            live, with_images=self.settings.render_images, ping=text or ""
        )
        user_id = live.member_to_act()
        payload.allowed_mentions = (
            ping_only(user_id) if text and user_id is not None else discord.AllowedMentions.none()
        )
        return payload

    async def first_table(self, live: LiveTable) -> tuple[Payload, bool]:
        """The table a lobby's Start (or a rematch) answers with, and whether it pings: it
        does unless the member to act has a live hand."""
        user_id = live.member_to_act()
        ping = None
        if user_id is not None and not self.hands.is_live(live, user_id):
            ping = self.ping_text(live)
        return await self.payload(live, ping), ping is not None

    # ------------------------------------------------------------ posting
    async def _move_table(self, live: LiveTable, payload: Payload) -> None:
        """Post the new table, then delete the old one (and a leftover mention message)."""
        if live.options.tokens_only:
            await self.tokens.move(live, payload)
            return
        channel = self.bot.get_partial_messageable(live.channel_id, guild_id=live.guild_id)
        try:
            message = await channel.send(**payload.send_kwargs())
        except discord.HTTPException:
            log.warning("could not post the table of game %s", live.id, exc_info=True)
            await self.edit_table(live, payload)  # at least keep the old table current
            return
        old = live.message.message_id
        await self.set_table_message(live, message.id)
        if old is not None:
            with contextlib.suppress(discord.HTTPException):  # already gone is fine
                await channel.get_partial_message(old).delete()

    async def edit_table(self, live: LiveTable, payload: Payload, *, again: bool = False) -> None:
        """Edit the table in place. Discord has been reported to refuse (400) an edit whose
        media gallery points at a newly uploaded picture: then the table is posted anew, so a
        game never stalls on its picture (docs/discord-behaviour.md). A table's thread that
        was archived under it is opened again, once (``again``: this is that second try)."""
        if live.table_message_id is None:
            return
        if live.options.tokens_only:
            await self.tokens.edit(live, payload)
            return
        channel = self.bot.get_partial_messageable(live.channel_id, guild_id=live.guild_id)
        try:
            await channel.get_partial_message(live.table_message_id).edit(**payload.edit_kwargs())
        except discord.NotFound:
            await self._repost_table(live, payload)
        except discord.HTTPException as error:
            if error.code == THREAD_ARCHIVED and not again and await self._unarchive(live):
                await self.edit_table(live, await self.payload(live, None), again=True)
                return
            if error.status == BAD_REQUEST and payload.files and live.status == Status.PLAYING:
                log.warning(
                    "game %s: the table edit was refused (%s); posting anew", live.id, error
                )
                await self._move_table(live, await self.payload(live, None))
                return
            log.warning("could not edit the table of game %s", live.id, exc_info=True)

    async def _unarchive(self, live: LiveTable) -> bool:
        """Open the table's thread again: Discord archives a thread after its inactivity
        period, and a moderator may archive one mid-game. Whether it could."""
        try:
            thread = self.bot.get_channel(live.channel_id) or await self.bot.fetch_channel(
                live.channel_id
            )
            if not isinstance(thread, discord.Thread):
                return False
            await thread.edit(archived=False)
        except discord.HTTPException as error:
            log.warning("game %s: its archived thread could not be opened: %s", live.id, error)
            return False
        return True

    async def _repost_table(self, live: LiveTable, payload: Payload) -> None:
        """Someone deleted the table message: post a new one so the game goes on."""
        if live.status not in (Status.PLAYING, Status.LOBBY):
            return
        channel = self.bot.get_partial_messageable(live.channel_id, guild_id=live.guild_id)
        try:
            message = await channel.send(**payload.send_kwargs())
        except discord.HTTPException:
            log.warning("could not repost the table of game %s", live.id, exc_info=True)
            return
        await self.set_table_message(live, message.id)

    async def delete_message(self, live: LiveTable, message_id: int) -> None:
        """Delete one of the game's messages in its channel; one already gone is fine."""
        if live.options.tokens_only:
            await self.tokens.delete(live, message_id)
            return
        channel = self.bot.get_partial_messageable(live.channel_id, guild_id=live.guild_id)
        with contextlib.suppress(discord.HTTPException):  # already gone is fine
            await channel.get_partial_message(message_id).delete()

    async def set_table_message(
        self, live: LiveTable, message_id: int, by: discord.Interaction | None = None
    ) -> None:
        """Note and store which message is the game's table now (``by``: the interaction that
        answered with it, whose token owns it where the table lives on tokens)."""
        live.message.message_id = message_id
        if by is not None and live.options.tokens_only:
            self.tokens.owned_by(live, live.tokens.own(by))
        await self.storage.set_table_message(live.id, message_id)

    async def remove_stale_tables(self, live: LiveTable) -> None:
        """Delete the bot's own messages that carry this game's controls, other than the saved
        table: a crash after posting a table but before saving its id leaves one behind. A game
        whose table id was never saved adopts its newest such message instead."""
        me = self.bot.user
        if me is None or live.options.tokens_only:  # no channel history to read on tokens
            return
        prefix = f"trp:{live.id}:"
        channel = self.bot.get_partial_messageable(live.channel_id, guild_id=live.guild_id)
        try:
            async for message in channel.history(limit=STALE_TABLE_SCAN):  # newest first
                if message.author.id != me.id or message.id == live.table_message_id:
                    continue
                if not any(cid.startswith(prefix) for cid in custom_ids(message)):
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


def turn_key_of_live(live: LiveTable) -> tuple[int, int, bool] | None:
    """The turn key of a table's game, or None before it started."""
    return None if live.game is None else turn_key_of(live.game)


def custom_ids(message: discord.Message) -> list[str]:
    """Every custom_id on a message, V2 layouts included."""
    ids: list[str] = []
    stack: list[Any] = list(message.components)
    while stack:
        component = stack.pop()
        custom_id = getattr(component, "custom_id", None)
        if isinstance(custom_id, str):
            ids.append(custom_id)
        stack.extend(getattr(component, "children", None) or [])
        stack.extend(getattr(component, "components", None) or [])
    return ids
