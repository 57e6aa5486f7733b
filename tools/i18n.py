"""Keep the catalogues in engine/locales in step with the source (Babel).

    python3 tools/i18n.py update        extract every message of engine/ and bot/ and merge
                                        it into each <language>.po (English is filled in)
    python3 tools/i18n.py update fr     the same, and start fr.po if it does not exist
    python3 tools/i18n.py check         list what is missing: exit status 1 if anything is

A message is any string passed to ``_``, ``N_``, ``ngettext``, ``pgettext`` (Babel's
default keywords), ``plural_message`` or ``N_plural``; see docs/translating.md.
"""

from __future__ import annotations

import os
import string
import sys
from collections.abc import Iterable
from pathlib import Path

_VENV_PYTHON = Path(__file__).resolve().parents[1] / ".venv" / "bin" / "python"
try:
    import babel  # noqa: F401
except ModuleNotFoundError:  # started with the system Python: run again in the project's .venv
    if _VENV_PYTHON.exists() and Path(sys.executable) != _VENV_PYTHON:
        os.execv(_VENV_PYTHON, [str(_VENV_PYTHON), *sys.argv])
    sys.exit("tools/i18n.py needs Babel: run `python3 dev.py test` once to create .venv")

from babel.messages.catalog import Catalog, Message  # noqa: E402
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
LOCALE_DIR = ROOT / "engine" / "locales"
SOURCES = ("engine", "bot")
SOURCE_LANGUAGE = "en"
DOMAIN = "treppenbot"


def extract(root: Path = ROOT) -> Catalog:
    """Every message in the source, as a template."""
    template = Catalog(project=DOMAIN, fuzzy=False)
    for folder in SOURCES:
        found = extract_from_dir(
            root / folder,
            method_map=[("**.py", "python")],
            keywords={**DEFAULT_KEYWORDS, "plural_message": (1, 2), "N_plural": (1, 2)},
            comment_tags=("Translators:",),
            strip_comment_tags=True,
        )
        for filename, lineno, message, comments, context in found:
            template.add(
                message,
                None,
                [(f"{folder}/{filename}", lineno)],
                auto_comments=comments,
                context=context,
            )
    for context, text in command_messages():
        template.add(text, None, [("bot/app.py", 0)], context=context)
    return template


def command_messages() -> list[tuple[str, str]]:
    """(context, text) of every slash command name, description and choice, read from the
    bot's own command tree (built offline: no token, no database)."""
    import asyncio

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))  # this checkout's bot, not another installed one
    from bot.app import EXTENSIONS, TreppenBot
    from bot.core.commands_i18n import command_strings
    from bot.settings import Settings

    async def build() -> list[tuple[str, str]]:
        bot = TreppenBot(Settings(_env_file=None))  # type: ignore[call-arg]
        for extension in EXTENSIONS:  # never logged in: nothing to close
            await bot.load_extension(extension)
        return list(command_strings([bot.treppe, *bot.tree.get_commands()]))

    return asyncio.run(build())


def read(language: str) -> Catalog:
    with (LOCALE_DIR / f"{language}.po").open("rb") as source:
        return read_po(source, locale=language)


def write(catalog: Catalog, language: str) -> None:
    with (LOCALE_DIR / f"{language}.po").open("wb") as target:
        write_po(target, catalog, width=100, omit_header=False, include_previous=False)


def _ids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (tuple, list)) else (message.id,)


def _strings(message: Message) -> tuple[str, ...]:
    if isinstance(message.string, (tuple, list)):
        return tuple(message.string)
    return (message.string,)


def update(languages: Iterable[str]) -> None:
    template = extract()
    for language in languages:
        path = LOCALE_DIR / f"{language}.po"
        if path.exists():
            catalog = read(language)
        else:
            catalog = Catalog(locale=language, project=DOMAIN, fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        if language == SOURCE_LANGUAGE:
            for message in catalog:
                if message.id and not all(_strings(message)):
                    ids = _ids(message)
                    plural = ids[-1]
                    forms = catalog.num_plurals
                    message.string = (
                        (ids[0], *(plural for _ in range(forms - 1))) if len(ids) > 1 else ids[0]
                    )
        write(catalog, language)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def problems(languages: Iterable[str], template: Catalog | None = None) -> list[str]:
    """What stops a catalogue from being complete: a message of the source it lacks, an empty
    or fuzzy translation, or a translation whose placeholders differ from the message's."""
    template = template or extract()
    found: list[str] = []
    for language in languages:
        catalog = read(language)
        for wanted in template:
            if not wanted.id:
                continue
            have = catalog.get(wanted.id, context=wanted.context)
            label = f"{language}: {_ids(wanted)[0]!r}"
            if have is None:
                found.append(f"{label} is missing")
                continue
            if have.fuzzy:
                found.append(f"{label} is fuzzy")
            strings = _strings(have)
            if not all(strings):
                found.append(f"{label} is not translated")
                continue
            expected = set().union(*(placeholders(i) for i in _ids(wanted)))
            for text in strings:
                if placeholders(text) != expected:
                    found.append(f"{label}: placeholders {placeholders(text)} != {expected}")
    return found


def main(argv: list[str]) -> int:
    known = sorted(path.stem for path in LOCALE_DIR.glob("*.po"))
    if argv[:1] == ["update"]:
        update(sorted({*known, SOURCE_LANGUAGE, *argv[1:]}))
        return 0
    if argv[:1] == ["check"]:
        found = problems(known)
        print("\n".join(found) or "every catalogue is complete")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
