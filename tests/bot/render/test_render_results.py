"""Round and session result pictures."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

import bot.games.treppe.render_results as rr
import bot.render.results as results
from bot.games.romme import examples as rx
from bot.games.romme.render_results import draw_romme_round_result
from bot.games.treppe import examples as ex
from bot.games.treppe.render_results import (
    draw_round_result,
    render_round_result,
    render_session_result,
)
from bot.render.assets import fit_text, text_width
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


def test_round_result_pictures_show_each_hand_sorted(monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.games.treppe.render_results as treppe_results
    from bot.games.romme import render_results as romme_results
    from bot.games.romme.examples import romme_round_result
    from bot.render.hand import sort_hand

    shown: list[list[Card]] = []
    real_fan = treppe_results.paste_fan

    def fan(canvas: Any, cards: Any, *args: Any) -> Any:
        shown.append(list(cards))
        return real_fan(canvas, cards, *args)

    monkeypatch.setattr(treppe_results, "paste_fan", fan)
    result = ex.round_result()
    hands = [tuple(reversed(sort_hand(h))) for h in result.hands]  # dealt in the wrong order
    render_round_result(replace(result, hands=tuple(hands)), ex.NAMES4)
    assert [c for c in shown if c] and all(cards == sort_hand(cards) for cards in shown)

    faces: list[Card] = []
    real_face = romme_results.v.paste_face

    def face(canvas: Any, card: Card, *args: Any) -> Any:
        faces.append(card)
        return real_face(canvas, card, *args)

    monkeypatch.setattr(romme_results.v, "paste_face", face)
    rom, names = romme_round_result()
    dealt = tuple(Card.parse(c) for c in ("KC", "9H", "5S", "2D"))  # not in suit order
    hands = (dealt, *((),) * (len(rom.hands) - 1))
    romme_results.render_romme_round_result(replace(rom, hands=hands), names)
    drawn = [tuple(faces[i : i + len(dealt)]) for i in range(len(faces))]
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
        draw_round_result(ex.round_result(), ex.NAMES4)
        romme_result, names = rx.romme_round_result()
        draw_romme_round_result(romme_result, names)
    assert cut == []


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("bonus", [56, 500, 1500])
@pytest.mark.parametrize("hand_romme", [False, True])
def test_the_going_out_words_stay_clear_of_the_bonus(
    lang: str, bonus: int, hand_romme: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Rommé hand's +500 once covered the end of 'went out ★ Rommé hand ×2'."""
    stamps: list[tuple[str, int, str]] = []

    def stamp(canvas: Any, words: str, x: int, y: int, style: Any, align: str = "left") -> None:
        stamps.append((words, x, align))

    monkeypatch.setattr(rr, "text", stamp)
    result = replace(ex.round_result(), bonus=bonus, special=hand_romme)
    with using(lang):
        draw_round_result(result, ex.NAMES4)
        bonus_text = f"+{bonus}"
        label = rr.went_out_label(hand_romme, 10_000)
    labels = {label, "★"}
    (shown,) = [words for words, x, _ in stamps if x == rr.CARDS_X and words in labels]
    (right,) = [x for words, x, align in stamps if words == bonus_text and align == "right"]
    label_end = rr.CARDS_X + text_width(shown, rr.NOTE.size)
    assert label_end + rr.LABEL_GAP <= right - text_width(bonus_text, rr.BONUS.size)
    if hand_romme and lang == "en":
        assert shown == "★ Rommé hand"  # room for the words at every bonus here
