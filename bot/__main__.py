"""``python -m bot``: check the settings, set up logging and run the bot until stopped."""

from __future__ import annotations

import logging
import sys

from pydantic import ValidationError

from bot.settings import Settings

MISSING_TOKEN = (
    "treppenbot cannot start: DISCORD_TOKEN is not set. Create a bot application in the "
    "Discord developer portal, copy its token, and put it in a file named .env in the "
    "directory you start the bot from (copy .env.example to .env and fill in DISCORD_TOKEN), "
    "or export DISCORD_TOKEN in the environment. docs/bot.md explains every step."
)


def configure_logging(level: str) -> None:
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)


def main() -> int:
    try:
        settings = Settings()
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']).upper()}: {e['msg']}" for e in error.errors()
        )
        print(f"treppenbot cannot start: invalid setting ({problems}). See .env.example.")
        return 2
    token = settings.token()
    if token is None:
        print(MISSING_TOKEN, file=sys.stderr)
        return 2

    import discord

    from bot.app import create_bot

    configure_logging(settings.log_level)
    bot = create_bot(settings)
    try:
        bot.run(token, log_handler=None)
    except discord.LoginFailure:
        print(
            "treppenbot cannot start: Discord refused DISCORD_TOKEN. Copy the token again "
            "from the developer portal (Bot → Reset Token) into .env.",
            file=sys.stderr,
        )
        return 2
    except discord.PrivilegedIntentsRequired:
        print(
            "treppenbot cannot start: the Server Members intent is off. Turn it on in the "
            "developer portal (Bot → Privileged Gateway Intents).",
            file=sys.stderr,
        )
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
