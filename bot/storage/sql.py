"""Every SQL statement of the bot, written once for SQLite and PostgreSQL: plain named
constants with ``:name`` parameters (``dialect.py`` turns them into asyncpg's ``$n``).
What the two databases write their own way is a ``{macro}``, spelled out per database in
``DIALECT_SQL`` at the end. Times: ISO-8601 UTC text in SQLite, timestamptz in PostgreSQL."""


def insert(table: str, names: str, then: str = "") -> str:
    """INSERT INTO ``table`` the columns ``names`` (space-separated), each from the parameter
    of its name; ``then`` follows (ON CONFLICT, RETURNING)."""
    listed = names.split()
    values = ", ".join(f":{name}" for name in listed)
    return f"INSERT INTO {table} ({', '.join(listed)}) VALUES ({values}) {then}"


# ---------------------------------------------------------------- games
INSERT_GAME = insert(
    "games", "guild_id channel_id host_id status options created_at game_key", "RETURNING id"
)
# With a :shard_count, those of the shards :ids only (Discord: (guild_id >> 22) % count; a
# DM's or group DM's table, whose place is its channel, is shard 0's).
SELECT_OPEN_GAMES = """
    SELECT * FROM games WHERE status IN ('lobby', 'playing') AND (CAST(:shard_count AS BIGINT)
        IS NULL OR (CASE WHEN guild_id = channel_id THEN 0 ELSE (guild_id >> 22) % :shard_count
        END) IN (SELECT value FROM {ids}))
    ORDER BY id
"""
SELECT_GAME = "SELECT * FROM games WHERE id = :game_id"
# The name each member last sat down with in a server (the newest seat wins).
MEMBER_NAMES = """
    SELECT s.user_id, s.name FROM seats s JOIN games g ON g.id = s.game_id
    WHERE g.guild_id = :guild_id AND s.user_id IN (SELECT value FROM {ids})
    ORDER BY g.id, s.seat
"""
UPDATE_TABLE_MESSAGE = "UPDATE games SET table_message_id = :message_id WHERE id = :game_id"
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
    RETURNING id
"""

# Lobbies that expired or were cancelled were never dealt: nothing of them is worth keeping.
PRUNE_CLOSED_LOBBIES = (
    "DELETE FROM games WHERE status IN ('expired', 'cancelled') AND state IS NULL"
)

# ---------------------------------------------------------------- leases
# Lease times follow the database's clock ({now}), the one clock every process shares.
# A write to a game goes ahead only while this process holds the game's lease, or, for a
# game no longer open, nobody does. The check holds until the commit: SQLite writes under
# BEGIN IMMEDIATE (the file's write lock), PostgreSQL locks the lease row ({lock}), so a
# takeover waits for the write and then sees it.
LEASE_IS_OURS = """
    SELECT COALESCE(
        (SELECT owner = :owner FROM leases WHERE game_id = :game_id {lock}),
        NOT EXISTS (SELECT 1 FROM games WHERE id = :game_id AND status IN ('lobby', 'playing'))
    ) AS ours
"""
INSERT_LEASE = """
    INSERT INTO leases (game_id, owner, expires_at) VALUES (:game_id, :owner, {expiry})
"""
# Ours already, or run out: take it. A live lease of another process stays.
ACQUIRE_LEASES = """
    INSERT INTO leases (game_id, owner, expires_at)
    SELECT value, :owner, {expiry} FROM {ids} WHERE true
    ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
    WHERE leases.owner = excluded.owner OR leases.expires_at <= {now}
    RETURNING game_id
"""
RENEW_LEASES = """
    UPDATE leases SET expires_at = {expiry} WHERE owner = :owner RETURNING game_id
"""
RELEASE_LEASES = """
    DELETE FROM leases WHERE game_id IN (SELECT value FROM {ids}) AND owner = :owner
"""
SELECT_LEASES = """
    SELECT game_id, owner, expires_at FROM leases
    WHERE game_id IN (SELECT value FROM {ids}) ORDER BY game_id
"""
SELECT_UNLEASED_OPEN_GAMES = """
    SELECT g.id, g.guild_id, g.channel_id FROM games g LEFT JOIN leases l ON l.game_id = g.id
    WHERE g.status IN ('lobby', 'playing') AND (l.game_id IS NULL OR l.expires_at <= {now})
    ORDER BY g.id
