from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import End, IllegalMeld, MeldKind, RulesError, analyse_meld, meld_points, parse_cards
from engine.cards import CARD_AT, Card
from engine.games.treppe.melds import TableMeld, possible_melds

TWO_PACKS = [CARD_AT[suit][rank] for suit in range(4) for rank in range(1, 14)] * 2


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        # The seed examples RULES.md says must hold exactly.
        ("6♠ 6♥ 6♦ 6♣", 24),
        ("A♠ A♥ A♦", 45),
        ("Q♥ K♥ A♥", 30),
        ("Q♥ K♥ A♥ 2♥", 27),
        ("A♥ 2♥ 3♥", 6),
        ("5♠ 6♠ 7♠ 8♠ 9♠", 35),
        ("6♠ 6♥ 6♦", 18),
        ("Q♣ K♣ A♣ 2♣ 3♣", 30),
    ],
)
def test_seed_examples(cards: str, points: int) -> None:
    assert meld_points(parse_cards(cards)) == points


def test_order_given_does_not_matter() -> None:
    assert meld_points(parse_cards("2♥ A♥ K♥ Q♥")) == 27
    assert meld_points(parse_cards("9♠ 5♠ 7♠ 6♠ 8♠")) == 35
    shape = analyse_meld(parse_cards("3♣ A♣ Q♣ 2♣ K♣"))
    assert [str(c) for c in shape.cards] == ["Q♣", "K♣", "A♣", "2♣", "3♣"]
    assert shape.points == (10, 10, 5, 2, 3)


def test_ace_prices_by_position() -> None:
    assert analyse_meld(parse_cards("A♦ 2♦ 3♦")).points[0] == 1
    assert analyse_meld(parse_cards("Q♦ K♦ A♦")).points[-1] == 10
    assert analyse_meld(parse_cards("K♦ A♦ 2♦")).points[1] == 5
    assert analyse_meld(parse_cards("A♦ A♣ A♥ A♠")).points == (15, 15, 15, 15)


def test_full_suit_runs_two_to_ace_unless_ordered_otherwise() -> None:
    full = parse_cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠")
    shape = analyse_meld(list(reversed(full)))
    assert str(shape.cards[0]) == "2♠" and str(shape.cards[-1]) == "A♠"
    assert shape.total == 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 10 + 10 + 10 + 10
    # Given as a run with the Ace low, the player's order stands.
    low = analyse_meld(full)
    assert str(low.cards[0]) == "A♠" and low.points[0] == 1


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("5♠ 6♠ 8♠", "5♠ 6♠ 8♠ is not a run: 7♠ is missing."),
        ("5♠ 6♠ 9♠", "5♠ 6♠ 9♠ is not a run: 7♠ and 8♠ are missing."),
        ("Q♥ K♥ 2♥", "Q♥ K♥ 2♥ is not a run: A♥ is missing."),
        ("6♥ 6♥ 6♠", "6♥ 6♥ 6♠ is not a set: its suits must all differ."),
        ("2♥ 3♥", "2♥ 3♥ is too short: a meld needs at least 3 cards."),
        ("7♥ 7♠ 8♠", "is not a meld"),
        ("Q♥ K♥ A♥ 2♥ Q♥", "cannot hold the same card twice"),
    ],
)
def test_non_melds_are_refused_with_a_reason(cards: str, message: str) -> None:
    with pytest.raises(IllegalMeld, match=None) as info:
        meld_points(parse_cards(cards))
    assert message in str(info.value)
    assert isinstance(info.value, RulesError) and isinstance(info.value, ValueError)


def _table_meld(text: str) -> TableMeld:
    shape = analyse_meld(parse_cards(text))
    return TableMeld(
        0, 0, shape.kind, list(shape.cards), list(shape.points), [0] * len(shape.cards)
    )


