"""``newton-rules data``: copy the reference data pack to a folder to edit it, validate a data pack, and
say what changed between two packs.

    newton-rules data export my-pack [--force]
    newton-rules data validate my-pack [--format json] [--games 2]
    newton-rules data validate --game galileo my-galileo.json [--format json]
    newton-rules data diff reference-pack my-pack [--format json]

``validate`` checks the pack completely in one run (every file read, every record against its schema,
then references, counts against ``pack.json``, geometry and every rule of the loader on what could be
read) and reports every problem, each on its own line naming the file, the item and the field; its exit
status is 1 when the pack is not valid. A valid pack is then played: ``--games`` random games to the end
at each player count, with and without the modules, so a pack that loads but breaks a game says so
here. ``diff`` lists the changes item by item, effects in words.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import galileo_rules as gr
from newton_rules import Catalog, PackInspection, inspect_pack, new_game, reference_pack_files
from newton_rules.cli.common import CliError, add_force_option, count, load_data, os_reason
from newton_rules.cli.files import atomic_output, check_output
from newton_rules.simulation import bot_seed, make_bot
from newton_rules.simulation.pack_diff import diff_catalogs, render_changes
from newton_rules.simulation.targets import REFERENCE_TARGETS, reference_targets_text
from rules_core.bots import play_game

# The rule options a valid pack is played with: the base game, and every module of the box at once.
PLAYED_MODULES: tuple[tuple[str, ...], ...] = ((), ("advanced_lessons", "great_discoveries", "extra_objectives"))


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = sub.add_parser("data", help="copy the reference data pack, validate a data pack")
    actions = parser.add_subparsers(dest="data_command", required=True, metavar="ACTION")
    export = actions.add_parser(
        "export", help="write the reference data pack's files and balance targets to FOLDER, to edit them"
    )
    export.add_argument("folder", type=Path, metavar="FOLDER", help="the folder to write (made if missing)")
    add_force_option(export)
    export.set_defaults(run=run_export)
    validate = actions.add_parser("validate", help="check the data pack in FOLDER and report all its problems")
    validate.add_argument(
        "folder", type=Path, metavar="FOLDER", help="a data pack (see docs/data.md); with --game galileo, its file"
    )
    validate.add_argument(
        "--game", choices=("newton", "galileo"), default="newton", help="the game of the pack (default newton)"
    )
    validate.add_argument(
        "--games",
        type=count(0),
        default=2,
        help="random games played to the end on a valid pack, per player count and module set (default 2)",
    )
    _add_format(validate)
    validate.set_defaults(run=run_validate)
    diff = actions.add_parser("diff", help="what changed from data pack BEFORE to data pack AFTER, item by item")
    diff.add_argument("before", type=Path, metavar="BEFORE", help="a data pack folder (the one changed from)")
    diff.add_argument("after", type=Path, metavar="AFTER", help="a data pack folder (the changed one)")
    _add_format(diff)
    diff.set_defaults(run=run_diff)
    return parser


def _add_format(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="text lines (default) or one JSON object"
    )


def run_export(args: argparse.Namespace) -> int:
    folder: Path = args.folder
    if folder.exists() and not folder.is_dir():
        raise CliError(f"cannot write to {folder}: it is not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"cannot make {folder}: {os_reason(exc)}") from exc
    # The pack's files, and its balance targets beside them: ``balance --data FOLDER`` reads them there.
    files = {**reference_pack_files(), REFERENCE_TARGETS: reference_targets_text()}
    for name in files:  # refuse before writing anything, so a refusal leaves the folder as it was
        check_output(folder / name, args.force)
    for name, text in files.items():
        with atomic_output(folder / name, args.force) as out:
            out.write(text)
    print(f"wrote the reference data pack ({len(files) - 1} files) and its balance targets to {folder}")
    return 0


def pack_summary(catalog: Catalog) -> str:
    """One line: the pack's name, digest and component counts."""
    counts = (
        f"{len(catalog.action_cards)} Action cards, {len(catalog.masters)} Masters, "
        f"{len(catalog.inventions)} Invention, {len(catalog.cities)} City and {len(catalog.objectives)} Objective "
        f"tiles, {len(catalog.study_boards)} Study boards"
    )
    return f"pack {catalog.identity.name!r} (digest {catalog.identity.digest[:12]}): {counts}"


