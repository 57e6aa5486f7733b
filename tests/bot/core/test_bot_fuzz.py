"""Fuzz the bot the way members (and forged clients) can: random clicks, selects, typed moves,
slash commands, autocomplete, double clicks, stale hands, junk text, huge and unicode numbers,
and custom ids copied from another member's private hand, in all three games.

Whatever comes in: every interaction is answered, nothing is logged at ERROR, nobody moves for
someone else (a copied control changes nothing), and no private message shows a member cards of
another seat's hand that are not public.

Seeded (``random.Random``) and bounded, so a failure replays exactly. It drives the bot only
through SimCord's members; it reads the game (as the harness does) only to check the rules
above."""

from __future__ import annotations

import logging
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import discord
import pytest
from bot_harness import Table, custom_id_of, has_control, walk
from simcord import Env, InteractionResult, MemberActor, ResponseMessage
from simcord.actors import (
    _autocomplete_result,
    _component_interaction,
    _dispatch_actor_interaction,
    _visible_message,
)
from simcord.backend import serializers

from engine import DrawTalon

SEED = 20261123
STEPS = 120  # per game: bounded, so the three games run in a few seconds
CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]|Jo")
EXAMPLE = re.compile(r"(?:e\.g\.|for example|Write:)[^\n]*?\.(?=\s|$)")  # how-to-type hints


def cards_in(text: str) -> set[str]:
    """The cards a text names, leaving out the fixed examples of how to type a move."""
    return set(CARD.findall(EXAMPLE.sub("", text)))


JUNK = [
    "",
    " ",
    "²",
    "³ talon",
    "K♠ 999999999999999999999",
    "999999999999999999999",
    "-1",
    "0",
    "٣",
    "１",
    "K♠ ² high",
    "7♠ 2 sideways",
    "Q♥ K♥ A♥",
    "qh kh ah",
    "talon",
    "stock",
    "discard",
    "knock 9♣",
    "rummy Jo",
    "swap Q♥ on ² with 10♥ J♥",
    "swap Q♥ on 99999999999999999999999 with 10♥ J♥",
    "🂡🂢🂣",
    "Jo Jo Jo",
    "<@1> @everyone",
    "x" * 120,
    "K♠ " * 40,
    "\u200b",
    "10♥ 10♥ 10♥",
]
NUMBERS = [0, 1, 2, 3, 7, 25, 26, -1, -(2**31), 2**31, 2**53 - 1, -(2**53) + 1]
HAND_OPS = [
    "hand",
    "scores",
    "rematch",
    "t_tap",
    "t_do",
    "t_take",
    "t_back",
    "h_draw",
    "h_take",
    "h_meld",
    "h_lay",
    "h_layto",
    "h_discard",
    "h_sort",
    "h_page",
    "h_refresh",
    "h_hint",
    "h_type",
    "v_draw",
    "v_take",
    "v_meld",
    "v_lay",
    "v_discard",
    "v_back",
    "v_knock",
    "v_rummy",
    "v_buy",
    "v_pass",
    "v_hint",
    "v_type",
    "lobby_join",
    "lobby_leave",
    "lobby_start",
    "zz_gone",
]
MOVE_OPS = {"t_tap", "t_do", "t_take", "t_back"}  # cards tapped, moves they allow
JUNK_VALUES = ["²:K♠", "0:K♠", "99999999999999999999:K♠", "K♠:²:-", "K♠:0:up", "K♠", "", "a:b:c:d"]
JUNK_ARGS = ["", "²", "5.s.0", "999999999999999999999.r.99999999999", "x.y.z", "1.s.-4.K♠.7"]


class Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextmanager
def errors_logged() -> Iterator[Errors]:
    handler = Errors()
    loggers = [logging.getLogger(name) for name in ("discord", "bot")]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield handler
    finally:
        for logger in loggers:
            logger.removeHandler(handler)


