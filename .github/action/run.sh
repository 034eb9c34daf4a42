#!/usr/bin/env bash
# The Action's run step: `rulecheck COMMAND --format github ARGS...` in the working directory;
# annotations go to the log, the job summary to $GITHUB_STEP_SUMMARY (rulecheck appends it), the
# exit status to $GITHUB_OUTPUT (exit-code) and to the step.
set -uo pipefail
command=${RULECHECK_COMMAND:-validate}
case "$command" in
  validate | test | diff) ;;
  *) echo "::error title=rulecheck::input 'command' is '$command'; it is validate, test or diff"; exit 2 ;;
esac
# The arguments split at spaces, without glob expansion.
set -f
# shellcheck disable=SC2206
args=(${RULECHECK_ARGS:-})
set +f
echo "rulecheck $command --format github ${args[*]}"
rulecheck "$command" --format github "${args[@]}"
status=$?
echo "exit-code=$status" >> "$GITHUB_OUTPUT"
exit $status
