"""Taps and Discord calls of a normal turn, for every registered game, through SimCord.

A normal turn is played two ways. The suggested way takes the hand's one-tap suggestions:
draw, the suggested meld (one), then the suggested knock or Rummy call (asking once) or the
suggested discard (the one the hint names). The way by hand: draw; lay the melds the hand can
lay now (each its one-tap suggestion); then end the turn with a knock or a Rummy call when the
hand offers one (asking once), else by discarding one card (tap it, then Discard). The deal
is the first seed (from 1 up) on which such a turn exists for the member to act (after the
opening passes where the upcard is offered first, as in Gin Rummy) and, where the game has
them, includes a meld and a knock. Both members keep their hand open, as
players do; nobody taps "Your hand" or Refresh during the turn.

Printed per game and way: the taps (button presses and option picks); per click, how many
times the bot built the hand's offers (``bot.hand.taps.offers``) and narrated events (the
presenter's ``narrate``); and, for the way by hand, the Discord calls the turn caused:
interaction answers and edits through interaction webhooks (which do not count against the
bot's global rate limit of 50 requests a second) apart from the calls that do (channel
messages: posts, edits, deletes). Then the calls of the turn change alone (from the
press that ended the turn). The last line reads ``taps_<key>=N suggested_<key>=N`` for every
registered game (N: taps by hand, and the suggested way).

    python bench/ui.py
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "bot")]

from bot_harness import Table, make_settings  # noqa: E402
from simcord import Env  # noqa: E402

from bot.app import create_bot  # noqa: E402
from bot.core.handstate import HandState  # noqa: E402
from bot.core.model import GameOptions  # noqa: E402
from bot.games import all_presenters, presenter  # noqa: E402
from bot.hand import taps  # noqa: E402
from bot.hand.ui import hand_context  # noqa: E402
from engine.actions import Action, CallRummy, Discard, DrawTalon, Knock, Meld, Pass  # noqa: E402
from engine.protocol import GameSpec, RummyGame  # noqa: E402
from engine.registry import all_specs  # noqa: E402

NAMES = ["anna", "ben"]
SEEDS = range(1, 4000)
CLOSES = (Knock, CallRummy)


@dataclass
class TurnFigures:
    key: str
    seed: int
    moves: list[str]
    taps: int
    calls: Counter[str]
    change: Counter[str]
    suggested_moves: list[str] = field(default_factory=list)
    suggested_taps: int = 0
    offers_per_click: list[int] = field(default_factory=list)  # the way by hand
    narrates_per_click: list[int] = field(default_factory=list)
    suggested_offers_per_click: list[int] = field(default_factory=list)
    suggested_narrates_per_click: list[int] = field(default_factory=list)


class Calls:
    """Counts the bot's calls of the offer builder (per hand drawn: a click that passes the
    turn also redraws the next member's live hand) and of the narrator, per click of the
    member (the harness's own peeks at the offers, to find a button, are not counted)."""

    def __init__(self) -> None:
        self.hands: list[Counter[int]] = []  # per click: seat -> offers built for its hand
        self.narrates: list[int] = []
        self.peeking = 0

    @property
    def offers(self) -> list[int]:
        """Per click: the most times the offers of one hand were built."""
        return [max(built.values(), default=0) for built in self.hands]

    @property
    def hands_drawn(self) -> list[int]:
        """Per click: how many members' hands had their offers built."""
        return [len(built) for built in self.hands]

    def click(self) -> None:
        self.hands.append(Counter())
        self.narrates.append(0)

    @contextmanager
    def peek(self) -> Iterator[None]:
        """Calls made meanwhile are the harness's or the bench's, not the bot's."""
        self.peeking += 1
        try:
            yield
        finally:
            self.peeking -= 1

    def count(self, kind: str, seat: int = -1) -> None:
        if self.peeking or not self.hands:
            return
        if kind == "offers":
            self.hands[-1][seat] += 1
        else:
            self.narrates[-1] += 1


@contextmanager
def counting(key: str, calls: Calls) -> Iterator[None]:
    """Wrap the offer builder, the game's narrator and the harness's press and peek."""
    shown = presenter(key)
    builder, narrator = taps.offers, shown.narrate
    press, peek = Table.press, Table.offer_ids

    def offers(ctx: Any, *args: Any, **kwargs: Any) -> Any:
        calls.count("offers", ctx.seat.seat)
        return builder(ctx, *args, **kwargs)

    def narrate(*args: Any, **kwargs: Any) -> Any:
        calls.count("narrate")
        return narrator(*args, **kwargs)

    async def pressing(table: Table, *args: Any, **kwargs: Any) -> Any:
        calls.click()
        return await press(table, *args, **kwargs)

    def peeking(table: Table, *args: Any, **kwargs: Any) -> Any:
        with calls.peek():
            return peek(table, *args, **kwargs)

    taps.offers = offers  # type: ignore[assignment]
    shown.narrate = narrate  # type: ignore[method-assign]
    Table.press = pressing  # type: ignore[method-assign]
    Table.offer_ids = peeking  # type: ignore[method-assign]
    try:
        yield
    finally:
        taps.offers = builder
        del shown.narrate  # the class's method again
        Table.press, Table.offer_ids = press, peek  # type: ignore[method-assign]


def kind_of(request: Any) -> str:
    """A call's kind: what it is and whether it counts against the global rate limit."""
    first = request.path.split("/")[1]
    if first in ("interactions", "webhooks"):
        return f"{request.method} {first} (not rate-limited)"
    return f"{request.method} {first} (rate-limited)"


def has_feature(spec: GameSpec, kinds: tuple[type, ...]) -> bool:
    """Whether random play of the game ever offers one of these moves (a meld, a knock)."""
    game = spec.new_game(None, NAMES, 1)
    players = [spec.make_player(spec.strengths[0], seat) for seat in range(2)]
    for _ in range(600):
        if game.is_over:
            break
        legal = list(game.legal_actions())
        if any(isinstance(a, kinds) for a in legal):
            return True
        seat = game.to_act
        game.apply(players[seat].choose(game.private_view(seat), legal))
    return False


def opening_passes(game: RummyGame) -> list[Action]:
    """The passes before the first normal turn where a hand opens with an offered upcard
    (Gin Rummy): while the player to act may not draw from the stock but may pass."""
    passes: list[Action] = []
    while not game.can(DrawTalon(game.to_act)) and game.can(Pass(game.to_act)):
        passes.append(Pass(game.to_act))
        game.apply(passes[-1])
    return passes


def planned_turn(game: RummyGame, wants_meld: bool, wants_close: bool) -> list[Action] | None:
    """The normal turn of the member to act on this deal (engine only), or None."""
    opening_passes(game)
    seat = game.to_act
    draw = DrawTalon(seat)
    if not game.can(draw):
        return None
    game.apply(draw)
    shown = presenter(game.spec.key)
    moves: list[Action] = [draw]
    for _ in range(3):
        melds = [a for a in game.legal_actions() if isinstance(a, Meld)]
        if not melds:
            break
        best = max(melds, key=lambda m: _points(shown, game, m))
        game.apply(best)
        moves.append(best)
    legal = list(game.legal_actions())
    closes = [a for a in legal if isinstance(a, CLOSES)]
    discards = [a for a in legal if isinstance(a, Discard)]
    if wants_meld and len(moves) < 2:
        return None
    if wants_close and not closes:
        return None
    if closes:
        return [*moves, closes[0]]
    return [*moves, discards[0]] if discards else None


def _points(shown: Any, game: RummyGame, meld: Meld) -> int:
    for points, cards in shown.meld_options(game.private_view(meld.seat).hand):
        if sorted(c.code for c in cards) == sorted(c.code for c in meld.cards):
            return int(points)
    return 0


def find_seed(spec: GameSpec) -> int:
    wants_meld = has_feature(spec, (Meld,))
    wants_close = has_feature(spec, CLOSES)
    for seed in SEEDS:
        game = spec.new_game(GameOptions(spec.key).ruleset(), NAMES, seed)
        if planned_turn(game, wants_meld, wants_close) is not None:
            return seed
    raise SystemExit(f"no deal with a normal turn for {spec.key}")


async def next_move(
    table: Table, member: Any, moves: list[str], suggested: bool, calls: Calls
) -> Action | None:
    """The move the way takes now: draw, the suggested meld (suggested: one), the offered
    close, else (suggested) the offered discard or (by hand) the game's safe discard."""
    seat = table.live.seat_of(member.id)
    assert seat is not None
    ctx = hand_context(table.live, seat, HandState())
    if not ctx.legal or ctx.private.seat != table.live.game.to_act:  # type: ignore[union-attr]
        return None
    with calls.peek():  # the bench reading the buttons: no click's work
        offered = [o.action for o in taps.offers(ctx, presenter(table.live.game_key))]
    kinds: tuple[type, ...] = (DrawTalon, Meld, *CLOSES)
    if suggested:
        kinds = (
            (DrawTalon, *CLOSES, Discard)
            if "Meld" in moves
            else (DrawTalon, Meld, *CLOSES, Discard)
        )
    for kind in kinds:
        found = [a for a in offered if isinstance(a, kind)]
        if found:
            return found[0]
    spec = presenter(table.live.game_key).spec
    return spec.timeout_action(ctx.private, list(ctx.legal))


async def by_hand(table: Table, member: Any, action: Action) -> None:
    """Tap the move's cards, then its button (and 'yes' if it asks): no suggestion used."""
    await table.tap_cards(member, taps.cards_used(action))
    await table.play_offered(member, action)


@dataclass
class Way:
    moves: list[str]
    taps: int
    calls: Counter[str]
    change: Counter[str]
    offers: list[int]
    narrates: list[int]


async def play_turn(spec: GameSpec, seed: int, suggested: bool) -> Way:
    """One normal turn of this deal, the suggested way or by hand, through SimCord."""

    with tempfile.TemporaryDirectory(prefix="uibench") as tmp:
        settings = make_settings(Path(tmp), game_seed=seed, default_target=500)
        env = Env(create_bot(settings))
        await env.start()
        try:
            guild = env.create_guild()
            channel = guild.create_text_channel("cards")
            members = [guild.add_member(env.create_user(name)) for name in NAMES]
            table = Table(env, channel, members)
            await table.start(await table.open(game=spec.key))
            for member in members:
                await table.open_hand(member)
            while (game := table.live.game) is not None:  # the opening passes, if any
                seat = game.to_act
                if game.can(DrawTalon(seat)) or not game.can(Pass(seat)):
                    break
                await table.play_offered(table.member_for_seat(seat), Pass(seat))
            member = table.member_for_seat(table.live.game.to_act)  # type: ignore[union-attr]
            table.taps = 0
            before = len(env.http_requests)
            moves: list[str] = []
            change_from = before
            counted = Calls()
            with counting(spec.key, counted):
                while (
                    action := await next_move(table, member, moves, suggested, counted)
                ) is not None:
                    if isinstance(action, Discard | Knock | CallRummy):
                        change_from = len(env.http_requests)
                    if suggested or not isinstance(action, Discard):
                        await table.play_offered(member, action)
                    else:
                        await by_hand(table, member, action)
                    moves.append(type(action).__name__)
            calls = Counter(kind_of(r) for r in env.http_requests[before:])
            change = Counter(kind_of(r) for r in env.http_requests[change_from:])
            return Way(moves, table.taps, calls, change, counted.offers, counted.narrates)
        finally:
            await env.shutdown()
            await env.bot.close()


async def measure(spec: GameSpec) -> TurnFigures:
    seed = find_seed(spec)
    hand = await play_turn(spec, seed, suggested=False)
    best = await play_turn(spec, seed, suggested=True)
    return TurnFigures(
        spec.key,
        seed,
        hand.moves,
        hand.taps,
        hand.calls,
        hand.change,
        best.moves,
        best.taps,
        hand.offers,
        hand.narrates,
        best.offers,
        best.narrates,
    )


def report(figures: TurnFigures) -> list[str]:
    limited = sum(n for k, n in figures.calls.items() if k.endswith("(rate-limited)"))
    change_limited = sum(n for k, n in figures.change.items() if k.endswith("(rate-limited)"))
    lines = [
        f"{figures.key}: seed {figures.seed}",
        f"  suggested: {' → '.join(figures.suggested_moves)}: taps {figures.suggested_taps}",
        f"    per click, offers built (per hand) {figures.suggested_offers_per_click}, "
        f"narrated {figures.suggested_narrates_per_click}",
        f"  by hand: {' → '.join(figures.moves)}: taps {figures.taps}",
        f"    per click, offers built (per hand) {figures.offers_per_click}, "
        f"narrated {figures.narrates_per_click}",
        f"  calls in the turn: {sum(figures.calls.values())}, rate-limited {limited}",
    ]
    lines.extend(f"    {kind}: {n}" for kind, n in sorted(figures.calls.items()))
    lines.append(f"  calls of the turn change: rate-limited {change_limited}")
    lines.extend(f"    {kind}: {n}" for kind, n in sorted(figures.change.items()))
    return lines


async def run() -> list[TurnFigures]:
    return [await measure(spec) for spec in all_specs()]


def main() -> None:
    results = asyncio.run(run())
    for figures in results:
        print("\n".join(report(figures)))
    keys = {p.key for p in all_presenters()}
    assert keys == {f.key for f in results}
    print(" ".join(f"taps_{f.key}={f.taps} suggested_{f.key}={f.suggested_taps}" for f in results))
    # The most times one click built one hand's offers, or narrated its events (goal: 1).
    print(
        " ".join(
            f"offers_per_hand_{f.key}={max(f.offers_per_click + f.suggested_offers_per_click)} "
            f"narrated_{f.key}={max(f.narrates_per_click + f.suggested_narrates_per_click)}"
            for f in results
        )
    )


if __name__ == "__main__":
    main()
