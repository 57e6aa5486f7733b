"""Live hands: each member's latest private hand message, kept current without a tap.

An ephemeral message can be edited only through the interaction that made (or last answered
on) it, for 15 minutes after that interaction (Discord's token lifetime). So the bot keeps
each member's latest hand interaction, per channel: when their turn begins, a round is dealt
or the session ends, their hand is edited through it. Opening a new hand deletes the previous
one, so a member has at most one. A hand left idle until its token nearly runs out is put to
rest (its moves give way to a Refresh tap), since once the token is gone it can no longer be
edited and its moves would outlive their phase. "Unknown Webhook" and "Invalid Webhook
Token" just end a hand's life: the table's ping and one "Your hand" tap bring a new one."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.core.handstate import HandState
from bot.core.model import LiveGame
from bot.core.tablemsg import Payload
from bot.hand.ui import ended_hand_payload, hand_payload
from engine.i18n import _, language, using

if TYPE_CHECKING:
    from bot.core.service import GameService

log = logging.getLogger(__name__)

TOKEN_LIFE = 15 * 60.0  # seconds an interaction token can edit its messages
EDIT_MARGIN = 60.0  # no edit is tried this close to the end (a slow edit would fail midway)


@dataclass
class HandMessage:
    """One member's latest hand: the interaction whose original response it is."""

    interaction: discord.Interaction
    message_id: int | None
    state: HandState  # the member's sort order and page
    language: str
    issued: float  # loop time the token was issued

    def usable(self, now: float) -> bool:
        """Whether the token may still edit the message at ``now`` (loop time), with a margin."""
        return now - self.issued < TOKEN_LIFE - EDIT_MARGIN


class HandMessages:
    """The live hands of every game of one service (``TablePoster.hands``)."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self._hands: dict[tuple[int, int], HandMessage] = {}  # (channel, member) -> hand
        self._wanted: dict[int, set[int]] = {}  # game id -> members whose hand to edit
        self._rests: dict[tuple[int, int], asyncio.Task[None]] = {}

    @staticmethod
    def _now() -> float:
        return asyncio.get_running_loop().time()

    # ------------------------------------------------------------ the member's own answers
    def remember(
        self,
        live: LiveGame,
        interaction: discord.Interaction,
        state: HandState,
        message_id: int | None,
    ) -> None:
        """``interaction`` answered with the member's hand: it is their live hand now. A
        different, still editable hand message of theirs is deleted."""
        key = (live.channel_id, interaction.user.id)
        old = self._hands.get(key)
        hand = HandMessage(interaction, message_id, state.fresh(), language(), self._now())
        self._hands[key] = hand
        if old is not None and old.message_id != message_id and old.usable(self._now()):
            self.service.tasks.spawn_detached(_delete(old))
        self._schedule_rest(key, hand)

    # ------------------------------------------------------------ LiveHands (the poster's)
    def is_live(self, live: LiveGame, user_id: int) -> bool:
        """Whether the member's latest hand at this table can still be edited."""
        hand = self._hands.get((live.channel_id, user_id))
        return hand is not None and hand.usable(self._now())

    def want(self, live: LiveGame, user_ids: list[int]) -> None:
        """Edit these members' hands at the next ``update``."""
        self._wanted.setdefault(live.id, set()).update(user_ids)

    async def update(self, live: LiveGame) -> None:
        """Edit the wanted hands, the member to act first; skip those past their token's life."""
        wanted = self._wanted.pop(live.id, set())
        for user_id in sorted(wanted, key=lambda u: u != self.service.poster.mention_user(live)):
            key = (live.channel_id, user_id)
            hand = self._hands.get(key)
            if hand is None or not hand.usable(self._now()):
                continue
            seat = live.seat_of(user_id)
            if seat is not None and seat.departed:
                # They left: their hand says so once and keeps no controls, and is never
                # edited again (the computer's turns on their seat are not theirs to see).
                with using(hand.language):
                    left = _("You left this table: the computer plays your seat.")
                await self._edit(live, user_id, hand, ended_hand_payload(left))
                self._forget(key, hand)
                continue
            await self._edit(live, user_id, hand, self._payload(live, user_id, hand))

    # ------------------------------------------------------------ editing
    def _payload(self, live: LiveGame, user_id: int, hand: HandMessage) -> Payload:
        with using(hand.language):
            seat = live.seat_of(user_id)
            if seat is None or live.game is None:
                return ended_hand_payload(_("This game has ended."))
            return hand_payload(live, seat, hand.state)

    async def _edit(
        self, live: LiveGame, user_id: int, hand: HandMessage, payload: Payload
    ) -> None:
        try:
            await hand.interaction.edit_original_response(**payload.edit_kwargs())
        except discord.HTTPException as error:
            # Unknown Webhook / Invalid Webhook Token (expired), or the message was dismissed.
            log.debug("hand of %s in game %s not edited: %s", user_id, live.id, error)
            self._forget((live.channel_id, user_id), hand)

    def _forget(self, key: tuple[int, int], hand: HandMessage) -> None:
        if self._hands.get(key) is hand:
            del self._hands[key]
            task = self._rests.pop(key, None)
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    # ------------------------------------------------------------ rest before the token ends
    def _schedule_rest(self, key: tuple[int, int], hand: HandMessage) -> None:
        task = self._rests.pop(key, None)
        if task is not None:
            task.cancel()
        self._rests[key] = self.service.tasks.spawn_detached(self._rest(key, hand))

    async def _rest(self, key: tuple[int, int], hand: HandMessage) -> None:
        """Just before the token runs out, a hand showing moves gives them up for a Refresh
        tap (its phase may end after the bot can no longer edit it); then it is forgotten, so
        the bot keeps hands of the last quarter of an hour only."""
        await asyncio.sleep(max(0.0, hand.issued + TOKEN_LIFE - EDIT_MARGIN - self._now()))
        if self._hands.get(key) is not hand:
            return
        live = self.service.in_channel(key[0])
        seat = None if live is None else live.seat_of(key[1])
        game = None if live is None else live.game
        playing = game is not None and seat is not None and game.to_act == seat.seat
        if live is not None and seat is not None and playing and not live.is_over:
            with using(hand.language):
                note = _("⏸ Paused: tap Refresh to play on.")
                payload = hand_payload(live, seat, hand.state, note, resting=True)
            await self._edit(live, key[1], hand, payload)
        self._forget(key, hand)  # past this point the hand cannot be edited: let it go


async def _delete(hand: HandMessage) -> None:
    with contextlib.suppress(discord.HTTPException):
        await hand.interaction.delete_original_response()
