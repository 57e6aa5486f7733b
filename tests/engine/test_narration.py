"""The engine's one narrator (``engine.narration``): every game's events in words, in both
languages, for a reader who is a player ("you") or who watches (every seat by name)."""

from __future__ import annotations

from functools import cache

import pytest

from engine.arena import play_session
from engine.arrangement import Arrangement
from engine.cards import Card, parse_cards
from engine.events import (
    Discarded,
    DrewFromTalon,
    FirstDealerDrawn,
    Knocked,
    LaidOff,
    Melded,
    RoundEnded,
    RoundStarted,
    SessionEnded,
    TalonRebuilt,
    TookDiscard,
)
from engine.games.gin.rules import PRICES as GIN_PRICES
from engine.games.gin.rules import GinHandResult
from engine.games.rum500.game import Rum500RoundResult
from engine.games.wiener.events import RummyCalled
from engine.melding.melds import analyse_priced_meld
from engine.narration import GameWords, Narrator, game_words, tell
from engine.protocol import RummyGame
from engine.registry import game_keys, get_spec

NAMES = ("You", "Ben")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


@cache
def finished(key: str) -> RummyGame:
    return play_session(key, ["normal", "normal"], seed=5)


def test_every_game_has_words_of_its_own() -> None:
    for key in game_keys():
        assert isinstance(game_words(key), GameWords)
        assert game_words(key).result is not None, key
    assert game_words("treppenromme").talon and not game_words("romme").talon
    assert game_words("gin").hands and not game_words("gin").melds_in_play
    assert not game_words("wiener").melds_in_play and game_words("rum500").melds_in_play


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                "Ben takes the staircase from 7♥ up: 7♥ 8♥ 9♥.",
                "You take 9♥ from the staircase.",
                "Ben melds Q♥ K♥ A♥ as meld 3 for 1 point.",
                "You lay 7♠ on meld 2 for 7 points.",
                "Ben discards Q♥.",
                "Ben draws from the talon.",
                "The talon ran out: 1 staircase card makes a new talon.",
            ],
        ),
        (
            "de",
            [
                "Ben nimmt die Treppe ab 7♥ aufwärts: 7♥ 8♥ 9♥.",
                "Du nimmst 9♥ von der Treppe.",
                "Ben legt D♥ K♥ A♥ als Kombination 3 für 1 Punkt aus.",
                "Du legst 7♠ für 7 Punkte an Kombination 2 an.",
                "Ben wirft D♥ ab.",
                "Ben zieht vom Talon.",
                "Der Talon ist aufgebraucht: 1 Treppenkarte wird zum neuen Talon.",
            ],
        ),
    ],
)
def test_the_shared_events_for_a_player_and_for_another(lang: str, expected: list[str]) -> None:
    voice = Narrator("treppenromme", NAMES, you=0, language=lang)
    events = [
        TookDiscard(1, cards("7♥ 8♥ 9♥")),
        TookDiscard(0, cards("9♥")),
        Melded(1, 2, cards("Q♥ K♥ A♥"), 1),
        LaidOff(0, 1, Card.parse("7♠"), None, 7),
        Discarded(1, Card.parse("Q♥")),
        DrewFromTalon(1),
        TalonRebuilt(1, 1),
    ]
    told = voice.narrate(events)
    assert told[:6] == expected[:6]
    assert told[6].startswith(expected[6].split(":")[0])


@pytest.mark.parametrize(
    ("lang", "drawn", "hidden"),
    [
        ("en", "You draw 3♣ from the stock.", "You draws from the stock."),
        ("de", "Du ziehst 3♣ vom Talon.", "You zieht vom Talon."),
    ],
)
def test_a_drawn_card_is_named_to_its_drawer_only(lang: str, drawn: str, hidden: str) -> None:
    three = Card.parse("3♣")
    assert Narrator("romme", NAMES, you=0, language=lang).tell(DrewFromTalon(0), drawn=three) == (
        drawn
    )
    watcher = Narrator("romme", NAMES, language=lang)  # a replay: nobody is "you"
    assert watcher.tell(DrewFromTalon(0), drawn=three) == hidden


def test_the_deal_and_the_first_dealer_in_both_languages() -> None:
    start = RoundStarted(2, 1, Card.parse("7♣"), 0)
    assert tell(start, game="romme", names=NAMES, you=0, language="en").strip() == (
        "Round 2 begins. Ben deals. You play first. The upcard is 7♣."
    )
    assert tell(start, game="gin", names=NAMES, language="de").strip() == (
        "Runde 2 beginnt. Ben gibt. You spielt zuerst. Die offene Karte ist 7♣."
    )
    drawn = FirstDealerDrawn(((((0, Card.parse("A♦")), (1, Card.parse("3♥")))),), 0)
    assert tell(drawn, game="gin", names=NAMES, you=0, language="en").endswith("→ you deal.")
    assert tell(drawn, game="gin", names=NAMES, language="de").endswith("→ You gibt.")


