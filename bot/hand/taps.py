"""Cards you tap: what the hand offers for the cards a member has tapped, written once for every
game from the game's legal moves.

A member taps cards (each tap toggles one into the selection) and the hand offers exactly the
moves those cards allow: "Meld · 30", "Discard 7♦", "On Ben's meld 9♣–Q♣", "Knock"... With
nothing tapped it offers the moves that need no cards (draw, take, take back, buy back) and
the game's one-tap suggestions (its best melds, a lay-off, the discard its hint names, a
knock). A move that ends a turn for good by surprise (going out, a knock) asks once.

Where the card emojis are on, a button shows its card as its one emoji (a run: its suit) and
its words name no suit: Unicode suits on a button blur (♦ red where the cards are blue).

The offers are a pure function of the game state and the selection, so a button only carries
its index: the click recomputes the same list (the table version in the button proves the
state is the same) and plays the move at that index."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

import discord

from bot.core.emojis import EMOJIS
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
    Pass,
    TakeBack,
    TakeDiscard,
)
from engine.cards import Card, format_cards
from engine.i18n import _, rank_label
from engine.protocol import BaseMeldView

MAX_OFFERS = 8  # two rows of four buttons (the hand keeps within Discord's 40 components)
LABEL_LIMIT = 80  # Discord's characters in a button's label

Emoji = str | discord.PartialEmoji


@dataclass(frozen=True, slots=True)
class Offer:
    """One move the hand offers as a button."""

    action: Action
    label: str
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    emoji: Emoji | None = None
    confirm: bool = False  # asks "really?" once before it is played
    said: str = ""  # the move in words that name its card (a question in text asks this)


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


def offers_key(ctx: AnyHandContext) -> tuple[int, str, int]:
    """What a hand's offers depend on besides its seat: the game's version, the hand's order and
    the tapped cards (a click is resolved from the offers its hand showed when these agree)."""
    return (ctx.public.version, ctx.state.sort, ctx.state.selected)


def offers(ctx: AnyHandContext, shown: AnyPresenter) -> list[Offer]:
    """Every move the hand offers now, in a fixed order (buttons carry their index)."""
    if not ctx.legal:
        return []
    chosen = selected_cards(ctx)
    if chosen:
        actions = [a for a in ctx.legal if cards_used(a) and _same_cards(cards_used(a), chosen)]
    else:
        actions = [a for a in ctx.legal if not cards_used(a) and not is_deep_take(a)]
        actions.extend(a for a in shown.suggestions(ctx) if a in ctx.legal and a not in actions)
    words = Wording(ctx, shown, bool(chosen), sum(isinstance(a, Meld) for a in actions))
    made = [_offer(action, words) for action in actions[:MAX_OFFERS]]
    labels = Counter((o.label, str(o.emoji)) for o in made)
    # Two melds alike but for their suits (two sets of 7s): those name their cards in full.
    return [
        replace(o, label=_meld_label(o.action, words, full=True), emoji=None)
        if labels[(o.label, str(o.emoji))] > 1 and isinstance(o.action, Meld)
        else o
        for o in made
    ]


@dataclass(frozen=True)
class Wording:
    """What the offers' words need: the hand, its game, whether cards are tapped, how many
    melds are offered (several: each names its cards) and the hand's meld points."""

    ctx: AnyHandContext
    shown: AnyPresenter
    tapped: bool
    melds_offered: int

    def meld_points(self, cards: Sequence[Card]) -> int | None:
        """A meld's points as the game counts them (None: the game does not say)."""
        return self.shown.hand_meld_points(self.ctx, cards)


def shown_card(action: Action, ctx: AnyHandContext) -> Card | None:
    """The card a move's button shows as its emoji: the card discarded, laid off, knocked or
    called with, swapped in or taken (None: the move names no one card)."""
    if isinstance(action, Discard | Knock | CallRummy | LayOff | JokerSwap):
        return action.card
    if isinstance(action, TakeDiscard):
        pile = ctx.public.discard_pile
        return pile[-action.depth] if 0 < action.depth <= len(pile) else None
    return None


def _offer(action: Action, words: Wording) -> Offer:
    ctx = words.ctx
    card = shown_card(action, ctx)
    emoji: Emoji | None = EMOJIS.card(card) if card is not None else None
    if isinstance(action, Meld):
        emoji = _run_suit(action)
    plain = emoji is None  # no emoji shows the card: the words name it
    label = words.shown.action_label(action, ctx, plain=plain) or default_label(
        action, words, plain=plain
    )
    style = discord.ButtonStyle.secondary
    if isinstance(action, DrawTalon | TakeDiscard | Meld):
        style = discord.ButtonStyle.primary
    if isinstance(action, Knock | CallRummy) or ends_turn_for_good(action, ctx):
        style = discord.ButtonStyle.success
        emoji = emoji or "🏁"
    if isinstance(action, Discard) and not ends_turn_for_good(action, ctx):
        style = discord.ButtonStyle.danger
    said = label
    if not plain:
        said = words.shown.action_label(action, ctx) or default_label(action, words)
    confirm = ends_turn_for_good(action, ctx)
    return Offer(action, label[:LABEL_LIMIT], style, emoji, confirm, said)


