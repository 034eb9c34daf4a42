#!/bin/sh
# Lays out a release of rulecheck in STAGE/rulecheck-VERSION-linux-ARCH/ (what `make dist` packs
# and `make install` installs): the binary, the man page, the completions of bash, zsh and fish,
# README, LICENSE, CHANGELOG and install.sh. The version is the one the binary reports, which is
# the one declared in the sources (Sources/Diagnostics/RulecheckVersion.swift).
# Usage: scripts/stage-release.sh BINARY MANUAL STAGE   (prints the release folder's path)
set -eu
binary=$1 manual=$2 stage=$3
version=$("$binary" --version | sed -n 's/^rulecheck \([0-9][0-9.]*\) (contract .*)$/\1/p')
[ -n "$version" ] || { echo "stage-release: cannot read the version from '$binary --version'" >&2; exit 1; }
os=$(uname -s | tr 'A-Z' 'a-z')
arch=$(uname -m)
name="rulecheck-$version-$os-$arch"
root="$stage/$name"
rm -rf "$root"
mkdir -p "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
  "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d"
cp "$binary" "$root/bin/rulecheck"
strip "$root/bin/rulecheck" 2>/dev/null || true
cp "$manual" "$root/share/man/man1/rulecheck.1"
"$binary" completions bash > "$root/share/bash-completion/completions/rulecheck"
"$binary" completions zsh > "$root/share/zsh/site-functions/_rulecheck"
"$binary" completions fish > "$root/share/fish/vendor_completions.d/rulecheck.fish"
here=$(dirname "$0")
cp "$here/../README.md" "$here/../LICENSE" "$here/../CHANGELOG.md" "$root/"
cp "$here/install.sh" "$root/install.sh"
chmod 755 "$root/bin/rulecheck" "$root/install.sh"
echo "$root"
