"""A very small stand-in for Discord on 127.0.0.1: just enough REST and gateway for the real
discord.Client to log in, sync commands, receive interactions over a websocket and answer them
with real HTTP requests (JSON and multipart)."""

from __future__ import annotations

import asyncio
import itertools
import json
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


@dataclass
class Recorded:
    method: str
    path: str
    content_type: str
    body: bytes


@dataclass
class FakeDiscord:
    requests: list[Recorded] = field(default_factory=list)
    messages: dict[str, dict[str, Any]] = field(default_factory=dict)
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
        interaction_id = self.next_id()
        return {
            "id": interaction_id,
            "application_id": APP_ID,
            "type": kind,
            "data": data,
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
            "token": f"token{interaction_id}",
            "version": 1,
            "app_permissions": "2147483647",
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": GUILD_ID},
            "context": 0,
            "attachment_size_limit": 10_485_760,
        }

    async def slash(self, who: dict[str, Any], group: str, *path: str) -> None:
        """``/group a b``: ``a`` a subcommand group (type 2) when ``b`` follows, ``b`` the
        subcommand (type 1)."""
        options: list[dict[str, Any]] = []
        for depth, name in enumerate(reversed(path)):
            options = [{"name": name, "type": 2 if depth else 1, "options": options}]
        data = {"id": self.next_id(), "name": group, "type": 1, "options": options}
        await self.dispatch("INTERACTION_CREATE", self.interaction(2, data, who))

    async def click(self, who: dict[str, Any], message_id: str, custom_id: str) -> None:
        payload = self.interaction(3, {"custom_id": custom_id, "component_type": 2}, who)
        payload["message"] = self.messages[message_id]
        self.clicked[payload["id"]] = message_id  # an UPDATE answer edits this message
        await self.dispatch("INTERACTION_CREATE", payload)

    # ------------------------------------------------------------ REST
    def message(self, body: dict[str, Any], message_id: str | None = None) -> dict[str, Any]:
        message_id = message_id or self.next_id()
        stored = {
            "id": message_id,
            "channel_id": CHANNEL_ID,
            "author": BOT_USER,
            "content": body.get("content") or "",
            "timestamp": "2026-11-22T00:00:00+00:00",
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [
                {
                    "id": self.next_id(),
                    "filename": a.get("filename", "f"),
                    "size": 1,
                    "url": "",
                    "proxy_url": "",
                }
                for a in body.get("attachments", [])
            ],
            "embeds": body.get("embeds", []),
            "pinned": False,
            "type": 0,
            "flags": body.get("flags", 0),
            "components": body.get("components", []),
        }
        self.messages[message_id] = stored
        return stored

    async def rest(self, request: web.Request) -> web.Response:
        raw = await request.read()
        path = "/" + request.match_info["tail"]
        self.requests.append(Recorded(request.method, path, request.content_type, raw))
        body = _json_part(request.content_type, raw)
        if path == "/users/@me":
            return _json(BOT_USER)
        if path == "/oauth2/applications/@me":
            return _json(
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
        if path.endswith("/commands") and request.method == "PUT":
            commands = [
                {**c, "id": self.next_id(), "application_id": APP_ID, "version": "1"} for c in body
            ]
            return _json(commands)
        if path.endswith("/callback"):
            message = None
            if body.get("type") in (4, 7) and "data" in body:
                updated = self.clicked.get(path.split("/")[2]) if body["type"] == 7 else None
                message = self.message(body["data"], updated)
            result: dict[str, Any] = {
                "interaction": {
                    "id": path.split("/")[2],
                    "type": 2,
                    "response_message_id": message["id"] if message else None,
                    "response_message_loading": False,
                    "response_message_ephemeral": bool(message and message["flags"] & 64),
                },
                "resource": {"type": body.get("type"), "message": message} if message else None,
            }
            return _json(result)
        if path.startswith(f"/channels/{CHANNEL_ID}/messages"):
            parts = path.split("/")
            if request.method == "POST":
                return _json(self.message(body))
            if request.method == "PATCH":
                return _json(self.message(body, parts[4]))
            if request.method == "DELETE":
                self.messages.pop(parts[4], None)
                return web.Response(status=204)
        return _json({"message": "Not found", "code": 0}, status=404)


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


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py parses JSON only when the content type is exactly application/json.
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )
