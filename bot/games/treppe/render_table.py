"""The table picture, PICTURE_W wide (bot/render/README.md): status line, talon, the numbered
staircase and a band per player (name, score, cards, dealer, this round's points, melds)."""

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
from engine.cards import Card
from engine.games.treppe.views import MeldView, PublicView, SeatView
from engine.i18n import N_, _, card_count, language
from engine.protocol import Phase

TABLE_W = PICTURE_W  # every table is this wide: its text size is chosen for it
TABLE_MIN_W = PICTURE_W
TABLE_MAX_H = 1500  # the tallest possible table (every card in melds of 3 or 4) fits
MARGIN = 12
HEADER_H = 44
STATUS_NAME_W = 260
SECTION_GAP = 5

# Staircase: a fan in play order, numbered from 1 (bottom) like the controls. Cards are cut
# below their index and the top of their pips: players read them by the index.
STAIR_CARD_H = 104
STAIR_STEP = INDEX_STRIP + 4  # each covered card shows its index and fits a two-digit badge
STAIR_STEP_WIDE = 60  # a short staircase shows more of each card
TALON_GAP = 20
STAIRS_X = MARGIN + CARD_W + TALON_GAP
STAIRS_W = TABLE_W - MARGIN - STAIRS_X
TOP_BADGE_W = 128  # "52 · top": the last card's badge is wider than the card
STAIRS_PER_ROW = (STAIRS_W - TOP_BADGE_W) // STAIR_STEP + 1
BADGE_H = 30
BADGE_GAP = 4
STAIR_ROW_H = BADGE_H + BADGE_GAP + STAIR_CARD_H + 10
REBUILT_H = 28  # "rebuilt 2×" under the talon
TOP_RING = 4

# Player bands: name and score, cards and dealer, this round's points on the left; melds
# (cards cut to their index) on the right, each with its points stacked beside it.
BAND_PAD = 8
BAND_GAP = 5
COLOUR_BAR_W = 6
INFO_W = 240  # room for "13 Karten · Geber" (500 Rum deals 13)
INFO_X = MARGIN + COLOUR_BAR_W + 8
INFO_TEXT_W = INFO_W - COLOUR_BAR_W - 12
LINE_H = 26
INFO_H = 3 * LINE_H
MELD_X = MARGIN + INFO_W
MELD_AREA_W = TABLE_W - MARGIN - BAND_PAD - MELD_X
MELD_CARD_H = INDEX_BOTTOM + 4  # melds are read by their indices; the rest is cut
MELD_STEP = INDEX_STRIP
MELD_LAST_W = INDEX_STRIP + 20  # the last card too is cut a little right of its index
MELD_GAP = 10
PLACER_BAR_H = 4
MELD_LABEL_GAP = 4
MELD_LINE_H = 24  # one credit ("18") per line beside the meld

BADGE = Style(24, pal.TEXT, pal.FELT, pill=pal.BADGE, pad_x=3, height=BADGE_H, min_width=30)
TOP_BADGE = Style(24, pal.DARK, pal.FELT, pill=pal.GOLD, pad_x=10, height=BADGE_H)
HEADER = Style(26, pal.TEXT, pal.FELT)
HEADER_MUTED = Style(MIN_TEXT_PX, pal.MUTED, pal.FELT)
LABEL = Style(MIN_TEXT_PX, pal.MUTED, pal.FELT)
TALON_COUNT = Style(28, pal.TEXT, pal.BACK, pill=pal.BADGE, pad_x=10, height=38)
SCORE = Style(24, pal.TEXT, pal.PANEL)
INFO = Style(MIN_TEXT_PX, pal.MUTED, pal.PANEL)
INFO_GOLD = Style(MIN_TEXT_PX, pal.GOLD, pal.PANEL)
MELD_POINTS = Style(MIN_TEXT_PX, pal.MUTED, pal.PANEL)


def player_colour(seat: int) -> pal.RGB:
    """The colour that marks a seat's name and cards in every picture."""
    return pal.PLAYERS[seat % len(pal.PLAYERS)]


