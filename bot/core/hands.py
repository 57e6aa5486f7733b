"""Live hands: each member's latest private hand message, kept current without a tap.

An ephemeral message can be edited only through the interaction that made (or last answered
on) it, for 15 minutes after that interaction (Discord's token lifetime). So each table keeps
its members' latest hand interactions (``LiveTable.hands``): when their turn begins, a round is
dealt or the session ends, their hand is edited through it. Opening a new hand deletes the
previous one, so a member has at most one. A hand left idle until its token nearly runs out is
put to rest (its moves give way to a Refresh tap), since once the token is gone it can no
longer be edited and its moves would outlive their phase. "Unknown Webhook" and "Invalid
Webhook Token" just end a hand's life: the table's ping and one "Your hand" tap bring a new one.

What a hand shows is the hand feature's (``bot.hand.ui``): it hands its drawing to
``HandMessages.drawer`` when it loads. Without it no hand is ever live and every turn moves
the table to ping the member to act."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from typing import Protocol

import discord

from bot.core.handcode import HandState
from bot.core.model import LiveHand, LiveTable, Seat
from bot.core.payload import Payload
from bot.core.tasks import BackgroundTasks
from bot.core.tokens import EDIT_MARGIN, TOKEN_LIFE
from engine.i18n import _, language, using

log = logging.getLogger(__name__)


class DrawsHands(Protocol):
    """How the hand feature draws a member's hand (``bot.hand.ui``)."""

    def hand(
        self, live: LiveTable, seat: Seat, state: HandState, note: str, *, resting: bool
    ) -> Payload:
        """The seat's hand message now, in the current language."""
        ...

    def ended(self, text: str) -> Payload:
        """A hand whose game is gone for this member: ``text`` and no controls."""
        ...


class HandMessages:
    """Keeps the live hands of the tables current; each table holds its own."""

    def __init__(self, tasks: BackgroundTasks) -> None:
        self.tasks = tasks
        self.drawer: DrawsHands | None = None

    @staticmethod
    def _now() -> float:
        return asyncio.get_running_loop().time()

    # ------------------------------------------------------------ the member's own answers
    def remember(
        self,
        live: LiveTable,
        interaction: discord.Interaction,
        state: HandState,
        message_id: int | None,
        offers: tuple[tuple[int, str, int], tuple[object, ...]] | None = None,
    ) -> None:
        """``interaction`` answered with the member's hand: it is their live hand now (with
        the moves it offered, when known). A different, still editable hand message of theirs
        is deleted."""
        user_id = interaction.user.id
        # Edits go through the token alone. The message the member clicked on, parsed with all
        # its components (3-5 KB), would otherwise live on with the hand for 15 minutes.
        interaction.message = None
        old = live.hands.get(user_id)
        hand = LiveHand(interaction, message_id, state.fresh(), language(), self._now())
        hand.offers = offers
        live.hands[user_id] = hand
        if old is not None:
            if old.rest is not None:
                old.rest.cancel()
            if old.message_id != message_id and old.usable(self._now()):
                self.tasks.spawn_detached(_delete(old))
        hand.rest = self.tasks.spawn_at(
            hand.issued + TOKEN_LIFE - EDIT_MARGIN,
            functools.partial(self._rest, live, user_id, hand),
        )

    def is_live(self, live: LiveTable, user_id: int) -> bool:
        """Whether the member's latest hand at this table can still be edited."""
        hand = live.hands.get(user_id)
        return self.drawer is not None and hand is not None and hand.usable(self._now())

    def want(self, live: LiveTable, user_ids: list[int]) -> None:
        """Edit these members' hands at the next ``update``."""
        live.hands_wanted.update(user_ids)

    async def update(self, live: LiveTable) -> None:
        """Edit the wanted hands, the member to act first; skip those past their token's life."""
        wanted, live.hands_wanted = live.hands_wanted, set()
        drawer = self.drawer
        if drawer is None:
            return
        first = live.member_to_act()
        for user_id in sorted(wanted, key=lambda u: u != first):
            hand = live.hands.get(user_id)
            if hand is None or not hand.usable(self._now()):
                continue
            seat = live.seat_of(user_id)
            if seat is not None and seat.departed:
                # They left: their hand says so once and keeps no controls, and is never
                # edited again (the computer's turns on their seat are not theirs to see).
                with using(hand.language):
                    left = _("You left this table: the computer plays your seat.")
                await self._edit(live, user_id, hand, drawer.ended(left))
                self._forget(live, user_id, hand)
                continue
            await self._edit(live, user_id, hand, self._payload(drawer, live, user_id, hand))

    # ------------------------------------------------------------ editing
    @staticmethod
    def _payload(drawer: DrawsHands, live: LiveTable, user_id: int, hand: LiveHand) -> Payload:
        with using(hand.language):
            seat = live.seat_of(user_id)
            if seat is None or live.game is None:
                return drawer.ended(_("This game has ended."))
            return drawer.hand(live, seat, hand.state, "", resting=False)

    async def _edit(self, live: LiveTable, user_id: int, hand: LiveHand, payload: Payload) -> None:
        hand.offers = payload.offers  # the moves the edited hand offers now
        try:
            await hand.interaction.edit_original_response(**payload.edit_kwargs())
        except discord.HTTPException as error:
            # Unknown Webhook / Invalid Webhook Token (expired), or the message was dismissed.
            log.debug("hand of %s in game %s not edited: %s", user_id, live.id, error)
            self._forget(live, user_id, hand)

    @staticmethod
    def _forget(live: LiveTable, user_id: int, hand: LiveHand) -> None:
        if live.hands.get(user_id) is hand:
            del live.hands[user_id]
            if hand.rest is not None:
                hand.rest.cancel()  # also lets go of what the timer was to be called with

    # ------------------------------------------------------------ rest before the token ends
    async def _rest(self, live: LiveTable, user_id: int, hand: LiveHand) -> None:
        """Just before the token runs out, a hand showing moves gives them up for a Refresh
        tap (its phase may end after the bot can no longer edit it); then it is forgotten, so
        the table keeps hands of the last quarter of an hour only. (Started by its timer.)"""
        if live.hands.get(user_id) is not hand:
            return
        seat = live.seat_of(user_id)
        game = live.game
        playing = game is not None and seat is not None and game.to_act == seat.seat
        if self.drawer is not None and seat is not None and playing and not live.is_over:
            with using(hand.language):
                note = _("⏸ Paused: tap Refresh to play on.")
                payload = self.drawer.hand(live, seat, hand.state, note, resting=True)
            await self._edit(live, user_id, hand, payload)
        self._forget(live, user_id, hand)  # past this point the hand cannot be edited: let it go


async def _delete(hand: LiveHand) -> None:
    with contextlib.suppress(discord.HTTPException):
        await hand.interaction.delete_original_response()