def components_of(message: ResponseMessage | discord.Message) -> list[dict[str, Any]]:
    rows = [c.to_dict() if hasattr(c, "to_dict") else c for c in message.components]
    return [c for c in walk(rows) if c.get("custom_id") and not c.get("disabled")]


def texts(message: ResponseMessage | discord.Message) -> str:
    """Everything a message shows: content, embeds, V2 text displays, and the words on its
    controls (a hand's cards are buttons: their labels show cards too)."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        parts += [f"{f.name} {f.value}" for f in embed.fields]
    rows = [c.to_dict() if hasattr(c, "to_dict") else c for c in message.components]
    for item in walk(rows):
        if item.get("type") == 10:
            parts.append(str(item.get("content", "")))
        parts += [str(item.get(key) or "") for key in ("label", "placeholder")]
        parts += [str(o.get("label", "")) for o in item.get("options", [])]
        parts += [str(m.get("description") or "") for m in item.get("items", [])]
    return "\n".join(parts)


class Fuzzer:
    """One game's table, a spectator, and the checks run after every interaction."""

    def __init__(self, env: Env, table: Table, spectator: MemberActor, rng: random.Random):
        self.env = env
        self.table = table
        self.spectator = spectator
        self.rng = rng
        self.hands: dict[int, list[ResponseMessage]] = {m.id: [] for m in table.members}
        self.public: set[str] = set()
        self.interactions = 0
        self.forged = 0
        self.moves = 0

    # ------------------------------------------------------------ state
    @property
    def everyone(self) -> list[MemberActor]:
        return [*self.table.members, self.spectator]

    def seat_of(self, member: MemberActor) -> int | None:
        seat = self.table.live.seat_of(member.id)
        return None if seat is None else seat.seat

    def hands_now(self) -> dict[int, list[str]]:
        game = self.table.live.game
        assert game is not None
        seats = range(len(self.table.live.seats))
        return {s: [str(c) for c in game.private_view(s).hand] for s in seats}

    def note_public(self) -> None:
        for message in self.table.channel.history():
            if not message.flags.ephemeral:
                self.public.update(CARD.findall(texts(message)))

    def over(self) -> bool:
        live = self.table.live
        return live.game is None or live.status != "playing"

    # ------------------------------------------------------------ the checks
    async def run(self, member: MemberActor, typed: str, act: Any) -> InteractionResult | None:
        """Do one interaction (``act`` returns its result) and check everything after it."""
        live = self.table.live
        game = live.game
        assert game is not None
        before_actions = len(game.actions)
        before_hands = self.hands_now()
        self.note_public()
        requests = len(self.env.http_requests)
        result: InteractionResult | None = await act()
        self.interactions += 1
        assert self.table.live.game is game, "the game was replaced under the fuzzer"
        answered = [r for r in self.env.http_requests[requests:] if r.path.endswith("/callback")]
        assert answered, f"{member.name}: no answer to {typed!r}"
        seat = self.seat_of(member)
        new = game.actions[before_actions:]
        assert all(a.seat == seat for a in new), f"{member.name} moved for another seat: {new}"
        self.moves += len(new)
        if result is not None:
            shown = [m for m in (result.response, *result.followups) if m is not None]
            others = {h.id for m, hands in self.hands.items() if m != member.id for h in hands}
            assert not {m.id for m in shown} & others, f"{member.name} changed another's hand"
            self.remember_hands(member, shown)
            private = [texts(m) for m in shown if m.ephemeral]
            private += [str(c["name"]) for c in result.autocomplete_choices or []]
            self.check_private(member, seat, private, typed, before_hands)
        return result

    def remember_hands(self, member: MemberActor, shown: list[ResponseMessage]) -> None:
        known = {h.id for h in self.hands.get(member.id, [])}
        for message in shown:
            fresh = member.id in self.hands and message.id not in known and message.ephemeral
            if fresh and has_control(message, "h_refresh"):  # a hand message
                self.hands[member.id].append(message)

    def check_private(
        self,
        member: MemberActor,
        seat: int | None,
        private: list[str],
        typed: str,
        before: dict[int, list[str]],
    ) -> None:
        """No card of another seat's hand that is not public, and that the member did not
        name themselves, shows in what only this member sees."""
        self.note_public()
        after = self.hands_now()
        allowed = set(self.public) | set(CARD.findall(typed))
        if seat is not None:
            allowed |= set(before[seat]) | set(after[seat])
        hidden = {c for s, cards in (*before.items(), *after.items()) if s != seat for c in cards}
        for text in private:
            leaked = (cards_in(text) & hidden) - allowed
            assert not leaked, f"{member.name} was shown {leaked}: {text!r}"

    # ------------------------------------------------------------ the moves
    def pick_member(self) -> MemberActor:
        live = self.table.live
        game = live.game
        assert game is not None
        if self.rng.random() < 0.6:
            return self.table.member_for_seat(game.to_act)
        return self.rng.choice(self.everyone)

    def prune(self) -> None:
        """Forget hand messages the bot deleted (opening a new hand deletes the previous one):
        no client shows them any more."""
        for member in self.table.members:
            there = {m.id for m in self.table.channel.history(viewer=member)}
            self.hands[member.id] = [h for h in self.hands[member.id] if h.id in there]

    async def step(self) -> None:
        self.prune()
        kind = self.rng.choices(
            ["click", "double", "stale", "slash", "modal", "auto", "forge", "junk"],
            weights=[40, 5, 6, 12, 10, 10, 8, 6],
        )[0]
        await getattr(self, f"do_{kind}")()

    async def open_hand(self, member: MemberActor) -> ResponseMessage | None:
        table_message = self.table.table_message()

        async def act() -> InteractionResult:
            return await member.click(table_message, label="Your hand")

        result = await self.run(member, "", act)
        return None if result is None else result.response

    async def latest_hand(self, member: MemberActor) -> ResponseMessage | None:
        hands = self.hands.get(member.id)
        if not hands or self.rng.random() < 0.05:
            return await self.open_hand(member)
        return hands[-1]

    def choose(self, component: dict[str, Any]) -> tuple[list[str], str]:
        options = [str(o["value"]) for o in component.get("options", [])]
        low = component.get("min_values", 1)
        high = min(component.get("max_values", 1), len(options))
        count = self.rng.randint(low, max(low, min(high, 5)))
        values = self.rng.sample(options, count)
        return values, " ".join(values)

    async def press(self, member: MemberActor, message: ResponseMessage, component: dict[str, Any]):
        cid = str(component["custom_id"])
        if component.get("type") == 2:

            async def click() -> InteractionResult:
                return await member.click(message, custom_id=cid)

            return await self.run(member, cid, click)
        values, typed = self.choose(component)

        async def select() -> InteractionResult:
            return await member.select(message, values, custom_id=cid)

        return await self.run(member, f"{cid} {typed}", select)

    async def do_click(self, member: MemberActor | None = None, twice: bool = False) -> None:
        member = member or self.pick_member()
        if member is self.spectator:
            await self.open_hand(member)  # refused: not seated
            return
        hand = await self.latest_hand(member)
        if hand is None:
            return
        usable = [c for c in components_of(hand) if ":h_type:" not in c["custom_id"]]
        usable = [c for c in usable if ":v_type:" not in c["custom_id"]]
        if not usable:
            return
        moves = [c for c in usable if c["custom_id"].split(":")[2] in MOVE_OPS]
        offered = [c for c in moves if c["custom_id"].split(":")[2] == "t_do"]
        if offered and self.rng.random() < 0.6:
            usable = offered  # a move the tapped cards allow: play it
        elif moves and self.rng.random() < 0.75:
            usable = moves  # mostly play on, so the fuzz reaches later phases and rounds
        component = self.rng.choice(usable)
        stored = _visible_message(member, hand)
        snapshot = dict(serializers.message_payload(self.env.backend, stored))
        await self.press(member, hand, component)
        if twice:  # the second click comes from the message as it was before the first
            values = self.choose(component)[0] if component.get("type") == 3 else []
            data = {"custom_id": component["custom_id"], "component_type": component["type"]}
            if values:
                data["values"] = values
            await self.carried(member, snapshot, stored.id, data, " ".join(values))

    async def do_double(self) -> None:
        await self.do_click(twice=True)

    async def do_stale(self) -> None:
        member = self.rng.choice(self.table.members)
        hands = self.hands[member.id]
        if len(hands) < 2:
            await self.do_click(member)
            return
        message = self.rng.choice(hands[:-1])
        usable = components_of(message)
        usable = [c for c in usable if ":h_type:" not in c["custom_id"]]
        usable = [c for c in usable if ":v_type:" not in c["custom_id"]]
        if usable:
            await self.press(member, message, self.rng.choice(usable))

    def junk(self) -> str:
        hand = self.hands_now()
        cards = [c for cards in hand.values() for c in cards]
        if cards and self.rng.random() < 0.5:
            return " ".join(self.rng.sample(cards, min(len(cards), self.rng.randint(1, 4))))
        return self.rng.choice(JUNK)

    async def do_slash(self) -> None:
        member = self.pick_member()
        command = self.rng.choice(
            ["hand", "draw", "take", "meld", "layoff", "discard", "scores", "back", "end"]
        )
        if command == "end" and member is self.table.members[0]:
            command = "scores"  # the host would really end the game
        options: dict[str, Any] = {}
        if command == "take":
            options["position"] = self.rng.choice(NUMBERS)
        elif command in ("meld", "discard"):
            options["cards" if command == "meld" else "card"] = self.junk() or "?"
        elif command == "layoff":
            options["card"] = self.junk() or "?"
            options["meld"] = self.rng.choice(NUMBERS)
            if self.rng.random() < 0.3:
                options["end"] = self.rng.choice(["low", "high"])
        typed = " ".join(str(v) for v in options.values())

        async def act() -> InteractionResult:
            return await member.slash(self.table.channel, f"treppe {command}", **options)

        await self.run(member, typed, act)

    async def do_modal(self) -> None:
        game = self.table.live.game
        assert game is not None
        member = self.table.member_for_seat(game.to_act)
        hand = await self.latest_hand(member)
        if hand is None:
            return
        ops = ("h_type", "v_type")
        typing = [c for c in components_of(hand) if c["custom_id"].split(":")[2] in ops]
        if not typing:
            await self.do_click(member)
            return
        shown = await self.press(member, hand, typing[0])
        if shown is None or shown.modal is None:
            return
        fields = [c for c in walk(shown.modal.get("components", [])) if c.get("type") == 4]
        values: dict[str, str] = {}
        for field in fields:
            text = self.junk() if self.rng.random() < 0.7 else ""
            if field.get("required", True) and not text.strip():
                text = self.rng.choice(["talon", "stock", "²", "3", "x", "K♠ 99999999999"])
            if text:
                values[field["custom_id"]] = text[: field.get("max_length", 4000)]
        typed = " ".join(values.values())

        async def submit() -> InteractionResult:
            return await member.submit_modal(shown, values)

        await self.run(member, typed, submit)

    async def do_auto(self) -> None:
        member = self.rng.choice(self.everyone)
        command, option = self.rng.choice(
            [
                ("take", "position"),
                ("meld", "cards"),
                ("layoff", "card"),
                ("layoff", "meld"),
                ("discard", "card"),
            ]
        )
        value = self.rng.choice([self.junk(), str(self.rng.choice(NUMBERS)), ""])
        filled: dict[str, Any] = {}
        if command == "layoff" and option == "meld" and self.rng.random() < 0.5:
            filled["card"] = self.junk() or "K♠"

        async def act() -> InteractionResult:
            # The result (not just the choices) tells an empty answer from no answer.
            return await _autocomplete_result(
                member, self.table.channel, f"treppe {command}", option, value, filled
            )

        await self.run(member, value, act)

    async def do_forge(self) -> None:
        """A control of another member's private hand, used by someone else."""
        owners = [m for m in self.table.members if self.hands[m.id]]
        if not owners:
            await self.do_click()
            return
        owner = self.rng.choice(owners)
        forger = self.rng.choice([m for m in self.everyone if m is not owner])
        source = self.rng.choice(self.hands[owner.id])
        controls = components_of(source)
        if not controls:
            return
        component = self.rng.choice(controls)
        values, typed = self.choose(component) if component.get("type") == 3 else ([], "")
        data: dict[str, Any] = {"custom_id": component["custom_id"], "component_type": 2}
        if component.get("type") == 3:
            data.update(component_type=3, values=values)
        stored = _visible_message(owner, source)  # the owner's message, clicked by the forger
        version = self.version()

        async def act() -> InteractionResult:
            return await _component_interaction(forger, stored, data)

        await self.run(forger, f"{component['custom_id']} {typed}", act)
        assert self.version() == version, "a copied control changed the game"
        self.forged += 1

    async def do_junk(self) -> None:
        """A custom id of the bot's shape carrying junk: unknown games, bad arguments, values,
        on a message of the member's own (where a modified client could put it)."""
        member = self.rng.choice(self.everyone)
        hands = self.hands.get(member.id) or []
        operation = self.rng.choice(HAND_OPS if hands else ["hand", "scores", "rematch"])
        carrier: Any = hands[-1] if operation.startswith(("h_", "v_")) else None
        carrier = carrier or self.table.table_message()
        game_id = self.rng.choice([self.table.live.id, 0, 10**17, 999999999999999999, 10**20])
        cid = f"trp:{game_id}:{operation}:{self.rng.choice(JUNK_ARGS)}"
        if self.rng.random() < 0.5:
            component: dict[str, Any] = {"type": 2, "style": 2, "label": "x", "custom_id": cid}
            data: dict[str, Any] = {"custom_id": cid, "component_type": 2}
            values: list[str] = []
        else:
            values = self.rng.sample(JUNK_VALUES, self.rng.randint(1, 2))
            options = [{"label": v or "?", "value": v} for v in values]
            component = {"type": 3, "custom_id": cid, "options": options, "max_values": 2}
            data = {"custom_id": cid, "component_type": 3, "values": values}
        stored = _visible_message(member, carrier)
        payload = dict(serializers.message_payload(self.env.backend, stored))
        payload["components"] = [{"type": 1, "components": [component]}]
        await self.carried(member, payload, stored.id, data, " ".join(values))

    async def carried(
        self,
        member: MemberActor,
        payload: dict[str, Any],
        source: int,
        data: dict[str, Any],
        typed: str,
    ) -> None:
        """A component interaction from a message as the member's client has it."""

        async def act() -> InteractionResult:
            return await _dispatch_actor_interaction(
                member,
                3,  # a component interaction
                self.table.channel,
                data,
                extra={"message": payload},
                source_message_id=source,
            )

        await self.run(member, f"{data['custom_id']} {typed}", act)

    def version(self) -> int:
        game = self.table.live.game
        assert game is not None
        return int(game.public_view().version)


