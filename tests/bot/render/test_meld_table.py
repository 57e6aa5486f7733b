"""The table picture: every staircase card visible and numbered, size within bounds."""

from __future__ import annotations

import io
import itertools
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest
from PIL import Image

import bot.render.canvas
from bot.games.treppe import examples as ex
from bot.render import clear_caches
from bot.render import meld_table as table_art
from bot.render.assets import card_sprite, text_stamp
from bot.render.canvas import new_canvas
from bot.render.geometry import CARD_RADIUS, CARD_W, INDEX_BOTTOM, INDEX_STRIP, MAX_ASPECT
from bot.render.meld_table import (
    ACT_RING,
    BADGE,
    MARGIN,
    MELD_LABEL_GAP,
    MELD_STEP,
    STAIR_CARD_H,
    TABLE_MAX_H,
    TABLE_MIN_W,
    TABLE_W,
    TOP_BADGE,
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
from bot.render.palette import GOLD, PANEL
from engine.cards import FULL_PACK, Card
from engine.games.treppe.melds import analyse_meld
from engine.games.treppe.views import MeldView, PlacedCard, PublicView
from engine.i18n import _, using
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
        # Below the rounded corner, which shows the card underneath.
        box = (x, y + CARD_RADIUS, x + INDEX_STRIP, y + INDEX_BOTTOM)
        strip = card_sprite(card).crop((0, CARD_RADIUS, INDEX_STRIP, INDEX_BOTTOM))
        assert img.crop(box).tobytes() == strip.tobytes(), f"card {i + 1} ({card}) is covered"


def test_top_card_shows_down_to_the_cut() -> None:
    view = ex.four_player_table()
    img = draw_table(view)
    x, y = _stair_layout(len(view.staircase)).position(len(view.staircase) - 1)
    top = view.staircase[-1]
    bottom = STAIR_CARD_H - CARD_RADIUS - TOP_RING  # the gold ring's corners cover the rest
    box = (x, y + CARD_RADIUS, x + card_sprite(top).width, y + bottom)
    whole = card_sprite(top).crop((0, CARD_RADIUS, box[2] - x, bottom))
    assert img.crop(box).tobytes() == whole.tobytes()


@pytest.mark.parametrize("count", [1, 2, 5, 23, 24, 30, 52])
def test_staircase_numbers_run_from_the_bottom_card(count: int) -> None:
    badges = staircase_badges(count)
    assert [b.label for b in badges] == [str(i + 1) for i in range(count)]
    assert [b.style for b in badges] == [BADGE] * (count - 1) + [TOP_BADGE]  # the top's gold


def test_staircase_numbers_are_drawn_where_the_layout_says() -> None:
    view = ex.four_player_table()
    img = draw_table(view)
    for badge in staircase_badges(len(view.staircase)):
        stamp = text_stamp(badge.label, badge.style)
        x = badge.x - stamp.width // 2 if badge.align == "centre" else badge.x
        y = badge.y
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


@pytest.mark.parametrize("count", [7, 14, 15, 30, 52])
def test_a_long_staircase_wraps_under_the_talon_and_no_badge_overlaps(count: int) -> None:
    """Beyond two rows the staircase goes on over the picture's full width, so even the whole
    pack takes six rows; neighbouring numbers never touch."""
    layout = _stair_layout(count)
    assert len(layout.rows) <= 6
    lefts = [left for left, _length in layout.rows]
    assert lefts[0] > MARGIN + CARD_W  # the first row is beside the talon
    if len(lefts) > 2:
        assert set(lefts[1:]) == {MARGIN}
    spans = []
    for badge in staircase_badges(count):
        width = text_stamp(badge.label, badge.style).width
        left = badge.x - width // 2 if badge.align == "centre" else badge.x
        spans.append((badge.y, left, left + width))
    for (y, _left, right), (next_y, next_left, _right) in itertools.pairwise(spans):
        assert y != next_y or right <= next_left


def _ring_colour(img: Image.Image, top: int) -> tuple[int, int, int]:
    """The colour of a band's top edge, in the middle of the picture."""
    palette = img.getpalette() or []
    i = img.getpixel((TABLE_W // 2, top + ACT_RING // 2))
    assert isinstance(i, int)
    return (palette[3 * i], palette[3 * i + 1], palette[3 * i + 2])


def test_the_player_to_act_is_ringed_and_at_the_end_the_winner_in_gold() -> None:
    view = ex.four_player_table()
    layout = table_art._layout(view)
    tops = [
        layout.strip_h + sum(h + table_art.BAND_GAP for h in layout.bands[:i]) for i in range(4)
    ]
    img = draw_table(view)
    for seat, top in enumerate(tops):
        ringed = _ring_colour(img, top) == player_colour(seat)
        assert ringed == (seat == view.to_act), seat
    over = draw_table(_with(view, phase=Phase.OVER, winner=2))
    assert [_ring_colour(over, top) == GOLD for top in tops] == [False, False, True, False]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_table_says_nothing_the_text_says(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """No status line, round, target, card counts, dealer or scores: the picture draws the
    talon's name and count, the staircase numbers, the names and the melds' points."""
    drawn: list[str] = []
    real = bot.render.canvas.text

    def recording(canvas: Image.Image, words: str, *args: object, **kwargs: object) -> Image.Image:
        drawn.append(words)
        return real(canvas, words, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(table_art, "text", recording)
    view = ex.four_player_table()
    with using(lang):
        draw_table(view)
        talon = _("talon")
    names = {seat.name for seat in view.seats}
    words = [w for w in drawn if not w.isdigit()]
    assert set(words) == names | {talon}
    numbers = {str(p) for m in view.melds for _s, p in table_art.meld_credits(m)}
    numbers |= {str(i + 1) for i in range(len(view.staircase))} | {str(view.talon_count)}
    assert {w for w in drawn if w.isdigit()} <= numbers


def test_the_four_player_example_fits_a_phone_screen() -> None:
    width, height = table_size(ex.four_player_table())
    assert height <= MAX_ASPECT * width


def test_names_stand_on_a_line_of_their_own_above_the_melds() -> None:
    assert (
        table_art.NAME_Y + text_stamp("Ag", table_art.name_style(0)).height - 4 <= table_art.NAME_H
    )
