"""Looking back at finished sessions: ``/treppe replay`` steps through a session with Back and
Next, and jumps a whole turn or a whole round back or forward, showing the table as everyone
saw it at each step (the last step says the final scores in words); the
**Session record** button of a finished table sends the readable record and the action log
as files. Only finished sessions are shown, and only what the table showed, so nothing
private of a round in play can appear."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.app import Feature, Interaction
from bot.core import components as ui
from bot.core.errors import Refusal, refusals
from bot.core.images import as_file, upload
from bot.core.reach import scope_of
from bot.core.reading import record_id
from bot.core.tablemsg import COLOUR, Payload
from bot.core.texts import clip, shown_name
from bot.games import presenter
from bot.stats.seen import may_watch
from bot.storage import FinishedSession, SessionSummary
from engine.i18n import N_, _, language
from engine.protocol import Phase
from engine.replay import Replay, SessionRecord

OPEN, BACK, NEXT, TURN_BACK, TURN_NEXT, ROUND_BACK, ROUND_NEXT, RECORD = (
    "rp_open",
    "rp_back",
    "rp_next",
    "rp_turn_back",
    "rp_turn_next",
    "rp_round_back",
    "rp_round_next",
    "record",
)
STEPPERS = (BACK, NEXT, TURN_BACK, TURN_NEXT, ROUND_BACK, ROUND_NEXT)
MOVES_SHOWN = 6  # the moves of the round up to the step, the newest last
TEXT_SHARE = 1800  # characters a text block may take: both stay within Discord's 4,000
CACHED_REPLAYS = 16
SESSIONS_LISTED = 25  # Discord shows 25 autocomplete choices
SESSIONS_READ = 200  # read more: some may be in channels the member cannot see

NOT_FOUND = N_("There is no finished session #{id} on this server.")
NOT_VISIBLE = N_("Session #{id} was played in a channel you cannot see, so it is not shown to you.")
NOTHING_HERE = N_("No finished session to replay here yet.")
NO_SERVER = N_("Replays belong to a server; use this there.")
RECORD_TEXT = N_(
    "Session #{id}, to read or keep: every round, deal by deal and move by move. "
    "{json} holds the same session for replaying it step by step."
)
RATED_WORD = {True: N_("rated"), False: N_("not rated"), None: N_("from before ratings")}


# Finished sessions never change; keyed by the log itself so that another database (tests)
# with the same session ids never meets a stale entry, and by the language its moves are
# told in (a replay keeps the words it told its rounds in).
_replays: OrderedDict[tuple[int, str, str], Replay] = OrderedDict()


async def load(interaction: Interaction, game_id: int) -> tuple[FinishedSession, Replay]:
    """A finished session of this server, played in a channel the member can see."""
    storage = interaction.client.service.storage
    session = await storage.finished_session(game_id)
    if session is None or session.guild_id != scope_of(interaction):
        raise Refusal(_(NOT_FOUND, id=game_id))
    if not await may_watch(interaction, storage, session.channel_id):
        raise Refusal(_(NOT_VISIBLE, id=game_id))
    key = (game_id, session.state, language())
    replay = _replays.get(key)
    if replay is None:
        replay = await asyncio.to_thread(Replay, session.state)
        _replays[key] = replay
        while len(_replays) > CACHED_REPLAYS:
            _replays.popitem(last=False)
    _replays.move_to_end(key)
    return session, replay


# ---------------------------------------------------------------- one step
@dataclass(frozen=True, slots=True)
class StepPicture:
    """A step drawn in a worker thread: embeds' words and the optional picture."""

    title: str
    moves: str
    standings: str | None  # None: the picture shows the scores (the final ones are in words)
    standings_title: str
    result: str | None  # the round's result at the step that ends one ("": its picture says it)
    result_title: str
    footer: str
    picture: bytes | None
    picture_words: str  # the picture's description for screen readers
    round_picture: bytes | None  # the round result's, at the step that ends a round
    round_words: str


