"""The phone rule (bot/render/README.md): every picture is PICTURE_W wide and no text in it is
smaller than MIN_TEXT_PX, so it shows at least MIN_TEXT_CSS px high on a 390 px phone; a
typical 4-player table is at most MAX_ASPECT times as high as it is wide."""

from __future__ import annotations

import io
import itertools
import math
import random
from collections.abc import Iterator

import pytest
from PIL import Image

import bot.render.canvas
from bot.games import all_presenters, examples
from bot.games.romme import examples as rx
from bot.games.treppe import examples as tx
from bot.games.wiener import examples as wx
from bot.render import clear_caches, render_hand
from bot.render.assets import Style, text_stamp
from bot.render.geometry import (
    INDEX_STRIP,
    MAX_ASPECT,
    MIN_TEXT_CSS,
    MIN_TEXT_PX,
    PHONE_SHOWN_W,
    PICTURE_W,
    RANK_SIZE,
    SUIT_SIZE,
    min_text_px,
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


def test_minimum_text_size_follows_from_the_width() -> None:
    assert min_text_px(PHONE_SHOWN_W) == 10  # shown at its own size: 9.5 rounds up
    assert min_text_px(1080) == 30  # the old table width would have needed 30 px text
    assert MIN_TEXT_PX == math.ceil(MIN_TEXT_CSS * PICTURE_W / PHONE_SHOWN_W) == 22
    assert MIN_TEXT_PX * PHONE_SHOWN_W / PICTURE_W >= MIN_TEXT_CSS


def test_card_indices_read_on_a_phone() -> None:
    for size in (RANK_SIZE, SUIT_SIZE, JOKER_RANK_SIZE, JOKER_SUIT_SIZE):
        assert size >= MIN_TEXT_PX


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_text_in_every_example_picture_is_big_enough(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    sizes: list[tuple[int, str]] = []

    def recording(content: str, style: Style) -> Image.Image:
        sizes.append((style.size, content))
        return text_stamp(content, style)

    monkeypatch.setattr(bot.render.canvas, "text_stamp", recording)
    clear_caches()
    with using(lang):
        pictures = examples.drawn_pictures()
    clear_caches()
    assert len(sizes) > 200
    small = sorted({(size, content) for size, content in sizes if size < MIN_TEXT_PX})
    assert small == []
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


@pytest.mark.parametrize(("count", "rows"), [(3, 1), (13, 1), (14, 1), (15, 2), (28, 2), (29, 3)])
def test_hands_past_fourteen_cards_wrap_and_every_index_shows(count: int, rows: int) -> None:
    hand = FULL_PACK[:count]
    slots = hand_slots(hand)
    assert len({slot.card_y for slot in slots}) == rows
    for a, b in itertools.pairwise(slots):
        if a.card_y == b.card_y:
            assert b.x - a.x >= INDEX_STRIP  # the covered card's index shows
    assert _size(render_hand(hand))[0] == PICTURE_W
