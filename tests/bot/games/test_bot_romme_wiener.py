"""Rommé and Wiener Rummy through SimCord: the lobby's game choice, whole games played by
clicking the private hand's controls, typed moves, refusals and a restart mid-game."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from bot_harness import (
    Table,
    custom_id_of,
    description,
    has_control,
    offline_live,
    text_fields,
    walk,
)
from simcord import Env, InteractionResult, MemberActor

from bot.app import create_bot
from bot.core.handstate import HandState
from bot.core.model import LiveTable
from bot.games import presenter
from bot.games.wiener.presenter import best_close
from bot.hand import taps
from bot.hand.ui import hand_context
from bot.settings import Settings
from bot.stats import leaderboard
from engine import Discard, DrawTalon, LayOff, Meld, meld_points, parse_cards
from engine.actions import BuyBack, CallRummy, JokerSwap, Knock, TakeBack, TakeDiscard
from engine.games.romme.game import RommeGame, RommeRuleset
from engine.games.wiener.game import WienerGame, WienerRuleset
from engine.protocol import Phase
from engine.registry import get_spec, load_game


class MeldingTable(Table):
    def __init__(self, env: Env, channel: Any, members: list[MemberActor], key: str) -> None:
        super().__init__(env, channel, members)
        self.key = key
        self.players = {s: get_spec(key).make_player("normal", 11 + s) for s in range(6)}
        if key == "wiener":
            # A strong player against a careless one: a short rubber (game seed 7) that still
            # has a knock and a Rummy call in it.
            self.players[0] = get_spec(key).make_player("hard", 5)
            self.players[1] = get_spec(key).make_player("random", 6)
        self.typed = 0
        self.knocks_seen = 0

    @property
    def played(self) -> Any:  # RommeGame | WienerGame
        game = self.live.game
        assert isinstance(game, RommeGame | WienerGame)
        return game

    async def every_action(self) -> list[Any]:
        """The whole session's actions, from the database (the live game keeps only the
        current round's)."""
        log = await self.service.storage.game_log(self.live.id)
        assert log is not None
        return list(load_game(log).actions)

    def choose_by_strength(self) -> Any:
        game = self.played
        seat = game.to_act
        return self.players[seat].choose(game.private_view(seat), game.legal_actions())

    async def type_move(self, member: MemberActor, values: dict[str, str]) -> InteractionResult:
        hand = await self.hand_of(member)
        if not has_control(hand, "h_type"):
            await member.click(hand, custom_id=custom_id_of(hand, "h_refresh"))
        shown = await member.click(hand, custom_id=custom_id_of(hand, "h_type"))
        assert shown.modal is not None
        self.typed += 1
        return await member.submit_modal(shown, values)

    async def perform_as_member(self, action: Any) -> InteractionResult:
        """Play a move as a member does: by tapping its cards and its offered button (a knock
        the hand does not suggest, and a joker swap, typed in the form)."""
        member = self.member_for_seat(action.seat)
        if isinstance(action, Knock | CallRummy):
            seat = self.live.seat_of(member.id)
            assert seat is not None
            ctx = hand_context(self.live, seat, HandState())
            if best_close(ctx, type(action)) == action:
                result = await self.play_offered(member, action)
            else:
                verb = "knock" if isinstance(action, Knock) else "rummy"
                result = await self.type_move(member, {"discard": f"{verb} {action.card}"})
            if self.played.own.knocker is not None:  # the knocker's hand is on the table now
                assert "**Laid down:** " in description(self.table_message())
                self.knocks_seen += 1
            return result
        if isinstance(action, JokerSwap):
            rest = " ".join(str(c) for c in action.cards)
            text = f"swap {action.card} on {action.meld_id + 1} with {rest}"
            return await self.type_move(member, {"swap": text})
        return await self.play_offered(member, action)

    def legal(self, kind: type, cards: str = "") -> Any:
        """The legal move of this kind (with exactly these cards, if given) for the seat to
        act: the engine's own action, so its cards are in the engine's order."""
        wanted = sorted(c.code for c in parse_cards(cards)) if cards else None
        for action in self.played.legal_actions():
            if not isinstance(action, kind):
                continue
            if wanted is None or sorted(c.code for c in taps.cards_used(action)) == wanted:
                return action
        raise AssertionError(f"no legal {kind.__name__} {cards}")

    async def play_by_hand(self, moves: int | None = None) -> int:
        made = 0
        while self.played.phase is not Phase.OVER and (moves is None or made < moves):
            before = self.played.public_view().version
            action = self.choose_by_strength()
            await self.perform_as_member(action)
            assert self.played.public_view().version > before, f"{action} was not applied"
            made += 1
        return made


