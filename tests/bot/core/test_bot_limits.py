"""Limits a server admin expects (issue 25): a member's burst of clicks and autocomplete is
cut short without slowing anyone else; open lobbies and computer tables are capped."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_harness import Table, custom_id_of, make_settings
from simcord import Env

from bot.core.ratelimit import RateLimiter, Verdict
from bot.games import all_presenters
from bot.settings import Settings

PRESENTERS = all_presenters()


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(
        tmp_path,
        clicks_per_second=0.01,  # practically no refill during the test
        click_burst=5,
        lobbies_per_member=1,
        lobbies_per_server=2,
        computer_tables_per_member=1,
        computer_tables_per_server=1,
    )


def test_a_bucket_allows_its_burst_then_refills_at_its_rate() -> None:
    now = [100.0]
    limiter = RateLimiter(per_second=2.0, burst=3, clock=lambda: now[0])
    assert [limiter.allow(1) for _ in range(4)] == [True, True, True, False]
    assert limiter.allow(2)  # another member has their own bucket
    now[0] += 0.5  # one token back
    assert limiter.allow(1) and not limiter.allow(1)
    now[0] += 60  # never more than the burst
    assert [limiter.allow(1) for _ in range(4)] == [True, True, True, False]
    assert all(RateLimiter(0.0, 1).allow(1) for _ in range(50))  # 0: no limit


def test_a_burst_is_told_once_then_left_unanswered_until_a_token_is_back() -> None:
    now = [100.0]
    limiter = RateLimiter(per_second=1.0, burst=1, clock=lambda: now[0])
    verdicts = [limiter.check(1) for _ in range(4)]
    assert verdicts == [Verdict.GO, Verdict.REFUSE, Verdict.IGNORE, Verdict.IGNORE]
    now[0] += 1.0  # a token back: the next refusal after it is told again
    assert [limiter.check(1) for _ in range(3)] == [Verdict.GO, Verdict.REFUSE, Verdict.IGNORE]


async def test_a_members_burst_is_refused_while_others_still_play(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    anna, ben = (guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben"))
    table = Table(simcord_env, channel, [anna, ben])
    lobby = await table.open(extra_join=False)  # anna's slash command is not a click
    answers = []
    for _ in range(8):
        clicked = await anna.click(lobby, label="Join")
        answer = clicked.response
        assert answer is None or answer.ephemeral
        answers.append(answer.content if answer is not None else None)
    assert sum("already have a seat" in (a or "") for a in answers) == 5  # the burst: handled
    assert sum("faster than the table" in (a or "") for a in answers) == 1  # told once
    assert answers[6:] == [None, None]  # the rest of the flood costs no answer
    joined = await ben.click(lobby, label="Join")  # ben is not slowed down or refused
    assert joined.response is not None and not joined.response.ephemeral
    assert [s.user_id for s in table.live.seats] == [anna.id, ben.id]


async def test_an_autocomplete_burst_never_reaches_the_database(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    anna, ben = (guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben"))
    storage = simcord_env.bot.service.storage
    asked: list[int] = []
    real = storage.recent_sessions

    async def counting(guild_id: int, **kwargs: object) -> object:
        asked.append(guild_id)
        return await real(guild_id, **kwargs)

    monkeypatch.setattr(storage, "recent_sessions", counting)
    for _ in range(9):
        assert await anna.autocomplete(channel, "treppe replay", "session", "") == []
    assert len(asked) == 5  # the burst; the other four were answered without a look
    await ben.autocomplete(channel, "treppe replay", "session", "")
    assert len(asked) == 6


async def test_open_lobbies_are_capped_per_member_and_per_server(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channels = [guild.create_text_channel(f"t{i}") for i in range(4)]
    anna, ben, cleo = (
        guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben", "cleo")
    )
    assert (await anna.slash(channels[0], "treppe new treppenromme")).response is not None
    second = await anna.slash(channels[1], "treppe new treppenromme")
    assert second.response is not None and second.response.ephemeral
    assert "open tables waiting" in second.response.content
    assert simcord_env.bot.service.in_channel(channels[1].id) is None
    await ben.slash(channels[1], "treppe new treppenromme")
    third = await cleo.slash(channels[2], "treppe new treppenromme")
    assert third.response is not None and "too many open tables" in third.response.content
    assert simcord_env.bot.service.in_channel(channels[2].id) is None


async def test_tables_with_computers_are_capped(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    first, second = guild.create_text_channel("a"), guild.create_text_channel("b")
    anna, ben = (guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben"))
    for member, channel in ((anna, first), (ben, second)):
        lobby = (await member.slash(channel, "treppe new treppenromme")).response
        assert lobby is not None
        strength = PRESENTERS[0].spec.strengths[0]
        await member.select(
            lobby.message, [f"add:{strength}"], custom_id=custom_id_of(lobby.message, "lobby_cpu")
        )
    await anna.click(next(iter(first.history())), label="Start")
    assert simcord_env.bot.service.in_channel(first.id).status == "playing"
    refused = await ben.click(next(iter(second.history())), label="Start")
    assert refused.response is not None and refused.response.ephemeral
    assert "too many tables with computer players" in refused.response.content
    assert simcord_env.bot.service.in_channel(second.id).status == "lobby"
