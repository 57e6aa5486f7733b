"""Rommé, Wiener Rummy and Gin Rummy pictures: within bounds for real positions at 2 to 6
seats, hidden hands never drawn, jokers showing the card they stand for, and no words but
names, short tags and the cards' points (the rest is the message's text)."""

from __future__ import annotations

import io
import itertools
import random
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest
from PIL import Image

import bot.render.canvas
from bot.games import presenter
from bot.games.examples import NAMES6, plain_example
from bot.games.gin.render import draw_gin_round, draw_gin_table
from bot.games.romme import examples as rx
from bot.games.romme.render import (
    ROMME_MAX_H,
    draw_romme_table,
    render_romme_table,
    romme_table_size,
)
from bot.games.romme.render_results import render_romme_round_result
from bot.games.wiener import examples as wx
from bot.games.wiener.render import (
    WIENER_MAX_H,
    draw_wiener_table,
    render_wiener_table,
    wiener_table_size,
)
from bot.games.wiener.render_results import render_wiener_round_result
from bot.render import clear_caches, draw_hand, render_hand, sort_hand
from bot.render import palette as pal
from bot.render.assets import Style, card_sprite, text_stamp
from bot.render.bands import BANDS_TOP, FANS_X, NAME_LINE_H
from bot.render.fans import FAN_CARD_H, FAN_STEP
from bot.render.geometry import CARD_RADIUS, INDEX_STRIP
from bot.render.hand import hand_slots
from bot.render.pile_games import BAND_PAD, PILE_TABLE_W, joker_face, joker_stands
from engine.actions import DrawTalon, Knock, MeldKind
from engine.cards import JOKER, Card, Pack, parse_cards
from engine.deal import Deal
from engine.games.gin.rules import GinHandResult, GinPublicView
from engine.games.romme.events import RommeRoundResult
from engine.games.romme.views import RommePublicView, RommeSeatView
from engine.games.wiener.events import WienerRoundResult
from engine.games.wiener.game import WienerRuleset
from engine.games.wiener.views import WienerPublicView
from engine.melding.deadwood import arrange
from engine.melding.melds import analyse_priced_meld
from engine.melding.views import PricedMeldView, PricedPlacedCard
from engine.protocol import Phase

VIEWS_PER_GAME = 40


def _size(png: bytes) -> tuple[int, int]:
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG"
    assert img.mode == "P"
    return img.size


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text)) if text.strip() else ()


# ----------------------------------------------------------------------------- bounds
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_romme_positions_render_within_bounds(seats: int) -> None:
    results = 0
    views = itertools.islice(rx.romme_views(seats, seed=seats, every=9), VIEWS_PER_GAME)
    for view in views:
        width, height = _size(render_romme_table(view))
        assert width == PILE_TABLE_W
        assert height <= ROMME_MAX_H
        assert (width, height) == romme_table_size(view)
        if view.last_round is not None:
            names = [s.name for s in view.seats]
            width, _ = _size(render_romme_round_result(view.last_round, names))
            assert width <= PILE_TABLE_W
            results += 1
    assert results, "the sample should reach a second round"


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_wiener_positions_render_within_bounds(seats: int) -> None:
    knocks = 0
    views = itertools.islice(wx.wiener_views(seats, seed=seats, every=7), VIEWS_PER_GAME * 2)
    for view in views:
        width, height = _size(render_wiener_table(view))
        assert width == PILE_TABLE_W
        assert height <= WIENER_MAX_H
        assert (width, height) == wiener_table_size(view)
        knocks += view.knocker is not None
        if view.last_round is not None:
            names = [s.name for s in view.seats]
            width, height = _size(render_wiener_round_result(view.last_round, names))
            assert width <= PILE_TABLE_W
            assert height <= WIENER_MAX_H
    assert knocks, "the sample should hold a knock"


def test_six_revealed_hands_of_eleven_fit() -> None:
    """Six players, eleven cards each (the last lap after a knock): the biggest result."""
    pack = Pack(2, 2).cards()
    random.Random(0).shuffle(pack)
    hands = tuple(arrange(pack[i * 11 : i * 11 + 11]) for i in range(6))
    result = WienerRoundResult(
        round_number=7,
        closer=0,
        special=False,
        hands=hands,
        points=(0,) * 6,
        totals=(50,) * 6,
        chips=(0,) * 6,
        out=(),
    )
    width, height = _size(render_wiener_round_result(result, NAMES6))
    assert width <= PILE_TABLE_W and height <= WIENER_MAX_H


