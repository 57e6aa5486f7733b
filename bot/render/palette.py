"""One fixed 256-colour palette for every picture.

Pictures are composed directly in palette ("P") mode: pasting palette sprites is a plain copy
and a palette PNG is a third of the size of an RGB one and encodes faster. Anti-aliased edges
survive because the palette holds short ramps between the colour pairs that actually meet
(ink on card, text on felt, ...). The card sprite sheet is stored with this same palette, so
changing a colour here means running ``tools/make_cards.py`` again (a test checks this).
"""

from __future__ import annotations

from functools import cache

from PIL import Image

RGB = tuple[int, int, int]

# Table
FELT: RGB = (30, 84, 60)
PANEL: RGB = (22, 64, 45)
TEXT: RGB = (246, 246, 240)
MUTED: RGB = (166, 200, 182)
GOLD: RGB = (255, 204, 51)
DARK: RGB = (22, 24, 28)
BADGE: RGB = (12, 38, 26)
ALERT: RGB = (224, 58, 62)
PLAYERS: tuple[RGB, ...] = (
    (96, 172, 255),  # blue
    (255, 152, 64),  # orange
    (255, 124, 204),  # pink
    (196, 164, 255),  # lavender
)

# Cards: a four-colour pack so that ♥/♦ and ♠/♣ differ at a glance.
CARD: RGB = (252, 252, 247)
CARD_EDGE: RGB = (64, 64, 64)
SPADES_INK: RGB = (24, 24, 24)
HEARTS_INK: RGB = (212, 22, 36)
DIAMONDS_INK: RGB = (22, 92, 212)
CLUBS_INK: RGB = (8, 132, 58)
JOKER_INK: RGB = (126, 44, 176)
INKS: tuple[RGB, ...] = (SPADES_INK, HEARTS_INK, DIAMONDS_INK, CLUBS_INK, JOKER_INK)
BACK: RGB = (150, 30, 44)
BACK_LINE: RGB = (196, 74, 86)


def tint(ink: RGB, amount: float = 0.87) -> RGB:
    """A pale version of ``ink`` on card white, for court-card frames."""
    return mix(ink, CARD, amount)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b`` (0: ``a``, 1: ``b``)."""
    r, g, bl = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return (r, g, bl)


TINTS: tuple[RGB, ...] = tuple(tint(ink) for ink in INKS)

# Colour pairs that meet at anti-aliased edges, with how many in-between steps they get.
_TEXT_INKS = (TEXT, MUTED, GOLD, ALERT, *PLAYERS)
_RAMPS: list[tuple[RGB, RGB, int]] = [
    *((fg, bg, 6) for fg in _TEXT_INKS for bg in (FELT, PANEL)),
    *((ink, CARD, 6) for ink in INKS),
    *((ink, t, 3) for ink, t in zip(INKS, TINTS, strict=True)),
    *((t, CARD, 2) for t in TINTS),
    (CARD_EDGE, CARD, 4),
    (CARD_EDGE, FELT, 3),
    (CARD_EDGE, PANEL, 3),
    (CARD_EDGE, BACK, 2),
    (BACK_LINE, BACK, 3),
    (CARD, BACK, 4),
    (TEXT, BADGE, 6),
    (BADGE, FELT, 3),
    (BADGE, PANEL, 3),
    (DARK, GOLD, 6),
    (TEXT, ALERT, 4),
    (TEXT, DARK, 4),
]


@cache
def palette() -> tuple[RGB, ...]:
    """Every colour of the palette, in palette order: each pair that meets and its ramp between."""
    colours: dict[RGB, None] = {}
    for fg, bg, steps in _RAMPS:
        colours[fg] = None
        colours[bg] = None
        for i in range(1, steps + 1):
            colours[mix(fg, bg, i / (steps + 1))] = None
    result = tuple(colours)
    if len(result) > 256:
        raise AssertionError(f"palette has {len(result)} colours, at most 256 fit")
    return result


@cache
def index(colour: RGB) -> int:
    """The palette index of a colour that is in the palette (exactly)."""
    return palette().index(colour)


def flat_palette() -> list[int]:
    """The palette as the 768 flat values Pillow's ``putpalette`` takes."""
    flat = [v for rgb in palette() for v in rgb]
    return flat + [0] * (768 - len(flat))


@cache
def palette_image() -> Image.Image:
    """A one-pixel picture holding the palette, for quantizing other pictures to it."""
    img = Image.new("P", (1, 1))
    img.putpalette(flat_palette())
    return img


def to_palette(img: Image.Image) -> Image.Image:
    """Map an RGB image onto the fixed palette (nearest colour, no dithering)."""
    return img.convert("RGB").quantize(palette=palette_image(), dither=Image.Dither.NONE)
