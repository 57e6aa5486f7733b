"""Drawing helpers on palette canvases: cards, text, rectangles, PNG encoding."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Literal

from PIL import Image, ImageDraw

import bot.render.palette as pal
from bot.render.assets import Style, card_mask, card_sprite, cropped_sprite, text_stamp
from bot.render.geometry import BACK_CODE, CARD_BORDER, CARD_H, CARD_RADIUS, CARD_W
from engine.cards import Card

PNG_COMPRESS_LEVEL = 1  # zlib level 1: palette pictures stay small, encoding stays fast

Align = Literal["left", "centre", "right"]


def new_canvas(width: int, height: int, bg: pal.RGB = pal.FELT) -> Image.Image:
    """An empty palette picture filled with ``bg``, ready to paste sprites on."""
    img = Image.new("P", (width, height), pal.index(bg))
    img.putpalette(pal.flat_palette())
    return img


def encode(img: Image.Image) -> bytes:
    """A picture as PNG bytes, compressed at the level chosen for speed."""
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buf.getvalue()


def cut_tile(
    sprite: Image.Image, width: int, blank_from: int | None = None
) -> tuple[Image.Image, Image.Image]:
    """A card sprite (already cut at its height) cut ``width`` pixels wide, its right edge
    redrawn; returns the tile and its mask. Fans of such tiles are read by their indices.
    ``blank_from``: a face's columns from there on are cleared, so that no sliver of a pip
    or a court picture shows beside the index."""
    tile = sprite.crop((0, 0, width, sprite.height))
    if blank_from is not None and blank_from < width:
        box = (blank_from, CARD_BORDER, width - 1, tile.height - 1)
        ImageDraw.Draw(tile).rectangle(box, fill=pal.index(pal.CARD))
    box = (0, 0, width - 1, sprite.height - 1 + 2 * CARD_RADIUS)  # square cut at the bottom
    edge = tile.copy()
    ImageDraw.Draw(edge).rounded_rectangle(
        box, CARD_RADIUS, outline=pal.index(pal.CARD_EDGE), width=2
    )
    right = width - CARD_RADIUS - 2  # only the new right edge: the index stays as drawn
    tile.paste(edge.crop((right, 0, width, tile.height)), (right, 0))
    mask = Image.new("1", tile.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(box, CARD_RADIUS, fill=1)
    return tile, mask


def paste_card(
    canvas: Image.Image, card: Card | None, x: int, y: int, height: int = CARD_H
) -> None:
    """Paste a card face (None: the back) with its top-left corner at (x, y), cut at
    ``height`` pixels when the lower part is not needed."""
    if height >= CARD_H:
        sprite = card_sprite(card)
    else:
        sprite = cropped_sprite(BACK_CODE if card is None else card.code, height)
    canvas.paste(sprite, (x, y), card_mask(min(height, CARD_H)))


def paste_fan(
    canvas: Image.Image,
    cards: Sequence[Card],
    x: int,
    y: int,
    step: int,
    height: int = CARD_H,
) -> None:
    """Cards left to right, each covering all but ``step`` pixels of the one before."""
    for i, card in enumerate(cards):
        paste_card(canvas, card, x + i * step, y, height)


def fan_width(count: int, step: int) -> int:
    """The width of ``count`` whole cards fanned out ``step`` pixels apart (0 for none)."""
    return 0 if count == 0 else CARD_W + (count - 1) * step


def text(
    canvas: Image.Image,
    content: str,
    x: int,
    y: int,
    style: Style,
    align: Align = "left",
) -> Image.Image:
    """Paste a cached text stamp; ``x`` is its left edge, centre or right edge by ``align``.
    Returns the stamp so callers can use its size."""
    stamp = text_stamp(content, style)
    if align == "centre":
        x -= stamp.width // 2
    elif align == "right":
        x -= stamp.width
    canvas.paste(stamp, (x, y))
    return stamp


def rect(canvas: Image.Image, box: tuple[int, int, int, int], fill: pal.RGB) -> None:
    """Fill ``box`` with a colour."""
    ImageDraw.Draw(canvas).rectangle(box, fill=pal.index(fill))


def outline(
    canvas: Image.Image,
    box: tuple[int, int, int, int],
    colour: pal.RGB,
    width: int,
    radius: int = 0,
) -> None:
    """Draw a rectangle's outline, with rounded corners when ``radius`` is given."""
    ImageDraw.Draw(canvas).rounded_rectangle(
        box, radius=radius, outline=pal.index(colour), width=width
    )


def card_outline(canvas: Image.Image, x: int, y: int, colour: pal.RGB, width: int = 3) -> None:
    """A ring around a full card at (x, y), drawn just outside its edge."""
    outline(
        canvas,
        (x - width, y - width, x + CARD_W - 1 + width, y + CARD_H - 1 + width),
        colour,
        width,
        CARD_RADIUS + width,
    )


def empty_slot(
    canvas: Image.Image, x: int, y: int, colour: pal.RGB = pal.MUTED, height: int = CARD_H
) -> None:
    """Where a pile would be: a thin dashed card outline, ``height`` tall."""
    draw = ImageDraw.Draw(canvas)
    ink = pal.index(colour)
    dash = 8
    for dx in range(CARD_RADIUS, CARD_W - CARD_RADIUS, 2 * dash):
        end = min(dx + dash, CARD_W - CARD_RADIUS)
        draw.line((x + dx, y, x + end, y), fill=ink, width=2)
        draw.line((x + dx, y + height - 2, x + end, y + height - 2), fill=ink, width=2)
    for dy in range(CARD_RADIUS, height - CARD_RADIUS, 2 * dash):
        end = min(dy + dash, height - CARD_RADIUS)
        draw.line((x, y + dy, x, y + end), fill=ink, width=2)
        draw.line((x + CARD_W - 2, y + dy, x + CARD_W - 2, y + end), fill=ink, width=2)