# ----------------------------------------------------------------------------- hidden hands
NAMES4 = list(NAMES6[:4])
KNOCK_HAND = "A♥ 2♥ 3♥ 4♣ 5♣ 6♣ 7♠ 8♠ 9♠ 2♦"
OTHER_HANDS = (
    "K♠ Q♦ 9♥ 7♣ 5♦ 3♠ J♥ 10♣ 8♦ 6♥",
    "K♦ Q♣ 9♣ 7♦ 5♥ 3♣ J♠ 10♦ 8♥ 4♠",
    "K♣ Q♠ 9♦ 7♥ 5♠ 3♦ J♣ 10♥ 8♣ 6♠",
)


def _deal(hands: list[tuple[Card, ...]]) -> Deal:
    """Dealer seat 3 (seat 0 plays first), upcard 4♥, K♦ on top of the stock."""
    upcard, top = Card.parse("4♥"), Card.parse("K♦")
    rest = Pack(2, 2).cards()
    for card in [c for hand in hands for c in hand] + [upcard, top]:
        rest.remove(card)
    return Deal(3, tuple(hands), (upcard,), (*rest, top))


def _wiener_pair() -> tuple[list[tuple[Card, ...]], list[tuple[Card, ...]]]:
    """Two deals with seat 0's hand in common and everybody else's different."""
    mine = _cards(KNOCK_HAND)
    others = [_cards(h) for h in OTHER_HANDS]
    rotated = others[1:] + others[:1]
    return [mine, *others], [mine, *rotated]


def test_wiener_table_does_not_depend_on_hidden_hands() -> None:
    first, second = _wiener_pair()
    games = [WienerRuleset().new_game(NAMES4, seed=3, deal=_deal(h)) for h in (first, second)]
    pictures = []
    for game in games:
        clear_caches()
        pictures.append(render_wiener_table(game.public_view()))
    assert pictures[0] == pictures[1]
    # Seat 0 draws K♦ and knocks with it: its hand is shown, the others still are not.
    for game in games:
        game.apply(DrawTalon(0))
        game.apply(Knock(0, Card.parse("K♦")))
    views = [game.public_view() for game in games]
    assert views[0].knocker == 0 and views[0].seats[0].revealed is not None
    assert all(s.revealed is None for s in views[0].seats[1:])
    clear_caches()
    knocked = render_wiener_table(views[0])
    clear_caches()
    assert knocked == render_wiener_table(views[1])
    assert knocked != pictures[0]


def test_no_hidden_card_face_is_drawn() -> None:
    """Every card face on the picture sits where the discard top or a revealed hand is: the
    only card strips drawn for hidden seats are backs."""
    first, _ = _wiener_pair()
    game = WienerRuleset().new_game(NAMES4, seed=3, deal=_deal(first))
    game.apply(DrawTalon(0))
    game.apply(Knock(0, Card.parse("K♦")))
    view = game.public_view()
    img = draw_wiener_table(view)
    shown = {*_cards(KNOCK_HAND), view.discard_top}
    hidden = {c for hand in first[1:] for c in hand} - shown
    data = img.tobytes()
    width = img.width
    assert hidden
    for card in hidden:
        strip = card_sprite(card).crop((0, CARD_RADIUS, INDEX_STRIP, CARD_RADIUS + 24))
        first_row = strip.tobytes()[:INDEX_STRIP]
        # A cheap scan: the strip's first row must not start any row of the picture's bands.
        for y in range(BANDS_TOP, img.height - 24):
            row = data[y * width : (y + 1) * width]
            pos = row.find(first_row)
            while pos != -1:
                box = (pos, y, pos + INDEX_STRIP, y + 24)
                assert img.crop(box).tobytes() != strip.tobytes(), f"{card} is visible"
                pos = row.find(first_row, pos + 1)


