"""A user-installed app in group DMs, on top of the loopback fake of loopback_discord.py.

The app is no member of a group DM: it hears of it only through interactions and speaks only
through their callback and webhook endpoints, on the terms Discord documents (receiving and
responding to interactions; JSON error codes). Every call Discord would refuse is answered with
Discord's error and kept in ``violations``, so a test can assert there were none. The 3 s and
15 min limits run on a fake clock that only ``advance`` moves: no test waits on real time."""

from __future__ import annotations

import asyncio
import copy
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar, cast

from aiohttp import web
from loopback_discord import (
    APP_ID,
    ERRORS,
    FakeDiscord,
    Violation,
    attachment,
    callback_response,
    command_options,
    components,
    custom_ids,
    group_dm_channel,
    interaction_skeleton,
    json_response,
    message_payload,
    user,
)

T = TypeVar("T")

PRIVATE_CHANNEL = 2  # interaction context: group DMs, and DMs other than with the app's bot
USER_INSTALL = "1"  # the authorizing_integration_owners key of a user install
EPHEMERAL, LOADING = 1 << 6, 1 << 7  # message flags
# Discord: "ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE permissions for (G)DMs with other users"
GROUP_DM_APP_PERMISSIONS = (1 << 15) | (1 << 14) | (1 << 17)
ANSWER_WITHIN = 3.0  # seconds: "you must send an initial response within 3 seconds"
TOKEN_LIFE = 15 * 60.0  # seconds: "Interaction tokens are valid for 15 minutes"
FOLLOWUP_LIMIT = 5  # per interaction, for an app installed to the user only
EPOCH = datetime(2026, 11, 22, tzinfo=UTC)
SELECTS = (3, 5, 6, 7, 8)  # string, user, role, mentionable, channel

CALLBACK = re.compile(r"^/interactions/(\d+)/([^/]+)/callback$")
WEBHOOK = re.compile(r"^/webhooks/(\d+)/([^/]+)(?:/messages/(@original|\d+))?$")
CHANNEL = re.compile(r"^/channels/(\d+)(?:/|$)")


@dataclass
class Posted:
    """A message in a group DM as Discord returns it; ``viewer`` None: everyone in the channel
    sees it, a user id: ephemeral, only that user sees it."""

    data: dict[str, Any]
    viewer: str | None = None


@dataclass
class SentInteraction:
    """An interaction the fake sent, and what became of it. ``answered_after`` is on the fake
    clock (the rules read it), ``answered_after_wall`` in real seconds (for reading only)."""

    payload: dict[str, Any]
    channel: GroupDM
    sent_at: float
    sent_wall: float
    clicked: str | None = None  # the message the component is on
    answer_type: int | None = None  # the accepted callback's type
    answered_after: float | None = None
    answered_after_wall: float | None = None
    original: str | None = None  # the message @original names
    followups: list[str] = field(default_factory=list)
    callbacks: int = 0  # callback attempts, refused ones included

    def __post_init__(self) -> None:
        self.id, self.token = str(self.payload["id"]), str(self.payload["token"])
        self.kind, self.user = int(self.payload["type"]), dict(self.payload["user"])

    def owned(self) -> set[str]:
        """The messages this token may read, edit and delete: @original and its follow-ups."""
        return {*self.followups, *([self.original] if self.original else [])}


