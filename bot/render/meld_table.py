"""The table picture, PICTURE_W wide and portrait (bot/render/README.md): the talon and the
numbered staircase in a strip at the top, then a band per player: the seat's colour and name on
a line of their own, its melds packed in rows under them, each with who scored what. Names,
scores, counts, the round and whose turn it is are the table message's text. Any game whose
view has what ``meld_views.MeldTableView`` reads is drawn on this table."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

import bot.render.palette as pal
from bot.render import register_cache
from bot.render.assets import Style, card_mask, cropped_sprite, fit_text, text_width
from bot.render.canvas import Align, cut_tile, empty_slot, encode, new_canvas, outline, rect, text
from bot.render.fans import pack_rows
from bot.render.geometry import (
    BACK_CODE,
    CARD_RADIUS,
    CARD_W,
    INDEX_BOTTOM,
    INDEX_STRIP,
    MIN_TEXT_PX,
    PICTURE_W,
)
from bot.render.meld_views import CreditedMeld, MeldTableView
from engine.cards import Card
from engine.i18n import N_, _, language
from engine.protocol import BaseSeatView, Phase

TABLE_W = PICTURE_W  # every table is this wide: its text size is chosen for it
TABLE_MIN_W = PICTURE_W
TABLE_MAX_H = 1500  # the tallest possible table (every card in melds of 3 or 4) fits
MARGIN = 8
BAND_GAP = 3
BOTTOM = 4

# The strip at the top: the talon (a back with its count), then the staircase in play order,
# numbered from 1 (bottom) like the controls, in balanced rows right of the talon. Cards are
# cut a little below their index: players read them by it.
STRIP_PAD = 4
STAIR_CARD_H = INDEX_BOTTOM + 8
STAIR_STEP = INDEX_STRIP + 4  # each covered card shows its index and fits a two-digit badge
STAIR_STEP_WIDE = 60  # a short staircase shows more of each card
TALON_GAP = 12
STAIRS_X = MARGIN + CARD_W + TALON_GAP
STAIRS_W = TABLE_W - MARGIN - STAIRS_X
STAIRS_PER_ROW = (STAIRS_W - CARD_W) // STAIR_STEP + 1  # beside the talon
STAIRS_PER_WIDE_ROW = (TABLE_W - 2 * MARGIN - CARD_W) // STAIR_STEP + 1  # under it
BADGE_H = 26
BADGE_GAP = 3
STAIR_ROW_H = BADGE_H + BADGE_GAP + STAIR_CARD_H + 4
TOP_RING = 4

# Player bands: a colour bar, the name on its own line, the melds (cut to their indices)
# packed in rows under it over the band's width, each with its points beside it.
BAND_PAD = 5
COLOUR_BAR_W = 6
NAME_X = MARGIN + COLOUR_BAR_W + 8
NAME_W = TABLE_W - MARGIN - BAND_PAD - NAME_X
NAME_SIZE = 24
NAME_Y = 3  # the name's stamp has room of its own above the capitals
NAME_H = 30  # the band's top to its first row of melds
MELD_X = NAME_X
MELD_AREA_W = NAME_W
MELD_CARD_H = INDEX_BOTTOM + 2  # melds are read by their indices; the rest is cut
MELD_STEP = INDEX_STRIP
MELD_LAST_W = INDEX_STRIP + 10  # the last card too is cut a little right of its index
MELD_GAP = 8
PLACER_BAR_H = 4
PLACER_BAR_GAP = 1
MELD_LABEL_GAP = 4
MELD_LINE_H = 24  # one credit ("18") per line beside the meld
MELD_ROW_GAP = 6
ACT_RING = 3

BADGE = Style(22, pal.TEXT, pal.FELT, pill=pal.BADGE, pad_x=2, height=BADGE_H, min_width=28)
TOP_BADGE = Style(22, pal.DARK, pal.FELT, pill=pal.GOLD, pad_x=6, height=BADGE_H, min_width=32)
LABEL = Style(MIN_TEXT_PX, pal.MUTED, pal.FELT)
TALON_COUNT = Style(28, pal.TEXT, pal.BACK, pill=pal.BADGE, pad_x=10, height=38)
MELD_POINTS = Style(MIN_TEXT_PX, pal.MUTED, pal.PANEL)


def player_colour(seat: int) -> pal.RGB:
    """The colour that marks a seat's name and cards in every picture."""
    return pal.PLAYERS[seat % len(pal.PLAYERS)]


