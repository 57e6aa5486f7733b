"""Our Gin Rummy computer players against OpenSpiel's simple gin rummy bot
(``pyspiel.make_simple_gin_rummy_bot``, the EAAI challenge's baseline), in games to 100.

OpenSpiel's ``gin_rummy`` referees each hand (its own rules and scoring; the simple bot never
lays off as it does there); our player reads our engine's view of the same deal, kept in step
(bench/gin_openspiel.py), with the game's score in it.

The headline counts games (matches) to 100, the EAAI challenge's measure: hands dealt one after
another until a player has 100 points, the dealer alternating after a scored hand (a tie too)
and staying after a dead one (the wall, a repeated throw-back), no game bonus (the bonuses never
change who wins). Each game's deals are played twice, once with each player dealing first (a
mirrored pair); the 95% interval is clustered on those pairs. The hands of those games are
counted beside them: won or lost by their score, void hands and ties apart (that interval is the
normal one over the decided hands, a little optimistic), the points a hand, how the hands ended,
and the CPU time of every decision.

Cited by the issue: determinized Monte Carlo with 128 samples (jdh8/gin-rummy-engine) wins 69.2%
of games against this bot. Goals: ``hard`` >= 75% of games, ``normal`` >= 60%, hard's decision
p99 <= 50 ms, and ``hard`` beating ``normal`` in >= 55% of games head to head
(``--duel N``: N mirrored pairs of games on our engine alone, same protocol).

Usage: python bench/gin_vs_openspiel.py [--games N] [--normal-games N] [--duel N] [--hands N]
[--strengths hard,normal,random] [--workers 2]. ``--hands N`` adds N single hands a strength on
mirrored deals (the old measure). Its last line: ``hard_games_pct=F normal_games_pct=F``.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
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
from engine.deal import Deal
from engine.games.gin.game import GinGame, GinRuleset
from engine.games.gin.players import make_player
from engine.games.gin.rules import PACK, GinPrivateView
from engine.players import STRENGTHS

DEFAULT_HANDS = 0  # single hands: the games' hands are counted anyway
DEFAULT_GAMES = 1000  # mirrored pairs of games for hard
DEFAULT_NORMAL_GAMES = 500  # for normal and random
DEFAULT_DUEL = 300  # mirrored pairs of games, hard against normal
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
    ends: Counter[str] = field(default_factory=Counter)  # how the hands ended
    end_points: Counter[str] = field(default_factory=Counter)  # our points in each

    def add(self, other: Tally) -> None:
        self.won += other.won
        self.lost += other.lost
        self.void += other.void
        self.ties += other.ties
        self.points += other.points
        self.fed += other.fed
        self.decisions_ms.extend(other.decisions_ms)
        self.slips.update(other.slips)
        self.ends.update(other.ends)
        self.end_points.update(other.end_points)

    @property
    def hands(self) -> int:
        return self.won + self.lost + self.void + self.ties

    def win_pct(self) -> tuple[float, float]:
        """Hands won of the hands decided, in percent, and the 95% half-width."""
        return _share(self.won, self.won + self.lost)

    def settle(self, score: float, end: str) -> None:
        """Count a hand that scored ``score`` for us and ended as ``end``."""
        self.points += score
        self.ends[end] += 1
        self.end_points[end] += int(score)
        if score > 0:
            self.won += 1
        elif score < 0:
            self.lost += 1
        elif end == "void":
            self.void += 1
        else:
            self.ties += 1


def how_it_ended(game: GinGame, seat: int, score: float) -> str:
    """The hand's end as ``seat`` sees it, scoring ``score``: who knocked, and whether it was
    gin or undercut (the knocker lost)."""
    if not game.results or game.results[-1].closer is None:
        return "void"
    result = game.results[-1]
    ours = result.closer == seat
    if result.special:
        return "we went gin" if ours else "it went gin"
    undercut = score < 0 if ours else score > 0
    return ("we" if ours else "it") + " knocked" + (" and was undercut" if undercut else "")


def _slips(mirror: Mirror, legal: list[object], action: object, tally: Tally) -> None:
    """Plays a player would call silly: a knock or a gin let go, the card just taken
    thrown straight back, a partner thrown to the card the opponent just took."""
    game = mirror.game
    seat = game.to_act
    knocks = [a for a in legal if isinstance(a, Knock)]
    if knocks and not isinstance(action, Knock):
        tally.slips["knock let go"] += 1
    hand = game.own.masks[seat]
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
    hand = game.own.masks[game.to_act]
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


def _deck(deal_seed: int) -> list[Card]:
    deck = list(FULL_PACK)
    random.Random(deal_seed).shuffle(deck)
    return deck


def _timed(player: Chooser, view: GinPrivateView, legal: Sequence[Action], tally: Tally) -> Action:
    """``player``'s move, its CPU time counted in ``tally``."""
    start = time.process_time()
    action = player.choose(view, legal)
    tally.decisions_ms.append((time.process_time() - start) * 1000)
    return action


