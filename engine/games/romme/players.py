"""The Rommé computer players.

``normal`` builds toward the first meld, opens as soon as it can, then melds and lays off
greedily, swaps jokers when that shrinks the hand, keeps jokers and discards high deadwood
that does not feed the next player. ``hard`` adds the one-draw lookahead (see
``engine.melding.players``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import (
    Action,
    DrawTalon,
    JokerSwap,
    LayOff,
    Meld,
    MeldKind,
    TakeBack,
    TakeDiscard,
)
from engine.cards import CARD_AT, JOKER, Card
from engine.games.romme.game import RommeGame
from engine.games.romme.views import RommePrivateView
from engine.melding.deadwood import best_meld_points, best_melds
from engine.melding.melds import analyse_priced_meld, card_at, hand_value
from engine.melding.players import (
    JOKER_DISCARD_PENALTY,
    TAKE_MARGIN,
    Cost,
    MeldingPlayer,
    arrangement_of,
    best_points,
    leftover_cost,
    leftover_value,
    plain_cost,
    sorted_key,
    without,
)
from engine.melding.views import PricedMeldView
from engine.players import RandomPlayer, player_of_strength

OPENING_WEIGHT = 0.35  # before the first meld: cost per point still missing toward it


def _meld_fits(meld: PricedMeldView) -> list[Card]:
    """Natural cards that could be laid off on ``meld`` now."""
    cards = meld.cards
    if meld.kind is MeldKind.SET:
        if len(cards) >= 4:
            return []
        rank = cards[0].stands_for.rank_int
        have = {c.card.suit_int for c in cards if not c.card.is_joker}
        return [CARD_AT[s][rank] for s in range(4) if s not in have]
    if len(cards) >= 13:
        return []
    suit = cards[0].stands_for.suit_int
    first = cards[0].stands_for.rank_int
    low = 1 if first == 1 else first
    high = low + len(cards) - 1
    out: list[Card] = []
    if low - 1 >= 1:
        out.append(card_at(suit, low - 1))
    if high + 1 <= 14:
        out.append(card_at(suit, high + 1))
    return out


def table_fits(view: RommePrivateView) -> set[Card]:
    """Natural cards the table's melds would take now; a pending first meld's are left out,
    as it may yet go back into its owner's hand."""
    fits: set[Card] = set()
    for meld in view.public.melds:
        if not meld.pending:
            fits.update(_meld_fits(meld))
    return fits


