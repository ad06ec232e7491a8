"""Every Python example in README.md and the pages under docs/ runs as written (a wrong example fails CI)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def examples() -> list[tuple[str, str]]:
    """(page#n, code) of every fenced Python block of the documentation."""
    found = []
    for page in PAGES:
        for n, match in enumerate(PYTHON_BLOCK.finditer(page.read_text(encoding="utf-8")), start=1):
            found.append((f"{page.relative_to(ROOT)}#{n}", match.group(1)))
    return found


EXAMPLES = examples()


def test_the_documentation_has_examples() -> None:
    pages = {name.split("#")[0] for name, _ in EXAMPLES}
    assert "README.md" in pages and len(pages) >= 5, pages


NEEDS = re.compile(r"^# needs: (.+)$", re.M)  # an example's first line naming the optional modules it imports


@pytest.mark.parametrize(("name", "code"), EXAMPLES, ids=[name for name, _ in EXAMPLES])
def test_example_runs(name: str, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    needs = NEEDS.match(code)
    for module in needs.group(1).split(",") if needs else ():
        pytest.importorskip(module.strip())  # an example of an extra runs where the extra is installed
    # Examples may write files (a report, a save): they run in a fresh folder, with a fresh home.
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    exec(compile(code, name, "exec"), {"__name__": "__doc_example__"})
