"""What the pictures of the pile games (Rommé, Wiener Rummy, Gin Rummy) share: seat colours
for up to six players, the stock, the discard pile and the pot, and the frame of a player's
band (the bands themselves are in ``bot/render/bands.py``, the fans of cards in them in
``bot/render/fans.py``).

Pure drawing helpers on palette canvases; every cached image is read-only.
"""

from __future__ import annotations

from typing import Protocol

from PIL import Image, ImageDraw

import bot.render.palette as pal
from bot.render.assets import Style
from bot.render.canvas import empty_slot, outline, rect, text
from bot.render.geometry import CARD_RADIUS, CARD_W, INDEX_BOTTOM, MIN_TEXT_PX, PICTURE_W
from bot.render.jokers import joker_face as joker_face
from bot.render.jokers import joker_stands as joker_stands
from bot.render.jokers import paste_face as paste_face
from engine.cards import Card

PILE_TABLE_W = PICTURE_W  # every pile game's picture is this wide: its text size is chosen for it
MARGIN = 10
SECTION_GAP = 8  # between the piles and the first band

# Piles: the top card cut below its index, a few offset edges under it for the pile's depth;
# the stock's count is a badge on its back. No words: a back with a number is the stock, the
# face-up card the discard pile.
PILE_GAP = 24
PILE_LAYER = 3  # how far each card under the top one sticks out, down and right
PILE_LAYERS_MAX = 3
PILE_CARD_H = INDEX_BOTTOM + 16  # pile cards are cut a little below their index
PILES_H = PILE_CARD_H + PILE_LAYERS_MAX * PILE_LAYER
PILE_SLOT_W = CARD_W + PILE_LAYERS_MAX * PILE_LAYER
CHIP_D = 76  # the pot's chip
BADGE_H = 38

# Bands: one per player, a colour bar at the left, the name on a line of its own.
BAND_PAD = 4
BAND_GAP = 5
COLOUR_BAR_W = 6
TURN_RING = 3
NAME_SIZE = 24  # a seat's name: the label every band is found by

STOCK_COUNT = Style(28, pal.TEXT, pal.BACK, pill=pal.BADGE, pad_x=10, height=BADGE_H)
EMPTY_COUNT = Style(28, pal.TEXT, pal.FELT, pill=pal.BADGE, pad_x=10, height=BADGE_H)
CHIP = Style(30, pal.DARK, pal.FELT, pill=pal.GOLD, height=CHIP_D, min_width=CHIP_D)
POINTS = Style(NAME_SIZE, pal.TEXT, pal.PANEL)  # a band's one number (a round's points)
TAG_H = 28
TAG_GOLD = Style(MIN_TEXT_PX, pal.DARK, pal.PANEL, pill=pal.GOLD, pad_x=10, height=TAG_H)
TAG_ALERT = Style(MIN_TEXT_PX, pal.TEXT, pal.PANEL, pill=pal.ALERT, pad_x=10, height=TAG_H)

# Four player colours come from the palette; seats 5 and 6 (these games seat six) borrow
# white and gold, which no other band element uses for a name.
SEAT_COLOURS: tuple[pal.RGB, ...] = (*pal.PLAYERS, pal.TEXT, pal.GOLD)


def seat_colour(seat: int) -> pal.RGB:
    """The colour that marks a seat in the two-pack pictures (up to six seats)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def name_style(seat: int, bg: pal.RGB = pal.PANEL, size: int = NAME_SIZE) -> Style:
    """The text style of a seat's name: its seat colour on ``bg``."""
    return Style(size, seat_colour(seat), bg)


def muted_name_style(bg: pal.RGB = pal.PANEL, size: int = NAME_SIZE) -> Style:
    """A player out of the rubber."""
    return Style(size, pal.MUTED, bg)


def points_text(points: int) -> str:
    """A round's points as a band shows them: "+23", or "0"."""
    return f"+{points}" if points > 0 else str(points).replace("-", "−")


def minus_text(points: int) -> str:
    """Minus points taken in a round (Rommé), as the picture and the words both say them:
    "−27", or "0"."""
    return f"−{points}" if points else "0"


# ----------------------------------------------------------------------------- piles
def _pile_layers(count: int) -> int:
    """How many card edges peek out under the top card: a hint of the pile's size."""
    if count <= 1:
        return 0
    if count < 10:
        return 1
    if count < 30:
        return 2
    return PILE_LAYERS_MAX


