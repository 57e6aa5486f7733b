"""The phone rule (bot/render/README.md): every picture is PICTURE_W wide and shown
PHONE_SHOWN_W CSS px wide on a 390 px phone, where every text's capitals stand at least
MIN_TEXT_CAP_CSS high and every card rank MIN_RANK_CAP_CSS; a typical 4-player table is at most
MAX_ASPECT times as high as it is wide. The sizes are those the drawing code used, recorded
by bench/legibility.py's recorder while the pictures are drawn."""

from __future__ import annotations

import io
import itertools
import random
from collections.abc import Iterator

import pytest
from PIL import Image

from bench.legibility import cap_height, measure, recording
from bot.games import all_presenters, examples
from bot.games.romme import examples as rx
from bot.games.treppe import examples as tx
from bot.games.wiener import examples as wx
from bot.render import render_hand
from bot.render.geometry import (
    CAP_RATIO,
    INDEX_BOTTOM,
    INDEX_STRIP,
    MAX_ASPECT,
    MIN_RANK_CAP_CSS,
    MIN_RANK_PX,
    MIN_TEXT_CAP_CSS,
    MIN_TEXT_PX,
    PHONE_SHOWN_W,
    PICTURE_W,
    RANK_SIZE,
    SUIT_SIZE,
    min_text_px,
    shown_css,
)
from bot.render.hand import hand_slots
from bot.render.jokers import JOKER_RANK_SIZE, JOKER_SUIT_SIZE
from engine.cards import FULL_PACK
from engine.i18n import using
from engine.registry import all_specs


def _size(png: bytes) -> tuple[int, int]:
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG"
    return img.size


def test_the_minimum_font_follows_from_the_width_and_the_fonts_capitals() -> None:
    assert PHONE_SHOWN_W == 264  # measured in SimCord's preview at 390 px
    assert min_text_px(PHONE_SHOWN_W) == 11  # shown at its own size: 8 / 0.729 rounds up
    assert MIN_TEXT_PX == min_text_px(PICTURE_W) == 20
    for size, cap_css in ((MIN_TEXT_PX, MIN_TEXT_CAP_CSS), (MIN_RANK_PX, MIN_RANK_CAP_CSS)):
        assert shown_css(cap_height(size)) >= cap_css  # the font's own glyphs agree
        assert shown_css(cap_height(size - 1)) < cap_css + 0.5
    assert abs(cap_height(100) / 100 - CAP_RATIO) < 0.01


def test_card_indices_read_on_a_phone() -> None:
    for size in (RANK_SIZE, JOKER_RANK_SIZE):
        assert shown_css(cap_height(size)) >= MIN_RANK_CAP_CSS
    for size in (SUIT_SIZE, JOKER_SUIT_SIZE):
        assert size >= MIN_TEXT_PX


def test_the_recorder_sees_small_text_and_card_faces() -> None:
    from bot.render.assets import Style
    from bot.render.canvas import encode, new_canvas, paste_fan, text
    from bot.render.palette import FELT, TEXT

    def draw() -> bytes:
        canvas = new_canvas(PICTURE_W, 200)
        text(canvas, "tiny", 4, 4, Style(12, TEXT, FELT))
        paste_fan(canvas, FULL_PACK[:3], 4, 40, INDEX_STRIP, INDEX_BOTTOM)
        return encode(canvas)

    measured = measure("probe", draw, PHONE_SHOWN_W)
    assert measured is not None
    assert measured.text_css == pytest.approx(cap_height(12) * PHONE_SHOWN_W / PICTURE_W)
    assert measured.text_css < MIN_TEXT_CAP_CSS
    assert measured.rank_css == pytest.approx(shown_css(cap_height(RANK_SIZE)))
    assert measured.lowest_cut == INDEX_BOTTOM


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_text_and_rank_in_every_example_picture_reads_on_a_phone(lang: str) -> None:
    with using(lang), recording() as record:
        pictures = examples.drawn_pictures()
    assert len(record.texts) > 100 and record.faces > 100 and len(record.crops) > 50
    small = sorted({(size, content) for size, content in record.texts if size < MIN_TEXT_PX})
    assert small == []
    assert min(record.crops) >= INDEX_BOTTOM  # no card is cut above the end of its index
    widths = {name: _size(png)[0] for name, png in pictures.items()}
    assert set(widths.values()) == {PICTURE_W}, widths


def test_typical_four_player_tables_fit_a_phone_screen() -> None:
    four = tx.treppen_four()
    tables = {
        "treppenromme": four.table,
        "romme": rx.romme().table,
        "wiener": wx.wiener().table,
    }
    for key, view in tables.items():
        assert len(view.seats) == 4
        png = next(p for p in all_presenters() if p.key == key).render_table(view)
        assert png is not None
        width, height = _size(png)
        assert width == PICTURE_W
        assert height <= MAX_ASPECT * width, (key, height)


def _positions(key: str, players: int, seed: int) -> Iterator[tuple[object, object]]:
    """(public view, the player to act's private view) along a game of random legal moves."""
    spec = next(s for s in all_specs() if s.key == key)
    game = spec.new_game(None, [f"P{i}" for i in range(players)], seed)
    rng = random.Random(seed)
    for _ in range(3000):
        view = game.public_view()
        yield view, game.private_view(view.to_act)
        if view.winner is not None:
            return
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("key", [p.key for p in all_presenters()])
def test_every_game_draws_every_picture_at_the_designed_width(key: str) -> None:
    shown = next(p for p in all_presenters() if p.key == key)
    kinds: set[str] = set()
    players = min(4, shown.spec.max_seats)  # four where the game seats them
    for n, (view, private) in enumerate(_positions(key, players, seed=5)):
        if n % 25:
            continue
        table = shown.render_table(view)  # type: ignore[arg-type]
        assert table is not None and _size(table)[0] == PICTURE_W
        kinds.add("table")
        hand = render_hand(private.hand)  # type: ignore[attr-defined]
        assert _size(hand)[0] == PICTURE_W
        last = getattr(view, "last_round", None)
        if last is not None:
            result = shown.render_round(last, [s.name for s in view.seats])  # type: ignore[attr-defined]
            assert result is not None and _size(result)[0] == PICTURE_W
            kinds.add("round")
        session = shown.render_session([s.name for s in view.seats], view)  # type: ignore[attr-defined]
        if session is not None:
            assert _size(session)[0] == PICTURE_W
    assert kinds == {"table", "round"}


@pytest.mark.parametrize(("count", "rows"), [(3, 1), (10, 1), (11, 2), (20, 2), (21, 3), (28, 3)])
def test_hands_past_ten_cards_wrap_and_every_index_shows(count: int, rows: int) -> None:
    hand = FULL_PACK[:count]
    slots = hand_slots(hand)
    assert len({slot.card_y for slot in slots}) == rows
    for a, b in itertools.pairwise(slots):
        if a.card_y == b.card_y:
            assert b.x - a.x >= INDEX_STRIP  # the covered card's index shows
    assert _size(render_hand(hand))[0] == PICTURE_W
