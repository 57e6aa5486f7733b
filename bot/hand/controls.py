"""The hand's controls: tapping cards, playing an offered move (asking once where it ends a turn
for good), deeper takes, sort, pages, hint, refresh and the typing form. Every answer is the
member's hand, kept as their live hand (``bot.hand.live``)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import discord

import bot.hand.takes as takes
import bot.hand.taps as taps
from bot.core import answering, components
from bot.core.client import bot_of
from bot.core.errors import Refusal
from bot.core.handstate import AnyHandContext, HandState
from bot.core.model import LiveGame, Seat
from bot.games import presenter
from bot.hand.live import HandMessages
from bot.hand.typing import PlayModal
from bot.hand.ui import Redraw, hand_context, hand_payload, payload_kwargs, seated
from engine.actions import Action
from engine.errors import RulesError
from engine.i18n import N_, _

STALE = N_("That control was out of date, so here is your current hand.")
UNREADABLE = N_("That choice is out of date or not one I offered; nothing changed.")
NOT_YOURS = N_(
    "That control belongs to another player's hand, so nothing changed. "
    "Open your own with the table's 'Your hand' button."
)
RENEWED = N_("Your hand has a new look: here it is.")
# Controls of hands drawn before cards were tapped (selects per move): they show the new hand.
LEGACY_CONTROLS = (
    "h_draw", "h_take", "h_meld", "h_lay", "h_layto", "h_discard", "v_draw", "v_take",
    "v_discard", "v_meld", "v_lay", "v_back", "v_swap", "v_knock", "v_rummy", "v_buy", "v_pass",
)  # fmt: skip

ControlHandler = Callable[[AnyHandContext, list[str]], Action | Redraw]


def hands_of(interaction: discord.Interaction) -> HandMessages:
    """The live hands of the bot that received ``interaction`` (the hand feature's own)."""
    hands = bot_of(interaction).service.poster.hands
    assert isinstance(hands, HandMessages), "the hand feature is loaded"
    return hands


# ---------------------------------------------------------------- answering with the hand
async def answer_with_hand(
    interaction: discord.Interaction,
    live: LiveGame,
    seat: Seat,
    prepare: Callable[[], Awaitable[tuple[HandState, dict[str, Any]]]],
    *,
    new_message: bool,
) -> None:
    """Answer with the member's hand (a new private message, or the clicked one edited) and
    keep it as their live hand."""
    shown_state: list[HandState] = []

    async def kwargs() -> dict[str, Any]:
        state, payload = await prepare()
        shown_state.append(state)
        return payload

    if new_message:
        message_id = await answering.send_private(interaction, kwargs())
    else:
        message_id = await answering.edit_clicked(interaction, kwargs())
    if shown_state:
        hands_of(interaction).remember(live, interaction, shown_state[0], message_id)


async def _act(
    interaction: discord.Interaction, game_id: int, argument: str, handler: ControlHandler
) -> None:
    """Apply what a hand control stands for and answer with the fresh hand.

    A refusal (or an out-of-date or unreadable control) changes nothing and shows the current
    hand with the reason on top, so a double click applies once and a stale click never
    errors."""
    live, seat = seated(interaction, game_id)
    state = HandState.decode(argument)
    values = components.selected_values(interaction)

    async def prepare() -> tuple[HandState, dict[str, Any]]:
        async with live.lock:
            ctx = hand_context(live, seat, state)
            stale = state.version != ctx.public.version
            try:
                if stale:
                    raise Refusal(_(STALE))
                try:
                    answer = handler(ctx, values)
                except (ValueError, IndexError, KeyError) as error:
                    if isinstance(error, RulesError):
                        raise
                    raise Refusal(_(UNREADABLE)) from None
                if isinstance(answer, Redraw):
                    return answer.state, payload_kwargs(live, seat, answer.state, answer.note)
                events = await bot_of(interaction).service.apply(live, answer)
                told = presenter(live.game_key).narrate(events, live.shown_names)
                note = f"✅ {told}" if told else ""
                return state.fresh(), payload_kwargs(live, seat, state.fresh(), note)
            except (RulesError, Refusal) as error:
                note = f"⚠️ {error}"
                return state.fresh(), payload_kwargs(live, seat, state.fresh(), note)

    await answer_with_hand(interaction, live, seat, prepare, new_message=False)


# ---------------------------------------------------------------- what a tap means
def tap(ctx: AnyHandContext, values: list[str]) -> Redraw:
    """A card tapped (its button carries the selection with that card toggled)."""
    return Redraw(ctx.state, "")


def play_offer(ctx: AnyHandContext, values: list[str]) -> Action | Redraw:
    """One of the offered moves; one that ends the turn for good asks once."""
    offered = taps.offers(ctx, presenter(ctx.live.game_key))
    if not 0 <= ctx.state.pick < len(offered):
        raise Refusal(_(UNREADABLE))
    offer = offered[ctx.state.pick]
    if offer.confirm and not ctx.state.sure:
        return Redraw(ctx.state, _("**{move}?** This cannot be taken back.", move=offer.said))
    return offer.action


def take_deep(ctx: AnyHandContext, values: list[str]) -> Action:
    """A take from deeper in the pile: ``d<depth>:<code>`` (the code proves the pile is the
    same)."""
    take = takes.chosen_take(ctx, values[0])
    if take is None:
        raise Refusal(_(UNREADABLE))
    return take


TAP_CONTROLS: dict[str, ControlHandler] = {
    "t_tap": tap,
    "t_back": tap,  # 'no' to a move that asked: the same cards, still tapped
    "t_do": play_offer,
    "t_take": take_deep,
}


def control(handler: ControlHandler) -> components.Handler:
    """A component handler that applies what ``handler`` makes of a tap and answers with the fresh
    hand (see ``_act``)."""

    async def handle(interaction: discord.Interaction, game_id: int, argument: str) -> None:
        await _act(interaction, game_id, argument, handler)

    return handle


# ---------------------------------------------------------------- common controls
async def on_hand_button(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    """The table's 'Your hand' button: a new private hand message (the old one goes)."""
    live, seat = seated(interaction, game_id)
    await show_new_hand(interaction, live, seat, HandState())


async def show_new_hand(
    interaction: discord.Interaction, live: LiveGame, seat: Seat, state: HandState, note: str = ""
) -> None:
    """Answer with the member's hand as a new private message and keep it as their live hand."""

    async def prepare() -> tuple[HandState, dict[str, Any]]:
        async with live.lock:
            return state, hand_payload(live, seat, state, note).send_kwargs()

    await answer_with_hand(interaction, live, seat, prepare, new_message=True)


async def _redraw(
    interaction: discord.Interaction, game_id: int, state: HandState, note: str = ""
) -> None:
    live, seat = seated(interaction, game_id)

    async def prepare() -> tuple[HandState, dict[str, Any]]:
        async with live.lock:
            return state, payload_kwargs(live, seat, state, note)

    await answer_with_hand(interaction, live, seat, prepare, new_message=False)


async def on_sort(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    """The sort button: the hand sorted by rank, or by suit again."""
    state = HandState.decode(argument)
    flipped = HandState(state.version, "r" if state.sort == "s" else "s", state.page)
    await _redraw(interaction, game_id, flipped)


async def on_page(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    """The page buttons: the hand shown from another page of cards."""
    await _redraw(interaction, game_id, HandState.decode(argument).fresh())


async def on_refresh(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    """The refresh button: the hand redrawn as the table stands now."""
    await _redraw(interaction, game_id, HandState.decode(argument).fresh())


async def on_legacy(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    """A control of an older hand message: the hand in today's look, with a note why."""
    await _redraw(interaction, game_id, HandState.decode(argument).fresh(), f"ℹ️ {_(RENEWED)}")


async def on_hint(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    """The hint button: the hand redrawn with the game's hint on top."""
    live, seat = seated(interaction, game_id)
    state = HandState.decode(argument).fresh()
    async with live.lock:  # the game holds still while the hint is worked out
        context = hand_context(live, seat, state)
        # A hint may ask a computer player (a few milliseconds): off the event loop.
        hint = await asyncio.to_thread(presenter(live.game_key).hint_text, context)
    await _redraw(interaction, game_id, state, hint)


async def on_type(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    """The typing button: a form for the moves of this phase, on the member's turn only."""
    live, seat = seated(interaction, game_id)
    game = live.game
    assert game is not None
    if game.to_act != seat.seat or game.is_over:
        raise Refusal(_("It is {value}'s turn.", value=live.names[game.to_act]))
    shown = presenter(live.game_key)
    if not shown.typed_fields(game.phase):
        raise Refusal(_("Use the buttons of your hand for this decision."))
    modal = PlayModal(game_id, shown, game.phase, HandState.decode(argument))
    await interaction.response.send_modal(modal)
