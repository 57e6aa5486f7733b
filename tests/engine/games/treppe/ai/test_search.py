"""The hard player's search: sampled worlds match the view, rollouts keep every card."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from engine import FULL_PACK, Phase, Ruleset
from engine.games.treppe.ai import make_player
from engine.games.treppe.ai.planner import Context, Weights
from engine.games.treppe.ai.search import (
    MIN_WORLDS,
    Budget,
    SimState,
    _search,
    _verdict,
    candidate_plans,
    rollout,
    sample_worlds,
)
from engine.games.treppe.game import Game


def _advance(game: Game, actions: int, seed: int) -> None:
    players = [make_player("normal", seed + i) for i in range(game.n)]
    for _ in range(actions):
        if game.phase is Phase.OVER:
            break
        seat = game.to_act
        game.apply(players[seat].choose(game.private_view(seat), game.legal_actions()))


def test_worlds_agree_with_the_view() -> None:
    for seed in range(6):
        game = Ruleset().new_game(["a", "b", "c"][: 2 + seed % 2], seed)
        _advance(game, 25, seed)
        if game.phase is Phase.OVER:
            continue
        view = game.private_view(game.to_act)
        for world in sample_worlds(view, 5, random.Random(seed)):
            assert world.hands[view.seat] == list(view.hand)
            for seat in view.public.seats:
                hand = world.hands[seat.seat]
                assert len(hand) == seat.hand_count
                assert all(c in hand for c in seat.known_cards)
            assert len(world.talon) == view.public.talon_count
            assert world.stair == list(view.public.staircase)
            cards = [*world.talon, *world.stair, *world.table]
            for hand in world.hands:
                cards.extend(hand)
            assert Counter(cards) == Counter(FULL_PACK)


def test_rollouts_keep_every_card_and_end_or_stop() -> None:
    weights = Weights()
    for seed in range(6):
        game = Ruleset().new_game(["a", "b"], 100 + seed)
        _advance(game, 8, seed)
        view = game.private_view(game.to_act)
        rng = random.Random(seed)
        for world in sample_worlds(view, 3, rng):
            if view.public.phase is Phase.PLAY:
                ctx = Context.of_view(view, weights)
                world.play(view.seat, candidate_plans(view.hand, ctx)[0])
            rollout(world, weights, rng, 200)
            cards = [*world.talon, *world.stair, *world.table]
            for hand in world.hands:
                cards.extend(hand)
            assert Counter(cards) == Counter(FULL_PACK)
            assert world.over


def test_candidate_plans_offer_several_discards_and_holding() -> None:
    game = Ruleset().new_game(["a", "b"], 4)
    _advance(game, 1, 4)  # the dealer drew
    view = game.private_view(game.to_act)
    plans = candidate_plans(view.hand, Context.of_view(view, Weights()))
    assert len({p.discard for p in plans if not p.out}) >= 2
    assert all(p.discard in view.hand for p in plans if p.discard is not None)


def test_budget_is_fixed_not_timed() -> None:
    budget = Budget()
    assert budget.worlds > 0
    assert budget.candidates >= 2


def test_search_stops_early_only_when_the_batch_is_plain() -> None:
    budget = Budget(margin=2.0, stop_z=2.0, final_z=0.0)
    same = [[1.0, 1.0, 1.0]] * 16  # the candidates cannot differ: keep the heuristic's choice
    assert _verdict(same, budget, final=False) == 0
    clear = [[0.0, 10.0 + k % 2, 0.0] for k in range(16)]  # candidate 1 plainly better
    assert _verdict(clear, budget, final=False) == 1
    noisy = [[0.0, 40.0 if k % 2 else -30.0, 0.0] for k in range(16)]  # mean +5, s.e. ~9
    assert _verdict(noisy, budget, final=False) is None
    assert _verdict(noisy, budget, final=True) == 1
    assert _verdict(noisy, Budget(final_z=1.0), final=True) == 0


def _counting_run(
    searched: list[SimState], splits: int
) -> Callable[[list[SimState], list[float]], list[list[float]]]:
    def run(worlds: list[SimState], seeds: list[float]) -> list[list[float]]:
        for world in worlds:
            assert world.work is not None
            world.work[0] += splits  # what planning this world's rollouts would add
            searched.append(world)
        return [[0.0, 1.0] for _ in worlds]  # candidate 1 a little better, never by margin

    return run


def test_work_budget_cuts_a_dear_search_short() -> None:
    game = Ruleset().new_game(["a", "b"], 3)
    _advance(game, 1, 3)
    view = game.private_view(game.to_act)
    searched: list[SimState] = []
    budget = Budget(work=250, margin=2.0)
    assert _search(view, 2, _counting_run(searched, 100), budget, random.Random(1)) == 0
    assert len(searched) == MIN_WORLDS  # the budget ran out after 3 worlds
    assert len({id(w.work) for w in searched}) == 1  # one counter for the whole search

    searched.clear()
    cheap = Budget(work=10**9, margin=2.0)
    assert _search(view, 2, _counting_run(searched, 100), cheap, random.Random(1)) == 0
    assert len(searched) == cheap.batch  # stopped by the batch test, not the budget
