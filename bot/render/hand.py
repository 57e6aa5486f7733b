"""A player's hand: the cards in the caller's order, each under the label the controls use."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from PIL import Image

import bot.render.palette as pal
from bot.render.assets import Style, text_width, wrap_text
from bot.render.canvas import encode, fan_width, new_canvas, outline, paste_card, text
from bot.render.geometry import (
    CARD_RADIUS,
    CARD_W,
    INDEX_BOTTOM,
    INDEX_STRIP,
    MIN_TEXT_PX,
    PICTURE_W,
)
from engine.cards import Card, Rank, Suit
from engine.i18n import _, language

HAND_MARGIN = 12
HAND_W = PICTURE_W  # always this wide, so its text keeps its size on a phone
HAND_MAX_W = HAND_W
HAND_MIN_STEP = INDEX_STRIP + 4  # the least of a covered card that shows: index and a gap
HAND_MAX_STEP = CARD_W + 8  # a short hand: cards side by side
# Cards are cut well below their index: a 20-card hand takes two rows of a phone's screen.
HAND_CARD_H = INDEX_BOTTOM + 44
LABEL_H = 28
LABEL_GAP = 5
ROW_H = LABEL_H + LABEL_GAP + HAND_CARD_H
ROW_GAP = 10
LOCK_RING = 4
CAPTION_H = 30
CAPTION_LINES = 2

# Labels as small as the rule allows, so that ten cards with two-digit labels share a row.
LABEL = Style(
    MIN_TEXT_PX, pal.TEXT, pal.FELT, pill=pal.BADGE, pad_x=3, height=LABEL_H, min_width=28
)
LOCKED_LABEL = Style(
    MIN_TEXT_PX, pal.TEXT, pal.FELT, pill=pal.ALERT, pad_x=3, height=LABEL_H, min_width=28
)
CAPTION = Style(MIN_TEXT_PX, pal.MUTED, pal.FELT)

# Suit order when sorting by suit: colours alternate so neighbouring suits never look alike.
SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def sort_hand(
    cards: Sequence[Card], by: Literal["suit", "rank"] = "suit", *, ace_high: bool = False
) -> list[Card]:
    """A sorted copy: by suit (then rank) or by rank (then suit). Aces go low unless
    ``ace_high``; jokers go last."""

    def rank_key(card: Card) -> int:
        if card.is_joker:
            return 99
        if ace_high and card.rank is Rank.ACE:
            return int(Rank.KING) + 1
        return int(card.rank)

    def suit_key(card: Card) -> int:
        return len(SUIT_ORDER) if card.suit is None else SUIT_ORDER.index(card.suit)

    if by == "suit":
        return sorted(cards, key=lambda c: (suit_key(c), rank_key(c)))
    return sorted(cards, key=lambda c: (rank_key(c), suit_key(c)))


def _geometry(count: int, labels: Sequence[str]) -> tuple[int, int, int]:
    """(step, cards per row, rows) for ``count`` cards: one row while each card can show its
    index and label, else balanced rows; the cards spread over the picture's width."""
    widest = max((text_width(label, LABEL.size) + 2 * LABEL.pad_x for label in labels), default=0)
    min_step = max(HAND_MIN_STEP, widest + 4)
    room = HAND_W - 2 * HAND_MARGIN - CARD_W
    per_row_max = max(1, room // min_step + 1)
    rows = max(1, math.ceil(count / per_row_max))
    per_row = max(1, math.ceil(count / rows))
    step = HAND_MAX_STEP if per_row < 2 else min(HAND_MAX_STEP, room // (per_row - 1))
    return max(step, min_step), per_row, rows


@dataclass(frozen=True, slots=True)
class HandSlot:
    """Where one card of the hand goes: its label centred at (label_x, y), the card's
    top-left corner at (x, card_y)."""

    card: Card
    label: str
    x: int
    y: int
    label_x: int
    card_y: int
    locked: bool
    style: Style


def _left(count: int, step: int, per_row: int) -> int:
    """Where a row starts: a short hand is centred, a long one starts at the margin."""
    used = fan_width(min(count, per_row), step)
    return max(HAND_MARGIN, (HAND_W - used) // 2)


def hand_slots(
    hand: Sequence[Card], labels: Sequence[str] | None = None, locked: Card | None = None
) -> list[HandSlot]:
    """The layout of :func:`draw_hand`, card by card, in the given order."""
    if labels is None:
        labels = [str(i + 1) for i in range(len(hand))]
    if len(labels) != len(hand):
        raise ValueError(f"{len(hand)} cards but {len(labels)} labels")
    step, per_row, _ = _geometry(len(hand), labels)
    if locked is not None and list(hand).count(locked) > 1:
        locked = None  # two packs: holding both copies, either may be discarded
    slots = []
    for i, (card, label) in enumerate(zip(hand, labels, strict=True)):
        row, col = divmod(i, per_row)
        x = _left(len(hand), step, per_row) + col * step
        y = HAND_MARGIN + row * (ROW_H + ROW_GAP)
        # Labels sit over the visible strip of a covered card, or the left of a row's last.
        strip = step if col < per_row - 1 and i < len(hand) - 1 else min(step, CARD_W)
        is_locked = card == locked
        style = LOCKED_LABEL if is_locked else LABEL
        slots.append(
            HandSlot(card, label, x, y, x + strip // 2, y + LABEL_H + LABEL_GAP, is_locked, style)
        )
    return slots


def draw_hand(
    hand: Sequence[Card],
    labels: Sequence[str] | None = None,
    locked: Card | None = None,
    *,
    taken_from: str = "staircase",
) -> Image.Image:
    """The hand as a palette image (uncached)."""
    slots = hand_slots(hand, labels, locked)
    _step, _per_row, rows = _geometry(len(hand), [s.label for s in slots])
    width = HAND_W
    lines: list[str] = []
    if any(slot.locked for slot in slots):
        caption = _(
            "{locked}: taken from the {taken_from}, it can't be discarded this turn",
            locked=locked,
            taken_from=taken_from,
        )
        lines = wrap_text(caption, CAPTION.size, width - 2 * HAND_MARGIN, CAPTION_LINES)
    height = 2 * HAND_MARGIN + rows * ROW_H + (rows - 1) * ROW_GAP + len(lines) * CAPTION_H
    canvas = new_canvas(width, height)
    for slot in slots:
        text(canvas, slot.label, slot.label_x, slot.y, slot.style, align="centre")
        paste_card(canvas, slot.card, slot.x, slot.card_y, HAND_CARD_H)
        if slot.locked:
            # Drawn before the next card, which then covers the ring like the card itself.
            x, y, ring = slot.x, slot.card_y, LOCK_RING
            box = (x - ring, y - ring, x + CARD_W - 1 + ring, y + HAND_CARD_H - 1 + ring)
            outline(canvas, box, pal.ALERT, ring, CARD_RADIUS + ring)
    for i, line in enumerate(lines):
        y = height - HAND_MARGIN - (len(lines) - i) * CAPTION_H + 6
        text(canvas, line, HAND_MARGIN, y, CAPTION)
    return canvas


@lru_cache(maxsize=64)
def _render_hand(
    hand: tuple[Card, ...],
    labels: tuple[str, ...],
    locked: Card | None,
    taken_from: str,
    lang: str,  # the caption's language: part of the cache key
) -> bytes:
    return encode(draw_hand(hand, labels, locked, taken_from=taken_from))


def render_hand(
    hand: Sequence[Card],
    labels: Sequence[str] | None = None,
    *,
    locked: Card | None = None,
    taken_from: str = "",
) -> bytes:
    """PNG of ``hand`` in the given order, card i under ``labels[i]`` (default "1".."n").
    ``locked`` (the no_return card) is ringed in red with a caption saying why; with two
    packs, a hand holding both copies of it has nothing locked (either may be discarded).
    ``taken_from`` names the pile in that caption (e.g. "discard pile"; default staircase)."""
    if labels is None:
        labels = [str(i + 1) for i in range(len(hand))]
    return _render_hand(
        tuple(hand), tuple(labels), locked, taken_from or _("staircase"), language()
    )


def cache_clear() -> None:
    """Forget the hand pictures drawn so far (``bot.render.clear_caches``)."""
    _render_hand.cache_clear()
