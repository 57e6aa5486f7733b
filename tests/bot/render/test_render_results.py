"""Round and session result pictures."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

import bot.games.treppe.render_results as rr
import bot.render.palette as pal
import bot.render.results as results
from bot.games.romme import examples as rx
from bot.games.romme.render_results import draw_romme_round_result
from bot.games.treppe import examples as ex
from bot.games.treppe.render_results import render_round_result
from bot.render.assets import fit_text
from bot.render.round_results import render_hands_result, render_session_result
from engine.cards import FULL_PACK, Card
from engine.i18n import using


def _open(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    return img


def test_round_results_render() -> None:
    plain = ex.round_result()
    romme = replace(plain, special=True, bonus=2 * plain.bonus)
    for result in (plain, romme):
        img = _open(render_round_result(result, ex.NAMES4))
        assert img.width <= 1100
        assert img.height <= 900


def test_dead_round_renders() -> None:
    result = ex.dead_round()
    assert result.dead
    img = _open(render_round_result(result, ["Anna", "Ben"]))
    assert img.width <= 1100


def test_plain_round_with_a_huge_hand_renders() -> None:
    result = replace(
        ex.round_result(),
        special=False,
        bonus=300,
        hands=(FULL_PACK[:40], FULL_PACK[40:44], (), ()),
    )
    img = _open(render_round_result(result, ["A" * 60, "Ben", "Clara", "Dieter"]))
    assert img.width <= 1100
    assert img.height <= 1300  # forty cards in one hand wrap to five rows, no more


def test_session_result_renders() -> None:
    totals = ex.round_result().totals
    img = _open(render_session_result(ex.NAMES4, totals, totals.index(max(totals))))
    assert img.width <= 1100
    _open(render_session_result(["Anna", "Ben"], (500, 500), None))


def test_round_result_pictures_show_each_hand_sorted() -> None:
    from bot.games.romme import render_results as romme_results
    from bot.games.romme.examples import romme_round_result
    from bot.render.hand import sort_hand

    result = ex.round_result()
    wrong = tuple(tuple(reversed(sort_hand(h))) for h in result.hands)  # dealt unsorted
    bands = rr.round_bands(replace(result, hands=wrong), ex.NAMES4)
    shown = [[c for c in fan.cards if c is not None] for band in bands for fan in band.fans]
    assert [c for c in shown if c] and all(cards == sort_hand(cards) for cards in shown)

    rom, names = romme_round_result()
    dealt = tuple(Card.parse(c) for c in ("KC", "9H", "5S", "2D"))  # not in suit order
    one = (dealt, *((),) * (len(rom.hands) - 1))
    band = romme_results._band(replace(rom, hands=one), names, 0)
    drawn = [fan.cards for fan in band.fans]
    assert tuple(sort_hand(dealt)) in drawn and dealt not in drawn


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_column_heading_is_cut_in_any_language(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every result picture's number headings fit over their columns ("gesamt" included), so
    none is cut to fit and none runs into its neighbour."""
    cut: list[str] = []

    def fitting(heading: str, size: int, room: int) -> str:
        shown = fit_text(heading, size, room)
        if shown != heading:
            cut.append(heading)
        return shown

    monkeypatch.setattr(results, "fit_text", fitting)
    with using(lang):
        romme_result, names = rx.romme_round_result()
        draw_romme_round_result(romme_result, names)
    assert cut == []


@pytest.mark.parametrize("hand_romme", [False, True])
def test_a_band_per_seat_with_one_number_and_a_tag_for_who_went_out(hand_romme: bool) -> None:
    """No title, headings or totals: each seat's name, its cards left and what they count;
    who went out is tagged and ringed gold and shows the bonus."""
    result = replace(ex.round_result(), special=hand_romme)
    bands = rr.round_bands(result, ex.NAMES4)
    assert [b.name for b in bands] == list(ex.NAMES4)
    out = result.went_out
    assert out is not None
    assert [b.tag is not None for b in bands] == [s == out for s in range(4)]
    assert [b.ring == pal.GOLD for b in bands] == [s == out for s in range(4)]
    assert bands[out].points == f"+{result.bonus}"
    for seat, band in enumerate(bands):
        assert sum(len(f.cards) for f in band.fans) == len(result.hands[seat])
        if seat != out:
            points = str(result.hand_points[seat])
            assert band.points == (f"{points} ×2" if hand_romme else points)


def test_a_dead_round_counts_no_hand() -> None:
    bands = rr.round_bands(ex.dead_round(), ["Anna", "Ben"])
    assert [(b.tag, b.points) for b in bands] == [(None, "—"), (None, "—")]


def test_500_rum_shows_what_each_hand_counts_against(monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.games.rum500 as rum500
    from bot.games.examples import plain_example
    from engine.games.rum500.game import Rum500RoundResult

    game, _table, plain = plain_example(rum500.PRESENTER)
    assert isinstance(plain, Rum500RoundResult)
    result = plain
    seen: list[tuple[Any, Sequence[str]]] = []

    def drawing(shown: Any, names: Any, cells: Sequence[str], tag: str) -> bytes:
        seen.append((shown, cells))
        return render_hands_result(shown, names, cells, tag)

    monkeypatch.setattr(rum500, "render_hands_result", drawing)
    assert rum500.PRESENTER.render_round(result, game.names) is not None
    ((shown, cells),) = seen
    assert shown is result  # its own result, drawn as it is
    for seat, cell in enumerate(cells):
        points = result.hand_points[seat]
        if seat == result.closer:
            assert cell == ""  # went out: no cards, no number
        else:
            assert cell == (f"−{points}" if points else "0")
