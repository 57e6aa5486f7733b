"""Posting a table that lives on interaction tokens (``bot.core.tokens``): where the bot may
not post in the channel, its table poster sends, edits and deletes the table through the
tokens of the interactions made at it, and never through the channel."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.core.model import LiveTable
from bot.core.payload import Payload
from bot.core.tasks import BackgroundTasks
from bot.core.tokens import (
    EDIT_MARGIN,
    RENEW_BEFORE,
    TOKEN_LIFE,
    Token,
    delete_through,
    edit_through,
    loop_time,
    send_through,
)

log = logging.getLogger(__name__)

UNKNOWN_MESSAGE = 10008  # the table message is gone (someone deleted it)
UPDATES = (
    discord.InteractionResponseType.message_update,
    discord.InteractionResponseType.deferred_message_update,
)


class TokenPoster:
    """Sends, edits and deletes the tables that live on tokens, and keeps their tokens."""

    def __init__(
        self,
        tasks: BackgroundTasks,
        refresh: Callable[[LiveTable], None],
        run: Callable[[LiveTable], None],
        set_table: Callable[[LiveTable, int], Awaitable[None]],
    ) -> None:
        self.tasks = tasks
        # The poster's: edit the table soon, start its one task (which renews tokens), and
        # note and store which message is the table now.
        self.refresh, self.run, self.set_table = refresh, run, set_table

    # ------------------------------------------------------------ the tokens
    def took(self, live: LiveTable, interaction: discord.Interaction, clicked: int | None) -> None:
        """An interaction at the table has been answered (``clicked``: the message its
        component sat on). Answered by updating the table, its token owns the table; any
        other is the freshest token to move the table with. A table that changed while no
        token could show it, or sleeps, is brought up to date now."""
        tokens = live.tokens
        updated = interaction.response.type in UPDATES
        if updated and clicked is not None and clicked == live.table_message_id:
            self.owned_by(live, tokens.own(interaction))
        else:
            tokens.offer(interaction)
        if tokens.stale or tokens.asleep:
            self.refresh(live)

    def owned_by(self, live: LiveTable, token: Token) -> None:
        """``token`` owns the table now: before it ends, the table moves or sleeps."""
        tokens = live.tokens
        if tokens.renewal is not None:
            tokens.renewal.cancel()
        tokens.renewal_due = False
        when = token.issued + TOKEN_LIFE - EDIT_MARGIN - RENEW_BEFORE
        tokens.renewal = self.tasks.call_at(when, self._renewal_due, live, token)

    def _renewal_due(self, live: LiveTable, token: Token) -> None:
        if live.tokens.owner is token:
            live.tokens.renewal_due = True
            self.run(live)

    # ------------------------------------------------------------ the table message
    async def move(self, live: LiveTable, payload: Payload) -> None:
        """Send the table anew as a follow-up (the freshest token's, else the owner's), then
        delete the old one while its owner's token allows; with no token to send it, edit."""
        tokens, now = live.tokens, loop_time()
        mover = tokens.mover(now)
        if mover is None:
            await self.edit(live, payload, moving=False)
            return
        old, old_owner, old_original = live.table_message_id, tokens.editor(now), tokens.original
        try:
            message = await send_through(mover, payload.send_kwargs())
        except discord.HTTPException as error:
            log.warning("game %s: could not send the table through a token: %s", live.id, error)
            tokens.stale = True
            return
        await self.set_table(live, message.id)
        self.owned_by(live, tokens.adopt(mover, original=False))
        if old is not None and old_owner is not None and old != message.id:
            with contextlib.suppress(discord.HTTPException):  # already gone is fine
                await delete_through(old_owner, old, old_original)

    async def edit(self, live: LiveTable, payload: Payload, *, moving: bool = True) -> None:
        """Edit the table through its owner's token; without one, move it (``moving``), or
        leave it to the next interaction at the table."""
        tokens, message_id = live.tokens, live.table_message_id
        editor = tokens.editor(loop_time())
        if editor is None or message_id is None:
            if moving and tokens.mover(loop_time()) is not None:
                await self.move(live, payload)
            else:
                tokens.stale = True  # shown at the next interaction (``took``)
            return
        try:
            await edit_through(editor, message_id, tokens.original, payload.edit_kwargs())
            tokens.stale = tokens.asleep = False
        except discord.HTTPException as error:
            if error.code != UNKNOWN_MESSAGE:
                tokens.owner = None  # the token no longer works: the next one takes over
            log.info("game %s: the table was not edited through its token: %s", live.id, error)
            for file in payload.files:
                file.reset()
            if moving and tokens.mover(loop_time()) is not None:
                await self.move(live, payload)
            else:
                tokens.stale = True

    async def delete(self, live: LiveTable, message_id: int) -> None:
        """Delete the table message through its owner's token; no other message can be."""
        owner = live.tokens.editor(loop_time())
        if owner is not None and message_id == live.table_message_id:
            with contextlib.suppress(discord.HTTPException):
                await delete_through(owner, message_id, live.tokens.original)

    async def sleep(self, live: LiveTable, payload: Payload) -> None:
        """Nobody has made an interaction at the table for nearly a token's life: while the
        owner's token still can, the table becomes the one button that brings it back."""
        editor = live.tokens.editor(loop_time())
        if editor is None or live.table_message_id is None:
            live.tokens.stale = True
            return
        with contextlib.suppress(discord.HTTPException):
            await edit_through(
                editor, live.table_message_id, live.tokens.original, payload.edit_kwargs()
            )
            live.tokens.asleep = True
