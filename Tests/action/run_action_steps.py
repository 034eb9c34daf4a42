#!/usr/bin/env python3
"""Runs the composite Action of action.yml locally, step by step, as the GitHub runner does:
inputs (with their defaults) substituted into each step's env, `shell: bash` as
`bash --noprofile --norc -eo pipefail`, a fresh GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and GITHUB_PATH
file per step, GITHUB_PATH entries put on PATH for the steps after, the action's outputs taken
from the steps' outputs. Then checks the scenarios below against a tarball made by `make dist`.

Usage: Tests/action/run_action_steps.py DIST_FOLDER
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXPRESSION = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")


def run_action(inputs, workspace, runner_temp):
    """Runs action.yml's steps with `inputs`; returns the steps' results and the action's outputs."""
    with open(os.path.join(REPO, "action.yml"), encoding="utf-8") as f:
        action = yaml.safe_load(f)
    values = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    unknown = set(inputs) - set(values)
    assert not unknown, f"inputs not in action.yml: {unknown}"
    values.update(inputs)
    steps_outputs = {}
    path_entries = []
    results = []

    def expand(text):
        def value(match):
            name = match.group(1)
            if name.startswith("inputs."):
                return values[name[len("inputs."):]]
            if name == "github.action_repository":
                return ""  # as when the action is used from its own repository
            if name == "github.action_path":
                return REPO
            if name.startswith("steps."):
                _, step, _, output = name.split(".", 3)
                return steps_outputs.get(step, {}).get(output, "")
            raise AssertionError(f"expression not known to the harness: {name}")
        return EXPRESSION.sub(value, str(text))

    assert action["runs"]["using"] == "composite"
    for index, step in enumerate(action["runs"]["steps"]):
        files = {key: os.path.join(runner_temp, f"step{index}-{key}") for key in ("output", "summary", "path")}
        for file in files.values():
            open(file, "w").close()
        env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_REPOSITORY",)}
        env.update({"GITHUB_ACTION_PATH": REPO, "GITHUB_WORKSPACE": workspace, "RUNNER_TEMP": runner_temp,
                    "GITHUB_OUTPUT": files["output"], "GITHUB_STEP_SUMMARY": files["summary"],
                    "GITHUB_PATH": files["path"], "CI": "true", "GITHUB_ACTIONS": "true"})
        env["PATH"] = os.pathsep.join(list(reversed(path_entries)) + [env.get("PATH", "")])
        env.update({key: expand(value) for key, value in step.get("env", {}).items()})
        assert step["shell"] == "bash"
        script = os.path.join(runner_temp, f"step{index}.sh")
        with open(script, "w", encoding="utf-8") as f:
            f.write(expand(step["run"]))
        cwd = os.path.join(workspace, expand(step.get("working-directory", ".")))
        done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], cwd=cwd, env=env,
                              capture_output=True, text=True, timeout=600)
        outputs = dict(line.split("=", 1) for line in open(files["output"], encoding="utf-8").read().splitlines() if "=" in line)
        steps_outputs[step.get("id", f"step{index}")] = outputs
        path_entries += [line for line in open(files["path"], encoding="utf-8").read().splitlines() if line]
        results.append({"id": step.get("id"), "status": done.returncode, "stdout": done.stdout, "stderr": done.stderr,
                        "outputs": outputs, "summary": open(files["summary"], encoding="utf-8").read()})
        if done.returncode != 0:
            break
    action_outputs = {name: expand(spec["value"]) for name, spec in action.get("outputs", {}).items()}
    return results, action_outputs, path_entries


def rules_repository(root):
    """A repository of rules: Lifer's rules and tests, their state files, a workspace file."""
    os.makedirs(os.path.join(root, "rules"))
    shutil.copytree(os.path.join(REPO, "rules", "lifer"), os.path.join(root, "rules", "lifer"))
    shutil.copytree(os.path.join(REPO, "examples", "lifer"), os.path.join(root, "examples", "lifer"))
    with open(os.path.join(root, "rulecheck.yaml"), "w", encoding="utf-8") as f:
        f.write("schema: 1\nrulesets:\n  lifer: [rules/lifer]\n")


