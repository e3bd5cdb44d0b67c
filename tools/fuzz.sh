#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz, preset "fuzz": clang with ASan and UBSan) and
# runs each for a bounded time, seeded with the shipped files. What a fuzzer finds is
# written to build/fuzz/findings/<target>/; put each crashing input in
# tests/data/fuzz/<target>/ once fixed, where the regression test replays it.
#
#   tools/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     (default 60 s; targets: scenario save ruleset dice)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(scenario save ruleset dice)

sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
for package in clang libclang-rt-14-dev; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || {
    $sudo apt-get update && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends clang libclang-rt-14-dev
    break
  }
done

cmake --preset fuzz >/dev/null
cmake --build build/fuzz --target $(printf 'fuzz-%s ' "${targets[@]}")

# Seeds: every shipped file of the target's kind, and what earlier runs kept.
seed() {
  local target=$1 corpus=build/fuzz/corpus/$1
  mkdir -p "$corpus"
  case $target in
    scenario) cp scenarios/*.json tests/golden/*/scenario.json "$corpus"/ 2>/dev/null || true ;;
    save)     cp tests/data/saves/*.sandtable "$corpus"/ ;;
    ruleset)  for data in rulesets/*/ruleset.json; do cp "$data" "$corpus/$(basename "$(dirname "$data")").json"; done ;;
    dice)     i=0; for e in '2d10kh1+3' 'd10z' '4d6>=4' '(7/2 up min 1)d6' '(2d6/2 dice)d6' '3d6' 'd3+1' '2d6kl1-1'; do
                printf '%s' "$e" > "$corpus/seed-$i"; i=$((i + 1)); done ;;
  esac
  [ -d "tests/data/fuzz/$target" ] && cp "tests/data/fuzz/$target"/* "$corpus"/ 2>/dev/null || true
  echo "$corpus"
}

status=0
for target in "${targets[@]}"; do
  corpus=$(seed "$target")
  findings=build/fuzz/findings/$target
  mkdir -p "$findings"
  echo "== fuzz-$target for ${seconds}s"
  if ! build/fuzz/tests/fuzz/fuzz-"$target" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
       -artifact_prefix="$findings/" -print_final_stats=1 2>"build/fuzz/$target.log"; then
    status=1
    echo "fuzz-$target found a problem: see $findings/ and build/fuzz/$target.log"
  fi
  grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb|^#[0-9]+ +DONE' "build/fuzz/$target.log" || tail -5 "build/fuzz/$target.log"
done
exit $status
