"""Jokers in the pictures of the two-pack games: a joker in a meld shows the card it stands
for (a small star over that card's rank and suit, in the joker's purple), and card faces cut
to a fan's tiles.

Every cached image is read-only.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

import bot.render.palette as pal
from bot.render.assets import _FONT_LOCK, card_mask, card_sprite, font, sheet_language
from bot.render.canvas import cut_tile
from bot.render.geometry import (
    CARD_H,
    CARD_W,
    INDEX_STRIP,
    INDEX_W,
    INDEX_X,
    MIN_RANK_PX,
    MIN_TEXT_PX,
)
from engine.actions import MeldKind
from engine.cards import CARD_AT, JOKER, Card
from engine.i18n import DEFAULT_LANGUAGE, language, rank_label, using

# The joker's index when it stands for a card: a small star over that card's rank and suit.
# Its rank and suit are text drawn onto the card, so they keep a card rank's smallest size on
# a phone (MIN_RANK_PX); the star only marks the joker, at the smallest text size.
JOKER_STAR_SIZE = MIN_TEXT_PX
JOKER_RANK_SIZE = 30
JOKER_SUIT_SIZE = MIN_RANK_PX
JOKER_STAR_Y = 3
JOKER_RANK_Y = 22
JOKER_SUIT_Y = 48
JOKER_INDEX_BOTTOM = 74


def _glyph(content: str, size: int, max_w: int) -> Image.Image:
    """``content`` in joker ink on card white, cropped to its ink and squeezed to ``max_w``."""
    f = font(size)
    with _FONT_LOCK:
        left, top, right, bottom = (round(b) for b in f.getbbox(content))
        img = Image.new("RGB", (right - left + 2, bottom - top + 2), pal.CARD)
        ImageDraw.Draw(img).text((1 - left, 1 - top), content, font=f, fill=pal.JOKER_INK)
    if img.width > max_w:
        img = img.resize((max_w, img.height), Image.Resampling.LANCZOS)
    return pal.to_palette(img)


def joker_face(stands_for: Card, lang: str | None = None) -> Image.Image:
    """The joker sprite with its index replaced by a small star over the rank and suit of the
    card it stands for, all in joker purple: a covered joker still says what it is. The rank
    is in the card words of ``lang``'s sheet (default: the picture's language): D, not Q."""
    return _joker_face(stands_for, sheet_language(language() if lang is None else lang))


@lru_cache(maxsize=128)
def _joker_face(stands_for: Card, sheet: str) -> Image.Image:
    lang = sheet or DEFAULT_LANGUAGE
    face = card_sprite(JOKER, lang).copy()
    if stands_for.is_joker or stands_for.suit is None:
        return face
    column = (INDEX_X, JOKER_STAR_Y - 2, INDEX_X + INDEX_W, JOKER_INDEX_BOTTOM)
    ImageDraw.Draw(face).rectangle(column, fill=pal.index(pal.CARD))
    centre = INDEX_X + INDEX_W // 2
    with using(lang):
        rank = rank_label(stands_for.rank_int)
    for content, size, y in (
        ("★", JOKER_STAR_SIZE, JOKER_STAR_Y),
        (rank, JOKER_RANK_SIZE, JOKER_RANK_Y),
        (stands_for.suit.symbol, JOKER_SUIT_SIZE, JOKER_SUIT_Y),
    ):
        glyph = _glyph(content, size, INDEX_W)
        face.paste(glyph, (centre - glyph.width // 2, y))
    return face


@lru_cache(maxsize=1024)
def _face_crop(
    card: Card | None, stands_for: Card | None, height: int, width: int, sheet: str
) -> tuple[Image.Image, Image.Image]:
    lang = sheet or DEFAULT_LANGUAGE
    if card is None:
        face = card_sprite(None, lang)
    else:
        face = joker_face(stands_for or card, lang) if card.is_joker else card_sprite(card, lang)
    face = face if height >= CARD_H else face.crop((0, 0, CARD_W, height))
    if width < CARD_W:
        return cut_tile(face, width, None if card is None else INDEX_STRIP)
    return face, card_mask(min(height, CARD_H))


def paste_face(
    canvas: Image.Image,
    card: Card | None,
    x: int,
    y: int,
    height: int = CARD_H,
    stands_for: Card | None = None,
    width: int = CARD_W,
) -> None:
    """A card (None: the back) at (x, y), cut at ``height`` and ``width``; a joker with
    ``stands_for`` shows that card in its index."""
    sprite, mask = _face_crop(card, stands_for, height, width, sheet_language(language()))
    canvas.paste(sprite, (x, y), mask)


def joker_stands(
    kind: MeldKind, cards: Sequence[Card], stands_for: Sequence[Card]
) -> tuple[Card, ...]:
    """What each card of a meld stands for. In a set the jokers stand for the suits its
    natural cards lack, in pack order: a lay-off may have filled the suit first recorded."""
    if kind is not MeldKind.SET:
        return tuple(stands_for)
    naturals = [c for c in cards if not c.is_joker]
    if not naturals:
        return tuple(stands_for)
    have = {c.suit_int for c in naturals}
    missing = [s for s in range(4) if s not in have]
    rank = naturals[0].rank_int
    shown: list[Card] = []
    for card in cards:
        if card.is_joker and missing:
            card = CARD_AT[missing.pop(0)][rank]
        shown.append(card)
    return tuple(shown)
