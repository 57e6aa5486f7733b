"""The band pictures of the pile games, written once: a table (title, status, the piles, notes
beside them, then one band per seat) and a round's result (a title of styled parts, a note
under it, then one band per seat).

A game describes each seat's band as plain data (:class:`Band`): the name line with a score on
its right, the info column under it (text lines and bars, :class:`Bar`), an optional tag, the
card fans packed into rows right of the column, a ring. Everything is drawn
``PICTURE_W`` wide; heights follow from the bands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

import bot.render.palette as pal
from bot.render import variants as v
from bot.render.assets import Style, fit_text, wrap_text
from bot.render.canvas import new_canvas, text
from bot.render.fans import Fan, draw_fan_rows, pack_fans
from bot.render.geometry import PICTURE_W
from bot.render.variants import (
    BAND_GAP,
    BAND_PAD,
    GROUP_X,
    INFO,
    INFO_LINE_H,
    INFO_TEXT_W,
    INFO_X,
    MARGIN,
    NAME_LINE_H,
    SCORE,
)

# The table.
PILES_END_X = MARGIN + 2 * (v.PILE_SLOT_W + v.PILE_GAP)  # right of the stock and discard pile
NOTES_DY = 4  # notes start a little below the piles' labels
# Bands.
# The fans' room right of the info, clear of a ring round the band.
GROUP_AREA_W = PICTURE_W - MARGIN - v.TURN_RING - BAND_PAD - GROUP_X
BAR_ROW_H = v.BAR_H + 2  # a bar's room in the info column
BAR_TUCK = 1  # a bar under a text line is drawn this far into the line's room, near its words
OUT_BAND_H = 64  # a seat out of play: its name and one line
OUT_NAME_DY = 10
OUT_LINE_DY = 14  # the smaller words sit level with the name's
OUT_LINE_GAP = 24  # between the name and the words after it
OUT_LINE_MIN_X = 140  # where the words start after a short name, so that such bands line up
# A round's result.
RESULT_TITLE_Y = 12
RESULT_TITLE_H = 48  # the title's line: the note starts here
RESULT_NOTE_H = 34  # the note's first line and the gap under it
RESULT_NOTE_LINE_H = 30  # each further line of the note
RESULT_NOTE_LINES = 2


@dataclass(frozen=True, slots=True)
class Bar:
    """A progress bar in a band's info column, filled to ``fraction`` in ``colour``; without a
    colour only its room is kept, so that a band lines up with those that draw one."""

    fraction: float = 0.0
    colour: pal.RGB | None = None


# An info line: words in their style ("" keeps the line's room empty), or a bar.
Line = tuple[str, Style] | Bar


@dataclass(frozen=True, slots=True)
class Band:
    """One seat's band. ``seat`` gives its colour; ``score`` stands right of the name;
    ``lines`` fill the info column under the name, top to bottom; ``tag`` stands right-aligned
    on the first text line; ``fans`` are packed into rows right of the column (``empty``: the
    words shown there when there are none); ``ring`` is drawn round the band. A seat out of
    play has ``out``: its name muted and these words, in a short band of its own."""

    seat: int
    name: str
    score: str = ""
    lines: tuple[Line, ...] = ()
    tag: tuple[str, Style] | None = None
    fans: tuple[Fan, ...] = ()
    ring: pal.RGB | None = None
    empty: str = ""
    out: tuple[str, Style] | None = None

    @property
    def info_height(self) -> int:
        """The name line and the info column's lines."""
        rooms = (BAR_ROW_H if isinstance(line, Bar) else INFO_LINE_H for line in self.lines)
        return NAME_LINE_H + sum(rooms)

    @property
    def first_line_dy(self) -> int:
        """How far below the name line's top the first text line stands."""
        dy = NAME_LINE_H
        for line in self.lines:
            if not isinstance(line, Bar):
                break
            dy += BAR_ROW_H
        return dy


@dataclass(frozen=True, slots=True)
class _Laid:
    """A band with its fans packed into rows, and its height."""

    band: Band
    rows: tuple[tuple[Fan, ...], ...]
    height: int


def _band_height(band: Band, rows: int) -> int:
    """A seat out of play has a short band; any other is as tall as its info or its fans."""
    if band.out is not None:
        return OUT_BAND_H
    return v.band_height(band.info_height, rows)


def _lay(bands: Sequence[Band]) -> list[_Laid]:
    laid = []
    for band in bands:
        rows = tuple(tuple(row) for row in pack_fans(band.fans, GROUP_AREA_W))
        laid.append(_Laid(band, rows, _band_height(band, len(rows))))
    return laid


def _bands_height(laid: Sequence[_Laid]) -> int:
    """The bands one under the other, a gap after each."""
    return sum(b.height + BAND_GAP for b in laid)


def _table_height(laid: Sequence[_Laid]) -> int:
    return v.HEADER_H + v.PILES_H + v.SECTION_GAP + _bands_height(laid) - BAND_GAP + MARGIN


