"""The loopback fake's group-DM mode holds an app to Discord's rules for user installs: these
tests call it over plain HTTP (aiohttp, discord.py's own HTTP and webhook clients, one real
discord.Client) and check that it refuses what Discord refuses and shows what members see."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
import yarl
from discord.gateway import DiscordWebSocket
from loopback_discord import APP_ID, CHANNEL_ID, custom_ids
from loopback_groupdm import GroupDM, SentInteraction, UserAppDiscord

pytestmark = [pytest.mark.enable_socket, pytest.mark.allow_hosts(["127.0.0.1"])]

EPHEMERAL, COMPONENTS_V2 = 1 << 6, 1 << 15
LOBBY = [
    {"type": 1, "components": [{"type": 2, "style": 1, "label": "Join", "custom_id": "lb:join"}]}
]
COMMANDS = [
    {"name": "lobby", "description": "Open", "integration_types": [0, 1], "contexts": [0, 1, 2]},
    {"name": "admin", "description": "Guild", "integration_types": [0], "contexts": [0]},
]


class Api:
    """The app's REST calls, as plain HTTP: (status, JSON body or None)."""

    def __init__(self, session: aiohttp.ClientSession, port: int) -> None:
        self.session, self.base = session, f"http://127.0.0.1:{port}/api/v10"

    async def call(self, method: str, path: str, body: Any = None, **query: str) -> tuple[int, Any]:
        headers = {"Authorization": "Bot loopback-token"}
        url = self.base + path
        async with self.session.request(method, url, json=body, params=query, headers=headers) as r:
            data = await r.json() if r.content_type == "application/json" else None
            return r.status, data

    async def answer(self, sent: SentInteraction, kind: int, **data: Any) -> tuple[int, Any]:
        body = {"type": kind, **({"data": data} if data else {})}
        path = f"/interactions/{sent.id}/{sent.token}/callback"
        return await self.call("POST", path, body, with_response="true")

    async def webhook(
        self, method: str, sent: SentInteraction, message: str | None = None, **body: Any
    ) -> tuple[int, Any]:
        tail = f"/messages/{message}" if message else ""
        return await self.call(method, f"/webhooks/{APP_ID}/{sent.token}{tail}", body or None)


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[UserAppDiscord]:
    fake = UserAppDiscord()
    await fake.start()
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{fake.port}/api/v10")
    yield fake
    await fake.stop()


@pytest.fixture
async def api(fake: UserAppDiscord) -> AsyncIterator[Api]:
    async with aiohttp.ClientSession() as session:
        api = Api(session, fake.port)
        assert (await api.call("PUT", f"/applications/{APP_ID}/commands", COMMANDS))[0] == 200
        yield api


@pytest.fixture
def dm(fake: UserAppDiscord) -> GroupDM:
    return fake.group_dm("anna", "ben", "cleo")


async def open_lobby(api: Api, dm: GroupDM) -> dict[str, Any]:
    """anna's /lobby, answered with a public message carrying a Join button."""
    status, answer = await api.answer(
        await dm.slash("anna", "lobby"), 4, content="lobby", components=LOBBY
    )
    assert status == 200, answer
    return dict(answer["resource"]["message"])


async def test_a_group_dm_interaction_is_a_user_install_in_a_private_channel(
    api: Api, dm: GroupDM
) -> None:
    sent = await dm.slash("anna", "lobby", "new", options={"target": 500, "fast": True})
    payload = sent.payload
    assert (payload["context"], payload["authorizing_integration_owners"]) == (
        2,
        {"1": dm.user("anna")["id"]},
    )
    assert "guild_id" not in payload and "member" not in payload
    assert payload["user"] == dm.user("anna")
    assert payload["channel"]["type"] == 3
    assert [u["username"] for u in payload["channel"]["recipients"]] == ["anna", "ben", "cleo"]
    documented = discord.Permissions(attach_files=True, embed_links=True, mention_everyone=True)
    assert int(payload["app_permissions"]) == documented.value
    assert payload["data"]["options"] == [
        {"name": "new", "type": 1, "options": [
            {"name": "target", "type": 4, "value": 500}, {"name": "fast", "type": 5, "value": True}
        ]}
    ]  # fmt: skip


async def test_each_click_is_a_fresh_interaction_on_the_message_it_is_on(
    api: Api, dm: GroupDM
) -> None:
    lobby = await open_lobby(api, dm)
    ben = await dm.click("ben", lobby["id"], "lb:join")
    cleo = await dm.click("cleo", lobby["id"], "lb:join")
    assert ben.id != cleo.id and ben.token != cleo.token
    assert ben.payload["message"]["components"] == LOBBY
    assert ben.payload["message"]["flags"] == 0
    assert (ben.user, cleo.user) == (dm.user("ben"), dm.user("cleo"))
    # The install that made the message authorizes the click, not the clicker.
    assert ben.payload["authorizing_integration_owners"] == {"1": dm.user("anna")["id"]}


