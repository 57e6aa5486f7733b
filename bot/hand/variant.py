"""The private hand of Rommé and Wiener Rummy: draw from the stock or take the discard pile's
top, meld, lay off, discard, Rommé's take-back and (typed) joker swap, Wiener Rummy's knock,
Rummy call and buy-back. Refusals show the engine's reason privately and change nothing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from bot.core import components as ui
from bot.core import images
from bot.core.errors import Refusal, refusals
from bot.core.model import LiveGame, Seat
from bot.core.tablemsg import COLOUR, Payload
from bot.core.texts import arrangement_text
from bot.hand.ui import OUT_OF_DATE, HandState, end_label, first_value, parse_target, small_number
from engine import (
    Card,
    Discard,
    DrawTalon,
    LayOff,
    Meld,
    RulesError,
    format_cards,
    parse_cards,
)
from engine.variants import (
    BuyBack,
    CallRummy,
    JokerSwap,
    Knock,
    TakeBack,
    TakeDiscard,
    VariantPhase,
    arrange,
    deadwood,
    hand_value,
    meld_options,
)
from engine.variants.melds import analyse_variant_meld

if TYPE_CHECKING:
    from bot.app import TreppenBot

OPTION_LIMIT = 25


def _bot(interaction: discord.Interaction) -> TreppenBot:
    return interaction.client  # type: ignore[return-value]


def _legal_for(live: LiveGame, seat: Seat) -> list[Any]:
    game = live.game
    assert game is not None
    if game.to_act != seat.seat or game.phase is VariantPhase.OVER:
        return []
    return list(game.legal_actions())


def best_close(live: LiveGame, seat: Seat, kind: type[Knock] | type[CallRummy]) -> Any:
    """The knock (or Rummy call) a button stands for: discard the card that leaves the least
    deadwood (the dearest such card). When none is legal the engine says why."""
    game = live.game
    assert game is not None
    legal = [a for a in _legal_for(live, seat) if isinstance(a, kind)]
    hand = list(game.private_view(seat.seat).hand)
    if legal:
        candidates = [a.card for a in legal]
    else:
        candidates = list(dict.fromkeys(hand)) or [Card.parse("Jo")]

    def cost(card: Card) -> tuple[int, int]:
        rest = list(hand)
        if card in rest:
            rest.remove(card)
        return (deadwood(rest), -hand_value(card))

    return kind(seat.seat, min(candidates, key=cost))


def hint_text(live: LiveGame, seat: Seat) -> str:
    game = live.game
    assert game is not None
    hand = game.private_view(seat.seat).hand
    if live.variant == "wiener":
        laid = arrange(hand)
        return f"💡 Best arrangement: {arrangement_text(laid)}."
    lines = []
    shapes = []
    for cards in meld_options(hand):
        try:
            shapes.append(analyse_variant_meld(cards))
        except RulesError:
            continue
    for shape in sorted(shapes, key=lambda m: -m.total)[:8]:
        lines.append(f"• meld {format_cards(shape.cards)} for {shape.total}")
    for action in _legal_for(live, seat):
        if isinstance(action, LayOff) and len(lines) < 16:
            place = "" if action.end is None else f" ({end_label(action.end)})"
            lines.append(f"• lay off {action.card} on meld {action.meld_id + 1}{place}")
    if not lines:
        return "💡 No meld or lay-off in your hand right now."
    return "💡 You could:\n" + "\n".join(lines)


def _status(live: LiveGame, seat: Seat, public: Any) -> str:
    mine = public.to_act == seat.seat
    if public.phase is VariantPhase.OVER:
        return "The session is over."
    if not mine:
        return f"Waiting for {live.names[public.to_act]}."
    if public.phase is VariantPhase.BUY_BACK:
        return "**Your decision:** buy back in, or let the chance pass?"
    if public.phase is VariantPhase.DRAW:
        return "**Your turn:** draw from the stock or take the top card of the discard pile."
    if live.variant == "romme":
        return "**Your turn:** meld, lay off or swap jokers as you like, then discard one card."
    if public.knocker is not None:
        return "**Your last turn after the knock:** discard one card."
    return "**Your turn:** discard one card, or knock or call Rummy with your discard."


async def variant_hand_payload(
    live: LiveGame, seat: Seat, state: HandState, note: str = "", *, with_image: bool
) -> Payload:
    game = live.game
    assert game is not None
    private: Any = game.private_view(seat.seat)
    public = private.public
    state = replace(state, version=public.version, page=0, layoff_card="", seat=seat.seat)
    cards = images.sort_cards(private.hand, state.sort_name)
    legal = _legal_for(live, seat)
    lines = [note] if note else []
    lines.append(_status(live, seat, public))
    lines.append(f"**Your hand ({len(cards)}):** {format_cards(cards) or '—'}")
    if private.locked_discard is not None and len(cards) > 1:
        lines.append(f"You took {private.locked_discard} from the discard pile: it cannot go back.")
    me = public.seats[seat.seat]
    if live.variant == "romme":
        if getattr(private, "must_meld", None) is not None:
            lines.append(f"You must play {private.must_meld} before you discard.")
        if me.opened:
            lines.append(f"Your first meld is down ({me.opening_points}).")
        else:
            lines.append(f"First meld: {me.opening_points} of {public.opening_minimum} points.")
        footer = f"{seat.name} · {me.minus} minus points"
    else:
        lines.append(f"Deadwood in your hand: **{private.deadwood}**.")
        footer = f"{seat.name} · {me.bad_points} bad points · {me.chips:+d} chips"
    top = str(public.discard_top) if public.discard_top is not None else "empty"
    lines.append(f"Discard pile: top **{top}** · stock {public.stock_count}")
    embed = discord.Embed(
        title=f"Your hand — {live.options.title}, round {public.round_number}",
        description="\n".join(lines)[:4000],
        colour=COLOUR,
    )
    embed.set_footer(text=footer)
    files: list[discord.File] = []
    if with_image:
        picture = images.as_file(
            await images.variant_hand_image(cards, private.locked_discard), "hand.png"
        )
        if picture is not None:
            files.append(picture)
            embed.set_image(url="attachment://hand.png")

    arg = state.encode()
    gid = live.id
    items: list[ui.GameComponent] = []
    sort_label = "Sort by rank" if state.sort == "s" else "Sort by suit"
    items.append(ui.button(gid, "h_sort", arg, label=sort_label, row=0))
    items.append(ui.button(gid, "v_hint", arg, label="Hint", emoji="💡", row=0))
    if legal:
        items.append(ui.button(gid, "v_type", arg, label="Type cards", emoji="⌨️", row=0))
    items.append(ui.button(gid, "h_refresh", arg, label="Refresh", emoji="🔄", row=0))
    phase = public.phase
    if legal and phase is VariantPhase.DRAW:
        items.append(
            ui.button(
                gid,
                "v_draw",
                arg,
                label=f"Draw from stock ({public.stock_count})",
                style=discord.ButtonStyle.primary,
                disabled=DrawTalon(seat.seat) not in legal,
                row=1,
            )
        )
        items.append(
            ui.button(
                gid,
                "v_take",
                arg,
                label=f"Take {top} from the discard pile",
                disabled=TakeDiscard(seat.seat) not in legal,
                row=1,
            )
        )
    elif legal and phase is VariantPhase.BUY_BACK:
        items.append(
            ui.button(
                gid, "v_buy", arg, label="Buy back in", style=discord.ButtonStyle.success, row=1
            )
        )
        items.append(ui.button(gid, "v_pass", arg, label="No, thanks", row=1))
    elif legal and phase is VariantPhase.PLAY:
        if live.variant == "romme":
            _romme_play_items(items, live, seat, arg, cards, legal)
        else:
            _wiener_play_items(items, live, seat, arg, cards, legal)
    return Payload(embeds=[embed], files=files, view=ui.persistent_view(*items))


def _card_options(cards: Sequence[Card]) -> list[discord.SelectOption]:
    """Two packs: a card may be there twice, so values carry the position as well."""
    return [
        discord.SelectOption(label=str(c), value=f"{i}:{c.code}")
        for i, c in enumerate(cards[:OPTION_LIMIT])
    ]


def _romme_play_items(
    items: list[ui.GameComponent],
    live: LiveGame,
    seat: Seat,
    arg: str,
    cards: Sequence[Card],
    legal: list[Any],
) -> None:
    gid = live.id
    if any(isinstance(a, TakeBack) for a in legal):
        items.append(ui.button(gid, "v_back", arg, label="Take back the first meld", row=1))
    if cards:
        items.append(
            ui.select(
                gid,
                "v_meld",
                arg,
                _card_options(cards),
                placeholder="Meld: choose 3 or more cards (in run order)…",
                max_values=min(len(cards), OPTION_LIMIT),
                row=2,
            )
        )
    layoffs = [a for a in legal if isinstance(a, LayOff)][:OPTION_LIMIT]
    if layoffs:
        items.append(
            ui.select(
                gid,
                "v_lay",
                arg,
                [_layoff_option(a) for a in layoffs],
                placeholder="Lay off a card…",
                row=3,
            )
        )
    discards = {a.card for a in legal if isinstance(a, Discard)}
    shown = [c for c in cards if c in discards]
    if shown:
        items.append(
            ui.select(
                gid,
                "v_discard",
                arg,
                _card_options(shown),
                placeholder="Discard a card (ends your turn)…",
                row=4,
            )
        )


def _layoff_option(action: LayOff) -> discord.SelectOption:
    end = "-" if action.end is None else action.end.value
    where = "" if action.end is None else f" ({end_label(action.end)})"
    return discord.SelectOption(
        label=f"{action.card} on meld {action.meld_id + 1}{where}",
        value=f"{action.card.code}:{action.meld_id}:{end}",
    )


def _wiener_play_items(
    items: list[ui.GameComponent],
    live: LiveGame,
    seat: Seat,
    arg: str,
    cards: Sequence[Card],
    legal: list[Any],
) -> None:
    gid = live.id
    public: Any = live.game.public_view() if live.game else None
    if public is not None and public.knocker is None:
        can_knock = any(isinstance(a, Knock) for a in legal)
        knock = best_close(live, seat, Knock) if can_knock else None
        items.append(
            ui.button(
                gid,
                "v_knock",
                arg,
                label=f"Knock (discard {knock.card})" if knock else "Knock",
                style=discord.ButtonStyle.primary,
                emoji="👊",
                disabled=not can_knock,
                row=1,
            )
        )
        can_call = any(isinstance(a, CallRummy) for a in legal)
        rummy = best_close(live, seat, CallRummy) if can_call else None
        items.append(
            ui.button(
                gid,
                "v_rummy",
                arg,
                label=f"Call Rummy (discard {rummy.card})" if rummy else "Call Rummy",
                style=discord.ButtonStyle.success,
                emoji="🎉",
                disabled=not can_call,
                row=1,
            )
        )
    discards = {a.card for a in legal if isinstance(a, Discard)}
    shown = [c for c in cards if c in discards]
    if shown:
        items.append(
            ui.select(
                gid,
                "v_discard",
                arg,
                _card_options(shown),
                placeholder="Discard a card (ends your turn)…",
                row=2,
            )
        )


# ---------------------------------------------------------------- handlers
def _selected_cards(interaction: discord.Interaction) -> list[Card]:
    values = ui.selected_values(interaction)
    return [Card.parse(v.partition(":")[2] or v) for v in values]


async def on_draw(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    from bot.hand import _act

    await _act(interaction, game_id, argument, lambda live, seat: DrawTalon(seat.seat))


async def on_take(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    from bot.hand import _act

    await _act(interaction, game_id, argument, lambda live, seat: TakeDiscard(seat.seat))


async def on_meld(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    from bot.hand import _act

    cards = tuple(_selected_cards(interaction))
    await _act(interaction, game_id, argument, lambda live, seat: Meld(seat.seat, cards))


async def on_lay(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    from bot.hand import _act

    card, meld, end = parse_target(first_value(interaction))
    await _act(
        interaction, game_id, argument, lambda live, seat: LayOff(seat.seat, card, meld, end)
    )


async def on_discard(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    from bot.hand import _act

    cards = _selected_cards(interaction)
    if not cards:
        raise Refusal(OUT_OF_DATE)
    card = cards[0]
    await _act(interaction, game_id, argument, lambda live, seat: Discard(seat.seat, card))


async def on_back(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    from bot.hand import _act

    await _act(interaction, game_id, argument, lambda live, seat: TakeBack(seat.seat))


async def on_knock(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    from bot.hand import _act

    await _act(interaction, game_id, argument, lambda live, seat: best_close(live, seat, Knock))


async def on_rummy(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    from bot.hand import _act

    await _act(interaction, game_id, argument, lambda live, seat: best_close(live, seat, CallRummy))


async def on_buy(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    from bot.hand import _act

    await _act(interaction, game_id, argument, lambda live, seat: BuyBack(seat.seat, True))


async def on_pass(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    from bot.hand import _act

    await _act(interaction, game_id, argument, lambda live, seat: BuyBack(seat.seat, False))


async def on_hint(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    from bot.hand import _redraw, _seated

    live, seat = _seated(interaction, game_id)
    state = HandState.decode(argument)
    await _redraw(interaction, game_id, HandState(sort=state.sort), hint_text(live, seat))


# ---------------------------------------------------------------- typing
def parse_swap(seat: int, text: str) -> JokerSwap:
    """'swap Q♥ on 3 with 10♥ J♥' (or 'Q♥ 3 10♥ J♥'): the natural card, the meld number of
    the joker, then the new meld's hand cards; the joker is added to them unless named."""
    words = [
        w for w in text.replace(",", " ").split() if w.lower() not in ("swap", "on", "with", "in")
    ]
    number = small_number(words[1]) if len(words) >= 4 else None
    if number is None:
        raise Refusal("Write: swap Q♥ on 3 with 10♥ J♥ (card, meld number, the new meld).")
    card = parse_cards(words[0])[0]
    new = list(parse_cards(" ".join(words[2:])))
    if not any(c.is_joker for c in new):
        new.append(Card.parse("Jo"))
    return JokerSwap(seat, card, number - 1, tuple(new))