def _run_suit(meld: Meld) -> discord.PartialEmoji | None:
    """A run's suit emoji (a run is one suit, a set's cards differ in suit); None for a set,
    a meld of jokers but one, or without emojis."""
    natural = [c for c in meld.cards if not c.is_joker]
    suits = {c.suit for c in natural}
    if len(suits) != 1 or len(natural) < 2 or len({c.rank_int for c in natural}) < len(natural):
        return None
    return EMOJIS.suit(natural[0].suit)


def ranks_text(cards: Sequence[Card]) -> str:
    """Cards by rank alone ("4 5 6 7"), for words beside an emoji that shows their suit."""
    return " ".join(rank_label(c.rank_int) for c in cards)


def default_label(action: Action, words: Wording, *, plain: bool = True) -> str:
    """The button's words for a move of the shared vocabulary; ``plain`` when no emoji shows
    its card, so the words name it."""
    ctx = words.ctx
    if isinstance(action, DrawTalon):
        return _("Draw from the {stock}", stock=_(words.shown.stock_word))
    if isinstance(action, TakeDiscard):
        return _("Take {card}", card=_top(ctx)) if plain else _("Take")
    if isinstance(action, Meld):
        return _meld_label(action, words, full=not EMOJIS.names())
    if isinstance(action, LayOff):
        return layoff_label(action, ctx, plain=plain)
    if isinstance(action, Discard):
        if ends_turn_for_good(action, ctx):
            if not plain:
                return _("Discard and go out")
            return _("Discard {card} and go out", card=action.card)
        return _("Discard {card}", card=action.card) if plain else _("Discard")
    if isinstance(action, Knock):
        return _("Knock, discarding {card}", card=action.card) if plain else _("Knock")
    if isinstance(action, CallRummy):
        if not plain:
            return _("Call Rummy")
        return _("Call Rummy, discarding {card}", card=action.card)
    if isinstance(action, JokerSwap):
        if not plain:
            return _("Swap for the joker")
        return _("Swap {card} for the joker", card=action.card)
    if isinstance(action, TakeBack):
        return _("Take back the first meld")
    if isinstance(action, BuyBack):
        return _("Buy back in") if action.accept else _("Let it pass")
    if isinstance(action, Pass):
        return _("Pass")
    return type(action).__name__


def _top(ctx: AnyHandContext) -> str:
    pile = ctx.public.discard_pile
    return str(pile[-1]) if pile else "?"


def _meld_label(action: Meld, words: Wording, *, full: bool) -> str:
    """'Meld 4 5 6 7 · 22' beside the run's suit emoji, 'Meld 7 7 7 · 21' for a set; ``full``
    names every card with its suit (no emojis, or two offered melds alike but for suits)."""
    points = words.meld_points(action.cards)
    cards = format_cards(action.cards) if full else ranks_text(action.cards)
    if words.tapped and words.melds_offered == 1:  # the tapped cards say which
        return _("Meld · {points}", points=points) if points is not None else _("Meld")
    if points is None:
        return _("Meld {cards}", cards=cards)
    return _("Meld {cards} · {points}", cards=cards, points=points)


def meld_shape(meld: BaseMeldView, *, full: bool = True) -> str:
    """A meld in short: a run by its ends ("9♣–Q♣"), a set by its cards; without ``full``, by
    rank alone ("9–Q", beside an emoji that shows the suit)."""
    cards = [p.card for p in meld.cards]
    if meld.kind is MeldKind.RUN:
        cards = [cards[0], cards[-1]]
    if not full:
        return (
            "–".join(ranks_text(cards).split()) if meld.kind is MeldKind.RUN else ranks_text(cards)
        )
    return f"{cards[0]}–{cards[-1]}" if meld.kind is MeldKind.RUN else format_cards(cards)


def layoff_label(action: LayOff, ctx: AnyHandContext, *, plain: bool = True) -> str:
    """'On Ben's meld 9♣–Q♣ (high end)': whose meld, which, and where when a run has two;
    without ``plain`` (the card's emoji beside), the meld by rank alone: 'On Ben's meld 9–Q'."""
    meld = next((m for m in ctx.public.melds if m.id == action.meld_id), None)
    if meld is None:
        return _("Lay off on meld {value}", value=action.meld_id + 1)
    shape = meld_shape(meld, full=plain)
    end = ""
    if action.end is End.LOW:
        end = _(" (low end)")
    elif action.end is End.HIGH:
        end = _(" (high end)")
    if meld.owner == ctx.seat.seat:
        return _("On your meld {shape}{end}", shape=shape, end=end)
    name = ctx.live.names[meld.owner]
    return _("On {name}'s meld {shape}{end}", name=name, shape=shape, end=end)
