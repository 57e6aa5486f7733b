"""Card emojis: a 128 x 128 picture for every card, the joker and the suits, each distinct, in
the four-colour pack, named as Discord allows, with German court letters in German."""

from __future__ import annotations

import io
import re

from PIL import Image

import bot.render.palette as pal
from bot.render.emoji_art import (
    EMOJI_PX,
    RANK_BOX,
    card_emoji,
    emoji_name,
    emoji_set,
    suit_emoji,
    suit_emoji_name,
)
from engine.cards import FULL_PACK, JOKER, Card, Suit

DISCORD_NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")
EVERY_CARD = (*FULL_PACK, JOKER)


def _image(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG"
    return img.convert("RGBA")


def _near(a: tuple[int, ...], b: tuple[int, int, int], tolerance: int = 40) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b, strict=True))


def test_every_card_and_suit_is_a_distinct_square() -> None:
    pictures = [card_emoji(card) for card in EVERY_CARD] + [suit_emoji(s) for s in Suit]
    assert len(pictures) == 57
    assert len(set(pictures)) == len(pictures)
    for png in pictures:
        img = _image(png)
        assert img.size == (EMOJI_PX, EMOJI_PX)
        assert img.getpixel((0, 0))[3] == 0  # rounded corners stay see-through
        assert _near(img.getpixel((12, 100)), pal.CARD)  # the white card fills the square


def test_names_are_discord_names_and_unique() -> None:
    names = [emoji_name(card) for card in EVERY_CARD] + [suit_emoji_name(s) for s in Suit]
    assert len(set(names)) == len(names) == 57
    assert all(DISCORD_NAME.match(name) for name in names)
    assert emoji_name(Card.parse("10♦")) == "trp_TD"
    assert emoji_name(JOKER) == "trp_JO"
    assert suit_emoji_name(Suit.SPADES) == "trp_s_S"


def _ink_pixels(img: Image.Image, ink: tuple[int, int, int]) -> list[tuple[int, int]]:
    return [
        (x, y)
        for y in range(EMOJI_PX)
        for x in range(EMOJI_PX)
        if _near(img.getpixel((x, y)), ink, 30) and img.getpixel((x, y))[3] > 200
    ]


def test_cards_are_in_the_four_colour_pack_with_a_big_rank() -> None:
    inks = {
        "A♠": pal.SPADES_INK,
        "7♥": pal.HEARTS_INK,
        "10♦": pal.DIAMONDS_INK,
        "K♣": pal.CLUBS_INK,
    }
    for code, ink in inks.items():
        img = _image(card_emoji(Card.parse(code)))
        rank = [(x, y) for x, y in _ink_pixels(img, ink) if y < RANK_BOX[3]]
        top = min(y for _, y in rank)
        bottom = max(y for _, y in rank)
        assert bottom - top >= 0.45 * EMOJI_PX, code  # the rank fills about half the height
    joker = _image(card_emoji(JOKER))
    assert len(_ink_pixels(joker, pal.JOKER_INK)) > 500


def test_german_court_cards_have_their_own_emojis() -> None:
    english = emoji_set()
    german = emoji_set("de")
    assert len(english) == len(german) == 57
    own = sorted(set(german) - set(english))
    assert own == sorted(f"trp_de_{r}{s}" for r in "JQ" for s in "CDHS")
    queen = Card.parse("Q♥")
    assert german["trp_de_QH"] == card_emoji(queen, "de") != card_emoji(queen)
    assert german["trp_7H"] == english["trp_7H"]  # number cards are shared


def test_emojis_stay_readable_at_inline_size() -> None:
    """Shrunk to Discord's 22 px, a rank's ink still spans most of the emoji's upper half."""
    small = _image(card_emoji(Card.parse("8♣"))).resize((22, 22), Image.Resampling.LANCZOS)
    ink_rows = {
        y for y in range(11) for x in range(22) if _near(small.getpixel((x, y)), pal.CLUBS_INK, 70)
    }
    assert len(ink_rows) >= 7
