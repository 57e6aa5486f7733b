"""A table that lives on interaction tokens alone: in a DM, a group DM, or a server where only
a member installed the app, the bot is no member of the channel and may not post or edit
there (403, Missing Access). What it may do is answer interactions: an interaction's token
edits that interaction's own response and follow-ups for 15 minutes, and sends at most five
follow-ups (docs/discord-behaviour.md).

So such a table keeps the tokens of the interactions made at it:

- the **owner**, whose token made the table message (a lobby's /treppe new, a click answered
  by updating the table, a follow-up that moved the table), edits the table in place;
- the **freshest** token of any other interaction at the table (a tap in a private hand, a
  slash command) moves the table: it sends the table anew as a follow-up, and the owner, while
  it lasts, deletes the old one. That follow-up's token owns the new table.

Before the owner's token ends, the table moves to a fresher token if there is one; if there is
none, the owner edits the table into a sleeping one with a single button that brings it back
(a click on it answers by updating the message, so its token owns the table again). Whatever
happens meanwhile (a computer's move, a turn timer) is shown at the next interaction."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import discord

TOKEN_LIFE = 15 * 60.0  # seconds an interaction token can edit its messages (Discord's rule)
EDIT_MARGIN = 60.0  # no edit is tried this close to the end (a slow edit would fail midway)
FOLLOWUP_LIMIT = 5  # follow-ups an interaction may send where only a member installed the app
# Follow-ups the bot spends on moving a table, of those five: one is kept for a private error.
FOLLOWUPS_FOR_TABLES = FOLLOWUP_LIMIT - 1
RENEW_BEFORE = 90.0  # seconds before the owner's token ends that the table moves or sleeps


def loop_time() -> float:
    """The event loop's clock, as the live hands use it."""
    return asyncio.get_running_loop().time()


@dataclass(eq=False)
class Token:
    """One interaction's token: when it was issued and the follow-ups it has sent."""

    interaction: discord.Interaction
    issued: float
    followups: int = 0

    def usable(self, now: float) -> bool:
        """Whether the token may still edit (with the same margin as a live hand)."""
        return now - self.issued < TOKEN_LIFE - EDIT_MARGIN

    def can_follow_up(self, now: float) -> bool:
        """Whether the token may still send a table as a follow-up."""
        return self.usable(now) and self.followups < FOLLOWUPS_FOR_TABLES


@dataclass(eq=False)
class TableTokens:
    """The tokens of one table that lives on interactions (``LiveTable.tokens``)."""

    owner: Token | None = None
    # Whether the table is the owner's original response (else one of its follow-ups).
    original: bool = True
    freshest: Token | None = None
    asleep: bool = False  # the table shows only the button that brings it back
    stale: bool = False  # it changed while no token could show it: shown at the next click
    renewal: asyncio.TimerHandle | None = field(default=None, repr=False)
    renewal_due: bool = False  # the owner's token nears its end: move the table, or sleep

    def own(self, interaction: discord.Interaction) -> Token:
        """``interaction`` answered with the table message (or by updating it): it owns it."""
        if self.owner is not None and self.owner.interaction is interaction:
            return self.owner
        return self.adopt(self._token(interaction), original=True)

    def adopt(self, token: Token, *, original: bool) -> Token:
        """``token`` made the table message now shown (``original``: as its response, else
        as a follow-up): it owns it."""
        self.owner, self.original, self.asleep, self.stale = token, original, False, False
        if self.freshest is token:
            self.freshest = None
        return token

    def offer(self, interaction: discord.Interaction) -> None:
        """Another interaction at the table: the freshest token to move the table with."""
        if self.owner is not None and self.owner.interaction is interaction:
            return
        self.freshest = self._token(interaction)

    def mover(self, now: float) -> Token | None:
        """A token that may send the table anew: the freshest, else the owner."""
        for token in (self.freshest, self.owner):
            if token is not None and token.can_follow_up(now):
                return token
        return None

    def fresher(self, now: float) -> Token | None:
        """A token other than the owner's that may send the table anew, and would own it for
        longer than the time a renewal is started before a token's end."""
        token = self.freshest
        if token is None or not token.can_follow_up(now):
            return None
        return token if now - token.issued < TOKEN_LIFE - EDIT_MARGIN - RENEW_BEFORE else None

    def editor(self, now: float) -> Token | None:
        """The owner, while its token may edit the table."""
        owner = self.owner
        return owner if owner is not None and owner.usable(now) else None

    def stop(self) -> None:
        """The table has closed: no renewal waits (its tokens stay for its last edit)."""
        if self.renewal is not None:
            self.renewal.cancel()
        self.renewal, self.renewal_due = None, False

    def _token(self, interaction: discord.Interaction) -> Token:
        # The token is all that is used: the clicked message (with its components) can go.
        interaction.message = None
        return Token(interaction, loop_time())


async def edit_through(token: Token, message_id: int, original: bool, kwargs: Any) -> None:
    """Edit the table through the token that owns it."""
    if original:
        await token.interaction.edit_original_response(**kwargs)
    else:
        await token.interaction.followup.edit_message(message_id, **kwargs)


async def delete_through(token: Token, message_id: int, original: bool) -> None:
    """Delete a table message through the token that owns it."""
    if original:
        await token.interaction.delete_original_response()
    else:
        await token.interaction.followup.delete_message(message_id)


async def send_through(token: Token, kwargs: dict[str, Any]) -> discord.WebhookMessage:
    """Send the table as a follow-up of ``token`` (public), counting it."""
    token.followups += 1
    message: discord.WebhookMessage = await token.interaction.followup.send(wait=True, **kwargs)
    return message