def run_validate(args: argparse.Namespace) -> int:
    if args.game == "galileo":
        return _validate_galileo(args.format, args.folder)
    folder: Path = args.folder
    if not folder.is_dir():
        raise CliError(f"{folder} is not a folder")
    inspection = inspect_pack(folder)
    problems = _problem_records(inspection)
    summary = None
    if inspection.catalog is not None:
        problems += play_problems(inspection.catalog, args.games)
        summary = pack_summary(inspection.catalog) if not problems else None
    return _report(args.format, folder, problems, summary, _caveat(inspection))


def play_problems(catalog: Catalog, games: int) -> list[dict[str, Any]]:
    """What breaks when random bots play the pack to the end: ``games`` games (seeds 1, 2, ...) at each
    player count with each of :data:`PLAYED_MODULES`; the first failure of each is a problem."""
    problems = []
    for players in range(1, 5):
        for modules in PLAYED_MODULES:
            options = dict.fromkeys(modules, True)
            played_with = f" with {', '.join(modules)}" if modules else ""
            for seed in range(1, games + 1):
                bots = [make_bot("random", bot_seed(seed, seat)) for seat in range(players)]
                try:
                    play_game(new_game(players, seed, options, catalog), bots)
                except Exception as exc:  # a validator reports whatever breaks a game, it does not stop at it
                    item = f"{players}-player game, seed {seed}{played_with}"
                    message = f"{type(exc).__name__}: {exc}"
                    line = f"play: {item}: {message}"
                    problems.append({"file": "play", "item": item, "field": None, "message": message, "line": line})
                    break
    return problems


def _problem_records(inspection: PackInspection) -> list[dict[str, Any]]:
    return [{**problem.as_json(), "line": str(problem)} for problem in inspection.problems]


def _caveat(inspection: PackInspection) -> str | None:
    """What the reader should know of the problems listed: the rules' checks ran without what could not
    be read (so some problems may follow from those), or did not run at all."""
    if not inspection.rules_checked:
        return "a file the rules' checks need could not be read: fix the problems above and validate again"
    unread = [p for p in inspection.problems if p.item and "[" in p.item]
    if unread:
        return (
            f"{len(unread)} problem(s) of reading left items out of the rules' checks; "
            "counts and references may be off by them"
        )
    return None


def _validate_galileo(form: str, path: Path) -> int:
    """Validate a Galileo data pack: its one JSON file (or a folder holding ``galileo.json``)."""
    file = path / "galileo.json" if path.is_dir() else path
    try:
        raw = json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CliError(f"cannot read {file}: {os_reason(exc)}") from exc
    except ValueError as exc:
        return _report(form, path, [_line_record(f"{file.name}: invalid JSON: {exc}")], None, None)
    catalog, problems = gr.pack_problems(raw, file.name)
    summary = f"pack {catalog.name!r} (digest {catalog.digest}): {len(catalog.cards)} cards" if catalog else None
    return _report(form, path, [_line_record(problem) for problem in problems], summary, None)


def _line_record(line: str) -> dict[str, Any]:
    """A problem line ``file: item.field: what`` as the fields of a JSON report."""
    file, _, rest = line.partition(": ")
    where, _, message = rest.partition(": ")
    item, _, field = where.rpartition(".")
    return {"file": file, "item": item or where, "field": field if item else None, "message": message, "line": line}


def _report(form: str, folder: Path, problems: list[dict[str, Any]], summary: str | None, caveat: str | None) -> int:
    """Print the verdict on the pack in ``folder`` (``summary``: its one line when valid); the exit status."""
    lines = [problem["line"] for problem in problems]
    if form == "json":
        report = {
            "folder": str(folder),
            "valid": not problems,
            "problems": lines,
            "details": problems,
            "note": caveat,
            "pack": summary,
        }
        print(json.dumps(report))
    elif problems:
        print(f"{folder}: not a valid data pack, {len(problems)} problem(s):")
        for line in lines:
            print(f"  {line}")
        if caveat:
            print(f"({caveat})")
    else:
        print(f"{folder}: a valid data pack, {summary}")
    return 1 if problems else 0


def run_diff(args: argparse.Namespace) -> int:
    changes = diff_catalogs(_pack(args.before), _pack(args.after))
    if args.format == "json":
        changed = [change.as_json() for change in changes]
        print(json.dumps({"before": str(args.before), "after": str(args.after), "changes": changed}))
    else:
        print(render_changes(changes, str(args.before), str(args.after)))
    return 0


def _pack(folder: Path) -> Catalog:
    """The data pack in ``folder``; a folder that is not a valid pack is a CliError."""
    catalog = load_data(folder)
    if catalog is None:
        raise CliError("a data pack folder is needed")
    return catalog
