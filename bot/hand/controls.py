"""The hand's controls: tapping cards, playing an offered move (asking once where it ends a turn
for good), deeper takes, sort, pages, hint, refresh and the typing form. Every answer is the
member's hand, kept as their live hand (``bot.core.hands``)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import bot.hand.takes as takes
import bot.hand.taps as taps
from bot.app import Interaction
from bot.core import answering, components
from bot.core.errors import Refusal
from bot.core.handstate import AnyHandContext, HandState
from bot.core.model import LiveTable, Seat
from bot.core.payload import Payload
from bot.core.presenter import AnyPresenter
from bot.hand.typing import PlayModal
from bot.hand.ui import Redraw, context_payload, hand_context, hand_payload, seated
from engine.actions import Action
from engine.errors import RulesError
from engine.i18n import N_, _

STALE = N_("That control was out of date, so here is your current hand.")
UNREADABLE = N_("That choice is out of date or not one I offered; nothing changed.")
NOT_YOURS = N_(
    "That control belongs to another player's hand, so nothing changed. "
    "Open your own with the table's 'Your hand' button."
)


@dataclass(frozen=True, slots=True)
class Tap:
    """A click on a hand control, read once: the hand it was on, the game's presenter, a
    select's values, and the moves that hand offered when they are known for its state."""

    ctx: AnyHandContext
    shown: AnyPresenter
    values: list[str]
    offered: tuple[taps.Offer, ...] | None

    def offers(self) -> tuple[taps.Offer, ...]:
        """The moves the clicked hand offered (built again only when not known)."""
        if self.offered is not None:
            return self.offered
        return tuple(taps.offers(self.ctx, self.shown))


ControlHandler = Callable[[Tap], Action | Redraw]
HandHandler = Callable[[Interaction, LiveTable, Seat, HandState], Awaitable[None]]
Prepare = Callable[[], Awaitable[tuple[HandState, Payload]]]


def owned(handler: HandHandler) -> components.Handler:
    """A hand control's handler: the click's table, seat and state read once; only the member
    whose hand drew the control may use it."""

    async def guarded(interaction: Interaction, game_id: int, argument: str) -> None:
        state = HandState.decode(argument)
        live, seat = seated(interaction, game_id)
        if state.seat >= 0 and seat.seat != state.seat:
            raise Refusal(_(NOT_YOURS))
        await handler(interaction, live, seat, state)

    return guarded


# ---------------------------------------------------------------- answering with the hand
async def answer_with_hand(
    interaction: Interaction,
    live: LiveTable,
    prepare: Prepare,
    *,
    new_message: bool,
) -> None:
    """Answer with the member's hand (a new private message, or the clicked one edited) and
    keep it as their live hand, with the moves it offers."""
    shown: list[tuple[HandState, Payload]] = []

    async def kwargs() -> dict[str, Any]:
        state, payload = await prepare()
        shown.append((state, payload))
        return payload.send_kwargs() if new_message else payload.edit_kwargs()

    if new_message:
        message_id = await answering.send_private(interaction, kwargs())
    else:
        message_id = await answering.edit_clicked(interaction, kwargs())
    if shown:
        state, payload = shown[0]
        hands = interaction.client.service.hands
        hands.remember(live, interaction, state, message_id, payload.offers)


def offered_on(live: LiveTable, user_id: int, ctx: AnyHandContext) -> tuple[taps.Offer, ...] | None:
    """The moves the member's live hand offers, if it was drawn for this very hand state."""
    hand = live.hands.get(user_id)
    if hand is None or hand.offers is None:
        return None
    built_for, offers = hand.offers
    if built_for != taps.offers_key(ctx):
        return None
    return tuple(o for o in offers if isinstance(o, taps.Offer))


async def _act(
    interaction: Interaction,
    live: LiveTable,
    seat: Seat,
    state: HandState,
    handler: ControlHandler,
) -> None:
    """Apply what a hand control stands for and answer with the fresh hand.

    A refusal (or an out-of-date or unreadable control) changes nothing and shows the current
    hand with the reason on top, so a double click applies once and a stale click never
    errors."""
    values = components.selected_values(interaction)
    service = interaction.client.service

    async def prepare() -> tuple[HandState, Payload]:
        async with live.lock:
            ctx = hand_context(live, seat, state)
            try:
                if state.version != ctx.public.version:
                    raise Refusal(_(STALE))
                offered = offered_on(live, interaction.user.id, ctx)
                try:
                    answer = handler(Tap(ctx, live.shown, values, offered))
                except (ValueError, IndexError, KeyError) as error:
                    if isinstance(error, RulesError):
                        raise
                    raise Refusal(_(UNREADABLE)) from None
                if isinstance(answer, Redraw):
                    return answer.state, context_payload(live, ctx, answer.state, answer.note)
                told = service.told(live, await service.apply(live, answer))
                note = f"✅ {told}" if told else ""
                return state.fresh(), hand_payload(live, seat, state.fresh(), note)
            except (RulesError, Refusal) as error:
                note = f"⚠️ {error}"
                return state.fresh(), context_payload(live, ctx, state.fresh(), note)

    await answer_with_hand(interaction, live, prepare, new_message=False)


