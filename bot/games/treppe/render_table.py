"""The table picture: status line, talon, the numbered staircase and every player's melds."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

import bot.render.palette as pal
from bot.render import register_cache
from bot.render.assets import Style, fit_text, text_width
from bot.render.canvas import (
    Align,
    card_outline,
    empty_slot,
    encode,
    fan_width,
    new_canvas,
    outline,
    paste_card,
    paste_fan,
    rect,
    text,
)
from bot.render.geometry import CARD_H, CARD_W, INDEX_BOTTOM, INDEX_STRIP
from engine.cards import Card
from engine.games.treppe.views import MeldView, PublicView, SeatView
from engine.i18n import _, card_count, language
from engine.protocol import Phase

TABLE_W = 1080  # the widest a table gets
TABLE_MIN_W = 720  # a sparse table is narrower, so it scales down less on a phone
TABLE_MAX_H = 1320  # the tallest possible table (every card in melds of 3 or 4) fits
MARGIN = 16
HEADER_H = 58
STATUS_NAME_W = 300
SECTION_GAP = 14

# Staircase: a fan in play order, numbered from 1 (bottom) like the controls.
STAIR_STEP = INDEX_STRIP + 4  # each covered card shows its index and fits a two-digit badge
STAIR_STEP_WIDE = 60  # a short staircase shows more of each card
TALON_GAP = 30
STAIRS_X = MARGIN + CARD_W + TALON_GAP
STAIRS_W = TABLE_W - MARGIN - STAIRS_X
TOP_BADGE_W = 128  # "52 · top": the last card's badge is wider than the card
STAIRS_PER_ROW = (STAIRS_W - TOP_BADGE_W) // STAIR_STEP + 1
BADGE_H = 30
BADGE_GAP = 5
STAIR_ROW_H = BADGE_H + BADGE_GAP + CARD_H + 14
TOP_RING = 4

# Player bands: name and scores on the left, melds (cropped cards) on the right.
BAND_PAD = 10
BAND_GAP = 10
COLOUR_BAR_W = 6
INFO_W = 220
MELD_X = MARGIN + INFO_W
MELD_AREA_W = TABLE_W - MARGIN - BAND_PAD - MELD_X
MELD_CARD_H = INDEX_BOTTOM + 14  # melds are read by their indices; the lower half is cut
MELD_STEP = INDEX_STRIP + 2
MELD_GAP = 16
MELD_LABEL_H = 24
MELD_ROW_H = MELD_CARD_H + MELD_LABEL_H + 6
PLACER_BAR_H = 5
INFO_H = 104

BADGE = Style(24, pal.TEXT, pal.FELT, pill=pal.BADGE, pad_x=3, height=BADGE_H, min_width=30)
TOP_BADGE = Style(24, pal.DARK, pal.FELT, pill=pal.GOLD, pad_x=10, height=BADGE_H)
HEADER = Style(26, pal.TEXT, pal.FELT)
HEADER_MUTED = Style(22, pal.MUTED, pal.FELT)
LABEL = Style(20, pal.MUTED, pal.FELT)
TALON_COUNT = Style(28, pal.TEXT, pal.BACK, pill=pal.BADGE, pad_x=10, height=38)
SCORE = Style(24, pal.TEXT, pal.PANEL)
INFO = Style(19, pal.MUTED, pal.PANEL)
MELD_POINTS = Style(19, pal.MUTED, pal.PANEL)
LABEL_GAP = 6
LABEL_NAME_W = 90  # a long name is cut short under a meld


def player_colour(seat: int) -> pal.RGB:
    return pal.PLAYERS[seat % len(pal.PLAYERS)]


def name_style(seat: int, bg: pal.RGB = pal.PANEL, size: int = 24) -> Style:
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
    """Who scored how much on ``meld``: (seat, points), the owner first, then whoever laid
    off on it in seat order."""
    points = {meld.owner: 0}
    for placed in sorted(meld.cards, key=lambda p: p.seat != meld.owner):
        points[placed.seat] = points.get(placed.seat, 0) + placed.points
    owner = points.pop(meld.owner)
    return [(meld.owner, owner), *sorted(points.items())]


@dataclass(frozen=True, slots=True)
class LabelPart:
    """One piece of a meld's label, drawn at ``x`` from the meld's left edge."""

    label: str
    x: int
    style: Style


def meld_label(meld: MeldView, names: Sequence[str]) -> list[LabelPart]:
    """The points under a meld: just its points when its owner placed every card, else who
    scored what ("Anna 12 + Ben 4"), each name in its player's colour."""
    credits = meld_credits(meld)
    if len(credits) == 1:
        return [LabelPart(str(meld.points), 2, MELD_POINTS)]
    parts = []
    x = 2
    for i, (seat, points) in enumerate(credits):
        if i:
            parts.append(LabelPart("+", x, MELD_POINTS))
            x += text_width("+", MELD_POINTS.size) + LABEL_GAP
        name = fit_text(names[seat], MELD_POINTS.size, LABEL_NAME_W)
        part = f"{name} {points}"
        parts.append(LabelPart(part, x, name_style(seat, size=MELD_POINTS.size)))
        x += text_width(part, MELD_POINTS.size) + LABEL_GAP
    return parts


