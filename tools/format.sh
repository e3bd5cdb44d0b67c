#!/usr/bin/env bash
# Formats every C++ file of the source tree by .clang-format (what `make test` checks).
set -euo pipefail
cd "$(dirname "$0")/.."
find include src rulesets tests tools -type f \( -name '*.cpp' -o -name '*.h' \) -print0 | xargs -0 clang-format -i
