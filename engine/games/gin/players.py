"""The Gin Rummy computer players.

* ``random``: any legal move, uniformly (seeded).
* ``normal``: knocks as soon as it may (gin when it can), takes the upcard when it ends up in
  a meld or lets it knock, and discards the card that leaves the least deadwood, keeping the
  cards with the most chances to meld. It pays no heed to what the opponent's takes show
  (``hard`` does): so it stays the weaker of the two, measured in docs/strength.md.
* ``hard``: values each hand it could keep by the deadwood it may expect after its next draw
  and the chance of knocking then: from the stock (any card it has not seen) or the upcard
  the opponent is likely to throw next, of about the rank of his last discard
  (``forecast.py``); and does not throw the opponent a card that probably completes one of
  his melds (an upcard he took went into a meld: he holds one of its partner pairs). With
  three points of deadwood or fewer it lets a knock go and plays on for gin, or to undercut
  the opponent's knock, while the stock lasts and the opponent still throws high cards
  (``plays_on``), unless the knock surely wins the game.

A decision is a pure function of the seed, the view and the legal moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import Action, Discard, DrawTalon, Knock, Pass, TakeDiscard
from engine.cards import Card
from engine.games.gin.forecast import least_after_draw, next_discards
from engine.games.gin.forecast import outlook as outlook_with_upcards
from engine.games.gin.rules import PACK, GinPrivateView
from engine.onepack import index, indices, mask_of
from engine.players import RandomPlayer, player_of_strength
from engine.protocol import Phase

_ALL = (1 << 52) - 1


def least_after_take(hand: int, card: int) -> int:
    """The least deadwood ``hand`` (ten cards) can keep after taking ``card`` and discarding
    another: taking a card to throw it back gains nothing."""
    left = PACK.deadwood_after_discards(hand | 1 << card)
    del left[card]
    return min(left.values())


@dataclass(frozen=True, slots=True)
class Table:
    """What a seat knows of the cards outside its hand: those it has not seen anywhere, and
    those it knows the opponent holds (taken from the discard pile, not thrown back)."""

    unseen: int
    opponent: int
    opponent_unknown: int  # cards in the opponent's hand the seat has not seen
    knock_card: int

    @classmethod
    def of(cls, view: GinPrivateView, hand: int) -> Table:
        """What ``view``'s seat, holding ``hand``, knows now."""
        public = view.public
        pile = mask_of(public.seen_discards)
        other = public.seats[1 - view.seat]
        opponent = mask_of(other.picked_up) & ~pile & ~hand
        unseen = _ALL & ~hand & ~pile & ~opponent
        unknown = other.hand_count - opponent.bit_count()
        return cls(unseen, opponent, unknown, public.knock_card)


