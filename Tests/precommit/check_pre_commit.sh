#!/bin/sh
# The hooks of .pre-commit-hooks.yaml run by pre-commit itself (from PyPI when missing) in a
# temporary repository of rules, as a user's repository would use them (`pre-commit try-repo`
# reads this repository's hooks file): both pass on good rules; validate fails on a rule error;
# test fails on a wrong expectation. Usage: Tests/precommit/check_pre_commit.sh RULECHECK_BINARY
set -eu
binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
repo=$(cd "$(dirname "$0")/../.." && pwd)
fail() { echo "pre-commit-check: $*" >&2; exit 1; }

python3 -m pre_commit --version >/dev/null 2>&1 || {
  echo "pre-commit-check: installing pre-commit from PyPI"
  python3 -m pip install --quiet pre-commit || fail "cannot install pre-commit"
}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/bin" "$scratch/rules"
ln -s "$binary" "$scratch/bin/rulecheck"
export PATH="$scratch/bin:$PATH" PRE_COMMIT_HOME="$scratch/cache"

# A repository of rules: Lifer's rules and tests, the state files they read, a workspace file.
work="$scratch/rules"
mkdir -p "$work/rules" "$work/examples"
cp -R "$repo/rules/lifer" "$work/rules/lifer"
cp -R "$repo/examples/lifer" "$work/examples/lifer"
printf 'schema: 1\nrulesets:\n  lifer: [rules/lifer]\n' > "$work/rulecheck.yaml"
cd "$work"
git init -q .
git -c user.name=check -c user.email=check@example.invalid add -A
git -c user.name=check -c user.email=check@example.invalid commit -qm rules

run() { python3 -m pre_commit try-repo "$repo" "$1" --all-files > "$scratch/out" 2>&1; }
for hook in rulecheck-validate rulecheck-test; do
  run $hook || { cat "$scratch/out"; fail "$hook failed on good rules"; }
  grep -q "Passed" "$scratch/out" || { cat "$scratch/out"; fail "$hook did not run"; }
done

# A wrong expectation: the rules still validate, a rule test fails.
sed -i.bak 's/^      points: 10$/      points: 11/' rules/lifer/tests.yaml && rm rules/lifer/tests.yaml.bak
git add -A
run rulecheck-validate || { cat "$scratch/out"; fail "rulecheck-validate failed on a wrong test expectation"; }
if run rulecheck-test; then cat "$scratch/out"; fail "rulecheck-test passed a failing rule test"; fi
grep -q "points: expected 11, got 10" "$scratch/out" || { cat "$scratch/out"; fail "rulecheck-test did not show the failure"; }
git checkout -q -- rules/lifer/tests.yaml

# A rule error: validate fails and names it.
sed -i.bak '0,/when: /s/when: /when: metrics.no_such_metric > 0 || /' rules/lifer/rules.yaml && rm rules/lifer/rules.yaml.bak
git add -A
if run rulecheck-validate; then cat "$scratch/out"; fail "rulecheck-validate passed a broken rule file"; fi
grep -q "rules/lifer/rules.yaml:[0-9]*:[0-9]*: error\[" "$scratch/out" || { cat "$scratch/out"; fail "no error with its place"; }
echo "pre-commit-check: rulecheck-validate and rulecheck-test pass on good rules and fail on broken ones"