def parse_one(text: str) -> Card:
    cards = parse_cards(text)
    if len(cards) != 1:
        raise Refusal("Name exactly one card.")
    return cards[0]


class VariantPlayModal(discord.ui.Modal):
    """Type the move: draws, melds, lay-offs, joker swaps, discards, knocks and Rummy calls."""

    def __init__(self, game_id: int, variant: str, phase: VariantPhase, state: HandState) -> None:
        super().__init__(title="Play by typing", timeout=900)
        self.game_id = game_id
        self.variant = variant
        self.phase = phase
        self.state = state
        self.fields: dict[str, discord.ui.TextInput[VariantPlayModal]] = {}
        if phase is VariantPhase.DRAW:
            self._field("take", "Draw: 'stock' or 'discard'", "stock", required=True)
        elif variant == "romme":
            self._field("meld", "Meld (3 or more cards, in run order)", "10♥ J♥ Q♥  or  Jo 5s 6s")
            self._field("layoff", "Lay off: card, meld number, end (optional)", "7♠ 2 high")
            self._field("swap", "Joker swap", "swap Q♥ on 3 with 10♥ J♥")
            self._field("discard", "Discard (ends your turn)", "9♣")
        else:
            self._field(
                "discard",
                "Discard, or knock / rummy with a discard",
                "9♣  ·  knock 9♣  ·  rummy 9♣",
            )

    def _field(self, key: str, label: str, placeholder: str, required: bool = False) -> None:
        item: discord.ui.TextInput[VariantPlayModal] = discord.ui.TextInput(
            label=label[:45], placeholder=placeholder, required=required, custom_id=key
        )
        self.fields[key] = item
        self.add_item(item)

    def _value(self, key: str) -> str:
        item = self.fields.get(key)
        return item.value.strip() if item is not None and item.value else ""

    def actions(self, seat: int) -> list[Any]:
        from bot.hand import parse_layoff

        if self.phase is VariantPhase.DRAW:
            text = self._value("take").lower()
            if text in ("stock", "s", "draw", "talon", "t"):
                return [DrawTalon(seat)]
            if text in ("discard", "d", "pile", "take", "upcard"):
                return [TakeDiscard(seat)]
            raise Refusal("Type 'stock' or 'discard'.")
        actions: list[Any] = []
        if self.variant == "romme":
            if self._value("meld"):
                actions.append(Meld(seat, tuple(parse_cards(self._value("meld")))))
            if self._value("layoff"):
                actions.append(parse_layoff(seat, self._value("layoff")))
            if self._value("swap"):
                actions.append(parse_swap(seat, self._value("swap")))
            if self._value("discard"):
                actions.append(Discard(seat, parse_one(self._value("discard"))))
        elif self._value("discard"):
            words = self._value("discard").split(maxsplit=1)
            verb = words[0].lower()
            if verb in ("knock", "rummy") and len(words) == 2:
                kind = Knock if verb == "knock" else CallRummy
                actions.append(kind(seat, parse_one(words[1])))
            else:
                actions.append(Discard(seat, parse_one(self._value("discard"))))
        if not actions:
            raise Refusal("Nothing typed, so nothing changed.")
        return actions

    async def on_submit(self, interaction: discord.Interaction) -> None:
        from bot.hand import _payload_for, _seated

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


async def on_type(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    from bot.hand import _seated

    live, seat = _seated(interaction, game_id)
    game = live.game
    assert game is not None
    if game.to_act != seat.seat or game.phase is VariantPhase.OVER:
        raise Refusal(f"It is {live.names[game.to_act]}'s turn.")
    if game.phase is VariantPhase.BUY_BACK:
        raise Refusal("Use the buttons to buy back in or let the chance pass.")
    phase = VariantPhase(game.phase.value)
    modal = VariantPlayModal(game_id, live.variant, phase, HandState.decode(argument))
    await interaction.response.send_modal(modal)


HANDLERS = {
    "v_draw": on_draw,
    "v_take": on_take,
    "v_meld": on_meld,
    "v_lay": on_lay,
    "v_discard": on_discard,
    "v_back": on_back,
    "v_knock": on_knock,
    "v_rummy": on_rummy,
    "v_buy": on_buy,
    "v_pass": on_pass,
    "v_hint": on_hint,
    "v_type": on_type,
}
