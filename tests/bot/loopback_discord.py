"""A very small stand-in for Discord on 127.0.0.1: just enough REST and gateway for the real
discord.Client to log in, sync commands, receive interactions over a websocket and answer them
with real HTTP requests (JSON and multipart). This is the guild mode, lenient on purpose;
loopback_groupdm.py adds a user-installed app in group DMs with Discord's rules enforced."""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

APP_ID = "900000000000000001"
BOT_USER = {
    "id": APP_ID,
    "username": "Treppenbot",
    "discriminator": "0",
    "avatar": None,
    "bot": True,
}
GUILD_ID = "910000000000000001"
CHANNEL_ID = "920000000000000001"


def user(user_id: int, name: str) -> dict[str, Any]:
    return {"id": str(user_id), "username": name, "discriminator": "0", "avatar": None}


OPTION_TYPES = ((bool, 5), (int, 4), (float, 10), (str, 3))  # bool first: it is an int too
# PUT/GET /applications/{app}/commands (global) or .../guilds/{guild}/commands.
COMMANDS = re.compile(r"^/applications/(\d+)(?:/guilds/(\d+))?/commands$")


@dataclass
class Recorded:
    """One REST request as it arrived, and the status the fake answered it with."""

    method: str
    path: str
    content_type: str
    body: bytes
    query: str = ""
    status: int = 0


@dataclass
class Violation:
    """A call Discord would refuse, and the error it answered with."""

    kind: str
    method: str
    path: str
    status: int
    code: int
    message: str
    interaction_id: str | None = None


# A refusal's kind -> Discord's HTTP status, JSON error code and message.
ERRORS: dict[str, tuple[int, int, str]] = {
    "missing_access": (403, 50001, "Missing Access"),
    "unknown_interaction": (404, 10062, "Unknown interaction"),
    "late_callback": (404, 10062, "Unknown interaction"),
    "already_acknowledged": (400, 40060, "Interaction has already been acknowledged."),
    "invalid_callback": (400, 50035, "Invalid Form Body (callback type)"),
    "unknown_webhook": (404, 10015, "Unknown Webhook"),
    "unacknowledged": (404, 10015, "Unknown Webhook"),
    "expired_token": (401, 50027, "Invalid Webhook Token"),
    "unknown_message": (404, 10008, "Unknown Message"),
    "followup_limit": (400, 40094, "This interaction has hit the maximum number of follow up messages"),  # noqa: E501
    "not_modelled": (405, 0, "405: Method Not Allowed"),
}  # fmt: skip