def setup_table(env: Env, key: str, names: tuple[str, ...] = ("anna", "ben")) -> MeldingTable:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(name)) for name in names]
    return MeldingTable(env, channel, members, key)


def live_of(table: Table) -> LiveTable:
    return table.live


async def test_a_whole_wiener_rummy_rubber(simcord_env: Env) -> None:
    table = setup_table(simcord_env, "wiener")
    lobby = await table.open(game="wiener")
    assert "Wiener Rummy — new table" in description(lobby)
    await table.start(lobby)
    assert isinstance(table.live.game, WienerGame)
    assert "Wiener Rummy — round 1" in description(table.table_message())
    moves = await table.play_by_hand()
    game = table.played
    assert game.phase is Phase.OVER and game.winner is not None
    assert moves > 10
    kinds = {type(a) for a in await table.every_action()}
    assert {Knock, CallRummy} <= kinds
    assert table.knocks_seen >= 1
    final = table.table_message()
    assert "wins" in description(final)
    row = await table.service.storage.game(table.live.id)
    assert row is not None and row.status == "finished"
    board = await table.service.storage.leaderboard(table.live.guild_id, "wiener")
    assert {r.user_id for r in board} == {m.id for m in table.members}
    assert sum(r.wins for r in board) == 1
    assert not await table.service.storage.leaderboard(table.live.guild_id, "treppenromme")
    anna = table.members[0]
    shown = await anna.slash(table.channel, "treppe leaderboard", game="wiener", by="wins")
    assert shown.response is not None
    assert "Wiener Rummy" in description(shown.response)
    assert "chips" in description(shown.response)
    # Asked with no game, the board is the first game that has one here: Wiener Rummy's.
    plain = await anna.slash(table.channel, "treppe leaderboard", by="wins")
    assert plain.response is not None
    assert description(plain.response) == description(shown.response)
    stats = await anna.slash(table.channel, "treppe stats", game="wiener")
    assert stats.response is not None and stats.response.ephemeral
    fields = " ".join(text_fields(stats.response).values())
    assert "1 played" in fields
    # A rematch plays the same game again.
    first_id = table.live.id
    result = await table.members[1].click(table.table_message(), label="Rematch")
    assert result.response is not None
    await table.members[0].click(result.response.message, label="Join")
    await table.members[1].click(result.response.message, label="Start")
    table._live = None
    assert table.live.id != first_id and isinstance(table.live.game, WienerGame)
    table.hands.clear()
    await table.play_by_hand(moves=4)


async def test_romme_opening_turns_and_a_restart(simcord_env: Env, settings: Settings) -> None:
    table = setup_table(simcord_env, "romme")
    lobby = await table.open(game="romme")
    assert "2 to 6" in description(lobby)
    await table.start(lobby)
    assert isinstance(table.live.game, RommeGame)
    text = description(table.table_message())
    name = table.live.names[table.played.to_act]
    assert f"\n▶ **{name}** draws" in text  # who acts and what to do
    assert "minus" in text and "Stock" in text
    # Play until somebody is out with a first meld, then a few turns more.
    made = 0
    while not any(s.opened for s in table.played.public_view().seats) and made < 400:
        made += await table.play_by_hand(moves=1)
    assert any(s.opened for s in table.played.public_view().seats)
    await table.play_by_hand(moves=8)

    before = table.played.to_json()
    game_id = table.live.id
    await simcord_env.restart_bot(create_bot(settings))
    live = simcord_env.bot.service.games[game_id]
    assert isinstance(live.game, RommeGame) and live.game.to_json() == before
    assert "restarted" in description(table.table_message())
    table._live = None
    table.hands.clear()
    await table.play_by_hand(moves=10)
    assert table.played.public_view().version >= len(live.game.actions)


