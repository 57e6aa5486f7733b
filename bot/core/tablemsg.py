"""The public messages: the lobby and the live table (embed text, optional picture, buttons),
the same for every game: the game's presenter supplies its words and pictures."""

from __future__ import annotations

import discord

from bot.core import components as ui
from bot.core import images, language
from bot.core.emojis import EMOJIS
from bot.core.model import GameOptions, LiveTable, Seat, timer_text
from bot.core.payload import Payload as Payload
from bot.core.presenter import AnyPresenter, presenter
from bot.core.texts import clip, plural, shown_name
from engine.events import SessionEnded
from engine.i18n import N_, Message, _, ngettext
from engine.protocol import BasePublicView, Phase

COLOUR = discord.Colour.dark_green()
# Discord's 4000 characters of a message's texts, shared: the table's words (with the rating
# at the end), then the last round's result (ROUND_SHARE).
ROUND_SHARE = 1500
TEXT_SHARE = 2400
RATING_SHARE = 500
# The computer strengths as the lobby names them (the engine's keys are English words).
STRENGTHS = {"random": N_("random"), "normal": N_("normal"), "hard": N_("hard")}
OPTION_DESCRIPTION_LIMIT = 100  # Discord's limit for a select option's description
# What a strength means where the game says nothing of its own (``strength_notes``).
STRENGTH_NOTES = {"random": N_("Any legal move, at random: for learning the rules")}


# ---------------------------------------------------------------- lobby
def describe(options: GameOptions) -> str:
    """The table's options as a short list, one a line: the timer, then the game's every
    option (the game's name heads the lobby)."""
    shown = presenter(options.game_key)
    parts = []
    timer = options.turn_timer
    parts.append(_("turn timer {value}", value=timer_text(timer)) if timer else _("no turn timer"))
    parts.extend(shown.option_label(name, value) for name, value in options.values().items())
    return "\n".join(f"- {part}" for part in parts)


def _seat_lines(live: LiveTable) -> list[str]:
    lines = []
    for index in range(live.options.max_seats):
        if index < len(live.seats):
            seat = live.seats[index]
            who = f"🤖 {shown_name(seat.name)}" if seat.is_computer else shown_name(seat.name)
            host = _(" (host)") if seat.user_id == live.host_id else ""
            lines.append(f"{index + 1}. {who}{host}")
        else:
            lines.append(f"{index + 1}. —")
    return lines


def _seating_words(fewest: int, most: int) -> str:
    """How many must sit before the host may start ("2 to 4", or exactly 2)."""
    if fewest == most:  # "2 to 2 players" reads badly
        return _(
            "Press **Join** to take a seat. The host starts once {count} players are seated.",
            count=fewest,
        )
    return _(
        "Press **Join** to take a seat. The host starts once {min_seats} to {limit} players "
        "are seated.",
        min_seats=fewest,
        limit=most,
    )


def _lobby_payload(live: LiveTable, lobby_timeout: int, note: str = "") -> Payload:
    spec = live.options.spec
    limit = live.options.max_seats
    host = live.seats[0].name if live.seats else "?"
    words = [
        "### " + _("{title} — new table", title=live.options.title),
        _("Host: {name}", name=shown_name(host)),
        describe(live.options),
        "\n".join(_seat_lines(live)),
        _seating_words(spec.min_seats, limit),
    ]
    if note:
        words.append(note)
    words.append(
        "-# "
        + _("The lobby closes after {value} if nobody starts it.", value=timer_text(lobby_timeout))
    )
    full = len(live.seats) >= limit
    notes = {**STRENGTH_NOTES, **live.shown.strength_notes}
    strengths = [
        discord.SelectOption(
            label=_("Add computer player ({s})", s=_(STRENGTHS.get(s, s))),
            value=f"add:{s}",
            # Under the name, what the strength means (Discord shows 100 characters).
            description=_(notes[s])[:OPTION_DESCRIPTION_LIMIT] if s in notes else None,
        )
        for s in spec.strengths
    ]
    strengths.append(
        discord.SelectOption(label=_("Remove the last computer player"), value="remove")
    )
    view = ui.layout(
        ui.text("\n\n".join(words)),
        ui.row(
            ui.button(live.id, "lobby_join", label=_("Join"), style=discord.ButtonStyle.success),
            ui.button(live.id, "lobby_leave", label=_("Leave")),
            ui.button(live.id, "lobby_start", label=_("Start"), style=discord.ButtonStyle.primary),
            ui.button(live.id, "lobby_cancel", label=_("Cancel"), style=discord.ButtonStyle.danger),
        ),
        ui.row(
            ui.select(
                live.id,
                "lobby_cpu",
                "",
                strengths if not full else strengths[-1:],
                placeholder=_("Computer players…"),
            )
        ),
        colour=COLOUR,
    )
    return Payload(view=view)


def _closed_lobby_payload(live: LiveTable, text: str) -> Payload:
    title = _("{title} — table closed", title=live.options.title)
    return Payload(view=ui.layout(ui.text(f"### {title}\n{text}"), colour=COLOUR))


