"""The terminal's typed commands (``engine.commands``), the same for every game: English and
German words, precise refusals, and the sorted list of moves."""

from __future__ import annotations

import pytest

from engine import actions as act
from engine.cards import Card, parse_cards
from engine.commands import action_command, parse_command, sorted_moves
from engine.errors import RulesError
from engine.i18n import using


def card(text: str) -> Card:
    return Card.parse(text)


def test_parse_commands() -> None:
    assert parse_command("draw", 0) == parse_command("D", 0) == act.DrawTalon(0)
    assert action_command(parse_command("take 5", 1)) == "take 5"  # type: ignore[arg-type]
    meld = parse_command("Q♥ K♥ A♥", 0)
    assert isinstance(meld, act.Meld) and len(meld.cards) == 3
    lay = parse_command("lay as on 2 high", 0)
    assert lay == act.LayOff(0, card("A♠"), 1, act.End.HIGH)
    assert action_command(lay) == "lay A♠ on 2 high"  # type: ignore[arg-type]
    assert parse_command("discard 10h", 0) == act.Discard(0, card("10♥"))
    for bad in ("lay 7s 3", "lay 7s on x", "lay 7s on 2 middle", "discard 7s 8s", "7s"):
        with pytest.raises(RulesError) as info:
            parse_command(bad, 0)
        assert str(info.value), bad


def test_every_games_moves_by_name() -> None:
    """The closing moves, the pass, the buy-back, a joker swap and a take-back by name."""
    four = card("4♥")
    assert parse_command("knock 4h", 1) == act.Knock(1, four) == parse_command("klopfen 4♥", 1)
    assert parse_command("gin 4♥", 1, verbs={"gin": "knock"}) == act.Knock(1, four)
    assert parse_command("rummy 4♥", 1) == act.CallRummy(1, four)
    assert parse_command("pass", 0) == act.Pass(0) == parse_command("passen", 0)
    assert parse_command("buy", 0) == act.BuyBack(0, True) == parse_command("kaufen", 0)
    assert parse_command("takeback", 2) == act.TakeBack(2) == parse_command("zurücknehmen", 2)
    swap = parse_command("swap 10♥ on 3 with J♥ Q♥", 0)
    assert swap == act.JokerSwap(0, card("10♥"), 2, (card("J♥"), card("Q♥"), card("Jo")))
    assert parse_command(action_command(swap), 0) == swap  # type: ignore[arg-type]
    for typed, words in (("knock", "for example: knock 7♠"), ("pass now", "one word too many")):
        with pytest.raises(RulesError) as info:
            parse_command(typed, 0)
        assert words in str(info.value), typed


def test_take_by_position_or_by_card_on_the_pile_shown() -> None:
    pile = tuple(parse_cards("7♥ 8♣ 9♦"))
    assert parse_command("take", 0, pile=pile) == act.TakeDiscard(0, 1)
    assert parse_command("take 1", 0, pile=pile) == act.TakeDiscard(0, 3)
    assert parse_command("nimm 8c", 0, pile=pile) == act.TakeDiscard(0, 2)
    assert parse_command("take 2", 0) == act.TakeStaircase(0, 1)  # no pile: the game's positions
    with pytest.raises(RulesError) as info:
        parse_command("take K♠", 0, pile=pile)
    assert "K♠ is not on the pile" in str(info.value)
    with using("de"):
        assert action_command(act.TakeDiscard(0, 2), len(pile)) == "nimm 2"
        assert action_command(act.TakeDiscard(0, 1), 1) == "nimm"


def test_empty_commands_answer_with_their_own_example() -> None:
    for text, example in (
        ("discard", "for example: discard 7♠"),
        ("x", "for example: discard 7♠"),
        ("meld", "for example: meld Q♥ K♥ A♥"),
        ("lay on 3", "for example: lay 7♠ on 3"),
    ):
        with pytest.raises(RulesError) as info:
            parse_command(text, 0)
        assert example in str(info.value), (text, str(info.value))


