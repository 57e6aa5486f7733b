"""Every registered game as an OpenSpiel game of one round, for OpenSpiel's IS-MCTS.

``register()`` registers ``python_rummy_<key>`` for every game of the registry (pyspiel is the
``bench`` extra): one round for ``players`` seats (2 unless told), sequential, imperfect
information, explicit chance for the dealer, each card dealt and each card drawn from the
stock (outcome ``hash(card)``, 0-55); returns each seat's score of the round (bonuses too),
negated where lower is better. A move is the index of the engine's move among the legal ones
in a fixed order (first seen in this process first): an information state has one legal set,
so one index is one move in every determinization. A seat's information state is its record:
the cards dealt and drawn to it, the upcard, the events of every move (what the table sees).

Written against the game protocol and two things every game has beside it: a ruleset's
``new_game(names, seed, deal)`` with a chosen ``engine.table.Deal``, and the stock as the list
``game.stock`` (``PileGame``, top last), where a drawn card is put on top before the draw
(``_stack``). ``RoundCore.resample(seat, rng)`` re-deals what ``seat`` has not seen: each card
dealt to or drawn by another seat that has not shown since (played, laid off, knocked with)
is replaced by one drawn at random from its pool (the unseen cards of the deal, or the stock
as rebuilt; the rest stays in the stock), and the round is replayed.
"""

from __future__ import annotations

import copy
import random
import sys
import types
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.actions import Action, DrawTalon
from engine.cards import Card
from engine.deal import Deal
from engine.errors import RulesError
from engine.events import GameEvent, TalonRebuilt
from engine.protocol import RummyGame
from engine.registry import all_specs, get_spec

try:
    import pyspiel
except ImportError:  # the bench extra is missing: RoundCore still works, register() refuses
    pyspiel = None

MAX_ACTIONS, CARD_IDS = 4096, 56  # legal moves at one decision; hash(card): 0 joker, 4-55
MAX_LENGTH = 50_000  # moves and chance outcomes in a round (random play: about 3,000 at most)
PARAMETERS = {"players": 2, "seed": 0}  # seed: the stock's order before chance draws
RESAMPLE_TRIES, RESAMPLE_FALLBACKS = 20, Counter[str]()  # fallbacks: by game (see resample)

# A round's history, all that replays it: ("dealer", seat), ("deal", seat, card), ("up", card),
Step = tuple[Any, ...]  # ("act", action), ("draw", seat, card)
_NUMBER: dict[Action, int] = {}  # every engine move seen in this process, first seen first


def _in_order(actions: Sequence[Action]) -> list[Action]:
    for action in actions:
        _NUMBER.setdefault(action, len(_NUMBER))
    return sorted(actions, key=_NUMBER.__getitem__)


def _stack(game: RummyGame, card: Card) -> None:
    """Put one ``card`` of the stock on its top, to be drawn next."""
    stock: list[Card] = game.stock  # type: ignore[attr-defined]
    stock.remove(card)
    stock.append(card)


