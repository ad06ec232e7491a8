"""scripts/mutation.py itself: its options, how it reads mutmut's names and diffs, the report it writes.

The mutation runs themselves are long and run by hand (docs/testing.md, "Mutation testing"), even the
smallest (a sample of two mutants takes over 10 s: mutmut's steps each start Python and pytest); here only
the script's own logic, without running mutmut.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation_script", ROOT / "scripts" / "mutation.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


mutation = load_script()

DIFF = """--- src/rules_core/outcome.py
+++ src/rules_core/outcome.py
@@ -1,3 +1,3 @@
 def ranked_outcome(game: Any) -> Outcome:
-    return Outcome(termination=GAME_OVER, scores=game.scores, winners=game.winners)
+    return Outcome(termination=GAME_OVER, scores=game.scores, winners=None)"""


def test_a_mutant_name_gives_its_module_and_function() -> None:
    assert mutation.function_of("rules_core.outcome.x_ranked_outcome__mutmut_3") == (
        "rules_core.outcome",
        "ranked_outcome",
    )
    assert mutation.function_of("newton_rules.rules.effects.xǁEffectRuleǁcheck__mutmut_12") == (
        "newton_rules.rules.effects",
        "EffectRule.check",
    )


def test_a_diff_gives_the_text_removed_and_added() -> None:
    assert mutation.changed_text(DIFF) == (
        "return Outcome(termination=GAME_OVER, scores=game.scores, winners=game.winners)",
        "return Outcome(termination=GAME_OVER, scores=game.scores, winners=None)",
    )


def test_a_listed_survivor_is_equivalent_and_the_rate_leaves_it_out(tmp_path: Path) -> None:
    removed, added = mutation.changed_text(DIFF)
    entry = {"module": "rules_core.outcome", "function": "ranked_outcome", "original": removed, "mutated": added}
    listed = tmp_path / "equivalent.json"
    loaded = {**entry, "original": "a = 1", "mutated": "a = 2", "reason": "import-time: built as the module loads"}
    listed.write_text(json.dumps({"equivalent": [{**entry, "reason": "a test's reason"}, loaded]}), "utf-8")
    name = "rules_core.outcome.x_ranked_outcome__mutmut_"
    place = (entry["module"], entry["function"])
    mutants = [
        mutation.Mutant(f"{name}3", "core", *place, "survived", DIFF),
        mutation.Mutant(f"{name}4", "core", *place, "survived", "--- a\n+++ a\n-a = 1\n+a = 2"),
        mutation.Mutant(f"{name}5", "core", *place, "killed"),
        mutation.Mutant(f"{name}6", "core", *place, "timeout"),
    ]
    classified = mutation.classify(mutants, mutation.load_equivalents(listed))
    assert [m.status for m in classified] == ["equivalent", "import-time", "killed", "timeout"]
    assert classified[0].reason == "a test's reason"
    row = mutation.tally(classified)
    assert (row["mutants"], row["killed"], row["timeout"], row["equivalent"], row["import-time"]) == (4, 1, 1, 1, 1)
    assert row["kill rate"] == 100.0  # killed or timed out, of the 2 neither equivalent nor import-time
    survivor = mutation.Mutant(f"{name}7", "core", *place, "survived", "--- a\n+++ a\n-b = 1\n+b = 2")
    assert mutation.tally([*classified, survivor])["kill rate"] == round(100 * 2 / 3, 1)


def test_the_project_list_of_equivalent_mutants_gives_a_reason_for_each() -> None:
    entries = json.loads((ROOT / "tests" / "data" / "equivalent_mutants.json").read_text("utf-8"))["equivalent"]
    for entry in entries:
        assert set(entry) == {"module", "function", "original", "mutated", "reason"}, entry
        assert entry["reason"].strip() and "\n" not in entry["reason"], entry
    keys = [(e["module"], e["function"], e["original"], e["mutated"]) for e in entries]
    assert len(keys) == len(set(keys)), "an equivalent mutant is listed twice"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--sample", "0"], "--sample: must be at least 1"),
        (["--target", "chess"], "invalid choice: 'chess'"),
        (["--resume", "--sample", "5"], "--resume: works on an earlier whole run, so takes no sample"),
        (["--report-only", "--mutant", "x*"], "--report-only: works on an earlier whole run"),
        (["--resume", "--report-only"], "--report-only, --resume and --again: one at a time"),
        (["--again", "r.json", "--sample", "3"], "--again: works on an earlier whole run"),
    ],
)
def test_bad_options_are_refused(arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        mutation.parse_arguments(arguments)
    assert message in capsys.readouterr().err


def test_an_earlier_report_is_not_overwritten_without_force(tmp_path: Path) -> None:
    (tmp_path / "report.md").write_text("an earlier report\n", "utf-8")
    assert mutation.main(["--target", "core", "--report", str(tmp_path / "report"), "--workdir", str(tmp_path)]) == 1
    assert (tmp_path / "report.md").read_text("utf-8") == "an earlier report\n"


def test_resuming_without_an_earlier_run_says_so_and_writes_no_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = ["--target", "core", "--resume", "--workdir", str(tmp_path), "--report", str(tmp_path / "report")]
    assert mutation.main(arguments) == 1
    assert "no mutmut run in" in capsys.readouterr().err
    assert not (tmp_path / "report.json").exists()


def test_resuming_a_finished_run_runs_nothing_and_reports_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    meta = tmp_path / "core" / "mutants" / "src" / "rules_core" / "outcome.py.meta"
    meta.parent.mkdir(parents=True)
    names = [f"rules_core.outcome.x_ranked_outcome__mutmut_{n}" for n in (1, 2)]
    meta.write_text(json.dumps({"exit_code_by_key": {names[0]: 1, names[1]: 1}}), "utf-8")

    def no_mutmut(*arguments: object) -> None:
        raise AssertionError(f"mutmut ran: {arguments}")

    monkeypatch.setattr(mutation, "mutmut", no_mutmut)
    arguments = ["--target", "core", "--resume", "--workdir", str(tmp_path), "--report", str(tmp_path / "report")]
    assert mutation.main(arguments) == 0
    report = json.loads((tmp_path / "report.json").read_text("utf-8"))
    assert report["targets"]["core"]["totals"]["killed"] == 2
    assert report["targets"]["core"]["totals"]["kill rate"] == 100.0


def test_a_report_counts_only_its_targets_files(tmp_path: Path) -> None:
    mutants = tmp_path / "core" / "mutants" / "src" / "rules_core"
    (mutants / "interop").mkdir(parents=True)
    engine = {"rules_core.engine.x_legal__mutmut_1": 1}
    adapter = {"rules_core.interop.openspiel.x_register__mutmut_1": 0}
    (mutants / "engine.py.meta").write_text(json.dumps({"exit_code_by_key": engine}), "utf-8")
    (mutants / "interop" / "openspiel.py.meta").write_text(json.dumps({"exit_code_by_key": adapter}), "utf-8")
    arguments = ["--target", "core", "--report-only", "--workdir", str(tmp_path), "--report", str(tmp_path / "r")]
    assert mutation.main(arguments) == 0
    report = json.loads((tmp_path / "r.json").read_text("utf-8"))
    assert [m["name"] for m in report["mutants"]] == list(engine)


def earlier_report(path: Path, statuses: dict[str, str], source: str = "0123abc", sample: int | None = None) -> Path:
    run: dict[str, object] = {
        "mutmut": "3",
        "source": source,
        "sample": sample,
        "seed": None,
        "tests": {},
        "seconds": 1,
    }
    mutants = [{"name": name, "target": "core", "status": status} for name, status in statuses.items()]
    path.write_text(json.dumps({"run": run, "targets": {}, "mutants": mutants}), "utf-8")
    return path


def again_arguments(tmp_path: Path, report: Path) -> list[str]:
    return ["--target", "core", "--again", str(report), "--workdir", str(tmp_path), "--report", str(tmp_path / "r")]


def rerun_all_but(asked: list[set[str] | None], names: list[str]) -> Callable[..., dict[str, str]]:
    """A stand-in for mutmut's run of ``names``: it records what it was told to keep and kills the rest."""

    def rerun(target: object, folder: Path, log: Path, args: object, keep: set[str] | None = None) -> dict[str, str]:
        asked.append(keep)
        return dict.fromkeys(set(names) - (keep or set()), "killed")

    return rerun


