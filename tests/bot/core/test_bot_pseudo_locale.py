"""Nothing bypasses the catalogue: with a test language that marks every translated string
(⟦…⟧), sessions of every game show no member a word outside the marks: message content,
embeds, Components V2 text displays and picture descriptions, component labels and options,
modals and autocomplete entries.

Names of people, mentions, numbers, card symbols and punctuation may stand outside the marks;
letters may not."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from bot_harness import Table, custom_id_of, has_control, table_choice, walk
from simcord import Env, InteractionResult, MemberActor

import bot.core.language
from bot.core import language
from bot.games import all_presenters
from engine.i18n import PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN

PRESENTERS = all_presenters()
MARKED = re.compile(f"{PSEUDO_OPEN}[^{PSEUDO_OPEN}{PSEUDO_CLOSE}]*{PSEUDO_CLOSE}")
LETTER = re.compile(r"[A-Za-zÀ-ÿ]")
MENTION = re.compile(r"<[@#][!&]?\d+>|<t:\d+(:[a-zA-Z])?>")
NAMES = ("anna", "ben")
TURNS = 12


def leftover(text: str) -> str:
    """``text`` without its marked parts (marks may nest), mentions and people's names."""
    previous = None
    while previous != text:
        previous, text = text, MARKED.sub(" ", text)
    text = MENTION.sub(" ", text)
    for name in NAMES:
        text = re.sub(rf"\b{name}\b", " ", text)
    return text


def texts_of_embed(embed: Any) -> Iterator[str]:
    data = embed.to_dict() if hasattr(embed, "to_dict") else embed
    for key in ("title", "description"):
        if data.get(key):
            yield str(data[key])
    for part in ("footer", "author"):
        value = (data.get(part) or {}).get("text") or (data.get(part) or {}).get("name")
        if value:
            yield str(value)
    for embed_field in data.get("fields", []):
        yield str(embed_field.get("name", ""))
        yield str(embed_field.get("value", ""))


def texts_of_components(components: list[Any]) -> Iterator[str]:
    rows = [c.to_dict() if hasattr(c, "to_dict") else c for c in components]
    for item in walk(rows):
        if item.get("type") == 10:  # a Components V2 text display: the message's words
            yield str(item.get("content", ""))
        for key in ("label", "placeholder", "title"):
            if item.get(key):
                yield str(item[key])
        for media in item.get("items", []):  # a media gallery's pictures say what they show
            if media.get("description"):
                yield str(media["description"])
        for option in item.get("options", []):
            yield str(option.get("label", ""))
            if option.get("description"):
                yield str(option["description"])


def texts_of_message(message: Any) -> Iterator[str]:
    if message is None:
        return
    if message.content:
        yield str(message.content)
    for embed in message.embeds:
        yield from texts_of_embed(embed)
    yield from texts_of_components(message.components)


class Seen:
    """Every text shown to a member, with where it was seen."""

    def __init__(self) -> None:
        self.texts: list[tuple[str, str]] = []

    def add(self, where: str, texts: Iterator[str]) -> None:
        self.texts.extend((where, text) for text in texts if text)

    def result(self, where: str, result: InteractionResult) -> InteractionResult:
        self.add(where, texts_of_message(result.response))
        modal = result.modal
        if modal is not None:
            self.add(f"{where} modal", iter([str(modal.get("title", ""))]))
            self.add(f"{where} modal", texts_of_components(modal.get("components", [])))
        return result

    def leaks(self) -> list[str]:
        found = []
        for where, text in self.texts:
            rest = leftover(text)
            if LETTER.search(rest):
                found.append(f"{where}: {text!r} -> {rest.strip()!r}")
        return sorted(set(found))


