"""The public table message of Rommé and Wiener Rummy: stock, discard pile, scores (minus
points, or bad points and chips), whose turn, the phase, Rommé's opening progress; Wiener
Rummy shows no hand until someone knocks or calls Rummy."""

from __future__ import annotations

from typing import Any

import discord

from bot.core import components as ui
from bot.core import images
from bot.core.model import LiveGame, timer_text
from bot.core.tablemsg import COLOUR, Payload
from bot.core.texts import arrangement_text, clip, plural, variant_result_line
from engine import MeldKind, format_cards
from engine.games.romme.events import RommeRoundResult
from engine.games.romme.views import RommePublicView
from engine.games.wiener.events import WienerRoundResult
from engine.games.wiener.views import WienerPublicView
from engine.protocol import Phase


def variant_phase_text(view: RommePublicView | WienerPublicView) -> str:
    if view.phase is Phase.DRAW:
        return "draws: the top card of the stock or of the discard pile"
    if view.phase is Phase.BUY_BACK:
        return "decides whether to buy back in"
    if view.phase is Phase.PLAY:
        if isinstance(view, RommePublicView):
            return "plays: melds, lay-offs and joker swaps, then a discard"
        if view.knocker is not None:
            return "discards (last turn after the knock)"
        return "discards, knocks or calls Rummy"
    return "the session is over"


def _seat_notes(live: LiveGame, seat_number: int, dealer: int) -> str:
    seat = live.seats[seat_number]
    notes = []
    if seat_number == dealer:
        notes.append("dealer")
    if seat.departed:
        notes.append("left · auto-played")
    elif seat.away:
        notes.append("away · auto-played")
    return f" ({', '.join(notes)})" if notes else ""


def _who(live: LiveGame, seat_number: int) -> str:
    seat = live.seats[seat_number]
    return f"🤖 {seat.name}" if seat.is_computer else f"**{seat.name}**"


def romme_seats_text(live: LiveGame, view: RommePublicView) -> str:
    lines = []
    for s in view.seats:
        marker = "▶" if view.phase is not Phase.OVER and view.to_act == s.seat else "•"
        if s.opened:
            opening = f"first meld down ({s.opening_points})"
        elif s.opening_points:
            opening = f"first meld {s.opening_points}/{view.opening_minimum}"
        else:
            opening = f"not out yet (0/{view.opening_minimum})"
        lines.append(
            f"{marker} {_who(live, s.seat)}{_seat_notes(live, s.seat, view.dealer)}: "
            f"{plural(s.hand_count, 'card')} · **{s.minus}** minus · {opening}"
        )
    return "\n".join(lines)


def wiener_seats_text(live: LiveGame, view: WienerPublicView) -> str:
    lines = []
    for s in view.seats:
        marker = "▶" if view.phase is not Phase.OVER and view.to_act == s.seat else "•"
        state = "" if s.in_rubber else " · **out**"
        bought = " · bought back" if s.bought_back else ""
        knock = " · 👊 knocked" if view.knocker == s.seat else ""
        lines.append(
            f"{marker} {_who(live, s.seat)}{_seat_notes(live, s.seat, view.dealer)}: "
            f"{plural(s.hand_count, 'card')} · **{s.bad_points}**/{view.out_at} bad points · "
            f"{s.chips:+d} chips{bought}{knock}{state}"
        )
    return "\n".join(lines)


def romme_melds_text(live: LiveGame, view: RommePublicView) -> str:
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
            f"`{meld.id + 1}` {cards} ({kind}, {live.names[meld.owner]}, {meld.points}{pending})"
        )
    return clip("\n".join(lines), 1024)


def revealed_text(live: LiveGame, view: WienerPublicView) -> str:
    lines = [
        f"{live.names[s.seat]}: {arrangement_text(s.revealed)}"
        for s in view.seats
        if s.revealed is not None
    ]
    return clip("\n".join(lines), 1024) if lines else ""


def variant_scores_text(live: LiveGame, view: RommePublicView | WienerPublicView) -> str:
    if isinstance(view, RommePublicView):
        ranked = sorted(view.seats, key=lambda s: s.minus)
        return "\n".join(
            f"{place + 1}. {live.names[s.seat]}: **{s.minus}** minus points"
            for place, s in enumerate(ranked)
        )
    ranked_w = sorted(view.seats, key=lambda s: (not s.in_rubber, -s.chips, s.bad_points))
    return "\n".join(
        f"{place + 1}. {live.names[s.seat]}: **{s.chips:+d}** chips, {s.bad_points} bad points"
        + ("" if s.in_rubber else " (out)")
        for place, s in enumerate(ranked_w)
    )


def result_lines(live: LiveGame, result: RommeRoundResult | WienerRoundResult) -> list[str]:
    lines = [variant_result_line(result, live.names)]
    if isinstance(result, RommeRoundResult):
        for seat, name in enumerate(live.names):
            hand = format_cards(result.hands[seat]) or "—"
            lines.append(
                f"{name}: left in hand {hand} → −{result.minus[seat]}, "
                f"total **{result.totals[seat]}**"
            )
        return lines
    for seat, name in enumerate(live.names):
        laid = result.hands[seat]
        if laid is None:
            lines.append(f"{name}: out of the rubber")
            continue
        lines.append(
            f"{name}: {arrangement_text(laid)} → +{result.bad_points[seat]} bad points, "
            f"total **{result.totals[seat]}**, chips {result.chips[seat]:+d}"
        )
    return lines


