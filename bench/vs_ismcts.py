"""Our computer players against OpenSpiel's IS-MCTS, one round at a time, in every game.

Each game is played through bench/spiel_adapter.py (one round, its returns the round's
points, higher better) by ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with OpenSpiel's
random-rollout evaluator (one rollout to the round's end a simulation): ``--sims``
simulations a move (by default ``DEFAULT_SIMS``, by game) and the UCT constant ``--uct-c``
times the spread of a seat's round points in random play (``points_scale``: the returns are
points, not -1..1). Our ``hard`` (and ``normal``) sits in the other seat. Every deal is played
twice with the seats swapped (a mirrored pair): the same dealer, hands, upcard and stock
order, the same stock rebuilds. A round is won by the seat with the more points; ties count
apart. The 95% interval is over mirrored pairs (a pair-cluster ratio estimate), as the two
rounds of a pair are not independent.

Usage: python bench/vs_ismcts.py [--games KEY,...] [--pairs N] [--sims N] [--strengths
hard,normal] [--workers 2] [--seed S]. Its last line: ``<game>_hard_vs_ismcts_pct=F`` for every
game played (and ``<game>_normal_vs_ismcts_pct=F``): rounds won of the decided ones.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.spiel_adapter import RoundCore, game_name, pyspiel, register
from engine.registry import game_keys, get_spec

DEFAULT_PAIRS = 6
# IS-MCTS's simulations a move by game: what about 12 minutes on two free cores allow for
# hard and normal both (a simulation of random play to the round's end costs about 6 ms in
# Treppenrommé, 5 in Gin, 17 in 500 Rum, 40 in Rommé and 250 in Wiener Rummy).
DEFAULT_SIMS = {"treppenromme": 100, "gin": 100, "rum500": 50, "romme": 20, "wiener": 5}
DEFAULT_UCT_C = 2.0


@dataclass
class Pairs:
    """What the mirrored pairs of one game and strength gave, pair by pair."""

    won: list[int] = field(default_factory=list)  # rounds won by ours, a pair's
    lost: list[int] = field(default_factory=list)
    ours: list[float] = field(default_factory=list)  # points a round (higher better)
    theirs: list[float] = field(default_factory=list)
    ours_ms: list[float] = field(default_factory=list)  # every decision of ours
    search_s: list[float] = field(default_factory=list)  # every IS-MCTS search

    def add(self, other: Pairs) -> None:
        for name in ("won", "lost", "ours", "theirs", "ours_ms", "search_s"):
            getattr(self, name).extend(getattr(other, name))

    @property
    def rounds(self) -> int:
        return len(self.ours)

    def share(self) -> tuple[float, float]:
        """Rounds won of those decided, in percent, and the 95% half-width (pair-cluster)."""
        return pair_cluster_share(
            self.won, [w + lost for w, lost in zip(self.won, self.lost, strict=True)]
        )


def pair_cluster_share(won: list[int], decided: list[int]) -> tuple[float, float]:
    """``sum(won) / sum(decided)`` in percent and the 95% half-width of that ratio with the
    pairs as clusters (the cluster-robust variance of a ratio estimate)."""
    total = sum(decided)
    if not total:
        return 0.0, 0.0
    share = sum(won) / total
    k = len(won)
    if k < 2:
        return 100 * share, 100.0
    residuals = sum((w - share * d) ** 2 for w, d in zip(won, decided, strict=True))
    variance = residuals / total**2 * k / (k - 1)
    return 100 * share, 196 * math.sqrt(variance)


def points_scale(key: str, rounds: int = 20, seed: int = 0) -> float:
    """The spread (standard deviation) of a seat's round points in random play."""
    rng = random.Random(seed)
    values = []
    for i in range(rounds):
        core = RoundCore(key, 2, seed + i)
        core.record = False
        while not core.over:
            if core.to_act == -1:
                outcomes, probs = zip(*core.chance_outcomes(), strict=True)
                core.apply_chance(rng.choices(outcomes, probs)[0])
            else:  # the engine's own order: the same rounds in every process
                move = rng.choice(core.game.legal_actions())  # type: ignore[union-attr]
                core.apply_index(core.legal_actions().index(move))
        values.append(core.returns()[0])
    return max(1.0, statistics.pstdev(values))


def rollout_evaluator(seed: int) -> Any:
    """OpenSpiel's ``RandomRolloutEvaluator`` (one random rollout to the round's end), playing
    on the state IS-MCTS hands it rather than on a copy: that state is a fresh determinization
    that IS-MCTS never uses again. The rollout steps the adapter's round itself (no pyspiel
    history, no records kept), choosing uniformly as the original does."""
    import numpy as np
    from open_spiel.python.algorithms.mcts import RandomRolloutEvaluator

    class InPlaceRollouts(RandomRolloutEvaluator):  # type: ignore[misc]
        def evaluate(self, state: Any) -> Any:
            core: RoundCore = state.core
            core.record = False
            rng = random.Random(int(self._random_state.randint(2**31)))
            while not core.over:
                if core.to_act == -1:
                    outcomes, probs = zip(*core.chance_outcomes(), strict=True)
                    core.apply_chance(rng.choices(outcomes, probs)[0])
                else:
                    core.apply_index(rng.randrange(len(core.legal_actions())))
            return np.array(core.returns())

    return InPlaceRollouts(random_state=np.random.RandomState(seed))


class Dealer:
    """The chance of a mirrored pair: a dealer and a deck from the pair's seed, dealt in
    order; every card drawn is the stock's top (the stock shuffled from the same seed)."""

    def __init__(self, core: RoundCore, seed: int) -> None:
        rng = random.Random(seed)
        self.dealer = rng.randrange(core.n)
        self.deck = list(core.pack)
        rng.shuffle(self.deck)

    def outcome(self, core: RoundCore) -> int:
        if not core.history:
            return self.dealer
        if core.game is None:
            return hash(self.deck[len(core.history) - 1])
        return hash(core.game.stock[-1])  # type: ignore[attr-defined]


