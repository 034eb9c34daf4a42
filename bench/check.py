#!/usr/bin/env python3
"""`make bench-check`: the products' benchmark figures against the thresholds in bench/thresholds.json.

Each figure is a count that does not depend on how busy the machine is: the instructions a whole
`rulecheck` process executes (valgrind's callgrind) or the heap blocks it allocates (valgrind's
memcheck summary), on fixed inputs — every product's long-time user, TaskMate's showcase, a
`--batch` of generated 100-event TaskMate states (the states of `rulecheck-bench products`) and of
copies of the long-time user, and `validate` of the workspace; and the peak heap (valgrind's
massif) of `validate` and of `eval` on a generated file of 4,000 achievements (docs/bad-input.md, rule
files), with the instructions of `eval` on 1,000 of them (planning a large rule set stays linear); and the
instructions of a `rulecheck lsp` editing session per keystroke (the check of the rule set, the
diagnostics, a completion).
Per-state figures are differences of two runs within this one check (a batch of N states less a
batch of one).

    python3 bench/check.py [--rulecheck PATH] [--update] [--only SUBSTRING] [--thresholds FILE]

Fails (exit 1) when a figure exceeds its stored value by more than the tolerance (10%), or exceeds
its ceiling (`ceilings` in the thresholds file: a target the figure must meet, such as the whole-process
start-up cost of `eval` on TaskMate's long-time user); prints
measured against stored for every figure. `--update` (`make bench-update`) writes the measured
figures as the new stored values: run it after a change that is meant to cost more (or that
saved enough to tighten the bound), and commit bench/thresholds.json with the change.
"""
import argparse
import concurrent.futures
import datetime
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
THRESHOLDS = ROOT / "bench" / "thresholds.json"
BATCH_STATES = 100
LONG_TIME_COPIES = 20
LARGE_RULE_FILE_ACHIEVEMENTS = 4_000
PLANNED_RULE_FILE_ACHIEVEMENTS = 1_000
ONE_EVENT_STATE = ('{"schema": 1, "user": {"id": "u", "timezone": "UTC"}, "now": "2026-01-02T10:00:00Z", '
                   '"events": [{"type": "focus_session", "at": "2026-01-01T10:00:00Z", "minutes": 30}]}')


def timestamp(seconds):
    """RFC 3339 in +08:00, as rulecheck-bench's HistoryText writes it."""
    local = seconds + 28_800
    days, rest = divmod(local, 86_400)
    day = datetime.date(1970, 1, 1) + datetime.timedelta(days=days)
    return f"{day.year:04d}-{day.month:02d}-{day.day:02d}T{rest // 3600:02d}:{rest % 3600 // 60:02d}:{rest % 60:02d}+08:00"


def hundred_events(user):
    """The 100-event TaskMate state of `rulecheck-bench products` (HistoryText.hundredEvents), one line."""
    start = 1_767_225_600 + (user % 50) * 86_400  # 2026-01-01T08:00:00+08:00
    kinds = ["focus_session", "task_completed", "task_created"]
    text = ('{"schema": 1, "user": {"id": "user%d", "timezone": "Asia/Shanghai"}, "now": "%s", "events": [\n'
            % (user, timestamp(start + 11 * 86_400)))
    for index in range(100):
        kind = kinds[index % 3]
        text += '{"type": "%s", "at": "%s"' % (kind, timestamp(start + index * 8_640))
        if kind == "focus_session":
            text += ', "minutes": 25'
        text += "},\n" if index + 1 < 100 else "}\n"
    text += "]}\n"
    return text.replace("\n", " ")


def large_rule_file(count):
    """The rule file of RuleFileMemoryTests.ruleFile(achievements:): `count` achievements, each
    with text fields, a CEL condition and a `meta` mapping."""
    text = ('schema: 1\nmetrics:\n  focus_minutes: events.filter(e, e.type == "focus_session")'
            '.map(e, e.minutes).sum()\nachievements:\n')
    for i in range(count):
        text += (f"  - id: badge_{i}\n    title: Badge number {i} for the focused\n"
                 f"    description: Finish {i} focus minutes in total to earn this badge of honour\n"
                 f"    category: focus\n    points: {i % 100}\n"
                 f'    when: metrics.focus_minutes >= {i + 1} && events.exists(e, e.type == "focus_session" && e.minutes > {i})\n'
                 f"    meta: {{ icon: clock_{i}, color: blue }}\n")
    return text


def one_line(path):
    return json.dumps(json.loads((ROOT / path).read_text(encoding="utf-8")), ensure_ascii=False)


LSP_EDITS = 21