def name_style(seat: int, bg: pal.RGB = pal.PANEL, size: int = NAME_SIZE) -> Style:
    """The text style of a seat's name: its player colour on ``bg``."""
    return Style(size, player_colour(seat), bg)


@dataclass(frozen=True, slots=True)
class _StairLayout:
    rows: tuple[tuple[int, int], ...]  # each row's left edge and how many cards it holds
    step: int

    @property
    def height(self) -> int:
        return max(1, len(self.rows)) * STAIR_ROW_H

    def position(self, i: int) -> tuple[int, int]:
        """Top-left corner of card ``i`` (below its badge)."""
        for row, (left, length) in enumerate(self.rows):
            if i < length:
                return left + i * self.step, STRIP_PAD + row * STAIR_ROW_H + BADGE_H + BADGE_GAP
            i -= length
        raise IndexError(i)

    def row_end(self, i: int) -> bool:
        """Whether card ``i`` is the last of its row (nothing covers it)."""
        for _left, length in self.rows:
            if i < length:
                return i == length - 1
            i -= length
        raise IndexError(i)


def _stair_layout(count: int) -> _StairLayout:
    """Balanced rows (a stub reads worse): two rows at most beside the talon; a longer
    staircase goes on under the talon over the picture's width."""
    rows = max(1, math.ceil(count / STAIRS_PER_ROW))
    if rows <= 2:
        per_row = max(1, math.ceil(count / rows))
        lengths = [per_row] * (rows - 1) + [count - per_row * (rows - 1)]
        starts = [STAIRS_X] * rows
    else:
        rows = 1 + math.ceil((count - STAIRS_PER_ROW) / STAIRS_PER_WIDE_ROW)
        first = min(STAIRS_PER_ROW, math.ceil(count / rows))
        per_row = math.ceil((count - first) / (rows - 1))
        lengths = [first] + [per_row] * (rows - 2) + [count - first - per_row * (rows - 2)]
        starts = [STAIRS_X] + [MARGIN] * (rows - 1)
    step = STAIR_STEP_WIDE
    for left, length in zip(starts, lengths, strict=True):
        if length > 1:
            step = min(step, (TABLE_W - MARGIN - left - CARD_W) // (length - 1))
    return _StairLayout(tuple(zip(starts, lengths, strict=True)), max(step, STAIR_STEP))


def meld_credits(meld: CreditedMeld) -> list[tuple[int, int]]:
    """(seat, points) of who scored on ``meld``: the owner first, then the others by seat."""
    points = {meld.owner: 0}
    for placed in sorted(meld.cards, key=lambda p: p.seat != meld.owner):
        points[placed.seat] = points.get(placed.seat, 0) + placed.points
    owner = points.pop(meld.owner)
    return [(meld.owner, owner), *sorted(points.items())]


@dataclass(frozen=True, slots=True)
class LabelPart:
    """One line of a meld's points, drawn ``y`` below the meld's top, right of its cards."""

    label: str
    y: int
    style: Style


def meld_label(meld: CreditedMeld) -> list[LabelPart]:
    """The points beside a meld: just its points when its owner placed every card, else one
    line per player who scored on it, in that player's colour (their band's colour too)."""
    credits = meld_credits(meld)
    if len(credits) == 1:
        return [LabelPart(str(meld.points), 0, MELD_POINTS)]
    return [
        LabelPart(str(points), i * MELD_LINE_H, name_style(seat, size=MELD_POINTS.size))
        for i, (seat, points) in enumerate(credits)
    ]


def meld_fan_width(count: int) -> int:
    """The width in pixels of ``count`` meld cards fanned out (0 for none)."""
    return 0 if count == 0 else (count - 1) * MELD_STEP + MELD_LAST_W


def _meld_width(meld: CreditedMeld) -> int:
    label_w = max(text_width(part.label, part.style.size) for part in meld_label(meld))
    return meld_fan_width(len(meld.cards)) + MELD_LABEL_GAP + label_w


def _meld_height(meld: CreditedMeld) -> int:
    return max(MELD_CARD_H + PLACER_BAR_GAP + PLACER_BAR_H, len(meld_label(meld)) * MELD_LINE_H)


def _meld_rows(melds: Sequence[CreditedMeld]) -> list[list[CreditedMeld]]:
    """Greedy left-to-right packing into rows of the band's width."""
    return pack_rows(melds, _meld_width, MELD_AREA_W, MELD_GAP)


def _band_height(rows: Sequence[Sequence[CreditedMeld]]) -> int:
    """A band: the name's line and its rows of melds; a seat without melds only the name."""
    melds = sum(max(_meld_height(m) for m in row) + MELD_ROW_GAP for row in rows)
    return NAME_H + max(0, melds - MELD_ROW_GAP) + BAND_PAD


def _strip_height(view: MeldTableView) -> int:
    return STRIP_PAD + _stair_layout(len(view.discard_pile)).height


def _draw_talon(canvas: Image.Image, view: MeldTableView, label: str) -> None:
    y = STRIP_PAD + BADGE_H + BADGE_GAP
    centre = MARGIN + CARD_W // 2
    text(canvas, fit_text(label, LABEL.size, CARD_W), centre, STRIP_PAD + 2, LABEL, "centre")
    if view.stock_count > 0:
        canvas.paste(cropped_sprite(BACK_CODE, STAIR_CARD_H), (MARGIN, y), card_mask(STAIR_CARD_H))
        count_y = y + (STAIR_CARD_H - (TALON_COUNT.height or 0)) // 2
        text(canvas, str(view.stock_count), centre, count_y, TALON_COUNT, "centre")
    else:
        empty_slot(canvas, MARGIN, y, height=STAIR_CARD_H)


def _draw_staircase(canvas: Image.Image, stairs: tuple[Card, ...]) -> None:
    if not stairs:
        empty_slot(canvas, STAIRS_X, STRIP_PAD + BADGE_H + BADGE_GAP, height=STAIR_CARD_H)
        return
    layout = _stair_layout(len(stairs))
    mask = card_mask(STAIR_CARD_H)
    for i, card in enumerate(stairs):
        canvas.paste(cropped_sprite(card.code, STAIR_CARD_H), layout.position(i), mask)
    x, y = layout.position(len(stairs) - 1)
    ring = (x - TOP_RING, y - TOP_RING, x + CARD_W - 1 + TOP_RING, y + STAIR_CARD_H + 3)
    outline(canvas, ring, pal.GOLD, TOP_RING, CARD_RADIUS + TOP_RING)
    for badge in staircase_badges(len(stairs)):
        text(canvas, badge.label, badge.x, badge.y, badge.style, align=badge.align)


@dataclass(frozen=True, slots=True)
class Badge:
    """A staircase number centred at ``x``, its top at ``y`` (picture coordinates)."""

    label: str
    x: int
    y: int
    style: Style
    align: Align


def staircase_badges(count: int) -> list[Badge]:
    """The numbers over ``count`` stair cards that players take by: "1" (oldest) to "n", the
    top's gold like its ring."""
    layout = _stair_layout(count)
    badges = []
    for i in range(count):
        x, y = layout.position(i)
        badge_y = y - BADGE_H - BADGE_GAP
        covered = i < count - 1 and not layout.row_end(i)
        width = layout.step if covered else INDEX_STRIP  # over the index that shows
        if i == count - 1:  # nothing covers the top: its wider badge starts at its edge
            badges.append(Badge(str(i + 1), x, badge_y, TOP_BADGE, "left"))
        else:
            badges.append(Badge(str(i + 1), x + width // 2, badge_y, BADGE, "centre"))
    return badges


def _draw_band(
    canvas: Image.Image,
    view: MeldTableView,
    seat: BaseSeatView,
    melds: Sequence[CreditedMeld],
    top: int,
) -> int:
    """One player's band; returns its height."""
    rows = _meld_rows(melds)
    height = _band_height(rows)
    right = canvas.width - MARGIN - 1
    box = (MARGIN, top, right, top + height - 1)
    rect(canvas, box, pal.PANEL)
    colour = player_colour(seat.seat)
    rect(canvas, (MARGIN, top, MARGIN + COLOUR_BAR_W - 1, top + height - 1), colour)
    if view.phase is Phase.OVER:
        if seat.seat == view.winner:
            outline(canvas, box, pal.GOLD, ACT_RING)
    elif seat.seat == view.to_act:
        outline(canvas, box, colour, ACT_RING)
    text(
        canvas, fit_text(seat.name, NAME_SIZE, NAME_W), NAME_X, top + NAME_Y, name_style(seat.seat)
    )
    y = top + NAME_H
    for row in rows:
        x = MELD_X
        for meld in row:
            draw_meld(canvas, meld, x, y)
            x += _meld_width(meld) + MELD_GAP
        y += max(_meld_height(m) for m in row) + MELD_ROW_GAP
    return height


@lru_cache(maxsize=256)
def _meld_tile(code: str, lang: str) -> tuple[Image.Image, Image.Image]:
    """A meld card cut right of its index and below it: the tile and its mask."""
    del lang  # part of the cache key: cropped_sprite draws in the current language
    return cut_tile(cropped_sprite(code, MELD_CARD_H), MELD_LAST_W, INDEX_STRIP)


def draw_meld(canvas: Image.Image, meld: CreditedMeld, x: int, y: int) -> None:
    """A meld's cards cut to their indices, a bar in the placer's colour under each card laid
    off by someone else, and its points beside it."""
    cards = [p.card for p in meld.cards]
    for i, card in enumerate(cards):  # each tile ends under the next one
        tile, mask = _meld_tile(card.code, language())
        canvas.paste(tile, (x + i * MELD_STEP, y), mask)
    bar_y = y + MELD_CARD_H + PLACER_BAR_GAP
    for i, placed in enumerate(meld.cards):
        if placed.seat != meld.owner:
            px = x + i * MELD_STEP
            w = MELD_LAST_W if i == len(meld.cards) - 1 else MELD_STEP
            box = (px + 2, bar_y, px + w - 3, bar_y + PLACER_BAR_H - 1)
            rect(canvas, box, player_colour(placed.seat))
    label_x = x + meld_fan_width(len(cards)) + MELD_LABEL_GAP
    for part in meld_label(meld):
        text(canvas, part.label, label_x, y + part.y, part.style)


@dataclass(frozen=True, slots=True)
class _Layout:
    strip_h: int
    bands: tuple[int, ...]  # each player's band height

    @property
    def height(self) -> int:
        return self.strip_h + sum(h + BAND_GAP for h in self.bands) - BAND_GAP + BOTTOM


def _melds_of(view: MeldTableView, seat: int) -> tuple[CreditedMeld, ...]:
    return tuple(m for m in view.melds if m.owner == seat)


def _layout(view: MeldTableView) -> _Layout:
    bands = tuple(_band_height(_meld_rows(_melds_of(view, s.seat))) for s in view.seats)
    return _Layout(_strip_height(view), bands)


def table_size(view: MeldTableView) -> tuple[int, int]:
    """The table picture's size in pixels for ``view`` (its height grows with the melds)."""
    return TABLE_W, _layout(view).height


def draw_table(view: MeldTableView, stock: str = N_("talon")) -> Image.Image:
    """The table as a palette image (uncached); ``stock`` names the face-down pile. The player
    to act has a ring in their colour; at the session's end the winner a gold one."""
    layout = _layout(view)
    canvas = new_canvas(TABLE_W, layout.height)
    _draw_talon(canvas, view, _(stock))
    _draw_staircase(canvas, view.discard_pile)
    top = layout.strip_h
    for seat in view.seats:
        top += _draw_band(canvas, view, seat, _melds_of(view, seat.seat), top) + BAND_GAP
    return canvas


def render_table(view: MeldTableView, stock: str = N_("talon")) -> bytes:
    """The table as PNG bytes, cached by view and language: an unchanged table is drawn once."""
    return _render_table(view, language(), stock)


@lru_cache(maxsize=32)
def _render_table(view: MeldTableView, lang: str, stock: str) -> bytes:
    return encode(draw_table(view, stock))  # drawn in ``lang``: the current language


def cache_clear() -> None:
    """Forget the table pictures and meld tiles drawn so far (``bot.render.clear_caches``)."""
    _render_table.cache_clear()
    _meld_tile.cache_clear()


register_cache(cache_clear)
