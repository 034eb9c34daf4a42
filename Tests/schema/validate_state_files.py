#!/usr/bin/env python3
"""Checks `rulecheck schema --state` with a real JSON Schema validator (jsonschema, draft 2020-12).

- Every example state (examples/NAME/*.json) validates against the schema of its rule set NAME of
  rulecheck.yaml.
- The fixtures under Tests/schema/fixtures/: each folder holds `rules/` (a rule set, with or
  without a tracking plan), `good/` (states the schema must accept) and `bad/` (states it must
  refuse). The schema and rulecheck agree: a good state evaluates without `event_not_in_plan`; a
  bad state named `plan_*` evaluates with it (the events are still decided); any other bad state
  is refused by `rulecheck eval` too (exit 2).

Usage: validate_state_files.py RULECHECK_BINARY   (run from the repository root; `make test` does)
"""
import glob
import json
import os
import subprocess
import sys

import jsonschema
import yaml


def state_schema(binary, *arguments):
    out = subprocess.run([binary, "schema", "--state", *arguments], check=True, capture_output=True, text=True).stdout
    document = json.loads(out)
    jsonschema.Draft202012Validator.check_schema(document)
    return jsonschema.Draft202012Validator(document)


def problems(validator, path):
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    return [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}" for e in validator.iter_errors(document)]


def plan_warnings(binary, rules, path):
    """The exit status of `rulecheck eval` and its event_not_in_plan warnings."""
    run = subprocess.run([binary, "eval", rules, "--state", path, "--format", "json"], capture_output=True, text=True)
    if run.returncode != 0:
        return run.returncode, []
    return 0, [w for w in json.loads(run.stdout)["warnings"] if w["code"] == "event_not_in_plan"]


def examples(binary):
    found, checked = [], 0
    with open("rulecheck.yaml", encoding="utf-8") as handle:
        names = sorted(yaml.safe_load(handle)["rulesets"])
    for name in names:
        validator = state_schema(binary, "--ruleset", name)
        for path in sorted(glob.glob(f"examples/{name}/*.json")):
            checked += 1
            found += [f"{path}: {p}" for p in problems(validator, path)]
    return found, checked


def fixtures(binary):
    found, checked = [], 0
    for folder in sorted(glob.glob("Tests/schema/fixtures/*/")):
        rules = os.path.join(folder, "rules")
        validator = state_schema(binary, rules)
        for path in sorted(glob.glob(os.path.join(folder, "good", "*.json"))):
            checked += 1
            found += [f"{path}: {p}" for p in problems(validator, path)]
            status, warnings = plan_warnings(binary, rules, path)
            if status != 0 or warnings:
                found.append(f"{path}: rulecheck eval gives exit {status} and {len(warnings)} event_not_in_plan")
        for path in sorted(glob.glob(os.path.join(folder, "bad", "*.json"))):
            checked += 1
            if not problems(validator, path):
                found.append(f"{path}: the schema accepts it")
            status, warnings = plan_warnings(binary, rules, path)
            if os.path.basename(path).startswith("plan_"):
                if status != 0 or not warnings:
                    found.append(f"{path}: rulecheck eval gives exit {status} and no event_not_in_plan")
            elif status != 2:
                found.append(f"{path}: rulecheck eval gives exit {status}, not 2")
    return found, checked


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/rulecheck"
    found, checked = examples(binary)
    more, fixture_count = fixtures(binary)
    found += more
    for line in found:
        print(line)
    print(f"state schema: {checked} example states and {fixture_count} fixture states checked, {len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