def draw_step(
    session: FinishedSession, replay: Replay, step: int, with_images: bool
) -> StepPicture:
    """The table after ``step`` actions, as the channel saw it then (slow: a worker thread)."""
    shown = presenter(replay.game_key)
    names = [shown_name(name) for name in replay.names]  # for text; the pictures take them raw
    game = replay.game_at(max(0, step - 1))
    events = list(game.apply(replay.actions[step - 1])) if step else []
    view = game.public_view()
    round_number = replay.round_at(step)
    lines = _move_lines(replay, step)
    finished = shown.finished_rounds(events)
    over = view.phase is Phase.OVER
    title = _("Replay #{id} — {value}", id=session.id, value=shown.heading(view))
    if over:
        title = _("Replay #{id} — {title}: the end", id=session.id, title=shown.title)
    picture, picture_words, round_picture, round_words = (
        _pictures(replay, view, finished, over) if with_images else (None, "", None, "")
    )
    result, result_title = None, ""
    if finished:  # the lines stand in for the result's picture, as on the table
        result = "" if round_picture else "\n".join(shown.result_lines(names, finished[-1]))
        number = shown.round_record(finished[-1]).round_number
        result_title = _(shown.result_heading, value=number)
    rounds = len(replay.rounds())
    # The final scores are said in words whatever the picture shows: a reader (and a screen
    # reader) should not have to read them off pixels.
    standings = shown.standings_text(names, game.standings()) if over or not picture else None
    return StepPicture(
        title=title,
        moves="\n".join(lines),
        standings=standings,
        standings_title=_("Final scores") if over else _("Scores"),
        result=result,
        result_title=result_title,
        footer=(
            _(
                "Step {step} of {steps} · {round} · {value} · finished {value2}",
                step=step,
                steps=replay.steps,
                round=_(shown.round_of_text, round_number=round_number, rounds=rounds),
                value=_(RATED_WORD[session.rated]),
                value2=session.finished_at[:16].replace("T", " "),
            )
        ),
        picture=picture,
        picture_words=picture_words,
        round_picture=round_picture,
        round_words=round_words,
    )


def _move_lines(replay: Replay, step: int) -> list[str]:
    """The deal, or the step's move in bold after the moves before it in the same round (the
    step that ends a round belongs to it): the words of the engine's record (its narrator's),
    made safe for Discord, as the record file tells them."""
    shown = presenter(replay.game_key)
    if step == 0:
        return [_(shown.dealt_text, round_number=replay.round_at(step))]
    moves = next(log.moves for log in replay.rounds() if any(n == step for n, _ in log.moves))
    lines = [f"{number}. {shown_name(words)}" for number, words in moves if number < step]
    told = next(shown_name(words) for number, words in moves if number == step)
    return [*lines[-(MOVES_SHOWN - 1) :], f"**{step}. {told}**"]


def _pictures(
    replay: Replay, view: Any, finished: Sequence[Any], over: bool
) -> tuple[bytes | None, str, bytes | None, str]:
    """The step's picture (the session's end, else the table) and the round result's, each
    with its description for screen readers."""
    shown = presenter(replay.game_key)
    picture = shown.render_session(replay.names, view) if over else None
    if picture is not None:
        words = shown.describe_session(replay.names, view) or ""
    else:
        picture = shown.render_table(view)
        words = shown.describe_table(view) or ""
    round_picture = shown.render_round(finished[-1], replay.names) if finished else None
    round_words = ""
    if round_picture is not None:
        round_words = shown.describe_round(finished[-1], replay.names) or ""
    return picture, words, round_picture, round_words