# ----------------------------------------------------------------------------- jokers
def _one_meld_view(cards: str, owner: int = 0) -> RommePublicView:
    shape = analyse_priced_meld(parse_cards(cards))
    placed = tuple(
        PricedPlacedCard(c, s, p, owner)
        for c, s, p in zip(shape.cards, shape.stands_for, shape.points, strict=True)
    )
    meld = PricedMeldView(0, owner, shape.kind, placed, pending=False)
    seats = tuple(
        RommeSeatView(i, name, 10, 0, i == owner, shape.total if i == owner else 0, 0)
        for i, name in enumerate(NAMES4[:2])
    )
    return RommePublicView(
        version=1,
        round_number=1,
        rounds=2,
        opening_minimum=40,
        seats=seats,
        dealer=0,
        to_act=1,
        phase=Phase.DRAW,
        stock_count=60,
        discard_top=Card.parse("2♣"),
        discard_count=3,
        melds=(meld,),
        rebuilds=0,
        last_round=None,
        winner=None,
    )


def test_joker_in_a_meld_shows_the_card_it_stands_for() -> None:
    view = _one_meld_view("10♥ J♥ Jo K♥ A♥")
    joker = view.melds[0].cards[2]
    assert joker.card is JOKER and joker.stands_for == Card.parse("Q♥")
    img = draw_romme_table(view)
    x = FANS_X + 2 * FAN_STEP
    y = BANDS_TOP + BAND_PAD + NAME_LINE_H
    box = (x, y + CARD_RADIUS, x + INDEX_STRIP, y + FAN_CARD_H)
    expected = joker_face(Card.parse("Q♥")).crop((0, CARD_RADIUS, INDEX_STRIP, FAN_CARD_H))
    assert img.crop(box).tobytes() == expected.tobytes()
    assert pal.index(pal.JOKER_INK) in img.tobytes()


def test_joker_faces_differ_by_the_card_they_stand_for() -> None:
    strips = {
        code: joker_face(Card.parse(code)).crop((0, 0, INDEX_STRIP, FAN_CARD_H)).tobytes()
        for code in ("Q♥", "Q♦", "10♥", "A♠", "2♣")
    }
    assert len(set(strips.values())) == len(strips)
    plain = card_sprite(JOKER).crop((0, 0, INDEX_STRIP, FAN_CARD_H)).tobytes()
    assert plain not in strips.values()


def test_set_jokers_stand_for_a_suit_still_missing() -> None:
    # J♣ J♥ Jo was recorded with the joker as J♦; then J♦ itself was laid off.
    cards = _cards("J♣ J♥ Jo J♦")
    recorded = _cards("J♣ J♥ J♦ J♦")
    shown = joker_stands(MeldKind.SET, cards, recorded)
    assert shown[2] == Card.parse("J♠")
    run = _cards("5♥ Jo 7♥")
    assert joker_stands(MeldKind.RUN, run, _cards("5♥ 6♥ 7♥")) == _cards("5♥ 6♥ 7♥")


def test_hands_with_jokers_sort_last_and_render() -> None:
    hand = _cards("Jo 7♥ A♠ Jo 7♥ K♣")
    for ordered in (sort_hand(hand, "suit"), sort_hand(hand, "rank")):
        assert ordered[-2:] == [JOKER, JOKER]
        assert _size(render_hand(ordered))[0] > 0


def test_a_doubled_card_is_not_locked() -> None:
    hand = _cards("7♥ 7♥ A♠ Jo")
    seven = Card.parse("7♥")
    assert not any(s.locked for s in hand_slots(hand, None, seven))
    assert pal.index(pal.ALERT) not in draw_hand(hand, None, seven).tobytes()
    single = _cards("7♥ 8♥ A♠ Jo")
    assert [s.card for s in hand_slots(single, None, seven) if s.locked] == [seven]
    png = render_hand(single, locked=seven, taken_from="the discard pile")
    assert _size(png)[1] > 0


