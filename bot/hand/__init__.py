"""Your hand, privately: the ephemeral hand with its controls, the typing modal, and the slash
commands hand, draw, take, meld, layoff and discard (with autocomplete)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.core import components
from bot.core.errors import Refusal, refusals
from bot.core.model import LiveGame, Seat
from bot.hand.ui import (
    HandState,
    end_label,
    first_value,
    hand_payload,
    hint_text,
    parse_target,
    small_number,
)
from engine import (
    Action,
    Card,
    Discard,
    DrawTalon,
    End,
    LayOff,
    Meld,
    Phase,
    RulesError,
    TakeStaircase,
    format_cards,
    meld_points,
    parse_cards,
)
from engine.melds import possible_melds
from engine.variants import TakeDiscard, VariantAction
from engine.variants.deadwood import meld_options

if TYPE_CHECKING:
    from bot.app import TreppenBot

STALE = "That control was out of date, so here is your current hand."
NOT_YOURS = (
    "That control belongs to another player's hand, so nothing changed. "
    "Open your own with the table's 'Your hand' button."
)


def _bot(interaction: discord.Interaction) -> TreppenBot:
    return interaction.client  # type: ignore[return-value]


def _seated(interaction: discord.Interaction, game_id: int) -> tuple[LiveGame, Seat]:
    service = _bot(interaction).service
    live = service.get(game_id)
    if live.game is None:
        raise Refusal("The game has not started yet.")
    return live, service.require_seat(live, interaction.user.id)


async def _payload_for(
    interaction: discord.Interaction, live: LiveGame, seat: Seat, state: HandState, note: str
) -> dict[str, Any]:
    bot = _bot(interaction)
    payload = await hand_payload(live, seat, state, note, with_image=bot.settings.render_images)
    return payload.edit_kwargs()


# ---------------------------------------------------------------- buttons and selects
async def _act(
    interaction: discord.Interaction,
    game_id: int,
    argument: str,
    make_action: Callable[[LiveGame, Seat], Action | Any],
    state_after: Callable[[HandState], HandState] = lambda s: HandState(sort=s.sort, page=s.page),
) -> None:
    """Apply the action a hand control stands for and answer with the fresh hand.

    A refusal (or an out-of-date control) changes nothing and shows the current hand with
    the reason on top, so a double click applies once and a stale click never errors."""
    live, seat = _seated(interaction, game_id)
    state = HandState.decode(argument)
    async with live.lock:
        game = live.game
        assert game is not None
        stale = state.version != game.public_view().version
        try:
            action = make_action(live, seat)
            events = await _bot(interaction).service.apply(live, action)
        except RulesError as error:
            note = f"⚠️ {STALE} {error}" if stale else f"⚠️ {error}"
            kwargs = await _payload_for(interaction, live, seat, state_after(state), note)
        else:
            note = f"✅ {live.log}" if events else ""
            kwargs = await _payload_for(interaction, live, seat, state_after(state), note)
    await interaction.response.edit_message(**kwargs)


def _card_from(value: str) -> Card:
    return parse_cards(value)[0]


async def on_hand_button(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    """The table's 'Your hand' button: a new private hand message."""
    live, seat = _seated(interaction, game_id)
    bot = _bot(interaction)
    async with live.lock:
        payload = await hand_payload(live, seat, HandState(), with_image=bot.settings.render_images)
    await interaction.response.send_message(ephemeral=True, **payload.send_kwargs())


