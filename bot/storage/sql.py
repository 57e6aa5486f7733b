"""Every SQL statement of the bot, as plain named constants. Times are ISO-8601 UTC text."""

# ---------------------------------------------------------------- migrations
# Each entry is applied once, in order; ``PRAGMA user_version`` remembers how far we got.
MIGRATIONS: tuple[str, ...] = (
    # 1: games, seats, rounds and per-round scores.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        host_id INTEGER NOT NULL,
        status TEXT NOT NULL,             -- lobby, playing, finished, abandoned, cancelled, expired
        options TEXT NOT NULL,            -- JSON: turn_timer and the game's table options
        state TEXT,                       -- engine Game.to_json(): ruleset, names, seed, actions
        table_message_id INTEGER,
        ping_message_id INTEGER,
        created_at TEXT NOT NULL,
        started_at TEXT,
        finished_at TEXT,
        winner_seat INTEGER
    );
    CREATE UNIQUE INDEX games_one_open_per_channel
        ON games (channel_id) WHERE status IN ('lobby', 'playing');
    CREATE INDEX games_by_guild ON games (guild_id, status, finished_at);
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER,                  -- NULL for computer players
        name TEXT NOT NULL,
        strength TEXT,                    -- computer strength; NULL for people
        away INTEGER NOT NULL DEFAULT 0,
        departed INTEGER NOT NULL DEFAULT 0,
        timeouts INTEGER NOT NULL DEFAULT 0,
        final_score INTEGER,
        won INTEGER,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX seats_by_user ON seats (user_id);
    CREATE TABLE rounds (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        round_number INTEGER NOT NULL,
        went_out INTEGER,                 -- seat; NULL for a dead round (4: closer)
        romme_hand INTEGER NOT NULL,      -- (4: special)
        finished_at TEXT NOT NULL,
        PRIMARY KEY (game_id, round_number)
    );
    CREATE TABLE round_scores (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        round_number INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        meld_points INTEGER NOT NULL,     -- (4: points)
        hand_points INTEGER NOT NULL,     -- bonus for going out, 0 for the others (4: bonus)
        total INTEGER NOT NULL,           -- session total after this round
        PRIMARY KEY (game_id, round_number, seat)
    );
    """,
    # 2: small key/value facts, e.g. the fingerprint of the last synced slash commands.
    """
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    # 3: which game a table plays; tables from before it all played the first game.
    """
    ALTER TABLE games ADD COLUMN variant TEXT NOT NULL DEFAULT 'treppenromme';
    CREATE INDEX games_by_variant ON games (guild_id, variant, status);
    """,
    # 4: words that fit every game. games.game_key: the game's registry key; rounds.closer:
    # who ended the round (went out, knocked or called Rummy); rounds.special: the game's
    # special finish (a Rommé hand, a hand Rommé, a Rummy call); round_scores.points: what
    # the round gave each seat (meld points, minus points or bad points); round_scores.bonus:
    # the closer's bonus from the others' hands.
    """
    ALTER TABLE games RENAME COLUMN variant TO game_key;
    DROP INDEX games_by_variant;
    CREATE INDEX games_by_game_key ON games (guild_id, game_key, status);
    ALTER TABLE rounds RENAME COLUMN went_out TO closer;
    ALTER TABLE rounds RENAME COLUMN romme_hand TO special;
    ALTER TABLE round_scores RENAME COLUMN meld_points TO points;
    ALTER TABLE round_scores RENAME COLUMN hand_points TO bonus;
    """,
    # 5: ratings and history. seats.stood_in: moves were made for this member while away or
    # gone; seats.place: finishing place (1 best, ties share); games.rated: 1 rated, 0 recorded
    # but not rated (NULL: finished before ratings); games.finish_order: the order sessions
    # finished in, which ratings are computed in. ratings: each member's current rating per
    # server and game; rating_history: each member's rating after each rated session.
    """
    ALTER TABLE seats ADD COLUMN stood_in INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN place INTEGER;
    ALTER TABLE games ADD COLUMN rated INTEGER;
    ALTER TABLE games ADD COLUMN finish_order INTEGER;
    CREATE UNIQUE INDEX games_by_finish_order ON games (finish_order);
    CREATE INDEX games_by_channel ON games (channel_id, status, finished_at);
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game_key TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        sessions INTEGER NOT NULL,
        PRIMARY KEY (guild_id, game_key, user_id)
    );
    CREATE TABLE rating_history (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        sessions INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX rating_history_by_user ON rating_history (user_id);
    """,
    # 6: which bot process runs each open game, until when (bot/core/leases.py). A process
    # renews its leases while it lives; another takes a game over once its lease ran out.
    """
    CREATE TABLE leases (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        owner TEXT NOT NULL,              -- INSTANCE_NAME of the process
        expires_at TEXT NOT NULL
    );
    CREATE INDEX leases_by_owner ON leases (owner);
    """,
    # 7: append, don't rewrite. actions: each accepted action is its own row, so a commit's
    # size no longer grows with the session; games.state keeps the session's header (the
    # engine's JSON with no actions). games.checkpoint: the engine's state when the current
    # round began, after action number games.checkpoint_seq, so a restart replays only that
    # round. Logs stored whole before this move into rows.
    """
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,             -- 1, 2, ...: the action's place in the session
        action TEXT NOT NULL,             -- the engine's JSON of the action
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
    ALTER TABLE games ADD COLUMN checkpoint BLOB;
    ALTER TABLE games ADD COLUMN checkpoint_seq INTEGER NOT NULL DEFAULT 0;
    INSERT INTO actions (game_id, seq, action)
        SELECT g.id, j.key + 1, j.value
        FROM games g, json_each(g.state, '$.actions') j
        WHERE g.state IS NOT NULL AND json_valid(g.state);
    UPDATE games SET state = json_set(state, '$.actions', json('[]'))
        WHERE state IS NOT NULL AND json_valid(state) AND json_type(state, '$.actions') = 'array';
    """,
)

GET_SCHEMA_VERSION = "PRAGMA user_version"
SET_SCHEMA_VERSION = "PRAGMA user_version = {version:d}"
ENABLE_WAL = "PRAGMA journal_mode = WAL"
# FULL: a commit is on disk before we acknowledge the action it holds.
SYNC_FULL = "PRAGMA synchronous = FULL"
ENABLE_FOREIGN_KEYS = "PRAGMA foreign_keys = ON"

# ---------------------------------------------------------------- games
INSERT_GAME = """
    INSERT INTO games (guild_id, channel_id, host_id, status, options, created_at, game_key)
    VALUES (:guild_id, :channel_id, :host_id, 'lobby', :options, :now, :game_key)
"""
SELECT_OPEN_GAME_IN_CHANNEL = """
    SELECT * FROM games WHERE channel_id = :channel_id AND status IN ('lobby', 'playing')
"""
SELECT_OPEN_GAMES = "SELECT * FROM games WHERE status IN ('lobby', 'playing') ORDER BY id"
# Those of some shards' guilds only (Discord's formula: shard = (guild_id >> 22) % count).
SELECT_OPEN_GAMES_OF_SHARDS = """
    SELECT * FROM games WHERE status IN ('lobby', 'playing')
      AND (guild_id >> 22) % :shard_count IN (SELECT value FROM json_each(:shard_ids))
    ORDER BY id
"""
SELECT_GAME = "SELECT * FROM games WHERE id = :game_id"
SELECT_GAME_IF_OPEN = """
    SELECT id FROM games WHERE id = :game_id AND status IN ('lobby', 'playing')
"""
UPDATE_TABLE_MESSAGE = "UPDATE games SET table_message_id = :message_id WHERE id = :game_id"
UPDATE_PING_MESSAGE = "UPDATE games SET ping_message_id = :message_id WHERE id = :game_id"
START_GAME = """
    UPDATE games SET status = 'playing', state = :state, started_at = :now WHERE id = :game_id
"""
FINISH_GAME = """
    UPDATE games SET status = 'finished', finished_at = :now, winner_seat = :winner,
        checkpoint = NULL
    WHERE id = :game_id
"""
CLOSE_GAME = """
    UPDATE games SET status = :status, finished_at = :now, checkpoint = NULL
    WHERE id = :game_id AND status IN ('lobby', 'playing')
"""

# Lobbies that expired or were cancelled were never dealt: nothing of them is worth keeping.
PRUNE_CLOSED_LOBBIES = (
    "DELETE FROM games WHERE status IN ('expired', 'cancelled') AND state IS NULL"
)

