"""`make spark-example`: backfill a folder of NDJSON states on Spark (local[2]) through
`rulecheck eval --batch`, then check that the decisions are the lines `--batch` writes alone.

Generates STATES (8 files: the TaskMate example users under many ids, and 100-event TaskMate
histories), runs backfill.py, runs `rulecheck eval --batch` over the same files in the same order,
and compares: the same lines, in the same order (Spark keeps file order within and across its
partitions, and rulecheck keeps input order). Prints the figures; exits 1 on any difference.
"""
import argparse
import datetime
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
EXAMPLES = ["new_user", "long_time_user", "showcase", "traveller"]


def hundred_events(user):
    """A TaskMate state of 100 events over ten days (as `rulecheck-bench` generates them)."""
    start = 1_767_225_600 + (user % 50) * 86_400  # 2026-01-01T08:00:00+08:00
    zone = datetime.timezone(datetime.timedelta(hours=8))

    def stamp(seconds):
        return datetime.datetime.fromtimestamp(seconds, zone).isoformat()

    kinds = ["focus_session", "task_completed", "task_created"]
    events = []
    for index in range(100):
        event = {"type": kinds[index % 3], "at": stamp(start + index * 8_640)}
        if event["type"] == "focus_session":
            event["minutes"] = 25
        events.append(event)
    return {"schema": 1, "user": {"id": f"user{user}", "timezone": "Asia/Shanghai"},
            "now": stamp(start + 11 * 86_400), "events": events}


def write_states(folder, files, lines_per_file):
    os.makedirs(folder)
    examples = [json.load(open(os.path.join(ROOT, "examples/taskmate", f"{name}.json"))) for name in EXAMPLES]
    user = 0
    for number in range(files):
        with open(os.path.join(folder, f"states-{number:02d}.ndjson"), "w") as out:
            for line in range(lines_per_file):
                if line % 10 == 0:
                    state = dict(examples[(user // 10) % len(examples)])
                    state["user"] = dict(state["user"], id=f"example{user}")
                else:
                    state = hundred_events(user)
                out.write(json.dumps(state, ensure_ascii=False, separators=(",", ":")) + "\n")
                user += 1
    return user


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rulecheck", default=os.path.join(ROOT, ".build/release/rulecheck"))
    parser.add_argument("--files", type=int, default=8)
    parser.add_argument("--lines", type=int, default=1_000, help="states per file")
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="rulecheck-spark-")
    try:
        states = os.path.join(work, "states")
        count = write_states(states, arguments.files, arguments.lines)
        rules = os.path.join(ROOT, "rules/taskmate")

        started = time.monotonic()
        spark_out = os.path.join(work, "decisions")
        subprocess.run([sys.executable, os.path.join(HERE, "backfill.py"), "--rulecheck", arguments.rulecheck,
                        "--rules", rules, "--states", states, "--out", spark_out, "--master", "local[2]"],
                       check=True)
        spark_seconds = time.monotonic() - started
        parts = sorted(glob.glob(os.path.join(spark_out, "part-*")))
        spark_lines = [line for part in parts for line in open(part, encoding="utf-8").read().splitlines()]

        everything = os.path.join(work, "all.ndjson")
        with open(everything, "wb") as out:
            for path in sorted(glob.glob(os.path.join(states, "*.ndjson"))):
                out.write(open(path, "rb").read())
        started = time.monotonic()
        batch = subprocess.run([arguments.rulecheck, "eval", rules, "--batch", "--states", everything, "--jobs", "2"],
                               capture_output=True, check=False)
        batch_seconds = time.monotonic() - started
        batch_lines = batch.stdout.decode("utf-8").splitlines()

        print(f"spark-example: {count} states in {len(parts)} partitions; Spark local[2]: {spark_seconds:.1f} s "
              f"({count / spark_seconds:.0f} states/s, JVM start included); "
              f"eval --batch --jobs 2: {batch_seconds:.2f} s ({count / batch_seconds:.0f} states/s)")
        if batch.returncode != 0:
            print(f"spark-example: eval --batch exited {batch.returncode}: {batch.stderr.decode()[:500]}")
            return 1
        if len(spark_lines) != count or spark_lines != batch_lines:
            same_set = sorted(spark_lines) == sorted(batch_lines)
            print(f"spark-example: DIFFERENT: {len(spark_lines)} lines from Spark, {len(batch_lines)} from --batch "
                  f"(same lines in another order: {same_set})")
            return 1
        print(f"spark-example: the {count} decisions from Spark are the --batch lines, in the same order")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