async def variant_table_payload(live: LiveGame, *, with_images: bool) -> Payload:
    game = live.game
    assert game is not None
    view: Any = game.public_view()
    variant = live.variant
    title = live.options.title
    files: list[discord.File] = []
    embeds: list[discord.Embed] = []
    if view.phase is Phase.OVER and view.winner is not None:
        rounds = plural(view.round_number, "round")
        embed = discord.Embed(
            title=f"{title} — {live.names[view.winner]} wins!",
            description=clip(
                f"{live.log}\n\nFinal standings after {rounds}:\n"
                + variant_scores_text(live, view),
                4000,
            ),
            colour=discord.Colour.gold(),
        )
        embeds.append(embed)
    else:
        to_act = live.seats[view.to_act]
        mention = to_act.name if to_act.played_for else f"<@{to_act.user_id}>"
        heading = f"{title} — round {view.round_number}"
        if isinstance(view, RommePublicView):
            heading += f" of {view.rounds}"
        embed = discord.Embed(
            title=heading,
            description=clip(
                f"{live.log or '…'}\n\n**To act:** {mention} {variant_phase_text(view)}", 4000
            ),
            colour=COLOUR,
        )
        if isinstance(view, RommePublicView):
            embed.add_field(name="Players", value=romme_seats_text(live, view), inline=False)
            embed.add_field(name="Melds", value=romme_melds_text(live, view), inline=False)
        else:
            embed.add_field(name="Players", value=wiener_seats_text(live, view), inline=False)
            shown = revealed_text(live, view)
            if shown:
                embed.add_field(name="Laid down", value=shown, inline=False)
            if view.knocker is not None:
                embed.add_field(
                    name="After the knock",
                    value=f"{plural(view.final_turns_left, 'player')} still to draw and "
                    "discard once.",
                    inline=False,
                )
        top = str(view.discard_top) if view.discard_top is not None else "empty"
        embed.add_field(
            name="Piles",
            value=f"Stock: {plural(view.stock_count, 'card')} · discard pile "
            f"({view.discard_count}): top **{top}**",
            inline=False,
        )
        timer = f"timer {timer_text(live.options.turn_timer)}" if live.options.turn_timer else ""
        if isinstance(view, RommePublicView):
            footer = f"First meld at least {view.opening_minimum} · fewest minus points win"
        else:
            footer = f"Pot: {view.pot} chips · out at {view.out_at} bad points"
        embed.set_footer(text=f"{footer} · {timer}" if timer else footer)
        if with_images:
            picture = images.as_file(await images.variant_table_image(variant, view), "table.png")
            if picture is not None:
                files.append(picture)
                embed.set_image(url="attachment://table.png")
        embeds.append(embed)
    result = live.round_result
    if isinstance(result, RommeRoundResult | WienerRoundResult):
        result_embed = discord.Embed(
            title=f"Round {result.round_number} result",
            description=clip("\n".join(result_lines(live, result)), 4000),
            colour=discord.Colour.blurple(),
        )
        if with_images:
            picture = images.as_file(
                await images.variant_round_image(variant, result, live.names), "round.png"
            )
            if picture is not None:
                files.append(picture)
                result_embed.set_image(url="attachment://round.png")
        embeds.append(result_embed)
    if view.phase is Phase.OVER:
        buttons = [
            ui.button(
                live.id, "rematch", label="Rematch", style=discord.ButtonStyle.success, emoji="🔁"
            )
        ]
    else:
        buttons = [
            ui.button(
                live.id, "hand", label="Your hand", style=discord.ButtonStyle.primary, emoji="🂠"
            ),
            ui.button(live.id, "scores", label="Scores"),
        ]
    return Payload(embeds=embeds, files=files, view=ui.persistent_view(*buttons))


def variant_ended_payload(live: LiveGame, text: str) -> Payload:
    embed = discord.Embed(
        title=f"{live.options.title} — game ended", description=text, colour=COLOUR
    )
    if live.game is not None:
        embed.add_field(
            name="Standing when it ended",
            value=variant_scores_text(live, live.game.public_view()),  # type: ignore[arg-type]
        )
    return Payload(embeds=[embed], view=discord.ui.View())


def variant_scores_embed(live: LiveGame) -> discord.Embed:
    assert live.game is not None
    view: Any = live.game.public_view()
    embed = discord.Embed(
        title=f"{live.options.title} — round {view.round_number}",
        description=variant_scores_text(live, view),
        colour=COLOUR,
    )
    results = list(getattr(live.game, "results", []))
    if results:
        lines = []
        for result in results[-15:]:
            if isinstance(result, RommeRoundResult):
                parts = [f"{n} −{result.minus[s]}" for s, n in enumerate(live.names)]
            else:
                parts = [f"{n} +{result.bad_points[s]}" for s, n in enumerate(live.names)]
            lines.append(f"R{result.round_number}: " + ", ".join(parts))
        embed.add_field(name="Rounds", value=clip("\n".join(lines)), inline=False)
    return embed