class RommePlayer(MeldingPlayer[RommePrivateView]):
    """The ``normal`` player."""

    pack = RommeGame.PACK

    def seen_on_table(self, view: RommePrivateView) -> list[Card]:
        return [c.card for meld in view.public.melds for c in meld.cards]

    def decide(self, view: RommePrivateView, legal: Sequence[Action]) -> Action | None:
        return self._romme(view, legal)

    def _romme_cost(self, view: RommePrivateView) -> Cost:
        me = view.public.seats[view.seat]
        if me.opened:
            return plain_cost
        need = view.public.opening_minimum - (me.opening_points if self._pending(view) else 0)

        def cost(cards: Sequence[Card], left: Sequence[Card]) -> float:
            missing = max(0, need - best_points(sorted_key(cards)))
            return leftover_value(left) + OPENING_WEIGHT * missing

        return cost

    @staticmethod
    def _pending(view: RommePrivateView) -> bool:
        return any(m.pending for m in view.public.melds)

    def _romme(self, view: RommePrivateView, legal: Sequence[Action]) -> Action | None:
        if isinstance(legal[0], DrawTalon | TakeDiscard):
            return self._romme_draw(view, legal)
        me = view.public.seats[view.seat]
        if not me.opened:
            opening = self._romme_opening(view, legal)
            if opening is not None:
                return opening
        else:
            play = self._romme_play(view, legal)
            if play is not None:
                return play
        return self._romme_discard(view, legal)

    def _romme_draw(self, view: RommePrivateView, legal: Sequence[Action]) -> Action | None:
        seat = view.seat
        top = view.public.discard_top
        if top is None or TakeDiscard(seat) not in legal:
            return DrawTalon(seat)
        if DrawTalon(seat) not in legal or top.is_joker:
            return TakeDiscard(seat)
        me = view.public.seats[seat]
        hand = view.hand
        if me.opened:
            if top in table_fits(view):
                return TakeDiscard(seat)
        else:
            need = view.public.opening_minimum
            if best_meld_points([*hand, top], include=top) >= need > best_meld_points(hand):
                return TakeDiscard(seat)
        cost = self._romme_cost(view)
        if self._prefer_upcard(view, top, cost, TAKE_MARGIN):
            return TakeDiscard(seat)
        return DrawTalon(seat)

    def _romme_opening(self, view: RommePrivateView, legal: Sequence[Action]) -> Action | None:
        """Before the first meld: lay the melds of a first meld worth the minimum, one by one;
        take them back if that plan has failed."""
        seat = view.seat
        hand = view.hand
        me = view.public.seats[seat]
        pending = self._pending(view)
        need = view.public.opening_minimum - (me.opening_points if pending else 0)
        melds = {sorted_key(a.cards): a for a in legal if isinstance(a, Meld)}
        if view.must_meld is not None:
            best: tuple[int, Action] | None = None
            for key, action in melds.items():
                if view.must_meld not in key:
                    continue
                total = analyse_priced_meld(action.cards).total
                total += max(0, best_meld_points(without(hand, key)))
                if total >= need and (best is None or total > best[0]):
                    best = (total, action)
            if best is not None:
                return best[1]
        else:
            for cards in self._opening_plan(hand, need):
                found = melds.get(sorted_key(cards))
                if found is not None:
                    return found
        if TakeBack(seat) in legal:
            return TakeBack(seat)
        return None

    @staticmethod
    def _opening_plan(hand: Sequence[Card], need: int) -> list[tuple[Card, ...]]:
        laid = arrangement_of(sorted_key(hand)).melds
        if sum(m.total for m in laid) < need:
            laid = tuple(best_melds(hand))
            if sum(m.total for m in laid) < need:
                return []
        return [m.cards for m in sorted(laid, key=lambda m: -m.total)]

    def _romme_play(self, view: RommePrivateView, legal: Sequence[Action]) -> Action | None:
        """After the first meld: the meld, lay-off or joker swap that leaves the best hand,
        if it leaves a better hand than keeping the cards."""
        hand = view.hand
        wanted = {sorted_key(m.cards) for m in arrangement_of(sorted_key(hand)).melds}
        wanted |= {sorted_key(m.cards) for m in best_melds(hand)}
        options: list[tuple[Action, list[Card]]] = []
        for action in legal:
            if isinstance(action, Meld):
                if sorted_key(action.cards) in wanted:
                    options.append((action, without(hand, action.cards)))
            elif isinstance(action, LayOff):
                rest = without(hand, [action.card])
                if not action.card.is_joker or len(rest) <= 1:
                    options.append((action, rest))
            elif isinstance(action, JokerSwap):
                rest = [*without(hand, [action.card]), JOKER]
                options.append((action, without(rest, action.cards)))
        if not options:
            return None

        def rank(cards: Sequence[Card]) -> tuple[float, int, int]:
            if not cards:
                return (-1.0, 0, 0)
            return (leftover_cost(cards), sum(hand_value(c) for c in cards), len(cards))

        best_action, best_rest = min(options, key=lambda o: rank(o[1]))
        if rank(best_rest) < rank(hand):
            return best_action
        return None

    def _romme_discard(self, view: RommePrivateView, legal: Sequence[Action]) -> Action | None:
        public = view.public
        nxt = public.seats[(view.seat + 1) % len(public.seats)]
        fits = table_fits(view) if nxt.opened else set()
        # Late in a round, minus points matter: dear cards go first.
        danger = max(0, 10 - min(s.hand_count for s in public.seats if s.seat != view.seat))

        def extra(card: Card) -> float:
            value = -0.05 * danger * hand_value(card)
            if card.is_joker:
                value += JOKER_DISCARD_PENALTY
            if card in fits:
                value += 3 + 0.5 * hand_value(card)
            return value

        return self._discard(view, legal, self._romme_cost(view), extra)


class HardRommePlayer(RommePlayer):
    """``normal`` with a one-draw lookahead over the unseen cards."""

    lookahead = True


def make_player(strength: str, seed: int) -> RandomPlayer | MeldingPlayer[RommePrivateView]:
    """A Rommé player of the given strength (see ``STRENGTHS``)."""
    return player_of_strength(strength, seed, RommePlayer, HardRommePlayer)
