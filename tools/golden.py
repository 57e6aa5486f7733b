"""Golden playthroughs: one text file per game and ruleset of a seeded game, move by move.

``python -m tools.golden`` (or ``python3 tools/golden.py``) writes them to
``tests/engine/golden/``; ``--check`` compares instead and exits 1 on a difference.
``tests/engine/test_golden.py`` regenerates them in memory and compares, so that any change
of the engine's behaviour shows as a diff of these files. Regenerate them on purpose only,
after a change of behaviour you meant, and review the diff before committing it.

A file holds the ruleset, the seats and the seed, then for every action: the legal moves
of the seat to act (written without the seat), the action, its events, and what changed in
the public view and in each seat's private view (the first views are written in full, later
ones as the fields that changed, so that every view can be rebuilt from the file; the
public view's ``version`` only where it is not the action's number). It ends with the
standings. Values are written by ``fmt``: dataclasses field by field (those nested in a list
inside another by position), cards by code (``QH``, ``10S``, ``Jo``), sets sorted; nothing
depends on the language, dict or set order, or object addresses.

The moves are chosen here by a seeded simple policy (``Policy``), not by the game's computer
players, so the files do not change when their strength is tuned: close the round (knock,
call Rummy) when allowed, else meld or lay off, else take the upcard when it fits the hand
(half the time, so that two players cannot pass cards to and fro for ever), else draw;
discard the card that fits the rest of the hand least, the highest first. Each file stops
when the session is over or after its case's ``rounds`` (``ROUNDS``, two, unless it says;
Gin Rummy's hands are short and often dead, so three).
"""

from __future__ import annotations

import argparse
import difflib
import json
import random
import sys
from collections.abc import Sequence
from dataclasses import fields, is_dataclass
from enum import Enum
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.actions import (  # noqa: E402
    Action,
    BuyBack,
    CallRummy,
    Discard,
    DrawTalon,
    JokerSwap,
    Knock,
    LayOff,
    Meld,
    TakeBack,
    TakeDiscard,
)
from engine.cards import Card  # noqa: E402
from engine.protocol import RummyGame  # noqa: E402
from engine.registry import get_spec  # noqa: E402

GOLDEN_DIR = ROOT / "tests" / "engine" / "golden"
REGENERATE = "python -m tools.golden"
ROUNDS = 2  # rounds per file at most, unless a case says (sessions run to hundreds of points)
MAX_ACTIONS = 3000  # a policy that never ends a round is a bug here


class Case(NamedTuple):
    """One golden file: a game, a ruleset (options by name, the rest default), the seats."""

    game: str
    label: str
    options: dict[str, Any]
    names: tuple[str, ...]
    seed: int  # the game's and the policy's
    rounds: int = ROUNDS  # at most

    @property
    def filename(self) -> str:
        """The file's name in ``GOLDEN_DIR``."""
        return f"{self.game}-{self.label}.txt"


TWO = ("Anna", "Ben")
THREE = ("Anna", "Ben", "Clara")
FOUR = ("Anna", "Ben", "Clara", "Dora")
CASES: tuple[Case, ...] = (
    Case("treppenromme", "default", {}, TWO, 1),
    Case(
        "treppenromme",
        "3p-10cards-return-target150",
        {"hand_size": 10, "no_return": False, "target": 150},
        THREE,
        2,
    ),
    Case(
        "treppenromme",
        "4p-norebuild-single",
        {"max_rebuilds": 0, "hand_romme_double": False},
        FOUR,
        3,
    ),
    Case("romme", "default", {}, TWO, 1),
    Case(
        "romme",
        "3p-dealer14-meldonly-strict-1round",
        {
            "dealer_gets_14": True,
            "discard_only_to_meld": True,
            "strict_swap": True,
            "rounds": 1,
            "opening_minimum": 30,
        },
        THREE,
        2,
    ),
    Case("wiener", "default", {}, THREE, 1),
    Case(
        "wiener",
        "2p-knock10-out30",
        {"knock_limit": 10, "out_at": 30, "buy_back_from": 20, "stake": 2, "knock_money": 2},
        TWO,
        2,
    ),
    Case("rum500", "default", {}, TWO, 1),
    Case("rum500", "3p-target100", {"target": 100}, THREE, 2),
    Case("rum500", "4p-10cards", {"hand_size": 10}, FOUR, 3),
    Case("gin", "default", {}, TWO, 9, rounds=3),
    Case("gin", "oklahoma-target50", {"oklahoma": True, "target": 50}, TWO, 4, rounds=3),
    Case(
        "gin",
        "knock5-bonuses",
        {"knock_card": 5, "gin_bonus": 10, "undercut_bonus": 10, "shutout_doubles": False},
        TWO,
        2,
        rounds=3,
    ),
)


# ----------------------------------------------------------------- writing values
def fmt(value: object, depth: int = 0) -> str:
    """``value`` as deterministic text: dataclasses by field (those nested in a list inside
    another, such as a meld's cards, by position), cards by code, sets sorted."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if value is None or isinstance(value, bool | int | float | str):
        return repr(value)
    if is_dataclass(value) and not isinstance(value, type):
        names = [f.name for f in fields(value)]
        items = [fmt(getattr(value, n), depth + 1) for n in names]
        if depth < 2:
            items = [f"{n}={item}" for n, item in zip(names, items, strict=True)]
        return f"{type(value).__name__}({', '.join(items)})"
    if isinstance(value, tuple | list):
        return "[" + ", ".join(fmt(v, depth + 1) for v in value) + "]"
    if isinstance(value, set | frozenset):
        return "{" + ", ".join(sorted(fmt(v, depth + 1) for v in value)) + "}"
    if isinstance(value, dict):
        pairs = sorted((fmt(k, depth + 1), fmt(v, depth + 1)) for k, v in value.items())
        return "{" + ", ".join(f"{k}: {v}" for k, v in pairs) + "}"
    return _fmt_object(value)


def _fmt_object(value: object) -> str:
    slots = [s for kind in type(value).__mro__ for s in getattr(kind, "__slots__", ())]
    names = [*slots, *sorted(getattr(value, "__dict__", {}))]
    if not names:
        raise TypeError(f"no deterministic form for {type(value).__name__}")
    inner = ", ".join(f"{n}={fmt(getattr(value, n))}" for n in names if not n.startswith("__"))
    return f"{type(value).__name__}({inner})"


def fmt_action(action: Action, seat: bool = True) -> str:
    """An action, its fields in order without their names: ``Meld(0, [5H, 6H, 7H])``; without
    the seat (``seat`` False) in the list of legal moves, all the seat's to act."""
    names = [f.name for f in fields(action) if seat or f.name != "seat"]
    return f"{type(action).__name__}({', '.join(fmt(getattr(action, n)) for n in names)})"


def delta(prefix: str, old: object, new: object) -> list[str]:
    """The fields of the view ``new`` that differ from ``old`` (all of them when ``old`` is
    None), one line each; rows of records (seats, melds) by index."""
    lines = []
    for field in fields(new):  # type: ignore[arg-type]
        value = getattr(new, field.name)
        before: Any = getattr(old, field.name) if old is not None else None
        if old is not None and before == value:
            continue
        if _rows(value) and _rows(before) and len(value) >= len(before):
            for i, row in enumerate(value):
                if i >= len(before) or before[i] != row:
                    lines.append(f"  {prefix}.{field.name}[{i}] = {fmt(row)}")
        else:
            lines.append(f"  {prefix}.{field.name} = {fmt(value)}")
    return lines


def _rows(value: object) -> bool:
    return isinstance(value, tuple) and bool(value) and all(is_dataclass(v) for v in value)


def private_lines(game: RummyGame, old: list[Any], public: object) -> list[str]:
    """What changed in each seat's private view; ``old`` (by seat) is updated in place."""
    lines = []
    for seat in range(len(game.names)):
        view = game.private_view(seat)
        own = {f.name: getattr(view, f.name) for f in fields(view) if f.name != "public"}  # type: ignore[arg-type]
        if view.public != public:
            own["public"] = view.public  # never expected: every seat sees the same table
        before = old[seat]
        for name, value in own.items():
            if before is None or name not in before or before[name] != value:
                lines.append(f"  seat{seat}.{name} = {fmt(value)}")
        old[seat] = own
    return lines


# ----------------------------------------------------------------- choosing moves
def _fits(card: Card, other: Card) -> bool:
    """Could ``card`` and ``other`` share a meld (same rank, or same suit two ranks apart)?"""
    if card.is_joker or other.is_joker:
        return True
    if card.rank is other.rank:
        return card.suit is not other.suit
    return card.suit is other.suit and abs(card.rank_int - other.rank_int) <= 2


def _fit(card: Card, hand: Sequence[Card]) -> int:
    return sum(1 for other in hand if other is not card and _fits(card, other))


class Policy:
    """The seeded simple policy of the module's docstring. After taking melds back (Rommé's
    first meld short of its minimum) it melds no more that turn, so that it cannot loop."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.held: tuple[int, int] | None = None  # (round, seat) that took melds back

    def choose(self, game: RummyGame) -> Action:
        """The move now; see the module's docstring."""
        legal, rng = list(game.legal_actions()), self.rng
        if self.held != (game.round_number, game.to_act):
            self.held = None
        closing = [a for a in legal if isinstance(a, Knock | CallRummy)]
        if closing:
            return rng.choice(closing)
        plays = [a for a in legal if isinstance(a, Meld | LayOff | JokerSwap)]
        if plays and self.held is None:
            return rng.choice(plays)
        hand = game.private_view(game.to_act).hand
        takes = [a for a in legal if isinstance(a, TakeDiscard) and a.depth == 1]
        draws = [a for a in legal if isinstance(a, DrawTalon)]
        pile = game.public_view().discard_pile
        if takes and pile and _fit(pile[-1], hand) > 0 and (rng.random() < 0.5 or not draws):
            return takes[0]
        if draws:
            return draws[0]
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            worst = min((_fit(a.card, hand), -a.card.rank_int) for a in discards)
            return rng.choice(
                [a for a in discards if (_fit(a.card, hand), -a.card.rank_int) == worst]
            )
        others = [a for a in legal if not isinstance(a, TakeBack | BuyBack | Meld)] or legal
        choice = rng.choice(others)
        if isinstance(choice, TakeBack):
            self.held = (game.round_number, game.to_act)
        return choice


# ----------------------------------------------------------------- a playthrough
def _header(case: Case, game: RummyGame) -> list[str]:
    return [
        f"# Golden playthrough of {case.game} ({case.label}): generated by {REGENERATE}",
        "# (tools/golden.py; its docstring says how to read this). Do not edit by hand.",
        f"game {game.spec.key}",
        f"ruleset {json.dumps(game.ruleset.to_json(), sort_keys=True)}",
        f"names {', '.join(game.names)}",
        f"seed {game.seed}",
        f"policy seed {case.seed}, at most {case.rounds} rounds",
    ]


def _legal_line(game: RummyGame) -> str:
    legal = game.legal_actions()
    return f"  legal {len(legal)}: " + " | ".join(fmt_action(a, seat=False) for a in legal)


def playthrough(case: Case) -> str:
    """The golden text of ``case``: the seeded game played by ``choose`` from the deal."""
    spec = get_spec(case.game)
    game = spec.new_game(spec.make_ruleset(case.options), case.names, case.seed)
    policy = Policy(random.Random(f"golden:{case.seed}"))
    lines = _header(case, game)
    lines.extend(f"  ! {fmt(event)}" for event in game.events)
    public: object = game.public_view()
    lines.extend(delta("public", None, public))
    privates: list[Any] = [None] * len(game.names)
    lines.extend(private_lines(game, privates, public))
    step = 0
    while not game.is_over and len(game.results) < case.rounds:
        step += 1
        if step > MAX_ACTIONS:
            raise RuntimeError(f"{case.filename}: no round end after {MAX_ACTIONS} actions")
        lines.append(_legal_line(game))
        action = policy.choose(game)
        lines.append(f"{step}. {game.names[game.to_act]}: {fmt_action(action)}")
        events = game.apply(action)
        lines.extend(f"  ! {fmt(event)}" for event in events)
        now = game.public_view()
        lines.extend(d for d in delta("public", public, now) if d != f"  public.version = {step}")
        lines.extend(private_lines(game, privates, now))
        public = now
    over = "over" if game.is_over else f"stopped after {len(game.results)} rounds"
    lines.append(f"end: session {over}, {step} actions")
    lines.append(f"standings {fmt(game.standings())}")
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------- the command
def first_difference(expected: str, actual: str, context: int = 3, limit: int = 40) -> str:
    """A unified diff of ``expected`` and ``actual`` around their first differing lines."""
    diff = difflib.unified_diff(
        expected.splitlines(), actual.splitlines(), "golden", "now", n=context, lineterm=""
    )
    lines = list(diff)
    shown = lines[:limit]
    if len(lines) > limit:
        shown.append(f"... ({len(lines) - limit} more diff lines)")
    return "\n".join(shown)


def main(argv: Sequence[str] | None = None) -> int:
    """Write every golden file (or ``--check`` them); returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    parser.add_argument("only", nargs="*", help="file names (or games) to do, default all")
    args = parser.parse_args(argv)
    cases = [c for c in CASES if not args.only or {c.game, c.filename} & set(args.only)]
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    status = 0
    for case in cases:
        text, path = playthrough(case), GOLDEN_DIR / case.filename
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if text == old:
            print(f"unchanged {path.relative_to(ROOT)}")
        elif args.check:
            print(f"differs   {path.relative_to(ROOT)}\n{first_difference(old, text)}")
            status = 1
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote     {path.relative_to(ROOT)} ({len(text)} bytes)")
    known = {c.filename for c in CASES}
    for stale in sorted(p.name for p in GOLDEN_DIR.glob("*.txt") if p.name not in known):
        print(f"stale     {stale}: no case writes it (delete it)")
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
