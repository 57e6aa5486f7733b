"""Taking from the discard pile at a depth, for every game: the hand's select of deeper takes,
its answer, and /treppe take. The moves are the game's legal ``TakeDiscard(depth)``s and the
cards are what its public view shows of the pile (``discard_pile``, the top card last), so a
game whose pile lies spread (Treppenrommé's staircase) gets these controls without a line of
its own, and a game whose pile is squared up offers its top card alone.

Players count a spread pile's cards from the bottom, as the table shows them (1 = the bottom
card); a take names the depth from the top. ``position = len(pile) - depth + 1``."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.core.handstate import AnyHandContext
from bot.core.texts import plural
from engine.actions import Action, TakeDiscard
from engine.cards import Card
from engine.i18n import _

VALUE_PREFIX = "d"  # a select value "d<depth>:<card code>"; older hands' values lack it


def deep_takes(ctx: AnyHandContext) -> list[TakeDiscard]:
    """The legal takes of more than the top card (that card and every card above it), the
    shallowest first."""
    takes = [a for a in ctx.legal if isinstance(a, TakeDiscard) and a.depth > 1]
    return sorted(takes, key=lambda a: a.depth)


def is_deep_take(action: Action) -> bool:
    """Whether ``action`` takes more than the top card of the discard pile."""
    return isinstance(action, TakeDiscard) and action.depth > 1


def deepest_card(pile: Sequence[Card], depth: int) -> Card | None:
    """The card a take of ``depth`` reaches down to, if the pile shows it."""
    return pile[-depth] if 0 < depth <= len(pile) else None


def take_label(pile: Sequence[Card], depth: int) -> str:
    """'3: 7♥ (takes 4 cards)': the position from the bottom, the card, how many are taken."""
    card = deepest_card(pile, depth)
    return _(
        "{position}: {card} (takes {count})",
        position=len(pile) - depth + 1,
        card=card if card is not None else "?",
        count=plural(depth, "card"),
    )


def take_options(ctx: AnyHandContext, limit: int) -> list[discord.SelectOption]:
    """The select's options for the deeper takes: each carries its depth and the card there
    (so a pile that changed since is noticed)."""
    pile = ctx.public.discard_pile
    options = []
    for take in deep_takes(ctx)[:limit]:
        card = deepest_card(pile, take.depth)
        if card is not None:
            value = f"{VALUE_PREFIX}{take.depth}:{card.code}"
            options.append(discord.SelectOption(label=take_label(pile, take.depth), value=value))
    return options


def chosen_take(ctx: AnyHandContext, value: str) -> TakeDiscard | None:
    """The take a select value stands for, if it is still legal and the pile still shows the
    same card at that depth; None otherwise."""
    depth_text, _colon, code = value.removeprefix(VALUE_PREFIX).partition(":")
    if not value.startswith(VALUE_PREFIX) or not depth_text.isdigit():
        return None
    take = next((a for a in deep_takes(ctx) if a.depth == int(depth_text)), None)
    card = deepest_card(ctx.public.discard_pile, int(depth_text))
    return take if take is not None and card is not None and card.code == code else None


def take_at(seat: int, pile: Sequence[Card], position: int) -> TakeDiscard:
    """The take of the card at ``position`` (1 = the bottom of the pile as shown) and every
    card above it; a position off the pile gives a depth the game refuses with its reason."""
    return TakeDiscard(seat, len(pile) - position + 1 if 1 <= position <= len(pile) else 0)


def take_choices(pile: Sequence[Card], current: str) -> list[tuple[str, int]]:
    """/treppe take's autocomplete: (label, position) of every card the pile shows, the top
    first, those whose label holds what was typed."""
    choices = [
        (take_label(pile, depth), len(pile) - depth + 1) for depth in range(1, len(pile) + 1)
    ]
    return [choice for choice in choices if current.strip() in choice[0]]