def play_round(job: tuple[str, str, int, int, float], ours_seat: int) -> tuple[float, float, Any]:
    """One round of the pair ``seed``: our ``strength`` in ``ours_seat``, IS-MCTS in the other.
    Returns our points, IS-MCTS's, and (our decision ms, IS-MCTS search seconds)."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts

    key, strength, seed, sims, uct_c = job
    game = pyspiel.load_game(game_name(key), {"seed": seed})
    state = game.new_initial_state()
    core: RoundCore = state.core
    dealer = Dealer(core, seed)
    player = get_spec(key).make_player(strength, seed * 2 + ours_seat)
    bot = ismcts.ISMCTSBot(
        game, rollout_evaluator(seed), uct_c, sims, random_state=np.random.RandomState(seed)
    )
    ours_ms: list[float] = []
    search_s: list[float] = []
    clock = time.perf_counter
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(dealer.outcome(core))
        elif state.current_player() == ours_seat:
            assert core.game is not None
            start = clock()
            action = player.choose(core.game.private_view(ours_seat), core.game.legal_actions())
            ours_ms.append((clock() - start) * 1000)
            state.apply_action(core.legal_actions().index(action))
        else:
            searched = len(state.legal_actions()) > 1
            start = clock()
            move = bot.step(state)
            if searched:
                search_s.append(clock() - start)
            state.apply_action(move)
    returns = state.returns()
    return returns[ours_seat], returns[1 - ours_seat], (ours_ms, search_s)


def play_pair(job: tuple[str, str, int, int, float]) -> tuple[str, str, Pairs]:
    """Both rounds of a mirrored pair: ours in seat 0, then in seat 1."""
    register()
    pairs = Pairs()
    won = lost = 0
    for seat in (0, 1):
        ours, theirs, (ours_ms, search_s) = play_round(job, seat)
        won, lost = won + (ours > theirs), lost + (ours < theirs)
        pairs.ours.append(ours)
        pairs.theirs.append(theirs)
        pairs.ours_ms.extend(ours_ms)
        pairs.search_s.extend(search_s)
    pairs.won.append(won)
    pairs.lost.append(lost)
    return job[0], job[1], pairs


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def report(key: str, strength: str, pairs: Pairs, sims: int, uct_c: float) -> str:
    pct, half = pairs.share()
    low, high = max(0.0, pct - half), min(100.0, pct + half)
    won, lost = sum(pairs.won), sum(pairs.lost)
    rounds = max(1, pairs.rounds)
    return (
        f"{key}: {strength} vs IS-MCTS ({sims} sims a move, uct_c {uct_c:.1f}): "
        f"{pairs.rounds} rounds ({len(pairs.won)} mirrored pairs), won {won}, lost {lost}, "
        f"tied {pairs.rounds - won - lost}: {pct:.1f}% of decided rounds (95% CI "
        f"{low:.1f}-{high:.1f}, pair-cluster); points a round {sum(pairs.ours) / rounds:.1f} "
        f"vs {sum(pairs.theirs) / rounds:.1f}; {strength} ms a decision p50 "
        f"{percentile(pairs.ours_ms, 50):.2f} p99 {percentile(pairs.ours_ms, 99):.1f}; "
        f"IS-MCTS s a move p50 {percentile(pairs.search_s, 50):.2f} p99 "
        f"{percentile(pairs.search_s, 99):.2f} ({len(pairs.search_s)} searches)"
    )


def run(
    budgets: dict[str, tuple[int, float]], strengths: list[str], pairs: int, workers: int, seed: int
) -> dict[tuple[str, str], Pairs]:
    """``pairs`` mirrored pairs of every game of ``budgets`` (IS-MCTS's simulations a move and
    UCT constant) and every strength, on ``workers`` processes."""
    jobs = [
        (key, strength, seed * 1_000_000 + i, *budget)
        for key, budget in budgets.items()
        for strength in strengths
        for i in range(pairs)
    ]
    results = {(key, strength): Pairs() for key in budgets for strength in strengths}
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for key, strength, tally in pool.imap_unordered(play_pair, jobs):
                results[key, strength].add(tally)
    else:
        for job in jobs:
            key, strength, tally = play_pair(job)
            results[key, strength].add(tally)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(game_keys()))
    parser.add_argument("--pairs", type=int, default=DEFAULT_PAIRS)
    parser.add_argument("--sims", type=int, help="a move, in every game (default: by game)")
    parser.add_argument("--uct-c", type=float, default=DEFAULT_UCT_C)
    parser.add_argument("--strengths", default="hard,normal")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if pyspiel is None:
        print("open_spiel is not installed (pip install open_spiel==2.0.2): nothing to play")
        return
    keys = [get_spec(key).key for key in args.games.split(",")]
    budgets = {
        key: (args.sims or DEFAULT_SIMS.get(key, 100), args.uct_c * points_scale(key))
        for key in keys
    }
    strengths = args.strengths.split(",")
    start = time.perf_counter()
    results = run(budgets, strengths, args.pairs, args.workers, args.seed)
    figures = []
    for key, (sims, uct_c) in budgets.items():
        for strength in strengths:
            print(report(key, strength, results[key, strength], sims, uct_c), flush=True)
            pct = results[key, strength].share()[0]
            figures.append(f"{key}_{strength}_vs_ismcts_pct={pct:.1f}")
    print(f"played in {time.perf_counter() - start:.0f} s on {args.workers} workers")
    print(" ".join(figures))


if __name__ == "__main__":
    main()