def _under_cards(canvas: Image.Image, x: int, y: int, layers: int, back: bool) -> None:
    draw = ImageDraw.Draw(canvas)
    fill = pal.index(pal.BACK if back else pal.CARD)
    edge = pal.index(pal.CARD_EDGE)
    for k in range(layers, 0, -1):
        dx = k * PILE_LAYER
        box = (x + dx, y + dx, x + dx + CARD_W - 1, y + dx + PILE_CARD_H - 1)
        draw.rounded_rectangle(box, CARD_RADIUS, fill=fill, outline=edge, width=2)


def draw_stock(canvas: Image.Image, x: int, y: int, count: int) -> None:
    """The stock at (x, y): a pile of backs as high as ``count`` with the count as a badge on
    it, or an empty slot with a 0."""
    centre = x + CARD_W // 2
    badge_y = y + (PILE_CARD_H - BADGE_H) // 2
    if count <= 0:
        empty_slot(canvas, x, y, height=PILE_CARD_H)
        text(canvas, "0", centre, badge_y, EMPTY_COUNT, align="centre")
        return
    _under_cards(canvas, x, y, _pile_layers(count), back=True)
    paste_face(canvas, None, x, y, PILE_CARD_H)
    text(canvas, str(count), centre, badge_y, STOCK_COUNT, align="centre")


def draw_discard(canvas: Image.Image, x: int, y: int, card: Card | None, count: int) -> None:
    """The discard pile at (x, y): the top ``card`` on a pile as deep as ``count``, or an
    empty slot."""
    if card is None or count <= 0:
        empty_slot(canvas, x, y, height=PILE_CARD_H)
        return
    _under_cards(canvas, x, y, _pile_layers(count), back=False)
    paste_face(canvas, card, x, y, PILE_CARD_H)


def draw_pot(canvas: Image.Image, x: int, y: int, pot: int) -> None:
    """The pot as one big gold chip with the number of chips in it, level with the piles."""
    chip_y = y + (PILE_CARD_H - CHIP_D) // 2
    text(canvas, str(pot), x + CHIP_D // 2, chip_y, CHIP, align="centre")


class PilesShown(Protocol):
    """What the piles' row shows of a table: the stock's size and the discard pile's top."""

    @property
    def stock_count(self) -> int:
        """Cards in the stock."""
        ...

    @property
    def discard_top(self) -> Card | None:
        """The discard pile's top card (None: the pile is empty)."""
        ...

    @property
    def discard_count(self) -> int:
        """Cards in the discard pile."""
        ...


def piles_width(pot: bool) -> int:
    """The width of the piles' row: stock, discard pile and, in Wiener Rummy, the pot."""
    return 2 * PILE_SLOT_W + PILE_GAP + (PILE_GAP + CHIP_D if pot else 0)


def draw_piles(canvas: Image.Image, y: int, piles: PilesShown, pot: int | None = None) -> None:
    """The stock, the discard pile and the pot (when given) side by side, centred at ``y``:
    the middle of the table, above the players' bands."""
    x = (canvas.width - piles_width(pot is not None)) // 2
    draw_stock(canvas, x, y, piles.stock_count)
    x += PILE_SLOT_W + PILE_GAP
    draw_discard(canvas, x, y, piles.discard_top, piles.discard_count)
    if pot is not None:
        draw_pot(canvas, x + PILE_SLOT_W + PILE_GAP, y, pot)


# ----------------------------------------------------------------------------- bands
def draw_band_frame(
    canvas: Image.Image,
    seat: int,
    top: int,
    height: int,
    ring: pal.RGB | None = None,
    bar: pal.RGB | None = None,
) -> None:
    """The panel behind a player's band with the seat's colour bar and an optional ring."""
    right = canvas.width - MARGIN - 1
    rect(canvas, (MARGIN, top, right, top + height - 1), pal.PANEL)
    rect(
        canvas,
        (MARGIN, top, MARGIN + COLOUR_BAR_W - 1, top + height - 1),
        bar or seat_colour(seat),
    )
    if ring is not None:
        outline(canvas, (MARGIN, top, right, top + height - 1), ring, TURN_RING)