"""

# ---------------------------------------------------------------- actions
INSERT_ACTION = insert("actions", "game_id seq action")
SET_CHECKPOINT = """
    UPDATE games SET checkpoint = :checkpoint, checkpoint_seq = :seq WHERE id = :game_id
"""
SELECT_ACTIONS_AFTER = """
    SELECT action FROM actions WHERE game_id = :game_id AND seq > :after ORDER BY seq
"""

# ---------------------------------------------------------------- seats
DELETE_SEATS = "DELETE FROM seats WHERE game_id = :game_id"
SEAT_COLUMNS = "game_id seat user_id name strength away departed timeouts stood_in"
INSERT_SEAT = insert("seats", SEAT_COLUMNS)
# The seats of the games :ids, in one round trip.
SELECT_SEATS_OF_GAMES = """
    SELECT * FROM seats WHERE game_id IN (SELECT value FROM {ids}) ORDER BY game_id, seat
"""
UPDATE_SEAT_FLAGS = """
    UPDATE seats SET away = :away, departed = :departed, timeouts = :timeouts, stood_in = :stood_in
    WHERE game_id = :game_id AND seat = :seat
"""
UPDATE_SEAT_RESULT = """
    UPDATE seats SET final_score = :score, won = :won WHERE game_id = :game_id AND seat = :seat
"""

# ---------------------------------------------------------------- rounds
INSERT_ROUND = insert("rounds", "game_id round_number closer special finished_at")
INSERT_ROUND_SCORE = insert("round_scores", "game_id round_number seat points bonus total")
SELECT_ROUNDS = """
    SELECT r.round_number, r.closer, r.special, s.seat, s.points, s.bonus, s.total
    FROM rounds r JOIN round_scores s USING (game_id, round_number)
    WHERE r.game_id = :game_id ORDER BY r.round_number, s.seat
