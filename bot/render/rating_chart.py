"""The rating-history chart of ``/treppe stats``: the rating after each rated session (gold)
and the rating the member is sure to have reached (the leaderboard's order, grey), the gap
between them shaded: how uncertain the rating still is. Drawn ``PICTURE_W`` wide for a phone,
with few, big labels; the text beside it says the same in words (``bot.stats.chart_text``)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.ratings import Rating, points
from bot.render import palette as pal
from bot.render.assets import Style, text_width
from bot.render.canvas import encode, new_canvas, text
from bot.render.geometry import MIN_TEXT_PX, PICTURE_W
from engine.i18n import N_, N_plural, _, ngettext, number

WIDTH, HEIGHT = PICTURE_W, 300
PAD = 14  # around the picture's edge
TICK_GAP = 10  # between a tick's number and the plot
LEGEND_SWATCH = 26  # a legend line's length
LEGEND_GAP = 28  # between the legend's two entries
PLOT_TOP = 56  # below the legend: a top tick label clears it
X_ROW = 34  # the row under the plot: the start and the number of sessions
Y_TICKS = 3  # about this many ratings on the side
RATING_LINE, SURE_LINE, DOT = 5, 4, 6  # line widths and the dots' radius
DOTS_UP_TO = 24  # sessions; more and the dots run together
GRID = pal.mix(pal.MUTED, pal.FELT, 5 / 7)  # a step of the palette's ramp: a quiet grid

TEXT_H = 26  # a label's height, its text centred in it
LABEL = Style(MIN_TEXT_PX, pal.MUTED, pal.FELT, height=TEXT_H)
LEGEND = Style(MIN_TEXT_PX, pal.TEXT, pal.FELT, height=TEXT_H)
RATING_WORD = N_("rating")
SURE_WORD = N_("sure to have reached")
START_WORD = N_("start")
X_AXIS = N_plural("{n} rated session", "{n} rated sessions")


def _ticks(low: float, high: float, count: int) -> list[float]:
    """Round tick values inside ``low``..``high``, about ``count`` of them."""
    span = max(high - low, 1e-9)
    raw = span / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    first = math.ceil(low / step) * step
    return [first + i * step for i in range(int((high - first) / step) + 1)]


def render_rating_history(history: Sequence[Rating]) -> bytes | None:
    """PNG bytes of the chart; None with no rated session to draw."""
    if not history:
        return None
    after = [Rating(), *history]  # start from the rating everybody begins with
    rating = [points(p.mu) for p in after]
    reached = [points(p.conservative) for p in after]
    pad = (max(rating) - min(reached)) * 0.06 or 10
    low, high = min(reached) - pad, max(rating) + pad
    ticks = _ticks(low, high, Y_TICKS)
    labels = [number(round(tick)) for tick in ticks]
    left = PAD + max(text_width(label, LABEL.size) for label in labels) + TICK_GAP
    right, bottom = WIDTH - PAD, HEIGHT - X_ROW
    img = new_canvas(WIDTH, HEIGHT)
    draw = ImageDraw.Draw(img)
    last = len(after) - 1

    def x_of(index: int) -> float:
        return left + (right - left) * index / last

    def y_of(value: float) -> float:
        return PLOT_TOP + (bottom - PLOT_TOP) * (high - value) / (high - low)

    for tick, label in zip(ticks, labels, strict=True):
        y = round(y_of(tick))
        draw.line([(left, y), (right, y)], fill=pal.index(GRID), width=1)
        text(img, label, left - TICK_GAP, y - TEXT_H // 2, LABEL, "right")
    upper = [(x_of(i), y_of(v)) for i, v in enumerate(rating)]
    lower = [(x_of(i), y_of(v)) for i, v in enumerate(reached)]
    draw.polygon([*upper, *reversed(lower)], fill=pal.index(pal.PANEL))  # the uncertainty
    draw.line(lower, fill=pal.index(pal.MUTED), width=SURE_LINE, joint="curve")
    draw.line(upper, fill=pal.index(pal.GOLD), width=RATING_LINE, joint="curve")
    if last <= DOTS_UP_TO:
        for dot_x, dot_y in upper:
            box = (dot_x - DOT, dot_y - DOT, dot_x + DOT, dot_y + DOT)
            draw.ellipse(box, fill=pal.index(pal.GOLD))
    _legend(img, draw)
    row_y = bottom + (X_ROW - TEXT_H) // 2
    text(img, _(START_WORD), left, row_y, LABEL)
    text(img, ngettext(*X_AXIS, last), right, row_y, LABEL, "right")
    return encode(img)


def _legend(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    """The two lines' names on one row over the plot."""
    x, y = PAD, PAD
    for word, colour, width in (
        (_(RATING_WORD), pal.GOLD, RATING_LINE),
        (_(SURE_WORD), pal.MUTED, SURE_LINE),
    ):
        mid = y + TEXT_H // 2
        draw.line([(x, mid), (x + LEGEND_SWATCH, mid)], fill=pal.index(colour), width=width)
        x += LEGEND_SWATCH + 8
        x += text(img, word, x, y, LEGEND).width + LEGEND_GAP