def name_style(seat: int, bg: pal.RGB = pal.PANEL, size: int = 24) -> Style:
    """The text style of a seat's name: its player colour on ``bg``."""
    return Style(size, player_colour(seat), bg)


@dataclass(frozen=True, slots=True)
class _StairLayout:
    rows: int
    per_row: int
    step: int

    @property
    def height(self) -> int:
        return max(1, self.rows) * STAIR_ROW_H

    def position(self, i: int) -> tuple[int, int]:
        """Top-left corner of card ``i`` relative to the staircase block (below its badges)."""
        row, col = divmod(i, self.per_row)
        return STAIRS_X + col * self.step, row * STAIR_ROW_H + BADGE_H + BADGE_GAP


def _stair_layout(count: int) -> _StairLayout:
    rows = max(1, math.ceil(count / STAIRS_PER_ROW))
    per_row = max(1, math.ceil(count / rows))  # balanced rows read better than a stub
    step = STAIR_STEP_WIDE
    if per_row > 1:
        step = min(STAIR_STEP_WIDE, (STAIRS_W - TOP_BADGE_W) // (per_row - 1))
    return _StairLayout(rows, per_row, max(step, STAIR_STEP))


def meld_credits(meld: MeldView) -> list[tuple[int, int]]:
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


def meld_label(meld: MeldView) -> list[LabelPart]:
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


def _meld_width(meld: MeldView) -> int:
    label_w = max(text_width(part.label, part.style.size) for part in meld_label(meld))
    return meld_fan_width(len(meld.cards)) + MELD_LABEL_GAP + label_w


def _meld_height(meld: MeldView) -> int:
    return max(MELD_CARD_H + 2 + PLACER_BAR_H, len(meld_label(meld)) * MELD_LINE_H)


def _meld_rows(melds: Sequence[MeldView]) -> list[list[MeldView]]:
    """Greedy left-to-right packing into rows of the meld area."""
    return pack_rows(melds, _meld_width, MELD_AREA_W, MELD_GAP)


def _rows_height(rows: Sequence[Sequence[MeldView]]) -> int:
    return sum(max(_meld_height(m) for m in row) + BAND_PAD for row in rows) - BAND_PAD


def _band_height(rows: Sequence[Sequence[MeldView]]) -> int:
    return max(INFO_H, _rows_height(rows)) + 2 * BAND_PAD


def _status(view: PublicView) -> tuple[str, pal.RGB]:
    """The right side of the header; the name is cut short so the verb always shows."""
    if view.phase is Phase.OVER and view.winner is not None:
        name = fit_text(view.seats[view.winner].name, HEADER.size, STATUS_NAME_W)
        return _("{name} wins the game", name=name), player_colour(view.winner)
    name = fit_text(view.seats[view.to_act].name, HEADER.size, STATUS_NAME_W)
    doing = _("to draw") if view.phase is Phase.DRAW else _("to play")
    return f"▶ {name} {doing}", player_colour(view.to_act)


def _draw_header(canvas: Image.Image, view: PublicView) -> None:
    left = text(
        canvas, _("Round {round_number}", round_number=view.round_number), MARGIN, 8, HEADER
    )
    target = _("· first to {target}", target=view.target)
    text(canvas, target, MARGIN + left.width + 8, 11, HEADER_MUTED)
    status, colour = _status(view)
    text(canvas, status, canvas.width - MARGIN, 8, Style(26, colour, pal.FELT), align="right")


def _draw_talon(canvas: Image.Image, view: PublicView, top: int, label: str) -> None:
    y = top + BADGE_H + BADGE_GAP
    text(canvas, label, MARGIN + CARD_W // 2, top + 2, LABEL, align="centre")
    if view.talon_count > 0:
        canvas.paste(cropped_sprite(BACK_CODE, STAIR_CARD_H), (MARGIN, y), card_mask(STAIR_CARD_H))
        count = str(view.talon_count)
        text(canvas, count, MARGIN + CARD_W // 2, y + STAIR_CARD_H // 2 - 19, TALON_COUNT, "centre")
    else:
        empty_slot(canvas, MARGIN, y, height=STAIR_CARD_H)
        text(canvas, _("empty"), MARGIN + CARD_W // 2, y + STAIR_CARD_H // 2 - 13, LABEL, "centre")
    if view.rebuilds:
        rebuilt = _("rebuilt {rebuilds}×", rebuilds=view.rebuilds)
        text(canvas, rebuilt, MARGIN + CARD_W // 2, y + STAIR_CARD_H + 4, LABEL, align="centre")


def _draw_staircase(canvas: Image.Image, stairs: tuple[Card, ...], top: int) -> None:
    if not stairs:
        y = top + BADGE_H + BADGE_GAP
        empty_slot(canvas, STAIRS_X, y, height=STAIR_CARD_H)
        note = _("staircase empty")
        text(canvas, note, STAIRS_X + CARD_W + 14, y + STAIR_CARD_H // 2 - 13, LABEL)
        return
    layout = _stair_layout(len(stairs))
    mask = card_mask(STAIR_CARD_H)
    for i, card in enumerate(stairs):
        x, y = layout.position(i)
        canvas.paste(cropped_sprite(card.code, STAIR_CARD_H), (x, top + y), mask)
    x, y = layout.position(len(stairs) - 1)
    ring = (x - TOP_RING, top + y - TOP_RING, x + CARD_W - 1 + TOP_RING, top + y + STAIR_CARD_H + 3)
    outline(canvas, ring, pal.GOLD, TOP_RING, CARD_RADIUS + TOP_RING)
    for badge in staircase_badges(len(stairs)):
        text(canvas, badge.label, badge.x, top + badge.y, badge.style, align=badge.align)


@dataclass(frozen=True, slots=True)
class Badge:
    """A staircase number at (x, y) below the status line: ``x`` is its centre or its left."""

    label: str
    x: int
    y: int
    style: Style
    align: Align


def staircase_badges(count: int) -> list[Badge]:
    """The numbers over ``count`` stair cards that players take by: "1" (oldest) to "n · top"."""
    layout = _stair_layout(count)
    badges = []
    for i in range(count):
        x, y = layout.position(i)
        badge_y = y - BADGE_H - BADGE_GAP
        if i == count - 1:
            badges.append(Badge(_("{value} · top", value=i + 1), x, badge_y, TOP_BADGE, "left"))
        else:
            # Centred over the visible strip of a covered card, or over a row's last card.
            width = layout.step if (i + 1) % layout.per_row else INDEX_STRIP
            badges.append(Badge(str(i + 1), x + width // 2, badge_y, BADGE, "centre"))
    return badges


def seat_lines(view: PublicView, seat: SeatView) -> tuple[str, str]:
    """The two small lines under a player's name: cards (and dealer), this round's points."""
    cards = card_count(seat.hand_count)
    if seat.seat == view.dealer:
        cards += _(" · dealer")
    return cards, _("+{round_points} this round", round_points=seat.round_points)


def _draw_info(canvas: Image.Image, view: PublicView, seat: SeatView, y: int) -> None:
    score = str(seat.score)
    score_w = text_width(score, SCORE.size)
    right = INFO_X + INFO_TEXT_W
    name = fit_text(seat.name, 24, INFO_TEXT_W - score_w - 10)
    text(canvas, name, INFO_X, y, name_style(seat.seat))
    text(canvas, score, right, y, SCORE, align="right")
    cards, this_round = seat_lines(view, seat)
    text(canvas, fit_text(cards, INFO.size, INFO_TEXT_W), INFO_X, y + 28, INFO)
    style = INFO_GOLD if seat.round_points else INFO
    text(canvas, fit_text(this_round, INFO.size, INFO_TEXT_W), INFO_X, y + 28 + LINE_H, style)


def _draw_band(
    canvas: Image.Image, view: PublicView, seat: SeatView, melds: Sequence[MeldView], top: int
) -> int:
    """One player's band; returns its height."""
    rows = _meld_rows(melds)
    height = _band_height(rows)
    right = canvas.width - MARGIN - 1
    rect(canvas, (MARGIN, top, right, top + height - 1), pal.PANEL)
    colour = player_colour(seat.seat)
    rect(canvas, (MARGIN, top, MARGIN + COLOUR_BAR_W - 1, top + height - 1), colour)
    if seat.seat == view.to_act and view.phase is not Phase.OVER:
        outline(canvas, (MARGIN, top, right, top + height - 1), colour, 3)
    _draw_info(canvas, view, seat, top + BAND_PAD)
    if not melds:
        text(canvas, _("no melds yet"), MELD_X, top + BAND_PAD + 28, INFO)
    y = top + BAND_PAD
    for row in rows:
        x = MELD_X
        for meld in row:
            draw_meld(canvas, meld, x, y)
            x += _meld_width(meld) + MELD_GAP
        y += max(_meld_height(m) for m in row) + BAND_PAD
    return height


@lru_cache(maxsize=256)
def _meld_tile(code: str, lang: str) -> tuple[Image.Image, Image.Image]:
    """A meld card cut right of its index and below it: the tile and its mask."""
    del lang  # part of the cache key: cropped_sprite draws in the current language
    return cut_tile(cropped_sprite(code, MELD_CARD_H), MELD_LAST_W, INDEX_STRIP)


def draw_meld(canvas: Image.Image, meld: MeldView, x: int, y: int) -> None:
    """A meld's cards cut to their indices, a bar in the placer's colour under each card laid
    off by someone else, and its points beside it."""
    cards = [p.card for p in meld.cards]
    for i, card in enumerate(cards):  # each tile ends under the next one
        tile, mask = _meld_tile(card.code, language())
        canvas.paste(tile, (x + i * MELD_STEP, y), mask)
    bar_y = y + MELD_CARD_H + 2
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
    stairs_h: int
    bands: tuple[int, ...]  # each player's band height

    @property
    def height(self) -> int:
        bands = sum(h + BAND_GAP for h in self.bands) - BAND_GAP
        return HEADER_H + self.stairs_h + SECTION_GAP + bands + MARGIN


def _melds_of(view: PublicView, seat: int) -> tuple[MeldView, ...]:
    return tuple(m for m in view.melds if m.owner == seat)


def _layout(view: PublicView) -> _Layout:
    stairs_h = _stair_layout(len(view.staircase)).height
    if view.rebuilds:
        stairs_h = max(stairs_h, BADGE_H + BADGE_GAP + STAIR_CARD_H + REBUILT_H)
    bands = tuple(_band_height(_meld_rows(_melds_of(view, s.seat))) for s in view.seats)
    return _Layout(stairs_h, bands)


def table_size(view: PublicView) -> tuple[int, int]:
    """The table picture's size in pixels for ``view`` (its height grows with the melds)."""
    return TABLE_W, _layout(view).height


def draw_table(view: PublicView, stock: str = N_("talon")) -> Image.Image:
    """The table as a palette image (uncached); ``stock`` names the face-down pile."""
    layout = _layout(view)
    canvas = new_canvas(TABLE_W, layout.height)
    _draw_header(canvas, view)
    top = HEADER_H
    _draw_talon(canvas, view, top, _(stock))
    _draw_staircase(canvas, view.staircase, top)
    top += layout.stairs_h + SECTION_GAP
    for seat in view.seats:
        top += _draw_band(canvas, view, seat, _melds_of(view, seat.seat), top) + BAND_GAP
    return canvas


def render_table(view: PublicView, stock: str = N_("talon")) -> bytes:
    """The table as PNG bytes, cached by view and language: an unchanged table is drawn once."""
    return _render_table(view, language(), stock)


@lru_cache(maxsize=32)
def _render_table(view: PublicView, lang: str, stock: str) -> bytes:
    return encode(draw_table(view, stock))  # drawn in ``lang``: the current language


def cache_clear() -> None:
    """Forget the table pictures and meld tiles drawn so far (``bot.render.clear_caches``)."""
    _render_table.cache_clear()
    _meld_tile.cache_clear()


register_cache(cache_clear)
