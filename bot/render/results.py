"""What the round-result pictures share: the title line ("Round 3: <name> went out", the name
in its seat's colour), the note under it, and the headings of the number columns.

Pure drawing helpers on palette canvases; each game's result picture lays out its own rows.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

import bot.render.palette as pal
from bot.render.assets import Style, fit_text, wrap_text
from bot.render.canvas import text
from bot.render.geometry import MIN_TEXT_PX, PICTURE_W
from engine.i18n import _

MARGIN = 16
TITLE_Y = 12
TITLE_H = 48
SUBTITLE_H = 34
SUBTITLE_LINE_H = 28  # a note's second line
HEAD_H = 30
HEAD_GAP = 8  # at least this much between two column headings
TITLE_NAME_W = 420  # the longest a name in the title gets before it is cut short

TITLE = Style(28, pal.TEXT, pal.FELT)
SUBTITLE = Style(MIN_TEXT_PX, pal.MUTED, pal.FELT)
HEADING = Style(MIN_TEXT_PX, pal.MUTED, pal.FELT)


def draw_title(canvas: Image.Image, parts: Sequence[tuple[str, Style]], y: int = TITLE_Y) -> None:
    """Pieces of text in their own styles, one after the other from the left margin."""
    x = MARGIN
    for content, style in parts:
        x += text(canvas, content, x, y, style).width


def title_name(name: str) -> str:
    """A player's name as it fits in the title (and the note that repeats it)."""
    return fit_text(name, TITLE.size, TITLE_NAME_W)


def note_lines(note: str) -> list[str]:
    """The note under a result's title, wrapped to at most two lines of the picture's width."""
    return wrap_text(note, SUBTITLE.size, PICTURE_W - 2 * MARGIN, 2)


def heading_height(lines: Sequence[str]) -> int:
    """Title and note: where the column heads start."""
    return TITLE_H + SUBTITLE_H + max(0, len(lines) - 1) * SUBTITLE_LINE_H


def draw_round_heading(
    canvas: Image.Image,
    round_number: int,
    who: tuple[str, Style] | None,
    did: str,
    lines: Sequence[str],
) -> None:
    """ "Round N: <who><did>" (or "Round N: dead round" without ``who``) and the note's lines
    (from ``note_lines``) under it."""
    if who is None:
        draw_title(
            canvas, [(_("Round {round_number}: dead round", round_number=round_number), TITLE)]
        )
    else:
        draw_title(
            canvas,
            [(_("Round {round_number}: ", round_number=round_number), TITLE), who, (did, TITLE)],
        )
    for i, line in enumerate(lines):
        text(canvas, line, MARGIN, TITLE_H + i * SUBTITLE_LINE_H, SUBTITLE)


def number_columns(first: int, col_w: int, count: int) -> list[int]:
    """The right edges of ``count`` number columns, ``col_w`` apart from ``first``."""
    return [first + i * col_w for i in range(count)]


def draw_column_heads(
    canvas: Image.Image, y: int, cards_x: int, columns: Sequence[tuple[str, int]]
) -> int:
    """ "cards left in hand" over the cards, each number column's heading right-aligned on its
    edge; returns where the rows start."""
    text(canvas, _("cards left in hand"), cards_x, y, HEADING)
    edges = [right for _heading, right in columns]
    for i, (heading, right) in enumerate(columns):
        # A heading never reaches into the column before it (long words are cut).
        room = right - edges[i - 1] if i else (edges[1] - edges[0] if len(edges) > 1 else right)
        shown = fit_text(heading, HEADING.size, room - HEAD_GAP)
        text(canvas, shown, right, y, HEADING, align="right")
    return y + HEAD_H