def asleep_payload(live: LiveTable) -> Payload:
    """A table on interaction tokens whose last token nears its end: one button brings it
    back (its click's token then owns the table)."""
    title = _("{title} — the table is resting", title=live.options.title)
    note = _("Nobody has tapped here for a while. Tap below to bring the table back.")
    wake = ui.button(
        live.id, "t_wake", label=_("Show the table"), style=discord.ButtonStyle.primary
    )
    return Payload(view=ui.layout(ui.text(f"### {title}\n{note}"), ui.row(wake), colour=COLOUR))


# ---------------------------------------------------------------- table
def seat_line(live: LiveTable, shown: AnyPresenter, view: BasePublicView, seat: Seat) -> str:
    """One player in a short line: '**Anna** 315 · 2 cards · dealer · +57 this round'."""
    name = shown_name(seat.name)
    who = f"🤖 {name}" if seat.is_computer else f"**{name}**"
    facts = [shown.seat_score(view, seat.seat), plural(view.seats[seat.seat].hand_count, "card")]
    if seat.seat == view.dealer:
        facts.append(_("dealer"))
    facts.extend(shown.seat_notes(view, seat.seat))
    facts.extend(_presence(seat))
    return f"{who} " + " · ".join(fact for fact in facts if fact)


def seats_text(live: LiveTable, shown: AnyPresenter, view: BasePublicView) -> str:
    """The players, a short line each (who acts is the turn line's, the picture's ring)."""
    return "\n".join(seat_line(live, shown, view, seat) for seat in live.seats)


def _presence(seat: Seat) -> list[str]:
    if seat.departed:
        return [_("left · auto-played")]
    if seat.away:
        return [_("away · auto-played")]
    return []


def table_words(live: LiveTable, shown: AnyPresenter, view: BasePublicView) -> str:
    """The piles and melds in words, where the bot draws no picture (or it failed)."""
    return "\n".join(
        f"**{name}:** {value}" for name, value in shown.table_fields(live.shown_names, view)
    )


def log_text(live: LiveTable, shown: AnyPresenter) -> str:
    """What just happened, less what the message says elsewhere: the last round's headline
    while that round's result is shown below, and the session's end, which the final heading
    and standings say."""
    log = live.log
    said = []
    if live.round_result is not None:
        said.append(shown.round_headline(live.round_result, live.shown_names))
    ended = _session_ended(live)
    if ended is not None:
        said.append(shown.session_end_text(ended, live.shown_names))
    for words in filter(None, said):  # str.split refuses an empty separator
        log = " ".join(part.strip() for part in log.split(words) if part.strip())
    return log


def _session_ended(live: LiveTable) -> SessionEnded | None:
    """The event that ended the session, among the game's events (None while it goes on: the
    table's every update asks, so a running game's events are not searched)."""
    if live.game is None or not live.game.is_over:
        return None
    return next((e for e in reversed(live.game.events) if isinstance(e, SessionEnded)), None)


def small_print(live: LiveTable, shown: AnyPresenter, view: BasePublicView) -> str:
    """The table's last, small line: the rules that count here, the timer ("" if none)."""
    notes = [shown.footer(view)]
    timer = live.options.turn_timer
    if timer:
        notes.append(_("timer {value}", value=timer_text(timer)))
    said = " · ".join(note for note in notes if note)
    return f"-# {said}" if said else ""


def status_lines(
    live: LiveTable, shown: AnyPresenter, view: BasePublicView, ping: str, *, pictured: bool
) -> str:
    """The table in words under its picture: the heading with the round and the target, a
    line per player, the piles and melds where there is no picture, whose turn and what to
    do, what just happened, and the rules in small print."""
    to_act = live.seats[view.to_act]
    lines = [ping] if ping else []
    lines.append(f"**{shown.heading(view)}**")  # bold, not a heading: one line on a phone
    lines.append(seats_text(live, shown, view))
    if not pictured:
        lines.append(table_words(live, shown, view))
    who = f"**{shown_name(to_act.name)}**"
    lines.append(_("▶ {who} {what}", who=who, what=shown.phase_text(view)))
    log = log_text(live, shown)
    if log:
        lines.append(clip(log, 600))
    lines.append(small_print(live, shown, view))
    return "\n".join(line for line in lines if line)


async def _picture_item(
    files: list[discord.File], data: bytes | None, name: str, words: str
) -> ui.LayoutItem | None:
    file = images.as_file(data, name)
    if file is None:
        return None
    files.append(file)
    return ui.picture(file, words)


async def _round_items(
    live: LiveTable, shown: AnyPresenter, files: list[discord.File], *, with_images: bool
) -> list[ui.LayoutItem]:
    """The last round's result, shown until the next move: its picture (the hands left) and
    in words who ended it, each seat's points and total (the hands too where there is no
    picture)."""
    result = live.round_result
    if result is None:
        return []
    names = live.shown_names
    picture = None
    if with_images:
        data = await images.render("render_round", shown.key, result, live.names)
        words = shown.describe_round(result, live.names) or "\n".join(
            shown.result_lines(live.names, result)
        )
        picture = await _picture_item(files, data, "round.png", words)
    if picture is None:
        lines = shown.result_lines(names, result)
        lines[0] = f"**{lines[0]}**"
    else:
        lines = shown.result_summary(names, result)
    items: list[ui.LayoutItem] = [ui.separator()]
    if picture is not None:
        items.append(picture)
    items.append(ui.text(EMOJIS.markup(clip("\n".join(lines), ROUND_SHARE))))
    return items