class GinPlayer:
    """The ``normal`` player; ``hard`` overrides how a kept hand is valued."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: GinPrivateView, legal: Sequence[Action]) -> Action:
        """Knock when it may; otherwise the draw or the discard its heuristics prefer."""
        if not legal:
            raise ValueError("there is no legal move to make")
        if len(legal) == 1:
            return legal[0]
        hand = mask_of(view.hand)
        if view.public.phase is Phase.DRAW:
            return self._draw(view, hand, legal)
        knocks = [a for a in legal if isinstance(a, Knock)]
        knock = self._knock(view, hand, knocks) if knocks else None
        if knock is not None:
            return knock
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]
        if knocks:  # playing on for gin: keep the least deadwood, to undercut a knock
            after = PACK.deadwood_after_discards(hand)
            least = min(after[index(a.card)] for a in discards)
            discards = [a for a in discards if after[index(a.card)] == least]
        context = self._context(view, hand)
        return min(discards, key=lambda a: (self._keep_cost(hand, a.card, context), a.card))

    def _knock(self, view: GinPrivateView, hand: int, knocks: list[Knock]) -> Knock | None:
        """The knock to make (None: play on): at once, with the least deadwood (gin when it
        can)."""
        return min(knocks, key=lambda a: PACK.deadwood(hand & ~(1 << index(a.card))))

    def _draw(self, view: GinPrivateView, hand: int, legal: Sequence[Action]) -> Action:
        seat = view.seat
        take = TakeDiscard(seat)
        if take not in legal:
            return legal[0]
        if view.public.wall:  # the take is offered only to knock with it
            return take
        upcard = view.public.discard_top
        assert upcard is not None
        if self._wants(view, hand, index(upcard)):
            return take
        return DrawTalon(seat) if DrawTalon(seat) in legal else Pass(seat)

    def _wants(self, view: GinPrivateView, hand: int, card: int) -> bool:
        """Take the upcard when it lands in a meld or lets the hand knock."""
        after = min(PACK.deadwood_after_discards(hand | 1 << card).values())
        if after <= view.public.knock_card:
            return True
        return PACK.fits(card, hand) and after < PACK.deadwood(hand)

    def _context(self, view: GinPrivateView, hand: int) -> Table:
        """What the player knows of the cards outside its hand."""
        return Table.of(view, hand)

    def _keep_cost(self, hand: int, card: Card, table: Table) -> float:
        """How bad the hand left after discarding ``card`` is (lower is better): its deadwood,
        less a little for each unseen card that would meld with it."""
        rest = hand & ~(1 << index(card))
        chances = sum(1 for j in indices(table.unseen) if PACK.fits(j, rest))
        return PACK.deadwood(rest) - 0.3 * chances


KNOCK_WEIGHT = 30.0  # deadwood points a sure knock after the next draw is worth
DANGER_WEIGHT = 6.0  # deadwood points a card surely completing an opponent's meld costs
TAKE_MARGIN = 1.0  # take the upcard when it beats the stock's expectation by this much
HOLD_DEADWOOD = 3  # play on for gin with at most this much deadwood left by a knock,
HOLD_STOCK = 8  # while the stock holds at least this many cards
HOLD_THREAT_RANK = 6  # and (above one point) the opponent's last discard was this high


def plays_on(view: GinPrivateView, kept: int) -> bool:
    """Whether to let a knock go that would keep ``kept`` and play on for gin (or to undercut
    the opponent's knock): with a point or two or three of deadwood, while the stock is far
    from the wall and the opponent (knocking as soon as he may) still throws high cards,
    unless the knock surely wins the game: he holds more than the knock card, or he would
    have knocked."""
    public = view.public
    left = PACK.deadwood(kept)
    if public.must_knock or not left or left > HOLD_DEADWOOD:
        return False
    if public.stock_count < HOLD_STOCK:
        return False
    thrown = public.seats[1 - view.seat].discarded
    if left > 1 and thrown and thrown[-1].rank_int < HOLD_THREAT_RANK:
        return False  # his loose cards are low: he may soon knock with less
    return public.seats[view.seat].score + public.knock_card + 1 - left < public.target


def outlook(hand: int, unseen: int, knock_card: int) -> tuple[float, float]:
    """(expected least deadwood, chance of a knock) after drawing one of ``unseen`` into the
    ten-card ``hand`` and discarding the best card."""
    cards = indices(unseen)
    base = PACK.deadwood(hand)
    if not cards:
        return base, 0.0
    best_cut = min(PACK.deadwood_after_discards(hand).values())
    total = knocks = 0
    for card in cards:
        left = least_after_draw(hand, card, base, best_cut)
        total += left
        knocks += left <= knock_card
    return total / len(cards), knocks / len(cards)


def danger(card: int, table: Table) -> float:
    """The chance that ``card`` completes or extends one of the opponent's melds: he holds
    two cards that meld with it (each card he may hold counted as likely as any other), or
    it joins a meld a card he took from the pile went into."""
    safe = 1.0 - shown_danger(card, table)
    for pair in PACK.partner_pairs(card):
        safe *= 1.0 - _held(pair, table)
    return 1.0 - safe


def shown_danger(card: int, table: Table) -> float:
    """The chance that ``card`` joins a meld one of the upcards the opponent took (and still
    holds) went into."""
    safe = 1.0
    for taken in indices(table.opponent):
        safe *= 1.0 - _joins_taken(card, taken, table)
    return 1.0 - safe


def _held(cards: int, table: Table) -> float:
    """The chance that the opponent holds all of ``cards``."""
    unknown = table.unseen.bit_count()
    share = table.opponent_unknown / unknown if unknown else 0.0
    chance = 1.0
    for i in indices(cards & ~table.opponent):
        chance *= share if table.unseen >> i & 1 else 0.0
    return chance


def _joins_taken(card: int, taken: int, table: Table) -> float:
    """The chance that ``card`` joins the meld ``taken`` went into: a player takes an upcard
    to meld it, so he holds one of its partner pairs, each as likely as its cards are."""
    pairs = [p for p in PACK.partner_pairs(taken) if not p >> card & 1]
    chances = [_held(pair, table) for pair in pairs]
    total = sum(chances)
    if not total:
        return 0.0
    meld = 1 << taken
    return sum(c for c, p in zip(chances, pairs, strict=True) if PACK.fits(card, p | meld)) / total


@dataclass(frozen=True, slots=True)
class Forecast(Table):
    """A ``Table`` with the chance of each unseen card being the opponent's next discard."""

    upcards: dict[int, float]


class HardGinPlayer(GinPlayer):
    """``normal`` with the one-draw outlook (the stock or the upcard to come) and the
    opponent's melds in mind."""

    def _context(self, view: GinPrivateView, hand: int) -> Table:
        table = Table.of(view, hand)
        upcards = next_discards(view, table.unseen)
        return Forecast(
            table.unseen, table.opponent, table.opponent_unknown, table.knock_card, upcards
        )

    def _knock(self, view: GinPrivateView, hand: int, knocks: list[Knock]) -> Knock | None:
        """The knock with the least deadwood, unless it pays to play on for gin."""
        best = super()._knock(view, hand, knocks)
        if best is None or plays_on(view, hand & ~(1 << index(best.card))):
            return None
        return best

    def _keep_cost(self, hand: int, card: Card, table: Table) -> float:
        i = index(card)
        rest, upcards = hand & ~(1 << i), table.upcards if isinstance(table, Forecast) else {}
        expected, knock = outlook_with_upcards(rest, table.unseen, table.knock_card, upcards)
        return expected - KNOCK_WEIGHT * knock + DANGER_WEIGHT * danger(i, table)

    def _wants(self, view: GinPrivateView, hand: int, card: int) -> bool:
        """Take the upcard when it lets the hand knock, or when the hand kept after taking it
        beats what a draw from the stock may be expected to leave; once it played on for
        gin, only when it lowers the deadwood (a knock it would not make is no reason)."""
        after_take = least_after_take(hand, card)
        held = PACK.deadwood(hand)
        if held <= view.public.knock_card:  # it played on for gin: take only to improve
            return after_take < held
        if after_take <= view.public.knock_card:
            return True
        table = Table.of(view, hand)
        expected, _ = outlook(hand, table.unseen & ~(1 << card), table.knock_card)
        return after_take < expected - TAKE_MARGIN


def make_player(strength: str, seed: int) -> RandomPlayer | GinPlayer:
    """A Gin Rummy player of the given strength (see ``STRENGTHS``)."""
    return player_of_strength(strength, seed, GinPlayer, HardGinPlayer)


def timeout_action(view: GinPrivateView, legal: Sequence[Action]) -> Action:
    """For a player whose time ran out: draw from the stock (pass an offered upcard, knock at
    the wall when it may), then discard the card whose loss leaves the least deadwood."""
    if not legal:
        raise ValueError("there is no legal move to make")
    seat = view.seat
    if view.public.wall and TakeDiscard(seat) in legal:
        return TakeDiscard(seat)
    for preferred in (DrawTalon(seat), Pass(seat)):
        if preferred in legal:
            return preferred
    hand = mask_of(view.hand)
    plays = [a for a in legal if isinstance(a, Discard | Knock)]
    if not plays:
        return legal[0]

    def left(action: Discard | Knock) -> tuple[int, int, bool]:
        i = index(action.card)
        return PACK.deadwood(hand & ~(1 << i)), -PACK.value[i], isinstance(action, Knock)

    return min(plays, key=left)
