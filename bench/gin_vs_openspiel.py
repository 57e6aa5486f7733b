"""Our Gin Rummy computer players against OpenSpiel's simple gin rummy bot
(``pyspiel.make_simple_gin_rummy_bot``, the EAAI challenge's baseline), one hand at a time.

OpenSpiel's ``gin_rummy`` referees each hand (its own rules and scoring; the simple bot never
lays off as it does there); our player reads our engine's view of the same deal, kept in step
(bench/gin_openspiel.py). Every deal is played twice with the seats swapped. A hand is won or
lost by its score; void hands (the wall, a repeated throw-back) and ties count apart. The
95% interval is the normal one over the decided hands (a mirrored pair is not independent, so
it is a little optimistic).

Cited by the issue against this bot: determinized Monte Carlo with 128 samples 69.2% of hands
(95% CI 68.3-70.2); the EAAI challenge ranked players by games won, so the matches below are
the comparable figure if it counted games. Goal here (hands): hard >= 70%, normal >= 55%,
hard's decision p99 <= 100 ms.

Matches too, as played at the kitchen table: hands dealt one after another until a player
has 100 points, the winner of a hand dealing the next (a void hand or a tie: the same
dealer). Each match's deals are played twice, once with each player dealing first. The
match bonuses never change who wins, so the hands' points decide.

Usage: python bench/gin_vs_openspiel.py [--hands N] [--matches N]
[--strengths hard,normal,random] [--workers 2]. Its last line:
``hard_win_pct=F normal_win_pct=F random_win_pct=F`` (hands won).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.gin_openspiel import Mirror, pyspiel_or_none
from engine import onepack
from engine.actions import Action, Discard, Knock, TakeDiscard
from engine.cards import FULL_PACK, Card
from engine.games.gin.game import GinGame
from engine.games.gin.players import make_player
from engine.games.gin.rules import PACK, GinPrivateView
from engine.players import STRENGTHS

DEFAULT_HANDS = 2000
DEFAULT_MATCHES = 1000
MATCH_TARGET = 100
MATCH_SEEDS = 1_000_000  # match deals come from seeds apart from the single hands'
MAX_MATCH_HANDS = 500  # a guard only: void hands could in theory go on


@dataclass
class Tally:
    """What a batch of hands gave one strength."""

    won: int = 0
    lost: int = 0
    void: int = 0
    ties: int = 0
    points: float = 0.0
    fed: int = 0  # our discards the opponent took
    decisions_ms: list[float] = field(default_factory=list)
    slips: Counter[str] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        self.won += other.won
        self.lost += other.lost
        self.void += other.void
        self.ties += other.ties
        self.points += other.points
        self.fed += other.fed
        self.decisions_ms.extend(other.decisions_ms)
        self.slips.update(other.slips)

    @property
    def hands(self) -> int:
        return self.won + self.lost + self.void + self.ties

    def win_pct(self) -> tuple[float, float]:
        """Hands won of the hands decided, in percent, and the 95% half-width."""
        return _share(self.won, self.won + self.lost)


def _slips(mirror: Mirror, legal: list[object], action: object, tally: Tally) -> None:
    """Plays a player would call silly: a knock or a gin let go, the card just taken
    thrown straight back, a partner thrown to the card the opponent just took."""
    game = mirror.game
    seat = game.to_act
    knocks = [a for a in legal if isinstance(a, Knock)]
    if knocks and not isinstance(action, Knock):
        tally.slips["knock let go"] += 1
    hand = game.masks[seat]
    gins = [k for k in knocks if PACK.deadwood(hand & ~(1 << onepack.index(k.card))) == 0]
    if gins and not (isinstance(action, Knock) and action in gins):
        tally.slips["gin let go"] += 1
    just_took = bool(game.actions) and isinstance(game.actions[-1], TakeDiscard)
    taken = game.public_view().seats[seat].picked_up
    if just_took and isinstance(action, Discard) and action.card is taken[-1]:
        tally.slips["took the upcard and threw it back"] += 1
    if isinstance(action, Discard) and _feeds_the_take(game, legal, action):
        tally.slips["fed the card the bot just took a partner"] += 1


def _feeds_the_take(game: GinGame, legal: list[object], action: Discard) -> bool:
    """Whether ``action`` throws a partner of the upcard the opponent took on its last turn
    (a card that could still lie in one meld with it) when a card that is none would leave
    no more deadwood."""
    if len(game.actions) < 3 or not isinstance(game.actions[-3], TakeDiscard):
        return False  # the opponent's draw comes three moves back: its draw, its discard, ours
    took = onepack.index(game.public_view().seats[game.actions[-3].seat].picked_up[-1])
    hand = game.masks[game.to_act]
    elsewhere = onepack.ALL & ~hand & ~onepack.mask_of(game.discard)  # where the bot's are

    def partner(card: Card) -> bool:
        mine = onepack.index(card)
        free = elsewhere & ~(1 << took) & ~(1 << mine)
        if mine % 13 == took % 13:  # a set needs one more card of the rank
            return any(free >> (suit * 13 + took % 13) & 1 for suit in range(4))
        if mine // 13 != took // 13 or abs(mine - took) > 2:
            return False
        low, high = min(mine, took), max(mine, took)
        if high - low == 2:
            return bool(free >> (low + 1) & 1)
        return bool(
            (low % 13 and free >> (low - 1) & 1) or (high % 13 < 12 and free >> (high + 1) & 1)
        )

    if not partner(action.card):
        return False
    left = PACK.deadwood_after_discards(hand)
    ours = left[onepack.index(action.card)]
    others = (a.card for a in legal if isinstance(a, Discard) and not partner(a.card))
    return any(left[onepack.index(card)] <= ours for card in others)


class Chooser(Protocol):
    def choose(self, view: GinPrivateView, legal: Sequence[Action]) -> Action: ...


def our_player(strength: str, seed: int, mirror: Mirror) -> Chooser:
    """Our computer player of ``strength`` (it sees only its own view of ``mirror``)."""
    return make_player(strength, seed)


def play_hand(
    pyspiel: object,
    strength: str,
    deal_seed: int,
    seat: int,
    make: Callable[[str, int, Mirror], Chooser] = our_player,
) -> Tally:
    """One hand of the deal ``deal_seed`` with ``make``'s ``strength`` player in ``seat``."""
    deck = list(FULL_PACK)
    random.Random(deal_seed).shuffle(deck)
    mirror = Mirror(pyspiel, deck)
    game = mirror.game
    bot = pyspiel.make_simple_gin_rummy_bot(mirror.os_game.get_parameters(), 1 - seat)  # type: ignore[attr-defined]
    player = make(strength, deal_seed * 2 + seat, mirror)
    tally = Tally()
    while not mirror.over:
        if mirror.state.current_player() != seat:
            move = bot.step(mirror.state)
            tally.fed += mirror.phase == mirror.g.Phase.DRAW and move == mirror.g.DRAW_UPCARD_ACTION
            mirror.theirs(move)
        elif mirror.phase == mirror.g.Phase.LAYOFF:
            mirror.lay_down(seat)
        else:
            legal = mirror.playable(game.legal_actions())
            view = game.private_view(seat)
            start = time.perf_counter()
            action = player.choose(view, legal)
            tally.decisions_ms.append((time.perf_counter() - start) * 1000)
            _slips(mirror, list(legal), action, tally)
            mirror.ours(action)
    score = mirror.returns()[seat]
    knocked = any(mirror.state.knocked())
    tally.points = score
    if score > 0:
        tally.won = 1
    elif score < 0:
        tally.lost = 1
    elif knocked:
        tally.ties = 1
    else:
        tally.void = 1
    return tally


