"""The card art: one distinct sprite per card, readable from its corner strip alone."""

from __future__ import annotations

from itertools import combinations

from PIL import Image

from bot.render import palette as pal
from bot.render.assets import card_sprite, sprites
from bot.render.fans import FAN_CARD_H, FAN_TILE_W
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


# ----------------------------------------------------------------- German card words
def test_german_sheet_has_every_card_in_the_same_geometry() -> None:
    from bot.render.geometry import sprite_files

    png, index = sprite_files("de")
    assert png.is_file() and index.is_file(), "run tools/make_cards.py"
    german = sprites("de")
    assert (
        set(german)
        == set(sprites("en"))
        == {c.code for c in FULL_PACK}
        | {
            JOKER.code,
            BACK_CODE,
        }
    )
    for sprite in german.values():
        assert sprite.size == (CARD_W, CARD_H) and sprite.mode == "P"
    sheet = Image.open(png)
    assert sheet.size == Image.open(SPRITES_PATH).size
    used = len(pal.palette()) * 3
    assert (sheet.getpalette() or [])[:used] == pal.flat_palette()[:used]
    box = (0, CARD_RADIUS, INDEX_STRIP, INDEX_BOTTOM)
    assert len({card_sprite(c, "de").crop(box).tobytes() for c in FULL_PACK}) == len(FULL_PACK)


def test_only_jacks_and_queens_differ_between_the_sheets() -> None:
    english, german = sprites("en"), sprites("de")
    differ = {code for code in english if english[code].tobytes() != german[code].tobytes()}
    assert differ == {f"{rank}{suit}" for rank in "JQ" for suit in "CDHS"}


def test_the_picture_language_chooses_the_sheet() -> None:
    from bot.render.assets import sheet_language
    from engine.i18n import PSEUDO, using

    assert sheet_language("de") == "de"
    assert sheet_language("en") == sheet_language(PSEUDO) == sheet_language("fr") == ""
    jack = next(c for c in FULL_PACK if c.code == "JS")
    with using("de"):
        assert card_sprite(jack).tobytes() == card_sprite(jack, "de").tobytes()
    with using(PSEUDO):
        assert card_sprite(jack).tobytes() == card_sprite(jack, "en").tobytes()


def test_a_german_hand_shows_b_where_the_english_one_shows_j() -> None:
    import io

    from bot.render.hand import render_hand
    from bot.render.pile_games import (
        joker_face,
    )
    from engine.cards import Card
    from engine.i18n import using

    def pixels(cards: list[str], lang: str) -> bytes:
        with using(lang):
            png = render_hand([Card.parse(c) for c in cards])
        return Image.open(io.BytesIO(png)).tobytes()

    assert pixels(["J♠", "5♥"], "de") != pixels(["J♠", "5♥"], "en")
    assert pixels(["K♠", "5♥"], "de") == pixels(["K♠", "5♥"], "en")  # only the card words
    queen = Card.parse("Q♥")
    assert joker_face(queen, "de").tobytes() != joker_face(queen, "en").tobytes()
    assert (
        joker_face(Card.parse("K♥"), "de").tobytes() == joker_face(Card.parse("K♥"), "en").tobytes()
    )


def test_a_fan_tile_shows_the_index_and_nothing_of_the_pips_or_pictures() -> None:
    # A fan's last card is cut a little right of its index: no sliver of a pip or of a
    # court card's picture may show between the index and the cut.
    from bot.render.jokers import paste_face

    card_ink = pal.index(pal.CARD)
    for card in FULL_PACK:
        canvas = Image.new("P", (FAN_TILE_W, FAN_CARD_H), pal.index(pal.FELT))
        canvas.putpalette(pal.flat_palette())
        paste_face(canvas, card, 0, 0, FAN_CARD_H, width=FAN_TILE_W)
        beside = canvas.crop((INDEX_STRIP, CARD_RADIUS, FAN_TILE_W - CARD_RADIUS, FAN_CARD_H))
        assert set(beside.tobytes()) == {card_ink}, f"{card} shows more than its index"
