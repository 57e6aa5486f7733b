"""Wiener Rummy's round result: who knocked or called Rummy, the chips that moved, and every
hand in its best arrangement with the bad points it adds."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

import bot.render.palette as pal
from bot.games.wiener.render import chips_text, limit_bar
from bot.render import cached_png
from bot.render import variants as v
from bot.render.assets import Style
from bot.render.bands import Band, Line, draw_result
from bot.render.fans import arrangement_fans
from bot.render.results import TITLE, title_name
from bot.render.variants import INFO, INFO_ALERT, INFO_BRIGHT, name_style, plural
from engine.games.wiener.events import WienerRoundResult
from engine.i18n import _


def _result_heading(
    result: WienerRoundResult, names: Sequence[str], knock_money: int, in_play: list[int]
) -> tuple[list[tuple[str, Style]], str, dict[int, int]]:
    """The result's title pieces, the note under it and the chips each seat moved."""
    closer = result.closer
    if closer is None:
        title = [(_("Round {round_number}: dead round", round_number=result.round_number), TITLE)]
        note = _("The stock ran out once too often: no bad points, no chips.")
        return title, note, dict.fromkeys(in_play, 0)
    name = title_name(names[closer])
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


def _band(
    result: WienerRoundResult, names: Sequence[str], seat: int, where: tuple[int, int]
) -> Band:
    """A player's round: name and the bad points added, the bar toward the limit, the new
    total, chips (and how many moved), out or closer; the hand laid out right of them.
    ``where`` is (the limit, the chips the seat moved)."""
    laid = result.hands[seat]
    if laid is None:
        return Band(seat, names[seat], out=(_("not in the rubber"), INFO))
    out_at, delta = where
    is_out = seat in result.out
    chips = chips_text(result.chips[seat])
    if delta:
        chips += f" ({delta:+d})".replace("-", "−")
    last: Line = ("", INFO)  # the column keeps three lines' room in every band
    if is_out:
        last = (_("out of the rubber"), INFO_ALERT)
    elif seat == result.closer:
        last = (_("Rummy!") if result.rummy else _("knocked"), v.INFO_GOLD)
    total = _("now {value} / {out_at}", value=result.totals[seat], out_at=out_at)
    return Band(
        seat,
        names[seat],
        f"+{result.bad_points[seat]}",
        lines=(
            limit_bar(result.totals[seat], out_at),
            (total, INFO_ALERT if is_out else INFO),
            (chips, INFO_BRIGHT),
            last,
        ),
        fans=tuple(arrangement_fans(laid)),
        ring=pal.GOLD if seat == result.closer else (pal.ALERT if is_out else None),
        empty=_("no cards"),
    )


def draw_wiener_round_result(
    result: WienerRoundResult, names: Sequence[str], out_at: int = 101, knock_money: int = 1
) -> Image.Image:
    """A Wiener Rummy round's scoring as a palette image (uncached)."""
    in_play = [s for s, laid in enumerate(result.hands) if laid is not None]
    title, note, moved = _result_heading(result, names, knock_money, in_play)
    bands = [
        _band(result, names, seat, (out_at, moved.get(seat, 0)))
        for seat in range(len(result.hands))
    ]
    return draw_result(title, note, bands)


render_wiener_round_result = cached_png(16)(draw_wiener_round_result)
