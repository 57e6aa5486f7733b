"""What the pictures of the two-pack games share: seat colours for up to six players, the
stock and discard piles, bars and the players' bands (the fans of cards in them are in
``bot/render/fans.py``).

Pure drawing helpers on palette canvases; every cached image is read-only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PIL import Image, ImageDraw

import bot.render.palette as pal
from bot.core.texts import plural as counted
from bot.render.assets import (
    Style,
    fit_text,
    wrap_text,
)
from bot.render.canvas import empty_slot, outline, rect, text
from bot.render.fans import FAN_ROW_H
from bot.render.geometry import (
    CARD_RADIUS,
    CARD_W,
    MIN_TEXT_PX,
    PICTURE_W,
)
from bot.render.jokers import joker_face as joker_face
from bot.render.jokers import joker_stands as joker_stands
from bot.render.jokers import paste_face as paste_face
from engine.cards import Card
from engine.i18n import _

V_TABLE_W = PICTURE_W  # every variant table is this wide: its text size is chosen for it
V_TABLE_MIN_W = PICTURE_W
MARGIN = 12
HEADER_H = 40
HEADER_Y = 8
SECTION_GAP = 6
STATUS_NAME_W = 260

# Piles: a label above (with the count of a face-up pile), the top card cut below its index,
# a few offset edges under it for the pile's depth.
PILE_LABEL_H = 28
PILE_GAP = 30
PILE_LAYER = 4  # how far each card under the top one sticks out, down and right
PILE_LAYERS_MAX = 3
PILE_CARD_H = 96  # pile cards are cut a little below their index
PILES_H = PILE_LABEL_H + PILE_CARD_H + PILE_LAYERS_MAX * PILE_LAYER + 6
PILE_SLOT_W = CARD_W + PILE_LAYERS_MAX * PILE_LAYER
CHIP_D = 76  # the pot's chip

# Bands: one per player, info on the left, cards on the right.
BAND_PAD = 4
BAND_GAP = 5
COLOUR_BAR_W = 6
INFO_W = 268
INFO_X = MARGIN + COLOUR_BAR_W + 8
INFO_TEXT_W = INFO_W - COLOUR_BAR_W - 14
INFO_LINE_H = 26  # a line of INFO text; the name line is NAME_LINE_H
NAME_LINE_H = 28
GROUP_X = MARGIN + INFO_W
BAR_H = 6
TURN_RING = 3


HEADER = Style(26, pal.TEXT, pal.FELT)
HEADER_MUTED = Style(22, pal.MUTED, pal.FELT)
LABEL = Style(MIN_TEXT_PX, pal.MUTED, pal.FELT)
NOTE = Style(MIN_TEXT_PX, pal.TEXT, pal.FELT)
NOTE_GOLD = Style(22, pal.GOLD, pal.FELT)
STOCK_COUNT = Style(28, pal.TEXT, pal.BACK, pill=pal.BADGE, pad_x=10, height=38)
CHIP = Style(28, pal.DARK, pal.FELT, pill=pal.GOLD, height=CHIP_D, min_width=CHIP_D)
SCORE = Style(24, pal.TEXT, pal.PANEL)
INFO = Style(MIN_TEXT_PX, pal.MUTED, pal.PANEL)
INFO_BRIGHT = Style(MIN_TEXT_PX, pal.TEXT, pal.PANEL)
INFO_GOLD = Style(MIN_TEXT_PX, pal.GOLD, pal.PANEL)
INFO_ALERT = Style(MIN_TEXT_PX, pal.ALERT, pal.PANEL)
TAG_GOLD = Style(MIN_TEXT_PX, pal.DARK, pal.PANEL, pill=pal.GOLD, pad_x=9, height=26)
TAG_ALERT = Style(MIN_TEXT_PX, pal.TEXT, pal.PANEL, pill=pal.ALERT, pad_x=9, height=26)

# Four player colours come from the palette; seats 5 and 6 (these games seat six) borrow
# white and gold, which no other band element uses for a name.
SEAT_COLOURS: tuple[pal.RGB, ...] = (*pal.PLAYERS, pal.TEXT, pal.GOLD)


def seat_colour(seat: int) -> pal.RGB:
    """The colour that marks a seat in the two-pack pictures (up to six seats)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def name_style(seat: int, bg: pal.RGB = pal.PANEL, size: int = 24) -> Style:
    """The text style of a seat's name: its seat colour on ``bg``."""
    return Style(size, seat_colour(seat), bg)


def muted_name_style(bg: pal.RGB = pal.PANEL, size: int = 24) -> Style:
    """A player out of the rubber."""
    return Style(size, pal.MUTED, bg)


def plural(count: int, word: str) -> str:
    """'1 card', '2 chips' in the current language (bot.core.texts has the words)."""
    return counted(count, word)


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