def step_target(replay: Replay, operation: str, step: int) -> int:
    """Where a button leads from ``step``."""
    starts = replay.round_starts()
    if operation == BACK:
        target = step - 1
    elif operation == NEXT:
        target = step + 1
    elif operation == TURN_BACK:
        target = max((s for s in replay.turn_ends() if s < step), default=0)
    elif operation == TURN_NEXT:
        target = min((s for s in replay.turn_ends() if s > step), default=replay.steps)
    elif operation == ROUND_BACK:
        target = max((s for s in starts if s < step), default=0)
    elif operation == ROUND_NEXT:
        target = min((s for s in starts if s > step), default=replay.steps)
    else:
        target = step
    return max(0, min(target, replay.steps))


async def step_payload(
    session: FinishedSession, replay: Replay, step: int, *, with_images: bool
) -> Payload:
    """The replay message at ``step``: the moves, the scores, the picture and the step buttons
    (one row to step a move, one to jump a turn or a round)."""
    drawn = await asyncio.to_thread(draw_step, session, replay, step, with_images)
    words = [f"### {clip(drawn.title, 256)}", drawn.moves]
    if drawn.standings is not None:
        words.append(f"**{drawn.standings_title}**\n{drawn.standings}")
    children: list[ui.LayoutItem] = [ui.text(clip("\n".join(words), TEXT_SHARE))]
    files: list[discord.File] = []
    picture = as_file(drawn.picture, "replay.png")
    if picture is not None:
        files.append(picture)
        children.append(ui.picture(picture, drawn.picture_words))
    if drawn.result is not None:
        children.append(ui.separator())
        result = f"### {drawn.result_title}"
        children.append(ui.text(clip(f"{result}\n{drawn.result}".strip(), TEXT_SHARE)))
        round_picture = as_file(drawn.round_picture, "round.png")
        if round_picture is not None:
            files.append(round_picture)
            children.append(ui.picture(round_picture, drawn.round_words))
    children.append(ui.text(f"-# {drawn.footer}"))
    first, last = step == 0, step >= replay.steps
    arg = str(step)
    shown = presenter(replay.game_key)
    jump, turn = _(shown.round_word), _("Turn")

    def stepper(operation: str, label: str, emoji: str, off: bool) -> ui.GameComponent:
        primary = (
            discord.ButtonStyle.primary if operation == NEXT else discord.ButtonStyle.secondary
        )
        return ui.button(
            session.id, operation, arg, label=label, emoji=emoji, disabled=off, style=primary
        )

    moves = ui.row(
        stepper(BACK, _("Back"), "◀", first),
        stepper(NEXT, _("Next"), "▶", last),
        ui.button(session.id, RECORD, label=_("Session record"), emoji="📄"),
    )
    jumps = ui.row(
        stepper(ROUND_BACK, jump, "⏮", first),
        stepper(TURN_BACK, turn, "⏪", first),
        stepper(TURN_NEXT, turn, "⏩", last),
        stepper(ROUND_NEXT, jump, "⏭", last),
    )
    view = ui.layout(*children, moves, jumps, colour=COLOUR)
    return Payload(files=files, view=view)


# ---------------------------------------------------------------- handlers
def _stepper(operation: str) -> ui.Handler:
    """The handler of one of the viewer's buttons: its argument is the step shown."""

    async def clicked(interaction: Interaction, game_id: int, argument: str) -> None:
        bot = interaction.client
        session, replay = await load(interaction, game_id)
        step = step_target(replay, operation, record_id(argument) or 0)
        payload = await step_payload(session, replay, step, with_images=bot.settings.render_images)
        await interaction.response.edit_message(**payload.edit_kwargs())

    return clicked


async def show_replay(interaction: Interaction, game_id: int, step: int = 0) -> None:
    """Answer privately with the replay of ``game_id``, at ``step``."""
    session, replay = await load(interaction, game_id)
    with_images = interaction.client.settings.render_images
    payload = await step_payload(session, replay, step, with_images=with_images)
    await interaction.response.send_message(ephemeral=True, **payload.send_kwargs())


async def _open_clicked(interaction: Interaction, game_id: int, argument: str) -> None:
    await show_replay(interaction, game_id)