def test_again_runs_only_what_the_earlier_run_left_alive_and_keeps_its_kills(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = [f"rules_core.engine.x_legal__mutmut_{n}" for n in (1, 2, 3)]
    meta = tmp_path / "core" / "mutants" / "src" / "rules_core" / "engine.py.meta"
    meta.parent.mkdir(parents=True)
    meta.write_text(json.dumps({"exit_code_by_key": dict.fromkeys(names, 1)}), "utf-8")
    report = earlier_report(tmp_path / "earlier.json", {names[0]: "killed", names[1]: "survived", names[2]: "no tests"})
    asked: list[set[str] | None] = []
    monkeypatch.setattr(mutation, "new_statuses", rerun_all_but(asked, names))
    monkeypatch.setattr(mutation, "changed_sources", lambda target, source: [])
    assert mutation.main(again_arguments(tmp_path, report)) == 0
    assert asked == [{names[0]}]
    written = json.loads((tmp_path / "r.json").read_text("utf-8"))
    assert written["targets"]["core"]["totals"]["killed"] == 3
    assert written["run"]["again"] == str(report)
    page = (tmp_path / "r.md").read_text("utf-8")
    assert f"those {report} left alive, and those of functions changed since, run again" in page


ENGINE_BEFORE = """
def legal(state):
    return 1


class Engine:
    def step(self):  # one step
        return 1


def gone():
    return 0
"""

ENGINE_NOW = """class Engine:
    def step(self):  # a comment changed and the class moved: the same mutants
        return 1


def legal(state):
    return 2
"""


def test_again_runs_every_mutant_of_a_function_changed_since_and_keeps_the_others_kills(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    legal, step = "rules_core.engine.x_legal__mutmut_1", "rules_core.engine.xǁEngineǁstep__mutmut_1"
    meta = tmp_path / "core" / "mutants" / "src" / "rules_core" / "engine.py.meta"
    meta.parent.mkdir(parents=True)
    meta.write_text(json.dumps({"exit_code_by_key": dict.fromkeys([legal, step], 1)}), "utf-8")
    report = earlier_report(tmp_path / "earlier.json", {legal: "killed", step: "killed"})
    monkeypatch.setattr(mutation, "changed_sources", lambda target, source: ["src/rules_core/engine.py"])
    texts = {"0123abc": ENGINE_BEFORE, None: ENGINE_NOW}
    monkeypatch.setattr(mutation, "source_text", lambda path, commit=None: texts[commit])
    asked: list[set[str] | None] = []
    monkeypatch.setattr(mutation, "new_statuses", rerun_all_but(asked, [legal, step]))
    assert mutation.main(again_arguments(tmp_path, report)) == 0
    assert asked == [{step}]
    assert "rules_core.engine.gone, rules_core.engine.legal" in capsys.readouterr().out


def test_a_functions_code_is_its_syntax_not_its_place_or_comments() -> None:
    before, now = mutation.functions_in(ENGINE_BEFORE), mutation.functions_in(ENGINE_NOW)
    assert sorted(before) == ["Engine.step", "gone", "legal"] and sorted(now) == ["Engine.step", "legal"]
    assert before["Engine.step"] == now["Engine.step"] and before["legal"] != now["legal"]
    assert mutation.source_text("src/rules_core/no_such_module.py") == ""
    assert mutation.source_text("src/rules_core/engine.py", "HEAD").startswith('"""')


@pytest.mark.parametrize(
    ("source", "sample", "message"),
    [
        ("0123abc", 40, "reports a sample"),
        ("0123abc with uncommitted changes", None, "uncommitted sources"),
    ],
)
def test_again_refuses_a_report_it_cannot_bring_up_to_date(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], source: str, sample: int | None, message: str
) -> None:
    report = earlier_report(
        tmp_path / "earlier.json", {"rules_core.engine.x_legal__mutmut_1": "survived"}, source, sample
    )
    assert mutation.main(again_arguments(tmp_path, report)) == 1
    assert message in capsys.readouterr().err
    assert not (tmp_path / "r.json").exists()


def test_a_report_of_an_earlier_run_names_the_sources_that_run_copied(tmp_path: Path) -> None:
    meta = tmp_path / "core" / "mutants" / "src" / "rules_core" / "engine.py.meta"
    meta.parent.mkdir(parents=True)
    meta.write_text(json.dumps({"exit_code_by_key": {"rules_core.engine.x_legal__mutmut_1": 1}}), "utf-8")
    (tmp_path / "core" / "source.txt").write_text("0123abc\n", "utf-8")
    arguments = ["--target", "core", "--report-only", "--workdir", str(tmp_path), "--report", str(tmp_path / "r")]
    assert mutation.main(arguments) == 0
    assert json.loads((tmp_path / "r.json").read_text("utf-8"))["run"]["source"] == "0123abc"


def test_a_targets_folder_tells_mutmut_what_to_mutate_with_which_tests_and_when_to_stop(tmp_path: Path) -> None:
    """The copy's pyproject.toml carries mutmut's settings: a mutant that loops for ever is stopped at
    2 x 2 times its tests' CPU time, not mutmut's 2 x 15."""
    folder = tmp_path / "galileo"
    mutation.prepare(mutation.TARGETS["galileo"], folder, [], [])
    settings = tomllib.loads((folder / "pyproject.toml").read_text("utf-8"))["tool"]["mutmut"]
    assert settings["only_mutate"] == ["src/galileo_rules/rules/*", "src/galileo_rules/model/*"]
    assert settings["pytest_add_cli_args_test_selection"] == ["tests/galileo"]
    assert settings["timeout_multiplier"] == 2.0
    assert (folder / "src" / "galileo_rules" / "rules" / "flow.py").is_file()