def _cards_in(value: object) -> list[Card]:
    """Every card an event names (in its fields, tuples and dataclasses, recursively)."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, tuple | list):
        return [c for item in value for c in _cards_in(item)]
    if is_dataclass(value) and not isinstance(value, type):
        return [c for f in fields(value) for c in _cards_in(getattr(value, f.name))]
    return []


class RoundCore:
    """One round of ``key`` for ``n`` seats, dealt by chance; see the module's docstring."""

    def __init__(self, key: str, n: int = 2, seed: int = 0) -> None:
        self.spec = get_spec(key)
        self.rules = self.spec.make_ruleset()
        self.n, self.seed = n, seed
        template = self.spec.new_game(self.rules, [f"P{i}" for i in range(n)], 0)
        view = template.public_view()  # cards dealt by seat from the dealer's, upcards, pack
        self.sizes = [view.seats[(view.dealer + k) % n].hand_count for k in range(n)]
        self.upcards, self.pack = len(view.discard_pile), sorted(template.card_locations())
        self.by_id = {hash(c): c for c in self.pack}
        self.history: list[Step] = []
        self.logs: list[list[str]] = [[] for _ in range(n)]  # each seat's record
        self.record, self.over = True, False  # record: off in a rollout's throw-away state
        self.game: RummyGame | None = None
        self.pending: int | None = None  # the seat whose draw from the stock chance decides
        self.legal: list[Action] | None = None
        self.plan: list[int] = []  # who gets each card of the deal (-1: an upcard)
        self._hidden: dict[int, tuple[list[tuple[int, int]], int]] = {}  # resample()'s, by seat

    def _undealt(self) -> Counter[Card]:
        left = Counter(self.pack)  # less the deal (and, harmlessly, moves: never in the pack)
        left.subtract(step[-1] for step in self.history[1:])
        return left

    def _start(self) -> None:
        """The deal is complete: the engine's round starts from it."""
        deal_steps = [step for step in self.history if step[0] == "deal"]
        hands = [tuple(s[2] for s in deal_steps if s[1] == seat) for seat in range(self.n)]
        up = tuple(step[1] for step in self.history if step[0] == "up")
        stock = list(self._undealt().elements())
        random.Random(self.seed).shuffle(stock)
        deal = Deal(self.history[0][1], tuple(hands), up, tuple(stock))
        names = [f"P{i}" for i in range(self.n)]
        self.game = self.rules.new_game(names, self.seed, deal)  # type: ignore[call-arg]

    @property
    def to_act(self) -> int:
        """The seat to act; -1 for chance, -4 once the round is over (pyspiel's numbers)."""
        waiting = self.game is None or self.pending is not None
        return -1 if waiting else -4 if self.over else self.game.to_act  # type: ignore[union-attr]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(card number, probability), ascending; seats while the dealer is drawn."""
        if not self.history:
            return [(seat, 1 / self.n) for seat in range(self.n)]
        stock = None if self.game is None else self.game.stock  # type: ignore[attr-defined]
        counts = self._undealt() if stock is None else Counter(stock)
        total = sum(counts.values())
        return sorted((hash(c), k / total) for c, k in counts.items() if k > 0)

    def legal_actions(self) -> list[Action]:
        """The engine's legal moves in the fixed order: index i is pyspiel's action i."""
        if self.legal is None:
            self.legal = _in_order(self.game.legal_actions())  # type: ignore[union-attr]
        return self.legal

    def returns(self) -> list[float]:
        """The round's score by seat, higher better (0 until it is over): the totals after it,
        bonuses too (as ``python -m engine simulate --rounds`` counts)."""
        if not self.over or self.game is None:
            return [0.0] * self.n
        sign = -1 if self.game.standings().lower_is_better else 1
        return [float(sign * p) for p in self.game.results[0].totals]

    def information_state(self, seat: int) -> str:
        return f"{seat}|" + "|".join(self.logs[seat])  # the seat's record

    def apply_chance(self, outcome: int) -> None:
        if not self.history:
            self._step(("dealer", outcome))
        elif self.game is not None:
            seat, self.pending = self.pending, None
            self._step(("draw", seat, self.by_id[outcome]))
        else:
            seat = self.plan[len(self.history) - 1]
            card = self.by_id[outcome]
            self._step(("deal", seat, card) if seat >= 0 else ("up", card))

    def apply_index(self, index: int) -> None:
        action = self.legal_actions()[index]
        if isinstance(action, DrawTalon):
            self.pending, self.legal = action.seat, None  # chance draws the card next
        else:
            self._step(("act", action))

    def _step(self, step: Step) -> Sequence[GameEvent]:
        """Apply one step of the history (to the engine once it is dealt), record it and
        return the engine's events."""
        self.history.append(step)
        self.legal, self._hidden = None, {}
        kind, record = step[0], self.record
        if kind == "dealer":
            dealer, n = step[1], self.n
            self.plan = [
                (dealer + k) % n for k in range(1, n + 1) for _ in range(self.sizes[k % n])
            ]
            self.plan += [-1] * self.upcards
        if kind in ("dealer", "deal", "up"):
            if record and kind == "deal":
                self.logs[step[1]].append(step[2].code)
            elif record:
                for log in self.logs:
                    log.append(f"D{step[1]}" if kind == "dealer" else f"U{step[1].code}")
            if len(self.history) == len(self.plan) + 1:
                self._start()
            return ()
        game, action = self.game, step[1]
        assert game is not None
        if kind == "draw":
            _stack(game, step[2])
            if record:
                self.logs[step[1]].append("+" + step[2].code)
            action = DrawTalon(step[1])
        events = game.apply(action)
        self.over = bool(game.results) or game.is_over
        if record:
            token = ";".join(map(repr, events))
            for log in self.logs:
                log.append(token)
        return events

    def replayed(self, history: Sequence[Step]) -> RoundCore:
        """A new round of the same game with ``history`` applied."""
        core = object.__new__(RoundCore)
        core.__dict__.update(self.__dict__)
        core.history, core.logs = [], [[] for _ in range(self.n)]
        core.game, core.legal, core.pending, core._hidden = None, None, None, {}
        core.over, core.record = False, True
        for step in history:
            core._step(step)
        core.pending = self.pending
        return core

    def __deepcopy__(self, memo: dict[int, Any]) -> RoundCore:
        """A copy (pyspiel's ``clone``): the engine's game copied, its logs shared."""
        if self.game is None:
            return self.replayed(self.history)
        core = object.__new__(RoundCore)
        core.__dict__.update(self.__dict__)
        core.history, core.logs = list(self.history), [list(log) for log in self.logs]
        core.legal, core._hidden = None, dict(self._hidden)
        game = self.game  # immutable or copied flat: ruleset, events and actions
        shared = {id(game.ruleset): game.ruleset, id(game.events): list(game.events)}
        shared[id(game.actions)] = list(game.actions)
        core.game = copy.deepcopy(game, shared)
        return core

    def resample(self, seat: int, rng: random.Random) -> RoundCore:
        """A round ``seat`` cannot tell from this one, what it has not seen re-dealt (see the
        module's docstring). For the seat to act: one in mid-turn may owe a play its unseen
        cards allow (500 Rum's take of a card to meld at once), so a re-deal the engine refuses
        is drawn again; after ``RESAMPLE_TRIES`` the round is copied (``RESAMPLE_FALLBACKS``)."""
        if seat not in self._hidden:
            self._hidden[seat] = _unseen(self, seat)
        slots, current = self._hidden[seat]
        for _ in range(RESAMPLE_TRIES):
            history = list(self.history)
            for epoch in sorted({epoch for _, epoch in slots}):
                mine = [i for i, e in slots if e == epoch]
                pool = [history[i][-1] for i in mine]
                if epoch == current and self.game is not None:
                    pool += self.game.stock  # type: ignore[attr-defined]
                rng.shuffle(pool)
                for i, card in zip(mine, pool, strict=False):
                    history[i] = (*history[i][:-1], card)
            try:
                return self.replayed(history)
            except RulesError:
                continue
        RESAMPLE_FALLBACKS[self.spec.key] += 1
        return copy.deepcopy(self)


