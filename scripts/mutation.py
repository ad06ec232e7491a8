"""Mutation testing of both games' rules and of the engine core, with mutmut 3 (docs/testing.md).

    python scripts/mutation.py [--target core|newton|galileo ...] [--sample N --seed S]
                               [--report build/mutation/report] [--force] [--workers 1] [--report-only]

Each target's code is copied with the tests into its own folder (``--workdir``, by default
``build/mutation``), where mutmut changes it in small ways (a comparison flipped, an operator swapped,
a constant moved by one, an argument dropped...) and runs the target's fast tests on each change: a
mutant is killed when a test fails. The working tree is never changed, so others may go on editing it.

With ``--sample N`` a seeded sample of N mutants per target is run (minutes); without it, all of them
(hours: overnight); ``--report-only`` reports what a whole run left in ``--workdir``, finished or not
(those not yet run count as ``not checked``), and ``--resume`` carries such a run on where it stopped:
a whole set can so be run over several evenings, each mutant's result being saved as soon as it is
known (an interrupted run loses at most the mutants under test). The report is written to ``REPORT.json`` and
``REPORT.md``: per target and per module the mutants, killed, survived, no tests, timeout, equivalent
and the kill rate, then each mutant left alive with its diff. Survivors listed in
``tests/data/equivalent_mutants.json`` (by module, function and the changed text, with the reason in one
line) count as equivalent, or as import-time when the reason starts "import-time:" (code run only while
the modules load, which mutmut cannot test); neither counts in the kill rate.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import json
import os
import random
import shutil
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, replace
from importlib.metadata import version
from pathlib import Path
from typing import Any

from mutmut.stats import status_by_exit_code

from newton_rules.cli.common import CliError
from newton_rules.cli.files import check_output, write_atomic

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Target:
    """What one run mutates (glob patterns of source files) and the tests that must catch it."""

    name: str
    mutate: tuple[str, ...]
    tests: tuple[str, ...]

    def mutates(self, path: str) -> bool:
        """Whether the source file ``path`` (``src/...``) is this target's, so counts in its report."""
        return any(fnmatch.fnmatch(path, pattern) for pattern in self.mutate)


TARGETS = {
    target.name: target
    for target in (
        # The core's rules, model and reducer code (the issue's scope, as the games' targets below), with its
        # own tests only: both games' rule tests exercise the core too, but with them a core mutant that
        # survives takes minutes (every game test calls the engine); --tests adds them for an overnight run.
        Target(
            "core",
            tuple(
                f"src/rules_core/{name}.py"
                for name in (
                    *("actions", "codec", "decisions", "definition", "engine", "errors", "notation"),
                    *("outcome", "records", "rng", "session", "stack", "tx", "views"),
                )
            ),
            ("tests/core",),
        ),
        # What the core gives a game besides its rules: adapters, bots, front-end declarations, the fuzz and
        # random-simulation kits, words and the protocol's forms. Measured apart, with no target rate. The
        # batch runner and its reports (rules_core.simulation) are tested by tests/test_simulation*.py.
        Target(
            "core-satellites",
            (
                "src/rules_core/interop/*",
                *(f"src/rules_core/{name}.py" for name in ("bots", "mcts", "checks", "fuzz", "frontend")),
                *(f"src/rules_core/{name}.py" for name in ("deprecation", "words", "wire", "wire_schema")),
            ),
            ("tests/core",),
        ),
        Target(
            "newton",
            ("src/newton_rules/rules/*", "src/newton_rules/effects/*", "src/newton_rules/model/*"),
            # the model's domains, options and save upgrades (tests/test_saves.py plays games: too slow)
            ("tests/rules", "tests/test_options.py", "tests/test_action_space.py", "tests/test_save_formats.py"),
        ),
        Target("galileo", ("src/galileo_rules/rules/*", "src/galileo_rules/model/*"), ("tests/galileo",)),
    )
}

# mutmut's exit codes as its own results table reads them, folded into the report's classes: a
# mutant that crashed or was rejected by a check before the tests ran was caught all the same.
STATUS_BY_MUTMUT = {
    "killed": "killed",
    "caught by type check": "killed",
    "segfault": "killed",
    "survived": "survived",
    "no tests": "no tests",
    "timeout": "timeout",
    "suspicious": "suspicious",
    "skipped": "skipped",
    "not checked": "not checked",
    "check was interrupted by user": "not checked",
}
COLUMNS = (
    "mutants",
    "killed",
    "timeout",
    "survived",
    "no tests",
    "suspicious",
    "equivalent",
    "import-time",
    "not checked",
)
# A listed mutant whose reason starts so is not equivalent but out of mutmut's reach: its function runs
# only while the modules load (a table, a closure built at import), before mutmut switches a mutant on.
IMPORT_TIME = "import-time:"
# A mutant that loops for ever (an objective achieved again and again) is stopped once it has used
# 2 x TIMEOUT_MULTIPLIER times its tests' CPU time: with mutmut's default (15) each such mutant holds a
# worker for half an hour or more.
TIMEOUT_MULTIPLIER = 2.0
SOURCE_FILE = "source.txt"  # in a target's folder: the commit its copy of the sources was taken at
ALIVE = ("survived", "no tests", "suspicious")

# Run inside a target's folder: mutmut's own first step (copy, then write every mutant), without
# running anything yet, so that a sample can be drawn from the full list of mutants.
GENERATE = """
from mutmut.__main__ import copy_also_copy_files, copy_src_dir, create_mutants, setup_source_paths
copy_src_dir(); copy_also_copy_files(); setup_source_paths(); create_mutants(1)
"""
# Run inside a target's folder: the diff of each mutant named on standard input (a JSON list).
DIFFS = """
import json, sys
from mutmut.mutation.diff_apply import get_diff_for_mutant
wanted = json.load(sys.stdin)
print(json.dumps({name: get_diff_for_mutant(name, path=path) for name, path in wanted}))
"""


@dataclass(frozen=True)
class Mutant:
    """One mutant's result: where it is, what became of it and, if it lived, what it changed."""

    name: str
    target: str
    module: str
    function: str
    status: str
    diff: str = ""
    reason: str = ""

    def to_json(self) -> dict[str, str]:
        record = {"name": self.name, "target": self.target, "module": self.module, "function": self.function}
        record["status"] = self.status
        if self.diff:
            record["diff"] = self.diff
        if self.reason:
            record["reason"] = self.reason
        return record


def function_of(name: str) -> tuple[str, str]:
    """The module and function (``Class.method`` for a method) of a mutmut mutant name."""
    mangled = name.partition("__mutmut_")[0]
    module, _, local = mangled.rpartition(".")
    if local.startswith("xǁ"):
        _, class_name, method = local.split("ǁ")
        return module, f"{class_name}.{method}"
    return module, local.removeprefix("x_")


def changed_text(diff: str) -> tuple[str, str]:
    """The lines a mutant removed and the lines it added, stripped: its key beside module and function."""
    lines = diff.splitlines()[2:]  # past the two file header lines
    removed = "\n".join(line[1:].strip() for line in lines if line.startswith("-"))
    added = "\n".join(line[1:].strip() for line in lines if line.startswith("+"))
    return removed, added


def load_equivalents(path: Path) -> dict[tuple[str, str, str, str], str]:
    """The known equivalent mutants, keyed by module, function, original text and mutated text."""
    entries = json.loads(path.read_text(encoding="utf-8"))["equivalent"]
    return {(e["module"], e["function"], e["original"], e["mutated"]): e["reason"] for e in entries}


def prepare(target: Target, folder: Path, only: list[str], tests: list[str]) -> None:
    """A fresh copy of the sources and tests in ``folder``, with mutmut's settings for ``target``."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", ".hypothesis", ".pytest_cache")
    shutil.copytree(ROOT / "src", folder / "src", ignore=ignore)
    shutil.copytree(ROOT / "tests", folder / "tests", ignore=ignore)
    (folder / SOURCE_FILE).write_text(source_version() + "\n", encoding="utf-8")
    settings = {
        "source_paths": ["src"],
        "only_mutate": only or list(target.mutate),
        "pytest_add_cli_args_test_selection": tests or list(target.tests),
        "pytest_add_cli_args": ["-p", "no:cacheprovider"],
        "use_git_change_detection": False,
        "timeout_multiplier": TIMEOUT_MULTIPLIER,
    }
    lines = [f"{key} = {json.dumps(value)}" for key, value in settings.items()]
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (folder / "pyproject.toml").write_text(pyproject + "\n[tool.mutmut]\n" + "\n".join(lines) + "\n", "utf-8")


def mutated_first(folder: Path) -> dict[str, str]:
    """The environment in which the tests import the mutated copy, not the project installed in editable
    mode (``mutmut run`` arranges it itself, its other commands do not)."""
    return {**os.environ, "PYTHONPATH": str((folder / "mutants" / "src").resolve())}


def mutmut(folder: Path, arguments: list[str], log: Path) -> None:
    """Run a mutmut command in ``folder``, its output appended to ``log`` (a spinner: not for reading live)."""
    with log.open("a", encoding="utf-8") as out:
        out.write(f"$ mutmut {' '.join(arguments[:8])}{' ...' if len(arguments) > 8 else ''}\n")
        out.flush()
        done = subprocess.run(
            ["mutmut", *arguments], cwd=folder, env=mutated_first(folder), stdout=out, stderr=subprocess.STDOUT
        )
    if done.returncode != 0:
        raise CliError(f"mutmut {arguments[0]} failed in {folder} (exit {done.returncode}): see {log}")


def python_in(folder: Path, code: str, log: Path, stdin: str = "") -> str:
    """Run Python ``code`` in ``folder`` (where mutmut reads its settings) and return what it printed."""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=folder, input=stdin, capture_output=True, text=True, check=False
    )
    with log.open("a", encoding="utf-8") as out:
        out.write(done.stderr)
    if done.returncode != 0:
        raise CliError(f"mutmut's step failed in {folder} (exit {done.returncode}): see {log}")
    return done.stdout


def covered_mutants(folder: Path, log: Path) -> dict[str, bool]:
    """Every mutant of the folder, and whether any selected test runs its function (mutmut's estimates)."""
    mutmut(folder, ["print-time-estimates"], log)
    covered: dict[str, bool] = {}
    for line in reversed(log.read_text(encoding="utf-8").splitlines()):
        if line.startswith("$ mutmut print-time-estimates"):
            break
        if line.startswith("<no tests> "):
            covered[line.removeprefix("<no tests> ").strip()] = False
        elif "ms " in line and "__mutmut_" in line:
            covered[line.split(" ", 1)[1].strip()] = True
    return covered


def results(folder: Path) -> dict[str, tuple[str, str]]:
    """Each mutant's source path and mutmut status, read from mutmut's files in ``folder``."""
    found: dict[str, tuple[str, str]] = {}
    for meta in sorted((folder / "mutants").rglob("*.py.meta")):
        source = str(meta.relative_to(folder / "mutants")).removesuffix(".meta")
        for name, code in json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"].items():
            found[name] = (source, status_by_exit_code[code])
    return found


def run_target(target: Target, args: argparse.Namespace) -> list[Mutant]:
    """Mutation-test one target in its own folder; every mutant of it (or of its sample) with its result."""
    folder = args.workdir / target.name
    log = folder / "mutmut.log"
    if args.report_only:
        statuses = earlier_statuses(folder)
    elif args.resume:
        statuses = resumed_statuses(target, folder, log, args)
    elif args.again:
        statuses = again_statuses(target, folder, log, args)
    else:
        statuses = new_statuses(target, folder, log, args)
    paths = {name: path for name, (path, _) in results(folder).items()}
    if not args.only:  # a run begun before the target's files changed may hold mutants of others
        statuses = {n: status for n, status in statuses.items() if n in paths and target.mutates(paths[n])}
    mutants = [Mutant(name, target.name, *function_of(name), status) for name, status in sorted(statuses.items())]
    return with_diffs(folder, mutants, paths, log)


def new_statuses(
    target: Target, folder: Path, log: Path, args: argparse.Namespace, keep: set[str] | None = None
) -> dict[str, str]:
    """A fresh run: copy, write the mutants, draw the sample (or leave out those in ``keep``, whose earlier
    result stands), run mutmut on it; each chosen mutant's status."""
    prepare(target, folder, args.only, args.tests)
    python_in(folder, GENERATE, log)
    covered = covered_mutants(folder, log)
    chosen = sorted(set(covered) - (keep or set()))
    if args.mutant:
        chosen = [name for name in chosen if any(fnmatch.fnmatch(name, pattern) for pattern in args.mutant)]
    if args.sample is not None:
        chosen = sorted(random.Random(args.seed).sample(chosen, min(args.sample, len(chosen))))
    to_run = [name for name in chosen if covered[name]]
    print(f"{target.name}: {len(covered)} mutants, running {len(to_run)} of {len(chosen)} chosen", flush=True)
    if to_run:
        selection = [] if len(chosen) == len(covered) else to_run  # all: mutmut's own order, no argument list
        mutmut(folder, ["run", "--max-children", str(args.workers), *selection], log)
    found = results(folder)
    return {
        name: STATUS_BY_MUTMUT.get(found[name][1], "suspicious") if covered[name] else "no tests" for name in chosen
    }


def again_statuses(target: Target, folder: Path, log: Path, args: argparse.Namespace) -> dict[str, str]:
    """A whole run's statuses brought up to date: the mutants an earlier whole run's report (``--again``)
    did not kill run again on the tests as they are now; those it killed stay killed (tests were only
    added), except in the functions changed since (dead code removed, a refactor that keeps what the
    rules do): those are other mutants, and every one of them runs."""
    report = json.loads(args.again.read_text(encoding="utf-8"))
    if report["run"]["sample"]:
        raise CliError(f"{args.again} reports a sample: --again brings a whole run up to date")
    earlier = {m["name"]: m["status"] for m in report["mutants"] if m["target"] == target.name}
    if not earlier:
        raise CliError(f"{args.again} has no mutant of the target {target.name}")
    changed = changed_functions(target, report["run"]["source"])
    if changed:
        names = ", ".join(f"{module}.{function}" for module, function in sorted(changed))
        print(f"{target.name}: changed since {report['run']['source']} (all their mutants run): {names}", flush=True)
    decided = {
        name: status
        for name, status in earlier.items()
        if status in ("killed", "timeout") and function_of(name) not in changed
    }
    return {**decided, **new_statuses(target, folder, log, args, keep=set(decided))}


def changed_sources(target: Target, source: str) -> list[str]:
    """The target's source files that differ, in the working tree, from the commit a report names."""
    if " " in source:  # "<commit> with uncommitted changes": the run's sources are known to no commit
        raise CliError(f"the earlier run was of uncommitted sources ({source}): run the whole set again")
    diff = subprocess.run(["git", "diff", "--name-only", source, "--", "src"], cwd=ROOT, capture_output=True, text=True)
    if diff.returncode != 0:
        raise CliError(f"cannot compare the sources with {source}: {diff.stderr.strip()}")
    return [path for path in diff.stdout.split() if target.mutates(path)]


def changed_functions(target: Target, source: str) -> set[tuple[str, str]]:
    """The (module, function) pairs of the target whose code differs from the commit ``source``, or that
    are new or gone: a function's mutants are the same ones only while its code is."""
    changed: set[tuple[str, str]] = set()
    for path in changed_sources(target, source):
        module = path.removeprefix("src/").removesuffix(".py").replace("/", ".")
        before, now = functions_in(source_text(path, source)), functions_in(source_text(path))
        changed |= {(module, name) for name in before.keys() | now.keys() if before.get(name) != now.get(name)}
    return changed


def functions_in(text: str) -> dict[str, str]:
    """Each top-level function and method (``Class.method``, as mutmut names them) with its code's syntax
    tree, so that moving a function or editing a comment changes nothing."""
    found: dict[str, str] = {}
    for node in ast.parse(text).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found[node.name] = ast.dump(node)
        elif isinstance(node, ast.ClassDef):
            methods = (item for item in node.body if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef))
            found.update({f"{node.name}.{method.name}": ast.dump(method) for method in methods})
    return found


def source_text(path: str, commit: str | None = None) -> str:
    """A source file as it is now, or at ``commit``; empty where it does not exist."""
    if commit is None:
        file = ROOT / path
        return file.read_text(encoding="utf-8") if file.exists() else ""
    shown = subprocess.run(["git", "show", f"{commit}:{path}"], cwd=ROOT, capture_output=True, text=True)
    return shown.stdout if shown.returncode == 0 else ""


def earlier_statuses(folder: Path) -> dict[str, str]:
    """The statuses an earlier whole run left in ``folder``, finished or not (``not checked``: not yet run)."""
    if not (folder / "mutants").is_dir():
        raise CliError(f"no mutmut run in {folder}: start one without --report-only or --resume")
    return {name: STATUS_BY_MUTMUT.get(status, "suspicious") for name, (_, status) in results(folder).items()}


def resumed_statuses(target: Target, folder: Path, log: Path, args: argparse.Namespace) -> dict[str, str]:
    """Carry on the whole run left in ``folder``: mutmut runs only the mutants without a result yet (its
    copy of the sources is the one the run started from, so the mutants are the same)."""
    before = earlier_statuses(folder)
    left = sum(1 for status in before.values() if status == "not checked")
    print(f"{target.name}: {len(before)} mutants, resuming with {left} not checked yet", flush=True)
    if left:
        mutmut(folder, ["run", "--max-children", str(args.workers)], log)
    return earlier_statuses(folder)


def with_diffs(folder: Path, mutants: list[Mutant], paths: dict[str, str], log: Path) -> list[Mutant]:
    """The mutants, those left alive with their diff (to read, and to match the known equivalents)."""
    alive = [[m.name, paths[m.name]] for m in mutants if m.status in ALIVE]
    diffs: dict[str, str] = json.loads(python_in(folder, DIFFS, log, json.dumps(alive))) if alive else {}
    return [replace(m, diff=diffs.get(m.name, "")) for m in mutants]


def classify(mutants: list[Mutant], equivalents: dict[tuple[str, str, str, str], str]) -> list[Mutant]:
    """Survivors (and mutants no test reaches) listed as equivalent become ``equivalent``, with the reason."""
    classified = []
    for m in mutants:
        reason = equivalents.get((m.module, m.function, *changed_text(m.diff))) if m.diff else None
        status = "import-time" if reason and reason.startswith(IMPORT_TIME) else "equivalent"
        classified.append(replace(m, status=status, reason=reason) if reason else m)
    return classified


def tally(mutants: list[Mutant]) -> dict[str, Any]:
    """The counts of each class and the kill rate: killed or timed out, of the mutants not equivalent."""
    counts = Counter(m.status for m in mutants)
    row: dict[str, Any] = {"mutants": len(mutants), **{column: counts[column] for column in COLUMNS[1:]}}
    judged = len(mutants) - sum(counts[c] for c in ("equivalent", "import-time", "not checked", "skipped"))
    caught = counts["killed"] + counts["timeout"]
    row["kill rate"] = round(100 * caught / judged, 1) if judged else None
    return row


def summary(mutants: list[Mutant], targets: list[str]) -> dict[str, Any]:
    """Per target its totals and its modules' counts."""
    by_target: dict[str, Any] = {}
    for name in targets:
        own = [m for m in mutants if m.target == name]
        modules = sorted({m.module for m in own})
        by_target[name] = {
            "totals": tally(own),
            "modules": {module: tally([m for m in own if m.module == module]) for module in modules},
        }
    return by_target


def markdown(report: dict[str, Any]) -> str:
    """The report as a page: how it was run, a table per target, then each mutant left alive."""
    run = report["run"]
    kind = f"a sample of {run['sample']} mutants per target (seed {run['seed']})" if run["sample"] else "every mutant"
    unchecked = sum(1 for m in report["mutants"] if m["status"] == "not checked")
    if unchecked:
        kind += f" ({unchecked} not checked yet: the run was stopped or is still going)"
    if run.get("again"):
        kind += f" (those {run['again']} left alive, and those of functions changed since, run again; the others"
        kind += " as it found them)"
    lines = [
        f"# Mutation testing: {kind}",
        "",
        f"mutmut {run['mutmut']}, source {run['source']}, {run['seconds']} s",
        "",
    ]
    header = ["", *COLUMNS, "kill rate"]
    for target, figures in report["targets"].items():
        lines += [f"## {target} (tests: {' '.join(run['tests'][target])})", ""]
        lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        rows = [("**total**", figures["totals"]), *figures["modules"].items()]
        for label, row in rows:
            rate = "" if row["kill rate"] is None else f"{row['kill rate']}%"
            lines.append("| " + " | ".join([label, *(str(row[c]) for c in COLUMNS), rate]) + " |")
        lines.append("")
    alive = [m for m in report["mutants"] if m["status"] in ALIVE]
    lines += [f"## Left alive ({len(alive)})", ""]
    for m in alive:
        lines += [f"### {m['name']}: {m['status']}", "", "```diff", m.get("diff", ""), "```", ""]
    return "\n".join(lines)


def run_source(args: argparse.Namespace, targets: list[str]) -> str:
    """The sources a run tests: for a new run the tree as it is before the run copies it (whatever the tree
    becomes meanwhile); for a resumed or reported one, what its folders were copied from."""
    if not (args.report_only or args.resume):
        return source_version()
    paths: list[Path] = [args.workdir / name / SOURCE_FILE for name in targets]
    found: list[str] = sorted({path.read_text(encoding="utf-8").strip() for path in paths if path.exists()})
    if len(found) == 1:
        return found[0]
    return f"several: {', '.join(found)}" if found else "unknown (copied before runs recorded it)"


def source_version() -> str:
    """The commit the working tree is at, marked when it has changes not committed."""
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain", "src", "tests"], cwd=ROOT, capture_output=True, text=True)
    return head.stdout.strip() + (" with uncommitted changes" if dirty.stdout.strip() else "")


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--target", action="append", choices=sorted(TARGETS), help="repeatable; default: all")
    parser.add_argument("--sample", type=int, help="run a seeded sample of N mutants per target (default: all)")
    parser.add_argument("--seed", type=int, default=0, help="the sample's seed")
    parser.add_argument("--mutant", action="append", default=[], metavar="GLOB", help="only mutants so named")
    parser.add_argument("--only", action="append", default=[], metavar="GLOB", help="mutate only these files")
    parser.add_argument("--tests", action="append", default=[], metavar="PATH", help="instead of the target's")
    parser.add_argument("--workers", type=int, default=1, help="mutants tested at once")
    parser.add_argument("--workdir", type=Path, default=ROOT / "build" / "mutation")
    parser.add_argument("--report", type=Path, default=ROOT / "build" / "mutation" / "report")
    parser.add_argument("--force", action="store_true", help="overwrite an earlier report")
    parser.add_argument(
        "--report-only", action="store_true", help="report what an earlier whole run in --workdir found, run nothing"
    )
    parser.add_argument(
        "--resume", action="store_true", help="carry on the whole run left in --workdir where it stopped"
    )
    parser.add_argument(
        "--again",
        type=Path,
        metavar="REPORT.json",
        help="bring an earlier whole run's report up to date: run again the mutants it did not kill and those"
        " of the functions changed since",
    )
    parser.add_argument("--equivalents", type=Path, default=ROOT / "tests" / "data" / "equivalent_mutants.json")
    args = parser.parse_args(argv)
    for flag, given in (("--report-only", args.report_only), ("--resume", args.resume), ("--again", args.again)):
        if given and (args.sample is not None or args.mutant or args.only or args.tests):
            parser.error(f"argument {flag}: works on an earlier whole run, so takes no sample or selection")
    if sum(map(bool, (args.report_only, args.resume, args.again))) > 1:
        parser.error("arguments --report-only, --resume and --again: one at a time")
    if args.sample is not None and args.sample < 1:
        parser.error("argument --sample: must be at least 1")
    if args.workers < 1:
        parser.error("argument --workers: must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(argv)
    targets = args.target or list(TARGETS)
    report_paths = [args.report.with_suffix(".json"), args.report.with_suffix(".md")]
    try:
        args.report.parent.mkdir(parents=True, exist_ok=True)
        for path in report_paths:  # refused before hours of work, not after
            check_output(path, args.force)
        equivalents = load_equivalents(args.equivalents)
        source = run_source(args, targets)
        started = time.monotonic()
        mutants = [m for name in targets for m in classify(run_target(TARGETS[name], args), equivalents)]
        run = {
            "mutmut": version("mutmut"),
            "source": source,
            "sample": args.sample,
            "seed": args.seed if args.sample else None,
            "again": str(args.again) if args.again else None,
            "tests": {name: args.tests or list(TARGETS[name].tests) for name in targets},
            "seconds": round(time.monotonic() - started),
        }
        report: dict[str, Any] = {
            "run": run,
            "targets": summary(mutants, targets),
            "mutants": [m.to_json() for m in mutants],
        }
        write_atomic(report_paths[0], json.dumps(report, indent=1, ensure_ascii=False) + "\n", args.force)
        write_atomic(report_paths[1], markdown(report) + "\n", args.force)
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    for name, figures in report["targets"].items():
        print(name, json.dumps(figures["totals"]))
    print(f"report: {report_paths[0]} and {report_paths[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