async def test_a_choice_in_a_select_is_checked_against_its_menu(api: Api, dm: GroupDM) -> None:
    menu = {"type": 3, "custom_id": "lb:sort", "max_values": 2, "options": [
        {"label": "Suit", "value": "suit"}, {"label": "Rank", "value": "rank"}
    ]}  # fmt: skip
    sent = await dm.slash("anna", "lobby")
    _, answer = await api.answer(sent, 4, components=[{"type": 1, "components": [menu]}])
    message = answer["resource"]["message"]
    chosen = await dm.select("cleo", message["id"], "lb:sort", ["rank", "suit"])
    assert chosen.payload["data"] == {
        "custom_id": "lb:sort", "component_type": 3, "values": ["rank", "suit"]
    }  # fmt: skip
    with pytest.raises(ValueError):
        await dm.select("cleo", message["id"], "lb:sort", ["colour"])
    with pytest.raises(ValueError):
        await dm.select("cleo", message["id"], "lb:sort", [])


async def test_only_commands_offered_to_a_user_install_in_a_group_dm_can_be_run(
    api: Api, fake: UserAppDiscord, dm: GroupDM
) -> None:
    status, listed = await api.call("GET", f"/applications/{APP_ID}/commands")
    assert status == 200
    assert [(c["name"], c["integration_types"], c["contexts"]) for c in listed] == [
        ("lobby", [0, 1], [0, 1, 2]),
        ("admin", [0], [0]),
    ]
    assert fake.commands == listed
    with pytest.raises(PermissionError, match="integration_types"):
        await dm.slash("anna", "admin")
    with pytest.raises(PermissionError, match="ben has not installed"):
        await dm.slash("ben", "lobby")
    with pytest.raises(LookupError):
        await dm.slash("anna", "missing")


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/messages"),
        ("GET", "/messages"),
        ("PATCH", "/messages/930000000000000099"),
        ("DELETE", "/messages/930000000000000099"),
        ("POST", "/threads"),
        ("POST", "/messages/930000000000000099/threads"),
    ],
)
async def test_a_bot_token_call_into_the_group_dm_is_missing_access(
    api: Api, fake: UserAppDiscord, dm: GroupDM, method: str, path: str
) -> None:
    status, error = await api.call(method, f"/channels/{dm.id}{path}", {"content": "hi"})
    assert (status, error) == (403, {"code": 50001, "message": "Missing Access"})
    assert [(v.kind, v.method, v.path) for v in fake.violations] == [
        ("missing_access", method, f"/channels/{dm.id}{path}")
    ]


async def test_discord_py_sending_into_the_group_dm_gets_forbidden(
    fake: UserAppDiscord, dm: GroupDM
) -> None:
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    await http.static_login("loopback-token")
    try:
        with pytest.raises(discord.Forbidden) as refused:
            await http.send_message(dm.id, params=discord.http.handle_message_parameters("hi"))
    finally:
        await http.close()
    assert refused.value.code == 50001
    assert [v.kind for v in fake.violations] == ["missing_access"]


async def test_the_sixth_followup_is_refused(api: Api, fake: UserAppDiscord, dm: GroupDM) -> None:
    sent = await dm.slash("anna", "lobby")
    assert (await api.answer(sent, 5))[0] == 200
    assert (await api.webhook("PATCH", sent, "@original", content="lobby"))[0] == 200
    async with aiohttp.ClientSession() as session:
        webhook = discord.Webhook.partial(int(APP_ID), sent.token, session=session)
        sent_ids = [(await webhook.send(f"note {n}", wait=True)).id for n in range(5)]
        with pytest.raises(discord.HTTPException) as refused:
            await webhook.send("one too many", wait=True)
    assert (refused.value.status, refused.value.code) == (400, 40094)
    assert sent.followups == [str(i) for i in sent_ids]
    assert [(v.kind, v.interaction_id) for v in fake.violations] == [("followup_limit", sent.id)]
    assert [m["content"] for m in dm.public()] == ["lobby", *(f"note {n}" for n in range(5))]


