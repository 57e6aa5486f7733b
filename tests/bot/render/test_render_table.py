"""The table picture: every staircase card visible and numbered, size within bounds."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest
from PIL import Image

from bot.games.treppe import examples as ex
from bot.games.treppe import render_table as table_art
from bot.games.treppe.render_table import (
    HEADER_H,
    MELD_LABEL_GAP,
    MELD_STEP,
    STAIR_CARD_H,
    TABLE_MAX_H,
    TABLE_MIN_W,
    TABLE_W,
    TOP_RING,
    _stair_layout,
    draw_meld,
    draw_table,
    meld_fan_width,
    meld_label,
    player_colour,
    render_table,
    staircase_badges,
    table_size,
)
from bot.render import clear_caches
from bot.render.assets import card_sprite, text_stamp, text_width
from bot.render.canvas import new_canvas
from bot.render.geometry import CARD_RADIUS, INDEX_BOTTOM, INDEX_STRIP
from bot.render.palette import PANEL
from engine.cards import FULL_PACK, Card
from engine.games.treppe.melds import analyse_meld
from engine.games.treppe.views import MeldView, PlacedCard, PublicView
from engine.i18n import _, card_count, using
from engine.protocol import Phase


def _melds(groups: list[list[Card]], owners: list[int]) -> tuple[MeldView, ...]:
    melds = []
    for i, (cards, owner) in enumerate(zip(groups, owners, strict=True)):
        shape = analyse_meld(cards)
        pairs = zip(shape.cards, shape.points, strict=True)
        placed = tuple(PlacedCard(c, p, owner) for c, p in pairs)
        melds.append(MeldView(i + 1, owner, shape.kind, placed))
    return tuple(melds)


def _with(view: PublicView, **changes: object) -> PublicView:
    return replace(view, **changes)  # type: ignore[arg-type]


def _runs(length: int) -> list[list[Card]]:
    """The pack cut into runs of ``length`` (and what is left, if long enough)."""
    groups = []
    for suit in range(4):
        suit_cards = list(FULL_PACK[suit * 13 : suit * 13 + 13])
        for start in range(0, 13, length):
            chunk = suit_cards[start : start + length]
            if len(chunk) >= 3:
                groups.append(chunk)
    return groups


def _sets(size: int) -> list[list[Card]]:
    return [[FULL_PACK[rank + 13 * s] for s in range(size)] for rank in range(13)]


def extreme_tables() -> dict[str, PublicView]:
    base = ex.four_player_table()
    tables = {
        "52-card staircase": ex.full_staircase_table(),
        "maximal melds": ex.maximal_meld_table(),
        "empty everything": _with(base, staircase=(), melds=(), talon_count=0),
    }
    for name, groups in {
        "runs of 3, one owner": _runs(3),
        "sets of 4, one owner": _sets(4),
        "sets of 3, one owner": _sets(3),
        "runs of 13": _runs(13),
        "runs of 4": _runs(4),
    }.items():
        for owners in ([0] * len(groups), [i % 4 for i in range(len(groups))]):
            melds = _melds(groups, owners)
            tables[f"{name} {owners[:2]}"] = _with(base, staircase=(), melds=melds)
    # Half the pack on the staircase, half in melds.
    half = _melds(_runs(3)[:8], [0] * 8)
    used = {p.card for m in half for p in m.cards}
    rest = tuple(c for c in FULL_PACK if c not in used)
    tables["half and half"] = _with(base, staircase=rest, melds=half)
    return tables


@pytest.mark.parametrize("name", list(extreme_tables()))
def test_picture_stays_within_bounds(name: str) -> None:
    view = extreme_tables()[name]
    img = Image.open(io.BytesIO(render_table(view)))
    assert img.format == "PNG"
    assert TABLE_MIN_W <= img.width <= TABLE_W
    assert img.height <= TABLE_MAX_H
    assert img.size == table_size(view)


def test_every_staircase_card_shows_its_corner_index() -> None:
    view = ex.full_staircase_table()
    img = draw_table(view)
    layout = _stair_layout(len(view.staircase))
    for i, card in enumerate(view.staircase):
        x, y = layout.position(i)
        y += HEADER_H
        # Below the rounded corner, which shows the card underneath.
        box = (x, y + CARD_RADIUS, x + INDEX_STRIP, y + INDEX_BOTTOM)
        strip = card_sprite(card).crop((0, CARD_RADIUS, INDEX_STRIP, INDEX_BOTTOM))
        assert img.crop(box).tobytes() == strip.tobytes(), f"card {i + 1} ({card}) is covered"


def test_top_card_shows_down_to_the_cut() -> None:
    view = ex.four_player_table()
    img = draw_table(view)
    x, y = _stair_layout(len(view.staircase)).position(len(view.staircase) - 1)
    y += HEADER_H
    top = view.staircase[-1]
    bottom = STAIR_CARD_H - CARD_RADIUS - TOP_RING  # the gold ring's corners cover the rest
    box = (x, y + CARD_RADIUS, x + card_sprite(top).width, y + bottom)
    whole = card_sprite(top).crop((0, CARD_RADIUS, box[2] - x, bottom))
    assert img.crop(box).tobytes() == whole.tobytes()


@pytest.mark.parametrize("count", [1, 2, 5, 23, 24, 30, 52])
def test_staircase_numbers_run_from_the_bottom_card(count: int) -> None:
    labels = [b.label for b in staircase_badges(count)]
    assert labels == [str(i + 1) for i in range(count - 1)] + [f"{count} · top"]


def test_staircase_numbers_are_drawn_where_the_layout_says() -> None:
    view = ex.four_player_table()
    img = draw_table(view)
    for badge in staircase_badges(len(view.staircase)):
        stamp = text_stamp(badge.label, badge.style)
        x = badge.x - stamp.width // 2 if badge.align == "centre" else badge.x
        y = HEADER_H + badge.y
        box = (x, y, x + stamp.width, y + stamp.height)
        assert img.crop(box).tobytes() == stamp.tobytes(), badge.label


def test_unchanged_view_is_not_drawn_twice() -> None:
    view = ex.two_player_table()
    assert render_table(view) is render_table(ex.two_player_table())


def test_odd_names_and_game_over_render() -> None:
    base = ex.two_player_table()
    seats = (
        replace(base.seats[0], name="中文 名字 🂡 " + "x" * 80),
        replace(base.seats[1], name=""),
    )
    view = _with(base, seats=seats, phase=Phase.OVER, winner=0)
    img = Image.open(io.BytesIO(render_table(view)))
    assert img.width <= TABLE_W


def test_rendering_from_many_threads_gives_the_same_pictures() -> None:
    views = [ex.two_player_table(), ex.four_player_table(), ex.full_staircase_table()]
    clear_caches()
    expected = [render_table(v) for v in views]
    clear_caches()
    with ThreadPoolExecutor(max_workers=8) as pool:
        got = list(pool.map(lambda v: render_table(v), views * 4))
    assert got == expected * 4


def _run_with_lay_offs() -> MeldView:
    """Anna's 5♥ 6♥ 7♥ with Clara's 4♥ at the low end and Ben's 8♥ at the high end."""
    run = [PlacedCard(Card.parse(c), p, 0) for c, p in (("5♥", 5), ("6♥", 6), ("7♥", 7))]
    low = PlacedCard(Card.parse("4♥"), 4, 2)
    high = PlacedCard(Card.parse("8♥"), 8, 1)
    return MeldView(1, 0, analyse_meld([c.card for c in run]).kind, (low, *run, high))


