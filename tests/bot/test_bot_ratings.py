"""Rating maths (openskill Plackett–Luce by finishing order) and the rating-history chart."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from bot.ratings import (
    RatedSession,
    Rating,
    RatingChange,
    differences,
    places,
    rate,
    recompute,
    session_note,
    shown,
    sure,
)
from bot.render.assets import Style
from bot.render.geometry import MIN_TEXT_PX, PICTURE_W
from bot.render.rating_chart import HEIGHT, WIDTH, render_rating_history
from engine.i18n import using
from engine.protocol import Standings


def standings(scores: tuple[int, ...], lower: bool = False, **kwargs: object) -> Standings:
    winners = kwargs.get("winners")
    if winners is None:
        best = min(scores) if lower else max(scores)
        winners = tuple(s for s, v in enumerate(scores) if v == best)[:1]
    in_play = kwargs.get("in_play", (True,) * len(scores))
    return Standings(scores, lower, winners, "points", in_play)  # type: ignore[arg-type]


def test_places_follow_the_scores_and_share_ties() -> None:
    assert places(standings((120, 500, 300, 300))) == (4, 1, 2, 2)
    assert places(standings((120, 500, 300, 300), lower=True)) == (1, 4, 2, 2)
    # A seat out of play finishes behind those still in, whatever its score.
    out = standings((10, 50, 30), lower=True, in_play=(True, False, True))
    assert places(out) == (1, 3, 2)


def test_the_winner_gains_and_the_last_loses() -> None:
    after = rate([Rating(), Rating(), Rating()], [2, 1, 3])
    assert after[1].mu > Rating().mu > after[2].mu

    assert all(r.sigma < Rating().sigma for r in after)
    assert all(r.sessions == 1 for r in after)


def test_a_tie_rates_equal_players_equally() -> None:
    after = rate([Rating(), Rating(), Rating()], [1, 2, 2])
    assert after[1] == after[2]
    assert after[0].mu > after[1].mu


def test_conservative_rating() -> None:
    assert Rating(30.0, 2.0, 4).conservative == 24.0
    assert Rating().conservative == Rating().mu - 3 * Rating().sigma


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False))
def test_recompute_gives_identical_numbers(rng: random.Random) -> None:
    sessions = []
    live: dict[tuple[int, str, int], Rating] = {}
    for game_id in range(25):
        users = tuple(rng.sample(range(1, 8), rng.randint(2, 4)))
        finish = tuple(rng.randint(1, len(users)) for _ in users)
        session = RatedSession(game_id, 1, rng.choice(["a", "b"]), users, finish)
        sessions.append(session)
        keys = [(1, session.game_key, u) for u in users]
        # The incremental path: read what is stored, rate one session, store it back.
        after = rate([live.get(k, Rating()) for k in keys], finish)
        live.update(zip(keys, after, strict=True))
    assert differences(live, recompute(sessions).ratings) == []
    wrong = dict(live)
    first = next(iter(wrong))
    wrong[first] = Rating(wrong[first].mu + 1e-12, wrong[first].sigma, wrong[first].sessions)
    assert differences(wrong, recompute(sessions).ratings) == [first]


def test_chart_is_a_png_of_the_history() -> None:
    history = []
    rating = Rating()
    for finish in ([1, 2], [2, 1], [1, 2], [1, 2]):
        rating = rate([rating, Rating()], finish)[0]
        history.append(rating)
    data = render_rating_history(history)
    assert data is not None
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    assert image.size == (WIDTH, HEIGHT)
    assert render_rating_history([]) is None


def test_chart_text_is_big_enough_for_a_phone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every word and number of the chart is a text stamp (measured by bench/legibility.py) at
    least MIN_TEXT_PX high, in a picture PICTURE_W wide; none drawn beside them."""
    import bot.render.canvas as canvas

    sizes: list[int] = []
    real_stamp, real_text = canvas.text_stamp, ImageDraw.ImageDraw.text

    def stamp(content: str, style: Style) -> Image.Image:
        sizes.append(-style.size)  # negative while the stamp draws its text
        try:
            return real_stamp(content, style)
        finally:
            sizes[-1] = style.size

    def only_in_stamps(draw: ImageDraw.ImageDraw, *args: Any, **kwargs: Any) -> None:
        assert sizes and sizes[-1] < 0, "chart text drawn outside text stamps"
        real_text(draw, *args, **kwargs)

    real_stamp.cache_clear()
    monkeypatch.setattr(canvas, "text_stamp", stamp)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", only_in_stamps)
    history = [Rating(25 + i * 0.7, 8.3 - i * 0.4, i + 1) for i in range(12)]
    for lang in ("en", "de"):
        with using(lang):
            data = render_rating_history(history)
        assert data is not None and Image.open(io.BytesIO(data)).width == PICTURE_W
    assert len(sizes) >= 2 * 6  # legend, ticks, the sessions' row
    assert min(sizes) >= MIN_TEXT_PX


def test_ratings_are_whole_numbers_players_read() -> None:
    change = RatingChange(1, Rating(), Rating(22.4, 8.1, 1))
    with using("en"):
        assert shown(Rating()) == "1,000" and sure(Rating()) == "0"
        _title, text = session_note(["Anna", "Ben"], [1, 2], [False, False], [change])
        assert text == "Anna: 896 (−104)"
        assert shown(Rating(30.0, 2.0, 9)) == "1,200" and sure(Rating(30.0, 2.0, 9)) == "960"
    with using("de"):
        assert shown(Rating(30.0, 2.0, 9)) == "1.200"
        grown = RatingChange(1, Rating(25.0, 8.0, 1), Rating(25.3, 7.9, 2))
        assert session_note(["Anna"], [1], [False], [grown])[1] == "Anna: 1.012 (+12)"
