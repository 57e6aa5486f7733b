"""The band pictures of the pile games, written once: a table (the piles in a row at the top,
then one band per seat) and a round's result (one band per seat).

A game describes each seat's band as plain data (:class:`Band`): the name on a line of its
own with a short tag (a pill) after it and the band's one number at its right, then the card
fans packed into rows over the band's full width, a ring round the band. Everything else a
player may want to know (scores, counts, whose turn, what happened, the rules) is in the
message's text. Everything is drawn ``PICTURE_W`` wide; heights follow from the bands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

import bot.render.palette as pal
from bot.render import pile_games as pg
from bot.render.assets import Style, fit_text, text_width
from bot.render.canvas import new_canvas, text
from bot.render.fans import FAN_ROW_H, Fan, draw_fan_rows, pack_fans
from bot.render.geometry import PICTURE_W
from bot.render.hand import sort_hand
from bot.render.pile_games import BAND_GAP, BAND_PAD, MARGIN, POINTS, TAG_H
from engine.cards import Card

FANS_X = MARGIN + pg.COLOUR_BAR_W + 5  # the name and the fans start here
RING_CLEAR = 1  # between the fans and a ring round the band
# The fans' room: the band's width clear of its colour bar and of a ring round it (ten cards
# of deadwood and their label just fit, or a run of six and one of five with their points).
FANS_W = PICTURE_W - MARGIN - pg.TURN_RING - RING_CLEAR - FANS_X
RIGHT_X = FANS_X + FANS_W  # the right edge of the band's contents
NAME_LINE_H = 32  # the name (24 px, 28 high) and room above the fans, where a fan's ring goes
TAG_GAP = 10  # between the name and its tag
TAG_DY = 2  # a tag centred on the name
POINTS_GAP = 12  # the least room between the name (or its tag) and the band's number
BANDS_TOP = MARGIN + pg.PILES_H + pg.SECTION_GAP  # where a table's first band starts


@dataclass(frozen=True, slots=True)
class Band:
    """One seat's band. ``seat`` gives its colour; ``tag`` is a short pill after the name
    ("knocked", "out"); ``points`` is the band's one number, at the right of the name line (a
    round's points; tables have none); ``fans`` are packed into rows under the name; ``ring``
    is drawn round the band. A ``muted`` seat (out of play) gets a muted bar and name."""

    seat: int
    name: str
    tag: tuple[str, Style] | None = None
    points: str = ""
    fans: tuple[Fan, ...] = ()
    ring: pal.RGB | None = None
    muted: bool = False


@dataclass(frozen=True, slots=True)
class _Laid:
    """A band with its fans packed into rows, and its height."""

    band: Band
    rows: tuple[tuple[Fan, ...], ...]

    @property
    def height(self) -> int:
        """The name line and the rows of fans: a seat without cards has a short band."""
        return 2 * BAND_PAD + NAME_LINE_H + len(self.rows) * FAN_ROW_H


def _lay(bands: Sequence[Band]) -> list[_Laid]:
    return [_Laid(b, tuple(tuple(row) for row in pack_fans(b.fans, FANS_W))) for b in bands]


def _bands_height(laid: Sequence[_Laid]) -> int:
    """The bands one under the other, a gap between two."""
    return sum(b.height for b in laid) + BAND_GAP * max(0, len(laid) - 1)


def table_size(bands: Sequence[Band]) -> tuple[int, int]:
    """The size in pixels of :func:`draw_table`'s picture of ``bands``."""
    return PICTURE_W, BANDS_TOP + _bands_height(_lay(bands)) + MARGIN


def result_size(bands: Sequence[Band]) -> tuple[int, int]:
    """The size in pixels of :func:`draw_result`'s picture of ``bands``."""
    return PICTURE_W, 2 * MARGIN + _bands_height(_lay(bands))


def draw_table(
    piles: pg.PilesShown, bands: Sequence[Band], *, pot: int | None = None
) -> Image.Image:
    """A pile table as a palette image: the piles (and the pot, when given) in a row at the
    top, then ``bands``."""
    laid = _lay(bands)
    canvas = new_canvas(*table_size(bands))
    pg.draw_piles(canvas, MARGIN, piles, pot)
    _draw_bands(canvas, laid, BANDS_TOP)
    return canvas


def draw_result(bands: Sequence[Band]) -> Image.Image:
    """A round's result as a palette image: ``bands``, one under the other (its title and
    explanation are the message's text)."""
    canvas = new_canvas(*result_size(bands))
    _draw_bands(canvas, _lay(bands), MARGIN)
    return canvas


def hand_band(seat: int, name: str, hand: Sequence[Card], points: str, out: str | None) -> Band:
    """A seat's band in a round's result of the games one goes out in: the cards left in its
    hand as the player held them (by suit) and their ``points``; who went out has no cards,
    the tag ``out`` and a gold ring."""
    cards = tuple(sort_hand(hand))
    return Band(
        seat,
        name,
        tag=(out, pg.TAG_GOLD) if out is not None else None,
        points=points,
        fans=(Fan(cards),) if cards else (),
        ring=pal.GOLD if out is not None else None,
    )


def _draw_bands(canvas: Image.Image, laid: Sequence[_Laid], top: int) -> None:
    for band in laid:
        _draw_band(canvas, band, top)
        top += band.height + BAND_GAP


def _draw_band(canvas: Image.Image, laid: _Laid, top: int) -> None:
    """The frame and ring, the name line (name, tag, number), the rows of fans."""
    band = laid.band
    bar = pal.MUTED if band.muted else None
    pg.draw_band_frame(canvas, band.seat, top, laid.height, band.ring, bar)
    y = top + BAND_PAD
    room = FANS_W
    if band.points:
        room -= text(canvas, band.points, RIGHT_X, y, POINTS, align="right").width + POINTS_GAP
    if band.tag is not None:
        room -= text_width(band.tag[0], band.tag[1].size) + 2 * band.tag[1].pad_x + TAG_GAP
    style = pg.muted_name_style() if band.muted else pg.name_style(band.seat)
    stamp = text(canvas, fit_text(band.name, style.size, room), FANS_X, y, style)
    if band.tag is not None:
        tag_y = y + (stamp.height - TAG_H) // 2 + TAG_DY
        text(canvas, band.tag[0], FANS_X + stamp.width + TAG_GAP, tag_y, band.tag[1])
    draw_fan_rows(canvas, laid.rows, FANS_X, y + NAME_LINE_H)


__all__ = [
    "BANDS_TOP",
    "FANS_W",
    "FANS_X",
    "NAME_LINE_H",
    "RIGHT_X",
    "Band",
    "draw_result",
    "draw_table",
    "hand_band",
    "result_size",
    "table_size",
]