def play_hand(
    pyspiel: object,
    strength: str,
    deal_seed: int,
    seat: int,
    make: Callable[[str, int, Mirror], Chooser] = our_player,
    scores: tuple[int, int] = (0, 0),
) -> Tally:
    """One hand of the deal ``deal_seed`` with ``make``'s ``strength`` player in ``seat``; the
    game stands at ``scores`` (ours, the bot's) as it starts."""
    mirror = Mirror(pyspiel, _deck(deal_seed))
    game = mirror.game
    game.totals[seat], game.totals[1 - seat] = scores
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
            action = _timed(player, game.private_view(seat), legal, tally)
            _slips(mirror, list(legal), action, tally)
            mirror.ours(action)
    score = mirror.returns()[seat]
    tally.settle(score, how_it_ended(game, seat, score))
    return tally


def play_duel_hand(
    strengths: tuple[str, str], deal_seed: int, seat: int, scores: tuple[int, int]
) -> Tally:
    """One hand on our engine alone: ``strengths[0]`` in ``seat`` against ``strengths[1]``
    (seat 1 deals), the game standing at ``scores`` (the first's, the second's)."""
    deck = _deck(deal_seed)
    deal = Deal(1, (tuple(deck[:10]), tuple(deck[10:20])), (deck[20],), tuple(deck[21:][::-1]))
    game = GinRuleset().new_game(["P0", "P1"], 0, deal)
    game.totals[seat], game.totals[1 - seat] = scores
    players = {
        seat: make_player(strengths[0], deal_seed * 2 + seat),
        1 - seat: make_player(strengths[1], deal_seed * 2 + 1 - seat),
    }
    tally = Tally()
    while not game.results:
        to_act = game.to_act
        view, legal = game.private_view(to_act), game.legal_actions()
        if to_act == seat:
            game.apply(_timed(players[seat], view, legal, tally))
        else:
            game.apply(players[to_act].choose(view, legal))
    result = game.results[0]
    score = result.points[seat] - result.points[1 - seat]
    tally.settle(score, how_it_ended(game, seat, score))
    return tally


@dataclass
class MatchTally:
    """Games to ``MATCH_TARGET`` one strength won and lost, the hands they took, and the
    games won and decided in each mirrored pair (for the clustered interval)."""

    won: int = 0
    lost: int = 0
    hands: int = 0
    hand_tally: Tally = field(default_factory=Tally)
    pairs: list[tuple[int, int]] = field(default_factory=list)

    def add(self, other: MatchTally) -> None:
        self.won += other.won
        self.lost += other.lost
        self.hands += other.hands
        self.hand_tally.add(other.hand_tally)
        self.pairs.extend(other.pairs)

    def win_pct(self) -> tuple[float, float]:
        """Games won in percent, and the 95% half-width clustered on the mirrored pairs (the
        normal one while no pair is counted)."""
        if not self.pairs:
            return _share(self.won, self.won + self.lost)
        return _clustered(self.pairs)


def _clustered(pairs: Sequence[tuple[int, int]]) -> tuple[float, float]:
    """The share won over ``pairs`` (won, decided) in percent, and the 95% half-width of the
    cluster-robust (sandwich) variance, clusters being the pairs."""
    won, decided = sum(w for w, _ in pairs), sum(n for _, n in pairs)
    if not decided:
        return 0.0, 0.0
    share, k = won / decided, len(pairs)
    spread = sum((w - share * n) ** 2 for w, n in pairs) * k / max(1, k - 1)
    return 100 * share, 196 * math.sqrt(spread) / decided


def play_match(
    pyspiel: object,
    strength: str,
    match_seed: int,
    we_deal_first: bool,
    make: Callable[[str, int, Mirror], Chooser] = our_player,
    opponent: str | None = None,
) -> MatchTally:
    """One game to ``MATCH_TARGET`` against the bot (``opponent``: our player of that
    strength instead, on our engine alone). Seat 1 deals; the dealer alternates after a
    scored hand and stays after a void one."""
    ours = theirs = 0
    we_deal, number, hands = we_deal_first, 0, Tally()
    while max(ours, theirs) < MATCH_TARGET and number < MAX_MATCH_HANDS:
        deal_seed = MATCH_SEEDS + match_seed * MAX_MATCH_HANDS + number
        seat = int(we_deal)
        if opponent is None:
            hand = play_hand(pyspiel, strength, deal_seed, seat, make, (ours, theirs))
        else:
            hand = play_duel_hand((strength, opponent), deal_seed, seat, (ours, theirs))
        hands.add(hand)
        number += 1
        points = int(hand.points)
        ours, theirs = ours + max(0, points), theirs + max(0, -points)
        if not hand.void:
            we_deal = not we_deal
    won, lost = int(ours > theirs), int(theirs > ours)
    return MatchTally(won=won, lost=lost, hands=number, hand_tally=hands)


Job = tuple[str, int, Callable[[str, int, Mirror], Chooser]]


