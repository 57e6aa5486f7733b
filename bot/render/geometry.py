"""Sizes shared by the card art generator and the renderer, in pixels."""

from __future__ import annotations

import math
from pathlib import Path

ASSETS = Path(__file__).resolve().parents[2] / "assets"
FONT_PATH = ASSETS / "fonts" / "DejaVuSans-Bold.ttf"
SPRITES_PATH = ASSETS / "cards" / "sprites.png"
SPRITES_JSON = ASSETS / "cards" / "sprites.json"


def sprite_files(lang: str = "") -> tuple[Path, Path]:
    """The sheet and its index for a language with card words of its own (``sprites.de.png``
    with B and D for the German Bube and Dame); ``""`` is the English sheet."""
    if not lang:
        return SPRITES_PATH, SPRITES_JSON
    return SPRITES_PATH.with_suffix(f".{lang}.png"), SPRITES_JSON.with_suffix(f".{lang}.json")


# One card. The corner index (rank above suit) sits in a column INDEX_W wide at the left edge,
# so a card overlapped down to a strip of INDEX_STRIP pixels still shows what it is.
CARD_W = 104
CARD_H = 146
CARD_RADIUS = 8
CARD_BORDER = 2
INDEX_X = 3
INDEX_W = 28
INDEX_STRIP = INDEX_X + INDEX_W + 1  # the narrowest strip that shows the whole index
RANK_SIZE = 34  # font size of the index rank
SUIT_SIZE = 30  # font size of the index suit
INDEX_RANK_Y = 6  # top of the rank glyph
INDEX_SUIT_Y = 38  # top of the suit glyph
INDEX_BOTTOM = 68  # the index ends here; a card cropped below this still reads

BACK_CODE = "back"

# Phone readability (bot/render/README.md). A picture in a Components V2 media gallery is shown
# PHONE_SHOWN_W CSS px wide on a 390 px phone (measured in SimCord's preview), whatever its own
# width. Every picture is PICTURE_W canvas px wide, so a length of L canvas px shows as
# L * PHONE_SHOWN_W / PICTURE_W CSS px there. At that size every text's capitals must stand at
# least MIN_TEXT_CAP_CSS high (Discord's small print) and every card rank MIN_RANK_CAP_CSS
# (Discord's body text).
PHONE_SHOWN_W = 264
MIN_TEXT_CAP_CSS = 8.0
MIN_RANK_CAP_CSS = 11.0
PICTURE_W = 480
CAP_RATIO = 0.729  # DejaVu Sans Bold: capital height over font size (1493 of 2048 units)
MAX_ASPECT = 1.35  # a typical 4-player table is at most this many times as tall as it is wide


def shown_css(canvas_px: float, width: int = PICTURE_W) -> float:
    """How many CSS px a length of ``canvas_px`` shows on a phone, in a picture ``width`` wide."""
    return canvas_px * PHONE_SHOWN_W / width


def min_text_px(width: int, cap_css: float = MIN_TEXT_CAP_CSS) -> int:
    """The smallest font size (canvas px) whose capitals show ``cap_css`` CSS px high on a phone
    in a picture ``width`` wide."""
    return math.ceil(cap_css * width / PHONE_SHOWN_W / CAP_RATIO)


MIN_TEXT_PX = min_text_px(PICTURE_W)  # 20: capitals 15 px, 8.25 CSS px on a phone
MIN_RANK_PX = min_text_px(PICTURE_W, MIN_RANK_CAP_CSS)  # 28: a card rank's smallest font