def draw_stock(canvas: Image.Image, x: int, top: int, count: int) -> None:
    """Draw the stock: its label, a pile of backs as high as ``count``, or an empty slot."""
    centre = x + CARD_W // 2
    y = top + PILE_LABEL_H
    text(canvas, _("stock"), centre, top + 2, LABEL, align="centre")
    if count <= 0:
        empty_slot(canvas, x, y, height=PILE_CARD_H)
        text(canvas, _("empty"), centre, y + PILE_CARD_H // 2 - 13, LABEL, align="centre")
        return
    _under_cards(canvas, x, y, _pile_layers(count), back=True)
    paste_face(canvas, None, x, y, PILE_CARD_H)
    text(canvas, str(count), centre, y + PILE_CARD_H // 2 - 19, STOCK_COUNT, align="centre")


def draw_discard(canvas: Image.Image, x: int, top: int, card: Card | None, count: int) -> None:
    """Draw the discard pile: its label and size, the top ``card`` on a pile, or an empty slot."""
    centre = x + CARD_W // 2
    y = top + PILE_LABEL_H
    label = f"{_('discard')} · {count}" if card is not None and count > 0 else _("discard")
    text(canvas, label, centre, top + 2, LABEL, align="centre")
    if card is None or count <= 0:
        empty_slot(canvas, x, y, height=PILE_CARD_H)
        text(canvas, _("empty"), centre, y + PILE_CARD_H // 2 - 13, LABEL, align="centre")
        return
    _under_cards(canvas, x, y, _pile_layers(count), back=False)
    paste_face(canvas, card, x, y, PILE_CARD_H)


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


def draw_table_head(
    canvas: Image.Image, title: tuple[str, str], status: tuple[str, pal.RGB], piles: PilesShown
) -> int:
    """A pile table's top: the ``title`` (the game, then muted words), the status at the right
    in its colour, then the stock and the discard pile below; the y where the piles begin."""
    stamp = text(canvas, title[0], MARGIN, HEADER_Y, HEADER)
    text(canvas, title[1], MARGIN + stamp.width + 10, HEADER_Y + 3, HEADER_MUTED)
    said, colour = status
    text(canvas, said, canvas.width - MARGIN, HEADER_Y, Style(26, colour, pal.FELT), "right")
    draw_stock(canvas, MARGIN, HEADER_H, piles.stock_count)
    discard_x = MARGIN + PILE_SLOT_W + PILE_GAP
    draw_discard(canvas, discard_x, HEADER_H, piles.discard_top, piles.discard_count)
    return HEADER_H


def draw_pot(canvas: Image.Image, x: int, top: int, pot: int) -> None:
    """The pot as one big gold chip with the number of chips in it."""
    centre = x + CHIP_D // 2
    text(canvas, _("pot"), centre, top + 2, LABEL, align="centre")
    chip_y = top + PILE_LABEL_H + (PILE_CARD_H - CHIP_D) // 2
    text(canvas, str(pot), centre, chip_y, CHIP, align="centre")


NOTE_LINES_MAX = 5  # the lines beside the piles
NOTE_LINE_H = 28


def draw_notes(
    canvas: Image.Image, notes: Sequence[tuple[str, Style]], x: int, y: int, width: int
) -> None:
    """The notes beside the piles, each wrapped to ``width``, at most NOTE_LINES_MAX lines:
    nothing a player needs is cut off at the picture's edge."""
    lines: list[tuple[str, Style]] = []
    for content, style in notes:
        room = NOTE_LINES_MAX - len(lines)
        if room <= 0:
            break
        lines += [(line, style) for line in wrap_text(content, style.size, width, room)]
    for line, style in lines:
        text(canvas, line, x, y, style)
        y += NOTE_LINE_H


def rebuilt_note(rebuilds: int) -> list[tuple[str, Style]]:
    """A note for the column beside the piles when the stock was rebuilt this round."""
    return [(_("Stock rebuilt {rebuilds}×", rebuilds=rebuilds), LABEL)] if rebuilds else []


def draw_name_line(
    canvas: Image.Image, seat: int, name: str, y: int, right: tuple[str, Style] | None
) -> None:
    """A band's first line: the name in its seat's colour, cut short so that the figure on
    the right of the info column (a score, a tag) always shows."""
    room = INFO_TEXT_W
    if right is not None:
        content, style = right
        stamp = text(canvas, content, INFO_X + INFO_TEXT_W, y, style, align="right")
        room -= stamp.width + 10
    text(canvas, fit_text(name, 24, room), INFO_X, y, name_style(seat))


# ----------------------------------------------------------------------------- bars
def draw_bar(
    canvas: Image.Image, x: int, y: int, width: int, fraction: float, fill: pal.RGB
) -> None:
    """A progress bar ``width`` wide, filled to ``fraction`` (clamped to 0..1)."""
    rect(canvas, (x, y, x + width - 1, y + BAR_H - 1), pal.BADGE)
    filled = round(width * max(0.0, min(1.0, fraction)))
    if filled > 0:
        rect(canvas, (x, y, x + filled - 1, y + BAR_H - 1), fill)


# ----------------------------------------------------------------------------- bands
def band_height(info_h: int, rows: int) -> int:
    """A player band's height: its info lines or its rows of fans, whichever is taller."""
    return max(info_h, rows * FAN_ROW_H) + 2 * BAND_PAD


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