@dataclass
class MatchTally:
    """Matches to ``MATCH_TARGET`` one strength won and lost, and the hands they took."""

    won: int = 0
    lost: int = 0
    hands: int = 0

    def add(self, other: MatchTally) -> None:
        self.won += other.won
        self.lost += other.lost
        self.hands += other.hands

    def win_pct(self) -> tuple[float, float]:
        """Matches won in percent, and the 95% half-width."""
        return _share(self.won, self.won + self.lost)


def play_match(
    pyspiel: object,
    strength: str,
    match_seed: int,
    we_deal_first: bool,
    make: Callable[[str, int, Mirror], Chooser] = our_player,
) -> MatchTally:
    """One match to ``MATCH_TARGET``: the hand's winner deals the next (seat 1 deals)."""
    ours = theirs = 0
    we_deal, number = we_deal_first, 0
    while max(ours, theirs) < MATCH_TARGET and number < MAX_MATCH_HANDS:
        deal_seed = MATCH_SEEDS + match_seed * MAX_MATCH_HANDS + number
        points = play_hand(pyspiel, strength, deal_seed, int(we_deal), make).points
        number += 1
        if points:
            ours, theirs = ours + max(0, int(points)), theirs + max(0, -int(points))
            we_deal = points > 0
    return MatchTally(won=int(ours > theirs), lost=int(theirs > ours), hands=number)


