#!/bin/sh
# Installs a release of rulecheck (the folder this script is in) under PREFIX, where shells and
# `man` look: PREFIX/bin, share/man/man1, share/bash-completion/completions,
# share/zsh/site-functions, share/fish/vendor_completions.d, and share/doc/rulecheck.
# Usage: ./install.sh [PREFIX]   (default /usr/local)
set -eu
prefix=${1:-/usr/local}
from=$(cd "$(dirname "$0")" && pwd)
install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
  "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d" "$prefix/share/doc/rulecheck"
install -m 755 "$from/bin/rulecheck" "$prefix/bin/rulecheck"
install -m 644 "$from/share/man/man1/rulecheck.1" "$prefix/share/man/man1/rulecheck.1"
install -m 644 "$from/share/bash-completion/completions/rulecheck" "$prefix/share/bash-completion/completions/rulecheck"
install -m 644 "$from/share/zsh/site-functions/_rulecheck" "$prefix/share/zsh/site-functions/_rulecheck"
install -m 644 "$from/share/fish/vendor_completions.d/rulecheck.fish" "$prefix/share/fish/vendor_completions.d/rulecheck.fish"
install -m 644 "$from/README.md" "$from/LICENSE" "$from/CHANGELOG.md" "$prefix/share/doc/rulecheck/"
echo "installed rulecheck in $prefix/bin ($("$prefix/bin/rulecheck" --version))"
