"""MkDocs hook: the site's "Changelog" page is the repository's ``CHANGELOG.md``, read at every build.

No copy is kept under ``docs/``, so the page cannot drift from the file. Links written for GitHub
(relative to the repository root: ``docs/x.md``, and ``CHANGELOG.md#0.2.0`` to a heading of the file itself)
are made relative to the site's pages. Headings get GitHub's anchors on the site too (the ``toc`` slugify
of mkdocs.yml), so an anchor works in both places.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]
CHANGELOG = ROOT / "CHANGELOG.md"
PAGE = "changelog.md"
DOCS_LINK = re.compile(r"(\]\(|^\[[^\]]+\]:\s*)docs/", re.M)
SELF_LINK = re.compile(r"(\]\(|^\[[^\]]+\]:\s*)CHANGELOG\.md#", re.M)


def on_files(files: Files, config: MkDocsConfig, **kwargs: Any) -> Files:
    if not CHANGELOG.is_file():
        raise PluginError(f"{CHANGELOG} is missing: the site's Changelog page is made from it")
    text = SELF_LINK.sub(r"\1#", DOCS_LINK.sub(r"\1", CHANGELOG.read_text(encoding="utf-8")))
    files.append(File.generated(config, PAGE, content=text))
    return files
