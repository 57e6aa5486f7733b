"""The public messages: the lobby and the live table (embed text, optional picture, buttons)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from bot.core import components as ui
from bot.core import images
from bot.core.model import LiveGame, timer_text
from bot.core.texts import clip, plural, result_line
from engine import MeldKind, Phase, PublicView, format_cards

COLOUR = discord.Colour.dark_green()
COMPUTER_STRENGTHS = ("random", "normal", "hard")


@dataclass
class Payload:
    """Keyword arguments for send/edit: content, embeds, files and a view."""

    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None
    allowed_mentions: discord.AllowedMentions | None = None

    def edit_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {
            "content": self.content,
            "embeds": self.embeds,
            "attachments": self.files,
            "view": self.view,
        }
        if self.allowed_mentions is not None:
            kwargs["allowed_mentions"] = self.allowed_mentions
        return kwargs

    def send_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {"embeds": self.embeds, "files": self.files}
        if self.content:
            kwargs["content"] = self.content
        if self.view is not None:
            kwargs["view"] = self.view
        if self.allowed_mentions is not None:
            kwargs["allowed_mentions"] = self.allowed_mentions
        return kwargs


# ---------------------------------------------------------------- lobby
def lobby_payload(live: LiveGame, lobby_timeout: int, note: str = "") -> Payload:
    lines = []
    limit = live.options.max_seats
    for index in range(limit):
        if index < len(live.seats):
            seat = live.seats[index]
            who = f"🤖 {seat.name}" if seat.is_computer else f"<@{seat.user_id}>"
            host = " (host)" if seat.user_id == live.host_id else ""
            lines.append(f"{index + 1}. {who}{host}")
        else:
            lines.append(f"{index + 1}. —")
    embed = discord.Embed(
        title=f"{live.options.title} — new table",
        description=(
            f"Host: <@{live.host_id}>\n{live.options.describe()}\n\n"
            f"Press **Join** to take a seat. The host starts once 2 to {limit} players are "
            "seated."
        ),
        colour=COLOUR,
    )
    embed.add_field(name="Seats", value="\n".join(lines), inline=False)
    if note:
        embed.add_field(name="\u200b", value=note, inline=False)
    embed.set_footer(
        text=f"The lobby closes after {timer_text(lobby_timeout)} if nobody starts it."
    )
    full = len(live.seats) >= limit
    strengths = [
        discord.SelectOption(label=f"Add computer player ({s})", value=f"add:{s}")
        for s in COMPUTER_STRENGTHS
    ]
    strengths.append(discord.SelectOption(label="Remove the last computer player", value="remove"))
    view = ui.persistent_view(
        ui.button(live.id, "lobby_join", label="Join", style=discord.ButtonStyle.success, row=0),
        ui.button(live.id, "lobby_leave", label="Leave", row=0),
        ui.button(live.id, "lobby_start", label="Start", style=discord.ButtonStyle.primary, row=0),
        ui.button(live.id, "lobby_cancel", label="Cancel", style=discord.ButtonStyle.danger, row=0),
        ui.select(
            live.id,
            "lobby_cpu",
            "",
            strengths if not full else strengths[-1:],
            placeholder="Computer players…",
            row=1,
        ),
    )
    return Payload(embeds=[embed], view=view)


def closed_lobby_payload(live: LiveGame, text: str) -> Payload:
    title = f"{live.options.title} — table closed"
    embed = discord.Embed(title=title, description=text, colour=COLOUR)
    return Payload(embeds=[embed], view=discord.ui.View())


# ---------------------------------------------------------------- table
def phase_text(view: PublicView) -> str:
    if view.phase is Phase.DRAW:
        return "draws: the talon or cards from the staircase"
    if view.phase is Phase.PLAY:
        return "plays: melds and lay-offs, then a discard"
    return "the session is over"


def seats_text(live: LiveGame, view: PublicView) -> str:
    lines = []
    for seat_view, seat in zip(view.seats, live.seats, strict=True):
        marker = "▶" if view.phase is not Phase.OVER and view.to_act == seat.seat else "•"
        who = f"🤖 {seat.name}" if seat.is_computer else f"**{seat.name}**"
        notes = []
        if seat.seat == view.dealer:
            notes.append("dealer")
        if seat.departed:
            notes.append("left · auto-played")
        elif seat.away:
            notes.append("away · auto-played")
        extra = f" ({', '.join(notes)})" if notes else ""
        lines.append(
            f"{marker} {who}{extra}: {plural(seat_view.hand_count, 'card')} · "
            f"**{seat_view.score}** pts (+{seat_view.round_points} this round)"
        )
    return "\n".join(lines)


def staircase_text(view: PublicView) -> str:
    if not view.staircase:
        return "empty"
    items = [f"`{i + 1}` {card}" for i, card in enumerate(view.staircase)]
    return clip(" · ".join(items) + " ← top", 1024)


def melds_text(live: LiveGame, view: PublicView) -> str:
    if not view.melds:
        return "none yet"
    lines = []
    for meld in view.melds:
        kind = "set" if meld.kind is MeldKind.SET else "run"
        cards = format_cards([p.card for p in meld.cards])
        lines.append(f"`{meld.id + 1}` {cards} ({kind}, {live.names[meld.owner]}, {meld.points})")
    return clip("\n".join(lines), 1024)


def scores_text(live: LiveGame, totals: tuple[int, ...]) -> str:
    ranked = sorted(range(len(totals)), key=lambda s: -totals[s])
    return "\n".join(
        f"{place + 1}. {live.names[s]}: **{totals[s]}**" for place, s in enumerate(ranked)
    )


async def table_payload(live: LiveGame, *, with_images: bool) -> Payload:
    assert live.game is not None
    if live.options.is_variant:
        from bot.core.varianttable import variant_table_payload

        return await variant_table_payload(live, with_images=with_images)
    view: Any = live.game.public_view()
    files: list[discord.File] = []
    embeds: list[discord.Embed] = []
    if view.phase is Phase.OVER and view.winner is not None:
        totals = tuple(seat.score for seat in view.seats)
        embed = discord.Embed(
            title=f"Treppenrommé — {live.names[view.winner]} wins!",
            description=f"{live.log}\n\nFinal scores after {plural(view.round_number, 'round')}:\n"
            + scores_text(live, totals),
            colour=discord.Colour.gold(),
        )
        if with_images:
            picture = images.as_file(
                await images.session_image(live.names, totals, view.winner), "session.png"
            )
            if picture is not None:
                files.append(picture)
                embed.set_image(url="attachment://session.png")
        embeds.append(embed)
    else:
        to_act = live.seats[view.to_act]
        mention = to_act.name if to_act.played_for else f"<@{to_act.user_id}>"
        embed = discord.Embed(
            title=f"Treppenrommé — round {view.round_number}",
            description=clip(
                f"{live.log or '…'}\n\n**To act:** {mention} {phase_text(view)}", 4000
            ),
            colour=COLOUR,
        )
        embed.add_field(name="Players", value=seats_text(live, view), inline=False)
        embed.add_field(
            name=f"Staircase ({len(view.staircase)})", value=staircase_text(view), inline=False
        )
        embed.add_field(name="Melds", value=melds_text(live, view), inline=False)
        timer = f"timer {timer_text(live.options.turn_timer)}" if live.options.turn_timer else ""
        footer = f"Talon: {plural(view.talon_count, 'card')} · target {view.target}"
        embed.set_footer(text=f"{footer} · {timer}" if timer else footer)
        if with_images:
            picture = images.as_file(await images.table_image(view), "table.png")
            if picture is not None:
                files.append(picture)
                embed.set_image(url="attachment://table.png")
        embeds.append(embed)
    result = live.round_result
    if result is not None:
        lines = [result_line(result, live.names)]
        for seat, name in enumerate(live.names):
            hand = format_cards(result.hands[seat]) or "—"
            lines.append(
                f"{name}: melds {result.meld_points[seat]}, left in hand {hand} "
                f"({result.hand_points[seat]}) → total **{result.totals[seat]}**"
            )
        result_embed = discord.Embed(
            title=f"Round {result.round_number} result",
            description=clip("\n".join(lines), 4000),
            colour=discord.Colour.blurple(),
        )
        if with_images:
            picture = images.as_file(
                await images.round_result_image(result, live.names), "round.png"
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


def ended_payload(live: LiveGame, text: str) -> Payload:
    if live.options.is_variant:
        from bot.core.varianttable import variant_ended_payload

        return variant_ended_payload(live, text)
    embed = discord.Embed(title="Treppenrommé — game ended", description=text, colour=COLOUR)
    if live.game is not None:
        totals = tuple(s.score for s in live.treppen.public_view().seats)
        embed.add_field(name="Scores when it ended", value=scores_text(live, totals))
    return Payload(embeds=[embed], view=discord.ui.View())