def _meld_width(meld: MeldView, names: Sequence[str]) -> int:
    last = meld_label(meld, names)[-1]
    label_w = last.x + text_width(last.label, last.style.size)
    return max(fan_width(len(meld.cards), MELD_STEP), label_w)


def _meld_rows(melds: list[MeldView], names: Sequence[str]) -> list[list[MeldView]]:
    """Greedy left-to-right packing into rows of the meld area."""
    rows: list[list[MeldView]] = []
    width = 0
    for meld in melds:
        w = _meld_width(meld, names)
        if rows and width + MELD_GAP + w <= MELD_AREA_W:
            rows[-1].append(meld)
            width += MELD_GAP + w
        else:
            rows.append([meld])
            width = w
    return rows


def _band_height(rows: int) -> int:
    return max(INFO_H, rows * MELD_ROW_H) + 2 * BAND_PAD


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
        canvas, _("Round {round_number}", round_number=view.round_number), MARGIN, 14, HEADER
    )
    text(
        canvas,
        _("· first to {target}", target=view.target),
        MARGIN + left.width + 10,
        18,
        HEADER_MUTED,
    )
    status, colour = _status(view)
    text(
        canvas,
        status,
        canvas.width - MARGIN,
        14,
        Style(26, colour, pal.FELT),
        align="right",
    )


