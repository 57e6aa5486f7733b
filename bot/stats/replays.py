"""Looking back at finished sessions: ``/treppe replay`` steps through a session with Back and
Next (and a round back or forward), showing the table as everyone saw it at each step; the
**Session record** button of a finished table sends the readable record and the action log
as files. Only finished sessions are shown, and only what the table showed, so nothing
private of a round in play can appear."""

from __future__ import annotations

import asyncio
import io
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.core import components as ui
from bot.core.client import bot_of
from bot.core.errors import Refusal, refusals
from bot.core.images import as_file
from bot.core.reading import record_id
from bot.core.tablemsg import COLOUR, Payload
from bot.core.texts import clip, shown_name
from bot.games import presenter
from bot.stats.seen import can_see
from bot.storage import FinishedSession, SessionSummary
from engine.i18n import N_, _
from engine.protocol import Phase
from engine.replay import Replay, SessionRecord, describe_action

if TYPE_CHECKING:
    from bot.app import TreppenBot

OPEN, BACK, NEXT, ROUND_BACK, ROUND_NEXT, RECORD = (
    "rp_open",
    "rp_back",
    "rp_next",
    "rp_round_back",
    "rp_round_next",
    "record",
)
MOVES_SHOWN = 6  # the moves of the round up to the step, the newest last
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
# with the same session ids never meets a stale entry.
_replays: OrderedDict[tuple[int, str], Replay] = OrderedDict()


async def load(interaction: discord.Interaction, game_id: int) -> tuple[FinishedSession, Replay]:
    """A finished session of this server, played in a channel the member can see."""
    storage = bot_of(interaction).service.storage
    session = await storage.finished_session(game_id)
    if session is None or session.guild_id != interaction.guild_id:
        raise Refusal(_(NOT_FOUND, id=game_id))
    if not can_see(interaction, session.channel_id):
        raise Refusal(_(NOT_VISIBLE, id=game_id))
    key = (game_id, session.state)
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
    standings: str | None  # None: the picture shows the scores
    result: str | None  # the round's result at the step that ends one ("": its picture says it)
    result_title: str
    footer: str
    picture: bytes | None
    round_picture: bytes | None  # the round result's, at the step that ends a round


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
    if step == 0:
        lines = [_(shown.dealt_text, round_number=round_number)]
    else:
        told = shown.narrate(events, names) or describe_action(
            replay.actions[step - 1], names, replay.talon
        )
        # The moves before it in the same round (the step that ends a round belongs to it).
        moves = next(log.moves for log in replay.rounds() if any(n == step for n, _ in log.moves))
        lines = [f"{number}. {words}" for number, words in moves if number < step]
        lines = [*lines[-(MOVES_SHOWN - 1) :], f"**{step}. {told}**"]
    finished = shown.finished_rounds(events)
    over = view.phase is Phase.OVER
    title = _("Replay #{id} — {value}", id=session.id, value=shown.heading(view))
    if over:
        title = _("Replay #{id} — {title}: the end", id=session.id, title=shown.title)
    picture = round_picture = None
    if with_images:
        picture = shown.render_session(replay.names, view) if over else None
        picture = picture or shown.render_table(view)
        round_picture = shown.render_round(finished[-1], replay.names) if finished else None
    result, result_title = None, ""
    if finished:  # the lines stand in for the result's picture, as on the table
        result = "" if round_picture else "\n".join(shown.result_lines(names, finished[-1]))
        number = shown.round_record(finished[-1]).round_number
        result_title = _(shown.result_heading, value=number)
    rounds = len(replay.rounds())
    return StepPicture(
        title=title,
        moves="\n".join(lines),
        standings=None if picture else shown.standings_text(names, game.standings()),
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
        round_picture=round_picture,
    )


