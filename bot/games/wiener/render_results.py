"""Wiener Rummy's round result: who knocked or called Rummy, the chips that moved, and every
hand in its best arrangement with the bad points it adds."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

import bot.render.palette as pal
from bot.games.wiener.render import (
    GROUP_AREA_W,
    INFO_W_OUT,
    LIMIT_BAR_H,
    NOTE_LINE_H,
    OUT_BAND_H,
    arrangement_fans,
    chips_text,
    limit_bar,
)
from bot.render import cached_png
from bot.render import variants as v
from bot.render.assets import Style, fit_text, wrap_text
from bot.render.canvas import new_canvas, text
from bot.render.geometry import MIN_TEXT_PX, PICTURE_W
from bot.render.variants import (
    BAND_GAP,
    BAND_PAD,
    GROUP_X,
    INFO,
    INFO_ALERT,
    INFO_BRIGHT,
    INFO_TEXT_W,
    INFO_X,
    MARGIN,
    V_TABLE_W,
    Fan,
    name_style,
    plural,
)
from engine.games.wiener.events import WienerRoundResult
from engine.i18n import _

TITLE_H = 48
SUBTITLE_H = 34
RESULT_INFO_H = v.NAME_LINE_H + LIMIT_BAR_H + 3 * v.INFO_LINE_H  # see _draw_result_info
RESULT_MIN_W = PICTURE_W

TITLE = Style(28, pal.TEXT, pal.FELT)
SUBTITLE = Style(MIN_TEXT_PX, pal.MUTED, pal.FELT)


def _result_rows(result: WienerRoundResult, area_w: int) -> list[list[list[Fan]]]:
    rows = []
    for laid in result.hands:
        fans = arrangement_fans(laid) if laid is not None else []
        rows.append(v.pack_fans(fans, area_w))
    return rows


def _title(canvas: Image.Image, parts: Sequence[tuple[str, Style]], y: int) -> None:
    x = MARGIN
    for content, style in parts:
        x += text(canvas, content, x, y, style).width


def _result_heading(
    result: WienerRoundResult, names: Sequence[str], knock_money: int, in_play: list[int]
) -> tuple[list[tuple[str, Style]], str, dict[int, int]]:
    """The result's title pieces, the note under it and the chips each seat moved."""
    closer = result.closer
    if closer is None:
        title = [(_("Round {round_number}: dead round", round_number=result.round_number), TITLE)]
        note = _("The stock ran out once too often: no bad points, no chips.")
        return title, note, dict.fromkeys(in_play, 0)
    name = fit_text(names[closer], TITLE.size, 420)
    did = _(" called Rummy!") if result.rummy else _(" knocked")
    title = [
        (_("Round {round_number}: ", round_number=result.round_number), TITLE),
        (name, name_style(closer, pal.FELT, TITLE.size)),
        (did, TITLE),
    ]
    gain = knock_money * (len(in_play) - 1)
    chips = plural(knock_money, "chip")
    if result.rummy:
        note = _(
            "{name} gets {chips} from each player still in (+{gain}) and no bad points.",
            name=name,
            chips=chips,
            gain=gain,
        )
    else:
        note = _(
            "{name} gets {chips} from each player still in (+{gain}).",
            name=name,
            chips=chips,
            gain=gain,
        )
    note += _(" Deadwood adds to bad points.")
    return title, note, {s: (gain if s == closer else -knock_money) for s in in_play}


def draw_wiener_round_result(
    result: WienerRoundResult, names: Sequence[str], out_at: int = 101, knock_money: int = 1
) -> Image.Image:
    """A Wiener Rummy round's scoring as a palette image (uncached)."""
    area_w = GROUP_AREA_W
    all_rows = _result_rows(result, area_w)
    used = RESULT_MIN_W
    for rows in all_rows:
        for row in rows:
            used = max(used, GROUP_X + v.row_width(row) + BAND_PAD + MARGIN)
    width = min(V_TABLE_W, used)
    heights = [
        v.band_height(RESULT_INFO_H, len(rows)) if laid is not None else OUT_BAND_H
        for rows, laid in zip(all_rows, result.hands, strict=True)
    ]
    in_play = [s for s, laid in enumerate(result.hands) if laid is not None]
    title, note, moved = _result_heading(result, names, knock_money, in_play)
    closer = result.closer
    note_lines = wrap_text(note, SUBTITLE.size, width - 2 * MARGIN, 2)
    heading_h = TITLE_H + SUBTITLE_H + (len(note_lines) - 1) * NOTE_LINE_H
    height = heading_h + sum(h + BAND_GAP for h in heights) + MARGIN
    canvas = new_canvas(width, height)
    _title(canvas, title, 12)
    for i, line in enumerate(note_lines):
        text(canvas, line, MARGIN, TITLE_H + i * NOTE_LINE_H, SUBTITLE)

    y = heading_h
    for seat, (rows, row_h) in enumerate(zip(all_rows, heights, strict=True)):
        laid = result.hands[seat]
        top = y + BAND_PAD
        if laid is None:
            v.draw_band_frame(canvas, seat, y, row_h, bar=pal.MUTED)
            stamp = text(
                canvas,
                fit_text(names[seat], 24, INFO_TEXT_W),
                INFO_X,
                top + 10,
                v.muted_name_style(),
            )
            text(
                canvas,
                _("not in the rubber"),
                INFO_X + max(stamp.width + 24, INFO_W_OUT),
                top + 14,
                INFO,
            )
            y += row_h + BAND_GAP
            continue
        is_out = seat in result.out
        ring = pal.GOLD if seat == closer else (pal.ALERT if is_out else None)
        v.draw_band_frame(canvas, seat, y, row_h, ring)
        _draw_result_info(canvas, result, names[seat], seat, (top, out_at, moved.get(seat, 0)))
        if not laid.melds and not laid.leftover:
            text(canvas, _("no cards"), GROUP_X, top + 40, INFO)
        v.draw_fan_rows(canvas, rows, GROUP_X, top)
        y += row_h + BAND_GAP
    return canvas


def _draw_result_info(
    canvas: Image.Image,
    result: WienerRoundResult,
    name: str,
    seat: int,
    where: tuple[int, int, int],
) -> None:
    """A player's round: name and the bad points added, the bar toward the limit, the new
    total, chips (and how many moved), out or closer; ``where`` is (top, limit, chips moved)."""
    top, out_at, delta = where
    is_out = seat in result.out
    v.draw_name_line(canvas, seat, name, top, (f"+{result.bad_points[seat]}", v.SCORE))
    limit_bar(canvas, result.totals[seat], out_at, top + v.NAME_LINE_H)
    y = top + v.NAME_LINE_H + LIMIT_BAR_H
    total = _("now {value} / {out_at}", value=result.totals[seat], out_at=out_at)
    text(canvas, total, INFO_X, y, INFO_ALERT if is_out else INFO)
    chips = chips_text(result.chips[seat])
    if delta:
        chips += f" ({delta:+d})".replace("-", "−")
    text(canvas, chips, INFO_X, y + v.INFO_LINE_H, INFO_BRIGHT)
    if is_out:
        text(canvas, _("out of the rubber"), INFO_X, y + 2 * v.INFO_LINE_H, INFO_ALERT)
    elif seat == result.closer:
        did = _("Rummy!") if result.rummy else _("knocked")
        text(canvas, did, INFO_X, y + 2 * v.INFO_LINE_H, v.INFO_GOLD)


render_wiener_round_result = cached_png(16)(draw_wiener_round_result)
