"""Rommé for the bot: minus points, the 40-point first meld (pending until reached, and taken
back on demand), jokers spelled out, joker swaps typed; table, hand, words and records."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import bot.games.romme.render_alt as render_alt
from bot.core.errors import Refusal
from bot.core.handstate import HandContext, TypedField
from bot.core.presenter_base import strengths
from bot.core.presenter_table import Pictures
from bot.core.reading import one_card, small_number, typed_draw, typed_melds_and_discard
from bot.core.texts import clip
from bot.games import melding
from bot.games.romme.render import render_romme_table
from bot.games.romme.render_results import render_romme_round_result
from bot.render.pile_games import minus_text
from engine.actions import Action, JokerSwap, MeldKind
from engine.cards import Card, format_cards, parse_cards
from engine.games.romme.events import RommeRoundResult
from engine.games.romme.views import RommePrivateView, RommePublicView
from engine.i18n import N_, N_plural, _, ngettext
from engine.protocol import Phase


def parse_swap(seat: int, text: str) -> JokerSwap:
    """'swap Q♥ on 3 with 10♥ J♥' (or 'Q♥ 3 10♥ J♥'): the natural card, the meld number of
    the joker, then the new meld's hand cards; the joker is added to them unless named."""
    words = [
        w for w in text.replace(",", " ").split() if w.lower() not in ("swap", "on", "with", "in")
    ]
    number = small_number(words[1]) if len(words) >= 4 else None
    if number is None:
        raise Refusal(_("Write: swap Q♥ on 3 with 10♥ J♥ (card, meld number, the new meld)."))
    card = one_card(words[0])
    new = list(parse_cards(" ".join(words[2:])))
    if not any(c.is_joker for c in new):
        new.append(Card.parse(_("Jo")))
    return JokerSwap(seat, card, number - 1, tuple(new))


class RommePresenter(
    melding.PileGamePresenter[RommePublicView, RommePrivateView, RommeRoundResult]
):
    """Rommé on Discord: the two-pack presenter with the first meld of 40 and minus points."""

    key = "romme"
    summary = N_(
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
    # Measured by python -m engine simulate, 400 sessions each (docs/strength.md).
    strength_notes = strengths(
        N_("Beats a random player in 399 of 400 sessions"),
        N_("Wins 56 of 100 sessions against normal"),
    )
    timeout_steps = 3  # an unfinished first meld is taken back first

    # ------------------------------------------------------------ the table
    heading_words = N_("{title} — round {round_number} of {rounds}")

    def heading_values(self, view: RommePublicView) -> dict[str, object]:
        return {"rounds": view.rounds}

    def phase_text(self, view: RommePublicView) -> str:
        return melding.phase_text(view) or _(
            "plays: melds, lay-offs and joker swaps, then a discard"
        )

    def seat_score(self, view: RommePublicView, seat: int) -> str:
        minus = view.seats[seat].minus
        return ngettext("{n} minus point", "{n} minus points", minus)

    def seat_notes(self, view: RommePublicView, seat: int) -> list[str]:
        s = view.seats[seat]
        if s.opened:
            return [_("first meld down")]
        return [
            _(
                "first meld {opening_points}/{opening_minimum}",
                opening_points=s.opening_points,
                opening_minimum=view.opening_minimum,
            )
        ]

    def table_fields(self, names: Sequence[str], view: RommePublicView) -> list[tuple[str, str]]:
        return [(_("Melds"), self._melds_text(names, view)), melding.piles_field(view)]

    def _melds_text(self, names: Sequence[str], view: RommePublicView) -> str:
        if not view.melds:
            return _("none yet")
        lines = []
        for meld in view.melds:
            kind = _("set") if meld.kind is MeldKind.SET else _("run")
            cards = " ".join(
                f"{p.card}={p.stands_for}" if p.card.is_joker else str(p.card) for p in meld.cards
            )
            pending = _(", pending") if meld.pending else ""
            lines.append(
                f"`{meld.id + 1}` {cards} ({kind}, {names[meld.owner]}, {meld.points}{pending})"
            )
        return clip("\n".join(lines), 1024)

    def footer(self, view: RommePublicView) -> str:
        return _(
            "First meld at least {value} · fewest minus points win",
            value=view.opening_minimum,
        )

    def round_points_text(self, points: int) -> str:
        return minus_text(points)  # as the round's picture says it

    # ------------------------------------------------------------ rounds
    dead_headline = N_("Round {round_number} ended dead: the stock ran out, no minus points.")
    closed_headline = N_("Round {round_number}: {value} went out{double}.")

    def headline_values(self, result: RommeRoundResult, names: Sequence[str]) -> dict[str, object]:
        return {"double": _(" (hand Rommé: minus points doubled)") if result.special else ""}

    def result_seat_line(self, result: RommeRoundResult, seat: int, name: str) -> str:
        return _(
            "{name}: left in hand {cards} → −{value}, total **{value2}**",
            name=name,
            cards=format_cards(result.hands[seat]) or "—",
            value=result.points[seat],
            value2=result.totals[seat],
        )

    # ------------------------------------------------------------ the hand
    def turn_text(self, view: RommePrivateView) -> str:
        return melding.turn_text(view) or (
            _("**Your turn:** meld, lay off or swap jokers as you like, then discard one card.")
        )

    def hand_lines(self, view: RommePrivateView) -> list[str]:
        private = view
        public = private.public
        me = public.seats[private.seat]
        lines = melding.locked_line(private)
        if private.must_meld is not None:
            lines.append(
                _("You must play {must_meld} before you discard.", must_meld=private.must_meld)
            )
        if me.opened:
            lines.append(
                _("Your first meld is down ({opening_points}).", opening_points=me.opening_points)
            )
        else:
            lines.append(
                _(
                    "First meld: {opening_points} of {opening_minimum} points.",
                    opening_points=me.opening_points,
                    opening_minimum=public.opening_minimum,
                )
            )
        lines.append(melding.piles_line(public))
        return lines

    def hint_text(self, ctx: HandContext[RommePrivateView]) -> str:
        return self.melds_and_layoffs_hint(ctx)

    def play_fields(self) -> list[TypedField]:
        swap = TypedField("swap", _("Joker swap"), _("swap Q♥ on 3 with 10♥ J♥"))
        label = _("Meld (3 or more cards, in run order)")
        return self.meld_fields(_("10♥ J♥ Q♥  or  Jo 5s 6s"), swap, meld_label=label)

    def typed_actions(self, phase: Phase, seat: int, values: Mapping[str, str]) -> list[Action]:
        if phase is Phase.DRAW:
            return [typed_draw(seat, values.get("take", ""))]
        return typed_melds_and_discard(seat, values, swap=parse_swap)

    # ------------------------------------------------------------ slash commands
    def meld_options(self, hand: Sequence[Card]) -> list[tuple[int, tuple[Card, ...]]]:
        return melding.scored_melds(hand)

    # ------------------------------------------------------------ pictures and statistics
    pictures = Pictures.described(render_alt, render_romme_table, render_romme_round_result)
    score_words = N_plural("{total} minus point", "{total} minus points")
    session_lower_is_better = True
    best_counts = False  # the most minus points are the worst
    closing_words = (
        N_plural("went out {n} time", "went out {n} times"),
        N_plural("{n} hand Rommé", "{n} hand Rommés"),
    )


PRESENTER = RommePresenter()