def check(condition, message, *details):
    if not condition:
        for detail in details:
            print(detail, file=sys.stderr)
        sys.exit(f"action-check: {message}")


def version_line():
    source = open(os.path.join(REPO, "Sources", "Diagnostics", "RulecheckVersion.swift"), encoding="utf-8").read()
    tool = re.search(r'static let tool = "([^"]+)"', source).group(1)
    contract = re.search(r'static let contract = "([^"]+)"', source).group(1)
    return f"rulecheck {tool} (contract {contract})"


def main():
    dist = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "dist"))
    tarballs = glob.glob(os.path.join(dist, "rulecheck-*.tar.gz"))
    check(len(tarballs) == 1, f"expected one tarball in {dist}")
    tarball = tarballs[0]
    with tempfile.TemporaryDirectory() as scratch:
        workspace, temp = os.path.join(scratch, "work"), os.path.join(scratch, "runner")
        os.makedirs(temp)
        rules_repository(workspace)

        # validate from the tarball at a file:// URL, the version that of the action's sources.
        steps, outputs, path = run_action({"command": "validate", "tarball": "file://" + tarball}, workspace, temp)
        check([s["status"] for s in steps] == [0, 0], "validate did not pass", *[s["stdout"] + s["stderr"] for s in steps])
        check(outputs["version"] == version_line(), f"version output is {outputs['version']!r}")
        check(outputs["exit-code"] == "0", f"exit-code output is {outputs['exit-code']!r}")
        check(len(path) == 1 and path[0].startswith(temp) and os.path.isfile(os.path.join(path[0], "rulecheck")),
              f"GITHUB_PATH is {path}")
        check(steps[1]["summary"].startswith("### rulecheck validate\n\n✅ 0 errors, 0 warnings in 3 files"),
              "no validate job summary", steps[1]["summary"])

        # test with a failing expectation, from a plain path and with args: exit 1, annotations, summary.
        tests = os.path.join(workspace, "rules", "lifer", "tests.yaml")
        text = open(tests, encoding="utf-8").read()
        with open(tests, "w", encoding="utf-8") as f:
            f.write(text.replace("      points: 10\n", "      points: 11\n", 1))
        steps, outputs, _ = run_action({"command": "test", "args": "--ruleset lifer", "tarball": tarball}, workspace, temp)
        check([s["status"] for s in steps] == [0, 1], "test did not fail as it should", *[s["stdout"] + s["stderr"] for s in steps])
        check(outputs["exit-code"] == "1", f"exit-code output is {outputs['exit-code']!r}")
        check("::error file=rules/lifer/tests.yaml,line=" in steps[1]["stdout"], "no annotation", steps[1]["stdout"])
        check("#### Failures" in steps[1]["summary"] and "expected `11`, got `10`" in steps[1]["summary"],
              "no failure in the job summary", steps[1]["summary"])

        # A command the action does not run: exit 2 before rulecheck runs.
        steps, _, _ = run_action({"command": "lint", "tarball": tarball}, workspace, temp)
        check(steps[-1]["status"] == 2 and "validate, test or diff" in steps[-1]["stdout"], "bad command accepted",
              steps[-1]["stdout"])

        # A version the tarball is not, and a tarball that does not match its SHA256SUMS: no install.
        steps, _, _ = run_action({"version": "9.9.9", "tarball": tarball}, workspace, temp)
        check(len(steps) == 1 and steps[0]["status"] != 0 and "::error title=rulecheck install::" in steps[0]["stdout"],
              "installed a tarball of another version", steps[0]["stdout"])
        bad = os.path.join(scratch, "bad")
        os.makedirs(bad)
        shutil.copy(tarball, bad)
        with open(os.path.join(bad, "SHA256SUMS"), "w", encoding="utf-8") as f:
            f.write("0" * 64 + "  " + os.path.basename(tarball) + "\n")
        steps, _, _ = run_action({"tarball": os.path.join(bad, os.path.basename(tarball))}, workspace, temp)
        check(len(steps) == 1 and "does not match its SHA256SUMS" in steps[0]["stdout"], "checksum not checked",
              steps[0]["stdout"])
    print("action-check: install from a tarball, validate and test with annotations, job summaries and outputs")


if __name__ == "__main__":
    main()