class GroupDM:
    """A group DM (channel type 3) of several users. The driver methods act as its members:
    a command (only a user who installed the app has it), a click, a choice in a select."""

    def __init__(
        self, fake: UserAppDiscord, channel_id: str, people: list[dict[str, Any]], installers: int
    ) -> None:
        self.fake, self.id, self.owner_id = fake, channel_id, people[0]["id"]
        self.users = {p["username"]: p for p in people}
        self.installers = {p["id"] for p in people[:installers]}
        self.posted: dict[str, Posted] = {}  # in the order they were posted

    def user(self, name: str) -> dict[str, Any]:
        return self.users[name]

    def channel_object(self) -> dict[str, Any]:
        last = next(reversed(self.posted), None)
        return group_dm_channel(self.id, self.owner_id, list(self.users.values()), last)

    # ------------------------------------------------------------ what members see
    def seen_by(self, name: str) -> list[dict[str, Any]]:
        """The messages ``name`` sees, oldest first: the public ones and their ephemerals."""
        return [p.data for p in self.posted.values() if p.viewer in (None, self.user(name)["id"])]

    def public(self) -> list[dict[str, Any]]:
        return [p.data for p in self.posted.values() if p.viewer is None]

    def ephemerals(self, name: str) -> list[dict[str, Any]]:
        return [p.data for p in self.posted.values() if p.viewer == self.user(name)["id"]]

    def latest(self, prefix: str, seen_by: str | None = None) -> dict[str, Any] | None:
        """The newest message carrying a custom_id that starts with ``prefix``: among the
        public ones, or among those ``seen_by`` sees."""
        shown = self.public() if seen_by is None else self.seen_by(seen_by)
        found = [m for m in shown if any(c.startswith(prefix) for c in custom_ids(m))]
        return found[-1] if found else None

    def latest_public(self, prefix: str) -> dict[str, Any] | None:
        return self.latest(prefix)

    # ------------------------------------------------------------ what members do
    async def slash(
        self, name: str, command: str, *path: str, options: dict[str, Any] | None = None
    ) -> SentInteraction:
        """``/command *path`` with ``options``, as ``name`` types it."""
        declared = self._offered(name, command)
        nested = command_options(path, options or {})
        data = {"id": declared["id"], "name": command, "type": 1, "options": nested}
        return await self._send(2, data, name, self.user(name)["id"])

    async def click(self, name: str, message_id: str, custom_id: str) -> SentInteraction:
        posted, button = self._component(name, message_id, custom_id)
        data = {"custom_id": custom_id, "component_type": button["type"]}
        return await self._send(3, data, name, _owner(posted), posted)

    async def select(
        self, name: str, message_id: str, custom_id: str, values: list[str]
    ) -> SentInteraction:
        posted, menu = self._component(name, message_id, custom_id)
        offered = [o["value"] for o in menu.get("options", [])]
        low, high = menu.get("min_values", 1), menu.get("max_values", 1)
        unknown = menu["type"] == 3 and set(values) - set(offered)
        if menu["type"] not in SELECTS or not low <= len(values) <= high or unknown:
            raise ValueError(f"{values} cannot be chosen in {custom_id} ({low}-{high}, {offered})")
        data = {"custom_id": custom_id, "component_type": menu["type"], "values": values}
        if menu["type"] in (5, 7):  # user and mentionable selects resolve the users chosen
            known = {p["id"]: p for p in self.users.values()}
            data["resolved"] = {"users": {v: known[v] for v in values if v in known}}
        return await self._send(3, data, name, _owner(posted), posted)

    def _offered(self, name: str, command: str) -> dict[str, Any]:
        """The synced global command, if Discord would offer it to ``name`` here."""
        if self.user(name)["id"] not in self.installers:
            raise PermissionError(f"{name} has not installed the app: no commands of it here")
        declared = next((c for c in self.fake.commands if c.get("name") == command), None)
        if declared is None:
            raise LookupError(f"/{command} is no synced global command (none other reaches here)")
        installs = declared.get("integration_types")
        installs = self.fake.configured_installs if installs is None else installs
        contexts = declared.get("contexts")
        if contexts is None:  # all contexts, unless the legacy dm_permission says no
            contexts = [0, 1, 2] if declared.get("dm_permission", True) else [0]
        if 1 not in installs or PRIVATE_CHANNEL not in contexts:
            raise PermissionError(
                f"Discord does not offer /{command} in a group DM to a user install: "
                f"integration_types={installs}, contexts={contexts}"
            )
        return declared

    def _component(
        self, name: str, message_id: str, custom_id: str
    ) -> tuple[Posted, dict[str, Any]]:
        posted = self.posted.get(message_id)
        if posted is None or posted.viewer not in (None, self.user(name)["id"]):
            raise LookupError(f"{name} sees no message {message_id} in the group DM")
        found = [c for c in components(posted.data) if c.get("custom_id") == custom_id]
        if not found or found[0].get("disabled"):
            raise LookupError(f"no enabled {custom_id} on {message_id}: {custom_ids(posted.data)}")
        return posted, found[0]

    async def _send(
        self, kind: int, data: dict[str, Any], name: str, owner: str, on: Posted | None = None
    ) -> SentInteraction:
        payload = {
            **interaction_skeleton(self.fake.next_id(), kind, data),
            "channel_id": self.id,
            "channel": self.channel_object(),
            "user": self.user(name),  # a user, no member: there is no guild
            "app_permissions": str(GROUP_DM_APP_PERMISSIONS),
            "authorizing_integration_owners": {USER_INSTALL: owner},
            "context": PRIVATE_CHANNEL,
            **({"message": copy.deepcopy(on.data)} if on is not None else {}),  # as it was
        }
        sent = SentInteraction(payload, self, self.fake.clock, time.monotonic())
        sent.clicked = on.data["id"] if on is not None else None
        return await self.fake.send(sent)

    # ------------------------------------------------------------ what the app writes
    def post(self, body: dict[str, Any], sent: SentInteraction, followup: bool = False) -> Posted:
        """A new message from ``sent``'s answer or follow-up (ephemeral: only its user sees it)."""
        data = message_payload(body, self.fake.next_id(), self.id, self.fake.next_id)
        metadata = {
            "id": sent.id,
            "type": sent.kind,
            "user": sent.user,
            "authorizing_integration_owners": sent.payload["authorizing_integration_owners"],
            **({"interacted_message_id": sent.clicked} if sent.clicked else {}),
            **(
                {"original_response_message_id": sent.original}
                if followup and sent.original
                else {}
            ),
        }
        data.update(
            timestamp=self.fake.timestamp(),
            type=20 if sent.kind == 2 and not followup else 0,
            webhook_id=APP_ID,
            application_id=APP_ID,
            interaction_metadata=metadata,
        )
        posted = Posted(data, sent.user["id"] if data["flags"] & EPHEMERAL else None)
        self.posted[data["id"]] = posted
        return posted

    def edit(self, posted: Posted, body: dict[str, Any]) -> None:
        """Edit as Discord does: only the fields sent change; ephemeral stays as it was."""
        data = posted.data
        for key, empty in (("content", ""), ("embeds", []), ("components", [])):
            if key in body:
                data[key] = body[key] or empty
        if "attachments" in body:
            kept = {a["id"]: a for a in data["attachments"]}
            data["attachments"] = [
                kept.get(str(a.get("id"))) or attachment(a, self.fake.next_id)
                for a in body["attachments"] or []
            ]
        flags = data["flags"] if body.get("flags") is None else body["flags"]
        data["flags"] = (data["flags"] & EPHEMERAL) | (flags & ~(EPHEMERAL | LOADING))
        data["edited_timestamp"] = self.fake.timestamp()