def lsp_session(edits):
    """A `rulecheck lsp` session on TaskMate's achievements: open, then `edits` keystrokes that
    misspell and mend a metric, each followed by a completion after `metrics.` (which checks the
    change first), then shutdown and exit. As LanguageServerBench's session, through the pipe."""
    path = ROOT / "rules" / "taskmate" / "achievements.yaml"
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    row = next(i for i, line in enumerate(lines) if "metrics." in line)
    character = len(lines[row][: lines[row].index("metrics.") + len("metrics.")].encode("utf-16-le")) // 2
    uri = path.as_uri()
    messages = [
        {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"rootUri": ROOT.as_uri(), "capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen",
         "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}},
    ]
    at = {"line": row, "character": character}
    for edit in range(edits):
        end = {"line": row, "character": character + (edit % 2)}
        messages.append({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": edit + 2},
            "contentChanges": [{"range": {"start": at, "end": end}, "text": "x" if edit % 2 == 0 else ""}]}})
        messages.append({"jsonrpc": "2.0", "id": edit + 1, "method": "textDocument/completion",
                         "params": {"textDocument": {"uri": uri}, "position": at}})
    messages += [{"jsonrpc": "2.0", "id": edits + 1, "method": "shutdown"}, {"jsonrpc": "2.0", "method": "exit"}]
    framed = b""
    for message in messages:
        body = json.dumps(message).encode()
        framed += b"Content-Length: %d\r\n\r\n" % len(body) + body
    return framed


def workloads(folder):
    """name → (kind, arguments, stdin file or None)."""
    batch = folder / "batch.ndjson"
    batch.write_text("".join(hundred_events(user) + "\n" for user in range(BATCH_STATES)), encoding="utf-8")
    single = folder / "batch-1.ndjson"
    single.write_text(hundred_events(0) + "\n", encoding="utf-8")
    long_time = folder / "long-time.ndjson"
    long_time.write_text((one_line("examples/taskmate/long_time_user.json") + "\n") * LONG_TIME_COPIES, encoding="utf-8")
    long_time_single = folder / "long-time-1.ndjson"
    long_time_single.write_text(one_line("examples/taskmate/long_time_user.json") + "\n", encoding="utf-8")
    runs = {}
    for product in ["taskmate", "puzzle", "weekyii", "lifer", "skinlab"]:
        runs[f"eval {product} long_time_user"] = (
            ["eval", "--ruleset", product, "--state", f"examples/{product}/long_time_user.json", "--format", "json"], None)
    # The command as a user or a CI job types it: rule folder and state file by path, start-up
    # and command-line parsing included (docs/building.md says what the start costs).
    runs["eval rules/taskmate long_time_user"] = (
        ["eval", "rules/taskmate", "--state", "examples/taskmate/long_time_user.json", "--format", "json"], None)
    runs["eval taskmate showcase"] = (["eval", "--ruleset", "taskmate", "--state", "examples/taskmate/showcase.json"], None)
    batch_args = ["eval", "--ruleset", "taskmate", "--batch", "--jobs", "1"]
    runs[f"batch taskmate {BATCH_STATES} x 100 events"] = (batch_args, batch)
    runs["batch taskmate 1 x 100 events"] = (batch_args, single)
    runs[f"batch taskmate {LONG_TIME_COPIES} x long_time_user"] = (batch_args, long_time)
    runs["batch taskmate 1 x long_time_user"] = (batch_args, long_time_single)
    runs["validate workspace"] = (["validate"], None)
    large = folder / "large-rules"
    large.mkdir()
    (large / "rules.yaml").write_text(large_rule_file(LARGE_RULE_FILE_ACHIEVEMENTS), encoding="utf-8")
    runs["validate large rule file"] = (["validate", str(large)], None)
    state = folder / "one-event.json"
    state.write_text(ONE_EVENT_STATE, encoding="utf-8")
    runs["eval large rule file"] = (["eval", str(large), "--state", str(state), "--format", "json"], None)
    planned = folder / "planned-rules"
    planned.mkdir()
    (planned / "rules.yaml").write_text(large_rule_file(PLANNED_RULE_FILE_ACHIEVEMENTS), encoding="utf-8")
    runs["eval planned rule file"] = (["eval", str(planned), "--state", str(state), "--format", "json"], None)
    for edits in (1, LSP_EDITS):
        session = folder / f"lsp-{edits}.bin"
        session.write_bytes(lsp_session(edits))
        runs[f"lsp taskmate {edits} edits"] = (["lsp"], session)
    return runs