async def test_a_token_expires_15_minutes_after_its_interaction(
    api: Api, fake: UserAppDiscord, dm: GroupDM
) -> None:
    sent = await dm.slash("anna", "lobby")
    assert (await api.answer(sent, 4, content="lobby"))[0] == 200
    fake.advance(minutes=14, seconds=59)
    assert (await api.webhook("GET", sent, "@original"))[0] == 200
    assert fake.violations == []
    fake.advance(seconds=1)
    status, error = await api.webhook("PATCH", sent, "@original", content="late")
    assert (status, error["code"]) == (401, 50027)
    assert (await api.webhook("POST", sent, content="late"))[0] == 401
    assert [v.kind for v in fake.violations] == ["expired_token", "expired_token"]
    assert dm.public()[0]["content"] == "lobby"


async def test_original_of_an_update_is_the_clicked_message(
    api: Api, fake: UserAppDiscord, dm: GroupDM
) -> None:
    lobby = await open_lobby(api, dm)
    ben = await dm.click("ben", lobby["id"], "lb:join")
    status, answer = await api.answer(ben, 7, content="ben joined")
    assert (status, answer["resource"]["message"]["id"]) == (200, lobby["id"])
    status, original = await api.webhook("GET", ben, "@original")
    assert (status, original["id"], original["content"]) == (200, lobby["id"], "ben joined")
    assert original["components"] == LOBBY  # an edit changes only what it sends
    assert ben.payload["message"]["content"] == "lobby"  # the click carried it as it was
    cleo = await dm.click("cleo", lobby["id"], "lb:join")
    assert (await api.answer(cleo, 6))[0] == 200
    assert (await api.webhook("PATCH", cleo, "@original", content="cleo joined"))[0] == 200
    assert [(m["id"], m["content"]) for m in dm.public()] == [(lobby["id"], "cleo joined")]
    assert fake.violations == []


async def test_an_ephemeral_message_is_seen_only_by_its_user(
    api: Api, fake: UserAppDiscord, dm: GroupDM
) -> None:
    sent = await dm.slash("anna", "lobby")
    hand = [
        {"type": 1, "components": [{"type": 2, "style": 2, "label": "7♠", "custom_id": "lb:tap"}]}
    ]
    status, answer = await api.answer(
        sent, 4, content="your hand", components=hand, flags=EPHEMERAL
    )
    assert (status, answer["interaction"]["response_message_ephemeral"]) == (200, True)
    message = answer["resource"]["message"]
    assert dm.ephemerals("anna") == [message]
    assert dm.latest("lb:", seen_by="anna") == message
    assert (dm.seen_by("ben"), dm.ephemerals("ben"), dm.latest_public("lb:")) == ([], [], None)
    with pytest.raises(LookupError):
        await dm.click("ben", message["id"], "lb:tap")
    tap = await dm.click("anna", message["id"], "lb:tap")
    assert tap.payload["message"]["flags"] & EPHEMERAL
    assert fake.violations == []


async def test_a_late_callback_is_refused_and_its_token_never_lives(
    api: Api, fake: UserAppDiscord, dm: GroupDM
) -> None:
    in_time, late = await dm.slash("anna", "lobby"), await dm.slash("anna", "lobby")
    fake.advance(seconds=2.5)
    assert (await api.answer(in_time, 4, content="lobby"))[0] == 200
    fake.advance(seconds=0.5)
    status, error = await api.answer(late, 4, content="lobby")
    assert (status, error["code"]) == (404, 10062)
    assert (await api.webhook("POST", late, content="after all"))[0] == 404
    assert (in_time.answered_after, late.answered_after, late.answer_type) == (2.5, None, None)
    assert [v.kind for v in fake.violations] == ["late_callback", "unacknowledged"]
    assert [m["content"] for m in dm.public()] == ["lobby"]


async def test_an_interaction_is_acknowledged_once(
    api: Api, fake: UserAppDiscord, dm: GroupDM
) -> None:
    sent = await dm.slash("anna", "lobby")
    assert (await api.answer(sent, 5))[0] == 200
    status, error = await api.answer(sent, 4, content="again")
    assert (status, error["code"]) == (400, 40060)
    assert ([v.kind for v in fake.violations], sent.callbacks, sent.answer_type) == (
        ["already_acknowledged"], 2, 5
    )  # fmt: skip


async def test_a_token_reaches_only_the_messages_it_made(
    api: Api, fake: UserAppDiscord, dm: GroupDM
) -> None:
    lobby = await open_lobby(api, dm)
    ben = await dm.click("ben", lobby["id"], "lb:join")
    status, answer = await api.answer(ben, 4, content="welcome")
    assert status == 200
    assert (await api.webhook("PATCH", ben, lobby["id"], content="taken over"))[0] == 404
    reply = answer["resource"]["message"]["id"]
    assert (await api.webhook("DELETE", ben, reply))[0] == 204
    assert [v.kind for v in fake.violations] == ["unknown_message"]
    assert [m["content"] for m in dm.public()] == ["lobby"]


