"""Draw the card art: 52 cards, a joker and a back, into assets/cards/sprites.png (+ .json),
and one more sheet for each language whose card words differ from English, with its own
rank letters in the corner index and on the courts: sprites.de.png (+ .json) with B (Bube)
and D (Dame) for J and Q. Same geometry and order; the rank letters come from the catalogue
(context ``card rank``, see docs/translating.md).

Run from the project root: ``.venv/bin/python tools/make_cards.py``. The art is drawn at
SUPERSAMPLE times the final size and scaled down, which gives smooth edges without any
anti-aliasing tricks, then mapped onto the renderer's fixed palette.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # allow ``python tools/make_cards.py`` without an install
    sys.path.insert(0, str(ROOT))

from bot.render import palette as pal  # noqa: E402
from bot.render.geometry import (  # noqa: E402
    BACK_CODE,
    CARD_BORDER,
    CARD_H,
    CARD_RADIUS,
    CARD_W,
    FONT_PATH,
    INDEX_RANK_Y,
    INDEX_SUIT_Y,
    INDEX_W,
    INDEX_X,
    RANK_SIZE,
    SUIT_SIZE,
    sprite_files,
)
from engine.cards import FULL_PACK, JOKER, Card, Rank, Suit  # noqa: E402
from engine.i18n import DEFAULT_LANGUAGE, languages, rank_label, using  # noqa: E402

SUPERSAMPLE = 4
GAP = 2  # pixels between sprites on the sheet
COLUMNS = 13

INK = {
    Suit.SPADES: pal.SPADES_INK,
    Suit.HEARTS: pal.HEARTS_INK,
    Suit.DIAMONDS: pal.DIAMONDS_INK,
    Suit.CLUBS: pal.CLUBS_INK,
}
TINT = dict(zip(INK, pal.TINTS, strict=False))

# Pip centres for 2..10 as (column, row): columns -1/0/1 = left/middle/right, rows 0..1 top
# to bottom. Pips below the middle are drawn upside down, as on real cards.
PIPS: dict[int, list[tuple[int, float]]] = {
    2: [(0, 0), (0, 1)],
    3: [(0, 0), (0, 0.5), (0, 1)],
    4: [(-1, 0), (1, 0), (-1, 1), (1, 1)],
    5: [(-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)],
    6: [(-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    7: [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    8: [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)],
    9: [(c, r) for c in (-1, 1) for r in (0, 1 / 3, 2 / 3, 1)] + [(0, 0.5)],
    10: [(c, r) for c in (-1, 1) for r in (0, 1 / 3, 2 / 3, 1)] + [(0, 1 / 6), (0, 5 / 6)],
}
# The pip field: right of the index column, inside the border.
FIELD_LEFT = INDEX_X + INDEX_W + 4
FIELD_RIGHT = CARD_W - 8
FIELD_TOP = 20
FIELD_BOTTOM = CARD_H - 20
PIP_SIZE = 24
ACE_SIZE = 64
COURT_LETTER = 50
COURT_SUIT = 40


def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_PATH), size * SUPERSAMPLE)


def s(v: float) -> int:
    return round(v * SUPERSAMPLE)


def glyph_mask(text: str, size: int, max_width: float | None = None) -> Image.Image:
    """The glyphs' ink as an L mask cropped to its bounding box; squeezed sideways when wider
    than ``max_width`` (that is how "10" fits the narrow index column)."""
    f = font(size)
    left, top, right, bottom = f.getbbox(text)
    mask = Image.new("L", (int(right - left), int(bottom - top)), 0)  # ints, as the stubs allow
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255)
    if max_width is not None and mask.width > s(max_width):
        mask = mask.resize((s(max_width), mask.height), Image.Resampling.LANCZOS)
    return mask


def stamp(img: Image.Image, mask: Image.Image, centre_x: float, top: float, ink: pal.RGB) -> None:
    x = s(centre_x) - mask.width // 2
    img.paste(ink, (x, s(top)), mask)


def stamp_centred(
    img: Image.Image, mask: Image.Image, cx: float, cy: float, ink: pal.RGB, flip: bool = False
) -> None:
    if flip:
        mask = mask.rotate(180)
    img.paste(ink, (s(cx) - mask.width // 2, s(cy) - mask.height // 2), mask)


def blank(fill: pal.RGB = pal.CARD) -> Image.Image:
    img = Image.new("RGB", (s(CARD_W), s(CARD_H)), pal.FELT)
    ImageDraw.Draw(img).rounded_rectangle(
        (0, 0, s(CARD_W) - 1, s(CARD_H) - 1),
        radius=s(CARD_RADIUS),
        fill=fill,
        outline=pal.CARD_EDGE,
        width=s(CARD_BORDER),
    )
    return img


def draw_index(img: Image.Image, rank_text: str, suit_text: str, ink: pal.RGB) -> None:
    centre = INDEX_X + INDEX_W / 2
    stamp(img, glyph_mask(rank_text, RANK_SIZE, INDEX_W), centre, INDEX_RANK_Y, ink)
    if suit_text:
        stamp(img, glyph_mask(suit_text, SUIT_SIZE, INDEX_W), centre, INDEX_SUIT_Y, ink)


def draw_pips(img: Image.Image, count: int, suit: Suit) -> None:
    ink = INK[suit]
    pip = glyph_mask(suit.symbol, PIP_SIZE)
    mid = (FIELD_LEFT + FIELD_RIGHT) / 2
    half = (FIELD_RIGHT - FIELD_LEFT) / 2 - PIP_SIZE / 2
    for column, row in PIPS[count]:
        cx = mid + column * half
        cy = FIELD_TOP + PIP_SIZE / 2 + row * (FIELD_BOTTOM - FIELD_TOP - PIP_SIZE)
        stamp_centred(img, pip, cx, cy, ink, flip=row > 0.5)


def draw_ace(img: Image.Image, suit: Suit) -> None:
    cx = (FIELD_LEFT + FIELD_RIGHT) / 2
    stamp_centred(img, glyph_mask(suit.symbol, ACE_SIZE), cx, CARD_H / 2, INK[suit])


def draw_court(img: Image.Image, label: str, suit: Suit) -> None:
    """Courts without fine art: a tinted frame holding a big letter over the suit."""
    ink = INK[suit]
    box = (s(FIELD_LEFT - 2), s(9), s(CARD_W - 8), s(CARD_H - 9))
    ImageDraw.Draw(img).rounded_rectangle(
        box, radius=s(4), fill=TINT[suit], outline=ink, width=s(2)
    )
    cx = (FIELD_LEFT - 2 + CARD_W - 8) / 2
    stamp_centred(img, glyph_mask(label, COURT_LETTER), cx, CARD_H / 2 - 22, ink)
    stamp_centred(img, glyph_mask(suit.symbol, COURT_SUIT), cx, CARD_H / 2 + 28, ink)


def draw_card(card: Card, labels: dict[Rank, str]) -> Image.Image:
    img = blank()
    if card.is_joker:
        ink = pal.JOKER_INK
        draw_index(img, "★", "", ink)
        box = (s(FIELD_LEFT - 2), s(9), s(CARD_W - 8), s(CARD_H - 9))
        ImageDraw.Draw(img).rounded_rectangle(
            box, radius=s(4), fill=pal.TINTS[-1], outline=ink, width=s(2)
        )
        cx = (FIELD_LEFT - 2 + CARD_W - 8) / 2
        for i, letter in enumerate("JOKER"):
            stamp_centred(img, glyph_mask(letter, 20), cx, 30 + i * 22, ink)
        return img
    suit = card.suit
    assert suit is not None
    label = labels[card.rank]
    draw_index(img, label, suit.symbol, INK[suit])
    if card.rank is Rank.ACE:
        draw_ace(img, suit)
    elif card.rank >= Rank.JACK:
        draw_court(img, label, suit)
    else:
        draw_pips(img, int(card.rank), suit)
    return img


def draw_back() -> Image.Image:
    img = blank(pal.BACK)
    draw = ImageDraw.Draw(img)
    inset = 7
    box = (s(inset), s(inset), s(CARD_W - inset), s(CARD_H - inset))
    draw.rounded_rectangle(box, radius=s(5), outline=pal.CARD, width=s(2))
    # A lattice of diagonal lines, clipped to the inner frame.
    lattice = Image.new("L", img.size, 0)
    ldraw = ImageDraw.Draw(lattice)
    step = s(12)
    for x in range(-img.height, img.width + img.height, step):
        ldraw.line((x, 0, x + img.height, img.height), fill=255, width=s(2))
        ldraw.line((x, img.height, x + img.height, 0), fill=255, width=s(2))
    clip = Image.new("L", img.size, 0)
    pad = inset + 4
    ImageDraw.Draw(clip).rounded_rectangle(
        (s(pad), s(pad), s(CARD_W - pad), s(CARD_H - pad)), radius=s(3), fill=255
    )
    lattice.paste(0, (0, 0), Image.eval(clip, lambda v: 255 - v))
    img.paste(pal.BACK_LINE, (0, 0), lattice)
    return img


def finish(img: Image.Image) -> Image.Image:
    return img.resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)


def rank_labels(lang: str) -> dict[Rank, str]:
    """The rank letters of ``lang``'s card words: J Q K A in English, B D K A in German."""
    with using(lang):
        return {rank: rank_label(int(rank)) for rank in Rank if rank is not Rank.JOKER}


def main() -> None:
    english = rank_labels(DEFAULT_LANGUAGE)
    write_sheet("", english)
    for lang in languages():
        labels = rank_labels(lang)
        if lang != DEFAULT_LANGUAGE and labels != english:
            write_sheet(lang, labels)


def write_sheet(lang: str, labels: dict[Rank, str]) -> None:
    """One sheet: ``""`` for English, else the sheet of ``lang`` (same geometry)."""
    png, index = sprite_files(lang)
    faces: list[tuple[str, Image.Image]] = [(c.code, draw_card(c, labels)) for c in FULL_PACK]
    faces.append((JOKER.code, draw_card(JOKER, labels)))
    faces.append((BACK_CODE, draw_back()))
    rows = (len(faces) + COLUMNS - 1) // COLUMNS
    sheet = Image.new(
        "RGB", (COLUMNS * (CARD_W + GAP) - GAP, rows * (CARD_H + GAP) - GAP), pal.FELT
    )
    cells: dict[str, list[int]] = {}
    for i, (code, big) in enumerate(faces):
        x = (i % COLUMNS) * (CARD_W + GAP)
        y = (i // COLUMNS) * (CARD_H + GAP)
        sheet.paste(finish(big), (x, y))
        cells[code] = [x, y]
    png.parent.mkdir(parents=True, exist_ok=True)
    # No optimize: that would reorder the palette, which must stay the renderer's.
    pal.to_palette(sheet).save(png)
    meta = {"card_w": CARD_W, "card_h": CARD_H, "cells": cells}
    index.write_text(json.dumps(meta, indent=1) + "\n")
    print(f"wrote {png.relative_to(ROOT)} ({sheet.width}x{sheet.height})")


if __name__ == "__main__":
    main()
