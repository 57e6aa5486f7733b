"""Your hand, privately: the ephemeral hand with its controls, the typing form, and the slash
commands hand, draw, take, meld, layoff and discard (with autocomplete), for every game.

A game control's click goes to the presenter of the game it belongs to, which says what it
means: an action (applied here) or a redraw of the hand (e.g. 'choose where to lay off')."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.core import answering, components
from bot.core.errors import Refusal, refusals
from bot.core.model import LiveGame, Seat
from bot.core.presenter import ControlHandler, HandState, Redraw
from bot.games import all_presenters, presenter
from bot.hand.typing import PlayModal, submitted
from bot.hand.ui import client, hand_context, hand_payload, payload_kwargs, seated
from engine.actions import Action, Discard, DrawTalon, End, LayOff, Meld
from engine.cards import format_cards, parse_cards
from engine.errors import RulesError
from engine.i18n import N_, _
from engine.protocol import Phase

if TYPE_CHECKING:
    from bot.app import TreppenBot

STALE = N_("That control was out of date, so here is your current hand.")
UNREADABLE = N_("That choice is out of date or not one I offered; nothing changed.")
NOT_YOURS = N_(
    "That control belongs to another player's hand, so nothing changed. "
    "Open your own with the table's 'Your hand' button."
)


# ---------------------------------------------------------------- game controls
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

    async def prepare() -> dict[str, Any]:
        async with live.lock:
            ctx = hand_context(live, seat, state)
            stale = state.version != ctx.public.version
            try:
                try:
                    answer = handler(ctx, values)
                except (ValueError, IndexError, KeyError) as error:
                    if isinstance(error, RulesError):
                        raise
                    raise Refusal(_(UNREADABLE)) from None
                if isinstance(answer, Redraw):
                    return await payload_kwargs(interaction, live, seat, answer.state, answer.note)
                events = await client(interaction).service.apply(live, answer)
                note = (
                    f"✅ {presenter(live.game_key).narrate(events, live.shown_names)}"
                    if events
                    else ""
                )
                return await payload_kwargs(interaction, live, seat, state.fresh(), note)
            except (RulesError, Refusal) as error:
                note = f"⚠️ {_(STALE)} {error}" if stale else f"⚠️ {error}"
                return await payload_kwargs(interaction, live, seat, state.fresh(), note)

    await answering.edit_clicked(interaction, prepare())


def control(operation: str) -> components.Handler:
    """The handler of one game control: the presenter of the clicked game answers it."""

    async def handle(interaction: discord.Interaction, game_id: int, argument: str) -> None:
        live = client(interaction).service.get(game_id)
        handler = presenter(live.game_key).controls.get(operation)
        if handler is None:
            await _redraw(interaction, game_id, HandState.decode(argument).fresh(), f"⚠️ {_(STALE)}")
            return
        await _act(interaction, game_id, argument, handler)

    return handle


# ---------------------------------------------------------------- common controls
async def on_hand_button(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    """The table's 'Your hand' button: a new private hand message."""
    live, seat = seated(interaction, game_id)
    with_image = client(interaction).settings.render_images

    async def prepare() -> dict[str, Any]:
        async with live.lock:
            payload = await hand_payload(live, seat, HandState(), with_image=with_image)
        return payload.send_kwargs()

    await answering.send_private(interaction, prepare())


async def _redraw(
    interaction: discord.Interaction, game_id: int, state: HandState, note: str = ""
) -> None:
    live, seat = seated(interaction, game_id)

    async def prepare() -> dict[str, Any]:
        async with live.lock:
            return await payload_kwargs(interaction, live, seat, state, note)

    await answering.edit_clicked(interaction, prepare())