def table_size(bands: Sequence[Band]) -> tuple[int, int]:
    """The size in pixels of :func:`draw_table`'s picture of ``bands``."""
    return PICTURE_W, _table_height(_lay(bands))


def draw_table(
    title: tuple[str, str],
    status: tuple[str, pal.RGB],
    piles: v.PilesShown,
    notes: Sequence[tuple[str, Style]],
    bands: Sequence[Band],
    *,
    notes_x: int,
    pot: int | None = None,
) -> Image.Image:
    """A pile table as a palette image: ``title`` (the game, then muted words) and ``status``
    as ``variants.draw_table_head`` draws them with the piles, the pot right of the piles when
    given, ``notes`` from ``notes_x`` to the right edge, then ``bands``."""
    laid = _lay(bands)
    canvas = new_canvas(PICTURE_W, _table_height(laid))
    top = v.draw_table_head(canvas, title, status, piles)
    if pot is not None:
        v.draw_pot(canvas, PILES_END_X, top, pot)
    v.draw_notes(canvas, notes, notes_x, top + NOTES_DY, canvas.width - notes_x - MARGIN)
    _draw_bands(canvas, laid, top + v.PILES_H + v.SECTION_GAP)
    return canvas


def draw_result(
    title: Sequence[tuple[str, Style]], note: str, bands: Sequence[Band]
) -> Image.Image:
    """A round's result as a palette image: the ``title``'s parts one after the other, the
    ``note`` under it (at most two lines), then ``bands``."""
    lines = wrap_text(note, v.LABEL.size, PICTURE_W - 2 * MARGIN, RESULT_NOTE_LINES)
    heading_h = RESULT_TITLE_H + RESULT_NOTE_H + max(0, len(lines) - 1) * RESULT_NOTE_LINE_H
    laid = _lay(bands)
    canvas = new_canvas(PICTURE_W, heading_h + _bands_height(laid) + MARGIN)
    x = MARGIN
    for content, style in title:
        x += text(canvas, content, x, RESULT_TITLE_Y, style).width
    for i, line in enumerate(lines):
        text(canvas, line, MARGIN, RESULT_TITLE_H + i * RESULT_NOTE_LINE_H, v.LABEL)
    _draw_bands(canvas, laid, heading_h)
    return canvas


def _draw_bands(canvas: Image.Image, laid: Sequence[_Laid], top: int) -> None:
    for band in laid:
        if band.band.out is not None:
            _draw_out(canvas, band.band, band.band.out, (top, band.height))
        else:
            _draw_band(canvas, band, top)
        top += band.height + BAND_GAP


def _draw_band(canvas: Image.Image, laid: _Laid, top: int) -> None:
    """The frame and ring, the name line, the info column, the fans (or the empty words)."""
    band = laid.band
    v.draw_band_frame(canvas, band.seat, top, laid.height, band.ring)
    y = top + BAND_PAD
    v.draw_name_line(canvas, band.seat, band.name, y, (band.score, SCORE) if band.score else None)
    _draw_info(canvas, band, y + NAME_LINE_H)
    if not laid.rows and band.empty:
        text(canvas, band.empty, GROUP_X, y + band.first_line_dy, INFO)
    draw_fan_rows(canvas, laid.rows, GROUP_X, y)


def _draw_info(canvas: Image.Image, band: Band, y: int) -> None:
    """The info column from ``y`` down: each line in its room, the tag on the first text line."""
    tag = band.tag
    after_text = False
    for line in band.lines:
        if isinstance(line, Bar):
            if line.colour is not None:
                bar_y = y - BAR_TUCK if after_text else y
                v.draw_bar(canvas, INFO_X, bar_y, INFO_TEXT_W, line.fraction, line.colour)
            y += BAR_ROW_H
            after_text = False
            continue
        content, style = line
        if content:
            text(canvas, fit_text(content, style.size, INFO_TEXT_W), INFO_X, y, style)
        if tag is not None:
            text(canvas, tag[0], INFO_X + INFO_TEXT_W, y, tag[1], align="right")
            tag = None
        y += INFO_LINE_H
        after_text = True


def _draw_out(
    canvas: Image.Image, band: Band, out: tuple[str, Style], box: tuple[int, int]
) -> None:
    """A seat out of play: a muted bar, its name muted and the ``out`` words; ``box`` is the
    band's top and height."""
    top, height = box
    v.draw_band_frame(canvas, band.seat, top, height, bar=pal.MUTED)
    y = top + BAND_PAD
    name = fit_text(band.name, v.muted_name_style().size, INFO_TEXT_W)
    stamp = text(canvas, name, INFO_X, y + OUT_NAME_DY, v.muted_name_style())
    words, style = out
    x = INFO_X + max(stamp.width + OUT_LINE_GAP, OUT_LINE_MIN_X)
    text(canvas, words, x, y + OUT_LINE_DY, style)


__all__ = [
    "GROUP_AREA_W",
    "OUT_BAND_H",
    "PILES_END_X",
    "Band",
    "Bar",
    "Line",
    "draw_result",
    "draw_table",
    "table_size",
]
