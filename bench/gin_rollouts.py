"""Why ``hard`` does not search: determinized Monte Carlo against OpenSpiel's simple gin
rummy bot, with the bot's hidden hand guessed in several ways.

The searching player keeps ``hard``'s knocks, first-upcard and wall decisions. For every
other draw (take the upcard or draw) and for its four best discards by ``hard``'s measure, it
deals ``--samples`` worlds (the bot's hidden cards and the stock's order), plays each to the
hand's end with both sides following the simple bot's policy (take the upcard when it melds or
lets the hand knock, throw the highest deadwood card, knock as soon as it may) and picks the
move that won most of them (a draw's two branches alike: knock if the hand may, else throw
what the simple policy would, never the upcard just taken). The worlds differ only in what
they put in the bot's hand:

* ``uniform``: any of the cards the player has not seen;
* ``policy``: the same, then cards swapped until the hand fits what the bot did: its loose
  cards no higher than its last discard (it throws its highest deadwood) and the last upcard
  it left lying not melding with it;
* ``oracle``: the bot's real hand. No fair player knows it: this is the upper bound;
* ``partial``: the real hand with only ``--keep`` of its hidden cards, the rest guessed as
  ``uniform`` does: how much a better guess would have to know.

Usage: python bench/gin_rollouts.py [--hands N] [--samples S] [--guesses uniform,policy,oracle]
[--keep K] [--workers 2]. Each line: the guess, hands won with the 95% interval, and the decision
times.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.gin_openspiel import Mirror, pyspiel_or_none
from bench.gin_vs_openspiel import Chooser, report, run
from engine.actions import Action, Discard, DrawTalon, Knock, TakeDiscard
from engine.games.gin.players import HardGinPlayer, Table
from engine.games.gin.rules import PACK, GinPrivateView
from engine.onepack import CARDS, RANKS, index, indices, mask_of
from engine.protocol import Phase

GUESSES = ("uniform", "policy", "oracle", "partial")
CANDIDATES = 4  # discards searched: the best by hard's measure
SWAPS = 60  # at most this many swaps to fit a guessed hand to the bot's play
KNOCK_CARD = 10

World = tuple[int, list[int]]  # the bot's hand and the stock (top last)


def simple_takes(hand: int, upcard: int) -> bool:
    """The simple bot's draw: the upcard when it lets the hand knock or lies in a best meld."""
    after = hand | 1 << upcard
    if PACK.can_get_to(after, KNOCK_CARD):
        return True
    return PACK.deadwood(after) < PACK.deadwood(hand) + PACK.value[upcard]


def simple_discard(hand: int, keep: int = -1) -> int:
    """The simple bot's discard from eleven cards: the highest-ranked card that is deadwood in a
    best arrangement (a card that keeps gin when every card melds); never ``keep``."""
    full = PACK.deadwood(hand)
    cards = [i for i in indices(hand) if i != keep]
    loose = [i for i in cards if PACK.deadwood(hand & ~(1 << i)) == full - PACK.value[i]]
    if loose:
        return max(loose, key=lambda i: (i % RANKS, i // RANKS))
    return min(cards, key=lambda i: (PACK.deadwood(hand & ~(1 << i)), i))


def best_knock(hand: int) -> int | None:
    """The least deadwood an eleven-card hand may knock with, or None."""
    if not PACK.can_get_to(hand, KNOCK_CARD):
        return None
    return min(PACK.deadwood_after_discards(hand).values())


def knock_score(left: int, defender: int) -> int:
    """The knocker's points (negative: the defender's), lay-offs aside."""
    theirs = PACK.deadwood(defender)
    if left == 0:
        return 25 + theirs
    if theirs <= left:
        return -(25 + left - theirs)
    return theirs - left


def rollout(mine: int, theirs: int, upcard: int, stock: list[int], turn: int) -> int:
    """Play the hand out with both following the simple policy; ``turn`` 0: we draw next.
    The sign of our score: 1 won, -1 lost, 0 void."""
    hands = [mine, theirs]
    left = len(stock)
    while True:
        hand = hands[turn]
        if left <= 2:  # the wall: the upcard only to knock, else the hand is void
            knock = best_knock(hand | 1 << upcard)
            if knock is None:
                return 0
            score = knock_score(knock, hands[1 - turn])
            return (score > 0) - (score < 0) if turn == 0 else (score < 0) - (score > 0)
        if simple_takes(hand, upcard):
            hand |= 1 << upcard
        else:
            left -= 1
            hand |= 1 << stock[left]
        knock = best_knock(hand)
        if knock is not None:
            score = knock_score(knock, hands[1 - turn])
            return (score > 0) - (score < 0) if turn == 0 else (score < 0) - (score > 0)
        upcard = simple_discard(hand)
        hands[turn] = hand & ~(1 << upcard)
        turn = 1 - turn


def _after_draw(hand: int, theirs: int, stock: list[int], keep: int = -1) -> int:
    """Our eleven cards just drawn (``keep``: the upcard just taken, not thrown back): knock
    if we may, else throw as the simple policy would and play the hand out; won 1, lost -1."""
    knock = best_knock(hand)
    if knock is not None:
        return 1 if knock_score(knock, theirs) > 0 else -1
    out = simple_discard(hand, keep)
    return rollout(hand & ~(1 << out), theirs, out, stock, 1)


class SearchingPlayer(HardGinPlayer):
    """``hard`` that searches its draws and discards over sampled worlds (see the module)."""

    def __init__(self, seed: int, guess: str, samples: int, mirror: Mirror) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)
        self.guess, self.samples, self.mirror = guess, samples, mirror
        self.taken: int | None = None  # the upcard just taken: not thrown straight back

    def choose(self, view: GinPrivateView, legal: Sequence[Action]) -> Action:
        public = view.public
        if len(legal) <= 1 or public.offer or public.wall:
            return super().choose(view, legal)
        if any(isinstance(a, Knock) for a in legal):
            return super().choose(view, legal)
        hand = mask_of(view.hand)
        if public.phase is Phase.DRAW:
            return self._search_draw(view, hand, legal)
        discards = [a for a in legal if isinstance(a, Discard) and index(a.card) != self.taken]
        self.taken = None
        table = self._context(view, hand)
        ranked = sorted(discards, key=lambda a: (self._keep_cost(hand, a.card, table), a.card))
        worlds = self._worlds(view, hand)
        scores = [
            sum(
                rollout(hand & ~(1 << index(a.card)), opp, index(a.card), stock, 1)
                for opp, stock in worlds
            )
            for a in ranked[:CANDIDATES]
        ]
        return ranked[scores.index(max(scores))]

    def _search_draw(self, view: GinPrivateView, hand: int, legal: Sequence[Action]) -> Action:
        take, draw = TakeDiscard(view.seat), DrawTalon(view.seat)
        upcard = view.public.discard_top
        if take not in legal or draw not in legal or upcard is None:
            return super().choose(view, legal)
        up = index(upcard)
        taking = drawing = 0
        for opp, stock in self._worlds(view, hand):
            taking += _after_draw(hand | 1 << up, opp, stock, keep=up)
            drawing += _after_draw(hand | 1 << stock[-1], opp, stock[:-1])
        if taking > drawing:
            self.taken = up
            return take
        return draw

    def _worlds(self, view: GinPrivateView, hand: int) -> list[World]:
        table = Table.of(view, hand)
        real = self.mirror.game.own.masks[1 - view.seat]
        unseen = indices(table.unseen)
        rng, worlds = self.rng, []
        for _ in range(self.samples):
            rng.shuffle(unseen)
            if self.guess == "oracle":
                opp = real
            elif self.guess == "partial":
                kept = indices(real & ~table.opponent)
                rng.shuffle(kept)
                opp = table.opponent | mask_of(CARDS[c] for c in kept[:KEEP])
                rest = [c for c in unseen if not opp >> c & 1]
                opp |= mask_of(CARDS[c] for c in rest[: table.opponent_unknown - len(kept[:KEEP])])
            else:
                opp = table.opponent | mask_of(CARDS[c] for c in unseen[: table.opponent_unknown])
                if self.guess == "policy":
                    opp = self._fit(view, table, opp, unseen[table.opponent_unknown :])
            stock = [c for c in unseen if not opp >> c & 1]
            worlds.append((opp, stock))
        return worlds

    def _fit(self, view: GinPrivateView, table: Table, opp: int, pool: list[int]) -> int:
        """Swap guessed cards for unseen ones until the hand fits the bot's last moves."""
        bot = view.public.seats[1 - view.seat]
        highest = index(bot.discarded[-1]) % RANKS if bot.discarded else RANKS - 1
        declined = index(bot.passed[-1]) if bot.passed else None
        pool = list(pool)
        for _ in range(SWAPS):
            guessed = opp & ~table.opponent
            loose = opp & ~PACK.meldable(opp) & guessed
            wrong = [c for c in indices(loose) if c % RANKS > highest]
            if declined is not None and PACK.fits(declined, opp):
                wrong += [c for c in indices(guessed) if not PACK.fits(declined, opp & ~(1 << c))]
            if not wrong or not pool:
                break
            out = self.rng.choice(wrong)
            slot = self.rng.randrange(len(pool))
            opp = opp & ~(1 << out) | 1 << pool[slot]
            pool[slot] = out
        return opp


SAMPLES = 48
KEEP = 6


def searching(guess: str, seed: int, mirror: Mirror) -> Chooser:
    return SearchingPlayer(seed, guess, SAMPLES, mirror)


def main() -> None:
    global SAMPLES, KEEP
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument("--guesses", default="uniform,policy,oracle")
    parser.add_argument("--keep", type=int, default=KEEP)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if pyspiel_or_none() is None:
        print("open_spiel is not installed (pip install open_spiel==2.0.2): nothing to play")
        return
    SAMPLES, KEEP = args.samples, args.keep  # read by the forked workers
    guesses = [g for g in args.guesses.split(",") if g in GUESSES]
    start = time.perf_counter()
    tallies = run(guesses, args.hands, args.workers, searching)
    for guess in guesses:
        print(report(guess, tallies[guess]), flush=True)
    print(f"played in {time.perf_counter() - start:.0f} s, {SAMPLES} worlds a decision")


if __name__ == "__main__":
    main()