def _unseen(core: RoundCore, seat: int) -> tuple[list[tuple[int, int]], int]:
    """The steps of ``core``'s history that dealt or drew another seat a card ``seat`` has not
    seen and that has not shown since, each with its pool (the stock rebuilds before it), and
    the pool now. A card that left another hand, or that an event of that seat names while it
    holds it, has shown; one that came into a hand not from the stock is known to be there."""
    probe = core.replayed([])
    probe.record = False
    slots: list[list[int]] = [[] for _ in range(core.n)]  # the unseen steps, by seat
    known: list[Counter[Card]] = [Counter() for _ in range(core.n)]  # seen in the hands
    hands: list[Counter[Card]] = []
    pool, pool_of = 0, dict[int, int]()  # the stock rebuilds so far; each step's

    def show(other: int, card: Card) -> bool:
        for k, i in enumerate(slots[other]):
            if core.history[i][-1] is card:
                del slots[other][k]
                return True
        return False

    for i, step in enumerate(core.history):
        if step[0] in ("deal", "draw") and step[1] != seat:
            slots[step[1]].append(i)
            pool_of[i] = pool
        events, game = probe._step(step), probe.game
        if game is None or not hands:  # dealing, or the deal just complete
            hands = (
                [] if game is None else [Counter(game.private_view(s).hand) for s in range(core.n)]
            )
            continue
        pool += any(isinstance(e, TalonRebuilt) for e in events)
        for other in range(core.n):
            before, now = hands[other], Counter(game.private_view(other).hand)
            hands[other] = now
            if other == seat:
                continue
            came = now - before
            if step[0] == "draw" and step[1] == other:
                came[step[2]] -= 1
            known[other].update(+came)
            for card in (before - now).elements():
                if known[other][card] > 0:
                    known[other][card] -= 1
                else:
                    show(other, card)
            named = Counter(
                c for e in events if getattr(e, "seat", None) == other for c in _cards_in(e)
            )
            for card, count in named.items():
                while known[other][card] < min(count, now[card]) and show(other, card):
                    known[other][card] += 1
    return sorted((i, pool_of[i]) for steps in slots for i in steps), pool