def _draw_talon(canvas: Image.Image, view: PublicView, top: int) -> None:
    y = top + BADGE_H + BADGE_GAP
    text(canvas, _("talon"), MARGIN + CARD_W // 2, top + 2, LABEL, align="centre")
    if view.talon_count > 0:
        paste_card(canvas, None, MARGIN, y)
        text(
            canvas,
            str(view.talon_count),
            MARGIN + CARD_W // 2,
            y + CARD_H // 2 - 19,
            TALON_COUNT,
            align="centre",
        )
    else:
        empty_slot(canvas, MARGIN, y)
        text(canvas, _("empty"), MARGIN + CARD_W // 2, y + CARD_H // 2 - 12, LABEL, align="centre")
    if view.rebuilds:
        text(
            canvas,
            _("rebuilt {rebuilds}×", rebuilds=view.rebuilds),
            MARGIN + CARD_W // 2,
            y + CARD_H + 4,
            LABEL,
            align="centre",
        )


def _draw_staircase(canvas: Image.Image, stairs: tuple[Card, ...], top: int) -> None:
    if not stairs:
        y = top + BADGE_H + BADGE_GAP
        empty_slot(canvas, STAIRS_X, y)
        text(canvas, _("staircase empty"), STAIRS_X + CARD_W + 14, y + CARD_H // 2 - 12, LABEL)
        return
    layout = _stair_layout(len(stairs))
    for row_start in range(0, len(stairs), layout.per_row):
        row = stairs[row_start : row_start + layout.per_row]
        x, y = layout.position(row_start)
        paste_fan(canvas, row, x, top + y, layout.step)
    x, y = layout.position(len(stairs) - 1)
    card_outline(canvas, x, top + y, pal.GOLD, TOP_RING)
    for badge in staircase_badges(len(stairs)):
        text(canvas, badge.label, badge.x, top + badge.y, badge.style, align=badge.align)


@dataclass(frozen=True, slots=True)
class Badge:
    """A staircase position number: drawn at (x, y) below the status line, ``x`` being its
    centre or (for the top card) its left edge."""

    label: str
    x: int
    y: int
    style: Style
    align: Align


def staircase_badges(count: int) -> list[Badge]:
    """The numbers over a staircase of ``count`` cards: "1" for the bottom (oldest) card up to
    "n · top", the numbers players use to say where they take from."""
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


def _draw_band(
    canvas: Image.Image,
    view: PublicView,
    seat: SeatView,
    melds: list[MeldView],
    top: int,
    height: int,
) -> None:
    names = [s.name for s in view.seats]
    rows = _meld_rows(melds, names)
    right = canvas.width - MARGIN - 1
    rect(canvas, (MARGIN, top, right, top + height - 1), pal.PANEL)
    colour = player_colour(seat.seat)
    rect(canvas, (MARGIN, top, MARGIN + COLOUR_BAR_W - 1, top + height - 1), colour)
    if seat.seat == view.to_act and view.phase is not Phase.OVER:
        outline(canvas, (MARGIN, top, right, top + height - 1), colour, 3)

    x = MARGIN + COLOUR_BAR_W + 12
    y = top + BAND_PAD
    name_w = INFO_W - COLOUR_BAR_W - 24
    text(canvas, fit_text(seat.name, 24, name_w), x, y, name_style(seat.seat))
    text(canvas, _("{score} points", score=seat.score), x, y + 32, SCORE)
    cards = card_count(seat.hand_count)
    if seat.seat == view.dealer:
        cards += _(" · dealer")
    text(canvas, cards, x, y + 62, INFO)
    text(canvas, _("+{round_points} this round", round_points=seat.round_points), x, y + 84, INFO)

    if not melds:
        text(canvas, _("no melds yet"), MELD_X, top + BAND_PAD + 40, INFO)
    for r, row in enumerate(rows):
        mx = MELD_X
        my = top + BAND_PAD + r * MELD_ROW_H
        for meld in row:
            draw_meld(canvas, meld, names, mx, my)
            mx += _meld_width(meld, names) + MELD_GAP


def draw_meld(canvas: Image.Image, meld: MeldView, names: Sequence[str], x: int, y: int) -> None:
    paste_fan(canvas, [p.card for p in meld.cards], x, y, MELD_STEP, MELD_CARD_H)
    # Cards laid off by someone else carry that player's colour under them.
    bar_y = y + MELD_CARD_H + 2
    for i, placed in enumerate(meld.cards):
        if placed.seat != meld.owner:
            px = x + i * MELD_STEP
            w = CARD_W if i == len(meld.cards) - 1 else MELD_STEP - 2
            rect(
                canvas,
                (px + 2, bar_y, px + w - 3, bar_y + PLACER_BAR_H - 1),
                player_colour(placed.seat),
            )
    for part in meld_label(meld, names):
        text(canvas, part.label, x + part.x, bar_y + PLACER_BAR_H, part.style)


@dataclass(frozen=True, slots=True)
class _Layout:
    width: int
    stairs: _StairLayout
    stairs_h: int
    bands: tuple[tuple[SeatView, tuple[MeldView, ...], int], ...]  # seat, its melds, height

    @property
    def height(self) -> int:
        bands = sum(h + BAND_GAP for _, _, h in self.bands) - BAND_GAP
        return HEADER_H + self.stairs_h + SECTION_GAP + bands + MARGIN


def _layout(view: PublicView) -> _Layout:
    stairs = _stair_layout(len(view.staircase))
    count = len(view.staircase)
    used = STAIRS_X + fan_width(min(count, stairs.per_row), stairs.step) + MARGIN
    if count:
        top_x, _top_y = stairs.position(count - 1)
        used = max(used, top_x + TOP_BADGE_W + MARGIN)
    else:
        used += 200  # room for the "staircase empty" note
    stairs_h = stairs.height
    if view.rebuilds:
        stairs_h = max(stairs_h, BADGE_H + BADGE_GAP + CARD_H + 34)  # "rebuilt" under talon
    bands = []
    names = [s.name for s in view.seats]
    for seat in view.seats:
        melds = tuple(m for m in view.melds if m.owner == seat.seat)
        rows = _meld_rows(list(melds), names)
        for row in rows:
            row_w = sum(_meld_width(m, names) for m in row) + MELD_GAP * (len(row) - 1)
            used = max(used, MELD_X + row_w + BAND_PAD + MARGIN)
        bands.append((seat, melds, _band_height(len(rows))))
    status, _colour = _status(view)
    header = text_width(_("Round {round_number}", round_number=view.round_number), HEADER.size)
    header += text_width(_("· first to {target}", target=view.target), HEADER_MUTED.size) + 10
    header += text_width(status, HEADER.size) + 40 + 2 * MARGIN
    width = min(TABLE_W, max(TABLE_MIN_W, used, header))
    return _Layout(width, stairs, stairs_h, tuple(bands))


def table_size(view: PublicView) -> tuple[int, int]:
    layout = _layout(view)
    return layout.width, layout.height


def draw_table(view: PublicView) -> Image.Image:
    """The table as a palette image (uncached)."""
    layout = _layout(view)
    canvas = new_canvas(layout.width, layout.height)
    _draw_header(canvas, view)
    top = HEADER_H
    _draw_talon(canvas, view, top)
    _draw_staircase(canvas, view.staircase, top)
    top += layout.stairs_h + SECTION_GAP
    for seat, melds, height in layout.bands:
        _draw_band(canvas, view, seat, list(melds), top, height)
        top += height + BAND_GAP
    return canvas


def render_table(view: PublicView) -> bytes:
    """The table as PNG bytes. Cached by view and language: an unchanged table is not drawn
    twice."""
    return _render_table(view, language())


@lru_cache(maxsize=32)
def _render_table(view: PublicView, lang: str) -> bytes:
    return encode(draw_table(view))  # drawn in ``lang``: the current language


def cache_clear() -> None:
    _render_table.cache_clear()


register_cache(cache_clear)