# ---------------------------------------------------------------- leases
# A write to a game goes ahead only while this process holds the game's lease. BEGIN IMMEDIATE
# takes the write lock first, so no other process can take the lease between check and commit.
BEGIN_WRITE = "BEGIN IMMEDIATE"
SELECT_LEASE_OWNER = "SELECT owner FROM leases WHERE game_id = :game_id"
INSERT_LEASE = """
    INSERT INTO leases (game_id, owner, expires_at) VALUES (:game_id, :owner, :expires)
"""
# Ours already, or run out: take it. A live lease of another process stays.
ACQUIRE_LEASE = """
    INSERT INTO leases (game_id, owner, expires_at) VALUES (:game_id, :owner, :expires)
    ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
    WHERE leases.owner = excluded.owner OR leases.expires_at <= :now
"""
RENEW_LEASES = "UPDATE leases SET expires_at = :expires WHERE owner = :owner"
SELECT_OWN_LEASES = "SELECT game_id FROM leases WHERE owner = :owner ORDER BY game_id"
RELEASE_LEASE = "DELETE FROM leases WHERE game_id = :game_id AND owner = :owner"
SELECT_LEASES = """
    SELECT game_id, owner, expires_at FROM leases
    WHERE game_id IN (SELECT value FROM json_each(:game_ids)) ORDER BY game_id
"""
SELECT_UNLEASED_OPEN_GAMES = """
    SELECT g.id, g.guild_id FROM games g LEFT JOIN leases l ON l.game_id = g.id
    WHERE g.status IN ('lobby', 'playing') AND (l.game_id IS NULL OR l.expires_at <= :now)
    ORDER BY g.id
"""

# ---------------------------------------------------------------- actions
INSERT_ACTION = "INSERT INTO actions (game_id, seq, action) VALUES (:game_id, :seq, :action)"
SET_CHECKPOINT = """
    UPDATE games SET checkpoint = :checkpoint, checkpoint_seq = :seq WHERE id = :game_id
"""
SELECT_ACTIONS_AFTER = """
    SELECT action FROM actions WHERE game_id = :game_id AND seq > :after ORDER BY seq
"""

# ---------------------------------------------------------------- write units (group commit)
SAVEPOINT = "SAVEPOINT write_unit"
RELEASE = "RELEASE write_unit"
ROLLBACK_TO = "ROLLBACK TO write_unit"

# ---------------------------------------------------------------- seats
DELETE_SEATS = "DELETE FROM seats WHERE game_id = :game_id"
INSERT_SEAT = """
    INSERT INTO seats (game_id, seat, user_id, name, strength, away, departed, timeouts, stood_in)
    VALUES (:game_id, :seat, :user_id, :name, :strength, :away, :departed, :timeouts, :stood_in)
"""
SELECT_SEATS = "SELECT * FROM seats WHERE game_id = :game_id ORDER BY seat"
UPDATE_SEAT_FLAGS = """
    UPDATE seats SET away = :away, departed = :departed, timeouts = :timeouts, stood_in = :stood_in
    WHERE game_id = :game_id AND seat = :seat
"""
UPDATE_SEAT_RESULT = """
    UPDATE seats SET final_score = :score, won = :won WHERE game_id = :game_id AND seat = :seat
"""

# ---------------------------------------------------------------- rounds
INSERT_ROUND = """
    INSERT INTO rounds (game_id, round_number, closer, special, finished_at)
    VALUES (:game_id, :round_number, :closer, :special, :now)
"""
INSERT_ROUND_SCORE = """
    INSERT INTO round_scores (game_id, round_number, seat, points, bonus, total)
    VALUES (:game_id, :round_number, :seat, :points, :bonus, :total)
"""
SELECT_ROUNDS = """
    SELECT r.round_number, r.closer, r.special, s.seat, s.points, s.bonus, s.total
    FROM rounds r JOIN round_scores s USING (game_id, round_number)
    WHERE r.game_id = :game_id ORDER BY r.round_number, s.seat
"""

