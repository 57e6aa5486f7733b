"""Card emojis: one 128 x 128 picture per card (and per suit) for Discord's application emojis,
so that cards in text and on buttons show in the four-colour pack (♠ black, ♥ red, ♦ blue,
♣ green, joker purple) on any theme.

Discord shows an inline emoji about 22 px high, so each card is a white rounded card filling
the square with its rank as large as it fits over a big suit sign; nothing else. Ranks are in
the card words of the language asked for (German B, D for Bube, Dame). Pure functions.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw

import bot.render.palette as pal
from bot.render.assets import _FONT_LOCK, font
from engine.cards import FULL_PACK, JOKER, Card, Suit
from engine.i18n import DEFAULT_LANGUAGE, rank_label, using

EMOJI_PX = 128  # Discord's size for application emojis
SUPERSAMPLE = 4  # drawn this much larger, then scaled down for smooth edges
CARD_INSET = 2
CARD_ROUND = 18
CARD_EDGE_W = 4
RANK_BOX = (10, 6, 118, 74)  # left, top, right, bottom of the rank, in emoji pixels
SUIT_BOX = (24, 74, 104, 122)
SUIT_ONLY_BOX = (8, 8, 120, 120)
JOKER_MARK = "★"
PREFIX = "trp"

_RANK_LETTER = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
_INK = {
    Suit.SPADES: pal.SPADES_INK,
    Suit.HEARTS: pal.HEARTS_INK,
    Suit.DIAMONDS: pal.DIAMONDS_INK,
    Suit.CLUBS: pal.CLUBS_INK,
}


def ink(card: Card) -> pal.RGB:
    """The colour a card's emoji is drawn in: its suit's, or the joker's."""
    return pal.JOKER_INK if card.suit is None else _INK[card.suit]


def emoji_name(card: Card, lang: str = "") -> str:
    """The emoji's name: ``trp_TD`` (10♦), ``trp_QS``, ``trp_JO``; a language whose card words
    differ gets its own court cards (``trp_de_QS`` shows D). 2-32 of [A-Za-z0-9_]."""
    if card.is_joker:
        code = "JO"
    else:
        assert card.suit is not None
        code = _RANK_LETTER.get(card.rank_int, str(card.rank_int)) + card.suit.letter
    differs = lang and lang != DEFAULT_LANGUAGE and _rank_text(card, lang) != _rank_text(card, "")
    return f"{PREFIX}_{lang}_{code}" if differs else f"{PREFIX}_{code}"


def suit_emoji_name(suit: Suit) -> str:
    """``trp_s_S`` for ♠ and so on."""
    return f"{PREFIX}_s_{suit.letter}"


def _rank_text(card: Card, lang: str) -> str:
    if card.is_joker:
        return JOKER_MARK
    with using(lang or DEFAULT_LANGUAGE):
        return rank_label(card.rank_int)


def _glyph(content: str, colour: pal.RGB, box: tuple[int, int, int, int]) -> Image.Image:
    """``content`` cropped to its ink and scaled to fill ``box`` (emoji px, supersampled):
    keeping its shape, but squeezed sideways when it is wider than the box ("10")."""
    k = SUPERSAMPLE
    f = font(100 * k)
    with _FONT_LOCK:
        left, top, right, bottom = f.getbbox(content)
        mask = Image.new("L", (round(right - left), round(bottom - top)), 0)
        ImageDraw.Draw(mask).text((-left, -top), content, font=f, fill=255)
    width, height = (box[2] - box[0]) * k, (box[3] - box[1]) * k
    scale = height / mask.height
    new_w = min(width, round(mask.width * scale))
    mask = mask.resize((new_w, height), Image.Resampling.LANCZOS)
    glyph = Image.new("RGBA", mask.size, (*colour, 255))
    glyph.putalpha(mask)
    return glyph


def _blank() -> Image.Image:
    k = SUPERSAMPLE
    img = Image.new("RGBA", (EMOJI_PX * k, EMOJI_PX * k), (0, 0, 0, 0))
    edge = CARD_INSET * k
    ImageDraw.Draw(img).rounded_rectangle(
        (edge, edge, img.width - 1 - edge, img.height - 1 - edge),
        CARD_ROUND * k,
        fill=(*pal.CARD, 255),
        outline=(*pal.CARD_EDGE, 255),
        width=CARD_EDGE_W * k,
    )
    return img


def _place(img: Image.Image, glyph: Image.Image, box: tuple[int, int, int, int]) -> None:
    k = SUPERSAMPLE
    x = (box[0] + box[2]) * k // 2 - glyph.width // 2
    img.alpha_composite(glyph, (x, box[1] * k))


def _encode(img: Image.Image) -> bytes:
    small = img.resize((EMOJI_PX, EMOJI_PX), Image.Resampling.LANCZOS)
    buf = io.BytesIO()
    small.save(buf, "PNG", optimize=True)
    return buf.getvalue()


@lru_cache(maxsize=128)
def card_emoji(card: Card, lang: str = "") -> bytes:
    """The 128 x 128 PNG of ``card``: its rank (in ``lang``'s card words) over its suit."""
    img = _blank()
    colour = ink(card)
    _place(img, _glyph(_rank_text(card, lang), colour, RANK_BOX), RANK_BOX)
    if card.suit is not None:
        _place(img, _glyph(card.suit.symbol, colour, SUIT_BOX), SUIT_BOX)
    else:
        _place(img, _glyph(rank_label_joker(lang), colour, SUIT_BOX), SUIT_BOX)
    return _encode(img)


def rank_label_joker(lang: str) -> str:
    """The joker's short word ("Jo") under its star."""
    with using(lang or DEFAULT_LANGUAGE):
        return rank_label(0)


@lru_cache(maxsize=8)
def suit_emoji(suit: Suit) -> bytes:
    """The 128 x 128 PNG of a suit sign alone, in its colour, on the white card."""
    img = _blank()
    _place(img, _glyph(suit.symbol, _INK[suit], SUIT_ONLY_BOX), SUIT_ONLY_BOX)
    return _encode(img)


def emoji_set(lang: str = "") -> dict[str, bytes]:
    """Every emoji a language needs, by name: the 52 cards, the joker and the four suits.
    For German only the court cards with other letters get names of their own."""
    cards = {emoji_name(card, lang): card_emoji(card, lang) for card in (*FULL_PACK, JOKER)}
    suits = {suit_emoji_name(suit): suit_emoji(suit) for suit in Suit}
    return cards | suits
