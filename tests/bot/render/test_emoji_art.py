"""Card emojis: a 128 x 128 picture for every card, the joker and the suits, each distinct, in
the four-colour pack, named as Discord allows, with German court letters in German."""

from __future__ import annotations

import hashlib
import io
import re

import pytest
from PIL import Image

import bot.render.palette as pal
from bot.render.emoji_art import (
    ART_VERSION,
    EMOJI_PX,
    RANK_BOX,
    VERSION_NAME,
    card_emoji,
    emoji_name,
    emoji_set,
    suit_emoji,
    suit_emoji_name,
    version_marker,
)
from bot.render.emoji_art import (
    ink as card_ink,
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


INLINE_PX = 18  # Discord's size for an emoji in a message's text


def _rank_span(card: Card, lang: str) -> tuple[int, int]:
    """How wide and how high a card's rank inks at inline size, in pixels."""
    img = _image(card_emoji(card, lang)).resize((INLINE_PX, INLINE_PX), Image.Resampling.LANCZOS)
    below = RANK_BOX[3] * INLINE_PX // EMOJI_PX  # the suit starts there
    inked = [
        (x, y)
        for y in range(below)
        for x in range(INLINE_PX)
        if _near(img.getpixel((x, y)), card_ink(card), 90)
    ]
    xs, ys = {x for x, _ in inked}, {y for _, y in inked}
    return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


@pytest.mark.parametrize("lang", ["", "de"])
def test_every_rank_reads_at_inline_size(lang: str) -> None:
    """At 18 px every rank is wide and tall: the J no "!" (it was 3 px wide), the K no "S"."""
    for card in FULL_PACK:
        width, height = _rank_span(card, lang)
        assert width >= 8 and height >= 11, (str(card), lang, width, height)


# The art as drawn for each ART_VERSION. Changed pictures need a new version (Discord keeps an
# emoji by name; start-up replaces the uploaded ones when the version's mark is missing): raise
# ART_VERSION and record the new digest here (also after a Pillow or font upgrade that changes
# pixels, which re-uploads once).
ART_DIGESTS = {2: "62f2d9c2ec210430"}


def art_digest() -> str:
    digest = hashlib.sha256()
    pictures = emoji_set() | emoji_set("de") | {VERSION_NAME: version_marker()}
    for name, png in sorted(pictures.items()):
        digest.update(name.encode() + _image(png).tobytes())
    return digest.hexdigest()[:16]


def test_changed_art_has_a_new_version() -> None:
    assert ART_DIGESTS.get(ART_VERSION) == art_digest(), "raise ART_VERSION, record the digest"
    assert f"trp_art{ART_VERSION}" == VERSION_NAME and DISCORD_NAME.match(VERSION_NAME)
