"""``python -m bot`` and ``dev.py bot``: refusals are one line on stderr, ``--help`` connects to
nothing, and the bot runs from the project root wherever it is started."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import bot.__main__ as entry
from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]

# ``python -m bot`` reading only the .env of its current directory, so a developer's own .env
# beside the project cannot leak into these tests.
RUN_MAIN = (
    "import sys; from bot.settings import Settings; Settings.model_config['env_file'] = '.env'; "
    "from bot.__main__ import main; sys.exit(main(sys.argv[1:]))"
)


def run_main(cwd: Path, **env_vars: str) -> subprocess.CompletedProcess[str]:
    names = {name.upper() for name in Settings.model_fields}
    env = {k: v for k, v in os.environ.items() if k.upper() not in names}
    env.update(env_vars, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-c", RUN_MAIN],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_missing_token_exits_nonzero_with_one_clear_paragraph(tmp_path: Path) -> None:
    result = run_main(tmp_path)  # no .env here
    output = result.stderr.strip()
    assert result.returncode == 2
    assert result.stdout == ""
    assert output.startswith(entry.PREFIX)
    assert "DISCORD_TOKEN" in output
    assert ".env.example" in output
    assert "Traceback" not in output
    assert "\n\n" not in output and output.count("\n") == 0


def test_blank_token_counts_as_missing(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\n")
    result = run_main(tmp_path)
    assert result.returncode == 2
    assert "DISCORD_TOKEN" in result.stderr


def test_invalid_setting_goes_to_stderr_like_the_missing_token(tmp_path: Path) -> None:
    result = run_main(tmp_path, DISCORD_TOKEN="x", LOG_LEVEL="loud")
    output = result.stderr.strip()
    assert result.returncode == 2
    assert result.stdout == ""
    assert output.startswith(entry.PREFIX + "invalid setting (LOG_LEVEL")
    assert output.count("\n") == 0 and "Traceback" not in output


def test_help_prints_usage_and_every_key_without_connecting(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "would-log-in")
    started: list[object] = []
    monkeypatch.setattr(entry, "run_bot", lambda *args, **kwargs: started.append(args))
    with pytest.raises(SystemExit) as stop:
        entry.main(["--help"])
    out = capsys.readouterr().out
    assert stop.value.code == 0
    assert started == []
    assert out.startswith("usage: python -m bot")
    for name in Settings.model_fields:
        assert f"\n  {name.upper()} " in out
    column = max(map(len, Settings.model_fields)) + 1
    assert f"{'DEFAULT_TURN_TIMER':<{column}} default: 120, 0 to 3600" in out
    assert f"{'LOBBY_TIMEOUT':<{column}} default: 900, at least 30" in out
    starts = {line.index(" default:") for line in out.splitlines() if " default:" in line}
    assert len(starts) == 1  # one column, however long a key


def load_dev_py() -> object:
    spec = importlib.util.spec_from_file_location("dev_script", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_dev_py_runs_the_bot_from_the_project_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dev = load_dev_py()
    calls: list[tuple[str, list[str]]] = []
    monkeypatch.setattr(os, "execv", lambda path, args: calls.append((os.getcwd(), args)))
    monkeypatch.chdir(tmp_path)  # started from elsewhere; restored after the test
    dev.cmd_bot(["--help"])  # type: ignore[attr-defined]
    assert len(calls) == 1
    cwd, args = calls[0]
    assert Path(cwd) == ROOT
    assert args[1:] == ["-m", "bot", "--help"]


@pytest.mark.parametrize("command", ["play", "simulate", "replay"])
def test_dev_py_runs_the_terminal_games_in_the_venv(
    command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    dev = load_dev_py()
    calls: list[list[str]] = []
    monkeypatch.setattr(os, "execv", lambda path, args: calls.append([path, *args]))
    dev.COMMANDS[command](["--game", "gin"])  # type: ignore[attr-defined]
    assert calls == [[dev.PYTHON, str(dev.PYTHON), "-m", "engine", command, "--game", "gin"]]  # type: ignore[attr-defined]


def test_dev_py_bench_refuses_an_unknown_name_and_installs_only_what_is_needed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    dev = load_dev_py()
    ran: list[tuple[str, ...]] = []
    monkeypatch.setattr(dev, "_run", lambda *args: ran.append(tuple(map(str, args))))
    with pytest.raises(SystemExit) as refused:
        dev.cmd_bench(["nosuch"])  # type: ignore[attr-defined]
    assert refused.value.code == 2
    assert "no benchmark named nosuch" in capsys.readouterr().out
    assert ran == []
    probes: list[object] = []
    monkeypatch.setattr(dev.subprocess, "run", lambda *a, **k: probes.append(a))  # type: ignore[attr-defined]
    dev.cmd_bench(["ui"])  # type: ignore[attr-defined]
    assert probes == []  # ui needs neither rlcard nor OpenSpiel: no probe, no install
    assert [args[-1].rsplit("/", 1)[-1] for args in ran] == ["ui.py"]


def test_recompute_help_reads_as_plain_text() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot.recompute", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "python -m bot.recompute" in done.stdout and "``" not in done.stdout