def _arrangement(melds: list[str], left: str, deadwood: int, laid_off: str = "") -> Arrangement:
    shapes = tuple(analyse_priced_meld(cards(m), GIN_PRICES) for m in melds)
    return Arrangement(
        shapes, cards(left) if left else (), deadwood, cards(laid_off) if laid_off else ()
    )


def _gin_hand(*, special: bool, undercut: bool, points: tuple[int, int]) -> GinHandResult:
    knocker = _arrangement(
        ["2♣ 2♦ 2♥", "7♣ 7♦ 7♥ 7♠"], "" if special else "3♣ A♦ 4♥", 0 if special else 8
    )
    defender = _arrangement(["8♦ 9♦ 10♦"], "4♣ 3♦ A♥", 8, laid_off="2♠")
    return GinHandResult(
        round_number=1,
        closer=1,
        special=special,
        points=points,
        totals=points,
        dealer=0,
        knock_card=10,
        hands=(defender, knocker),
        undercut=undercut,
        doubled=False,
        void=None,
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_gin_hand_shows_both_hands_and_calls_gin_gin(lang: str) -> None:
    voice = Narrator("gin", NAMES, you=0, language=lang)
    knock = _gin_hand(special=False, undercut=False, points=(0, 10))
    lines = voice.result_lines(knock)
    knocked = "geklopft" if lang == "de" else "knocked"
    deadwood = "Restkarten" if lang == "de" else "deadwood"
    laid_off = "angelegt" if lang == "de" else "laid off"
    assert lines[2] == f"  You: [8♦ 9♦ 10♦] · {laid_off} 2♠ · {deadwood} 4♣ 3♦ A♥ = 8"
    assert lines[3].startswith(f"  Ben ({knocked}): [2♣ 2♦ 2♥] [7♣ 7♦ 7♥ 7♠] · {deadwood} ")
    gin = voice.result_lines(_gin_hand(special=True, undercut=False, points=(0, 33)))
    undercut = voice.result_lines(_gin_hand(special=False, undercut=True, points=(25, 0)))
    if lang == "en":
        assert lines[:2] == ["Ben knocked and wins the hand.", "Ben scores 10 points."]
        assert gin[0] == "Ben went gin." and undercut[:2] == [
            "You undercut the knock.",
            "You score 25 points.",
        ]
        assert lines[-3:] == ["Match points:", "  You:  0", "  Ben: 10"]
    else:
        assert lines[:2] == ["Ben hat geklopft und gewinnt die Runde.", "Ben bekommt 10 Punkte."]
        assert gin[0] == "Ben hat Gin gemacht." and undercut[0] == "Du unterbietest das Klopfen."
    hand = _arrangement(["2♣ 2♦ 2♥"], "", 0)
    said = voice.tell(Knocked(1, Card.parse("4♥"), hand))
    assert said == (
        "Ben goes gin, discarding 4♥." if lang == "en" else "Ben wirft 4♥ ab und macht Gin."
    )


@pytest.mark.parametrize(
    ("lang", "knocked", "gin"), [("en", "knocked", "gin"), ("de", "geklopft", "Gin")]
)
def test_the_knockers_hand_is_tagged_with_how_the_hand_closed(
    lang: str, knocked: str, gin: str
) -> None:
    """The tag is a word of its own, not the verb ("Ben (hat geklopft)"); a gin says gin."""
    watcher = Narrator("gin", ("Anna", "Ben"), language=lang)
    knock = watcher.result_lines(_gin_hand(special=False, undercut=False, points=(0, 10)))
    assert knock[3].startswith(f"  Ben ({knocked}): [2♣ 2♦ 2♥]")
    assert knock[2].startswith("  Anna: [8♦ 9♦ 10♦]")
    went_gin = watcher.result_lines(_gin_hand(special=True, undercut=False, points=(0, 33)))
    assert went_gin[3].startswith(f"  Ben ({gin}): [2♣ 2♦ 2♥]")
    player = Narrator("gin", ("Ben", "You"), you=1, language=lang)  # names as given
    undercut = player.result_lines(_gin_hand(special=False, undercut=True, points=(25, 0)))
    assert undercut[3].startswith(f"  You ({knocked}): ")  # undercut, but the knocker still


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                "You go out.",
                "  You: placed 77, nothing in hand = +77",
                "  Ben: placed 30 − in hand 4♣ K♦ (14) = +16",
            ],
        ),
        (
            "de",
            [
                "Du gehst raus.",
                "  You: ausgelegt 77, nichts auf der Hand = +77",
                "  Ben: ausgelegt 30 − auf der Hand 4♣ K♦ (14) = +16",
            ],
        ),
    ],
)
def test_an_empty_500_rum_hand_is_told_as_nothing_in_hand(lang: str, expected: list[str]) -> None:
    result = Rum500RoundResult(
        round_number=1,
        closer=0,
        special=False,
        points=(77, 16),
        totals=(77, 16),
        placed=(77, 30),
        hands=((), cards("4♣ K♦")),
        hand_points=(0, 14),
    )
    lines = Narrator("rum500", NAMES, you=0, language=lang).result_lines(result)
    assert lines[:3] == expected
    assert not any("- (0)" in line for line in lines)