async def fuzz_game(env: Env, rng: random.Random, game_key: str | None, steps: int) -> Fuzzer:
    guild = env.create_guild()
    channel = guild.create_text_channel(f"cards-{game_key or 'treppe'}")
    members = [guild.add_member(env.create_user(n)) for n in ("anna", "ben", "cleo", "sam")]
    table = Table(env, channel, members[:3])
    options: dict[str, Any] = {"target": 500}
    if game_key is not None:
        options = {"game": game_key}
    await table.start(await table.open(**options))
    fuzzer = Fuzzer(env, table, members[3], rng)
    for _ in range(steps):
        if fuzzer.over():
            break
        await fuzzer.step()
    return fuzzer


@pytest.mark.parametrize("game_key", [None, "romme", "wiener"])
async def test_fuzzed_interactions_are_answered_safely(simcord_env: Env, game_key: str | None):
    rng = random.Random(f"{SEED}-{game_key}")
    with errors_logged() as errors:
        fuzzer = await fuzz_game(simcord_env, rng, game_key, STEPS)
    messages = [f"{r.name}: {r.getMessage()} {r.exc_info!r}" for r in errors.records]
    assert not messages, "\n".join(messages)
    print(
        f"game={game_key or 'treppe'} interactions={fuzzer.interactions} "
        f"moves={fuzzer.moves} forged={fuzzer.forged}"
    )
    assert fuzzer.moves > 5, "the fuzzer should also play the game forward"
    assert fuzzer.forged > 5