async def test_melding_refusals_change_nothing(simcord_env: Env) -> None:
    romme = setup_table(simcord_env, "romme")
    await romme.start(await romme.open(game="romme"))
    seat = romme.played.to_act
    member = romme.member_for_seat(seat)
    await romme.play_offered(member, DrawTalon(seat))
    before = romme.played.to_json()
    hand = list(romme.played.private_view(seat).hand)
    # Two cards are no meld: the engine says why, privately, and nothing changes.
    result = await romme.type_move(member, {"meld": f"{hand[0]} {hand[1]}"})
    assert result.response is not None and result.response.ephemeral
    assert "⚠️" in description(result.response)
    assert romme.played.to_json() == before
    # No melds on the table yet, so there is no joker to swap.
    result = await romme.type_move(member, {"swap": f"swap {hand[0]} on 1 with {hand[1]}"})
    assert "⚠️" in description(result.response)
    assert romme.played.to_json() == before
    # Discarding before the first meld reaches 40 is fine, but not the card just locked...
    # ...and typing nonsense is refused too.
    result = await romme.type_move(member, {"discard": f"{hand[0]} {hand[1]}"})
    assert "exactly one card" in description(result.response)
    assert romme.played.to_json() == before

    wiener = setup_table(simcord_env, "wiener", ("cleo", "dan"))
    await wiener.start(await wiener.open(game="wiener"))
    seat = wiener.played.to_act
    member = wiener.member_for_seat(seat)
    await wiener.open_hand(member)
    assert DrawTalon(seat) in wiener.offer_ids(member).values()
    await wiener.play_offered(member, DrawTalon(seat))
    before = wiener.played.to_json()
    legal = wiener.played.legal_actions()
    card = next(c for c in wiener.played.private_view(seat).hand if Knock(seat, c) not in legal)
    result = await wiener.type_move(member, {"discard": f"knock {card}"})
    assert "You may knock only" in description(result.response)
    assert wiener.played.to_json() == before
    card = next(c for c in wiener.played.private_view(seat).hand if CallRummy(seat, c) not in legal)
    result = await wiener.type_move(member, {"discard": f"rummy {card}"})
    assert "Rummy needs every other card in melds" in description(result.response)
    assert wiener.played.to_json() == before
    # Melding is not part of Wiener Rummy: the slash command gets the engine's answer.
    cards = " ".join(str(c) for c in wiener.played.private_view(seat).hand[:3])
    result = await member.slash(wiener.channel, "treppe meld", cards=cards)
    assert result.response is not None and result.response.ephemeral
    assert "Nothing is melded during play" in str(result.response.content) + description(
        result.response
    )
    assert wiener.played.to_json() == before
    # The other player may not move out of turn.
    other = wiener.members[1] if member is wiener.members[0] else wiener.members[0]
    other_hand = await wiener.open_hand(other)
    assert not wiener.offer_ids(other) and not has_control(other_hand, "h_hint")
    assert wiener.played.to_json() == before
    # The scores button and ending the game speak Wiener Rummy.
    scores = await other.click(wiener.table_message(), label="Scores")
    assert scores.response is not None and scores.response.ephemeral
    assert "bad points" in description(scores.response)
    await wiener.members[0].slash(wiener.channel, "treppe end")
    assert "Wiener Rummy — game ended" in description(wiener.table_message())
    row = await wiener.service.storage.game(wiener.live.id)
    assert row is not None and row.status == "abandoned"


def _played_live(key: str) -> LiveTable:
    """A Rommé or Wiener Rummy game played by computer players to the end of its first round."""

    from engine.games.romme.game import RommeRuleset
    from engine.games.wiener.game import WienerRuleset

    rules = RommeRuleset() if key == "romme" else WienerRuleset()
    game = rules.new_game(["anna", "ben"], 7)
    players = [get_spec(key).make_player("normal", s) for s in range(2)]
    while not game.results:
        game.apply(
            players[game.to_act].choose(game.private_view(game.to_act), game.legal_actions())
        )
    return offline_live(game, key, game.results[-1])


def payload_components(payload: Any) -> list[dict[str, Any]]:
    return list(walk(payload.view.to_components()))


def payload_words(payload: Any) -> str:
    return "\n".join(str(c["content"]) for c in payload_components(payload) if c["type"] == 10)


def payload_labels(payload: Any, operation: str) -> list[str]:
    return [
        str(c["label"])
        for c in payload_components(payload)
        if f":{operation}:" in str(c.get("custom_id", ""))
    ]


