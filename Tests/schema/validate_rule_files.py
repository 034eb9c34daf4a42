#!/usr/bin/env python3
"""Validates every rule file of the repository against `rulecheck schema` with a real JSON Schema
validator (jsonschema, draft 2020-12), and rulecheck.yaml against `rulecheck schema --workspace`.

YAML is read with the YAML 1.2 core schema, as rulecheck reads it: no timestamps (they stay
strings), only true/false are booleans, no sexagesimal numbers.

Usage: validate_rule_files.py RULECHECK_BINARY   (run from the repository root; `make test` does)
"""
import glob
import json
import re
import subprocess
import sys

import jsonschema
import yaml


class CoreSchemaLoader(yaml.SafeLoader):
    """PyYAML's SafeLoader with YAML 1.2 core-schema scalars."""


CoreSchemaLoader.yaml_implicit_resolvers = {}
for tag, pattern, first in [
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", list("~nN") + [""]),
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", list("-+0123456789")),
    ("tag:yaml.org,2002:float",
     r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
     list("-+.0123456789")),
]:
    CoreSchemaLoader.add_implicit_resolver(tag, re.compile(pattern), first)


def construct_core_int(loader, node):
    text = loader.construct_scalar(node)
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text, 10)


CoreSchemaLoader.add_constructor("tag:yaml.org,2002:int", construct_core_int)


def schema(binary, *flags):
    out = subprocess.run([binary, "schema", *flags], check=True, capture_output=True, text=True).stdout
    document = json.loads(out)
    jsonschema.Draft202012Validator.check_schema(document)
    return jsonschema.Draft202012Validator(document)


def problems(validator, path):
    with open(path, encoding="utf-8") as handle:
        document = yaml.load(handle, Loader=CoreSchemaLoader)
    return [f"{path}: {'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}"
            for e in validator.iter_errors(document)]


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/rulecheck"
    rules, workspace = schema(binary), schema(binary, "--workspace")
    files = sorted(set(glob.glob("rules/**/*.y*ml", recursive=True) + glob.glob("catalogs/**/*.y*ml", recursive=True)
                       + glob.glob("examples/**/*.y*ml", recursive=True)))
    found = [p for f in files for p in problems(rules, f)] + problems(workspace, "rulecheck.yaml")
    # The validator must also catch what it should: a misspelt key, a bad locale tag, history_days.
    bad = {"schema": 1, "achievements": [{"id": "a", "titel": "A", "when": "true"}],
           "streaks": [{"id": "s", "title": {"zh_Hans": "x"}, "counts": "true", "history_days": 3}]}
    if len(list(rules.iter_errors(bad))) < 3:
        found.append("self-check: the schema accepts a misspelt key, a bad locale tag or history_days")
    # The tracking plan: a good one passes; a bad type name, attribute type, attribute name and key do not.
    plan = {"focus_session": {"title": {"en": "Focus"}, "attributes": {"minutes": "int", "category": "string?"}},
            "task_completed": {"attributes": {"category": "string?"}}, "custom_category_created": {}, "synced": None}
    if list(rules.iter_errors({"schema": 1, "events": plan})):
        found.append("self-check: the schema refuses a good tracking plan")
    for wrong in [{"Focus": {}}, {"focus": {"attributes": {"minutes": "integer"}}}, {"focus": {"attributes": {"at": "timestamp"}}},
                  {"focus": {"titel": "Focus"}}]:
        if not list(rules.iter_errors({"schema": 1, "events": wrong})):
            found.append(f"self-check: the schema accepts the plan {json.dumps(wrong)}")
    for line in found:
        print(line)
    print(f"schema: {len(files) + 1} files checked, {len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
