#!/usr/bin/env bash
# The layers of docs/architecture.md, checked on the source rather than left to habit:
#   1. the core (include/sandtable, src/core) includes no Qt;
#   2. no front end (src/ui, src/app, src/cli) includes a ruleset's own header;
#   3. no front end and not the computer player reads a ruleset's own names: order types
#      are compared and built through OrderRole and the offers, never as strings, and a
#      unit's counters and markers are shown as they come, never looked up by name;
#   4. nothing in src/ names a ruleset, by its id or its name.
# Usage: layers.sh SOURCE_ROOT. Prints each breach as FILE:LINE: what, and fails if any.
set -uo pipefail
root="${1:?usage: layers.sh SOURCE_ROOT}"
cd "$root" || exit 2
failed=0

breach() { # $1 what, then grep output lines
    local what="$1" line
    while IFS= read -r line; do
        [ -n "$line" ] || continue
        echo "$line: $what"
        failed=1
    done
}

breach "the core includes Qt (docs/architecture.md: the core is plain C++20)" < <(
    grep -rnE '^\s*#\s*include\s*[<"]Q[A-Za-z]*[/>"]|^\s*#\s*include\s*[<"]Qt' include/sandtable src/core)

breach "a front end includes a ruleset's header (front ends reach rulesets through the registry and the Ruleset interface)" < <(
    grep -rnE '^\s*#\s*include\s*"[^"]*(rulesets/|ozz_|ein_|kit/)' src/ui src/app src/cli)

front_ends=(src/ui src/app src/cli src/core/computer_player.cpp)
# An order type compared or built as a string literal ("answer" is the game's own action).
breach "an order type named as a string (choose by OrderRole and take the type from the offer)" < <(
    grep -rnE '(\.type|type)\s*[!=]=\s*"[a-z-]+"|Action\s*\{\s*"[a-z-]+"' "${front_ends[@]}" |
        grep -vE 'Action\s*\{\s*"answer"|type\s*==\s*"answer"')
breach "a ruleset's counter or marker looked up by name" < <(
    grep -rnE '(counters|markers)\s*\.\s*(count|find|at|contains)\s*\(\s*"' "${front_ends[@]}")

# No ruleset is named in src/: the generated registry is the only link to them. A
# ruleset's id (its folder) and its name (ruleset.json) are looked for.
for data in rulesets/*/ruleset.json; do
    id=$(basename "$(dirname "$data")")
    name=$(grep -m1 -o '"name": *"[^"]*"' "$data" | sed 's/"name": *"\(.*\)"/\1/')
    breach "names the ruleset $id (reach rulesets through the registry)" < <(
        grep -rnF -e "$id" ${name:+-e "$name"} src)
done

if [ "$failed" -ne 0 ]; then
    echo "layers.sh: the layers above are breached" >&2
    exit 1
fi
echo "layers.sh: the core has no Qt, the front ends no ruleset's headers or names"
