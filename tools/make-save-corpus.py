#!/usr/bin/env python3
"""Makes the damaged saves of tests/data/saves from good.sandtable, and expected.json,
which says what the program must answer to each. Run it after good.sandtable is written
anew (SANDTABLE_UPDATE_SAVES=1 build/release/tests/saves/sandtable-save-tests)."""

import json
import random
from pathlib import Path

corpus = Path(__file__).resolve().parent.parent / "tests" / "data" / "saves"
good = (corpus / "good.sandtable").read_text()
lines = good.splitlines(keepends=True)
expected = {}


def write(name, text, *messages):
    (corpus / name).write_text(text) if isinstance(text, str) else (corpus / name).write_bytes(text)
    expected[name] = list(messages)


def action_line(index):
    """The line number of the action at index (0-based) in the canonical text."""
    first = next(i for i, line in enumerate(lines) if line.startswith('  "actions": [')) + 1
    return first + index


# Cut off in the middle (at a line end), as a crash mid-write would leave a file written in place.
write("truncated.sandtable", good[: good.rfind("\n", 0, len(good) * 3 // 5) + 1],
      "truncated.sandtable: line ", "unexpected end of input")

# One hash changed: the replay names the action.
i = action_line(12)
record = json.loads(lines[i].rstrip().rstrip(","))
record["hash"] = "0000000000000000"
changed = lines[:i] + ['    ' + json.dumps(record, separators=(",", ":")) + (",\n" if lines[i].rstrip().endswith(",") else "\n")] + lines[i + 1:]
write("wrong-hash.sandtable", "".join(changed), "action 13 of 30", "does not reproduce", "0000000000000000 saved")

# A newer format.
write("wrong-version.sandtable", good.replace('"format": 2,', '"format": 3,', 1),
      "wrong-version.sandtable: /format: format 3 is not one this program reads", "written by a newer version")

# Format 1 with a payload format 2 brought.
i = action_line(0)
record = json.loads(lines[i].rstrip().rstrip(","))
record["action"] = {"point": [10, 10], **record["action"]}
changed = lines[:i] + ['    ' + json.dumps(record, separators=(",", ":")) + ",\n"] + lines[i + 1:]
write("format-1-payload.sandtable", "".join(changed).replace('"format": 2,', '"format": 1,', 1),
      "format-1-payload.sandtable: /actions/0/action/point: 'point' came in format 2; this file is format 1")

# An action this ruleset does not know.
i = action_line(5)
record = json.loads(lines[i].rstrip().rstrip(","))
record["action"] = {"type": "teleport", "unit": record["action"].get("unit", "w-musket-1")}
changed = lines[:i] + ['    ' + json.dumps(record, separators=(",", ":")) + ",\n"] + lines[i + 1:]
write("unknown-action.sandtable", "".join(changed), "action 6 of 30", "teleport", "was refused")

# Bytes that are no JSON at all.
rng = random.Random(6)
write("garbage.sandtable", bytes(rng.randrange(256) for _ in range(700)), "garbage.sandtable: line 1")

# A scenario opened as a save.
scenario = (corpus.parent.parent.parent / "scenarios" / "ozz-winkie-border.json").read_text()
write("not-a-save.sandtable", scenario, "not-a-save.sandtable: (the whole file): missing 'kind'",
      "missing 'seed'", "unknown key 'name'")

# A seed that is not a number, and an action that is not an action.
write("bad-seed.sandtable", good.replace('"seed": "2024"', '"seed": "two thousand"', 1),
      "bad-seed.sandtable: /seed: expected the seed as a string of digits")
i = action_line(3)
changed = lines[:i] + ['    {"action":{"type":"fire","unit":7},"hash":"zz"},\n'] + lines[i + 1:]
write("bad-action.sandtable", "".join(changed), "/actions/3/action: \"unit\" should be a string",
      "/actions/3/hash: expected a state hash of 16 hexadecimal digits")

# A unit of the saved scenario moved off the table: reported inside the scenario.
data = json.loads(good)
data["scenario"]["units"][0]["elements"][0]["x"] = -500
write("unit-off-table.sandtable", json.dumps(data, indent=2), "/scenario/units/0",
      "stands off the table")

# A ruleset this build does not have.
write("unknown-ruleset.sandtable", good.replace('"id":"wars-of-ozz"', '"id":"chainmail"', 1),
      "/ruleset/id: the save names ruleset \"chainmail\" but its scenario is for \"wars-of-ozz\"")

(corpus / "expected.json").write_text(json.dumps(expected, indent=2, ensure_ascii=False) + "\n")
print(f"{len(expected)} damaged saves written to {corpus}")
