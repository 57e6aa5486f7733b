"""``python -m bot.storage``: copy, backup and restore refuse what they cannot read with one
line on stderr and exit code 1, creating nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.ops.dbtools import main


def refusal(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    assert captured.out == ""
    line = captured.err.strip()
    assert line.count("\n") == 0 and "Traceback" not in line
    return line


def test_copy_refuses_a_missing_source_and_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing, target = tmp_path / "x.db", tmp_path / "new.db"
    code = main(["copy", "--from", f"sqlite:///{missing}", "--to", f"sqlite:///{target}"])
    assert code == 1
    assert refusal(capsys) == f"copy failed: the source sqlite:///{missing} does not exist"
    assert list(tmp_path.iterdir()) == []


def test_copy_refuses_a_source_that_is_not_a_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes, target = tmp_path / "notes.txt", tmp_path / "new.db"
    notes.write_text("not a database\n")
    code = main(["copy", "--from", f"sqlite:///{notes}", "--to", f"sqlite:///{target}"])
    assert code == 1
    assert "is not a SQLite database" in refusal(capsys)
    assert not target.exists()
    assert notes.read_text() == "not a database\n"


@pytest.mark.allow_hosts(["127.0.0.1"])
def test_copy_refuses_a_database_server_it_cannot_reach(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "new.db"
    # Port 1 on this machine: nothing listens, the connection is refused at once.
    source = "postgresql://bot:secret@127.0.0.1:1/treppenbot"
    assert main(["copy", "--from", source, "--to", f"sqlite:///{target}"]) == 1
    line = refusal(capsys)
    assert line.startswith("copy failed: cannot read the source: cannot open the database")
    assert "secret" not in line
    assert not target.exists()


def test_backup_refuses_postgresql_and_names_pg_dump(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "backup.db"
    code = main(["backup", str(target), "--from", "postgresql://bot@db.example.org/bot"])
    assert code == 1
    assert "pg_dump" in refusal(capsys)
    assert not target.exists()


def test_backup_refuses_a_missing_database_and_an_existing_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.db"
    assert main(["backup", str(tmp_path / "b.db"), "--from", f"sqlite:///{missing}"]) == 1
    assert "does not exist" in refusal(capsys)
    assert list(tmp_path.iterdir()) == []

    database, existing = tmp_path / "bot.db", tmp_path / "old-backup.db"
    with sqlite3.connect(database) as db:
        db.execute("CREATE TABLE games (id INTEGER)")
    existing.write_bytes(b"keep me")
    assert main(["backup", str(existing), "--from", f"sqlite:///{database}"]) == 1
    assert "exists already" in refusal(capsys)
    assert existing.read_bytes() == b"keep me"


def test_restore_refuses_a_missing_backup(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "restored.db"
    code = main(["restore", str(tmp_path / "nope.db"), "--to", f"sqlite:///{target}"])
    assert code == 1
    assert "does not exist" in refusal(capsys)
    assert not target.exists()
