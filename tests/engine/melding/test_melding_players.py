"""The Rommé and Wiener Rummy computer players: legal moves only, whole sessions finish,
the same seed gives the same choice, and a few decisions a sound player must make."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Discard, DrawTalon, Meld
from engine.actions import CallRummy, Knock, TakeBack, TakeDiscard
from engine.arena import main, play_session, simulate_game
from engine.games.romme.game import RommeGame, RommeRuleset
from engine.games.wiener.game import WienerGame, WienerRuleset
from engine.players import STRENGTHS
from engine.protocol import Phase
from engine.registry import get_spec
from tests.engine.melding_deals import one, romme, wiener

MAX_STEPS = 220


def _new_game(
    key: str, seats: int, seed: int, options: tuple[bool, bool, bool]
) -> RommeGame | WienerGame:
    names = [f"p{i}" for i in range(seats)]
    if key == "romme":
        fourteen, only_to_meld, strict = options
        rules = RommeRuleset(
            dealer_gets_14=fourteen, discard_only_to_meld=only_to_meld, strict_swap=strict
        )
        return rules.new_game(names, seed)
    return WienerRuleset(knock_limit=10 if options[0] else 5).new_game(names, seed)


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    key=st.sampled_from(["romme", "wiener"]),
    strengths=st.lists(st.sampled_from(STRENGTHS), min_size=2, max_size=6),
    seed=st.integers(0, 2**32 - 1),
    options=st.tuples(st.booleans(), st.booleans(), st.booleans()),
)
def test_players_choose_only_legal_moves(
    key: str, strengths: list[str], seed: int, options: tuple[bool, bool, bool]
) -> None:
    game = _new_game(key, len(strengths), seed, options)
    players = [get_spec(key).make_player(s, seed + i) for i, s in enumerate(strengths)]
    for _ in range(MAX_STEPS):
        if game.phase is Phase.OVER:
            break
        seat = game.to_act
        legal = game.legal_actions()
        view = game.private_view(seat)
        action = players[seat].choose(view, legal)
        assert action in legal, (strengths[seat], action)
        timeout = get_spec(key).timeout_action(view, legal)
        assert timeout in legal
        assert not isinstance(timeout, Knock | CallRummy)
        game.apply(action)


@pytest.mark.parametrize(
    ("key", "seats"),
    [
        ("romme", ["normal", "random"]),
        ("romme", ["hard", "normal", "random"]),
        ("wiener", ["normal", "random"]),
        ("wiener", ["hard", "normal"]),
    ],
)
def test_whole_sessions_finish(key: str, seats: list[str]) -> None:
    result = simulate_game(key, seats, games=1, seed=11)
    assert result["games"] == 1
    assert sum(result["wins"].values()) == 1
    assert result["avg_rounds"] >= 1


def test_same_seed_same_session() -> None:
    first = play_session("romme", ["normal", "random", "hard"], seed=5)
    again = play_session("romme", ["normal", "random", "hard"], seed=5)
    assert first.to_json() == again.to_json()
    first_w = play_session("wiener", ["random", "normal"], seed=6)
    again_w = play_session("wiener", ["random", "normal"], seed=6)
    assert first_w.to_json() == again_w.to_json()


@pytest.mark.parametrize("key", ["romme", "wiener"])
@pytest.mark.parametrize("strength", STRENGTHS)
def test_same_seed_same_choice(key: str, strength: str) -> None:
    game = _new_game(key, 3, 42, (False, False, False))
    player = get_spec(key).make_player(strength, 9)
    for _ in range(60):
        seat = game.to_act
        legal = game.legal_actions()
        view = game.private_view(seat)
        chosen = player.choose(view, legal)
        # A fresh player with the same seed, asked twice, agrees: no hidden state.
        fresh = get_spec(key).make_player(strength, 9)
        assert fresh.choose(view, legal) == chosen
        assert player.choose(view, legal) == chosen
        game.apply(chosen)


def test_random_players_differ_by_seed() -> None:
    game = _new_game("wiener", 2, 1, (False, False, False))
    game.apply(game.legal_actions()[0])  # now a discard with ten or eleven choices
    view = game.private_view(game.to_act)
    legal = game.legal_actions()
    picks = {get_spec("wiener").make_player("random", s).choose(view, legal) for s in range(30)}
    assert len(picks) > 1


def test_unknown_names_are_refused() -> None:
    with pytest.raises(ValueError, match="strength"):
        get_spec("romme").make_player("genius", 1)
    with pytest.raises(ValueError, match="game"):
        get_spec("canasta")


# ------------------------------------------------------------------------- decisions
BEN = "5♥ 6♥ 7♥ 8♠ 8♦ 8♣ K♠ K♦ K♣ 2♠"  # deadwood 2


@pytest.mark.parametrize("strength", ["normal", "hard"])
def test_wiener_knocks_with_least_deadwood(strength: str) -> None:
    anna = "4♣ 9♦ J♠ Q♦ 3♥ 7♠ 10♣ 2♦ 5♣ 6♦"
    game = wiener([anna, BEN], discard="9♣", stock_top="3♠ A♠")
    player = get_spec("wiener").make_player(strength, 1)
    assert game.to_act == 1
    assert player.choose(game.private_view(1), game.legal_actions()) == DrawTalon(1)
    game.apply(DrawTalon(1))
    assert player.choose(game.private_view(1), game.legal_actions()) == Knock(1, one("3♠"))


@pytest.mark.parametrize("strength", ["normal", "hard"])
def test_wiener_takes_the_upcard_and_calls_rummy(strength: str) -> None:
    anna = "4♣ 9♦ J♠ Q♦ 3♥ 7♠ 10♣ 2♦ 5♣ 6♦"
    game = wiener([anna, BEN], discard="4♥", stock_top="3♠ A♠")
    player = get_spec("wiener").make_player(strength, 1)
    assert player.choose(game.private_view(1), game.legal_actions()) == TakeDiscard(1)
    game.apply(TakeDiscard(1))
    assert player.choose(game.private_view(1), game.legal_actions()) == CallRummy(1, one("2♠"))


def test_wiener_timeout_never_knocks() -> None:
    anna = "4♣ 9♦ J♠ Q♦ 3♥ 7♠ 10♣ 2♦ 5♣ 6♦"
    game = wiener([anna, BEN], discard="4♥", stock_top="3♠ A♠")
    assert get_spec("wiener").timeout_action(game.private_view(1), game.legal_actions()) == (
        DrawTalon(1)
    )
    game.apply(DrawTalon(1))
    move = get_spec("wiener").timeout_action(game.private_view(1), game.legal_actions())
    assert move == Discard(1, one("3♠"))


@pytest.mark.parametrize("strength", ["normal", "hard"])
def test_romme_opens_then_discards(strength: str) -> None:
    anna = "10♥ J♥ Q♥ K♠ K♦ K♣ 2♣ 5♦ 7♠ 9♣ 3♥ 4♠ 8♦"
    ben = "2♥ 4♦ 6♠ 8♣ 10♦ Q♠ A♣ 3♦ 5♠ 7♣ 9♥ J♦ K♥"
    game = romme([anna, ben], discard="6♦", stock_top="6♣")
    player = get_spec("romme").make_player(strength, 3)
    laid: list[Meld] = []
    while game.to_act == 0 and game.phase is not Phase.OVER:
        action = player.choose(game.private_view(0), game.legal_actions())
        assert not isinstance(action, TakeBack)
        if isinstance(action, Meld):
            laid.append(action)
        game.apply(action)
    assert game.own.opened[0]
    assert sum(len(m.cards) for m in laid) == 6
    assert isinstance(game.actions[-1], Discard)


def test_romme_timeout_takes_back_pending_melds() -> None:
    anna = "10♥ J♥ Q♥ K♠ K♦ K♣ 2♣ 5♦ 7♠ 9♣ 3♥ 4♠ 8♦"
    ben = "2♥ 4♦ 6♠ 8♣ 10♦ Q♠ A♣ 3♦ 5♠ 7♣ 9♥ J♦ K♥"
    game = romme([anna, ben], discard="6♦", stock_top="6♣")
    assert get_spec("romme").timeout_action(game.private_view(0), game.legal_actions()) == (
        DrawTalon(0)
    )
    game.apply(DrawTalon(0))
    game.apply(Meld(0, tuple(one(c) for c in ("10♥", "J♥", "Q♥"))))
    assert get_spec("romme").timeout_action(game.private_view(0), game.legal_actions()) == (
        TakeBack(0)
    )
    game.apply(TakeBack(0))
    move = get_spec("romme").timeout_action(game.private_view(0), game.legal_actions())
    assert isinstance(move, Discard)
    assert move.card not in {one("K♠"), one("10♥")}


def test_sim_prints_json_last(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "wiener", "--games", "2", "--seats", "normal,random"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    data = json.loads(last)
    assert data["games"] == 2
    assert set(data["wins"]) == {"normal", "random"}
    assert {"avg_rounds", "actions_per_s", "decision_ms_p50", "decision_ms_p99"} <= set(data)
