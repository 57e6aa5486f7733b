"""bench/spiel_adapter.py: every registered game as a pyspiel game agrees with the engine on
random rounds, passes pyspiel's own random-simulation checks, and re-deals only what the seat
to act has not seen."""

from __future__ import annotations

import random
from collections import Counter

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel (the bench extra) is not installed")

from bench.spiel_adapter import RoundCore, game_name, register  # noqa: E402
from engine.actions import DrawTalon  # noqa: E402
from engine.deal import Deal  # noqa: E402
from engine.events import TalonRebuilt  # noqa: E402
from engine.registry import game_keys, get_spec  # noqa: E402

KEYS = game_keys()


def chance(core: RoundCore, rng: random.Random) -> int:
    outcomes, probs = zip(*core.chance_outcomes(), strict=True)
    assert abs(sum(probs) - 1) < 1e-9
    return rng.choices(outcomes, probs)[0]


def engine_alone(core: RoundCore) -> tuple[object, int]:
    """The round played again by the engine alone, dealt so that its stock gives the cards
    the adapter's chance drew, up to the first rebuild of the stock (after it the adapter's
    chance and the engine's shuffle part): the game and how many steps it took."""
    probe, steps = core.replayed([]), 0
    for step in core.history:
        steps += 1
        if any(isinstance(e, TalonRebuilt) for e in probe._step(step)):
            break
    history = core.history[:steps]
    dealer = history[0][1]
    hands: list[list[object]] = [[] for _ in range(core.n)]
    for step in history:
        if step[0] == "deal":
            hands[step[1]].append(step[2])
    up = tuple(step[1] for step in history if step[0] == "up")
    drawn = [step[2] for step in history if step[0] == "draw"]
    rest = Counter(core.pack)
    rest.subtract([c for hand in hands for c in hand] + list(up) + drawn)
    stock = tuple(rest.elements()) + tuple(reversed(drawn))
    deal = Deal(dealer, tuple(map(tuple, hands)), up, stock)
    game = core.rules.new_game([f"P{i}" for i in range(core.n)], 0, deal)  # type: ignore[call-arg]
    for step in history[len(core.plan) + 1 :]:
        game.apply(DrawTalon(step[1]) if step[0] == "draw" else step[1])
    return game, steps


def agrees_with_the_engine_alone(core: RoundCore) -> None:
    alone, steps = engine_alone(core)
    ours = core.replayed(core.history[:steps]).game
    assert ours is not None
    for seat in range(core.n):
        assert alone.private_view(seat).hand == ours.private_view(seat).hand
    assert alone.public_view().discard_pile == ours.public_view().discard_pile
    assert alone.public_view().stock_count == ours.public_view().stock_count
    assert [r.totals for r in alone.results] == [r.totals for r in ours.results]


@pytest.mark.parametrize("key", KEYS)
def test_random_rounds_agree_with_the_engine(key: str) -> None:
    register()
    game = pyspiel.load_game(game_name(key))
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        core: RoundCore = state.core
        while not state.is_terminal():
            if state.is_chance_node():
                if core.game is not None:  # a draw: exactly the stock's cards
                    stock = {hash(c) for c in core.game.stock}  # type: ignore[attr-defined]
                    assert {o for o, _ in state.chance_outcomes()} == stock
                state.apply_action(chance(core, rng))
                continue
            engine = core.game
            assert engine is not None
            legal = engine.legal_actions()
            assert state.legal_actions() == list(range(len(legal)))
            assert Counter(core.legal_actions()) == Counter(legal)
            assert state.current_player() == engine.to_act
            assert sorted(engine.card_locations()) == core.pack
            state.apply_action(rng.randrange(len(legal)))
        result = core.game.results[0]  # type: ignore[union-attr]
        sign = -1 if get_spec(key).new_game(None, ["a", "b"], 0).standings().lower_is_better else 1
        assert state.returns() == [sign * p for p in result.totals]  # bonuses too
        agrees_with_the_engine_alone(core)


def _rebuilt(core: RoundCore) -> bool:
    assert core.game is not None
    return any(isinstance(e, TalonRebuilt) for e in core.game.events)


@pytest.mark.parametrize("key", KEYS)
def test_pyspiels_random_simulation_checks(key: str) -> None:
    register()
    pyspiel.random_sim_test(
        pyspiel.load_game(game_name(key)), num_sims=1, serialize=False, verbose=False
    )


def _unseen(core: RoundCore, seat: int) -> Counter[object]:
    """The cards in the other hands and the stock, together."""
    assert core.game is not None
    cards = Counter(core.game.stock)  # type: ignore[attr-defined]
    for other in range(core.n):
        if other != seat:
            cards.update(core.game.private_view(other).hand)
    return cards


@pytest.mark.parametrize("key", KEYS)
def test_a_resample_redeals_only_what_the_seat_to_act_has_not_seen(key: str) -> None:
    rng = random.Random(7)
    core = RoundCore(key, 2, seed=7)
    changed = checked = 0
    while not core.over and checked < 40:
        if core.to_act == -1:
            core.apply_chance(chance(core, rng))
            continue
        seat = core.to_act
        assert core.game is not None
        new = core.resample(seat, rng)
        assert new.information_state(seat) == core.information_state(seat)
        assert new.legal_actions() == core.legal_actions()
        assert new.game is not None
        assert new.game.private_view(seat).hand == core.game.private_view(seat).hand
        assert new.game.public_view().discard_pile == core.game.public_view().discard_pile
        if not _rebuilt(core):
            assert _unseen(new, seat) == _unseen(core, seat)
        other = 1 - seat
        changed += Counter(new.game.private_view(other).hand) != Counter(
            core.game.private_view(other).hand
        )
        checked += 1
        core.apply_index(rng.randrange(len(core.legal_actions())))
    assert changed > 0


@pytest.mark.parametrize("key", KEYS)
def test_ismcts_searches_through_the_adapter(key: str) -> None:
    np = pytest.importorskip("numpy")
    from open_spiel.python.algorithms import ismcts

    from bench.vs_ismcts import rollout_evaluator

    register()
    game = pyspiel.load_game(game_name(key))
    bot = ismcts.ISMCTSBot(
        game, rollout_evaluator(1), 2.0, 3, random_state=np.random.RandomState(1)
    )
    rng = random.Random(1)
    state = game.new_initial_state()
    searches = 0
    while not state.is_terminal() and searches < 3:
        if state.is_chance_node():
            state.apply_action(chance(state.core, rng))
        elif state.current_player() == 0:
            move = bot.step(state)  # asserts that every determinization keeps the key
            assert move in state.legal_actions()
            state.apply_action(move)
            searches += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert searches == 3