"""

# ---------------------------------------------------------------- leaderboard and stats
# Finished sessions only; people only (computer seats have no user_id). NULLS LAST: as
# SQLite sorts by itself.
LEADERBOARD = """
    WITH sessions AS (
        SELECT s.user_id, s.game_id, s.final_score, s.won
        FROM seats s JOIN games g ON g.id = s.game_id
        WHERE g.guild_id = :guild_id AND g.status = 'finished' AND s.user_id IS NOT NULL
          AND g.finished_at >= :since AND g.game_key = :game_key AND {seen_channel}
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
    ORDER BY wins DESC NULLS LAST, :sign * SUM(sessions.final_score) DESC NULLS LAST,
             sessions.user_id
    LIMIT :limit
"""
# Finished sessions and, of those abandoned, how many (only a finished seat has won and
# final_score).
PLAYER_STATS = """
    SELECT COUNT(*) FILTER (WHERE g.status = 'finished') AS played,
           COALESCE(SUM(s.won), 0) AS wins,
           COALESCE(SUM(s.final_score), 0) AS points,
           COALESCE(MAX(s.final_score), 0) AS best_session,
           COUNT(*) FILTER (WHERE g.status = 'abandoned') AS abandoned
    FROM seats s JOIN games g ON g.id = s.game_id
    WHERE g.guild_id = :guild_id AND g.status IN ('finished', 'abandoned')
      AND s.user_id = :user_id AND g.game_key = :game_key AND {seen_channel}
"""
PLAYER_ROUND_STATS = """
    SELECT COUNT(*) AS rounds,
           COALESCE(SUM(CASE WHEN r.closer = rs.seat THEN 1 ELSE 0 END), 0) AS closed,
           COALESCE(SUM(CASE WHEN r.closer = rs.seat AND r.special <> 0 THEN 1 ELSE 0 END), 0)
               AS special,
           COALESCE(MAX(rs.points + rs.bonus), 0) AS best_round,
           COALESCE(SUM(rs.points + rs.bonus), 0) AS round_points
    FROM round_scores rs
    JOIN rounds r USING (game_id, round_number)
    JOIN seats s ON s.game_id = rs.game_id AND s.seat = rs.seat
    JOIN games g ON g.id = rs.game_id
    WHERE g.guild_id = :guild_id AND g.status = 'finished' AND s.user_id = :user_id
      AND g.game_key = :game_key AND {seen_channel}
"""

# ---------------------------------------------------------------- ratings
# A finished session's result: its place in the finishing order, whether it is rated, and
# each seat's finishing place.
SET_SESSION_RESULT = """
    UPDATE games SET rated = :rated,
        finish_order = {next_finish_order}
    WHERE id = :game_id
"""
UPDATE_SEAT_PLACE = "UPDATE seats SET place = :place WHERE game_id = :game_id AND seat = :seat"
# A session's members by seat, each with their rating before it (none before their first).
SELECT_SESSION_RATINGS = """
    SELECT g.guild_id, g.game_key, s.user_id, r.mu, r.sigma, r.sessions
    FROM games g JOIN seats s ON s.game_id = g.id LEFT JOIN ratings r
        ON r.guild_id = g.guild_id AND r.game_key = g.game_key AND r.user_id = s.user_id
    WHERE g.id = :game_id ORDER BY s.seat
"""
SELECT_RATING = """
    SELECT mu, sigma, sessions FROM ratings
    WHERE guild_id = :guild_id AND game_key = :game_key AND user_id = :user_id
"""
UPSERT_RATING = insert(
    "ratings",
    "guild_id game_key user_id mu sigma sessions",
    "ON CONFLICT (guild_id, game_key, user_id) DO UPDATE"
    " SET mu = excluded.mu, sigma = excluded.sigma, sessions = excluded.sessions",
)
INSERT_RATING_HISTORY = insert("rating_history", "game_id user_id mu sigma sessions")
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
SELECT_ALL_RATING_HISTORY = "SELECT game_id, user_id, mu, sigma, sessions FROM rating_history"
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
      AND {seen_channel}
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
      AND {seen_channel}
    GROUP BY o.user_id
    ORDER BY met DESC, o.user_id
    LIMIT :limit
"""
# Sessions and wins of one member in every game of a server.
PLAYER_GAMES = """
    SELECT g.game_key, COUNT(*) AS played, COALESCE(SUM(s.won), 0) AS wins
    FROM seats s JOIN games g ON g.id = s.game_id
    WHERE g.guild_id = :guild_id AND g.status = 'finished' AND s.user_id = :user_id
      AND {seen_channel}
    GROUP BY g.game_key
    ORDER BY g.game_key
"""

# ---------------------------------------------------------------- replays
# Finished sessions of a server, newest first; of one channel (:channel_id) and/or with one
# member (:user_id) when those are given.
RECENT_SESSIONS = """
    SELECT g.id, g.game_key, g.channel_id, g.finished_at, g.rated,
           {seat_names} AS names
    FROM games g
    WHERE g.guild_id = :guild_id AND g.status = 'finished'
      AND (CAST(:channel_id AS BIGINT) IS NULL OR g.channel_id = :channel_id)
      AND (CAST(:user_id AS BIGINT) IS NULL
           OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = :user_id))
    ORDER BY g.finished_at DESC, g.id DESC
    LIMIT :limit
"""

# ---------------------------------------------------------------- a table's own thread
INSERT_TABLE_THREAD = insert("table_threads", "thread_id guild_id parent_id line_id")
# Table threads with the newest game played in each (:thread_id: that one only); with
# :unshown, only those whose newest game has closed and is not yet the one the line shows.
SELECT_TABLE_THREADS = """
    SELECT t.thread_id, t.guild_id, t.parent_id, t.line_id, t.shown_game_id,
           g.id AS latest_game_id, g.status AS latest_status
    FROM table_threads t
    LEFT JOIN games g ON g.id = (SELECT MAX(id) FROM games WHERE channel_id = t.thread_id)
    WHERE (CAST(:thread_id AS BIGINT) IS NULL OR t.thread_id = :thread_id)
      AND (:unshown = 0 OR (g.status NOT IN ('lobby', 'playing')
           AND (t.shown_game_id IS NULL OR t.shown_game_id <> g.id)))
    ORDER BY t.thread_id
"""
SET_THREAD_SHOWN = "UPDATE table_threads SET shown_game_id = :game_id WHERE thread_id = :thread_id"

# ---------------------------------------------------------------- meta
GET_META = "SELECT value FROM meta WHERE key = :key"
SET_META = insert("meta", "key value", "ON CONFLICT (key) DO UPDATE SET value = excluded.value")

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
    "table_threads",
)
SELECT_ALL = "SELECT * FROM {table}"
COUNT_ROWS = "SELECT COUNT(*) FROM {table}"

