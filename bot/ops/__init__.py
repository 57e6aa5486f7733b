"""Running the bot for real: metrics and health endpoints, structured logs, a bounded graceful
stop (docs/operating.md)."""
