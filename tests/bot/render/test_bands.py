"""The band pictures written once (bot/render/bands.py): sizes follow the bands, a band
without fans shows its words, a seat out of play gets its short muted band, rings, bars and
tags land where the bands say."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

import bot.render.palette as pal
from bot.render.bands import (
    BAR_ROW_H,
    BAR_TUCK,
    OUT_BAND_H,
    RESULT_NOTE_H,
    RESULT_NOTE_LINE_H,
    RESULT_TITLE_H,
    Band,
    Bar,
    draw_result,
    draw_table,
    table_size,
)
from bot.render.fans import (
    FAN_LABEL_GAP,
    FAN_ROW_H,
    FAN_STEP,
    FAN_STEP_TIGHT,
    GROUP_RING,
    Fan,
    draw_fan,
    hidden_hand,
    pack_fans,
)
from bot.render.geometry import PICTURE_W
from bot.render.results import TITLE
from bot.render.variants import (
    BAND_GAP,
    BAND_PAD,
    COLOUR_BAR_W,
    GROUP_X,
    HEADER_H,
    INFO,
    INFO_ALERT,
    INFO_LINE_H,
    INFO_TEXT_W,
    INFO_X,
    MARGIN,
    NAME_LINE_H,
    PILES_H,
    SECTION_GAP,
    TAG_GOLD,
    seat_colour,
)
from engine.cards import Card, parse_cards

BANDS_TOP = HEADER_H + PILES_H + SECTION_GAP  # where a table's first band starts
TWO_LINES = (("3 cards", INFO), ("dealer", INFO))
TWO_LINES_H = NAME_LINE_H + 2 * INFO_LINE_H + 2 * BAND_PAD  # such a band without fans


@dataclass(frozen=True)
class Piles:
    stock_count: int = 40
    discard_top: Card | None = None
    discard_count: int = 0


def _table(bands: list[Band]) -> Image.Image:
    return draw_table(("Game", "· round 1"), ("▶ Anna", pal.TEXT), Piles(), [], bands, notes_x=400)


def _pixel(img: Image.Image, x: int, y: int) -> int:
    value = img.getpixel((x, y))
    assert isinstance(value, int)
    return value


def _area(img: Image.Image, box: tuple[int, int, int, int]) -> set[int]:
    """The palette indices used inside ``box``."""
    return set(img.crop(box).tobytes())


def _fan(cards: str) -> Fan:
    return Fan(tuple(parse_cards(cards)))


def test_the_table_is_as_big_as_its_bands() -> None:
    bands = [
        Band(0, "Anna", "12", lines=TWO_LINES),
        Band(1, "Ben", "3", lines=TWO_LINES, fans=(hidden_hand(10),)),
    ]
    img = _table(bands)
    assert img.mode == "P"
    assert img.size == table_size(bands)
    one_row = max(TWO_LINES_H, FAN_ROW_H + 2 * BAND_PAD)  # the info or a row of fans
    assert img.size == (PICTURE_W, BANDS_TOP + TWO_LINES_H + BAND_GAP + one_row + MARGIN)


def test_a_band_without_fans_shows_its_words_in_the_fan_area() -> None:
    words = _table([Band(0, "Anna", lines=TWO_LINES, empty="no melds yet")])
    bare = _table([Band(0, "Anna", lines=TWO_LINES)])
    first_line = BANDS_TOP + BAND_PAD + NAME_LINE_H
    box = (GROUP_X, first_line, PICTURE_W - MARGIN - 4, first_line + INFO_LINE_H)
    assert _area(bare, box) == {pal.index(pal.PANEL)}
    assert pal.index(INFO.fg) in _area(words, box)
    assert words.size == bare.size == (PICTURE_W, BANDS_TOP + TWO_LINES_H + MARGIN)


def test_fans_wrap_into_rows_that_make_the_band_taller() -> None:
    wide = tuple(_fan("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠") for _ in range(4))
    _width, height = table_size([Band(0, "Anna", lines=TWO_LINES, fans=wide)])
    rows = (height - BANDS_TOP - MARGIN - 2 * BAND_PAD) // FAN_ROW_H
    assert rows >= 2
    assert height == BANDS_TOP + rows * FAN_ROW_H + 2 * BAND_PAD + MARGIN


def test_a_seat_out_of_play_gets_a_short_muted_band() -> None:
    out = Band(2, "Clara", "99", lines=TWO_LINES, fans=(hidden_hand(5),), out=("out", INFO_ALERT))
    img = _table([out])
    assert img.size == table_size([out]) == (PICTURE_W, BANDS_TOP + OUT_BAND_H + MARGIN)
    middle = BANDS_TOP + OUT_BAND_H // 2
    assert _pixel(img, MARGIN, middle) == pal.index(pal.MUTED)  # not the seat's colour
    assert pal.index(INFO_ALERT.fg) in _area(img, (INFO_X, BANDS_TOP, GROUP_X + 200, middle + 20))
    assert pal.index(seat_colour(2)) not in _area(img, (0, BANDS_TOP, PICTURE_W, img.height))


def test_rings_go_round_the_band_in_their_colour() -> None:
    bands = [Band(0, "Anna", lines=TWO_LINES, ring=pal.GOLD), Band(1, "Ben", lines=TWO_LINES)]
    img = _table(bands)
    right = PICTURE_W - MARGIN - 1
    ringed = BANDS_TOP + TWO_LINES_H // 2
    plain = ringed + TWO_LINES_H + BAND_GAP
    assert _pixel(img, right, ringed) == pal.index(pal.GOLD)
    assert _pixel(img, right, plain) == pal.index(pal.PANEL)
    assert _pixel(img, MARGIN + COLOUR_BAR_W // 2, plain) == pal.index(seat_colour(1))


def test_a_bar_fills_its_room_and_a_colourless_one_keeps_it() -> None:
    lines_with = (Bar(0.5, pal.ALERT), *TWO_LINES)
    drawn = _table([Band(0, "Anna", lines=lines_with)])
    kept = _table([Band(0, "Anna", lines=(Bar(), *TWO_LINES))])
    assert drawn.size == kept.size
    assert drawn.height == BANDS_TOP + TWO_LINES_H + BAR_ROW_H + MARGIN
    bar_y = BANDS_TOP + BAND_PAD + NAME_LINE_H
    assert _pixel(drawn, INFO_X, bar_y) == pal.index(pal.ALERT)
    assert _pixel(drawn, INFO_X + INFO_TEXT_W - 1, bar_y) == pal.index(pal.BADGE)  # half full
    assert _pixel(kept, INFO_X, bar_y) == pal.index(pal.PANEL)
    # Under a text line the bar tucks into the line's room, close to the words it measures.
    under = _table([Band(0, "Anna", lines=(TWO_LINES[0], Bar(1.0, pal.ALERT)))])
    line_end = bar_y + INFO_LINE_H
    assert _pixel(under, INFO_X, line_end - BAR_TUCK) == pal.index(pal.ALERT)


def test_a_tag_stands_at_the_right_of_the_first_text_line() -> None:
    img = _table([Band(0, "Anna", lines=(Bar(), *TWO_LINES), tag=("knocked", TAG_GOLD))])
    first_line = BANDS_TOP + BAND_PAD + NAME_LINE_H + BAR_ROW_H
    right = INFO_X + INFO_TEXT_W
    tag_box = (right - 20, first_line, right, first_line + INFO_LINE_H)
    assert pal.index(pal.GOLD) in _area(img, tag_box)
    below = (right - 20, first_line + INFO_LINE_H, right, first_line + 2 * INFO_LINE_H)
    assert pal.index(pal.GOLD) not in _area(img, below)


def test_a_result_is_as_big_as_its_heading_and_bands() -> None:
    bands = [Band(0, "Anna", "+12", lines=TWO_LINES), Band(1, "Ben", out=("not in", INFO))]
    title = [("Round 2: ", TITLE), ("Anna", TITLE)]
    short = draw_result(title, "A short note.", bands)
    heading = RESULT_TITLE_H + RESULT_NOTE_H
    bands_h = TWO_LINES_H + OUT_BAND_H + 2 * BAND_GAP
    assert short.size == (PICTURE_W, heading + bands_h + MARGIN)
    long = draw_result(title, "A note that goes on and on. " * 8, bands)
    assert long.height == short.height + RESULT_NOTE_LINE_H  # two lines at the most


def test_a_fan_too_wide_for_its_row_is_drawn_tighter_and_clear_of_the_ring() -> None:
    from bot.render.bands import GROUP_AREA_W, GROUP_X
    from bot.render.variants import MARGIN, TURN_RING
    from engine.cards import parse_cards

    # Ten loose cards and their count: a long hand's deadwood at a round's end.
    cards = tuple(parse_cards("3♠ 6♠ A♥ 5♥ 5♦ J♣ K♣ 8♦ K♦ 9♠"))
    wide = Fan(cards, label="deadwood 73")
    assert wide.width > GROUP_AREA_W
    [[drawn]] = pack_fans([wide], GROUP_AREA_W)
    assert FAN_STEP_TIGHT <= drawn.step < FAN_STEP and drawn.width <= GROUP_AREA_W
    assert GROUP_X + GROUP_AREA_W <= PICTURE_W - MARGIN - TURN_RING - BAND_PAD
    narrow = Fan(cards[:4], label="deadwood 20")
    assert pack_fans([narrow], GROUP_AREA_W) == [[narrow]]  # a fan that fits keeps its step


def test_a_ring_round_a_fan_takes_room_of_its_own() -> None:
    # The ring round a pending meld or a laid-off card touched the score before it and the
    # label after it; now it lies inside the fan's width, and the label comes after that.
    from bot.render.canvas import new_canvas
    from engine.cards import parse_cards

    cards = tuple(parse_cards("7♣ 8♣ 9♣"))
    ringed = Fan(cards, ring=pal.GOLD)
    assert ringed.width == Fan(cards).width + 2 * (GROUP_RING + 1)
    labelled = Fan(cards, label="34", ring=pal.GOLD)
    assert labelled.width > ringed.width + FAN_LABEL_GAP
    canvas = new_canvas(400, 120, pal.PANEL)
    x = 100
    draw_fan(canvas, ringed, x, 20)
    gold = pal.index(pal.GOLD)
    data = canvas.tobytes()
    columns = {i % canvas.width for i, ink in enumerate(data) if ink == gold}
    assert (min(columns), max(columns)) == (x, x + ringed.width - 1)