def test_commands_refuse_extra_words_and_duplicates() -> None:
    refusals = {
        "draw 2": "one word too many",
        "help me": "one word too many",
        "meld 4c 4c 5c": "You named 4♣ twice",
        "4c 4c 5c": "You named 4♣ twice",
        "lay 7s on 2 high now": "the end as low or high",
    }
    for typed, words in refusals.items():
        with pytest.raises(RulesError) as info:
            parse_command(typed, 0)
        assert words in str(info.value), typed


def test_a_suit_typed_apart_from_its_rank_is_one_card() -> None:
    assert parse_command("discard 10 ♠", 0) == parse_command("discard 10♠", 0)
    assert parse_command("meld Q ♥ K ♥ A ♥", 0) == parse_command("meld Q♥ K♥ A♥", 0)


def test_german_commands_work_beside_the_english_ones() -> None:
    pairs = {
        "ziehen": "draw",
        "nimm 5": "take 5",
        "auslegen Herz Dame, Herz König, Herz Ass": "meld Q♥ K♥ A♥",
        "anlegen P7 an 3 oben": "lay 7♠ on 3 high",
        "abwerfen Kr10": "discard 10♣",
    }
    for german, english in pairs.items():
        assert parse_command(german, 1) == parse_command(english, 1), german
    assert [parse_command(w, 0) for w in ("hilfe", "tipp", "beenden")] == ["help", "hint", "quit"]
    with using("de"):  # a hint is given in the words the player types
        assert action_command(parse_command("take 5", 1)) == "nimm 5"  # type: ignore[arg-type]
        lay = parse_command("lay 7s on 3 high", 1)
        assert action_command(lay) == "anlegen 7♠ an 3 oben"  # type: ignore[arg-type]
        assert parse_command(action_command(lay), 1) == lay  # type: ignore[arg-type]
        for action in (
            act.Knock(1, card("4♥")),
            act.CallRummy(1, card("4♥")),
            act.Pass(1),
            act.TakeBack(1),
        ):
            assert parse_command(action_command(action), 1) == action, action
        assert action_command(act.BuyBack(1, False)) == "passen"


def test_the_german_short_suits_work() -> None:
    shown = {"P10": "10♠", "H9": "9♥", "Kr7": "7♣", "Ka7": "7♦"}
    for short, name in shown.items():
        assert parse_command(f"abwerfen {short}", 0) == act.Discard(0, card(name)), short
    # K alone is the king, never a suit: "6K" is refused, and the refusal says what works.
    with pytest.raises(RulesError) as info:
        parse_command("abwerfen 6K", 0)
    with using("de"):
        assert "Ka7" in str(info.value) and "König" in str(info.value)


def test_moves_are_listed_draw_first_then_melds_then_discards_in_hand_order() -> None:
    hand = [card(c) for c in ("K♠", "2♣", "7♥", "A♦")]
    legal = [
        *(act.Discard(0, c) for c in hand),
        act.Knock(0, hand[0]),
        act.LayOff(0, hand[2], 1),
        act.LayOff(0, hand[1], 0),
        act.Meld(0, (card("5♦"), card("6♦"), card("7♦"))),
        act.TakeDiscard(0, 2),
        act.Pass(0),
        act.TakeDiscard(0, 1),
        act.DrawTalon(0),
    ]
    ordered = sorted_moves(legal)
    assert ordered[:4] == [
        act.DrawTalon(0),
        act.TakeDiscard(0, 1),
        act.TakeDiscard(0, 2),
        act.Pass(0),
    ]
    assert isinstance(ordered[4], act.Meld)
    assert ordered[5:7] == [act.LayOff(0, hand[1], 0), act.LayOff(0, hand[2], 1)]
    assert ordered[7] == act.Knock(0, hand[0])
    assert [a.card for a in ordered[8:] if isinstance(a, act.Discard)] == [
        card("2♣"),
        card("A♦"),
        card("7♥"),
        card("K♠"),
    ]