@dataclass
class FakeDiscord:
    requests: list[Recorded] = field(default_factory=list)
    messages: dict[str, dict[str, Any]] = field(default_factory=dict)
    # The commands the bot synced, as Discord stores them: global, and per guild id.
    commands: list[dict[str, Any]] = field(default_factory=list)
    guild_commands: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    identified: asyncio.Event = field(default_factory=asyncio.Event)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(930000000000000001))
    clicked: dict[str, str] = field(default_factory=dict)
    _socket: web.WebSocketResponse | None = None
    _sequence: int = 0
    port: int = 0
    _runner: web.AppRunner | None = None

    def next_id(self) -> str:
        return str(next(self._ids))

    # ------------------------------------------------------------ server
    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/gateway", self.gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        if self._socket is not None:
            await self._socket.close()
        if self._runner is not None:
            await self._runner.cleanup()

    # ------------------------------------------------------------ gateway
    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        self._socket = socket
        await socket.send_json({"op": 10, "d": {"heartbeat_interval": 45000}})
        async for message in socket:
            if message.type != WSMsgType.TEXT:
                continue
            payload = json.loads(message.data)
            if payload["op"] == 2:  # IDENTIFY
                await self.dispatch(
                    "READY",
                    {
                        "v": 10,
                        "user": BOT_USER,
                        "guilds": [],
                        "session_id": "loopback",
                        "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway",
                        "application": {"id": APP_ID, "flags": 0},
                        # Discord echoes the shard a sharded client identified with.
                        **({"shard": payload["d"]["shard"]} if "shard" in payload["d"] else {}),
                    },
                )
                self.identified.set()
            elif payload["op"] == 1:  # heartbeat
                await socket.send_json({"op": 11})
        return socket

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        assert self._socket is not None
        self._sequence += 1
        await self._socket.send_json({"op": 0, "t": event, "s": self._sequence, "d": data})

    # ------------------------------------------------------------ interactions
    def member(self, user_id: int, name: str) -> dict[str, Any]:
        return {
            "user": user(user_id, name),
            "roles": [],
            "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": "2147483647",
        }

    def interaction(self, kind: int, data: dict[str, Any], who: dict[str, Any]) -> dict[str, Any]:
        return {
            **interaction_skeleton(self.next_id(), kind, data),
            "guild_id": GUILD_ID,
            "channel_id": CHANNEL_ID,
            "channel": {
                "id": CHANNEL_ID,
                "type": 0,
                "guild_id": GUILD_ID,
                "name": "cards",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
            },
            "member": who,
            "app_permissions": "2147483647",
            "guild_locale": "en-US",
            "authorizing_integration_owners": {"0": GUILD_ID},
            "context": 0,
        }

    async def slash(
        self, who: dict[str, Any], group: str, *path: str, options: dict[str, Any] | None = None
    ) -> None:
        """``/group a b``: ``a`` a subcommand group (type 2) when ``b`` follows, ``b`` the
        subcommand (type 1), ``options`` the values of the innermost."""
        nested = command_options(path, options or {})
        data = {"id": self.next_id(), "name": group, "type": 1, "options": nested}
        await self.dispatch("INTERACTION_CREATE", self.interaction(2, data, who))

    async def click(self, who: dict[str, Any], message_id: str, custom_id: str) -> None:
        payload = self.interaction(3, {"custom_id": custom_id, "component_type": 2}, who)
        payload["message"] = self.messages[message_id]
        self.clicked[payload["id"]] = message_id  # an UPDATE answer edits this message
        await self.dispatch("INTERACTION_CREATE", payload)

    # ------------------------------------------------------------ REST
    def message(self, body: dict[str, Any], message_id: str | None = None) -> dict[str, Any]:
        stored = message_payload(body, message_id or self.next_id(), CHANNEL_ID, self.next_id)
        self.messages[stored["id"]] = stored
        return stored

    async def rest(self, request: web.Request) -> web.Response:
        raw = await request.read()
        path = "/" + request.match_info["tail"]
        recorded = Recorded(request.method, path, request.content_type, raw, request.query_string)
        self.requests.append(recorded)
        response = await self.route(request, path, _json_part(request.content_type, raw))
        recorded.status = response.status
        return response

    async def route(self, request: web.Request, path: str, body: Any) -> web.Response:
        """The answer to one request; a subclass adds its endpoints and defers to this."""
        if path == "/users/@me":
            return json_response(BOT_USER)
        if path == "/oauth2/applications/@me":
            return json_response(
                {
                    "id": APP_ID,
                    "name": "Treppenbot",
                    "icon": None,
                    "description": "",
                    "bot_public": True,
                    "bot_require_code_grant": False,
                    "owner": BOT_USER,
                    "verify_key": "0",
                    "flags": 0,
                }
            )
        if commands := COMMANDS.match(path):
            return self.sync(request.method, commands[2], body)
        if path.endswith("/callback"):
            message = None
            if body.get("type") in (4, 7) and "data" in body:
                updated = self.clicked.get(path.split("/")[2]) if body["type"] == 7 else None
                message = self.message(body["data"], updated)
            return json_response(callback_response(path.split("/")[2], 2, body["type"], message))
        if path.startswith(f"/channels/{CHANNEL_ID}/messages"):
            parts = path.split("/")
            if request.method == "POST":
                return json_response(self.message(body))
            if request.method == "PATCH":
                return json_response(self.message(body, parts[4]))
            if request.method == "DELETE":
                self.messages.pop(parts[4], None)
                return web.Response(status=204)
        return json_response({"message": "Not found", "code": 0}, status=404)

    def sync(self, method: str, guild_id: str | None, body: Any) -> web.Response:
        """Bulk overwrite (PUT) or list (GET) the commands, kept as sent plus Discord's ids, so
        a test can read the ``integration_types`` and ``contexts`` the bot declared."""
        known = self.commands if guild_id is None else self.guild_commands.get(guild_id, [])
        if method == "PUT":
            known = [
                {**c, "id": self.next_id(), "application_id": APP_ID, "version": "1"} for c in body
            ]
            if guild_id is None:
                self.commands = known
            else:
                self.guild_commands[guild_id] = known
        return json_response(known)


