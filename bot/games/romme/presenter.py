"""Rommé for the bot: minus points, the 40-point first meld (pending until reached, and taken
back on demand), jokers spelled out, joker swaps typed; table, hand, words and records."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.core import components as ui
from bot.core.errors import Refusal
from bot.core.presenter import (
    ControlHandler,
    HandContext,
    HandControls,
    TypedField,
)
from bot.core.reading import one_card, parse_layoff, parse_layoff_value, small_number
from bot.core.texts import clip, plural
from bot.games import twopack
from bot.games.romme.render import render_romme_round_result, render_romme_table
from bot.storage import LeaderboardRow, PlayerStats, RoundRecord
from engine.actions import Action, Discard, JokerSwap, Meld, MeldKind, TakeBack
from engine.cards import Card, format_cards, parse_cards
from engine.errors import RulesError
from engine.events import GameEvent
from engine.games.romme.events import JokerSwapped, MeldsTakenBack, Opened, RommeRoundResult
from engine.games.romme.views import RommePrivateView, RommePublicView
from engine.protocol import BasePrivateView, BasePublicView, OptionValue, Phase
from engine.twopack import analyse_variant_meld, meld_options
from engine.twopack.events import VariantRoundEnded, VariantSessionEnded

SUMMARY = (
    "**Rommé in short** — 2 to 6 players, two packs and six jokers, 13 cards each.\n"
    "**Your turn:** draw the top card of the stock or of the discard pile; meld sets (3–4 of "
    "a rank, all suits different) and runs (3+ of a suit, no corner) and lay off; discard.\n"
    "**First meld:** at least 40 points in one turn (you may take it back until then); no "
    "lay-offs or joker swaps in that turn.\n"
    "**Jokers** stand for any card; from the next turn a joker may be swapped for the card it "
    "stands for, going at once into a new meld.\n"
    "**Scoring:** who goes out scores nothing; everybody else takes the value of his hand as "
    "minus points (joker 30, Ace 11), doubled after a hand Rommé. Every player deals once; "
    "the fewest minus points win."
)
LABELS = {
    "dealer_gets_14": ("dealer gets 14, no upcard", "13 cards and an upcard"),
    "discard_only_to_meld": ("discard taken only to meld", "discard taken freely"),
    "strict_swap": ("strict joker swap", "joker swap with any missing suit"),
    "hand_romme_double": ("hand Rommé doubles", "hand Rommé counts single"),
    "no_return": ("no-return on", "no-return off"),
}


def _view(view: BasePublicView) -> RommePublicView:
    assert isinstance(view, RommePublicView), "not a Rommé table"
    return view


def _private(view: BasePrivateView) -> RommePrivateView:
    assert isinstance(view, RommePrivateView), "not a Rommé hand"
    return view


def _result(result: object) -> RommeRoundResult:
    assert isinstance(result, RommeRoundResult), "not a Rommé round"
    return result


def result_line(result: RommeRoundResult, names: Sequence[str]) -> str:
    if result.went_out is None:
        return f"Round {result.round_number} ended dead: the stock ran out, no minus points."
    double = " (hand Rommé: minus points doubled)" if result.hand_romme else ""
    return f"Round {result.round_number}: {names[result.went_out]} went out{double}."


def tell_event(event: GameEvent, names: Sequence[str]) -> str | None:
    shared = twopack.tell_pile_event(event, names)
    if shared is not None:
        return shared
    if isinstance(event, Opened):
        return f"{names[event.seat]} has the first meld down ({event.points} points)."
    if isinstance(event, MeldsTakenBack):
        return f"{names[event.seat]} took back {format_cards(event.cards)}."
    if isinstance(event, JokerSwapped):
        return (
            f"{names[event.seat]} put {event.card} in place of the joker in meld "
            f"{event.meld_id + 1} and laid {format_cards(event.cards)} for {event.points}."
        )
    if isinstance(event, VariantRoundEnded) and isinstance(event.result, RommeRoundResult):
        return result_line(event.result, names)
    if isinstance(event, VariantSessionEnded):
        return f"🏆 {names[event.winner]} wins with {event.totals[event.winner]} minus points!"
    return None


def parse_swap(seat: int, text: str) -> JokerSwap:
    """'swap Q♥ on 3 with 10♥ J♥' (or 'Q♥ 3 10♥ J♥'): the natural card, the meld number of
    the joker, then the new meld's hand cards; the joker is added to them unless named."""
    words = [
        w for w in text.replace(",", " ").split() if w.lower() not in ("swap", "on", "with", "in")
    ]
    number = small_number(words[1]) if len(words) >= 4 else None
    if number is None:
        raise Refusal("Write: swap Q♥ on 3 with 10♥ J♥ (card, meld number, the new meld).")
    card = one_card(words[0])
    new = list(parse_cards(" ".join(words[2:])))
    if not any(c.is_joker for c in new):
        new.append(Card.parse("Jo"))
    return JokerSwap(seat, card, number - 1, tuple(new))