# Figures: name → (tool, workload); derived figures are computed from measured ones.
FIGURES = {
    "eval taskmate long_time_user: instructions": ("callgrind", "eval taskmate long_time_user"),
    "eval puzzle long_time_user: instructions": ("callgrind", "eval puzzle long_time_user"),
    "eval weekyii long_time_user: instructions": ("callgrind", "eval weekyii long_time_user"),
    "eval lifer long_time_user: instructions": ("callgrind", "eval lifer long_time_user"),
    "eval skinlab long_time_user: instructions": ("callgrind", "eval skinlab long_time_user"),
    "eval rules/taskmate long_time_user (by path): instructions": ("callgrind", "eval rules/taskmate long_time_user"),
    "eval taskmate showcase (text): instructions": ("callgrind", "eval taskmate showcase"),
    f"batch {BATCH_STATES} TaskMate 100-event states: instructions": ("callgrind", f"batch taskmate {BATCH_STATES} x 100 events"),
    "batch 1 TaskMate 100-event state: instructions": ("callgrind", "batch taskmate 1 x 100 events"),
    f"batch {LONG_TIME_COPIES} TaskMate long-time users: instructions": ("callgrind", f"batch taskmate {LONG_TIME_COPIES} x long_time_user"),
    "batch 1 TaskMate long-time user: instructions": ("callgrind", "batch taskmate 1 x long_time_user"),
    "validate workspace: instructions": ("callgrind", "validate workspace"),
    "eval taskmate long_time_user: heap allocations": ("memcheck", "eval taskmate long_time_user"),
    f"batch {BATCH_STATES} TaskMate 100-event states: heap allocations": ("memcheck", f"batch taskmate {BATCH_STATES} x 100 events"),
    f"validate {LARGE_RULE_FILE_ACHIEVEMENTS:,} achievements (1.3 MB): peak heap bytes": ("massif", "validate large rule file"),
    f"eval {LARGE_RULE_FILE_ACHIEVEMENTS:,} achievements (1.3 MB), one event: peak heap bytes": ("massif", "eval large rule file"),
    f"eval {PLANNED_RULE_FILE_ACHIEVEMENTS:,} achievements (330 kB), one event: instructions": ("callgrind", "eval planned rule file"),
    f"lsp TaskMate session of {LSP_EDITS} keystrokes: instructions": ("callgrind", f"lsp taskmate {LSP_EDITS} edits"),
    "lsp TaskMate session of 1 keystroke: instructions": ("callgrind", "lsp taskmate 1 edits"),
}
DERIVED = {  # name → (batch of N states, batch of one such state, N − 1)
    "per TaskMate 100-event batch state: instructions": (
        f"batch {BATCH_STATES} TaskMate 100-event states: instructions", "batch 1 TaskMate 100-event state: instructions",
        BATCH_STATES - 1),
    "per TaskMate long-time user in a batch: instructions": (
        f"batch {LONG_TIME_COPIES} TaskMate long-time users: instructions", "batch 1 TaskMate long-time user: instructions",
        LONG_TIME_COPIES - 1),
    "per lsp TaskMate keystroke (check, diagnostics, completion): instructions": (
        f"lsp TaskMate session of {LSP_EDITS} keystrokes: instructions", "lsp TaskMate session of 1 keystroke: instructions",
        LSP_EDITS - 1),
}


def environment():
    # Swift seeds its hashing per process; a fixed seed makes the counts repeat run after run.
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "SWIFT_DETERMINISTIC_HASHING": "1"}


