"""Wiener Rummy for the bot: bad points, chips and the pot, knocks and Rummy calls (the
hand stays hidden until then), the buy-back between rounds; table, hand, words and records."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import bot.games.wiener.render_alt as render_alt
from bot.core.handstate import HandContext, TypedField
from bot.core.presenter_base import strengths
from bot.core.presenter_table import Pictures
from bot.core.reading import typed_close, typed_draw
from bot.core.texts import clip, laid_text, plural
from bot.games import melding
from bot.games.wiener.render import render_wiener_table
from bot.games.wiener.render_results import render_wiener_round_result
from engine.actions import Action, CallRummy, Knock
from engine.cards import Card
from engine.games.wiener.events import WienerRoundResult
from engine.games.wiener.views import WienerPrivateView, WienerPublicView
from engine.i18n import N_, N_plural, _, ngettext
from engine.melding import arrange, deadwood, hand_value
from engine.melding.hand_cost import without
from engine.protocol import Phase, Standings

Close = type[Knock] | type[CallRummy]


def chips_text(chips: int) -> str:
    """A chip balance with its sign: '+3 chips', '−5 chips'."""
    shown = f"{chips:+d}".replace("-", "−")
    return ngettext("{chips} chip", "{chips} chips", abs(chips), chips=shown)


def best_close(ctx: HandContext[WienerPrivateView], kind: Close) -> Knock | CallRummy:
    """The knock (or Rummy call) a button stands for: discard the card that leaves the least
    deadwood (the dearest such card). When none is legal the engine says why."""
    legal = [a for a in ctx.legal if isinstance(a, kind)]
    hand = list(ctx.private.hand)
    if legal:
        candidates = [a.card for a in legal]
    else:
        candidates = list(dict.fromkeys(hand)) or [Card.parse(_("Jo"))]

    def cost(card: Card) -> tuple[int, int]:
        rest = list(hand)
        if card in rest:
            rest.remove(card)
        return (deadwood(rest), -hand_value(card))

    return kind(ctx.seat.seat, min(candidates, key=cost))


class WienerPresenter(
    melding.PileGamePresenter[WienerPublicView, WienerPrivateView, WienerRoundResult]
):
    """Viennese Rummy on Discord: the two-pack presenter with knocking, bad points and chips (its
    session totals are chips)."""

    key = "wiener"
    summary = N_(
        "**Wiener Rummy in short** — 2 to 6 players, two packs and two jokers, 10 cards each.\n"
        "**Your turn:** draw the upcard or the top card of the stock, then discard. Nothing is "
        "melded during play.\n"
        "**Rummy:** all ten cards in melds after your discard ends the round at once.\n"
        "**Knock:** less than 5 deadwood after your discard; everybody else draws and discards "
        "once more.\n"
        "**Scoring:** deadwood becomes bad points; the knocker or Rummy caller gets a chip from "
        "each player. At 101 bad points you are out (one buy-back for 5 chips from 82); the last "
        "player in wins the pot."
    )
    # Measured by python -m engine simulate, 400 sessions each (docs/strength.md).
    strength_notes = strengths(
        N_("Beats a random player in 400 of 400 sessions"),
        N_("Wins 55 of 100 sessions against normal"),
    )

    # ------------------------------------------------------------ the table
    heading_words = N_("{title} — round {round_number}, out at {out_at}")

    def heading_values(self, view: WienerPublicView) -> dict[str, object]:
        return {"out_at": view.out_at}

    def phase_text(self, view: WienerPublicView) -> str:
        common = melding.phase_text(view)
        if common is not None:
            return common
        if view.knocker is not None:
            return _("discards (last turn after the knock)")
        return _("discards, knocks or calls Rummy")

    def seat_score(self, view: WienerPublicView, seat: int) -> str:
        return self.score_text(view.seats[seat].bad_points)

    def seat_notes(self, view: WienerPublicView, seat: int) -> list[str]:
        s = view.seats[seat]
        notes = [chips_text(s.chips)]
        if s.bought_back:
            notes.append(_("bought back"))
        if view.knocker == s.seat:
            notes.append(_("👊 knocked"))
        if not s.in_rubber:
            notes.append(_("**out**"))
        return notes

    def table_fields(self, names: Sequence[str], view: WienerPublicView) -> list[tuple[str, str]]:
        fields = []
        shown = [
            f"{names[s.seat]}: {laid_text(s.revealed)}"
            for s in view.seats
            if s.revealed is not None
        ]
        if shown:
            fields.append((_("Laid down"), clip("\n".join(shown), 1024)))
        if view.knocker is not None:
            left = plural(view.final_turns_left, "player")
            fields.append(
                (_("After the knock"), _("{left} still to draw and discard once.", left=left))
            )
        fields.append(melding.piles_field(view))
        return fields

    def footer(self, view: WienerPublicView) -> str:
        return _("Pot: {pot} chips", pot=view.pot)

    def standing_text(self, standings: Standings, seat: int) -> str:
        text = _(
            "**{chips}** chips, {bad}",
            chips=f"{standings.chips[seat]:+d}".replace("-", "−"),
            bad=self.score_text(standings.scores[seat]),
        )
        return text if standings.in_play[seat] else text + _(" (out)")

    # ------------------------------------------------------------ rounds
    dead_headline = N_("Round {round_number} ended dead: the stock ran out, no bad points.")
    closed_headline = N_("Round {round_number}: {value} {how}.{out}")

    def headline_values(self, result: WienerRoundResult, names: Sequence[str]) -> dict[str, object]:
        out = ", ".join(names[s] for s in result.out)
        return {
            "how": _("called Rummy") if result.special else _("knocked"),
            "out": _(" Out of the rubber: {value}.", value=out) if out else "",
        }

    def result_seat_line(self, result: WienerRoundResult, seat: int, name: str) -> str:
        laid = result.hands[seat]
        if laid is None:
            return _("{name}: out of the rubber", name=name)
        return _(
            "{name}: {cards} → +{bad} bad points, total **{total}**, chips {chips}",
            name=name,
            cards=laid_text(laid),
            bad=result.points[seat],
            total=result.totals[seat],
            chips=f"{result.chips[seat]:+d}",
        )

    def result_points_line(self, result: WienerRoundResult, seat: int, name: str) -> str:
        if result.hands[seat] is None:
            return _("**{name}** out of the rubber", name=name)
        return _(
            "**{name}** +{bad} → {total} · {chips}",
            name=name,
            bad=result.points[seat],
            total=self.score_text(result.totals[seat]),
            chips=chips_text(result.chips[seat]),
        )

    # ------------------------------------------------------------ the hand
    def turn_text(self, view: WienerPrivateView) -> str:
        common = melding.turn_text(view)
        if common is not None:
            return common
        if view.public.knocker is not None:
            return _("**Your last turn after the knock:** discard one card.")
        return _("**Your turn:** discard one card, or knock or call Rummy with your discard.")

    def hand_lines(self, view: WienerPrivateView) -> list[str]:
        lines = melding.locked_line(view)
        lines.append(_("Deadwood in your hand: **{deadwood}**.", deadwood=view.deadwood))
        lines.append(melding.piles_line(view.public))
        return lines

    def hand_footer(self, name: str, view: WienerPrivateView) -> str:
        me = view.public.seats[view.seat]
        mine = _(
            "{name} · {bad} bad points · {chips} chips",
            name=name,
            bad=me.bad_points,
            chips=f"{me.chips:+d}",
        )
        return " · ".join([mine, *self.others(view)])  # the others' bad points

    def suggestions(self, ctx: HandContext[WienerPrivateView]) -> list[Action]:
        """A Rummy call, else a knock, each with the discard that leaves the least deadwood;
        then the discard the hint names."""
        for kind in (CallRummy, Knock):
            if any(isinstance(a, kind) for a in ctx.legal):
                return [best_close(ctx, kind), *self.suggested_discard(ctx)]
        return list(self.suggested_discard(ctx))

    def hint_text(self, ctx: HandContext[WienerPrivateView]) -> str:
        hand = ctx.private.hand

        def least_after(upcard: Card) -> int:  # the card taken stays in the hand
            return min(deadwood(without([*hand, upcard], [card])) for card in set(hand))

        drawing = melding.draw_hint(self, ctx, least_after)
        if drawing is not None:
            return drawing
        if any(isinstance(a, CallRummy) for a in ctx.legal):
            card = best_close(ctx, CallRummy).card
            return _("💡 Call Rummy with {card} as your discard.", card=card)
        if any(isinstance(a, Knock) for a in ctx.legal):
            card = best_close(ctx, Knock).card
            return _("💡 Knock with {card} as your discard.", card=card)
        discarding = melding.discard_hint(self, ctx, lambda card: arrange(without(hand, [card])))
        if discarding is not None:
            return discarding
        return _("💡 Best arrangement: {value}.", value=laid_text(arrange(hand)))

    def play_fields(self) -> list[TypedField]:
        label = _("Discard, or knock / rummy with a discard")
        return [TypedField("discard", label, _("9♣  ·  knock 9♣  ·  rummy 9♣"))]

    def typed_actions(self, phase: Phase, seat: int, values: Mapping[str, str]) -> list[Action]:
        if phase is Phase.DRAW:
            return [typed_draw(seat, values.get("take", ""))]
        return typed_close(seat, values.get("discard", ""), {"knock": Knock, "rummy": CallRummy})

    # ------------------------------------------------------------ pictures and statistics
    pictures = Pictures.described(render_alt, render_wiener_table, render_wiener_round_result)
    score_words = N_plural("{total} bad point", "{total} bad points")
    best_counts = False  # the most bad points are the worst
    closing_words = (
        N_plural("knocked or called Rummy {n} time", "knocked or called Rummy {n} times"),
        N_plural("{n} Rummy call", "{n} Rummy calls"),
    )

    def session_totals(self, standings: Standings) -> tuple[int, ...]:
        return standings.chips  # a rubber is played for chips

    def session_text(self, total: float) -> str:
        return plural(int(total), "chip")


PRESENTER = WienerPresenter()