async def test_melding_pictures_and_result_text() -> None:
    from bot.core.tablemsg import table_payload
    from bot.hand.ui import hand_payload

    for key in ("romme", "wiener"):
        live = _played_live(key)
        payload = await table_payload(live, with_images=True)
        assert [f.filename for f in payload.files] == ["table.png", "round.png"]
        shown = presenter(key)
        assert live.round_result is not None
        headline = shown.round_headline(live.round_result, live.shown_names)
        assert payload_words(payload).count(headline) == 1  # the result says it, the log not
        hand = hand_payload(live, live.seats[0], HandState())
        assert not hand.files  # the hand's cards are buttons, not a picture
        cards = live.game.private_view(0).hand  # type: ignore[union-attr]
        assert sorted(payload_labels(hand, "t_tap")) == sorted(str(c) for c in cards)


async def test_romme_pending_first_meld_is_taken_back(simcord_env: Env) -> None:
    from engine import parse_cards
    from engine.cards import Pack
    from engine.deal import Deal
    from engine.games.romme.game import RommeRuleset

    table = setup_table(simcord_env, "romme")
    await table.start(await table.open(game="romme"))
    mine = parse_cards("2♥ 3♥ 4♥ 9♠ 9♦ K♣ Q♦ 8♠ 6♣ 5♦ J♠ 10♣ 7♥")
    theirs = parse_cards("2♣ 3♣ 4♣ 9♥ 9♣ K♦ Q♠ 8♦ 6♦ 5♠ J♥ 10♦ 7♠")
    upcard = parse_cards("A♠")
    rest = Pack(2, 6).cards()
    for card in [*mine, *theirs, *upcard]:
        rest.remove(card)
    deal = Deal(0, (tuple(mine), tuple(theirs)), tuple(upcard), tuple(rest))
    live = table.live
    async with live.lock:
        live.game = RommeRuleset().new_game(live.names, 7, deal)
    member = table.member_for_seat(0)
    await table.play_offered(member, DrawTalon(0))
    await table.play_offered(member, table.legal(Meld, "2♥ 3♥ 4♥"))
    assert len(table.played.own.melds) == 1 and table.played.own.pending
    assert "first meld 9/40" in description(table.table_message())
    before = table.played.to_json()
    card = next(c for c in table.played.private_view(0).hand if not c.is_joker)
    result = await table.type_move(member, {"discard": str(card)})
    assert "9 of 40 points" in description(result.response)
    assert table.played.to_json() == before
    await table.play_offered(member, table.legal(TakeBack))
    assert not table.played.own.melds and len(table.played.private_view(0).hand) == 14
    assert "takes an unfinished first meld back" in description(table.hands[member.id])


async def test_romme_joker_swap_typed(simcord_env: Env) -> None:
    from engine import parse_cards
    from engine.cards import Pack
    from engine.deal import Deal
    from engine.games.romme.game import RommeRuleset

    table = setup_table(simcord_env, "romme")
    await table.start(await table.open(game="romme"))
    mine = parse_cards("Q♥ K♥ Jo 9♠ 9♦ 9♣ A♥ 10♠ J♠ 2♣ 4♦ 6♣ 8♦")
    theirs = parse_cards("2♦ 3♣ 5♠ 7♦ 8♣ 10♥ J♦ Q♣ K♠ 4♥ 6♠ 3♦ 5♣")
    upcard = parse_cards("A♠")
    rest = Pack(2, 6).cards()
    for card in [*mine, *theirs, *upcard]:
        rest.remove(card)
    deal = Deal(0, (tuple(mine), tuple(theirs)), tuple(upcard), tuple(rest))
    live = table.live
    async with live.lock:
        live.game = RommeRuleset().new_game(live.names, 7, deal)
    anna, ben = table.member_for_seat(0), table.member_for_seat(1)
    await table.play_offered(anna, DrawTalon(0))
    for meld in ("Q♥ K♥ Jo", "9♠ 9♦ 9♣"):
        await table.play_offered(anna, table.legal(Meld, meld))
    assert table.played.own.opened[0]
    await table.perform_as_member(Discard(0, parse_cards("2♣")[0]))
    await table.perform_as_member(DrawTalon(1))
    await table.perform_as_member(Discard(1, parse_cards("2♦")[0]))
    await table.play_offered(anna, DrawTalon(0))
    result = await table.type_move(anna, {"swap": "swap A♥ on 1 with 10♠ J♠"})
    assert isinstance(table.played.actions[-1], JokerSwap), description(result.response)
    assert [str(c) for c in table.played.own.melds[0].cards] == ["Q♥", "K♥", "A♥"]
    assert "in place of the joker" in description(result.response)
    assert ben is not anna


