"""Engine speed: random legal play, and listing legal moves for a 20-card hand.

Prints, as its last line: ``actions_per_s=N rounds_per_s=N legal_ms_p50=F deadwood_ms_p50=F``
(the last: least deadwood of an 11-card Wiener Rummy hand holding both jokers).
When rlcard is installed (``pip install rlcard==1.2.0``) it also measures rlcard's
pure-Python gin rummy game under random legal play in the same run, for comparison.

Gin Rummy is measured beside the same game in other engines: random legal play of whole
hands, the deal included and the legal moves listed before every move, in our engine, in
OpenSpiel's C++ ``gin_rummy`` driven from Python (``pip install open_spiel==2.0.2``; its
chance moves, the cards dealt and drawn, are counted apart) and in rlcard's gin rummy. The
line ``gin_actions_per_s=...`` gives the ratios (goal: 1.5x OpenSpiel's moves, 3x rlcard's).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import FULL_PACK, JOKER, Discard, DrawTalon, Phase, Ruleset, TakeStaircase, deadwood
from engine.registry import get_spec

PLAY_SECONDS = 4.0
WARM_UP_SECONDS = 0.5  # untimed play before each engine's timing
ROUNDS = 4  # each engine's timing in four slices, taken in turn
LEGAL_SAMPLES = 400
DEADWOOD_SAMPLES = 2000


def random_play(seconds: float) -> tuple[int, int, float]:
    """Play random legal sessions; return (actions, rounds, elapsed seconds)."""
    rng = random.Random(1)
    actions = rounds = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed += 1
        game = Ruleset(target=500).new_game(["A", "B", "C", "D"][: 2 + seed % 3], seed)
        while game.phase is not Phase.OVER:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
        rounds += len(game.results)
    return actions, rounds, time.perf_counter() - start


def rlcard_random_play(seconds: float) -> float | None:
    """Actions per second of rlcard's gin rummy game under random legal play."""
    try:
        import numpy as np
        from rlcard.games.gin_rummy.game import GinRummyGame
    except ImportError:
        return None
    game = GinRummyGame()
    game.np_random = np.random.RandomState(1)
    rng = random.Random(1)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.judge.get_legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def gin_random_play(seconds: float) -> tuple[float, float]:
    """Our Gin Rummy under random legal play: (moves per second, hands per second)."""
    spec = get_spec("gin")
    rng = random.Random(1)
    moves = hands = seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed += 1
        game = spec.new_game(None, ["A", "B"], seed)
        for _ in range(3000):  # two random players seldom finish a match: count its hands
            legal = game.legal_actions()
            if not legal:
                break
            game.apply(rng.choice(legal))
            moves += 1
        hands += len(game.results)
    elapsed = time.perf_counter() - start
    return moves / elapsed, hands / elapsed


def openspiel_gin_random_play(seconds: float) -> tuple[float, float, float] | None:
    """OpenSpiel's gin_rummy under random legal play from Python: (players' moves per second,
    all moves per second with the chance moves, hands per second); None without it."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(1)
    moves = chance = hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                chance += 1
            else:
                moves += 1
            state.apply_action(rng.choice(state.legal_actions()))
        hands += 1
    elapsed = time.perf_counter() - start
    return moves / elapsed, (moves + chance) / elapsed, hands / elapsed


def gin_line(
    ours: tuple[float, float], theirs: tuple[float, float, float] | None, rlcard: float | None
) -> str:
    """Our Gin Rummy's speed beside OpenSpiel's and rlcard's."""
    ours_moves, hands = ours
    line = f"gin_actions_per_s={ours_moves:.0f} gin_hands_per_s={hands:.0f}"
    if theirs is None:
        line += " (open_spiel not installed: pip install open_spiel==2.0.2)"
    else:
        moves, with_chance, their_hands = theirs
        line += (
            f" openspiel_actions_per_s={moves:.0f} (with its chance moves {with_chance:.0f})"
            f" ratio={ours_moves / moves:.2f}x (target >= 1.5x; {ours_moves / with_chance:.2f}x"
            f" counting its chance moves, {hands / their_hands:.2f}x in hands)"
        )
    if rlcard is not None:
        line += f" rlcard_ratio={ours_moves / rlcard:.2f}x (target >= 3x)"
    return line


def _mean(rows: list[tuple[float, ...]]) -> tuple[float, ...]:
    return tuple(sum(column) / len(rows) for column in zip(*rows, strict=True))


