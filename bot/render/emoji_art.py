"""Card emojis: one 128 x 128 picture per card (and per suit) for Discord's application emojis,
so that cards in text and on buttons show in the four-colour pack (♠ black, ♥ red, ♦ blue,
♣ green, joker purple) on any theme.

Discord shows an inline emoji 18 px high in text, so a card is a white rounded card filling the
square, almost all of it one wide, heavy rank (a narrow J or 1 would read as "!" or "|") over a
small suit sign: the rank's colour says the suit already. Ranks are in the card words of the
language asked for (German B, D for Bube, Dame). Pure functions.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import lru_cache, partial

from PIL import Image, ImageDraw

import bot.render.palette as pal
from bot.render.assets import _FONT_LOCK, font
from engine.cards import FULL_PACK, JOKER, Card, Suit
from engine.i18n import DEFAULT_LANGUAGE, rank_label, using

EMOJI_PX = 128  # Discord's size for application emojis
SUPERSAMPLE = 4  # drawn this much larger, then scaled down for smooth edges
GLYPH_FONT = 100  # font size the glyphs are rasterised at (before supersampling)
CARD_INSET = 1
CARD_ROUND = 16
CARD_EDGE_W = 4
RANK_BOX = (6, 5, 112, 91)  # left, top, right, bottom of the rank, in emoji pixels
SUIT_BOX = (86, 94, 122, 124)  # bottom right: centred under a 7 it would read as "?"
SUIT_ONLY_BOX = (8, 8, 120, 120)
RANK_MIN_ASPECT = 0.95  # a rank is at least this wide for its height: no J as thin as a "!"
RANK_STROKE = 5  # extra ink around each rank stroke (font px): heavy enough for 18 px
RANK_GAP = 6  # font px between the characters of a rank ("10")
JOKER_MARK = "★"
ART_VERSION = 2  # raise when the pictures change: start-up then replaces the uploaded ones
PREFIX = "trp"
VERSION_NAME = f"{PREFIX}_art{ART_VERSION}"  # an emoji whose presence says the art is current

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


def _ink_mask(content: str, stroke: int, gap: int) -> Image.Image:
    """``content`` as a mask cropped to its ink, character by character ``gap`` px apart
    (tighter than the font's own spacing, so a "10" keeps more of its width when squeezed)."""
    f = font(GLYPH_FONT * SUPERSAMPLE)
    parts: list[tuple[Image.Image, int]] = []
    with _FONT_LOCK:
        for char in content:
            left, top, right, bottom = f.getbbox(char, stroke_width=stroke)
            part = Image.new("L", (round(right - left), round(bottom - top)), 0)
            ImageDraw.Draw(part).text(
                (-left, -top), char, font=f, fill=255, stroke_width=stroke, stroke_fill=255
            )
            parts.append((part, round(top)))
    top = min(t for _, t in parts)
    height = max(t + part.height for part, t in parts) - top
    width = sum(part.width for part, _ in parts) + gap * (len(parts) - 1)
    mask = Image.new("L", (width, height), 0)
    x = 0
    for part, t in parts:
        mask.paste(part, (x, t - top))
        x += part.width + gap
    return mask


def _glyph(
    content: str,
    colour: pal.RGB,
    box: tuple[int, int, int, int],
    min_aspect: float = 0.0,
    stroke: int = 0,
) -> Image.Image:
    """``content`` cropped to its ink and scaled to ``box``'s height (emoji px, supersampled),
    squeezed sideways when wider than the box ("10") and stretched to at least ``min_aspect``
    of its height; ``stroke`` font px of extra ink make it heavier."""
    k = SUPERSAMPLE
    mask = _ink_mask(content, stroke * k, RANK_GAP * k)
    width, height = (box[2] - box[0]) * k, (box[3] - box[1]) * k
    natural = round(mask.width * height / mask.height)
    new_w = min(width, max(natural, round(min_aspect * height)))
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
    """The 128 x 128 PNG of ``card``: its rank (in ``lang``'s card words) over a small suit; the
    joker is its star."""
    img = _blank()
    colour = ink(card)
    if card.suit is None:
        _place(img, _glyph(JOKER_MARK, colour, SUIT_ONLY_BOX), SUIT_ONLY_BOX)
        return _encode(img)
    rank = _glyph(_rank_text(card, lang), colour, RANK_BOX, RANK_MIN_ASPECT, RANK_STROKE)
    _place(img, rank, RANK_BOX)
    _place(img, _glyph(card.suit.symbol, colour, SUIT_BOX), SUIT_BOX)
    return _encode(img)


@lru_cache(maxsize=8)
def suit_emoji(suit: Suit) -> bytes:
    """The 128 x 128 PNG of a suit sign alone, in its colour, on the white card."""
    img = _blank()
    _place(img, _glyph(suit.symbol, _INK[suit], SUIT_ONLY_BOX), SUIT_ONLY_BOX)
    return _encode(img)


def emoji_drawers(lang: str = "") -> dict[str, Callable[[], bytes]]:
    """Every emoji a language needs, by name, each with the function that draws it (so that
    only the missing ones are drawn): the 52 cards, the joker and the four suits. For German
    only the court cards with other letters get names of their own."""
    cards: dict[str, Callable[[], bytes]] = {
        emoji_name(card, lang): partial(card_emoji, card, lang) for card in FULL_PACK
    }
    cards[emoji_name(JOKER, lang)] = partial(card_emoji, JOKER)  # one joker for every language
    suits = {suit_emoji_name(suit): partial(suit_emoji, suit) for suit in Suit}
    return cards | suits


def emoji_set(lang: str = "") -> dict[str, bytes]:
    """Every emoji a language needs, by name, drawn."""
    return {name: draw() for name, draw in emoji_drawers(lang).items()}


def version_marker() -> bytes:
    """The picture of ``VERSION_NAME``: the joker, a real card emoji, so the marker is harmless
    wherever it shows."""
    return card_emoji(JOKER)