# ---------------------------------------------------------------- leaderboard and stats
# Finished sessions only; people only (computer seats have no user_id).
LEADERBOARD = """
    WITH sessions AS (
        SELECT s.user_id, s.game_id, s.final_score, s.won
        FROM seats s JOIN games g ON g.id = s.game_id
        WHERE g.guild_id = :guild_id AND g.status = 'finished' AND s.user_id IS NOT NULL
          AND g.finished_at >= :since AND g.game_key = :game_key
    ),
    round_counts AS (
        SELECT s.user_id, COUNT(*) AS rounds
        FROM sessions s JOIN round_scores rs ON rs.game_id = s.game_id
        JOIN seats st ON st.game_id = rs.game_id AND st.seat = rs.seat AND st.user_id = s.user_id
        GROUP BY s.user_id
    )
    SELECT sessions.user_id,
           COUNT(*) AS played,
           SUM(sessions.won) AS wins,
           SUM(sessions.final_score) AS points,
           COALESCE(MAX(round_counts.rounds), 0) AS rounds
    FROM sessions LEFT JOIN round_counts USING (user_id)
    GROUP BY sessions.user_id
    ORDER BY wins DESC, :sign * SUM(sessions.final_score) DESC, sessions.user_id
    LIMIT :limit
"""
PLAYER_STATS = """
    SELECT COUNT(*) AS played,
           COALESCE(SUM(s.won), 0) AS wins,
           COALESCE(SUM(s.final_score), 0) AS points,
           COALESCE(MAX(s.final_score), 0) AS best_session
    FROM seats s JOIN games g ON g.id = s.game_id
    WHERE g.guild_id = :guild_id AND g.status = 'finished' AND s.user_id = :user_id
      AND g.game_key = :game_key
"""
PLAYER_ROUND_STATS = """
    SELECT COUNT(*) AS rounds,
           COALESCE(SUM(CASE WHEN r.closer = rs.seat THEN 1 ELSE 0 END), 0) AS closed,
           COALESCE(SUM(CASE WHEN r.closer = rs.seat AND r.special THEN 1 ELSE 0 END), 0)
               AS special,
           COALESCE(MAX(rs.points + rs.bonus), 0) AS best_round,
           COALESCE(SUM(rs.points + rs.bonus), 0) AS round_points
    FROM round_scores rs
    JOIN rounds r USING (game_id, round_number)
    JOIN seats s ON s.game_id = rs.game_id AND s.seat = rs.seat
    JOIN games g ON g.id = rs.game_id
    WHERE g.guild_id = :guild_id AND g.status = 'finished' AND s.user_id = :user_id
      AND g.game_key = :game_key
"""
PLAYER_ABANDONED = """
    SELECT COUNT(*) AS abandoned
    FROM seats s JOIN games g ON g.id = s.game_id
    WHERE g.guild_id = :guild_id AND g.status = 'abandoned' AND s.user_id = :user_id
      AND g.game_key = :game_key
"""