def _owner(posted: Posted) -> str:
    """A click is authorized by the install that made the message it is on."""
    owners = posted.data["interaction_metadata"]["authorizing_integration_owners"]
    return str(owners[USER_INSTALL])


@dataclass
class UserAppDiscord(FakeDiscord):
    """The loopback fake with group DMs in which the app is user-installed; the guild mode
    works as before. ``advance`` moves the clock the 3 s and 15 min limits are read on."""

    clock: float = 0.0
    # The install contexts Discord assumes for a command that declares none: the app's own.
    configured_installs: tuple[int, ...] = (0, 1)
    group_dms: dict[str, GroupDM] = field(default_factory=dict)
    interactions: dict[str, SentInteraction] = field(default_factory=dict)
    violations: list[Violation] = field(default_factory=list)
    answered_privately: set[str] = field(default_factory=set)  # USE_EXTERNAL_APPS missing
    _tokens: dict[str, SentInteraction] = field(default_factory=dict)
    _changed: asyncio.Condition = field(default_factory=asyncio.Condition)

    def advance(self, *, seconds: float = 0.0, minutes: float = 0.0) -> None:
        self.clock += seconds + 60 * minutes

    def timestamp(self) -> str:
        return (EPOCH + timedelta(seconds=self.clock)).isoformat()

    def group_dm(self, *names: str, installers: int = 1) -> GroupDM:
        """A group DM of ``names`` (2 to 10; the first owns it); the first ``installers`` of
        them installed the app."""
        if not 2 <= len(names) <= 10 or not 1 <= installers <= len(names):
            raise ValueError("a group DM has 2 to 10 users, at least one with the app")
        people = [user(int(self.next_id()), name) for name in names]
        dm = GroupDM(self, self.next_id(), people, installers)
        self.group_dms[dm.id] = dm
        return dm

    async def send(self, sent: SentInteraction) -> SentInteraction:
        """Register ``sent``; deliver it over the gateway when a client is connected."""
        self.interactions[sent.id] = sent
        self._tokens[sent.token] = sent
        if self._socket is not None:
            await self.dispatch("INTERACTION_CREATE", sent.payload)
        return sent

    async def answered(self, sent: SentInteraction, timeout: float = 10.0) -> SentInteraction:
        """Wait for the app's callback to ``sent`` (taken or refused)."""
        await self.wait_for(lambda: sent.callbacks > 0, timeout)
        return sent

    async def wait_for(self, predicate: Callable[[], T | None], timeout: float = 10.0) -> T:
        """Wait until ``predicate`` over the fake's state (which only requests change) holds;
        its value. The timeout only guards against a hang."""
        try:
            async with asyncio.timeout(timeout), self._changed:
                return cast(T, await self._changed.wait_for(predicate))
        except TimeoutError:
            raise AssertionError("the fake never got there") from None

    # ------------------------------------------------------------ REST
    async def rest(self, request: web.Request) -> web.Response:
        response = await super().rest(request)
        async with self._changed:
            self._changed.notify_all()
        return response

    async def route(self, request: web.Request, path: str, body: Any) -> web.Response:
        if (match := CHANNEL.match(path)) and match[1] in self.group_dms:
            # The bot is no member of the group DM: its token reaches nothing there.
            return self._refuse(request, "missing_access")
        if (match := CALLBACK.match(path)) and (sent := self.interactions.get(match[1])):
            return self._callback(request, sent, match[2], body)
        if (match := WEBHOOK.match(path)) and (sent := self._tokens.get(match[2])):
            return self._webhook(request, sent, match[1], match[3], body)
        return await super().route(request, path, body)

    def _refuse(
        self, request: web.Request, kind: str, sent: SentInteraction | None = None
    ) -> web.Response:
        status, code, message = ERRORS[kind]
        path, sent_id = "/" + request.match_info["tail"], sent.id if sent else None
        self.violations.append(
            Violation(kind, request.method, path, status, code, message, sent_id)
        )
        return json_response({"message": message, "code": code}, status)

    def _callback(
        self, request: web.Request, sent: SentInteraction, token: str, body: dict[str, Any]
    ) -> web.Response:
        sent.callbacks += 1
        age, kind, data = self.clock - sent.sent_at, body.get("type"), body.get("data") or {}
        if token != sent.token:
            return self._refuse(request, "unknown_interaction")
        if sent.answer_type is not None:
            return self._refuse(request, "already_acknowledged", sent)
        if age >= ANSWER_WITHIN:
            return self._refuse(request, "late_callback", sent)
        if kind not in (4, 5, 6, 7) or (kind in (6, 7) and sent.kind != 3):
            return self._refuse(request, "invalid_callback", sent)
        sent.answer_type, sent.answered_after = kind, age
        sent.answered_after_wall = time.monotonic() - sent.sent_wall
        posted = sent.channel.posted.get(sent.clicked or "")  # @original of 6 and 7
        if kind == 4:  # made ephemeral for a user who may not use the app publicly here
            private = EPHEMERAL if sent.user["id"] in self.answered_privately else 0
            posted = sent.channel.post({**data, "flags": (data.get("flags") or 0) | private}, sent)
        elif kind == 5:  # a new message, loading until @original is edited
            posted = sent.channel.post({"flags": (data.get("flags") or 0) | LOADING}, sent)
        elif kind == 7 and posted is not None:
            sent.channel.edit(posted, data)
        sent.original = posted.data["id"] if posted is not None else None
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        made = posted.data if posted is not None and kind != 6 else None
        return json_response(callback_response(sent.id, sent.kind, kind, made))

    def _webhook(
        self, request: web.Request, sent: SentInteraction, app: str, target: str | None, body: Any
    ) -> web.Response:
        if app != APP_ID:
            return self._refuse(request, "unknown_webhook", sent)
        if self.clock - sent.sent_at >= TOKEN_LIFE:
            return self._refuse(request, "expired_token", sent)
        if sent.answer_type is None:  # not acknowledged (in time): the token never came alive
            return self._refuse(request, "unacknowledged", sent)
        if target is None and request.method == "POST":
            return self._followup(request, sent, body)
        message_id = sent.original if target == "@original" else target
        posted = sent.channel.posted.get(message_id or "")
        if posted is None or message_id not in sent.owned():
            return self._refuse(request, "unknown_message", sent)
        if request.method == "PATCH":
            sent.channel.edit(posted, body)
        elif request.method == "DELETE":
            del sent.channel.posted[posted.data["id"]]
            return web.Response(status=204)
        elif request.method != "GET":
            return self._refuse(request, "not_modelled", sent)
        return json_response(posted.data)

    def _followup(self, request: web.Request, sent: SentInteraction, body: Any) -> web.Response:
        if len(sent.followups) >= FOLLOWUP_LIMIT:
            return self._refuse(request, "followup_limit", sent)
        posted = sent.channel.posted.get(sent.original or "")
        if posted is not None and posted.data["flags"] & LOADING:
            sent.channel.edit(posted, body)  # right after a type 5 it edits @original (deprecated)
        else:
            posted = sent.channel.post(body, sent, followup=True)
        sent.followups.append(posted.data["id"])
        return json_response(posted.data)
