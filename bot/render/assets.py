"""Loaded once, shared by all threads: the card sprites, the font and cached text stamps.

The card sprites come in one sheet per set of card words: English (J, Q) and, for a language
with words of its own, ``sprites.<lang>.png`` (German B, D). A picture uses the sheet of the
language it is drawn in (``engine.i18n.language()``, or the ``lang`` given).

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
    sprite_files,
)
from engine.cards import Card
from engine.i18n import DEFAULT_LANGUAGE, language

# FreeType faces must not be used by two threads at once; text is rasterised rarely (stamps
# are cached), so one lock is enough.
_FONT_LOCK = threading.Lock()
_SPRITE_LOCK = threading.Lock()
_sheets: dict[str, dict[str, Image.Image]] = {}  # by sheet_language()

TEXT_SUPERSAMPLE = 3  # pills are drawn this much larger and scaled down for smooth edges


@cache
def sheet_language(lang: str) -> str:
    """Whose sheet a picture in ``lang`` uses: ``lang`` when tools/make_cards.py drew one for
    it (its card words differ from English), else ``""``, the English sheet."""
    if lang == DEFAULT_LANGUAGE:
        return ""
    png, index = sprite_files(lang)
    return lang if png.is_file() and index.is_file() else ""


def _load_sprites(key: str) -> dict[str, Image.Image]:
    png, index = sprite_files(key)
    meta = json.loads(index.read_text())
    if (meta["card_w"], meta["card_h"]) != (CARD_W, CARD_H):
        raise RuntimeError(f"assets/cards/{index.name} is stale: run tools/make_cards.py")
    sheet: Image.Image = Image.open(png)
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


def sprites(lang: str | None = None) -> dict[str, Image.Image]:
    """Every sprite by ``Card.code`` (and ``"back"``), in palette mode, from the sheet of
    ``lang`` (default: the language the picture is drawn in). Each sheet is loaded once."""
    key = sheet_language(language() if lang is None else lang)
    sheet = _sheets.get(key)
    if sheet is None:
        with _SPRITE_LOCK:
            sheet = _sheets.get(key)
            if sheet is None:
                sheet = _sheets[key] = _load_sprites(key)
    return sheet


def card_sprite(card: Card | None, lang: str | None = None) -> Image.Image:
    """The face of ``card`` in the card words of ``lang`` (default: the picture's language),
    or the back for None."""
    return sprites(lang)[BACK_CODE if card is None else card.code]


def cropped_sprite(code: str, height: int, lang: str | None = None) -> Image.Image:
    """A card's sprite cut off ``height`` pixels down, from the sheet of ``lang`` (the current
    language by default)."""
    return _cropped(code, height, sheet_language(language() if lang is None else lang))


@lru_cache(maxsize=512)
def _cropped(code: str, height: int, key: str) -> Image.Image:
    return sprites(key or DEFAULT_LANGUAGE)[code].crop((0, 0, CARD_W, height))


@cache
def card_mask(height: int = CARD_H) -> Image.Image:
    """A 1-bit mask of the rounded card shape; cut at ``height`` for cropped cards."""
    mask = Image.new("1", (CARD_W, CARD_H), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, CARD_W - 1, CARD_H - 1), CARD_RADIUS, fill=1)
    return mask.crop((0, 0, CARD_W, height))


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The pictures' font at ``size`` pixels, loaded once per size."""
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
    """How wide ``text`` is drawn at ``size`` pixels (cached: layouts measure often)."""
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


def wrap_text(text: str, size: int, max_width: int, max_lines: int) -> list[str]:
    """``text`` broken at spaces into at most ``max_lines`` lines of ``max_width`` pixels; the
    last line is cut with an ellipsis when the words do not fit."""
    lines: list[str] = []
    words = safe_text(text).split()
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while words and text_width(f"{line} {words[0]}", size) <= max_width:
            line = f"{line} {words.pop(0)}"
        lines.append(line)
    if words:
        lines[-1] = lines[-1] + " " + " ".join(words)
    return [fit_text(line, size, max_width) for line in lines]


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
