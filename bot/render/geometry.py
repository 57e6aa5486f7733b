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
# the full width of the message: about PHONE_SHOWN_W CSS px on a 390 px phone. Every picture is
# PICTURE_W canvas px wide, so text of MIN_TEXT_PX canvas px shows MIN_TEXT_CSS px high there.
PHONE_SHOWN_W = 350
MIN_TEXT_CSS = 9.5
PICTURE_W = 800
MAX_ASPECT = 0.75  # a typical 4-player table is at most this many times as tall as it is wide


def min_text_px(width: int) -> int:
    """The smallest font size (canvas px) that still shows MIN_TEXT_CSS px high on a phone."""
    return math.ceil(MIN_TEXT_CSS * width / PHONE_SHOWN_W)


MIN_TEXT_PX = min_text_px(PICTURE_W)  # 22