async def test_melding_timeouts_and_a_computer_seat(simcord_env: Env) -> None:
    table = setup_table(simcord_env, "wiener")
    lobby = await table.open(game="wiener", timer=60)
    await table.members[0].select(lobby, ["add:normal"], custom_id=custom_id_of(lobby, "lobby_cpu"))
    await table.start(lobby)
    assert len(table.live.seats) == 3 and table.live.seats[2].is_computer
    # Play until a member is to act; the computer moves by itself.
    for _ in range(20):
        if not table.live.seats[table.played.to_act].is_computer:
            break
        await simcord_env.advance_time(1)
    sleeper_seat = table.played.to_act
    assert not table.live.seats[sleeper_seat].is_computer
    count = table.played.public_view().seats[sleeper_seat].hand_count
    version = table.played.public_view().version
    await simcord_env.advance_time(61)
    view = table.played.public_view()
    assert view.version >= version + 2 and view.to_act != sleeper_seat
    assert view.seats[sleeper_seat].hand_count == count
    assert table.live.seats[sleeper_seat].timeouts == 1
    assert "time ran out" in description(table.table_message())


async def test_wiener_buy_back_by_button(simcord_env: Env) -> None:
    table = setup_table(simcord_env, "wiener")
    # Game seed 7 with these players: seat 0 falls to 82+ bad points and buys back in.
    table.players[0] = get_spec("wiener").make_player("random", 4)
    table.players[1] = get_spec("wiener").make_player("hard", 5)
    await table.start(await table.open(game="wiener"))
    while table.played.phase is not Phase.BUY_BACK:
        assert table.played.phase is not Phase.OVER
        await table.play_by_hand(moves=1)
    member = table.member_for_seat(table.played.to_act)
    hand = await table.hand_of(member)
    await member.click(hand, custom_id=custom_id_of(hand, "h_refresh"))
    assert "buy back in" in description(hand)
    assert "decides whether to buy back in" in description(table.table_message())
    await table.play_by_hand(moves=1)
    assert table.played.actions[-1] == BuyBack(0, True)
    assert table.played.own.bought_back[0]
    assert "buys back in for 5 chips" in description(table.hands[member.id])


async def test_rules_and_seat_limits_per_game(simcord_env: Env) -> None:
    names = ("a1", "a2", "a3", "a4", "a5", "a6", "a7")
    table = setup_table(simcord_env, "romme", names)
    shown = await table.members[0].slash(table.channel, "treppe rules", game="wiener")
    assert "Wiener Rummy in short" in description(shown.response)
    lobby = await table.open(game="romme")
    assert len(table.live.seats) == 6  # the seventh was refused
    await table.start(lobby)
    assert table.played.n == 6


async def test_migration_3_marks_old_games_treppenromme(tmp_path: Any) -> None:
    import sqlite3

    from bot.storage import SqliteStore, migrations
    from bot.storage.dialect import expand

    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:  # a database from before the other games
        for number, script in enumerate(migrations.MIGRATIONS[:2], start=1):
            db.executescript(f"{expand(script, 'sqlite')}\nPRAGMA user_version = {number};")
        db.execute(
            "INSERT INTO games (guild_id, channel_id, host_id, status, options, created_at) "
            "VALUES (1, 2, 3, 'lobby', '{}', '2026-01-01T00:00:00+00:00')"
        )
    storage = await SqliteStore.open(path)
    assert await storage.schema_version() == len(migrations.MIGRATIONS)
    rows = await storage._db.fetch("SELECT game_key FROM games", {})
    assert [r["game_key"] for r in rows] == ["treppenromme"]
    await storage.close()


async def test_a_whole_romme_session(simcord_env: Env) -> None:
    table = setup_table(simcord_env, "romme")
    # Game seed 7 with these players: melds, lay-offs and a taken-back first meld.
    table.players[0] = get_spec("romme").make_player("hard", 2)
    table.players[1] = get_spec("romme").make_player("random", 3)
    await table.start(await table.open(game="romme"))
    await table.play_by_hand()
    game = table.played
    assert game.phase is Phase.OVER and game.winner is not None
    assert {Meld, LayOff, TakeBack} <= {type(a) for a in await table.every_action()}
    assert "wins" in description(table.table_message())
    board = await leaderboard(table.service.storage, table.live.guild_id, "romme")
    assert board[0].user_id == table.live.seats[game.winner].user_id
    assert [r.points for r in board] == sorted(game.totals)
    rounds = await table.service.storage.round_rows(table.live.id)
    assert len(rounds) == 2 * game.round_number


