"""Cards you tap: what the hand offers for the cards a member has tapped, written once for every
game from the game's legal moves.

A member taps cards (each tap toggles one into the selection) and the hand offers exactly the
moves those cards allow: "Meld · 30", "Discard 7♦", "On Ben's run 9♣–Q♣", "Knock, discarding
7♦"... With nothing tapped it offers the moves that need no cards (draw, take, take back,
buy back) and the game's one-tap suggestions (its best melds, a knock). A move that ends a
turn for good by surprise (going out, a knock) asks once.

The offers are a pure function of the game state and the selection, so a button only carries
its index: the click recomputes the same list (the table version in the button proves the
state is the same) and plays the move at that index."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import discord

from bot.core.handstate import AnyHandContext
from bot.core.presenter import AnyPresenter
from bot.hand.takes import is_deep_take
from engine.actions import (
    Action,
    BuyBack,
    CallRummy,
    Discard,
    DrawTalon,
    End,
    JokerSwap,
    Knock,
    LayOff,
    Meld,
    MeldKind,
    TakeBack,
    TakeDiscard,
)
from engine.cards import Card, format_cards
from engine.i18n import _

MAX_OFFERS = 8  # two rows of four buttons (the hand keeps within Discord's 40 components)
SUGGESTIONS = 2  # one-tap suggestions shown with nothing tapped


@dataclass(frozen=True, slots=True)
class Offer:
    """One move the hand offers as a button."""

    action: Action
    label: str
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    emoji: str | None = None
    confirm: bool = False  # asks "really?" once before it is played


def cards_used(action: Action) -> tuple[Card, ...]:
    """The hand cards a move uses (a joker swap's new meld names the joker it frees: not
    from the hand)."""
    if isinstance(action, Meld):
        return action.cards
    if isinstance(action, LayOff | Discard | Knock | CallRummy):
        return (action.card,)
    if isinstance(action, JokerSwap):
        return (action.card, *(c for c in action.cards if not c.is_joker))
    return ()


def selected_cards(ctx: AnyHandContext) -> list[Card]:
    """The tapped cards, in the order the hand shows them."""
    return [ctx.cards[i] for i in ctx.state.positions() if i < len(ctx.cards)]


def _same_cards(a: Sequence[Card], b: Sequence[Card]) -> bool:
    return Counter(c.code for c in a) == Counter(c.code for c in b)


def ends_turn_for_good(action: Action, ctx: AnyHandContext) -> bool:
    """Going out, a knock or a Rummy call: no way back, and easy to hit by mistake."""
    if isinstance(action, Knock | CallRummy):
        return True
    used = cards_used(action)
    return bool(used) and len(used) >= len(ctx.private.hand) and not isinstance(action, JokerSwap)


def offers(ctx: AnyHandContext, shown: AnyPresenter) -> list[Offer]:
    """Every move the hand offers now, in a fixed order (buttons carry their index)."""
    if not ctx.legal:
        return []
    chosen = selected_cards(ctx)
    if chosen:
        actions = [a for a in ctx.legal if cards_used(a) and _same_cards(cards_used(a), chosen)]
    else:
        actions = [a for a in ctx.legal if not cards_used(a) and not is_deep_take(a)]
        picked = [a for a in shown.suggestions(ctx) if a in ctx.legal and a not in actions]
        actions.extend(picked[:SUGGESTIONS])
    words = Wording(ctx, shown, bool(chosen), sum(isinstance(a, Meld) for a in actions))
    return [_offer(action, words) for action in actions[:MAX_OFFERS]]


@dataclass(frozen=True)
class Wording:
    """What the offers' words need: the hand, its game, whether cards are tapped, how many
    melds are offered (several: each names its cards) and the hand's meld points."""

    ctx: AnyHandContext
    shown: AnyPresenter
    tapped: bool
    melds_offered: int

    @cached_property
    def points(self) -> dict[tuple[str, ...], int]:
        """The points the game gives each meld the hand allows, by its cards (computed once)."""
        return {_key(cards): p for p, cards in self.shown.meld_options(self.ctx.private.hand)}

    def meld_points(self, cards: Sequence[Card]) -> int | None:
        """A meld's points as the game counts them (None: the game does not say)."""
        return self.points.get(_key(cards))


def _key(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(sorted(c.code for c in cards))


def _offer(action: Action, words: Wording) -> Offer:
    ctx = words.ctx
    label = words.shown.action_label(action, ctx) or default_label(action, words)
    style = discord.ButtonStyle.secondary
    emoji: str | None = None
    if isinstance(action, DrawTalon | TakeDiscard | Meld):
        style = discord.ButtonStyle.primary
    if isinstance(action, Knock | CallRummy) or ends_turn_for_good(action, ctx):
        style, emoji = discord.ButtonStyle.success, "🏁"
    if isinstance(action, Discard) and not ends_turn_for_good(action, ctx):
        style = discord.ButtonStyle.danger
    return Offer(action, label[:80], style, emoji, ends_turn_for_good(action, ctx))


def default_label(action: Action, words: Wording) -> str:
    """The button's words for a move of the shared vocabulary."""
    ctx = words.ctx
    if isinstance(action, DrawTalon):
        return _("Draw from the {stock}", stock=_(words.shown.stock_word))
    if isinstance(action, TakeDiscard):
        return _("Take {card}", card=_top(ctx))
    if isinstance(action, Meld):
        return _meld_label(action, words)
    if isinstance(action, LayOff):
        return layoff_label(action, ctx)
    if isinstance(action, Discard):
        if ends_turn_for_good(action, ctx):
            return _("Discard {card} and go out", card=action.card)
        return _("Discard {card}", card=action.card)
    if isinstance(action, Knock):
        return _("Knock, discarding {card}", card=action.card)
    if isinstance(action, CallRummy):
        return _("Call Rummy, discarding {card}", card=action.card)
    if isinstance(action, JokerSwap):
        return _("Swap {card} for the joker", card=action.card)
    if isinstance(action, TakeBack):
        return _("Take back the first meld")
    if isinstance(action, BuyBack):
        return _("Buy back in") if action.accept else _("Let it pass")
    return type(action).__name__


def _top(ctx: AnyHandContext) -> str:
    pile = ctx.public.discard_pile
    return str(pile[-1]) if pile else "?"


def _meld_label(action: Meld, words: Wording) -> str:
    points = words.meld_points(action.cards)
    cards = format_cards(action.cards)
    if words.tapped and words.melds_offered == 1:  # the tapped cards say which
        return _("Meld · {points}", points=points) if points is not None else _("Meld")
    if points is None:
        return _("Meld {cards}", cards=cards)
    return _("Meld {cards} · {points}", cards=cards, points=points)


def layoff_label(action: LayOff, ctx: AnyHandContext) -> str:
    """'On Ben's run 9♣–Q♣ (high end)': whose meld, which, and where when a run has two."""
    meld = next((m for m in ctx.public.melds if m.id == action.meld_id), None)
    if meld is None:
        return _("Lay off on meld {value}", value=action.meld_id + 1)
    cards = [p.card for p in meld.cards]
    shape = f"{cards[0]}–{cards[-1]}" if meld.kind is MeldKind.RUN else format_cards(cards)
    end = ""
    if action.end is End.LOW:
        end = _(" (low end)")
    elif action.end is End.HIGH:
        end = _(" (high end)")
    if meld.owner == ctx.seat.seat:
        return _("On your meld {shape}{end}", shape=shape, end=end)
    name = ctx.live.names[meld.owner]
    return _("On {name}'s meld {shape}{end}", name=name, shape=shape, end=end)
