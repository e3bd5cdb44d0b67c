#!/usr/bin/env bash
# Runs one hostile-input case: tests/data/hostile/CASE/command holds the program (cli or
# app) on its first line and one argument a line after it (@CASE@ is the case's folder,
# @TMP@ a fresh folder); CASE/expect holds the exit code wanted on its first line and,
# one a line after it, text the output must contain. A signal, a hang (the time limit
# below) or another exit code fails the case.
set -u
cli="$1"; app="$2"; case_dir="$3"; limit="${4:-20}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mapfile -t lines < "$case_dir/command"
program="${lines[0]}"
args=()
for line in "${lines[@]:1}"; do
  line="${line//@CASE@/$case_dir}"
  line="${line//@TMP@/$tmp}"
  args+=("$line")
done
case "$program" in
  cli) exe="$cli" ;;
  app) exe="$app"; export QT_QPA_PLATFORM=offscreen ;;
  *) echo "unknown program '$program' in $case_dir/command"; exit 1 ;;
esac
mapfile -t expect < "$case_dir/expect"
timeout "$limit" "$exe" "${args[@]}" > "$tmp/out" 2>&1
code=$?
if [ "$code" -eq 124 ]; then echo "FAIL: still running after ${limit} s"; exit 1; fi
if [ "$code" -gt 128 ]; then echo "FAIL: killed by signal $((code - 128))"; head -c 2000 "$tmp/out"; exit 1; fi
if [ "$code" -ne "${expect[0]}" ]; then
  echo "FAIL: exit $code, expected ${expect[0]}"; head -c 2000 "$tmp/out"; exit 1
fi
for wanted in "${expect[@]:1}"; do
  if ! grep -qF -- "$wanted" "$tmp/out"; then
    echo "FAIL: the output lacks: $wanted"; head -c 2000 "$tmp/out"; exit 1
  fi
done
echo "ok: exit $code"