async def test_lobby_offers_the_romme_table_options(simcord_env: Env) -> None:
    table = setup_table(simcord_env, "romme")
    lobby = await table.open(
        game="romme", dealer_gets_14=True, discard_only_to_meld=True, strict_swap=True
    )
    assert "dealer gets 14" in description(lobby)
    await table.start(lobby)
    rules = table.live.game.ruleset  # type: ignore[union-attr]
    assert isinstance(rules, RommeRuleset)
    assert rules.dealer_gets_14 and rules.discard_only_to_meld and rules.strict_swap
    # The dealer starts with 14 cards and there is no upcard.
    view = table.live.game.public_view()  # type: ignore[union-attr]
    assert max(seat.hand_count for seat in view.seats) == 14


async def test_wiener_buy_back_can_be_switched_off(simcord_env: Env) -> None:
    table = setup_table(simcord_env, "wiener")
    lobby = await table.open(game="wiener", buy_back=False)
    assert "no buy-back" in description(lobby)
    await table.start(lobby)
    rules = table.live.game.ruleset  # type: ignore[union-attr]
    assert isinstance(rules, WienerRuleset) and not rules.buy_back


async def test_take_command_takes_the_discard_top_in_wiener_rummy(simcord_env: Env) -> None:
    table = setup_table(simcord_env, "wiener")
    await table.start(await table.open(game="wiener"))
    game = table.played
    top = game.public_view().discard_top
    actor = next(m for m in table.members if m.id == table.live.seats[game.to_act].user_id)
    await actor.slash(table.channel, "treppe take", position=1)
    assert isinstance(game.actions[-1], TakeDiscard)
    assert top in game.private_view(game.actions[-1].seat).hand


async def test_melding_autocomplete_offers_own_melds_and_the_discard_top(simcord_env: Env) -> None:
    table = setup_table(simcord_env, "romme")
    await table.start(await table.open(game="romme"))
    game = table.played
    member = table.members[0]
    seat = next(s.seat for s in table.live.seats if s.user_id == member.id)
    hand = game.private_view(seat).hand
    melds = await member.autocomplete(table.channel, "treppe meld", "cards", "")
    offered = [parse_cards(c["value"]) for c in melds if c["name"].endswith(")")]
    assert offered, "a 13-card hand from this seed holds melds"
    for cards in offered:
        assert all(cards.count(c) <= hand.count(c) for c in cards)  # only this member's cards
        assert meld_points(cards, game="romme") > 0
    take = await member.autocomplete(table.channel, "treppe take", "position", "")
    assert [c["value"] for c in take] == [1]
    assert str(game.public_view().discard_top) in take[0]["name"]


async def test_melding_layoff_autocomplete_lists_table_melds(simcord_env: Env) -> None:
    table = setup_table(simcord_env, "romme")
    await table.start(await table.open(game="romme"))
    game = table.played
    for _ in range(200):  # play until the member to act could lay off a card
        if any(isinstance(a, LayOff) for a in game.legal_actions()):
            break
        assert await table.play_by_hand(moves=1) == 1, "the game ended before any lay-off"
    assert game.phase is Phase.PLAY
    member = next(m for m in table.members if m.id == table.live.seats[game.to_act].user_id)
    assert game.public_view().melds
    melds = await member.autocomplete(table.channel, "treppe layoff", "meld", "")
    assert [c["value"] for c in melds] == [m.id + 1 for m in game.public_view().melds][:25]
    cards = await member.autocomplete(table.channel, "treppe layoff", "card", "")
    legal = {str(a.card) for a in game.legal_actions() if isinstance(a, LayOff)}
    assert legal and {c["value"] for c in cards} == legal


async def test_layoff_autocomplete_in_a_game_without_table_melds(
    simcord_env: Env, caplog: pytest.LogCaptureFixture
) -> None:
    """Wiener Rummy has no melds on the table: /treppe layoff's autocomplete offers nothing
    (it used to crash on the missing melds) and logs no error."""
    table = setup_table(simcord_env, "wiener")
    await table.start(await table.open(game="wiener"))
    member = table.member_for_seat(table.played.to_act)
    melds = await member.autocomplete(table.channel, "treppe layoff", "meld", "")
    cards = await member.autocomplete(table.channel, "treppe layoff", "card", "")
    assert melds == [] and cards == []
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