def interaction_skeleton(interaction_id: str, kind: int, data: dict[str, Any]) -> dict[str, Any]:
    """What every interaction carries, wherever it comes from."""
    return {
        "id": interaction_id,
        "application_id": APP_ID,
        "type": kind,
        "data": data,
        "token": f"token{interaction_id}",
        "version": 1,
        "locale": "en-US",
        "entitlements": [],
        "attachment_size_limit": 10_485_760,
    }


def group_dm_channel(
    channel_id: str, owner_id: str, recipients: list[dict[str, Any]], last_message: str | None
) -> dict[str, Any]:
    """A group DM's channel object (type 3); the app is none of its recipients."""
    return {
        "id": channel_id,
        "type": 3,
        "name": None,
        "icon": None,
        "owner_id": owner_id,
        "recipients": recipients,
        "last_message_id": last_message,
        "flags": 0,
    }


def callback_response(
    interaction_id: str, interaction_type: int, kind: int, made: dict[str, Any] | None
) -> dict[str, Any]:
    """The callback response of ``with_response`` to a callback of type ``kind`` that
    ``made`` a message (or None); the message only for types 4 and 7, as Discord sends it."""
    return {
        "interaction": {
            "id": interaction_id,
            "type": interaction_type,
            "response_message_id": made["id"] if made else None,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(made and made["flags"] & 64),
        },
        "resource": {"type": kind, **({"message": made} if made and kind != 5 else {})},
    }


def message_payload(
    body: dict[str, Any], message_id: str, channel_id: str, new_id: Callable[[], str]
) -> dict[str, Any]:
    """A message as Discord returns it, built from a create body; ``new_id`` names each
    attachment."""
    return {
        "id": message_id,
        "channel_id": channel_id,
        "author": BOT_USER,
        "content": body.get("content") or "",
        "timestamp": "2026-11-22T00:00:00+00:00",
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [attachment(a, new_id) for a in body.get("attachments") or []],
        "embeds": body.get("embeds") or [],
        "pinned": False,
        "type": 0,
        "flags": body.get("flags") or 0,
        "components": body.get("components") or [],
    }


def attachment(sent: dict[str, Any], new_id: Callable[[], str]) -> dict[str, Any]:
    return {
        "id": new_id(),
        "filename": sent.get("filename", "f"),
        "size": 1,
        "url": "",
        "proxy_url": "",
    }


def components(message: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every component of a message: rows, containers and sections' accessories opened."""
    stack = list(message.get("components") or [])
    while stack:
        item = stack.pop(0)
        yield item
        stack[:0] = [*(item.get("components") or []), *filter(None, [item.get("accessory")])]


def custom_ids(message: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for c in components(message) if c.get("custom_id")]


def command_options(path: tuple[str, ...], values: dict[str, Any]) -> list[dict[str, Any]]:
    """``/cmd a b`` with ``values``: ``a`` a subcommand group when ``b`` follows, ``b`` the
    subcommand, the values the options of the innermost."""
    options = [
        {"name": k, "type": next(t for py, t in OPTION_TYPES if isinstance(v, py)), "value": v}
        for k, v in values.items()
    ]
    for depth, name in enumerate(reversed(path)):
        options = [{"name": name, "type": 2 if depth else 1, "options": options}]
    return options


def _json_part(content_type: str, raw: bytes) -> Any:
    if not raw:
        return {}
    if content_type == "application/json":
        return json.loads(raw)
    if content_type.startswith("multipart/"):
        # payload_json is the first part; good enough for a smoke test.
        start = raw.index(b"{")
        end = raw.index(b"\r\n--", start)
        return json.loads(raw[start:end])
    return {}


def json_response(data: Any, status: int = 200) -> web.Response:
    # discord.py parses JSON only when the content type is exactly application/json.
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )
