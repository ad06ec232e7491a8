#!/usr/bin/env bash
# Release check: build the sdist and the wheel, check their metadata with twine, then unpack the sdist in a
# temporary folder, install it with the dev extra in a fresh virtual environment there, and run its tests
# (from the unpacked sdist, against the installed package): the sdist alone must be enough to check the release.
#
#   scripts/check_sdist.sh            # the whole test suite (pytest -q, as the README's command)
#   scripts/check_sdist.sh -x -k data # any arguments go to pytest instead of the default ones
#
# Needs the dev extra (build, twine) in the running Python. The built files are left in dist/.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
rm -rf dist
python -m build --outdir dist >/dev/null
python -m twine check --strict dist/*
echo "build + twine check: $((SECONDS - started)) s"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
tar -xzf dist/*.tar.gz -C "$tmp"
src="$(echo "$tmp"/newton_rules-*)"
python -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install -q --upgrade pip >/dev/null
# A regular (not editable) install from the unpacked sdist; the tests run from its folder.
"$tmp/venv/bin/python" -m pip install -q "$src[dev]"
cd "$src"
version="$("$tmp/venv/bin/python" -c 'import newton_rules; print(newton_rules.__version__)')"
echo "installed newton-rules $version from $(basename "$(ls "$OLDPWD"/dist/*.tar.gz)")"
tests_started=$SECONDS
if [ $# -gt 0 ]; then
  "$tmp/venv/bin/python" -m pytest -p no:cacheprovider "$@"
else
  "$tmp/venv/bin/python" -m pytest -q -p no:cacheprovider
fi
echo "sdist tests: $((SECONDS - tests_started)) s; whole check: $((SECONDS - started)) s"