async def on_draw(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    await _act(interaction, game_id, argument, lambda live, seat: DrawTalon(seat.seat))


async def on_take(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    index_text, _, code = first_value(interaction).partition(":")

    def make(live: LiveGame, seat: Seat) -> Action:
        staircase = live.treppen.public_view().staircase
        index = small_number(index_text)
        if index is None or index >= len(staircase) or staircase[index].code != code:
            raise Refusal("The staircase has changed since you opened this hand.")
        return TakeStaircase(seat.seat, index)

    try:
        await _act(interaction, game_id, argument, make)
    except Refusal as refusal:
        live, seat = _seated(interaction, game_id)
        async with live.lock:
            kwargs = await _payload_for(
                interaction, live, seat, HandState.decode(argument), f"⚠️ {STALE} {refusal}"
            )
        await interaction.response.edit_message(**kwargs)


async def on_meld(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    cards = tuple(_card_from(v) for v in components.selected_values(interaction))
    await _act(interaction, game_id, argument, lambda live, seat: Meld(seat.seat, cards))


async def on_lay(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    """First step of a lay-off: the card. One place it fits: laid at once; more: ask where."""
    card = _card_from(first_value(interaction))
    live, seat = _seated(interaction, game_id)
    targets = [lo for lo in live.treppen.legal_layoffs(seat.seat) if lo.card is card]
    if len(targets) == 1:
        await _act(interaction, game_id, argument, lambda live, seat: targets[0])
        return
    state = HandState.decode(argument)
    async with live.lock:
        if targets:
            note = f"{card} fits in more than one place: choose where."
            state = HandState(state.version, state.sort, state.page, card.code)
        else:
            note = f"⚠️ {card} does not fit any meld on the table now."
        kwargs = await _payload_for(interaction, live, seat, state, note)
    await interaction.response.edit_message(**kwargs)


async def on_lay_to(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    card, meld, end = parse_target(first_value(interaction))
    await _act(
        interaction, game_id, argument, lambda live, seat: LayOff(seat.seat, card, meld, end)
    )


async def on_discard(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    card = _card_from(first_value(interaction))
    await _act(interaction, game_id, argument, lambda live, seat: Discard(seat.seat, card))


async def _redraw(
    interaction: discord.Interaction, game_id: int, state: HandState, note: str = ""
) -> None:
    live, seat = _seated(interaction, game_id)
    async with live.lock:
        kwargs = await _payload_for(interaction, live, seat, state, note)
    await interaction.response.edit_message(**kwargs)


async def on_sort(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    state = HandState.decode(argument)
    flipped = HandState(state.version, "r" if state.sort == "s" else "s", state.page)
    await _redraw(interaction, game_id, flipped)


async def on_page(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    await _redraw(interaction, game_id, HandState.decode(argument))


async def on_refresh(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    state = HandState.decode(argument)
    await _redraw(interaction, game_id, HandState(sort=state.sort, page=state.page))


async def on_hint(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    live, seat = _seated(interaction, game_id)
    state = HandState.decode(argument)
    await _redraw(
        interaction, game_id, HandState(sort=state.sort, page=state.page), hint_text(live, seat)
    )


# ---------------------------------------------------------------- typing modal
class PlayModal(discord.ui.Modal):
    """Type cards instead of picking them: works for hands and staircases of any size."""

    def __init__(self, game_id: int, draw_phase: bool, state: HandState) -> None:
        super().__init__(title="Play by typing", timeout=900)
        self.game_id = game_id
        self.state = state
        self.draw_phase = draw_phase
        self.take: discord.ui.TextInput[PlayModal] | None = None
        if draw_phase:
            self.take = discord.ui.TextInput(
                label="Take: staircase position, or 'talon'",
                custom_id="take",
                placeholder="e.g. 3 (takes card 3 and all above it) or talon",
                max_length=10,
            )
            self.add_item(self.take)
            return
        self.meld: discord.ui.TextInput[PlayModal] = discord.ui.TextInput(
            label="Meld (3 or more cards)",
            placeholder="Q♥ K♥ A♥  or  qh kh ah",
            required=False,
            custom_id="meld",
        )
        self.layoff: discord.ui.TextInput[PlayModal] = discord.ui.TextInput(
            label="Lay off: card, meld number, end (optional)",
            custom_id="layoff",
            placeholder="7♠ 2   or   A♥ 1 high",
            required=False,
            max_length=20,
        )
        self.discard: discord.ui.TextInput[PlayModal] = discord.ui.TextInput(
            label="Discard (ends your turn)",
            placeholder="9♣",
            required=False,
            max_length=6,
            custom_id="discard",
        )
        for item in (self.meld, self.layoff, self.discard):
            self.add_item(item)

    def actions(self, seat: int) -> list[Action]:
        if self.take is not None:
            text = self.take.value.strip().lower()
            if text in ("talon", "t", "draw"):
                return [DrawTalon(seat)]
            position = small_number(text)
            if position is None:
                raise Refusal("Type a staircase position (a number such as 3) or 'talon'.")
            return [TakeStaircase(seat, position - 1)]
        actions: list[Action] = []
        if self.meld.value.strip():
            actions.append(Meld(seat, tuple(parse_cards(self.meld.value))))
        if self.layoff.value.strip():
            actions.append(parse_layoff(seat, self.layoff.value))
        if self.discard.value.strip():
            cards = parse_cards(self.discard.value)
            if len(cards) != 1:
                raise Refusal("Discard exactly one card.")
            actions.append(Discard(seat, cards[0]))
        if not actions:
            raise Refusal("Nothing typed, so nothing changed.")
        return actions

    async def on_submit(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            live, seat = _seated(interaction, self.game_id)
            async with live.lock:
                done: list[str] = []
                note = ""
                try:
                    for action in self.actions(seat.seat):
                        await _bot(interaction).service.apply(live, action)
                        done.append(live.log)
                except (RulesError, Refusal) as error:
                    note = f"⚠️ {error}"
                summary = " ".join(f"✅ {line}" for line in done)
                kwargs = await _payload_for(
                    interaction,
                    live,
                    seat,
                    HandState(sort=self.state.sort),
                    " ".join(p for p in (summary, note) if p),
                )
            if interaction.message is not None:
                await interaction.response.edit_message(**kwargs)
            else:
                kwargs.pop("attachments", None)
                await interaction.response.send_message(ephemeral=True, **kwargs)


def parse_layoff(seat: int, text: str) -> LayOff:
    """'7♠ 2' or '7♠ 2 high' or 'A♥ 1 low': card, meld number and optional end."""
    words = text.replace(",", " ").split()
    number = small_number(words[1]) if len(words) >= 2 else None
    if number is None:
        raise Refusal("Write the card, then the meld number from the table, e.g. 7♠ 2.")
    card = parse_cards(words[0])[0]
    end: End | None = None
    if len(words) > 2:
        word = words[2].lower()
        if word in ("low", "l", "start", "before"):
            end = End.LOW
        elif word in ("high", "h", "end", "after"):
            end = End.HIGH
        else:
            raise Refusal("The end is 'low' or 'high'.")
    return LayOff(seat, card, number - 1, end)


async def on_type(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    live, seat = _seated(interaction, game_id)
    game = live.game
    assert game is not None
    if game.to_act != seat.seat or game.phase is Phase.OVER:
        raise Refusal(f"It is {live.names[game.to_act]}'s turn.")
    modal = PlayModal(game_id, game.phase is Phase.DRAW, HandState.decode(argument))
    await interaction.response.send_modal(modal)


# ---------------------------------------------------------------- slash commands
def _channel_seat(interaction: discord.Interaction) -> tuple[LiveGame, Seat]:
    service = _bot(interaction).service
    live = service.require_channel_game(interaction.channel_id or 0)
    return live, service.require_seat(live, interaction.user.id)


async def _command_act(
    interaction: discord.Interaction, make: Callable[[Seat], Action | VariantAction]
) -> None:
    async with refusals(interaction):
        live, seat = _channel_seat(interaction)
        bot = _bot(interaction)
        async with live.lock:
            await bot.service.apply(live, make(seat))
            payload = await hand_payload(
                live, seat, HandState(), f"✅ {live.log}", with_image=bot.settings.render_images
            )
        await interaction.response.send_message(ephemeral=True, **payload.send_kwargs())


async def hand_command(interaction: discord.Interaction) -> None:
    """Show your hand privately, with controls for your turn."""
    async with refusals(interaction):
        live, seat = _channel_seat(interaction)
        bot = _bot(interaction)
        async with live.lock:
            payload = await hand_payload(
                live, seat, HandState(), with_image=bot.settings.render_images
            )
        await interaction.response.send_message(ephemeral=True, **payload.send_kwargs())


async def draw_command(interaction: discord.Interaction) -> None:
    """Draw the top card of the talon."""
    await _command_act(interaction, lambda seat: DrawTalon(seat.seat))


async def _staircase_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    live = _bot(interaction).service.in_channel(interaction.channel_id or 0)
    if live is None or live.game is None:
        return []
    if live.options.is_variant:
        top = live.game.public_view().discard_top  # type: ignore[union-attr]
        return [] if top is None else [app_commands.Choice(name=f"discard pile: {top}", value=1)]
    staircase = live.treppen.public_view().staircase
    choices = [
        app_commands.Choice(
            name=f"{i + 1}: {staircase[i]} (takes {len(staircase) - i})", value=i + 1
        )
        for i in range(len(staircase) - 1, -1, -1)
    ]
    return [c for c in choices if current.strip() in c.name][:25]


@app_commands.describe(position="Staircase position, 1 = bottom; you take it and every card above")
@app_commands.autocomplete(position=_staircase_choices)
async def take_command(interaction: discord.Interaction, position: int) -> None:
    """Take a staircase card and every card above it (Rommé, Wiener: the discard pile's top)."""
    live = _bot(interaction).service.in_channel(interaction.channel_id or 0)
    if live is not None and live.options.is_variant:
        # These games have a discard pile instead of a staircase: only its top can be taken.
        await _command_act(interaction, lambda seat: TakeDiscard(seat.seat))
        return
    await _command_act(interaction, lambda seat: TakeStaircase(seat.seat, position - 1))


def _hand_of(interaction: discord.Interaction) -> tuple[LiveGame, Seat] | None:
    live = _bot(interaction).service.in_channel(interaction.channel_id or 0)
    if live is None or live.game is None:
        return None
    seat = live.seat_of(interaction.user.id)
    return None if seat is None else (live, seat)


async def _meld_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    found = _hand_of(interaction)
    if found is None or found[0].options.variant == "wiener":
        return []  # Wiener Rummy melds nothing during play
    live, seat = found
    assert live.game is not None
    hand = live.game.private_view(seat.seat).hand
    variant = live.options.variant
    options = meld_options(hand) if live.options.is_variant else possible_melds(hand)
    scored = sorted(((meld_points(m, variant=variant), m) for m in options), key=lambda p: -p[0])
    choices = [
        app_commands.Choice(name=f"{format_cards(m)} ({points})", value=format_cards(m))
        for points, m in scored
    ]
    if current.strip():
        choices = [c for c in choices if c.value.lower().startswith(current.strip().lower())]
        choices.append(app_commands.Choice(name=current[:100], value=current[:100]))
    choices.append(
        app_commands.Choice(
            name=f"Your hand: {format_cards(hand)}"[:100], value=current[:100] or "?"
        )
    )
    return choices[:25]


@app_commands.describe(cards="The cards, e.g. Q♥ K♥ A♥ or qh kh ah")
@app_commands.autocomplete(cards=_meld_choices)
async def meld_command(interaction: discord.Interaction, cards: str) -> None:
    """Lay 3 or more cards from your hand as a set or a run."""
    await _command_act(interaction, lambda seat: Meld(seat.seat, tuple(parse_cards(cards))))


async def _layoff_card_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    found = _hand_of(interaction)
    if found is None:
        return []
    live, seat = found
    if live.options.is_variant:
        assert live.game is not None
        legal = live.game.legal_actions() if live.game.to_act == seat.seat else []
        layoffs = [a for a in legal if isinstance(a, LayOff)]
    else:
        layoffs = live.treppen.legal_layoffs(seat.seat)
    seen: list[str] = []
    for layoff in layoffs:
        if str(layoff.card) not in seen:
            seen.append(str(layoff.card))
    return [app_commands.Choice(name=c, value=c) for c in seen][:25]


async def _layoff_meld_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    live = _bot(interaction).service.in_channel(interaction.channel_id or 0)
    if live is None or live.game is None:
        return []
    choices = []
    for meld in getattr(live.game.public_view(), "melds", ()):  # Wiener Rummy has none
        cards = format_cards([p.card for p in meld.cards])
        choices.append(app_commands.Choice(name=f"{meld.id + 1}: {cards}"[:100], value=meld.id + 1))
    return choices[:25]


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
        lambda seat: LayOff(seat.seat, parse_cards(card)[0], meld - 1, chosen_end),
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
    return [app_commands.Choice(name=n, value=n) for n in names][:25]


@app_commands.describe(card="The card to put on the staircase; this ends your turn")
@app_commands.autocomplete(card=_discard_choices)
async def discard_command(interaction: discord.Interaction, card: str) -> None:
    """Discard one card onto the staircase and end your turn."""
    await _command_act(interaction, lambda seat: Discard(seat.seat, parse_cards(card)[0]))


HANDLERS = {
    "hand": on_hand_button,
    "h_draw": on_draw,
    "h_take": on_take,
    "h_meld": on_meld,
    "h_lay": on_lay,
    "h_layto": on_lay_to,
    "h_discard": on_discard,
    "h_sort": on_sort,
    "h_page": on_page,
    "h_refresh": on_refresh,
    "h_hint": on_hint,
    "h_type": on_type,
}


def owned(handler: components.Handler) -> components.Handler:
    """Guard a hand control: only the member whose hand drew it may use it."""

    async def guarded(interaction: discord.Interaction, game_id: int, argument: str) -> None:
        owner = HandState.decode(argument).seat
        if owner >= 0 and _seated(interaction, game_id)[1].seat != owner:
            raise Refusal(NOT_YOURS)
        await handler(interaction, game_id, argument)

    return guarded


async def setup(bot: TreppenBot) -> None:
    from bot.hand.variant import HANDLERS as VARIANT_HANDLERS

    for operation, handler in {**HANDLERS, **VARIANT_HANDLERS}.items():
        components.register(operation, handler if operation == "hand" else owned(handler))
    group = bot.treppe
    group.add_command(app_commands.command(name="hand")(hand_command))
    group.add_command(app_commands.command(name="draw")(draw_command))
    group.add_command(app_commands.command(name="take")(take_command))
    group.add_command(app_commands.command(name="meld")(meld_command))
    group.add_command(app_commands.command(name="layoff")(layoff_command))
    group.add_command(app_commands.command(name="discard")(discard_command))


__all__ = ["end_label", "setup"]
