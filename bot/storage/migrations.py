"""The schema's numbered migrations, written once for SQLite and PostgreSQL, and how each
database keeps its schema's number. ``{macros}`` are spelled out per database in
``sql.DIALECT_SQL`` (``dialect.expand``); a schema change is one new entry in ``MIGRATIONS``."""

# ---------------------------------------------------------------- migrations
# Each entry is applied once, in order, in one transaction with the version bump. A schema
# change is one new entry here. {bigint}: Discord ids and game ids; {time}: a moment.
MIGRATIONS: tuple[str, ...] = (
    # 1: games, seats, rounds and per-round scores.
    """
    CREATE TABLE games (
        id {game_id},
        guild_id {bigint} NOT NULL,
        channel_id {bigint} NOT NULL,
        host_id {bigint} NOT NULL,
        status TEXT NOT NULL,             -- lobby, playing, finished, abandoned, cancelled, expired
        options TEXT NOT NULL,            -- JSON: turn_timer and the game's table options
        state TEXT,                       -- engine Game.to_json(): ruleset, names, seed, actions
        table_message_id {bigint},
        ping_message_id {bigint},
        created_at {time} NOT NULL,
        started_at {time},
        finished_at {time},
        winner_seat INTEGER
    );
    CREATE UNIQUE INDEX games_one_open_per_channel
        ON games (channel_id) WHERE status IN ('lobby', 'playing');
    CREATE INDEX games_by_guild ON games (guild_id, status, finished_at);
    CREATE TABLE seats (
        game_id {bigint} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id {bigint},                 -- NULL for computer players
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
        game_id {bigint} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        round_number INTEGER NOT NULL,
        went_out INTEGER,                 -- seat; NULL for a dead round (4: closer)
        romme_hand INTEGER NOT NULL,      -- (4: special)
        finished_at {time} NOT NULL,
        PRIMARY KEY (game_id, round_number)
    );
    CREATE TABLE round_scores (
        game_id {bigint} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
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
    ALTER TABLE games ADD COLUMN finish_order {bigint};
    {finish_order_sequence}
    CREATE UNIQUE INDEX games_by_finish_order ON games (finish_order);
    CREATE INDEX games_by_channel ON games (channel_id, status, finished_at);
    CREATE TABLE ratings (
        guild_id {bigint} NOT NULL,
        game_key TEXT NOT NULL,
        user_id {bigint} NOT NULL,
        mu {real} NOT NULL,
        sigma {real} NOT NULL,
        sessions INTEGER NOT NULL,
        PRIMARY KEY (guild_id, game_key, user_id)
    );
    CREATE TABLE rating_history (
        game_id {bigint} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id {bigint} NOT NULL,
        mu {real} NOT NULL,
        sigma {real} NOT NULL,
        sessions INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX rating_history_by_user ON rating_history (user_id);
    """,
    # 6: which bot process runs each open game, until when (bot/core/leases.py). A process
    # renews its leases while it lives; another takes a game over once its lease ran out.
    """
    CREATE TABLE leases (
        game_id {bigint} PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        owner TEXT NOT NULL,              -- INSTANCE_NAME of the process
        expires_at {time} NOT NULL
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
        game_id {bigint} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,             -- 1, 2, ...: the action's place in the session
        action TEXT NOT NULL,             -- the engine's JSON of the action
        PRIMARY KEY (game_id, seq)
    ) {without_rowid};
    ALTER TABLE games ADD COLUMN checkpoint {blob};
    ALTER TABLE games ADD COLUMN checkpoint_seq INTEGER NOT NULL DEFAULT 0;
    {logs_to_action_rows}
    """,
    # 8: a table's own thread (/treppe-settings threads, the lobby's thread option). The
    # thread is the channel_id of every game played in it; parent_id: the channel it was
    # opened under; line_id: the bot's line there that the thread was started from, edited
    # to the result when a session in the thread ends; shown_game_id: the last game whose
    # end the line shows (the thread archived after it), NULL before the first.
    """
    CREATE TABLE table_threads (
        thread_id {bigint} PRIMARY KEY,
        guild_id {bigint} NOT NULL,
        parent_id {bigint} NOT NULL,
        line_id {bigint} NOT NULL,
        shown_game_id {bigint}
    );
    CREATE INDEX table_threads_by_parent ON table_threads (parent_id);
    """,
    # 9: the turn ping's message id, written by no version since the table message itself
    # pings (bot/core/tableposts.py): never read.
    """
    ALTER TABLE games DROP COLUMN ping_message_id;
    """,
)


# ---------------------------------------------------------------- the schema's number
SQLITE_SCHEMA_VERSION = "PRAGMA user_version"
SQLITE_MIGRATION = "BEGIN;\n{script}\nPRAGMA user_version = {version:d};\nCOMMIT;"
# PostgreSQL has no PRAGMA user_version: one row in its own table keeps the count.
PG_CREATE_SCHEMA_VERSION = """
    CREATE TABLE IF NOT EXISTS schema_version (
        only_row BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (only_row),
        version INTEGER NOT NULL
    )
"""
PG_SCHEMA_VERSION = "SELECT COALESCE(MAX(version), 0) FROM schema_version"
PG_SET_SCHEMA_VERSION = """
    INSERT INTO schema_version (version) VALUES (:version)
    ON CONFLICT (only_row) DO UPDATE SET version = excluded.version
"""
# Held for one transaction, so two processes starting at once migrate one after the other.
PG_MIGRATION_LOCK = "SELECT pg_advisory_xact_lock(7331500)"