def record_files(session: FinishedSession, replay: Replay) -> list[tuple[str, bytes]]:
    """The session record: a readable text and the machine-readable JSON (worker thread)."""
    header = _(
        "Session #{id} · finished {finished_at} · {value}\n",
        id=session.id,
        finished_at=session.finished_at,
        value=_(RATED_WORD[session.rated]),
    )
    record = SessionRecord(session.state, session.rounds, session.id, session.finished_at)
    stem = f"session-{session.id}"
    return [
        (f"{stem}.txt", (header + replay.text()).encode()),
        (f"{stem}.json", record.to_json().encode()),
    ]


async def _record_clicked(interaction: Interaction, game_id: int, argument: str) -> None:
    session, replay = await load(interaction, game_id)
    files = await asyncio.to_thread(record_files, session, replay)
    await interaction.response.send_message(
        _(RECORD_TEXT, id=session.id, json=files[1][0]),
        files=[upload(data, name) for name, data in files],
        ephemeral=True,
    )


# ---------------------------------------------------------------- /treppe replay
def choice_name(summary: SessionSummary) -> str:
    """A finished session as an autocomplete choice: number, game, date, rated, names (within
    Discord's 100 characters)."""
    when = summary.finished_at[:16].replace("T", " ")
    rated = _(" · rated") if summary.rated else ""
    text = f"#{summary.id} {presenter(summary.game_key).title} · {when}{rated} · {summary.names}"
    return text if len(text) <= 100 else text[:99] + "…"


async def _sessions(interaction: Interaction) -> list[SessionSummary]:
    """The recent sessions asked for, only those played in channels the member can see."""
    member = getattr(interaction.namespace, "member", None)
    storage = interaction.client.service.storage
    place = scope_of(interaction)
    if place is None:
        return []
    if member is not None:
        found = await storage.recent_sessions(place, user_id=member.id, limit=SESSIONS_READ)
    else:
        found = await storage.recent_sessions(
            place, channel_id=interaction.channel_id, limit=SESSIONS_READ
        )
    seen: list[SessionSummary] = []
    for summary in found:
        if len(seen) < SESSIONS_LISTED and await may_watch(
            interaction, storage, summary.channel_id
        ):
            seen.append(summary)
    return seen


async def session_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The sessions a member may replay whose choice name holds what they typed (25 at most)."""
    typed = current.strip().lstrip("#").casefold()
    choices = []
    for summary in await _sessions(interaction):
        name = choice_name(summary)
        if typed and typed not in name.casefold():
            continue
        choices.append(app_commands.Choice(name=name, value=str(summary.id)))
    return choices[:25]


async def replay_command(
    interaction: Interaction,
    session: str | None = None,
    member: discord.User | None = None,
) -> None:
    """Step through a finished session of this channel or of a member."""
    async with refusals(interaction):
        if scope_of(interaction) is None:
            raise Refusal(_(NO_SERVER))
        if session:
            typed = record_id(session)
            if typed is None:
                raise Refusal(_(NOT_FOUND, id=clip(session.strip(), 40)))
            game_id = typed
        else:
            recent = await _sessions(interaction)
            if not recent:
                raise Refusal(_(NOTHING_HERE))
            game_id = recent[0].id
        await show_replay(interaction, game_id)


def load_replays(feature: Feature) -> None:
    """Add /treppe replay and its step, open and record buttons to ``feature``."""
    for operation in STEPPERS:
        feature.add_control(operation, _stepper(operation))
    feature.add_control(OPEN, _open_clicked)
    feature.add_control(RECORD, _record_clicked)
    command = app_commands.describe(
        session="Which session (the newest of this channel, or of the member, if left empty)",
        member="Sessions this member played (this channel's, if left empty)",
    )(replay_command)
    command = app_commands.autocomplete(session=session_autocomplete)(command)
    feature.add_subcommand(app_commands.command(name="replay")(command))