async def test_a_deferred_answer_loads_until_its_original_is_edited(
    api: Api, fake: UserAppDiscord, dm: GroupDM
) -> None:
    sent = await dm.slash("anna", "lobby")
    status, answer = await api.answer(sent, 5, flags=EPHEMERAL)
    assert (status, answer["interaction"]["response_message_loading"]) == (200, True)
    (loading,) = dm.ephemerals("anna")
    assert loading["flags"] & (1 << 7)
    edit = {"content": "hand", "components": LOBBY, "flags": COMPONENTS_V2}
    status, edited = await api.webhook("PATCH", sent, "@original", **edit)
    assert (status, edited["flags"]) == (200, EPHEMERAL | COMPONENTS_V2)  # no longer loading
    assert dm.ephemerals("anna") == [edited] and dm.public() == []
    assert custom_ids(edited) == ["lb:join"]


async def test_a_multipart_answer_carries_its_files(api: Api, dm: GroupDM) -> None:
    sent = await dm.slash("anna", "lobby")
    form = aiohttp.FormData()
    payload = {
        "type": 4,
        "data": {"content": "table", "attachments": [{"id": 0, "filename": "t.png"}]},
    }
    form.add_field("payload_json", json.dumps(payload), content_type="application/json")
    form.add_field("files[0]", b"\x89PNG", filename="t.png", content_type="image/png")
    url = f"{api.base}/interactions/{sent.id}/{sent.token}/callback?with_response=1"
    async with api.session.post(url, data=form) as response:
        assert response.status == 200
    assert [a["filename"] for a in dm.public()[0]["attachments"]] == ["t.png"]


async def test_the_guild_mode_is_as_before(api: Api, fake: UserAppDiscord) -> None:
    status, message = await api.call("POST", f"/channels/{CHANNEL_ID}/messages", {"content": "hi"})
    assert (status, message["content"]) == (200, "hi")
    assert fake.violations == []


async def test_the_real_client_plays_by_the_rules_in_a_group_dm(
    fake: UserAppDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    gateway = yarl.URL(f"ws://127.0.0.1:{fake.port}/gateway")
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", gateway)
    client = discord.Client(intents=discord.Intents.none())
    tree = discord.app_commands.CommandTree(client)
    seen: list[discord.Interaction] = []

    class Lobby(discord.ui.View):
        @discord.ui.button(label="Join", custom_id="lb:join")
        async def join(self, interaction: discord.Interaction, _: discord.ui.Button[Lobby]) -> None:
            seen.append(interaction)
            await interaction.response.edit_message(content=f"{interaction.user.name} joined")
            await interaction.followup.send("welcome", ephemeral=True)

    @tree.command(name="lobby", description="Open a lobby")
    @discord.app_commands.allowed_installs(guilds=False, users=True)
    @discord.app_commands.allowed_contexts(guilds=False, dms=True, private_channels=True)
    async def lobby(interaction: discord.Interaction) -> None:
        seen.append(interaction)
        await interaction.response.send_message("lobby", view=Lobby(timeout=None))

    async def sync() -> None:
        await tree.sync()

    client.setup_hook = sync  # type: ignore[method-assign]
    runner = asyncio.create_task(client.start("loopback-token"))
    try:
        await asyncio.wait_for(client.wait_until_ready(), 10)
        assert [(c["integration_types"], c["contexts"]) for c in fake.commands] == [([1], [1, 2])]
        dm = fake.group_dm("anna", "ben")
        await fake.answered(await dm.slash("anna", "lobby"))
        table = await fake.wait_for(lambda: dm.latest_public("lb:"))
        click = await dm.click("ben", table["id"], "lb:join")
        welcome = await fake.wait_for(lambda: dm.ephemerals("ben"))
        with pytest.raises(discord.Forbidden):
            await seen[0].channel.send("a bot message")  # type: ignore[union-attr]
    finally:
        await client.close()
        runner.cancel()
        await asyncio.gather(runner, return_exceptions=True)
    assert [m["content"] for m in dm.public()] == ["ben joined"]
    assert [m["content"] for m in welcome] == ["welcome"]
    assert (click.answer_type, click.answered_after, len(click.followups)) == (7, 0.0, 1)
    assert [v.kind for v in fake.violations] == ["missing_access"]
    assert [type(i.channel) for i in seen] == [discord.GroupChannel, discord.GroupChannel]
    assert [(i.guild, i.context.private_channel) for i in seen] == [(None, True), (None, True)]
    # discord.py's is_user_integration() compares the user with the authorizing one: true for
    # anna's command, false for ben's click on the message her install made.
    assert [i.is_user_integration() for i in seen] == [True, False]
    assert [type(i.user) for i in seen] == [discord.User, discord.User]