def _lay(ctx: HandContext, values: list[str]) -> Action:
    return parse_layoff_value(ctx.seat.seat, values[0])


CONTROLS: Mapping[str, ControlHandler] = {
    **twopack.CONTROLS,
    "v_meld": lambda ctx, values: Meld(ctx.seat.seat, tuple(twopack.selected_cards(values))),
    "v_lay": _lay,
    "v_back": lambda ctx, values: TakeBack(ctx.seat.seat),
}


class RommePresenter(twopack.TwoPackPresenter):
    key = "romme"
    timeout_steps = 3  # an unfinished first meld is taken back first
    controls = CONTROLS
    session_lower_is_better = True

    def option_label(self, name: str, value: OptionValue) -> str:
        if name in LABELS:
            return LABELS[name][0 if value else 1]
        if name == "rounds":
            return "every player deals once" if value is None else f"{value} rounds"
        if name == "hand_size":
            return f"{value} cards each"
        if name == "opening_minimum":
            return f"first meld at least {value}"
        if name == "max_rebuilds":
            return f"stock rebuilt at most {plural(int(value or 0), 'time')}"
        return super().option_label(name, value)

    def rules_summary(self) -> str:
        return SUMMARY

    # ------------------------------------------------------------ the table
    def heading(self, view: BasePublicView) -> str:
        table = _view(view)
        return f"{self.title} — round {table.round_number} of {table.rounds}"

    def phase_text(self, view: BasePublicView) -> str:
        return twopack.phase_text(view) or "plays: melds, lay-offs and joker swaps, then a discard"

    def seat_text(self, view: BasePublicView, seat: int) -> str:
        table = _view(view)
        s = table.seats[seat]
        if s.opened:
            opening = f"first meld down ({s.opening_points})"
        elif s.opening_points:
            opening = f"first meld {s.opening_points}/{table.opening_minimum}"
        else:
            opening = f"not out yet (0/{table.opening_minimum})"
        return f"**{s.minus}** minus · {opening}"

    def table_fields(self, names: Sequence[str], view: BasePublicView) -> list[tuple[str, str]]:
        table = _view(view)
        return [("Melds", self._melds_text(names, table)), twopack.piles_field(table)]

    def _melds_text(self, names: Sequence[str], view: RommePublicView) -> str:
        if not view.melds:
            return "none yet"
        lines = []
        for meld in view.melds:
            kind = "set" if meld.kind is MeldKind.SET else "run"
            cards = " ".join(
                f"{p.card}={p.stands_for}" if p.card.is_joker else str(p.card) for p in meld.cards
            )
            pending = ", pending" if meld.pending else ""
            lines.append(
                f"`{meld.id + 1}` {cards} ({kind}, {names[meld.owner]}, {meld.points}{pending})"
            )
        return clip("\n".join(lines), 1024)

    def footer(self, view: BasePublicView) -> str:
        return f"First meld at least {_view(view).opening_minimum} · fewest minus points win"

    def standings_text(self, names: Sequence[str], view: BasePublicView) -> str:
        ranked = sorted(_view(view).seats, key=lambda s: s.minus)
        return "\n".join(
            f"{place + 1}. {names[s.seat]}: **{s.minus}** minus points"
            for place, s in enumerate(ranked)
        )

    def round_points_text(self, points: int) -> str:
        return f"−{points}"

    # ------------------------------------------------------------ rounds and events
    def tell(self, event: GameEvent, names: Sequence[str]) -> str | None:
        return tell_event(event, names)

    def round_record(self, result: object) -> RoundRecord:
        done = _result(result)
        zero = (0,) * len(done.totals)
        return RoundRecord(
            done.round_number, done.went_out, done.hand_romme, done.minus, zero, done.totals
        )

    def result_lines(self, names: Sequence[str], result: object) -> list[str]:
        done = _result(result)
        lines = [result_line(done, names)]
        for seat, name in enumerate(names):
            cards = format_cards(done.hands[seat]) or "—"
            lines.append(
                f"{name}: left in hand {cards} → −{done.minus[seat]}, total **{done.totals[seat]}**"
            )
        return lines

    def render_table(self, view: BasePublicView) -> bytes | None:
        return render_romme_table(_view(view))

    def render_round(self, result: object, names: Sequence[str]) -> bytes | None:
        return render_romme_round_result(_result(result), list(names))

    # ------------------------------------------------------------ the hand
    def turn_text(self, view: BasePrivateView) -> str:
        return twopack.turn_text(view) or (
            "**Your turn:** meld, lay off or swap jokers as you like, then discard one card."
        )

    def hand_lines(self, view: BasePrivateView) -> list[str]:
        private = _private(view)
        public = private.public
        me = public.seats[private.seat]
        lines = twopack.locked_line(private)
        if private.must_meld is not None:
            lines.append(f"You must play {private.must_meld} before you discard.")
        if me.opened:
            lines.append(f"Your first meld is down ({me.opening_points}).")
        else:
            lines.append(f"First meld: {me.opening_points} of {public.opening_minimum} points.")
        lines.append(twopack.piles_line(public))
        return lines

    def hand_footer(self, name: str, view: BasePrivateView) -> str:
        return f"{name} · {_private(view).public.seats[view.seat].minus} minus points"

    def hand_controls(self, ctx: HandContext) -> HandControls:
        if not ctx.legal:
            return HandControls()
        if ctx.public.phase is Phase.DRAW:
            return HandControls(twopack.draw_items(ctx, _view(ctx.public)))
        if ctx.public.phase is not Phase.PLAY:
            return HandControls()
        gid, arg = ctx.game_id, ctx.arg
        items: list[ui.GameComponent] = []
        if any(isinstance(a, TakeBack) for a in ctx.legal):
            items.append(ui.button(gid, "v_back", arg, label="Take back the first meld", row=1))
        if ctx.cards:
            items.append(
                ui.select(
                    gid,
                    "v_meld",
                    arg,
                    twopack.card_options(ctx.cards),
                    placeholder="Meld: choose 3 or more cards (in run order)…",
                    max_values=min(len(ctx.cards), twopack.OPTION_LIMIT),
                    row=2,
                )
            )
        layoffs = self.layoffs(ctx)[: twopack.OPTION_LIMIT]
        if layoffs:
            options = [twopack.layoff_option(a) for a in layoffs]
            items.append(
                ui.select(gid, "v_lay", arg, options, placeholder="Lay off a card…", row=3)
            )
        items.extend(twopack.discard_select(ctx, row=4))
        return HandControls(items)

    def hint_text(self, ctx: HandContext) -> str:
        lines = []
        shapes = []
        for cards in meld_options(ctx.private.hand):
            try:
                shapes.append(analyse_variant_meld(cards))
            except RulesError:
                continue
        for shape in sorted(shapes, key=lambda m: -m.total)[:8]:
            lines.append(f"• meld {format_cards(shape.cards)} for {shape.total}")
        for action in self.layoffs(ctx)[:8]:
            place = "" if action.end is None else f" ({twopack.end_label(action.end)})"
            lines.append(f"• lay off {action.card} on meld {action.meld_id + 1}{place}")
        if not lines:
            return "💡 No meld or lay-off in your hand right now."
        return "💡 You could:\n" + "\n".join(lines)

    def typed_fields(self, phase: Phase) -> list[TypedField]:
        if phase is Phase.DRAW:
            return [twopack.DRAW_FIELD]
        if phase is not Phase.PLAY:
            return []
        return [
            TypedField("meld", "Meld (3 or more cards, in run order)", "10♥ J♥ Q♥  or  Jo 5s 6s"),
            TypedField("layoff", "Lay off: card, meld number, end (optional)", "7♠ 2 high"),
            TypedField("swap", "Joker swap", "swap Q♥ on 3 with 10♥ J♥"),
            TypedField("discard", "Discard (ends your turn)", "9♣"),
        ]

    def typed_actions(self, phase: Phase, seat: int, values: Mapping[str, str]) -> list[Action]:
        if phase is Phase.DRAW:
            return [twopack.typed_draw(seat, values.get("take", ""))]
        actions: list[Action] = []
        if values.get("meld"):
            actions.append(Meld(seat, tuple(parse_cards(values["meld"]))))
        if values.get("layoff"):
            actions.append(parse_layoff(seat, values["layoff"]))
        if values.get("swap"):
            actions.append(parse_swap(seat, values["swap"]))
        if values.get("discard"):
            actions.append(Discard(seat, one_card(values["discard"])))
        if not actions:
            raise Refusal("Nothing typed, so nothing changed.")
        return actions

    # ------------------------------------------------------------ slash commands
    def meld_options(self, hand: Sequence[Card]) -> list[tuple[int, tuple[Card, ...]]]:
        scored = []
        for cards in meld_options(hand):
            try:
                scored.append((analyse_variant_meld(cards).total, tuple(cards)))
            except RulesError:
                continue
        return sorted(scored, key=lambda pair: -pair[0])

    def table_melds(self, view: BasePublicView) -> list[tuple[int, str]]:
        return [(meld.id, format_cards([p.card for p in meld.cards])) for meld in _view(view).melds]

    # ------------------------------------------------------------ statistics
    def leaderboard_line(self, row: LeaderboardRow) -> str:
        return f"{row.points} minus points"

    def stats_fields(self, stats: PlayerStats) -> list[tuple[str, str]]:
        return [
            ("Sessions", f"{stats.played} played, {stats.wins} won ({stats.win_rate:.0%})"),
            ("Final minus points", f"{stats.points} in total"),
            (
                "Rounds",
                f"{stats.rounds} played, {stats.average_per_round:.1f} minus points per round",
            ),
            ("Closing rounds", f"went out {stats.closed} times, {stats.special} hand Rommés"),
            ("Abandoned games", str(stats.abandoned)),
        ]


PRESENTER = RommePresenter()