@pytest.fixture
def pseudo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every member and every server speaks the marking test language."""
    monkeypatch.setattr(bot.core.language, "resolve", lambda locale: PSEUDO)
    language.forget_all()
    yield
    language.forget_all()


def table_message(channel: Any, live: Any) -> Any:
    return next(m for m in channel.history() if m.id == live.table_message_id)


class SeenTable(Table):
    """The harness's table, noting every answer to a tap on the member's hand."""

    def __init__(self, env: Env, channel: Any, member: MemberActor, seen: Seen) -> None:
        super().__init__(env, channel, [member])
        self.seen = seen

    async def press(
        self, member: MemberActor, cid: str, values: list[str] | None = None
    ) -> InteractionResult:
        return self.seen.result("tap", await super().press(member, cid, values))


async def play_turns(
    env: Env, channel: Any, live: Any, member: MemberActor, seen: Seen, shown: Any
) -> int:
    """The member plays some turns by tapping their live hand (opened once), looking at
    hints, sorting and the typing form on the way; computer players play the other seats.
    What the bot writes into the live hand when a turn comes is read too."""
    seat = live.seat_of(member.id)
    table = SeenTable(env, channel, member, seen)
    table._live = live
    moves = 0
    typed_once = False
    for _tick in range(600):
        if moves >= TURNS or live.game.is_over:
            break
        if live.game.to_act != seat.seat:
            await env.advance_time(1)
            continue
        board = table_message(channel, live)
        seen.add("table", texts_of_message(board))
        if member.id not in table.hands:
            opened = await member.click(board, custom_id=custom_id_of(board, "hand"))
            assert seen.result("hand", opened).response is not None
            table.hands[member.id] = opened.response
        hand = table.hands[member.id]
        seen.add("live hand", texts_of_message(hand))  # as the bot edited it for this turn
        if moves % 4 == 0:
            await table.use(member, "h_hint")
            await table.use(member, "h_sort")
        if not typed_once and has_control(hand, "h_type"):
            typed_once = True
            form = await member.click(hand, custom_id=custom_id_of(hand, "h_type"))
            seen.result("typing", form)
            if form.modal is not None:
                fields = [c for c in walk(form.modal.get("components", [])) if c.get("type") == 4]
                typed = await member.submit_modal(form, {f["custom_id"]: "zz" for f in fields})
                seen.result("typed", typed)
            continue
        version = live.game.public_view().version
        await table.perform_any(table_choice(live, seat.seat))
        assert live.game.public_view().version > version
        moves += 1
    return moves


@pytest.mark.parametrize("shown", PRESENTERS, ids=[p.key for p in PRESENTERS])
async def test_no_text_bypasses_the_catalogue(simcord_env: Env, pseudo: None, shown: Any) -> None:
    seen = Seen()
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    anna = guild.add_member(simcord_env.create_user("anna"))
    ben = guild.add_member(simcord_env.create_user("ben"))
    opened = seen.result("new", await anna.slash(channel, f"treppe new {shown.key}"))
    assert opened.response is not None
    lobby = opened.response.message
    seen.result("join", await ben.click(lobby, custom_id=custom_id_of(lobby, "lobby_join")))
    seen.result("join twice", await ben.click(lobby, custom_id=custom_id_of(lobby, "lobby_join")))
    strength = shown.spec.strengths[0]
    add = custom_id_of(lobby, "lobby_cpu")
    room_for_cpu = shown.spec.max_seats > 2  # a two-seat table is full once Ben joins
    if room_for_cpu:
        seen.result("add cpu", await anna.select(lobby, [f"add:{strength}"], custom_id=add))
    seen.result("ben starts", await ben.click(lobby, custom_id=custom_id_of(lobby, "lobby_start")))
    seen.add("lobby", texts_of_message(next(m for m in channel.history() if m.id == lobby.id)))
    seen.result("leave", await ben.click(lobby, custom_id=custom_id_of(lobby, "lobby_leave")))
    if not room_for_cpu:
        add = custom_id_of(lobby, "lobby_cpu")
        seen.result("add cpu", await anna.select(lobby, [f"add:{strength}"], custom_id=add))
    seen.result("start", await anna.click(lobby, custom_id=custom_id_of(lobby, "lobby_start")))
    live = simcord_env.bot.service.in_channel(channel.id)  # type: ignore[attr-defined]
    assert live is not None and live.game is not None

    for command in ("treppe scores", "treppe hand", "treppe rules", "treppe draw"):
        seen.result(command, await anna.slash(channel, command))
    seen.result("outsider", await ben.slash(channel, "treppe hand"))
    for option in ("position", "cards", "card"):
        name = {"position": "treppe take", "cards": "treppe meld", "card": "treppe discard"}[option]
        choices = await anna.autocomplete(channel, name, option, "")
        seen.add(f"autocomplete {name}", iter(str(c["name"]) for c in choices))

    clicks = await play_turns(simcord_env, channel, live, anna, seen, shown)
    assert clicks > 3
    seen.add("table", texts_of_message(table_message(channel, live)))
    seen.result(
        "scores",
        await anna.click(
            table_message(channel, live),
            custom_id=custom_id_of(table_message(channel, live), "scores"),
        ),
    )
    seen.result("leave", await anna.slash(channel, "treppe leave"))
    seen.result("back", await anna.slash(channel, "treppe back"))
    seen.result("leave again", await anna.slash(channel, "treppe leave"))
    # The rest of the session is played for her: round results, the final standings.
    for tick in range(3000):
        if live.game.is_over:
            break
        await simcord_env.advance_time(1)
        if tick % 5 == 0:
            seen.add("table", texts_of_message(table_message(channel, live)))
    assert live.game.is_over
    final = table_message(channel, live)
    seen.add("final", texts_of_message(final))
    seen.result("record", await anna.click(final, custom_id=custom_id_of(final, "record")))
    replay = seen.result(
        "replay", await anna.click(final, custom_id=custom_id_of(final, "rp_open"))
    )
    assert replay.response is not None
    rows = [c.to_dict() if hasattr(c, "to_dict") else c for c in replay.response.components]
    step = next(
        item["custom_id"]
        for item in walk(rows)
        if item.get("custom_id") and not item.get("disabled") and item.get("type") == 2
    )
    seen.result("replay step", await anna.click(replay.response, custom_id=step))
    seen.result("end", await anna.slash(channel, "treppe end"))
    for message in channel.history():
        seen.add("channel", texts_of_message(message))
    seen.result("stats", await anna.slash(channel, "treppe stats"))
    seen.result("leaderboard", await anna.slash(channel, "treppe leaderboard"))
    assert len(seen.texts) > 100
    leaks = seen.leaks()
    assert leaks == [], "\n".join(leaks)