def interleaved() -> tuple[
    float | None, tuple[int, int, float], tuple[float, float], tuple[float, float, float] | None
]:
    """Every engine's speed, its timing cut into ``ROUNDS`` slices taken in turn, so that a
    machine that speeds up or slows down meanwhile weighs on all of them alike; each engine
    plays half a second untimed first, as in a program that has been running (ours with its
    deadwood cache filled). Returns rlcard's, Treppenrommé's, our Gin Rummy's and
    OpenSpiel's figures."""
    share = PLAY_SECONDS / ROUNDS
    rlcard_random_play(WARM_UP_SECONDS)
    random_play(WARM_UP_SECONDS)
    gin_random_play(WARM_UP_SECONDS)
    openspiel_gin_random_play(WARM_UP_SECONDS)
    rlcard: list[float] = []
    treppe: list[tuple[int, int, float]] = []
    gin: list[tuple[float, float]] = []
    openspiel: list[tuple[float, float, float]] = []
    for _ in range(ROUNDS):
        baseline = rlcard_random_play(share / 2)
        if baseline is not None:
            rlcard.append(baseline)
        treppe.append(random_play(share))
        gin.append(gin_random_play(share / 2))
        theirs = openspiel_gin_random_play(share / 2)
        if theirs is not None:
            openspiel.append(theirs)
    actions, rounds, elapsed = (sum(column) for column in zip(*treppe, strict=True))
    moves, hands = _mean(gin)
    theirs = None
    if openspiel:
        their_moves, with_chance, their_hands = _mean(openspiel)
        theirs = (their_moves, with_chance, their_hands)
    baseline = sum(rlcard) / len(rlcard) if rlcard else None
    return baseline, (int(actions), int(rounds), elapsed), (moves, hands), theirs


def twenty_card_legal_ms(samples: int) -> tuple[float, float, float]:
    """Time ``legal_actions`` whenever the player to act holds 20 cards mid-turn.

    Hands that big come from deep staircase digs, so these players are dealt 12 cards, dig
    whenever the staircase is long and lay melds now and then, which also puts melds on the
    table to lay off on. Returns (p50 ms, median legal moves, median melds on the table)."""
    rng = random.Random(7)
    timings: list[float] = []
    moves: list[int] = []
    melds: list[int] = []
    seed = 0
    while len(timings) < samples:
        seed += 1
        game = Ruleset(target=300, hand_size=12).new_game(["A", "B", "C"], seed)
        while game.phase is not Phase.OVER and len(timings) < samples:
            seat = game.to_act
            if game.phase is Phase.PLAY and len(game.hands[seat]) == 20:
                start = time.perf_counter()
                legal = game.legal_actions()
                timings.append((time.perf_counter() - start) * 1000)
                moves.append(len(legal))
                melds.append(len(game.own.melds))
            if game.phase is Phase.DRAW:
                deep = len(game.discard) >= 8 or not game.stock
                game.apply(TakeStaircase(seat, 0) if deep else DrawTalon(seat))
                continue
            legal = game.legal_actions()
            plays = [a for a in legal if not isinstance(a, Discard)]
            if plays and rng.random() < 0.3:
                game.apply(rng.choice(plays))
            else:
                game.apply(rng.choice([a for a in legal if isinstance(a, Discard)]))
    return statistics.median(timings), statistics.median(moves), statistics.median(melds)


def deadwood_ms(samples: int) -> float:
    """p50 of ``deadwood`` on 11-card hands: 9 cards of two shuffled packs and both jokers."""
    rng = random.Random(11)
    naturals = [*FULL_PACK, *FULL_PACK]
    timings: list[float] = []
    for _ in range(samples):
        hand = [*rng.sample(naturals, 9), JOKER, JOKER]
        rng.shuffle(hand)
        start = time.perf_counter()
        deadwood(hand, game="wiener")
        timings.append((time.perf_counter() - start) * 1000)
    return statistics.median(timings)


def main() -> None:
    baseline, (actions, rounds, elapsed), ours, theirs = interleaved()
    actions_per_s = actions / elapsed
    gin = gin_line(ours, theirs, baseline)
    legal, moves, melds = twenty_card_legal_ms(LEGAL_SAMPLES)
    dead = deadwood_ms(DEADWOOD_SAMPLES)
    if baseline is None:
        print("rlcard not installed: no baseline (pip install rlcard==1.2.0)")
    else:
        print(
            f"rlcard_gin_rummy_actions_per_s={baseline:.0f} "
            f"ratio={actions_per_s / baseline:.2f}x (target >= 2x)"
        )
    print(gin)
    print(f"played {actions} actions in {rounds} rounds in {elapsed:.1f} s")
    print(
        f"20-card hands sampled={LEGAL_SAMPLES}: legal moves p50={moves}, "
        f"melds on the table p50={melds}"
    )
    print(
        f"actions_per_s={actions_per_s:.0f} rounds_per_s={rounds / elapsed:.1f} "
        f"legal_ms_p50={legal:.3f} deadwood_ms_p50={dead:.3f}"
    )


if __name__ == "__main__":
    main()