async def on_sort(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    state = HandState.decode(argument)
    flipped = HandState(state.version, "r" if state.sort == "s" else "s", state.page)
    await _redraw(interaction, game_id, flipped)


async def on_page(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    await _redraw(interaction, game_id, HandState.decode(argument))


async def on_refresh(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    await _redraw(interaction, game_id, HandState.decode(argument).fresh())


async def on_hint(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    live, seat = seated(interaction, game_id)
    state = HandState.decode(argument).fresh()
    async with live.lock:
        hint = presenter(live.game_key).hint_text(hand_context(live, seat, state))
    await _redraw(interaction, game_id, state, hint)


async def on_type(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    live, seat = seated(interaction, game_id)
    game = live.game
    assert game is not None
    if game.to_act != seat.seat or game.is_over:
        raise Refusal(_("It is {value}'s turn.", value=live.shown_names[game.to_act]))
    shown = presenter(live.game_key)
    if not shown.typed_fields(game.phase):
        raise Refusal(_("Use the buttons of your hand for this decision."))
    modal = PlayModal(game_id, shown, game.phase, HandState.decode(argument))
    await interaction.response.send_modal(modal)


# ---------------------------------------------------------------- slash commands
def _channel_seat(interaction: discord.Interaction) -> tuple[LiveGame, Seat]:
    service = client(interaction).service
    live = service.require_channel_game(interaction.channel_id or 0)
    return live, service.require_seat(live, interaction.user.id)


async def _command_act(
    interaction: discord.Interaction, make: Callable[[LiveGame, Seat], Action]
) -> None:
    async with refusals(interaction):
        live, seat = _channel_seat(interaction)
        bot = client(interaction)

        async def prepare() -> dict[str, Any]:
            async with live.lock:
                events = await bot.service.apply(live, make(live, seat))
                told = presenter(live.game_key).narrate(events, live.shown_names)  # own language
                payload = await hand_payload(
                    live, seat, HandState(), f"✅ {told}", with_image=bot.settings.render_images
                )
            return payload.send_kwargs()

        await answering.send_private(interaction, prepare())


async def hand_command(interaction: discord.Interaction) -> None:
    """Show your hand privately, with controls for your turn."""
    async with refusals(interaction):
        live, seat = _channel_seat(interaction)
        bot = client(interaction)

        async def prepare() -> dict[str, Any]:
            async with live.lock:
                payload = await hand_payload(
                    live, seat, HandState(), with_image=bot.settings.render_images
                )
            return payload.send_kwargs()

        await answering.send_private(interaction, prepare())


async def draw_command(interaction: discord.Interaction) -> None:
    """Draw the top card of the talon (the stock)."""
    await _command_act(interaction, lambda live, seat: DrawTalon(seat.seat))


def _running(interaction: discord.Interaction) -> LiveGame | None:
    live = client(interaction).service.in_channel(interaction.channel_id or 0)
    return None if live is None or live.game is None else live


async def _take_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    live = _running(interaction)
    if live is None or live.game is None:
        return []
    pairs = presenter(live.game_key).take_choices(live.game.public_view(), current)
    return [app_commands.Choice(name=name[:100], value=value) for name, value in pairs][:25]


@app_commands.describe(
    position="Staircase position, 1 = bottom (you take it and every card above); "
    "a discard pile: its top"
)
@app_commands.autocomplete(position=_take_choices)
async def take_command(interaction: discord.Interaction, position: int) -> None:
    """Take from the staircase (that card and every card above it) or the discard pile's top."""
    await _command_act(
        interaction,
        lambda live, seat: presenter(live.game_key).take_action(seat.seat, position),
    )


def _hand_of(interaction: discord.Interaction) -> tuple[LiveGame, Seat] | None:
    live = _running(interaction)
    if live is None:
        return None
    seat = live.seat_of(interaction.user.id)
    return None if seat is None else (live, seat)


async def _meld_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    found = _hand_of(interaction)
    if found is None:
        return []
    live, seat = found
    assert live.game is not None
    hand = live.game.private_view(seat.seat).hand
    options = presenter(live.game_key).meld_options(hand)
    if not options:
        return []  # a game without melds during play
    choices = [
        app_commands.Choice(name=f"{format_cards(m)} ({points})", value=format_cards(m))
        for points, m in options
    ]
    typed = current.strip()
    if typed:
        choices = [c for c in choices if c.value.lower().startswith(typed.lower())]
        choices.append(app_commands.Choice(name=current[:100], value=current[:100]))
    choices.append(
        app_commands.Choice(
            name=_("Your hand: {cards}", cards=tuple(hand))[:100], value=current[:100] or "?"
        )
    )
    return choices[:25]


@app_commands.describe(cards="The cards, e.g. Q♥ K♥ A♥ or qh kh ah")
@app_commands.autocomplete(cards=_meld_choices)
async def meld_command(interaction: discord.Interaction, cards: str) -> None:
    """Lay 3 or more cards from your hand as a set or a run."""
    await _command_act(interaction, lambda live, seat: Meld(seat.seat, tuple(parse_cards(cards))))


async def _layoff_card_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    found = _hand_of(interaction)
    if found is None:
        return []
    live, seat = found
    ctx = hand_context(live, seat, HandState())
    seen: list[str] = []
    for layoff in presenter(live.game_key).layoffs(ctx):
        if str(layoff.card) not in seen:
            seen.append(str(layoff.card))
    return [app_commands.Choice(name=c, value=c) for c in seen][:25]


async def _layoff_meld_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    live = _running(interaction)
    if live is None or live.game is None:
        return []
    melds = presenter(live.game_key).table_melds(live.game.public_view())
    return [
        app_commands.Choice(name=f"{meld_id + 1}: {cards}"[:100], value=meld_id + 1)
        for meld_id, cards in melds
    ][:25]


@app_commands.describe(
    card="The card to lay off",
    meld="The meld's number on the table",
    end="For a run: which end, when the card fits both",
)
@app_commands.autocomplete(card=_layoff_card_choices, meld=_layoff_meld_choices)  # type: ignore[misc]
@app_commands.choices(
    end=[
        app_commands.Choice(name="low end", value="low"),
        app_commands.Choice(name="high end", value="high"),
    ]
)
async def layoff_command(
    interaction: discord.Interaction,
    card: str,
    meld: int,
    end: app_commands.Choice[str] | None = None,
) -> None:
    """Lay a card from your hand onto a meld on the table (yours or anyone's)."""
    chosen_end = End(end.value) if end is not None else None
    await _command_act(
        interaction,
        lambda live, seat: LayOff(seat.seat, parse_cards(card)[0], meld - 1, chosen_end),
    )


async def _discard_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    found = _hand_of(interaction)
    if found is None:
        return []
    live, seat = found
    assert live.game is not None
    cards = live.game.private_view(seat.seat).hand
    names = [str(c) for c in cards if current.strip().lower() in str(c).lower() or not current]
    return [app_commands.Choice(name=n, value=n) for n in dict.fromkeys(names)][:25]


@app_commands.describe(card="The card to discard; this ends your turn")
@app_commands.autocomplete(card=_discard_choices)
async def discard_command(interaction: discord.Interaction, card: str) -> None:
    """Discard one card and end your turn."""
    await _command_act(interaction, lambda live, seat: Discard(seat.seat, parse_cards(card)[0]))


COMMON = {
    "hand": on_hand_button,
    "h_sort": on_sort,
    "h_page": on_page,
    "h_refresh": on_refresh,
    "h_hint": on_hint,
    "h_type": on_type,
    # Names of older versions, still on hand messages sent before the update.
    "v_hint": on_hint,
    "v_type": on_type,
}


def owned(handler: components.Handler) -> components.Handler:
    """Guard a hand control: only the member whose hand drew it may use it."""

    async def guarded(interaction: discord.Interaction, game_id: int, argument: str) -> None:
        owner = HandState.decode(argument).seat
        if owner >= 0 and seated(interaction, game_id)[1].seat != owner:
            raise Refusal(_(NOT_YOURS))
        await handler(interaction, game_id, argument)

    return guarded


async def setup(bot: TreppenBot) -> None:
    for operation, handler in COMMON.items():
        components.register(operation, handler if operation == "hand" else owned(handler))
    for shown in all_presenters():
        for operation in shown.controls:
            components.register(operation, owned(control(operation)))
    bot.add_listener(submitted, "on_interaction")
    group = bot.treppe
    group.add_command(app_commands.command(name="hand")(hand_command))
    group.add_command(app_commands.command(name="draw")(draw_command))
    group.add_command(app_commands.command(name="take")(take_command))
    group.add_command(app_commands.command(name="meld")(meld_command))
    group.add_command(app_commands.command(name="layoff")(layoff_command))
    group.add_command(app_commands.command(name="discard")(discard_command))


__all__ = ["Phase", "setup"]
