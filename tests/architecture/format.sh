#!/usr/bin/env bash
# The code style of .clang-format, checked on every C++ file of the source tree, so a
# change that is not formatted fails `make test` (run `tools/format.sh` to format).
# Usage: format.sh SOURCE_ROOT. Exits 77 (skipped) where clang-format is not installed:
# `make test` installs it, a build by hand may not have it.
set -uo pipefail
root="${1:?usage: format.sh SOURCE_ROOT}"
cd "$root" || exit 2
if ! command -v clang-format >/dev/null 2>&1; then
    echo "format.sh: clang-format is not installed; the style is not checked" >&2
    exit 77
fi
mapfile -t files < <(find include src rulesets tests tools -type f \( -name '*.cpp' -o -name '*.h' \) | sort)
if ! clang-format --dry-run --Werror "${files[@]}"; then
    echo "format.sh: the files above are not formatted by .clang-format (run tools/format.sh)" >&2
    exit 1
fi
echo "format.sh: ${#files[@]} files formatted by .clang-format ($(clang-format --version))"
