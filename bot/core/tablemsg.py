"""The public messages: the lobby and the live table (embed text, optional picture, buttons),
the same for every game: the game's presenter supplies its words and pictures."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from bot.core import components as ui
from bot.core import images, language
from bot.core.model import GameOptions, LiveGame, timer_text
from bot.core.presenter import GamePresenter
from bot.core.texts import clip, plural, shown_name
from bot.games import presenter
from engine.i18n import N_, Message, _
from engine.protocol import BasePublicView, Phase

COLOUR = discord.Colour.dark_green()
# The computer strengths as the lobby names them (the engine's keys are English words).
STRENGTHS = {"random": N_("random"), "normal": N_("normal"), "hard": N_("hard")}


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
def describe(options: GameOptions) -> str:
    """The table's options in one line: the game's every option, then the timer."""
    shown = presenter(options.game_key)
    parts = [shown.title]
    timer = options.turn_timer
    parts.append(_("turn timer {value}", value=timer_text(timer)) if timer else _("no turn timer"))
    parts.extend(shown.option_label(name, value) for name, value in options.values().items())
    return " · ".join(parts)


def _lobby_payload(live: LiveGame, lobby_timeout: int, note: str = "") -> Payload:
    lines = []
    limit = live.options.max_seats
    for index in range(limit):
        if index < len(live.seats):
            seat = live.seats[index]
            who = f"🤖 {shown_name(seat.name)}" if seat.is_computer else f"<@{seat.user_id}>"
            host = _(" (host)") if seat.user_id == live.host_id else ""
            lines.append(f"{index + 1}. {who}{host}")
        else:
            lines.append(f"{index + 1}. —")
    spec = live.options.spec
    embed = discord.Embed(
        title=_("{title} — new table", title=live.options.title),
        description=(
            _(
                "Host: <@{host_id}>\n{value}\n\nPress **Join** to take a seat. The host starts "
                "once {min_seats} to {limit} players are seated.",
                host_id=live.host_id,
                value=describe(live.options),
                min_seats=spec.min_seats,
                limit=limit,
            )
        ),
        colour=COLOUR,
    )
    embed.add_field(name=_("Seats"), value="\n".join(lines), inline=False)
    if note:
        embed.add_field(name="\u200b", value=note, inline=False)
    embed.set_footer(
        text=_(
            "The lobby closes after {value} if nobody starts it.", value=timer_text(lobby_timeout)
        )
    )
    full = len(live.seats) >= limit
    strengths = [
        discord.SelectOption(
            label=_("Add computer player ({s})", s=_(STRENGTHS.get(s, s))), value=f"add:{s}"
        )
        for s in spec.strengths
    ]
    strengths.append(
        discord.SelectOption(label=_("Remove the last computer player"), value="remove")
    )
    view = ui.persistent_view(
        ui.button(live.id, "lobby_join", label=_("Join"), style=discord.ButtonStyle.success, row=0),
        ui.button(live.id, "lobby_leave", label=_("Leave"), row=0),
        ui.button(
            live.id, "lobby_start", label=_("Start"), style=discord.ButtonStyle.primary, row=0
        ),
        ui.button(
            live.id, "lobby_cancel", label=_("Cancel"), style=discord.ButtonStyle.danger, row=0
        ),
        ui.select(
            live.id,
            "lobby_cpu",
            "",
            strengths if not full else strengths[-1:],
            placeholder=_("Computer players…"),
            row=1,
        ),
    )
    return Payload(embeds=[embed], view=view)


def _closed_lobby_payload(live: LiveGame, text: str) -> Payload:
    title = _("{title} — table closed", title=live.options.title)
    embed = discord.Embed(title=title, description=text, colour=COLOUR)
    return Payload(embeds=[embed], view=discord.ui.View())


# ---------------------------------------------------------------- table
def seats_text(live: LiveGame, shown: GamePresenter, view: BasePublicView) -> str:
    lines = []
    for seat_view, seat in zip(view.seats, live.seats, strict=True):
        marker = "▶" if view.phase is not Phase.OVER and view.to_act == seat.seat else "•"
        who = f"🤖 {shown_name(seat.name)}" if seat.is_computer else f"**{shown_name(seat.name)}**"
        notes = []
        if seat.seat == view.dealer:
            notes.append(_("dealer"))
        if seat.departed:
            notes.append(_("left · auto-played"))
        elif seat.away:
            notes.append(_("away · auto-played"))
        extra = f" ({', '.join(notes)})" if notes else ""
        lines.append(
            f"{marker} {who}{extra}: {plural(seat_view.hand_count, 'card')} · "
            f"{shown.seat_text(view, seat.seat)}"
        )
    return "\n".join(lines)


async def _picture(
    embed: discord.Embed, files: list[discord.File], data: bytes | None, name: str
) -> None:
    picture = images.as_file(data, name)
    if picture is not None:
        files.append(picture)
        embed.set_image(url=f"attachment://{name}")


async def _final_embed(
    live: LiveGame,
    shown: GamePresenter,
    view: BasePublicView,
    files: list[discord.File],
    *,
    with_images: bool,
) -> discord.Embed:
    winner = view.winner if view.winner is not None else 0
    rounds = plural(view.round_number, "round")
    embed = discord.Embed(
        title=_("{title} — {value} wins!", title=shown.title, value=live.shown_names[winner]),
        description=clip(
            _(
                "{log}\n\nFinal {final_word} after {rounds}:\n",
                log=live.log,
                final_word=_(shown.final_word),
                rounds=rounds,
            )
            + shown.standings_text(live.shown_names, view),
            4000,
        ),
        colour=discord.Colour.gold(),
    )
    if live.rating_note is not None:
        title, text = live.rating_note
        embed.add_field(name=title, value=clip(text), inline=False)
    if with_images:
        data = await images.render("render_session", shown.key, live.names, view)
        await _picture(embed, files, data, "session.png")
    return embed


async def _playing_embed(
    live: LiveGame,
    shown: GamePresenter,
    view: BasePublicView,
    files: list[discord.File],
    *,
    with_images: bool,
) -> discord.Embed:
    to_act = live.seats[view.to_act]
    mention = shown_name(to_act.name) if to_act.played_for else f"<@{to_act.user_id}>"
    embed = discord.Embed(
        title=shown.heading(view),
        description=clip(
            _(
                "{value}\n\n**To act:** {mention} {value2}",
                value=live.log or "…",
                mention=mention,
                value2=shown.phase_text(view),
            ),
            4000,
        ),
        colour=COLOUR,
    )
    embed.add_field(name=_("Players"), value=seats_text(live, shown, view), inline=False)
    for name, value in shown.table_fields(live.shown_names, view):
        embed.add_field(name=name, value=value, inline=False)
    timer = (
        _("timer {value}", value=timer_text(live.options.turn_timer))
        if live.options.turn_timer
        else ""
    )
    footer = shown.footer(view)
    embed.set_footer(text=f"{footer} · {timer}" if timer else footer)
    if with_images:
        data = await images.render("render_table", shown.key, view)
        await _picture(embed, files, data, "table.png")
    return embed


async def _table_payload(live: LiveGame, *, with_images: bool) -> Payload:
    game = live.game
    assert game is not None
    shown = presenter(live.game_key)
    view = game.public_view()
    files: list[discord.File] = []
    if view.phase is Phase.OVER:
        embeds = [await _final_embed(live, shown, view, files, with_images=with_images)]
    else:
        embeds = [await _playing_embed(live, shown, view, files, with_images=with_images)]
    result = live.round_result
    if result is not None:
        lines = shown.result_lines(live.shown_names, result)
        result_embed = discord.Embed(
            title=_("Round {value} result", value=shown.round_record(result).round_number),
            description=clip("\n".join(lines), 4000),
            colour=discord.Colour.blurple(),
        )
        if with_images:
            data = await images.render("render_round", shown.key, result, live.names)
            await _picture(result_embed, files, data, "round.png")
        embeds.append(result_embed)
    if view.phase is Phase.OVER:
        buttons = [
            ui.button(
                live.id,
                "rematch",
                label=_("Rematch"),
                style=discord.ButtonStyle.success,
                emoji="🔁",
            ),
            ui.button(live.id, "record", label=_("Session record"), emoji="📄"),
            ui.button(live.id, "rp_open", label=_("Replay"), emoji="⏯"),
        ]
    else:
        buttons = [
            ui.button(
                live.id, "hand", label=_("Your hand"), style=discord.ButtonStyle.primary, emoji="🂠"
            ),
            ui.button(live.id, "scores", label=_("Scores")),
        ]
    return Payload(embeds=embeds, files=files, view=ui.persistent_view(*buttons))


def _ended_payload(live: LiveGame, text: str) -> Payload:
    title = _("{title} — game ended", title=live.options.title)
    embed = discord.Embed(title=title, description=text, colour=COLOUR)
    if live.game is not None:
        shown = presenter(live.game_key)
        embed.add_field(
            name=_("Standing when it ended"),
            value=shown.standings_text(live.shown_names, live.game.public_view()),
        )
    return Payload(embeds=[embed], view=discord.ui.View())


def lobby_payload(live: LiveGame, lobby_timeout: int, note: str = "") -> Payload:
    with language.table(live.guild_id):
        return _lobby_payload(live, lobby_timeout, note)


def closed_lobby_payload(live: LiveGame, text: Message) -> Payload:
    """The closed lobby, saying ``text`` (a ``Message``: written in the table's language)."""
    with language.table(live.guild_id):
        return _closed_lobby_payload(live, text.text())


def ended_payload(live: LiveGame, text: Message) -> Payload:
    with language.table(live.guild_id):
        return _ended_payload(live, text.text())


async def table_payload(live: LiveGame, *, with_images: bool) -> Payload:
    """The table in the server's language (its pictures too: they render in this context)."""
    with language.table(live.guild_id):
        return await _table_payload(live, with_images=with_images)