def test_romme_round_results_render() -> None:
    result, names = rx.romme_round_result()
    double = replace(result, special=True, points=tuple(2 * m for m in result.minus))
    assert _size(render_romme_round_result(result, names))[0] <= PILE_TABLE_W
    assert render_romme_round_result(double, names) != render_romme_round_result(result, names)
    dead = RommeRoundResult(
        round_number=2,
        closer=None,
        special=False,
        hands=result.hands,
        points=(0,) * 4,
        totals=result.totals,
    )
    assert _size(render_romme_round_result(dead, names))[0] <= PILE_TABLE_W
    assert _size(render_romme_round_result(double, names))[0] <= PILE_TABLE_W


def test_wiener_round_results_render() -> None:
    result, names = wx.wiener_round_result()
    plain = render_wiener_round_result(result, names)
    rummy = replace(result, special=True)
    out = replace(result, out=(1,), hands=(*result.hands[:3], None))
    dead = replace(result, closer=None)
    for variant in (rummy, out, dead):
        png = render_wiener_round_result(variant, names)
        assert _size(png)[0] <= PILE_TABLE_W
        assert png != plain


# ----------------------------------------------------------------------------- words
NUMBER = re.compile(r"^[+−]?\d+$")


def _words(monkeypatch: pytest.MonkeyPatch, draw: Callable[[], object]) -> set[str]:
    """Every text ``draw`` stamps on its picture that is not a number."""
    drawn: list[str] = []

    def recording(content: str, style: Style) -> Image.Image:
        drawn.append(content)
        return text_stamp(content, style)

    monkeypatch.setattr(bot.render.canvas, "text_stamp", recording)
    clear_caches()
    draw()
    clear_caches()
    monkeypatch.undo()
    assert drawn
    return {content for content in drawn if not NUMBER.match(content)}


def test_tables_show_names_cards_and_meld_points_only(monkeypatch: pytest.MonkeyPatch) -> None:
    romme = rx.romme_table()
    names = {s.name for s in romme.seats}
    assert _words(monkeypatch, lambda: draw_romme_table(romme)) == names
    knock = wx.wiener_knock()
    shown = _words(monkeypatch, lambda: draw_wiener_table(knock))
    assert shown - {s.name for s in knock.seats} == {"knocked"}
    gin = plain_example(presenter("gin"))[1]
    assert isinstance(gin, GinPublicView)
    assert _words(monkeypatch, lambda: draw_gin_table(gin)) <= {"Anna", "Ben", "took"}


def test_results_show_names_tags_cards_and_one_number(monkeypatch: pytest.MonkeyPatch) -> None:
    result, names = rx.romme_round_result()
    words = _words(monkeypatch, lambda: render_romme_round_result(result, names))
    assert words - set(names) <= {"went out", "Rommé hand"}
    assert words & {"went out", "Rommé hand"}
    knocked, names = wx.wiener_round_result()
    words = _words(monkeypatch, lambda: render_wiener_round_result(knocked, names))
    assert words - set(names) <= {"knocked", "Rummy!", "out"}
    game, _table, hand = plain_example(presenter("gin"))
    assert isinstance(hand, GinHandResult)
    words = _words(monkeypatch, lambda: draw_gin_round(hand, game.names))
    tags = {"knocked", "gin", "undercut", "laid off", "no deadwood"}
    assert all(w in tags or w.startswith("deadwood ") for w in words - set(game.names))


# ----------------------------------------------------------------------------- threads
def test_rendering_from_threads_gives_the_same_pictures() -> None:
    romme = rx.romme_table()
    wiener = wx.wiener_knock()
    clear_caches()
    expected = (render_romme_table(romme), render_wiener_table(wiener))

    def draw(_: int) -> tuple[bytes, bytes]:
        clear_caches()
        return render_romme_table(romme), render_wiener_table(wiener)

    with ThreadPoolExecutor(max_workers=6) as pool:
        assert all(got == expected for got in pool.map(draw, range(24)))


def test_docs_positions_show_what_they_claim() -> None:
    romme = rx.romme_table()
    assert any(m.pending for m in romme.melds)
    assert any(c.card.is_joker for m in romme.melds for c in m.cards)
    table: WienerPublicView = wx.wiener_table()
    assert table.knocker is None and all(s.revealed is None for s in table.seats)
    knock = wx.wiener_knock()
    assert knock.knocker is not None and knock.seats[knock.knocker].revealed is not None
