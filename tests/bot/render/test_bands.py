"""The band pictures written once (bot/render/bands.py): the piles in a row at the top and
nothing else there, sizes that follow the bands, a seat without cards in a short band, fans
over the band's full width under the name, rings, tags and a band's one number where the
bands say, fans too long for a row split."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

import bot.render.palette as pal
from bot.render.bands import (
    BANDS_TOP,
    FANS_W,
    FANS_X,
    NAME_LINE_H,
    RIGHT_X,
    Band,
    draw_result,
    draw_table,
    result_size,
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
    pack_fans,
    pack_rows,
    split_fan,
)
from bot.render.geometry import PICTURE_W
from bot.render.pile_games import (
    BAND_GAP,
    BAND_PAD,
    COLOUR_BAR_W,
    MARGIN,
    PILES_H,
    TAG_ALERT,
    TAG_GOLD,
    TURN_RING,
    seat_colour,
)
from engine.cards import Card, parse_cards

SHORT_H = 2 * BAND_PAD + NAME_LINE_H  # a band with a name and no cards


@dataclass(frozen=True)
class Piles:
    stock_count: int = 40
    discard_top: Card | None = None
    discard_count: int = 0


def _table(bands: list[Band], pot: int | None = None) -> Image.Image:
    return draw_table(Piles(), bands, pot=pot)


def _pixel(img: Image.Image, x: int, y: int) -> int:
    value = img.getpixel((x, y))
    assert isinstance(value, int)
    return value


def _area(img: Image.Image, box: tuple[int, int, int, int]) -> set[int]:
    """The palette indices used inside ``box``."""
    return set(img.crop(box).tobytes())


def _fan(cards: str, label: str = "") -> Fan:
    return Fan(tuple(parse_cards(cards)), label=label)


def test_the_table_is_the_piles_and_its_bands() -> None:
    bands = [Band(0, "Anna"), Band(1, "Ben", fans=(_fan("7♣ 8♣ 9♣", "24"),))]
    img = _table(bands)
    assert img.mode == "P"
    assert img.size == table_size(bands)
    ben = SHORT_H + FAN_ROW_H  # the name line and one row of fans
    assert img.size == (PICTURE_W, BANDS_TOP + SHORT_H + BAND_GAP + ben + MARGIN)
    assert BANDS_TOP < MARGIN + PILES_H + 20  # no title line, no notes above the bands


def test_nothing_but_the_piles_stands_beside_them() -> None:
    # The piles are centred at the top; left and right of them the felt is bare (no title,
    # no status, no rule lines, no labels).
    img = _table([Band(0, "Anna")])
    felt = {pal.index(pal.FELT)}
    assert _area(img, (0, 0, PICTURE_W, MARGIN)) == felt
    assert _area(img, (0, 0, 100, BANDS_TOP)) == felt
    assert _area(img, (PICTURE_W - 100, 0, PICTURE_W, BANDS_TOP)) == felt
    with_pot = _table([Band(0, "Anna")], pot=12)
    assert pal.index(pal.GOLD) in _area(with_pot, (0, 0, PICTURE_W, BANDS_TOP))
    assert pal.index(pal.GOLD) not in _area(img, (0, 0, PICTURE_W, BANDS_TOP))


def test_fans_start_under_the_name_and_wrap_into_rows() -> None:
    wide = tuple(_fan("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠") for _ in range(4))
    _width, height = table_size([Band(0, "Anna", fans=wide)])
    rows = (height - BANDS_TOP - MARGIN - SHORT_H) // FAN_ROW_H
    assert rows == 4  # one eight-card run a row: two do not fit side by side
    assert height == BANDS_TOP + SHORT_H + rows * FAN_ROW_H + MARGIN
    img = _table([Band(0, "Anna", fans=(_fan("K♣ K♦ K♠"),))])
    card_top = BANDS_TOP + BAND_PAD + NAME_LINE_H
    assert pal.index(pal.CARD) in _area(img, (FANS_X, card_top, FANS_X + 30, card_top + 40))
    above = (FANS_X + 40, BANDS_TOP + BAND_PAD, RIGHT_X, card_top - 1)
    assert pal.index(pal.CARD) not in _area(img, above)  # the name's line is its own


def test_three_short_melds_and_their_points_share_a_row() -> None:
    melds = [_fan("10♦ 10♥ 10♠", "30"), _fan("A♣ A♦ A♠", "33"), _fan("J♣ J♥ J♠", "30")]
    assert len(pack_fans(melds, FANS_W)) == 1


def test_a_muted_seat_has_a_muted_bar_and_name() -> None:
    out = Band(2, "Clara", tag=("out", TAG_ALERT), muted=True)
    img = _table([out])
    assert img.size == table_size([out]) == (PICTURE_W, BANDS_TOP + SHORT_H + MARGIN)
    middle = BANDS_TOP + SHORT_H // 2
    assert _pixel(img, MARGIN, middle) == pal.index(pal.MUTED)  # not the seat's colour
    assert pal.index(seat_colour(2)) not in _area(img, (0, BANDS_TOP, PICTURE_W, img.height))
    assert pal.index(pal.ALERT) in _area(img, (FANS_X, BANDS_TOP, RIGHT_X, img.height))


def test_rings_go_round_the_band_in_their_colour() -> None:
    bands = [Band(0, "Anna", ring=pal.GOLD), Band(1, "Ben")]
    img = _table(bands)
    right = PICTURE_W - MARGIN - 1
    ringed = BANDS_TOP + SHORT_H // 2
    plain = ringed + SHORT_H + BAND_GAP
    assert _pixel(img, right, ringed) == pal.index(pal.GOLD)
    assert _pixel(img, right, plain) == pal.index(pal.PANEL)
    assert _pixel(img, MARGIN + COLOUR_BAR_W // 2, plain) == pal.index(seat_colour(1))


def test_a_tag_follows_the_name_and_the_number_stands_at_the_right() -> None:
    tagged = draw_result([Band(0, "Anna", tag=("gin", TAG_GOLD), points="+45")])
    plain = draw_result([Band(0, "Anna")])
    line = (FANS_X, MARGIN + BAND_PAD, RIGHT_X, MARGIN + BAND_PAD + NAME_LINE_H)
    assert pal.index(pal.GOLD) in _area(tagged, line)
    assert pal.index(pal.GOLD) not in _area(plain, line)
    number = (RIGHT_X - 40, line[1], RIGHT_X, line[3])
    assert pal.index(pal.TEXT) in _area(tagged, number)
    assert _area(plain, number) == {pal.index(pal.PANEL)}


def test_a_long_name_is_cut_before_the_tag_and_the_number() -> None:
    name = "Benedikt-Maximilian von Hohenberg"
    img = draw_result([Band(1, name, tag=("undercut", TAG_GOLD), points="+125")])
    line = (FANS_X, MARGIN + BAND_PAD, RIGHT_X, MARGIN + BAND_PAD + NAME_LINE_H)
    assert pal.index(pal.GOLD) in _area(img, line)  # the tag still shows
    assert pal.index(pal.TEXT) in _area(img, (RIGHT_X - 30, line[1], RIGHT_X, line[3]))


def test_a_result_is_as_big_as_its_bands() -> None:
    bands = [Band(0, "Anna", points="+12", fans=(_fan("2♠ 3♥"),)), Band(1, "Ben", muted=True)]
    img = draw_result(bands)
    assert img.size == result_size(bands)
    assert img.size == (PICTURE_W, 2 * MARGIN + SHORT_H + FAN_ROW_H + BAND_GAP + SHORT_H)


def test_a_fan_a_little_too_wide_is_drawn_tighter() -> None:
    # Ten cards of deadwood and their label: a few pixels closer keep them on one row.
    cards = tuple(parse_cards("3♠ 6♠ A♥ 5♥ 5♦ J♣ K♣ 8♦ K♦ 9♠"))
    wide = Fan(cards, label="deadwood")
    assert FANS_W < wide.width <= FANS_W + 9 * (FAN_STEP - FAN_STEP_TIGHT)
    [[drawn]] = pack_fans([wide], FANS_W)
    assert FAN_STEP_TIGHT <= drawn.step < FAN_STEP and drawn.width <= FANS_W
    assert FANS_X + FANS_W <= PICTURE_W - MARGIN - TURN_RING
    narrow = Fan(cards[:4], label="deadwood 20")
    assert pack_fans([narrow], FANS_W) == [[narrow]]  # a fan that fits keeps its step


def test_a_fan_too_long_for_a_row_is_split_into_balanced_pieces() -> None:
    cards = tuple(parse_cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♥ 2♥"))
    placers = (pal.GOLD,) + (None,) * 14
    fan = Fan(cards, placers=placers, label="deadwood 85")
    pieces = split_fan(fan, FANS_W)
    assert [len(p.cards) for p in pieces] == [8, 7]
    assert [p.label for p in pieces] == ["", "deadwood 85"]
    assert pieces[0].placers[0] == pal.GOLD and len(pieces[1].placers) == 7
    assert sum((p.cards for p in pieces), ()) == cards
    assert all(p.step == FAN_STEP and p.width <= FANS_W for p in pieces)
    assert len(pack_fans([fan], FANS_W)) == 2
    assert split_fan(Fan(cards[:3]), FANS_W) == [Fan(cards[:3])]


def test_pack_rows_keeps_its_greedy_packing() -> None:
    # Treppenrommé's melds use it: items in order, a new row when the next one does not fit.
    assert pack_rows([30, 30, 30, 50, 10], lambda w: w, 100, 5) == [[30, 30, 30], [50, 10]]
    assert pack_rows([120, 10], lambda w: w, 100, 5) == [[120], [10]]


def test_a_ring_round_a_fan_takes_room_of_its_own() -> None:
    # The ring round a pending meld lies inside the fan's width, and the label comes after.
    from bot.render.canvas import new_canvas

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
