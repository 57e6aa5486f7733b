"""PostgreSQL statements for ratings, personal history and replays: ``sql.py``'s, one for one,
with ``$n`` parameters in the order each comment names."""

# ---------------------------------------------------------------- ratings
# $1 game_id, $2 rated
SET_SESSION_RESULT = """
    UPDATE games SET rated = $2, finish_order = nextval('games_finish_order') WHERE id = $1
"""
# $1 game_id, $2 seat, $3 place
UPDATE_SEAT_PLACE = "UPDATE seats SET place = $3 WHERE game_id = $1 AND seat = $2"
# $1 game_id
SELECT_SESSION_MEMBERS = """
    SELECT g.guild_id, g.game_key, s.seat, s.user_id
    FROM games g JOIN seats s ON s.game_id = g.id
    WHERE g.id = $1 ORDER BY s.seat
"""
# $1 guild_id, $2 game_key, $3 user_id
SELECT_RATING = """
    SELECT mu, sigma, sessions FROM ratings
    WHERE guild_id = $1 AND game_key = $2 AND user_id = $3
"""
# $1 guild_id, $2 game_key, $3 user_id, $4 mu, $5 sigma, $6 sessions
UPSERT_RATING = """
    INSERT INTO ratings (guild_id, game_key, user_id, mu, sigma, sessions)
    VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (guild_id, game_key, user_id)
    DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, sessions = excluded.sessions
"""
# $1 game_id, $2 user_id, $3 mu, $4 sigma, $5 sessions
INSERT_RATING_HISTORY = """
    INSERT INTO rating_history (game_id, user_id, mu, sigma, sessions)
    VALUES ($1, $2, $3, $4, $5)
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
# $1 guild_id, $2 game_key, $3 min_sessions, $4 sigmas, $5 limit
RATING_BOARD = """
    SELECT user_id, mu, sigma, sessions FROM ratings
    WHERE guild_id = $1 AND game_key = $2 AND sessions >= $3
    ORDER BY mu - $4 * sigma DESC, user_id
    LIMIT $5
"""
# $1 guild_id, $2 game_key, $3 user_id
RATING_HISTORY = """
    SELECT h.mu, h.sigma, h.sessions
    FROM rating_history h JOIN games g ON g.id = h.game_id
    WHERE g.guild_id = $1 AND g.game_key = $2 AND h.user_id = $3
    ORDER BY g.finish_order
"""
# $1 guild_id, $2 game_key, $3 user_id, $4 limit
HEAD_TO_HEAD = """
    SELECT o.user_id AS opponent,
           COUNT(*) AS met,
           SUM(CASE WHEN COALESCE(me.place < o.place, me.won > o.won) THEN 1 ELSE 0 END) AS ahead,
           SUM(CASE WHEN COALESCE(me.place > o.place, me.won < o.won) THEN 1 ELSE 0 END) AS behind
    FROM seats me
    JOIN seats o ON o.game_id = me.game_id AND o.seat != me.seat
    JOIN games g ON g.id = me.game_id
    WHERE me.user_id = $3 AND o.user_id IS NOT NULL AND o.user_id != me.user_id
      AND g.guild_id = $1 AND g.game_key = $2 AND g.status = 'finished'
    GROUP BY o.user_id
    ORDER BY met DESC, o.user_id
    LIMIT $4
"""
# $1 guild_id, $2 user_id
PLAYER_GAMES = """
    SELECT g.game_key, COUNT(*) AS played, COALESCE(SUM(s.won), 0) AS wins
    FROM seats s JOIN games g ON g.id = s.game_id
    WHERE g.guild_id = $1 AND g.status = 'finished' AND s.user_id = $2
    GROUP BY g.game_key
    ORDER BY g.game_key
"""
# ---------------------------------------------------------------- replays
# $1 guild_id, $2 channel_id or NULL, $3 user_id or NULL, $4 limit
RECENT_SESSIONS = """
    SELECT g.id, g.game_key, g.channel_id, g.finished_at, g.rated,
           (SELECT string_agg(name, ', ' ORDER BY seat) FROM seats WHERE game_id = g.id)
               AS names
    FROM games g
    WHERE g.guild_id = $1 AND g.status = 'finished'
      AND ($2::bigint IS NULL OR g.channel_id = $2)
      AND ($3::bigint IS NULL
           OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = $3))
    ORDER BY g.finished_at DESC, g.id DESC
    LIMIT $4
"""
# $1 game_id
SELECT_FINISHED_SESSION = """
    SELECT id, guild_id, channel_id, game_key, state, finished_at, rated
    FROM games WHERE id = $1 AND status = 'finished'
"""
# $1 game_id
SELECT_ROUNDS = """
    SELECT r.round_number, r.closer, r.special, s.seat, s.points, s.bonus, s.total
    FROM rounds r JOIN round_scores s USING (game_id, round_number)
    WHERE r.game_id = $1 ORDER BY r.round_number, s.seat
"""