# ---------------------------------------------------------------- the bugs it found, one by one
def seated(env: Env, game_key: str | None) -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(n)) for n in ("anna", "ben")]
    return Table(env, channel, members)


async def test_a_superscript_digit_in_the_typing_form_is_refused_privately(simcord_env: Env):
    table = seated(simcord_env, None)
    await table.start(await table.open(target=500))
    member = table.member_for_seat(table.game.to_act)
    hand = await table.open_hand(member)
    version = table.game.public_view().version
    with errors_logged() as errors:
        shown = await member.click(hand, custom_id=custom_id_of(hand, "h_type"))
        result = await member.submit_modal(shown, {"take": "²"})
    assert not errors.records
    assert result.response is not None and result.response.ephemeral
    assert "staircase position" in texts(result.response)
    assert table.game.public_view().version == version


async def test_layoff_autocomplete_answers_in_wiener_rummy(simcord_env: Env):
    table = seated(simcord_env, "wiener")
    await table.start(await table.open(game="wiener"))
    member = table.members[0]
    with errors_logged() as errors:
        for value in ("", "K♠ 999999999999999999999", "²"):
            result = await _autocomplete_result(
                member, table.channel, "treppe layoff", "meld", value, {}
            )
            assert result.acknowledged and result.autocomplete_choices == []
    assert not errors.records


