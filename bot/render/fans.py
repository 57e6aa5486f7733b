"""Fans of cards in the players' bands: a meld, a hand's deadwood, the cards taken, each card
cut to its index (a joker shows the card it stands for), packed into rows (a fan too long for
a row split into pieces), with a ring round a group and a label beside it; and a hand laid down
as fans. The rows are packed by ``pack_rows``, which Treppenrommé's melds use too.

Pure drawing helpers on palette canvases."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from PIL import Image

import bot.render.palette as pal
from bot.render.assets import Style, text_width
from bot.render.canvas import outline, rect, text
from bot.render.geometry import CARD_RADIUS, INDEX_STRIP, INDEX_W, INDEX_X, MIN_TEXT_PX
from bot.render.hand import sort_hand
from bot.render.jokers import JOKER_INDEX_BOTTOM, joker_stands, paste_face
from engine.arrangement import Arrangement
from engine.cards import Card
from engine.i18n import _

T = TypeVar("T")

# Card fans in bands: cropped cards read by their index (jokers need a little more height).
FAN_CARD_H = JOKER_INDEX_BOTTOM + 2
FAN_STEP = INDEX_STRIP
FAN_STEP_TIGHT = INDEX_X + INDEX_W  # the index still whole, without the pixel beside it
# Every fan card is cut a little right of its index: wide enough to read as a card, narrow
# enough that three short melds and their points share a row of a 480 px band.
FAN_TILE_W = INDEX_STRIP + 10
FAN_GAP = 6
FAN_LABEL_GAP = 3  # a fan's label (its points) stands right of its cards
PLACER_BAR_H = 5
FAN_ROW_H = FAN_CARD_H + 2 + PLACER_BAR_H + 2
GROUP_RING = 3

FAN_LABEL = Style(MIN_TEXT_PX, pal.MUTED, pal.PANEL)
FAN_LABEL_GOLD = Style(MIN_TEXT_PX, pal.GOLD, pal.PANEL)


@dataclass(frozen=True, slots=True)
class Fan:
    """A group of cards drawn as one fan: a meld, a hand's deadwood, the upcards taken (a
    ``None`` card is a back). ``stands_for`` runs parallel to ``cards`` (jokers' cards);
    ``placers`` marks cards laid off by another player with that player's colour."""

    cards: tuple[Card | None, ...]
    stands_for: tuple[Card | None, ...] = ()
    placers: tuple[pal.RGB | None, ...] = ()
    label: str = ""
    label_style: Style = FAN_LABEL
    ring: pal.RGB | None = None
    step: int = FAN_STEP

    @property
    def tile_w(self) -> int:
        """The width each card is cut to: a little right of its index, at least the step."""
        return max(FAN_TILE_W, self.step)

    @property
    def card_width(self) -> int:
        """The width of the fan's cards alone (0 for none)."""
        return 0 if not self.cards else (len(self.cards) - 1) * self.step + self.tile_w

    @property
    def ring_pad(self) -> int:
        """The room a ring takes on each side of the cards (none without a ring)."""
        return GROUP_RING + 1 if self.ring is not None and self.cards else 0

    @property
    def width(self) -> int:
        """The fan's width with its ring and its label."""
        ringed = self.card_width + 2 * self.ring_pad
        if not self.label:
            return ringed
        return ringed + FAN_LABEL_GAP + text_width(self.label, self.label_style.size)


def pack_fans(fans: Sequence[Fan], area_w: int) -> list[list[Fan]]:
    """Greedy left-to-right packing of fans into rows of ``area_w`` pixels; a fan too wide
    for a row is drawn a little tighter, and split into pieces that fit if that is not enough
    (cards are never drawn closer than their index)."""
    pieces: list[Fan] = []
    for fan in fans:
        tight = _tightened(fan, area_w)
        pieces += [tight] if tight.width <= area_w else split_fan(fan, area_w)
    return pack_rows(pieces, lambda fan: fan.width, area_w, FAN_GAP)


def pack_rows(
    items: Sequence[T], width_of: Callable[[T], int], area_w: int, gap: int
) -> list[list[T]]:
    """Greedy left-to-right packing of ``items`` into rows ``area_w`` pixels wide, ``gap``
    between neighbours; an item wider than a row gets a row of its own."""
    rows: list[list[T]] = []
    width = 0
    for item in items:
        w = width_of(item)
        if rows and width + gap + w <= area_w:
            rows[-1].append(item)
            width += gap + w
        else:
            rows.append([item])
            width = w
    return rows


def _tightened(fan: Fan, area_w: int) -> Fan:
    """``fan`` with its cards closer together, down to ``FAN_STEP_TIGHT``, if it is wider
    than ``area_w``: a few pixels spared keep a long deadwood and its label on one row."""
    over = fan.width - area_w
    if over <= 0 or len(fan.cards) < 2 or fan.step <= FAN_STEP_TIGHT:
        return fan
    closer = -(-over // (len(fan.cards) - 1))  # rounded up
    return replace(fan, step=max(FAN_STEP_TIGHT, fan.step - closer))


def split_fan(fan: Fan, area_w: int) -> list[Fan]:
    """``fan`` as it fits rows ``area_w`` wide: whole, or in the fewest pieces of balanced
    length (longer ones first), the label on the last; a piece of one card always fits."""
    count = len(fan.cards)
    for pieces in range(1, count + 1):
        short, longer = divmod(count, pieces)
        sizes = [short + 1] * longer + [short] * (pieces - longer)
        starts = [sum(sizes[:k]) for k in range(pieces)]
        split = [
            _piece(fan, start, start + size, last=k == pieces - 1)
            for k, (start, size) in enumerate(zip(starts, sizes, strict=True))
        ]
        if all(piece.width <= area_w for piece in split):
            return split
    return [_piece(fan, k, k + 1, last=k == count - 1) for k in range(count)]


def _piece(fan: Fan, start: int, end: int, *, last: bool) -> Fan:
    """Cards ``start`` to ``end`` of ``fan`` with what runs parallel to them; only the last
    piece keeps the label."""
    return replace(
        fan,
        cards=fan.cards[start:end],
        stands_for=fan.stands_for[start:end],
        placers=fan.placers[start:end],
        label=fan.label if last else "",
    )


def draw_fan(canvas: Image.Image, fan: Fan, x: int, y: int) -> None:
    """Draw a fan at (x, y): its cards, the ring around a group, the placers' bars and its label.
    A ring takes room of its own, so it touches neither the words before nor the label."""
    pad = fan.ring_pad
    x += pad
    for i, card in enumerate(fan.cards):
        stands = fan.stands_for[i] if i < len(fan.stands_for) else None
        paste_face(canvas, card, x + i * fan.step, y, FAN_CARD_H, stands, fan.tile_w)
    if fan.ring is not None and pad:
        box = (x - pad, y - pad, x + fan.card_width - 1 + pad, y + FAN_CARD_H + pad)
        outline(canvas, box, fan.ring, GROUP_RING, CARD_RADIUS + pad)
    bar_y = y + FAN_CARD_H + 2
    for i, colour in enumerate(fan.placers):
        if colour is None:
            continue
        px = x + i * fan.step
        w = fan.tile_w if i == len(fan.cards) - 1 else fan.step - 2
        rect(canvas, (px + 2, bar_y, px + w - 3, bar_y + PLACER_BAR_H - 1), colour)
    if fan.label:
        text(canvas, fan.label, x + fan.card_width + pad + FAN_LABEL_GAP, y, fan.label_style)


def draw_fan_rows(canvas: Image.Image, rows: Sequence[Sequence[Fan]], x: int, y: int) -> None:
    """Draw rows of fans from (x, y), one row under the other."""
    for r, row in enumerate(rows):
        fx = x
        for fan in row:
            draw_fan(canvas, fan, fx, y + r * FAN_ROW_H)
            fx += fan.width + FAN_GAP


def arrangement_fans(laid: Arrangement, *, labelled: bool = True) -> list[Fan]:
    """A hand laid down: one fan per meld (jokers spelled out), the cards it laid off on
    another hand's melds, then the deadwood (in the order a hand is held), labelled with its
    count (with none left the last fan says so) unless ``labelled`` is off: where the band's
    one number is the deadwood, the loose cards last speak for themselves."""
    fans = [Fan(m.cards, joker_stands(m.kind, m.cards, m.stands_for)) for m in laid.melds]
    if laid.laid_off:
        fans.append(Fan(laid.laid_off, label=_("laid off"), ring=pal.GOLD))
    if laid.leftover:
        label = _("deadwood {deadwood}", deadwood=laid.deadwood) if labelled else ""
        fans.append(Fan(tuple(sort_hand(laid.leftover)), label=label, label_style=FAN_LABEL_GOLD))
    elif fans and labelled:
        last = fans[-1]
        fans[-1] = Fan(last.cards, last.stands_for, last.placers, _("no deadwood"), FAN_LABEL_GOLD)
    return fans