def game_name(key: str) -> str:
    """The pyspiel name of the registered game ``key``."""
    return f"python_rummy_{key}"


class _State(pyspiel.State if pyspiel else object):  # type: ignore[misc]
    """A pyspiel state around a ``RoundCore``."""

    def __init__(self, game: Any, core: RoundCore | None = None) -> None:
        super().__init__(game)
        p, key = game.get_parameters(), game.get_type().short_name.removeprefix("python_rummy_")
        self.core = core or RoundCore(key, p["players"], p["seed"])

    def current_player(self) -> int:
        return self.core.to_act

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self.core.legal_actions())))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.core.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        (self.core.apply_chance if self.core.to_act == -1 else self.core.apply_index)(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player != -1:
            return repr(self.core.legal_actions()[action])
        return self.core.by_id[action].code if self.core.history else f"dealer {action}"

    def is_terminal(self) -> bool:
        return self.core.over

    def returns(self) -> list[float]:
        return self.core.returns()

    def __str__(self) -> str:  # every seat's record: all that happened (pyspiel's ToString)
        return "\n".join(map(self.core.information_state, range(self.core.n)))

    def resample_from_infostate(self, player: int, sampler: Callable[[], float]) -> Any:
        """A determinization for ``player`` (``RoundCore.resample``); pyspiel's own history
        of the new state is empty."""
        rng = random.Random(int(sampler() * 2**53))
        return _State(self.get_game(), self.core.resample(player, rng))


class _Game(pyspiel.Game if pyspiel else object):  # type: ignore[misc]
    """One round of a registered game; ``register`` makes one subclass a game (``TYPE``)."""

    TYPE: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**PARAMETERS, **(params or {})}
        # actions, chance outcomes, players, utility from, to, no fixed sum, length at most
        info = pyspiel.GameInfo(
            MAX_ACTIONS, CARD_IDS, params["players"], -1e4, 1e4, None, MAX_LENGTH
        )
        super().__init__(self.TYPE, info, params)

    def new_initial_state(self) -> _State:
        return _State(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The information state as a string, no tensors."""
        text = lambda state, player: state.core.information_state(player)  # noqa: E731
        nothing = lambda state, player: None  # noqa: E731
        return types.SimpleNamespace(tensor=None, dict={}, set_from=nothing, string_from=text)


def register() -> list[str]:
    """Register every game of the registry with pyspiel (once); their pyspiel names."""
    if pyspiel is None:
        raise RuntimeError("open_spiel is not installed (the bench extra)")
    registered, kind = set(pyspiel.registered_names()), pyspiel.GameType
    for spec in all_specs():
        if game_name(spec.key) in registered:
            continue
        game_type = kind(  # the name, title, dynamics, chance, information, utility, rewards,
            game_name(spec.key),  # seats, what it provides (information state strings only)
            f"{spec.title} (one round)",
            kind.Dynamics.SEQUENTIAL,
            kind.ChanceMode.EXPLICIT_STOCHASTIC,
            kind.Information.IMPERFECT_INFORMATION,
            kind.Utility.GENERAL_SUM,
            kind.RewardModel.TERMINAL,
            *(spec.max_seats, spec.min_seats, True, False, False, False),
            dict(PARAMETERS),
        )
        game_class = type(f"Game_{spec.key}", (_Game,), {"TYPE": game_type})
        pyspiel.register_game(game_type, game_class)
    return [game_name(spec.key) for spec in all_specs()]
