"""``newton-rules data``: copy the reference data pack to a folder to edit it, and validate a data pack.

    newton-rules data export my-pack [--force]
    newton-rules data validate my-pack [--format json]

``validate`` loads the pack as a game would (schema, references, counts against ``pack.json``, geometry
and every rule of the loader) and reports what it finds, each problem on its own line naming the file,
the item and the field; its exit status is 1 when the pack is not valid.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from newton_rules import Catalog, DataError, load_catalog, reference_pack_files
from newton_rules.cli.common import CliError, add_force_option, os_reason
from newton_rules.cli.files import atomic_output, check_output


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = sub.add_parser("data", help="copy the reference data pack, validate a data pack")
    actions = parser.add_subparsers(dest="data_command", required=True, metavar="ACTION")
    export = actions.add_parser("export", help="write the reference data pack's files to FOLDER, to edit them")
    export.add_argument("folder", type=Path, metavar="FOLDER", help="the folder to write (made if missing)")
    add_force_option(export)
    export.set_defaults(run=run_export)
    validate = actions.add_parser("validate", help="load the data pack in FOLDER and report its problems")
    validate.add_argument("folder", type=Path, metavar="FOLDER", help="a data pack (see docs/data.md)")
    validate.add_argument(
        "--format", choices=("text", "json"), default="text", help="text lines (default) or one JSON object"
    )
    validate.set_defaults(run=run_validate)
    return parser


def run_export(args: argparse.Namespace) -> int:
    folder: Path = args.folder
    if folder.exists() and not folder.is_dir():
        raise CliError(f"cannot write to {folder}: it is not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"cannot make {folder}: {os_reason(exc)}") from exc
    files = reference_pack_files()
    for name in files:  # refuse before writing anything, so a refusal leaves the folder as it was
        check_output(folder / name, args.force)
    for name, text in files.items():
        with atomic_output(folder / name, args.force) as out:
            out.write(text)
    print(f"wrote the reference data pack ({len(files)} files) to {folder}")
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
    folder: Path = args.folder
    if not folder.is_dir():
        raise CliError(f"{folder} is not a folder")
    try:
        catalog = load_catalog(folder)
    except DataError as exc:
        return _report(args.format, folder, exc.problems, None)
    return _report(args.format, folder, (), pack_summary(catalog))


def _report(form: str, folder: Path, problems: tuple[str, ...], summary: str | None) -> int:
    """Print the verdict on the pack in ``folder`` (``summary``: its one line when valid); the exit status."""
    if form == "json":
        print(json.dumps({"folder": str(folder), "valid": not problems, "problems": list(problems), "pack": summary}))
    elif problems:
        print(f"{folder}: not a valid data pack, {len(problems)} problem(s):")
        for problem in problems:
            print(f"  {problem}")
    else:
        print(f"{folder}: a valid data pack, {summary}")
    return 1 if problems else 0