# ---------------------------------------------------------------- what a tap means
def tap(click: Tap) -> Redraw:
    """A card tapped (its button carries the selection with that card toggled)."""
    return Redraw(click.ctx.state, "")


def play_offer(click: Tap) -> Action | Redraw:
    """One of the offered moves; one that ends the turn for good asks once."""
    offered = click.offers()
    state = click.ctx.state
    if not 0 <= state.pick < len(offered):
        raise Refusal(_(UNREADABLE))
    offer = offered[state.pick]
    if offer.confirm and not state.sure:
        return Redraw(state, _("**{move}?** This cannot be taken back.", move=offer.said))
    return offer.action


def take_deep(click: Tap) -> Action:
    """A take from deeper in the pile: ``d<depth>:<code>`` (the code proves the pile is the
    same)."""
    take = takes.chosen_take(click.ctx, click.values[0])
    if take is None:
        raise Refusal(_(UNREADABLE))
    return take


TAP_CONTROLS: dict[str, ControlHandler] = {
    "t_tap": tap,
    "t_back": tap,  # 'no' to a move that asked: the same cards, still tapped
    "t_do": play_offer,
    "t_take": take_deep,
}


def control(handler: ControlHandler) -> HandHandler:
    """A hand control that applies what ``handler`` makes of a tap and answers with the fresh
    hand (see ``_act``)."""

    async def handle(
        interaction: Interaction, live: LiveTable, seat: Seat, state: HandState
    ) -> None:
        await _act(interaction, live, seat, state, handler)

    return handle


# ---------------------------------------------------------------- common controls
async def on_hand_button(interaction: Interaction, game_id: int, argument: str) -> None:
    """The table's 'Your hand' button: a new private hand message (the old one goes)."""
    live, seat = seated(interaction, game_id)
    await show_new_hand(interaction, live, seat, HandState())


async def show_new_hand(
    interaction: Interaction, live: LiveTable, seat: Seat, state: HandState, note: str = ""
) -> None:
    """Answer with the member's hand as a new private message and keep it as their live hand."""

    async def prepare() -> tuple[HandState, Payload]:
        async with live.lock:
            return state, hand_payload(live, seat, state, note)

    await answer_with_hand(interaction, live, prepare, new_message=True)


async def _redraw(
    interaction: Interaction, live: LiveTable, seat: Seat, state: HandState, note: str = ""
) -> None:
    async def prepare() -> tuple[HandState, Payload]:
        async with live.lock:
            return state, hand_payload(live, seat, state, note)

    await answer_with_hand(interaction, live, prepare, new_message=False)


async def on_sort(interaction: Interaction, live: LiveTable, seat: Seat, state: HandState) -> None:
    """The sort button: the hand sorted by rank, or by suit again."""
    flipped = HandState(state.version, "r" if state.sort == "s" else "s", state.page)
    await _redraw(interaction, live, seat, flipped)


async def on_page(interaction: Interaction, live: LiveTable, seat: Seat, state: HandState) -> None:
    """The page buttons: the hand shown from another page of cards."""
    await _redraw(interaction, live, seat, state.fresh())


async def on_refresh(
    interaction: Interaction, live: LiveTable, seat: Seat, state: HandState
) -> None:
    """The refresh button: the hand redrawn as the table stands now."""
    await _redraw(interaction, live, seat, state.fresh())


async def on_hint(interaction: Interaction, live: LiveTable, seat: Seat, state: HandState) -> None:
    """The hint button: the hand redrawn with the game's hint on top."""
    state = state.fresh()

    async def prepare() -> tuple[HandState, Payload]:
        async with live.lock:  # the game holds still while the hint is worked out
            context = hand_context(live, seat, state)
            # A hint may ask a computer player (a few milliseconds): off the event loop.
            hint = await asyncio.to_thread(live.shown.hint_text, context)
            return state, context_payload(live, context, state, hint)

    await answer_with_hand(interaction, live, prepare, new_message=False)


async def on_type(interaction: Interaction, live: LiveTable, seat: Seat, state: HandState) -> None:
    """The typing button: a form for the moves of this phase, on the member's turn only."""
    game = live.game
    assert game is not None
    if game.to_act != seat.seat or game.is_over:
        raise Refusal(_("It is {value}'s turn.", value=live.names[game.to_act]))
    shown = live.shown
    if not shown.typed_fields(game.phase):
        raise Refusal(_("Use the buttons of your hand for this decision."))
    await interaction.response.send_modal(PlayModal(live.id, shown, game.phase, state))