def test_run_layoffs_at_either_end_and_round_the_corner() -> None:
    run = _table_meld("J♥ Q♥ K♥")
    (ace,) = parse_cards("A♥")
    (ten,) = parse_cards("10♥")
    assert run.layoff_points(ace, End.HIGH) == 10
    assert run.layoff_points(ten, End.LOW) == 10
    assert run.layoff_points(ace, None) == 10
    with pytest.raises(IllegalMeld, match="try the other end"):
        run.layoff_points(ace, End.LOW)
    run.add(ace, End.HIGH, 10, 1)
    (two,) = parse_cards("2♥")
    assert run.layoff_points(two, End.HIGH) == 2
    run.add(two, End.HIGH, 2, 1)
    # The Ace laid high keeps its 10 points after the run turns the corner.
    assert run.points == [10, 10, 10, 10, 2]


def test_ace_laid_low_scores_one() -> None:
    run = _table_meld("2♣ 3♣ 4♣")
    (ace,) = parse_cards("A♣")
    assert run.layoff_points(ace, End.LOW) == 1


def test_twelve_card_run_takes_the_last_card_at_either_end() -> None:
    run = _table_meld("2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦")
    (ace,) = parse_cards("A♦")
    with pytest.raises(IllegalMeld, match="fits both ends"):
        run.layoff_points(ace, None)
    assert run.layoff_points(ace, End.LOW) == 1
    assert run.layoff_points(ace, End.HIGH) == 10
    run.add(ace, End.HIGH, 10, 0)
    (two,) = parse_cards("2♦")
    with pytest.raises(IllegalMeld, match="all 13"):
        run.layoff_points(two, End.HIGH)


def test_set_takes_a_fourth_card_only() -> None:
    meld = _table_meld("9♠ 9♥ 9♦")
    nine_clubs, nine_hearts, ten_clubs = parse_cards("9♣ 9♥ 10♣")
    assert meld.layoff_points(nine_clubs, None) == 9
    with pytest.raises(IllegalMeld, match="already has 9♥"):
        meld.layoff_points(nine_hearts, None)
    with pytest.raises(IllegalMeld, match="does not fit the set"):
        meld.layoff_points(ten_clubs, None)
    meld.add(nine_clubs, None, 9, 0)
    with pytest.raises(IllegalMeld, match="complete"):
        meld.layoff_points(nine_clubs, None)


def test_possible_melds_lists_sets_and_runs() -> None:
    hand = parse_cards("Q♥ K♥ A♥ 2♥ 7♠ 7♥ 7♦ 7♣ 3♣")
    melds = {" ".join(str(c) for c in m) for m in possible_melds(hand)}
    assert "Q♥ K♥ A♥" in melds
    assert "K♥ A♥ 2♥" in melds
    assert "Q♥ K♥ A♥ 2♥" in melds
    assert "7♣ 7♦ 7♥ 7♠" in melds
    assert sum(1 for m in melds if m.count("7") == 3) == 4
    for meld in possible_melds(hand):
        analyse_meld(meld)
    assert all(analyse_meld(m).kind in (MeldKind.RUN, MeldKind.SET) for m in possible_melds(hand))


def test_possible_melds_of_a_full_suit() -> None:
    hand = parse_cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠")
    melds = possible_melds(hand)
    assert len(melds) == 13 * 10 + 1
    assert len({frozenset(m) for m in melds}) == len(melds)


def _runs_rank_by_rank(hand: list[Card]) -> list[tuple[Card, ...]]:
    """The runs of ``hand`` found by walking each suit's ring one rank at a time (how
    ``possible_melds`` found them before it read the suit's mask at once)."""
    runs: list[tuple[Card, ...]] = []
    for suit in range(4):
        held = {c.rank_int for c in hand if c.suit_int == suit}
        if len(held) == 13:
            continue  # the full suit is listed apart, as one meld
        for start in range(1, 14):
            run = [start, start % 13 + 1, (start + 1) % 13 + 1]
            if not all(rank in held for rank in run):
                continue
            runs.append(tuple(CARD_AT[suit][r] for r in run))
            while run[-1] % 13 + 1 in held and len(run) < 12:
                run.append(run[-1] % 13 + 1)
                runs.append(tuple(CARD_AT[suit][r] for r in run))
    return runs


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(TWO_PACKS), max_size=26))
def test_possible_melds_finds_every_run_round_the_ring_in_order(hand: list[Card]) -> None:
    runs = [m for m in possible_melds(hand) if len({c.suit_int for c in m}) == 1]
    assert runs == _runs_rank_by_rank(hand)
