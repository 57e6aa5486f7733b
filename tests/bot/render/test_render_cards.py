"""The card art: one distinct sprite per card, readable from its corner strip alone."""

from __future__ import annotations

from itertools import combinations

from PIL import Image

from bot.render import palette as pal
from bot.render.assets import card_sprite, sprites
from bot.render.geometry import (
    ASSETS,
    BACK_CODE,
    CARD_H,
    CARD_RADIUS,
    CARD_W,
    INDEX_BOTTOM,
    INDEX_STRIP,
    SPRITES_PATH,
)
from engine.cards import FULL_PACK, JOKER


def test_sheet_holds_the_pack_a_joker_and_a_back() -> None:
    codes = set(sprites())
    assert codes == {c.code for c in FULL_PACK} | {JOKER.code, BACK_CODE}
    for sprite in sprites().values():
        assert sprite.size == (CARD_W, CARD_H)
        assert sprite.mode == "P"


def test_every_sprite_differs_from_every_other() -> None:
    pixels = {code: sprite.tobytes() for code, sprite in sprites().items()}
    for (a, pa), (b, pb) in combinations(pixels.items(), 2):
        assert pa != pb, f"{a} and {b} look the same"


def test_the_corner_strip_alone_tells_every_card_apart() -> None:
    # What a card covered by the next one in a fan still shows.
    box = (0, CARD_RADIUS, INDEX_STRIP, INDEX_BOTTOM)
    strips = {c.code: card_sprite(c).crop(box).tobytes() for c in FULL_PACK}
    assert len(set(strips.values())) == len(FULL_PACK)


def test_sheet_uses_the_renderer_palette() -> None:
    # A stale sheet would be remapped at load time (slow); keep the committed one current.
    sheet = Image.open(SPRITES_PATH)
    assert sheet.mode == "P"
    flat = pal.flat_palette()
    used = len(pal.palette()) * 3
    assert (sheet.getpalette() or [])[:used] == flat[:used]


def test_art_and_font_licences_are_shipped() -> None:
    assert (ASSETS / "fonts" / "DejaVuSans-Bold.ttf").is_file()
    assert "Bitstream" in (ASSETS / "fonts" / "LICENSE").read_text()
    assert "MIT" in (ASSETS / "cards" / "LICENSE").read_text()