def _final_text(live: LiveTable, shown: AnyPresenter, view: BasePublicView) -> str:
    """The session's end: the winner once (the heading), what the last move did, and the
    final standings in words, with or without a picture."""
    winner = view.winner if view.winner is not None else 0
    lines = [
        "### " + _("{title} — {value} wins!", title=shown.title, value=live.shown_names[winner])
    ]
    log = log_text(live, shown)
    if log:
        lines.append(clip(log, 600))
    rounds = ngettext(*shown.rounds_words, view.round_number)
    lines.append(
        "**"
        + _("Final {final_word} after {rounds}:", final_word=_(shown.final_word), rounds=rounds)
        + "**"
    )
    assert live.game is not None
    lines.append(shown.standings_text(live.shown_names, live.game.standings()))
    return "\n".join(lines)


def _rating_text(live: LiveTable) -> str | None:
    """Whether the session was rated, and how, in its own text block: after the standings'
    numbered list in the same block it would read as part of the list's last item."""
    if live.rating_note is None:
        return None
    title, text = live.rating_note
    return f"**{title}**\n{clip(text, RATING_SHARE)}"


def _buttons(live: LiveTable, over: bool) -> ui.LayoutItem:
    if over:
        return ui.row(
            ui.button(
                live.id,
                "rematch",
                label=_("Rematch"),
                style=discord.ButtonStyle.success,
                emoji="🔁",
            ),
            ui.button(live.id, "record", label=_("Session record"), emoji="📄"),
            ui.button(live.id, "rp_open", label=_("Replay"), emoji="⏯"),
        )
    return ui.row(
        ui.button(
            live.id, "hand", label=_("Your hand"), style=discord.ButtonStyle.primary, emoji="🂠"
        ),
        ui.button(live.id, "scores", label=_("Scores"), emoji="📊"),
    )


async def _table_payload(live: LiveTable, *, with_images: bool, ping: str) -> Payload:
    game = live.game
    assert game is not None
    shown = live.shown
    view = game.public_view()
    over = view.phase is Phase.OVER
    files: list[discord.File] = []
    picture = None
    if with_images:
        kind = "render_session" if over else "render_table"
        args = (live.names, view) if over else (view,)
        data = await images.render(kind, shown.key, *args)  # type: ignore[arg-type]
        described = shown.describe_session(live.names, view) if over else shown.describe_table(view)
        picture = await _picture_item(files, data, "table.png", described or "")
    if over:
        text = _final_text(live, shown, view)
    else:
        text = status_lines(live, shown, view, ping, pictured=picture is not None)
    children: list[ui.LayoutItem] = [] if picture is None else [picture]
    rating = _rating_text(live) if over else None
    # The message's texts share Discord's 4000 characters: this, the rating, the round's.
    limit = TEXT_SHARE - (len(rating) if rating is not None else 0)
    children.append(ui.text(EMOJIS.markup(clip(text, limit))))
    if rating is not None:
        children.append(ui.text(rating))
    children.extend(await _round_items(live, shown, files, with_images=with_images))
    children.append(_buttons(live, over))
    colour = discord.Colour.gold() if over else COLOUR
    return Payload(files=files, view=ui.layout(*children, colour=colour))


def _ended_payload(live: LiveTable, text: str) -> Payload:
    title = _("{title} — game ended", title=live.options.title)
    lines = [f"### {title}", text]
    if live.game is not None:
        shown = live.shown
        lines.append(_("**Standing when it ended**"))
        lines.append(shown.standings_text(live.shown_names, live.game.standings()))
    return Payload(view=ui.layout(ui.text(clip("\n".join(lines), 3000)), colour=COLOUR))


def lobby_payload(live: LiveTable, lobby_timeout: int, note: str = "") -> Payload:
    """The lobby message in the server's language: seats, options and its buttons."""
    with language.table(live.guild_id):
        return _lobby_payload(live, lobby_timeout, note)


def closed_lobby_payload(live: LiveTable, text: Message) -> Payload:
    """The closed lobby, saying ``text`` (a ``Message``: written in the table's language)."""
    with language.table(live.guild_id):
        return _closed_lobby_payload(live, text.text())


def ended_payload(live: LiveTable, text: Message) -> Payload:
    """The message of a table ended early, with ``text`` saying why, in the server's language."""
    with language.table(live.guild_id):
        return _ended_payload(live, text.text())


async def table_payload(live: LiveTable, *, with_images: bool, ping: str = "") -> Payload:
    """The table in the server's language (its pictures too: they render in this context).
    ``ping``: the mention that opens its status when the table is posted to notify someone."""
    with language.table(live.guild_id):
        return await _table_payload(live, with_images=with_images, ping=ping)