def test_a_discard_told_again_by_the_close_is_told_once() -> None:
    four = Card.parse("4♥")
    hand = _arrangement(["2♣ 2♦ 2♥"], "", 0)
    told = Narrator("wiener", NAMES, language="en").narrate(
        [Discarded(1, four), RummyCalled(1, four, hand)]
    )
    assert told == ["Ben calls Rummy, discarding 4♥."]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("key", game_keys())
def test_every_games_round_result_in_full(key: str, lang: str) -> None:
    game = finished(key)
    result = game.results[0]
    voice = Narrator(key, game.names, language=lang)
    lines = voice.result_lines(result)
    heading = len(lines) - len(game.names) - 1
    assert lines[heading].endswith(":")
    for name, line in zip(game.names, lines[heading + 1 :], strict=True):
        assert line.startswith(f"  {name}:")
    told = "\n".join(lines[:heading])
    english = Narrator(key, game.names, language="en").result_lines(result)
    assert (lines == english) is (lang == "en")
    hands = getattr(result, "hands", ())
    for hand in hands:  # every hand left shows, sorted as in a hand
        shown = voice.laid(hand) if hasattr(hand, "melds") else voice.hand(hand)
        if hand:
            assert shown in told, shown
    assert get_spec(key).title  # the game's words found through the registry


def test_an_output_that_shows_results_and_hands_apart_is_told_one_line() -> None:
    """A chat's table (the bot) shows a round's result and a knocker's hand apart: a round's
    end is told by its headline, a knock by its deadwood, the whole as one log line."""
    game = finished("wiener")
    result = game.results[0]
    voice = Narrator("wiener", NAMES, language="en", headline=lambda r: "Round over.")
    four = Card.parse("4♥")
    hand = _arrangement(["2♣ 2♦ 2♥"], "3♣", 3)
    events = [Discarded(1, four), Knocked(1, four, hand), RoundEnded(result)]
    assert voice.narrate(events)[-1] == "Round over."
    assert voice.tell(Knocked(1, four, hand)).startswith("Ben knocks, discarding 4♥: [2♣ 2♦ 2♥]")
    shown = Narrator("wiener", NAMES, language="de", hands_shown=True, bold=str.upper)
    assert shown.tell(Knocked(1, four, hand)) == "Ben wirft 4♥ ab und klopft mit 3 Restpunkten."
    line = shown.paragraph([Discarded(1, four), RoundStarted(2, 0, four, 1), DrewFromTalon(1)])
    assert line == (
        "Ben wirft 4♥ ab. RUNDE 2 BEGINNT. You gibt. Ben spielt zuerst. Die offene Karte ist 4♥. "
        "Ben zieht vom Talon."
    )


@pytest.mark.parametrize(("lang", "words"), [("en", "12 minus points"), ("de", "12 Minuspunkten")])
def test_rommes_winner_has_the_fewest_minus_points(lang: str, words: str) -> None:
    told = tell(SessionEnded(1, (40, 12), 0), game="romme", names=NAMES, language=lang)
    assert told.strip().endswith(f"{words}.")


def test_a_paragraph_parts_the_items_of_a_list() -> None:
    game = finished("gin")
    voice = Narrator("gin", game.names, language="en")
    scored = [e for e in game.events if type(e).__name__ == "MatchScored"]
    line = voice.paragraph(scored)
    assert line.startswith("The match's bonuses: ") and line.count(" · ") == 2


@pytest.mark.parametrize("key", game_keys())
def test_a_move_that_tells_nothing_is_told_as_nothing(key: str) -> None:
    # A replay of a 500 Rum session met a move with no events to tell, and stopped there.
    narrator = Narrator(key, NAMES)
    assert narrator.narrate([]) == []
    assert narrator.paragraph([]) == ""
