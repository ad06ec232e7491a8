"""``newton-rules serve``: its options, and the refusals it makes before starting."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from newton_rules.cli import build_parser, main
from newton_rules.cli import serve as serve_command


def test_serve_reads_host_port_and_db() -> None:
    args = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--port", "8123", "--db", "x.db"])
    assert (args.host, args.port, args.db, args.bot_delay) == ("0.0.0.0", 8123, Path("x.db"), 0.5)


@pytest.mark.parametrize(("option", "value"), [("--port", "70000"), ("--port", "http"), ("--bot-delay", "-1")])
def test_serve_refuses_bad_options(option: str, value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        build_parser().parse_args(["serve", option, value])
    assert exc.value.code == 2 and option in capsys.readouterr().err


def test_serve_refuses_a_database_in_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if serve_command.running is None:
        pytest.skip("the server extra is not installed")
    status = main(["serve", "--db", str(tmp_path / "missing" / "games.db")])
    assert status == 2
    assert "no folder" in capsys.readouterr().err


def test_serve_refuses_a_port_in_use(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if serve_command.running is None:
        pytest.skip("the server extra is not installed")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status = main(["serve", "--port", str(port), "--db", str(tmp_path / "games.db")])
    assert status == 2
    assert f"the server did not start on 127.0.0.1:{port}" in capsys.readouterr().err


def test_serve_without_the_extra_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(serve_command, "running", None)
    monkeypatch.setattr(serve_command, "MISSING", serve_command.missing_text("starlette"))
    assert main(["serve"]) == 2
    assert "pip install 'newton-rules[server]'" in capsys.readouterr().err