async def test_another_members_copied_control_changes_nothing(simcord_env: Env):
    table = seated(simcord_env, None)
    await table.start(await table.open(target=500))
    owner = table.member_for_seat(table.game.to_act)
    other = next(m for m in table.members if m is not owner)
    hand = await table.open_hand(owner)
    version = table.game.public_view().version
    draw = next(c for c, a in table.offer_ids(owner).items() if isinstance(a, DrawTalon))
    data = {"custom_id": draw, "component_type": 2}
    result = await _component_interaction(other, _visible_message(owner, hand), data)
    assert result.response is not None and result.response.ephemeral
    assert "another player's hand" in texts(result.response)
    assert table.game.public_view().version == version


async def test_a_refusal_quoting_long_input_still_fits_a_message(simcord_env: Env):
    table = seated(simcord_env, None)
    await table.start(await table.open(target=500))
    member = table.member_for_seat(table.game.to_act)
    with errors_logged() as errors:
        result = await member.slash(table.channel, "treppe meld", cards="x" * 3000)
    assert not errors.records
    assert result.response is not None and result.response.ephemeral
    assert "is not a card" in result.response.content
    assert len(result.response.content) <= 2000


async def test_a_game_id_beyond_the_database_is_refused(simcord_env: Env):
    table = seated(simcord_env, None)
    await table.start(await table.open(target=500))
    member = table.members[1]
    fuzzer = Fuzzer(simcord_env, table, member, random.Random(SEED))
    stored = _visible_message(member, table.table_message())
    cid = f"trp:{10**20}:rematch:"
    payload = dict(serializers.message_payload(simcord_env.backend, stored))
    payload["components"] = [
        {"type": 1, "components": [{"type": 2, "style": 2, "label": "x", "custom_id": cid}]}
    ]
    with errors_logged() as errors:  # the fuzzer's checks: an answer, and no error logged
        data = {"custom_id": cid, "component_type": 2}
        await fuzzer.carried(member, payload, stored.id, data, "")
    assert not errors.records