# ---------------------------------------------------------------- each database's own
SQLITE_PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = FULL",  # a commit is on disk before we acknowledge what it holds
    "PRAGMA foreign_keys = ON",
)
# Group commit (sqlite.py): one shared write transaction, each write a savepoint in it.
BEGIN_WRITE = "BEGIN IMMEDIATE"
SAVEPOINT = "SAVEPOINT write_unit"
RELEASE = "RELEASE write_unit"
ROLLBACK_TO = "ROLLBACK TO write_unit"
AFTER_COPY = "{after_copy}"

# What the statements above and the migrations write their own way: {macro}: (SQLite,
# PostgreSQL). PostgreSQL: BIGINT for Discord ids, an identity column for game ids, timestamptz
# for times, a sequence for the finishing order, arrays for id lists.
DIALECTS = ("sqlite", "postgresql")
_SQLITE_TIME = "strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now'"  # as Python's isoformat() writes
DIALECT_SQL: dict[str, tuple[str, str]] = {
    "game_id": ("INTEGER PRIMARY KEY", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    "bigint": ("INTEGER", "BIGINT"),
    "time": ("TEXT", "TIMESTAMPTZ"),
    "real": ("REAL", "DOUBLE PRECISION"),
    "blob": ("BLOB", "BYTEA"),
    "without_rowid": ("WITHOUT ROWID", ""),
    "finish_order_sequence": ("", "CREATE SEQUENCE games_finish_order;"),
    "logs_to_action_rows": (
        """
        INSERT INTO actions (game_id, seq, action)
            SELECT g.id, j.key + 1, j.value
            FROM games g, json_each(g.state, '$.actions') j
            WHERE g.state IS NOT NULL AND json_valid(g.state);
        UPDATE games SET state = json_set(state, '$.actions', json('[]'))
            WHERE state IS NOT NULL AND json_valid(state)
              AND json_type(state, '$.actions') = 'array';""",
        """
        INSERT INTO actions (game_id, seq, action)
            SELECT g.id, j.seq, j.action::text
            FROM games g, jsonb_array_elements(g.state::jsonb -> 'actions')
                WITH ORDINALITY AS j(action, seq)
            WHERE g.state IS NOT NULL AND jsonb_typeof(g.state::jsonb -> 'actions') = 'array';
        UPDATE games SET state = jsonb_set(state::jsonb, '{actions}', '[]'::jsonb)::text
            WHERE state IS NOT NULL AND jsonb_typeof(state::jsonb -> 'actions') = 'array';""",
    ),
    "now": (f"{_SQLITE_TIME})", "clock_timestamp()"),
    "expiry": (
        f"{_SQLITE_TIME}, :lease_seconds || ' seconds')",
        "clock_timestamp() + make_interval(secs => :lease_seconds)",
    ),
    "ids": ("json_each(:ids)", "unnest(CAST(:ids AS BIGINT[])) AS value"),
    # Statistics count a session only where the reader may look: played in one of
    # :channels, or in a table's public thread under one of them (an archived thread is in
    # no list of the server's channels, and whoever sees its channel may read it), unless
    # :every_channel (a tool or test asking for the whole server).
    "seen_channel": (
        "(:every_channel = 1 OR g.channel_id IN (SELECT value FROM json_each(:channels))"
        " OR g.channel_id IN (SELECT thread_id FROM table_threads"
        " WHERE parent_id IN (SELECT value FROM json_each(:channels))))",
        "(:every_channel = 1 OR g.channel_id = ANY(CAST(:channels AS BIGINT[]))"
        " OR g.channel_id IN (SELECT thread_id FROM table_threads"
        " WHERE parent_id = ANY(CAST(:channels AS BIGINT[]))))",
    ),
    "lock": ("", "FOR UPDATE"),
    "next_finish_order": (
        "(SELECT COALESCE(MAX(finish_order), 0) + 1 FROM games)",
        "nextval('games_finish_order')",
    ),
    "seat_names": (
        "(SELECT group_concat(name, ', ') FROM (SELECT name FROM seats WHERE game_id = g.id"
        " ORDER BY seat))",
        "(SELECT string_agg(name, ', ' ORDER BY seat) FROM seats WHERE game_id = g.id)",
    ),
    # After rows came in with their ids: new games and finished sessions number on.
    "after_copy": (
        "",
        """
        SELECT setval(pg_get_serial_sequence('games', 'id'),
                      COALESCE((SELECT MAX(id) FROM games), 0) + 1, false);
        SELECT setval('games_finish_order',
                      COALESCE((SELECT MAX(finish_order) FROM games), 0) + 1, false);""",
    ),
}
