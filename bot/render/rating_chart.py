"""The rating-history chart of ``/treppe stats``: the rating after each rated session, its
uncertainty as a band (mu ± sigma) and the conservative rating the leaderboard ranks by."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from bot.ratings import CONSERVATIVE_SIGMAS, Rating
from bot.render import palette as pal
from bot.render.geometry import FONT_PATH
from engine.i18n import N_, _

WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 52, 16, 62, 44  # margins around the plot
BAND = pal.mix(pal.PANEL, pal.PLAYERS[0], 0.35)
GRID = pal.mix(pal.FELT, pal.MUTED, 0.25)

TITLE = N_("Rating after each rated session")
LEGEND = (N_("rating"), N_("± uncertainty"), N_("ranked by rating − {sigmas}σ"))
X_AXIS = N_("rated sessions")


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering ``low``..``high``."""
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
    points = [Rating(), *history]  # start from the rating everybody begins with
    lows = [min(p.mu - p.sigma, p.conservative) for p in points]
    highs = [p.mu + p.sigma for p in points]
    low, high = min(lows), max(highs)
    pad = (high - low) * 0.05 or 1.0
    low, high = low - pad, high + pad
    img = Image.new("RGB", (WIDTH, HEIGHT), pal.FELT)
    draw = ImageDraw.Draw(img)
    small = ImageFont.truetype(str(FONT_PATH), 13)
    big = ImageFont.truetype(str(FONT_PATH), 16)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    last = len(points) - 1

    def x_of(index: int) -> float:
        return LEFT + (plot_w * index / last if last else plot_w / 2)

    def y_of(value: float) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    for tick in _ticks(low, high):
        y = y_of(tick)
        draw.line([(LEFT, y), (WIDTH - RIGHT, y)], fill=GRID)
        draw.text((LEFT - 6, y), f"{tick:g}", font=small, fill=pal.MUTED, anchor="rm")
    for tick in _ticks(0, last, min(last, 8) or 1):
        if tick == int(tick) and 0 <= tick <= last:
            x = x_of(int(tick))
            draw.text(
                (x, HEIGHT - BOTTOM + 6), f"{int(tick)}", font=small, fill=pal.MUTED, anchor="mt"
            )
    band = [(x_of(i), y_of(p.mu + p.sigma)) for i, p in enumerate(points)]
    band += [(x_of(i), y_of(p.mu - p.sigma)) for i, p in reversed(list(enumerate(points)))]
    if len(points) > 1:
        draw.polygon(band, fill=BAND)
        draw.line(
            [(x_of(i), y_of(p.conservative)) for i, p in enumerate(points)], fill=pal.MUTED, width=2
        )
        draw.line([(x_of(i), y_of(p.mu)) for i, p in enumerate(points)], fill=pal.GOLD, width=3)
    for i, p in enumerate(points):
        x, y = x_of(i), y_of(p.mu)
        draw.ellipse([(x - 3, y - 3), (x + 3, y + 3)], fill=pal.GOLD)
    draw.rectangle([(LEFT, TOP), (WIDTH - RIGHT, HEIGHT - BOTTOM)], outline=pal.MUTED)
    draw.text((LEFT, 10), _(TITLE), font=big, fill=pal.TEXT)
    x = LEFT
    legend = [_(label, sigmas=CONSERVATIVE_SIGMAS) for label in LEGEND]
    for label, colour in zip(legend, (pal.GOLD, BAND, pal.MUTED), strict=True):
        draw.rectangle([(x, 38), (x + 12, 50)], fill=colour, outline=pal.MUTED)
        draw.text((x + 18, 44), label, font=small, fill=pal.TEXT, anchor="lm")
        x += 18 + round(draw.textlength(label, font=small)) + 24
    axis_x = LEFT + plot_w / 2
    draw.text((axis_x, HEIGHT - 4), _(X_AXIS), font=small, fill=pal.MUTED, anchor="md")
    buffer = io.BytesIO()
    img.save(buffer, "PNG", optimize=False)
    return buffer.getvalue()