def _match_pair(job: Job) -> tuple[str, MatchTally]:
    strength, match_seed, make = job
    pyspiel = pyspiel_or_none()
    opponent = None
    if ":" in strength:  # a duel on our engine: "hard:normal"
        strength, opponent = strength.split(":")
    tally = MatchTally()
    for we_deal_first in (False, True):
        tally.add(play_match(pyspiel, strength, match_seed, we_deal_first, make, opponent))
    tally.pairs = [(tally.won, tally.won + tally.lost)]
    return job[0], tally


T = TypeVar("T", Tally, MatchTally)


def run_pairs(
    pair: Callable[[Job], tuple[str, T]],
    blank: Callable[[], T],
    counts: dict[str, int],
    workers: int,
    make: Callable[[str, int, Mirror], Chooser],
) -> dict[str, T]:
    """``pair`` run on ``counts[s]`` seeds for each strength ``s``, on ``workers`` processes;
    each plays a seed twice (the seats swapped) and gives what it tallied."""
    jobs = [(s, seed, make) for s, count in counts.items() for seed in range(max(1, count))]
    tallies = {s: blank() for s in counts}
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for strength, tally in pool.imap_unordered(pair, jobs, chunksize=2):
            tallies[strength].add(tally)
    return tallies


def _share(won: int, decided: int) -> tuple[float, float]:
    """``won`` of ``decided`` in percent, and the normal 95% half-width."""
    if not decided:
        return 0.0, 0.0
    share = won / decided
    return 100 * share, 196 * math.sqrt(share * (1 - share) / decided)


def _deal_pair(job: Job) -> tuple[str, Tally]:
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
    return run_pairs(_deal_pair, Tally, {s: hands // 2 for s in strengths}, workers, make)


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def report(strength: str, tally: Tally) -> str:
    pct, half = tally.win_pct()
    timings = tally.decisions_ms
    slips = ", ".join(f"{k}: {v}" for k, v in sorted(tally.slips.items())) or "none"
    ends = ", ".join(
        f"{end} {n} ({tally.end_points[end] / n:+.1f})" for end, n in sorted(tally.ends.items())
    )
    low, high = max(0.0, pct - half), min(100.0, pct + half)
    return (
        f"{strength}: {tally.hands} hands, won {tally.won}, lost {tally.lost}, void "
        f"{tally.void}, ties {tally.ties}; won {pct:.1f}% of decided hands (95% CI "
        f"{low:.1f}-{high:.1f}); {tally.points / max(1, tally.hands):+.2f} points "
        f"a hand; it took {tally.fed / max(1, tally.hands):.2f} of our discards a hand; "
        f"decision CPU ms p50 {_percentile(timings, 0.5):.2f} p99 "
        f"{_percentile(timings, 0.99):.1f} max {max(timings or [0.0]):.1f} "
        f"({len(timings)} decisions); ends (our points): {ends or 'none'}; slips: {slips}"
    )


def report_matches(strength: str, tally: MatchTally) -> str:
    pct, half = tally.win_pct()
    low, high = max(0.0, pct - half), min(100.0, pct + half)
    played = tally.won + tally.lost
    return (
        f"{strength}: {played} games to {MATCH_TARGET} ({len(tally.pairs)} mirrored pairs), "
        f"won {tally.won}, lost {tally.lost}; won {pct:.1f}% (95% CI {low:.1f}-{high:.1f}); "
        f"{tally.hands / max(1, played):.1f} hands a game"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help="pairs for hard")
    parser.add_argument("--normal-games", type=int, default=DEFAULT_NORMAL_GAMES)
    parser.add_argument("--duel", type=int, default=DEFAULT_DUEL, help="pairs, hard v normal")
    parser.add_argument("--hands", type=int, default=DEFAULT_HANDS)
    parser.add_argument("--strengths", default="hard,normal,random")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if pyspiel_or_none() is None:
        print("open_spiel is not installed (pip install open_spiel==2.0.2): nothing to play")
        return
    strengths = [s for s in args.strengths.split(",") if s in STRENGTHS]
    start = time.perf_counter()
    if args.hands > 0:
        tallies = run(strengths, args.hands, args.workers)
        for strength in strengths:
            print("single " + report(strength, tallies[strength]), flush=True)
    counts = {s: args.games if s == "hard" else args.normal_games for s in strengths}
    if args.duel > 0 and {"hard", "normal"} <= set(strengths):
        counts["hard:normal"] = args.duel
    games = run_pairs(_match_pair, MatchTally, counts, args.workers, our_player)
    for name, tally in games.items():
        print(report_matches(name, tally), flush=True)
        print(f"  hands of those games, {report(name, tally.hand_tally)}", flush=True)
    print(f"played in {time.perf_counter() - start:.0f} s on {args.workers} workers")
    order = ("hard", "normal")
    print(" ".join(f"{s}_games_pct={games[s].win_pct()[0]:.1f}" for s in order if s in games))


if __name__ == "__main__":
    main()
