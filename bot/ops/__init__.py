"""Running the bot for real: metrics and health endpoints, structured logs, a bounded graceful
stop, the shard locks for fast failover, and copying, backing up and restoring the database
(docs/operating.md)."""