def step_target(replay: Replay, operation: str, step: int) -> int:
    """Where a button leads from ``step``."""
    starts = replay.round_starts()
    if operation == BACK:
        target = step - 1
    elif operation == NEXT:
        target = step + 1
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
    """The replay message at ``step``: the moves, the scores, the picture and the step buttons."""
    drawn = await asyncio.to_thread(draw_step, session, replay, step, with_images)
    embed = discord.Embed(title=clip(drawn.title, 256), description=clip(drawn.moves, 4000))
    embed.colour = COLOUR
    if drawn.standings is not None:
        embed.add_field(name=_("Scores"), value=clip(drawn.standings), inline=False)
    embed.set_footer(text=drawn.footer)
    files: list[discord.File] = []
    picture = as_file(drawn.picture, "replay.png")
    if picture is not None:
        files.append(picture)
        embed.set_image(url="attachment://replay.png")
    embeds = [embed]
    if drawn.result is not None:
        result = discord.Embed(
            title=drawn.result_title,
            description=clip(drawn.result, 4000) or None,
            colour=discord.Colour.blurple(),
        )
        round_picture = as_file(drawn.round_picture, "round.png")
        if round_picture is not None:
            files.append(round_picture)
            result.set_image(url="attachment://round.png")
        embeds.append(result)
    first, last = step == 0, step >= replay.steps
    arg = str(step)
    jump = _(presenter(replay.game_key).round_word)
    buttons = ui.row(
        ui.button(session.id, ROUND_BACK, arg, label=jump, emoji="⏮", disabled=first),
        ui.button(session.id, BACK, arg, label=_("Back"), emoji="◀", disabled=first),
        ui.button(
            session.id,
            NEXT,
            arg,
            label=_("Next"),
            emoji="▶",
            disabled=last,
            style=discord.ButtonStyle.primary,
        ),
        ui.button(session.id, ROUND_NEXT, arg, label=jump, emoji="⏭", disabled=last),
        ui.button(session.id, RECORD, label=_("Session record"), emoji="📄"),
    )
    return Payload(files=files, view=ui.embed_layout(embeds, files, [buttons]))


# ---------------------------------------------------------------- handlers
def _stepper(operation: str) -> ui.Handler:
    """The handler of one of the viewer's buttons: its argument is the step shown."""

    async def clicked(interaction: discord.Interaction, game_id: int, argument: str) -> None:
        bot = bot_of(interaction)
        session, replay = await load(interaction, game_id)
        step = step_target(replay, operation, record_id(argument) or 0)
        payload = await step_payload(session, replay, step, with_images=bot.settings.render_images)
        await interaction.response.edit_message(**payload.edit_kwargs())

    return clicked


async def show_replay(interaction: discord.Interaction, game_id: int, step: int = 0) -> None:
    """Answer privately with the replay of ``game_id``, at ``step``."""
    session, replay = await load(interaction, game_id)
    with_images = bot_of(interaction).settings.render_images
    payload = await step_payload(session, replay, step, with_images=with_images)
    await interaction.response.send_message(ephemeral=True, **payload.send_kwargs())


async def _open_clicked(interaction: discord.Interaction, game_id: int, argument: str) -> None:
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


async def _record_clicked(interaction: discord.Interaction, game_id: int, argument: str) -> None:
    session, replay = await load(interaction, game_id)
    files = await asyncio.to_thread(record_files, session, replay)
    await interaction.response.send_message(
        _(RECORD_TEXT, id=session.id, json=files[1][0]),
        files=[discord.File(io.BytesIO(data), filename=name) for name, data in files],
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


async def _sessions(interaction: discord.Interaction) -> list[SessionSummary]:
    """The recent sessions asked for, only those played in channels the member can see."""
    member = getattr(interaction.namespace, "member", None)
    storage = bot_of(interaction).service.storage
    if interaction.guild_id is None:
        return []
    if member is not None:
        found = await storage.recent_sessions(
            interaction.guild_id, user_id=member.id, limit=SESSIONS_READ
        )
    else:
        found = await storage.recent_sessions(
            interaction.guild_id, channel_id=interaction.channel_id, limit=SESSIONS_READ
        )
    return [s for s in found if can_see(interaction, s.channel_id)][:SESSIONS_LISTED]


async def session_autocomplete(
    interaction: discord.Interaction, current: str
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
    interaction: discord.Interaction,
    session: str | None = None,
    member: discord.User | None = None,
) -> None:
    """Step through a finished session of this channel or of a member."""
    async with refusals(interaction):
        if interaction.guild_id is None:
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


def setup_replays(bot: TreppenBot) -> None:
    """Load /treppe replay and its step, open and record buttons."""
    for operation in (BACK, NEXT, ROUND_BACK, ROUND_NEXT):
        ui.register(operation, _stepper(operation))
    ui.register(OPEN, _open_clicked)
    ui.register(RECORD, _record_clicked)
    command = app_commands.describe(
        session="Which session (the newest of this channel, or of the member, if left empty)",
        member="Sessions this member played (this channel's, if left empty)",
    )(replay_command)
    command = app_commands.autocomplete(session=session_autocomplete)(command)
    bot.treppe.add_command(app_commands.command(name="replay")(command))