def measure(tool, rulecheck, arguments, stdin):
    if tool == "massif":
        return peak_heap(rulecheck, arguments)
    if tool == "callgrind":
        options = ["--tool=callgrind", "--callgrind-out-file=/dev/null"]
        pattern = r"Collected : (\d+)"
    else:
        options = ["--tool=memcheck", "--leak-check=no"]
        pattern = r"total heap usage: ([\d,]+) allocs"
    command = ["valgrind", *options, str(rulecheck), *arguments]
    with open(stdin, "rb") if stdin else open(os.devnull, "rb") as source:
        run = subprocess.run(command, cwd=ROOT, env=environment(), stdin=source,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if run.returncode not in (0, 1):  # eval exits 1 when the rules warn; anything else is wrong
        sys.exit(f"bench-check: {' '.join(arguments)} exited {run.returncode}:\n{run.stderr[-2000:]}")
    found = re.search(pattern, run.stderr)
    if not found:
        sys.exit(f"bench-check: no {tool} figure for {' '.join(arguments)}:\n{run.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def without_debug_info(rulecheck, folder):
    """A copy of the binary without its debug sections: valgrind 3.19 cannot read the DWARF 5
    forms clang writes for C targets (swift-atomics' shims) and gives up; the counts do not
    depend on debug information."""
    strip = shutil.which("strip")
    if not strip:
        return rulecheck
    copy = folder / "rulecheck"
    shutil.copy2(rulecheck, copy)
    subprocess.run([strip, "--strip-debug", str(copy)], check=True)
    return copy


def peak_heap(rulecheck, arguments):
    """The largest heap (bytes asked for, plus the allocator's overhead) massif saw."""
    with tempfile.NamedTemporaryFile(prefix="rulecheck-massif-") as out:
        command = ["valgrind", "--tool=massif", f"--massif-out-file={out.name}", str(rulecheck), *arguments]
        run = subprocess.run(command, cwd=ROOT, env=environment(), stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if run.returncode not in (0, 1):
            sys.exit(f"bench-check: {' '.join(arguments)} exited {run.returncode}:\n{run.stderr[-2000:]}")
        text = pathlib.Path(out.name).read_text()
    heap = [int(v) for v in re.findall(r"^mem_heap_B=(\d+)", text, re.M)]
    extra = [int(v) for v in re.findall(r"^mem_heap_extra_B=(\d+)", text, re.M)]
    if not heap:
        sys.exit(f"bench-check: no massif snapshot for {' '.join(arguments)}")
    return max(h + e for h, e in zip(heap, extra))


def shown(name, value):
    if name.endswith("instructions"):
        return f"{value / 1e6:,.3f} M"
    return f"{value / 1e6:,.1f} MB" if name.endswith("bytes") else f"{value:,}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rulecheck", default=str(ROOT / ".build/release/rulecheck"))
    parser.add_argument("--update", action="store_true", help="store the measured figures as the thresholds")
    parser.add_argument("--only", help="measure only the figures whose name contains this")
    parser.add_argument("--thresholds", default=str(THRESHOLDS), help="the stored figures (bench/thresholds.json)")
    options = parser.parse_args()
    rulecheck = pathlib.Path(options.rulecheck)
    if not rulecheck.is_file():
        sys.exit(f"bench-check: {rulecheck} not found (make release)")
    if not shutil.which("valgrind"):
        sys.exit("bench-check: valgrind not found (apt-get install valgrind)")
    thresholds = pathlib.Path(options.thresholds)
    stored = json.loads(thresholds.read_text()) if thresholds.exists() else {"tolerance": 0.10, "figures": {}}
    tolerance = stored.get("tolerance", 0.10)
    measured = {}
    with tempfile.TemporaryDirectory(prefix="rulecheck-bench-check-") as folder:
        rulecheck = without_debug_info(rulecheck, pathlib.Path(folder))
        runs = workloads(pathlib.Path(folder))
        wanted = [name for name in FIGURES if not options.only or options.only in name or any(
            options.only in derived and name in sources for derived, sources in DERIVED.items())]
        # Two processes at a time: each count is the process's own, whatever runs beside it.
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            futures = {name: pool.submit(measure, FIGURES[name][0], rulecheck, *runs[FIGURES[name][1]]) for name in wanted}
            measured = {name: futures[name].result() for name in wanted}
    for name, (total, single, more) in DERIVED.items():
        if total in measured and single in measured:
            measured[name] = (measured[total] - measured[single]) // more
    if options.only:
        measured = {name: value for name, value in measured.items() if options.only in name}

    failures = 0
    ceilings = stored.get("ceilings", {})
    width = max(len(name) for name in measured)
    print(f"{'figure':<{width}}  {'measured':>14}  {'stored':>14}  change  (fails above +{tolerance:.0%})")
    for name, value in measured.items():
        bound = stored["figures"].get(name)
        if bound is None:
            verdict, change = "new", ""
        else:
            ratio = value / bound - 1
            change = f"{ratio:+.1%}"
            verdict = "REGRESSION" if ratio > tolerance else "ok"
        # A ceiling is a target the figure must meet whatever was stored (`--update` keeps it).
        if name in ceilings and value > ceilings[name]:
            verdict = f"OVER CEILING {shown(name, ceilings[name])}"
        failures += verdict != "ok" and verdict != "new"
        print(f"{name:<{width}}  {shown(name, value):>14}  {shown(name, bound) if bound else '-':>14}  {change:>6}  {verdict}")
    if options.update:
        figures = dict(stored["figures"])
        figures.update(measured)
        stored["figures"] = figures
        thresholds.write_text(json.dumps(stored, indent=2) + "\n")
        print(f"bench-check: stored {len(measured)} figures in {thresholds}")
        return 0
    if failures:
        print(f"bench-check: {failures} figure(s) more than {tolerance:.0%} over {thresholds} or over a ceiling "
              "(a deliberate cost: `make bench-update` and commit the file; a ceiling is a target and stays)")
        return 1
    print("bench-check: every figure within its threshold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