def test_meld_label_says_who_scored_what() -> None:
    shared = _run_with_lay_offs()
    parts = meld_label(shared)
    assert [p.label for p in parts] == ["18", "8", "4"]
    assert [p.style.fg for p in parts] == [player_colour(0), player_colour(1), player_colour(2)]
    own = MeldView(2, 1, shared.kind, tuple(replace(p, seat=1) for p in shared.cards))
    assert [p.label for p in meld_label(own)] == ["30"]


def test_meld_label_is_drawn_beside_the_meld() -> None:
    meld = _run_with_lay_offs()
    canvas = new_canvas(600, 200, PANEL)
    draw_meld(canvas, meld, 10, 10)
    x = 10 + meld_fan_width(len(meld.cards)) + MELD_LABEL_GAP
    for part in meld_label(meld):
        stamp = text_stamp(part.label, part.style)
        box = (x, 10 + part.y, x + stamp.width, 10 + part.y + stamp.height)
        assert canvas.crop(box).tobytes() == stamp.tobytes(), part.label


def test_meld_cards_show_their_indices() -> None:
    meld = _run_with_lay_offs()
    canvas = new_canvas(600, 200, PANEL)
    draw_meld(canvas, meld, 10, 10)
    for i, placed in enumerate(meld.cards):
        x = 10 + i * MELD_STEP
        box = (x, 10 + CARD_RADIUS, x + INDEX_STRIP, 10 + INDEX_BOTTOM)
        strip = card_sprite(placed.card).crop((0, CARD_RADIUS, INDEX_STRIP, INDEX_BOTTOM))
        assert canvas.crop(box).tobytes() == strip.tobytes(), str(placed.card)


def test_lay_offs_by_other_players_render() -> None:
    view = ex.four_player_table()
    assert any(p.seat != m.owner for m in view.melds for p in m.cards)
    width, height = table_size(view)
    assert width <= TABLE_W and height <= TABLE_MAX_H
    render_table(view)


@pytest.mark.parametrize("count", range(0, 53))
def test_every_staircase_length_fits_the_picture(count: int) -> None:
    view = _with(ex.full_staircase_table(), staircase=FULL_PACK[:count])
    width, height = table_size(view)
    assert TABLE_MIN_W <= width <= TABLE_W
    assert height <= TABLE_MAX_H
    for badge in staircase_badges(count):
        stamp = text_stamp(badge.label, badge.style)
        left = badge.x - stamp.width // 2 if badge.align == "centre" else badge.x
        assert left >= 0 and left + stamp.width <= width, badge.label


def test_top_badge_reserve_fits_the_widest_label() -> None:
    from bot.games.treppe.render_table import TOP_BADGE, TOP_BADGE_W

    assert text_stamp("52 · top", TOP_BADGE).width <= TOP_BADGE_W


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_seats_round_points_fit_its_band_in_every_language(lang: str) -> None:
    """The cards and the round's points under a seat's name are never cut, even with 13 cards
    and three-digit points (500 Rum): German "in dieser Runde" was, on every table."""
    with using(lang):
        dealt = card_count(13) + _(" · dealer")  # 500 Rum deals thirteen
        for words in (_("+{round_points} this round", round_points=999), dealt):
            assert text_width(words, table_art.INFO.size) <= table_art.INFO_TEXT_W, words
