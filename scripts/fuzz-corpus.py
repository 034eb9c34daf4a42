#!/usr/bin/env python3
"""Writes the seed corpora of `make fuzz` from the repository's rules, catalogs, examples and
test fixtures: one folder per fuzz target under OUT (default .build-fuzz/corpus), one file per
seed named by its content's hash, so running it again adds nothing twice."""
import hashlib
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / ".build-fuzz" / "corpus"

YAML_FOLDERS = ["rules", "catalogs", "examples", "Tests/RulecheckCLITests/Cases", "Tests/YAMLSourceTests/Fixtures",
                "Tests/RulesTests/Fixtures"]
STATE_FOLDERS = ["examples", "Tests/RulecheckCLITests/Cases", "Tests/EvaluationTests/Fixtures", "Tests/FactsTests/Fixtures"]
EXPRESSION = re.compile(r"^\s*-?\s*(when|counts|day|progress|current|target|holds)\s*:\s*(.+?)\s*$")
CEL_EVAL_SEEDS = [
    "x + 1", "d * 2.0", "s.size() > 3", "s.matches('h.*o')", "l.map(v, v * x).filter(v, v % 2 == 0).size()",
    "l.exists(v, v > x) && l.all(v, v > 0)", "m.a == 1 || m.b == 'two'", "int(d) + x", "string(x) + s",
    "[1, 2, 3].size() == 3 ? 'yes' : 'no'", "{'k': x}.k", "duration('1h') + duration('30m')",
    "timestamp('2026-01-05T10:00:00Z') + duration('24h')", "has(m.a)", "l[0] + l[9]", "s.contains('world')",
    "double(x) / 3.0", "uint(x) * 2u", "x in l", "l.size() > 0 && s.startsWith('he')",
]


def write(target, data):
    folder = OUT / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def files(folders, suffixes):
    for folder in folders:
        base = ROOT / folder
        if base.is_dir():
            for path in sorted(base.rglob("*")):
                if path.is_file() and path.suffix in suffixes and path.stat().st_size <= 1 << 20:
                    yield path


def unquote(text):
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text


def main():
    counts = {}
    for path in files(YAML_FOLDERS, {".yaml", ".yml"}):
        data = path.read_bytes()
        write("yaml", data)
        write("rules", data)
        for line in data.decode("utf-8", "replace").splitlines():
            match = EXPRESSION.match(line)
            if match and match.group(2) not in ("|", ">"):
                write("cel", unquote(match.group(2)).encode())
    for expression in CEL_EVAL_SEEDS:
        write("cel-eval", expression.encode())
        write("cel", expression.encode())
    # `lsp`: a file number, then an edit at (line, character) inserting the expression, a request
    # of each kind at the same place, a save and an idle moment (LanguageServerScript).
    for number, expression in enumerate(CEL_EVAL_SEEDS):
        text = expression.encode()[:31]
        script = bytes([number, 0, 24, 18, 0, len(text)]) + text
        script += b"".join(bytes([1, method, 24, 18 + number % 20]) for method in range(8)) + bytes([2, 3])
        write("lsp", script)
    for path in files(STATE_FOLDERS, {".json", ".yaml", ".yml"}):
        if path.name in ("expect.json", "tests.yaml") or "rules" in path.parts:
            continue
        data = path.read_bytes()
        write("state", data)
        if path.suffix == ".json":
            write("eval", data)
    regressions = ROOT / "Tests" / "FuzzRegressions"
    for path in sorted(regressions.glob("*")) if regressions.is_dir() else []:
        target = next((t for t in ("cel-eval", "yaml", "rules", "cel", "state", "eval", "lsp") if path.name.startswith(t + "-")), None)
        if target:
            write(target, path.read_bytes())
    for target in ("yaml", "rules", "cel", "cel-eval", "state", "eval", "lsp"):
        counts[target] = len(list((OUT / target).iterdir())) if (OUT / target).is_dir() else 0
    print("seed corpora in %s: %s" % (OUT, ", ".join("%s %d" % item for item in counts.items())))


main()
