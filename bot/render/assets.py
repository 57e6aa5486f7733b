"""Loaded once, shared by all threads: the card sprites, the font and cached text stamps.

Everything handed out here is read-only: callers paste from these images, never draw on them.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

import bot.render.palette as pal
from bot.render.geometry import (
    BACK_CODE,
    CARD_H,
    CARD_RADIUS,
    CARD_W,
    FONT_PATH,
    SPRITES_JSON,
    SPRITES_PATH,
)
from engine.cards import Card

# FreeType faces must not be used by two threads at once; text is rasterised rarely (stamps
# are cached), so one lock is enough.
_FONT_LOCK = threading.Lock()
_SPRITE_LOCK = threading.Lock()
_sprites: dict[str, Image.Image] | None = None

TEXT_SUPERSAMPLE = 3  # pills are drawn this much larger and scaled down for smooth edges


def _load_sprites() -> dict[str, Image.Image]:
    meta = json.loads(SPRITES_JSON.read_text())
    if (meta["card_w"], meta["card_h"]) != (CARD_W, CARD_H):
        raise RuntimeError("assets/cards/sprites.json is stale: run tools/make_cards.py")
    sheet: Image.Image = Image.open(SPRITES_PATH)
    sheet.load()
    expected = pal.flat_palette()
    got = sheet.getpalette() or []
    if sheet.mode != "P" or got[: len(expected)] != expected[: len(got)]:
        # An edited or re-saved sheet: map it onto our palette rather than show wrong colours.
        sheet = pal.to_palette(sheet.convert("RGB"))
    else:
        sheet.putpalette(expected)
    return {
        code: sheet.crop((x, y, x + CARD_W, y + CARD_H)) for code, (x, y) in meta["cells"].items()
    }


def sprites() -> dict[str, Image.Image]:
    """Every sprite by ``Card.code`` (and ``"back"``), in palette mode."""
    global _sprites
    if _sprites is None:
        with _SPRITE_LOCK:
            if _sprites is None:
                _sprites = _load_sprites()
    return _sprites


def card_sprite(card: Card | None) -> Image.Image:
    """The face of ``card``, or the back for None."""
    return sprites()[BACK_CODE if card is None else card.code]


@lru_cache(maxsize=256)
def cropped_sprite(code: str, height: int) -> Image.Image:
    return sprites()[code].crop((0, 0, CARD_W, height))


@cache
def card_mask(height: int = CARD_H) -> Image.Image:
    """A 1-bit mask of the rounded card shape; cut at ``height`` for cropped cards."""
    mask = Image.new("1", (CARD_W, CARD_H), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, CARD_W - 1, CARD_H - 1), CARD_RADIUS, fill=1)
    return mask.crop((0, 0, CARD_W, height))


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_PATH), size)


_NOTDEF_PROBE = "\U0010ffff"


@lru_cache(maxsize=2048)
def _has_glyph(char: str) -> bool:
    f = font(20)
    with _FONT_LOCK:
        probe = f.getmask(_NOTDEF_PROBE)
        mask = f.getmask(char)
    return (mask.size, bytes(mask)) != (probe.size, bytes(probe))


def safe_text(text: str) -> str:
    """Replace characters the font lacks (they would show as boxes) with "?"."""
    return "".join(c if c.isspace() or _has_glyph(c) else "?" for c in text)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int) -> int:
    with _FONT_LOCK:
        return round(font(size).getlength(text))


@lru_cache(maxsize=1024)
def fit_text(text: str, size: int, max_width: int) -> str:
    """``text`` cut with an ellipsis so that it fits ``max_width`` pixels."""
    text = safe_text(text)
    if text_width(text, size) <= max_width:
        return text
    while text and text_width(text + "…", size) > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


@dataclass(frozen=True, slots=True)
class Style:
    """How a text stamp looks: font size, ink, the colour behind it and an optional pill."""

    size: int
    fg: pal.RGB
    bg: pal.RGB
    pill: pal.RGB | None = None
    pad_x: int = 0
    height: int | None = None  # stamp height; default fits the font
    min_width: int = 0


@lru_cache(maxsize=4096)
def text_stamp(text: str, style: Style) -> Image.Image:
    """``text`` rendered once in the palette, on a rectangle of ``style.bg`` (or a pill)."""
    f = font(style.size)
    with _FONT_LOCK:
        ascent, descent = f.getmetrics()
        width = round(f.getlength(text))
    height = style.height or ascent + descent
    w = max(width + 2 * style.pad_x, style.min_width)
    img = Image.new("RGB", (w, height), style.bg)
    if style.pill is not None:
        k = TEXT_SUPERSAMPLE
        big = Image.new("RGB", (w * k, height * k), style.bg)
        ImageDraw.Draw(big).rounded_rectangle(
            (0, 0, w * k - 1, height * k - 1), radius=height * k // 2, fill=style.pill
        )
        img = big.resize((w, height), Image.Resampling.LANCZOS)
    with _FONT_LOCK:
        ImageDraw.Draw(img).text((w / 2, height / 2), text, font=f, fill=style.fg, anchor="mm")
    return pal.to_palette(img)
