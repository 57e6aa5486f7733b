"""The slash commands of the hand: /treppe hand, draw, take, meld, layoff and discard, with
their autocomplete; each answers with the member's hand as a new private message."""

from __future__ import annotations

from collections.abc import Callable

from discord import app_commands

from bot.app import Interaction
from bot.core.errors import refusals
from bot.core.handstate import HandState
from bot.core.model import LiveTable, Seat
from bot.core.payload import Payload
from bot.hand.controls import answer_with_hand, show_new_hand
from bot.hand.takes import take_at, take_choices
from bot.hand.ui import hand_context, hand_payload
from engine.actions import Action, Discard, DrawTalon, End, LayOff, Meld
from engine.cards import Card, format_cards, parse_cards
from engine.i18n import _


def _channel_seat(interaction: Interaction) -> tuple[LiveTable, Seat]:
    service = interaction.client.service
    live = service.require_channel_game(interaction.channel_id or 0)
    return live, service.require_seat(live, interaction.user.id)


async def _command_act(interaction: Interaction, make: Callable[[LiveTable, Seat], Action]) -> None:
    async with refusals(interaction):
        live, seat = _channel_seat(interaction)
        bot = interaction.client

        async def prepare() -> tuple[HandState, Payload]:
            async with live.lock:
                told = bot.service.told(live, await bot.service.apply(live, make(live, seat)))
                return HandState(), hand_payload(live, seat, HandState(), f"✅ {told}")

        await answer_with_hand(interaction, live, prepare, new_message=True)


async def hand_command(interaction: Interaction) -> None:
    """Show your hand privately, with controls for your turn."""
    async with refusals(interaction):
        live, seat = _channel_seat(interaction)
        await show_new_hand(interaction, live, seat, HandState())


async def draw_command(interaction: Interaction) -> None:
    """Draw the top card of the talon (the stock)."""
    await _command_act(interaction, lambda live, seat: DrawTalon(seat.seat))


def _running(interaction: Interaction) -> LiveTable | None:
    live = interaction.client.service.in_channel(interaction.channel_id or 0)
    return None if live is None or live.game is None else live


async def _take_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[int]]:
    live = _running(interaction)
    if live is None or live.game is None:
        return []
    pairs = take_choices(live.game.public_view().discard_pile, current)
    return [app_commands.Choice(name=name[:100], value=value) for name, value in pairs][:25]


@app_commands.describe(
    position="Staircase position, 1 = bottom (you take it and every card above); "
    "a discard pile: its top"
)
@app_commands.autocomplete(position=_take_choices)
async def take_command(interaction: Interaction, position: int) -> None:
    """Take from the staircase (that card and every card above it) or the discard pile's top."""
    await _command_act(interaction, lambda live, seat: _take(live, seat, position))


def _take(live: LiveTable, seat: Seat, position: int) -> Action:
    assert live.game is not None
    return take_at(seat.seat, live.game.public_view().discard_pile, position)


def _hand_of(interaction: Interaction) -> tuple[LiveTable, Seat] | None:
    live = _running(interaction)
    if live is None:
        return None
    seat = live.seat_of(interaction.user.id)
    return None if seat is None else (live, seat)


def _cards_of(interaction: Interaction) -> tuple[LiveTable, tuple[Card, ...]] | None:
    """The running game here and the member's own cards in it (autocomplete offers those)."""
    found = _hand_of(interaction)
    if found is None:
        return None
    live, seat = found
    assert live.game is not None
    return live, live.game.private_view(seat.seat).hand


async def _meld_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    found = _cards_of(interaction)
    if found is None:
        return []
    live, hand = found
    options = live.shown.meld_options(hand)
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
async def meld_command(interaction: Interaction, cards: str) -> None:
    """Lay 3 or more cards from your hand as a set or a run."""
    await _command_act(interaction, lambda live, seat: Meld(seat.seat, tuple(parse_cards(cards))))


async def _layoff_card_choices(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    found = _hand_of(interaction)
    if found is None:
        return []
    live, seat = found
    ctx = hand_context(live, seat, HandState())
    seen: list[str] = []
    for layoff in live.shown.layoffs(ctx):
        if str(layoff.card) not in seen:
            seen.append(str(layoff.card))
    return [app_commands.Choice(name=c, value=c) for c in seen][:25]


async def _layoff_meld_choices(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[int]]:
    live = _running(interaction)
    if live is None or live.game is None:
        return []
    melds = live.shown.table_melds(live.game.public_view())
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
    interaction: Interaction,
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
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    found = _cards_of(interaction)
    if found is None:
        return []
    _live, cards = found
    names = [str(c) for c in cards if current.strip().lower() in str(c).lower() or not current]
    return [app_commands.Choice(name=n, value=n) for n in dict.fromkeys(names)][:25]


@app_commands.describe(card="The card to discard; this ends your turn")
@app_commands.autocomplete(card=_discard_choices)
async def discard_command(interaction: Interaction, card: str) -> None:
    """Discard one card and end your turn."""
    await _command_act(interaction, lambda live, seat: Discard(seat.seat, parse_cards(card)[0]))