# ---------------------------------------------------------------- ratings
# A finished session's result: its place in the finishing order, whether it is rated, and
# each seat's finishing place.
SET_SESSION_RESULT = """
    UPDATE games SET rated = :rated,
        finish_order = (SELECT COALESCE(MAX(finish_order), 0) + 1 FROM games)
    WHERE id = :game_id
"""
UPDATE_SEAT_PLACE = "UPDATE seats SET place = :place WHERE game_id = :game_id AND seat = :seat"
SELECT_SESSION_MEMBERS = """
    SELECT g.guild_id, g.game_key, s.seat, s.user_id
    FROM games g JOIN seats s ON s.game_id = g.id
    WHERE g.id = :game_id ORDER BY s.seat
"""
SELECT_RATING = """
    SELECT mu, sigma, sessions FROM ratings
    WHERE guild_id = :guild_id AND game_key = :game_key AND user_id = :user_id
"""
UPSERT_RATING = """
    INSERT INTO ratings (guild_id, game_key, user_id, mu, sigma, sessions)
    VALUES (:guild_id, :game_key, :user_id, :mu, :sigma, :sessions)
    ON CONFLICT (guild_id, game_key, user_id)
    DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, sessions = excluded.sessions
"""
INSERT_RATING_HISTORY = """
    INSERT INTO rating_history (game_id, user_id, mu, sigma, sessions)
    VALUES (:game_id, :user_id, :mu, :sigma, :sessions)
"""
DELETE_RATINGS = "DELETE FROM ratings"
DELETE_RATING_HISTORY = "DELETE FROM rating_history"
SELECT_ALL_RATINGS = "SELECT guild_id, game_key, user_id, mu, sigma, sessions FROM ratings"
# Every rated session in the order they finished, one row per seat.
SELECT_RATED_SESSIONS = """
    SELECT g.id AS game_id, g.guild_id, g.game_key, s.user_id, s.place
    FROM games g JOIN seats s ON s.game_id = g.id
    WHERE g.status = 'finished' AND g.rated = 1
    ORDER BY g.finish_order, s.seat
"""
SELECT_ALL_RATING_HISTORY = """
    SELECT h.game_id, h.user_id, h.mu, h.sigma, h.sessions FROM rating_history h
"""
# Ranked by the conservative rating; members with too few rated sessions are left out.
RATING_BOARD = """
    SELECT user_id, mu, sigma, sessions FROM ratings
    WHERE guild_id = :guild_id AND game_key = :game_key AND sessions >= :min_sessions
    ORDER BY mu - :sigmas * sigma DESC, user_id
    LIMIT :limit
"""
RATING_HISTORY = """
    SELECT h.mu, h.sigma, h.sessions
    FROM rating_history h JOIN games g ON g.id = h.game_id
    WHERE g.guild_id = :guild_id AND g.game_key = :game_key AND h.user_id = :user_id
    ORDER BY g.finish_order
"""
# The members met most in finished sessions of a game, and who finished ahead. Sessions from
# before finishing places were kept compare wins.
HEAD_TO_HEAD = """
    SELECT o.user_id AS opponent,
           COUNT(*) AS met,
           SUM(CASE WHEN COALESCE(me.place < o.place, me.won > o.won) THEN 1 ELSE 0 END) AS ahead,
           SUM(CASE WHEN COALESCE(me.place > o.place, me.won < o.won) THEN 1 ELSE 0 END) AS behind
    FROM seats me
    JOIN seats o ON o.game_id = me.game_id AND o.seat != me.seat
    JOIN games g ON g.id = me.game_id
    WHERE me.user_id = :user_id AND o.user_id IS NOT NULL AND o.user_id != me.user_id
      AND g.guild_id = :guild_id AND g.game_key = :game_key AND g.status = 'finished'
    GROUP BY o.user_id
    ORDER BY met DESC, o.user_id
    LIMIT :limit
"""
# Sessions and wins of one member in every game of a server.
PLAYER_GAMES = """
    SELECT g.game_key, COUNT(*) AS played, COALESCE(SUM(s.won), 0) AS wins
    FROM seats s JOIN games g ON g.id = s.game_id
    WHERE g.guild_id = :guild_id AND g.status = 'finished' AND s.user_id = :user_id
    GROUP BY g.game_key
    ORDER BY g.game_key
"""

# ---------------------------------------------------------------- replays
# Finished sessions of a server, newest first; of one channel (:channel_id) and/or with one
# member (:user_id) when those are given.
RECENT_SESSIONS = """
    SELECT g.id, g.game_key, g.channel_id, g.finished_at, g.rated,
           (SELECT group_concat(name, ', ') FROM
               (SELECT name FROM seats WHERE game_id = g.id ORDER BY seat)) AS names
    FROM games g
    WHERE g.guild_id = :guild_id AND g.status = 'finished'
      AND (:channel_id IS NULL OR g.channel_id = :channel_id)
      AND (:user_id IS NULL
           OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = :user_id))
    ORDER BY g.finished_at DESC, g.id DESC
    LIMIT :limit
"""
SELECT_FINISHED_SESSION = """
    SELECT id, guild_id, channel_id, game_key, state, finished_at, rated
    FROM games WHERE id = :game_id AND status = 'finished'
"""

# ---------------------------------------------------------------- meta
GET_META = "SELECT value FROM meta WHERE key = :key"
SET_META = """
    INSERT INTO meta (key, value) VALUES (:key, :value)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value
"""

# ---------------------------------------------------------------- copying (python -m bot.storage)
# Every table a copy carries, parents before children. Leases stay behind: whichever process
# starts on the new database leases the open games afresh.
COPIED_TABLES = (
    "games",
    "actions",
    "seats",
    "rounds",
    "round_scores",
    "meta",
    "ratings",
    "rating_history",
)
SELECT_ALL = "SELECT * FROM {table}"
COUNT_ROWS = "SELECT COUNT(*) FROM {table}"
INSERT_ROW = "INSERT INTO {table} ({columns}) VALUES ({values})"
