"""The hand picture: cards in the caller's order under exactly the labels the controls use."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from bot.render import draw_hand, render_hand, sort_hand
from bot.render import palette as pal
from bot.render.assets import text_stamp
from bot.render.geometry import INDEX_STRIP
from bot.render.hand import HAND_MARGIN, HAND_MAX_W, ROW_GAP, ROW_H, hand_slots
from engine.cards import FULL_PACK, Card, parse_cards

HAND = tuple(parse_cards("A♠ 10♠ J♠ Q♠ 9♥ 10♥ 4♦ 4♣ 10♣ K♣"))


def _labels_drawn(img: Image.Image, hand: tuple[Card, ...], labels: list[str] | None) -> None:
    """Every slot's label stamp is on the picture, pixel for pixel, where the slot says."""
    for slot in hand_slots(hand, labels):
        stamp = text_stamp(slot.label, slot.style)
        x = slot.label_x - stamp.width // 2
        box = (x, slot.y, x + stamp.width, slot.y + stamp.height)
        assert img.crop(box).tobytes() == stamp.tobytes(), slot.label


def test_default_labels_are_one_to_n_in_order() -> None:
    slots = hand_slots(HAND)
    assert [s.label for s in slots] == [str(i) for i in range(1, len(HAND) + 1)]
    assert [s.card for s in slots] == list(HAND)
    _labels_drawn(draw_hand(HAND), HAND, None)


def test_labels_are_exactly_the_strings_passed() -> None:
    labels = ["a", "b", "c", "D", "e1", "🂡", "10", "♥", "x y", ""]
    slots = hand_slots(HAND, labels)
    assert [s.label for s in slots] == labels
    _labels_drawn(draw_hand(HAND, labels), HAND, labels)


def test_label_count_must_match() -> None:
    with pytest.raises(ValueError):
        render_hand(HAND, ["1", "2"])


def test_locked_card_is_marked_and_only_it() -> None:
    locked = Card.parse("10♥")
    slots = hand_slots(HAND, None, locked)
    assert [s.card for s in slots if s.locked] == [locked]
    img = draw_hand(HAND, None, locked)
    assert pal.index(pal.ALERT) in img.tobytes()
    assert pal.index(pal.ALERT) not in draw_hand(HAND).tobytes()


@pytest.mark.parametrize("size", [0, 1, 7, 20, 52])
def test_any_hand_size_fits(size: int) -> None:
    img = Image.open(io.BytesIO(render_hand(FULL_PACK[:size])))
    assert img.width <= HAND_MAX_W
    rows = max(1, -(-size // 10))
    assert img.height <= 2 * HAND_MARGIN + rows * (ROW_H + ROW_GAP)


@pytest.mark.parametrize(("size", "rows"), [(9, 1), (10, 1), (13, 2), (20, 2), (21, 3), (27, 3)])
def test_up_to_twenty_cards_take_two_rows_every_index_showing(size: int, rows: int) -> None:
    """A 20-card Treppenrommé hand fits two rows of a phone's screen; no card covers the
    index of the one before it, nor does a label run into its neighbour."""
    slots = hand_slots(FULL_PACK[:size])
    assert len({slot.card_y for slot in slots}) == rows
    for a, b in itertools.pairwise(slots):
        if a.card_y == b.card_y:
            assert b.x - a.x >= INDEX_STRIP
            right = a.label_x + text_stamp(a.label, a.style).width // 2
            assert right < b.label_x - text_stamp(b.label, b.style).width // 2


def test_sort_by_suit_and_by_rank() -> None:
    cards = parse_cards("K♣ 2♥ A♠ 10♥ 2♣ A♦")
    assert sort_hand(cards, "suit") == parse_cards("A♠ 2♥ 10♥ 2♣ K♣ A♦")
    assert sort_hand(cards, "rank") == parse_cards("A♠ A♦ 2♥ 2♣ 10♥ K♣")
    assert sort_hand(cards, "rank", ace_high=True)[-2:] == parse_cards("A♠ A♦")
    assert cards == parse_cards("K♣ 2♥ A♠ 10♥ 2♣ A♦")  # a copy, the input is untouched