def _match_pair(
    job: tuple[str, int, Callable[[str, int, Mirror], Chooser]],
) -> tuple[str, MatchTally]:
    strength, match_seed, make = job
    pyspiel = pyspiel_or_none()
    tally = MatchTally()
    for we_deal_first in (False, True):
        tally.add(play_match(pyspiel, strength, match_seed, we_deal_first, make))
    return strength, tally


T = TypeVar("T", Tally, MatchTally)


def run_pairs(
    pair: Callable[[tuple[str, int, Callable[[str, int, Mirror], Chooser]]], tuple[str, T]],
    blank: Callable[[], T],
    strengths: list[str],
    count: int,
    workers: int,
    make: Callable[[str, int, Mirror], Chooser],
) -> dict[str, T]:
    """``pair`` run on ``count // 2`` seeds for each strength, on ``workers`` processes; each
    plays a seed twice (the seats swapped) and gives what it tallied."""
    jobs = [(s, seed, make) for s in strengths for seed in range(max(1, count // 2))]
    tallies = {s: blank() for s in strengths}
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for strength, tally in pool.imap_unordered(pair, jobs, chunksize=4):
            tallies[strength].add(tally)
    return tallies


def _share(won: int, decided: int) -> tuple[float, float]:
    """``won`` of ``decided`` in percent, and the normal 95% half-width."""
    if not decided:
        return 0.0, 0.0
    share = won / decided
    return 100 * share, 196 * math.sqrt(share * (1 - share) / decided)


def _deal_pair(job: tuple[str, int, Callable[[str, int, Mirror], Chooser]]) -> tuple[str, Tally]:
    strength, deal_seed, make = job
    pyspiel = pyspiel_or_none()
    tally = Tally()
    for seat in (0, 1):
        tally.add(play_hand(pyspiel, strength, deal_seed, seat, make))
    return strength, tally


def run(
    strengths: list[str],
    hands: int,
    workers: int,
    make: Callable[[str, int, Mirror], Chooser] = our_player,
) -> dict[str, Tally]:
    """``hands`` hands (mirrored deal pairs) for each strength, on ``workers`` processes."""
    return run_pairs(_deal_pair, Tally, strengths, hands, workers, make)


def report(strength: str, tally: Tally) -> str:
    pct, half = tally.win_pct()
    timings = sorted(tally.decisions_ms)
    p99 = timings[min(len(timings) - 1, int(0.99 * len(timings)))] if timings else 0.0
    slips = ", ".join(f"{k}: {v}" for k, v in sorted(tally.slips.items())) or "none"
    low, high = max(0.0, pct - half), min(100.0, pct + half)
    return (
        f"{strength}: {tally.hands} hands, won {tally.won}, lost {tally.lost}, void "
        f"{tally.void}, ties {tally.ties}; won {pct:.1f}% of decided hands (95% CI "
        f"{low:.1f}-{high:.1f}); {tally.points / max(1, tally.hands):+.1f} points "
        f"a hand; it took {tally.fed / max(1, tally.hands):.2f} of our discards a hand; "
        f"decision ms p50 {statistics.median(timings or [0.0]):.2f} p99 {p99:.1f}; "
        f"slips: {slips}"
    )


def report_matches(strength: str, tally: MatchTally) -> str:
    pct, half = tally.win_pct()
    low, high = max(0.0, pct - half), min(100.0, pct + half)
    played = tally.won + tally.lost
    return (
        f"{strength}: {played} matches to {MATCH_TARGET}, won {tally.won}, lost {tally.lost}; "
        f"won {pct:.1f}% (95% CI {low:.1f}-{high:.1f}); {tally.hands / max(1, played):.1f} "
        "hands a match"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=DEFAULT_HANDS)
    parser.add_argument("--matches", type=int, default=DEFAULT_MATCHES)
    parser.add_argument("--strengths", default="hard,normal,random")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if pyspiel_or_none() is None:
        print("open_spiel is not installed (pip install open_spiel==2.0.2): nothing to play")
        return
    strengths = [s for s in args.strengths.split(",") if s in STRENGTHS]
    start = time.perf_counter()
    tallies = run(strengths, args.hands, args.workers)
    for strength in strengths:
        print(report(strength, tallies[strength]), flush=True)
    if args.matches > 0:
        matches = run_pairs(
            _match_pair, MatchTally, strengths, args.matches, args.workers, our_player
        )
        for strength in strengths:
            print(report_matches(strength, matches[strength]), flush=True)
    print(f"played in {time.perf_counter() - start:.0f} s on {args.workers} workers")
    order = ("hard", "normal", "random")
    print(" ".join(f"{s}_win_pct={tallies[s].win_pct()[0]:.1f}" for s in order if s in tallies))


if __name__ == "__main__":
    main()
