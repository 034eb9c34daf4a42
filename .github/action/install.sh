#!/usr/bin/env bash
# The Action's install step: puts rulecheck on the job's PATH ($GITHUB_PATH) and writes its
# `--version` to $GITHUB_OUTPUT. From a release tarball (RULECHECK_TARBALL, else the release
# RULECHECK_VERSION of RULECHECK_REPOSITORY on GitHub, checked against its SHA256SUMS), or, with
# RULECHECK_VERSION=source, built from the action's own checkout with Swift.
set -euo pipefail
fail() { echo "::error title=rulecheck install::$*"; exit 1; }
action=${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/../.." && pwd)}
version=${RULECHECK_VERSION:-}
version=${version#v}
if [ -z "$version" ]; then
  # The release of this checkout of the action: its one declaration in the sources.
  version=$(sed -n 's/^    public static let tool = "\(.*\)"$/\1/p' "$action/Sources/Diagnostics/RulecheckVersion.swift")
  [ -n "$version" ] || fail "cannot tell the release of the action; set the input 'version'"
fi
tools=${RUNNER_TEMP:-${TMPDIR:-/tmp}}/rulecheck-$version
mkdir -p "$tools"

if [ "$version" = source ]; then
  command -v swift >/dev/null || fail "version 'source' needs Swift on the runner (swift-actions/setup-swift)"
  pkg-config --exists yaml-0.1 2>/dev/null || sudo apt-get install -y -qq libyaml-dev pkg-config >/dev/null
  swift build -c release --static-swift-stdlib --product rulecheck --package-path "$action"
  bin=$(swift build -c release --static-swift-stdlib --product rulecheck --package-path "$action" --show-bin-path)
else
  [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "version '$version' is not a release such as 1.0.0, nor 'source'"
  [ "$(uname -s)" = Linux ] || fail "release tarballs are for Linux; on $(uname -s) use version: source"
  name="rulecheck-$version-linux-$(uname -m)"
  url=${RULECHECK_TARBALL:-}
  if [ -z "$url" ]; then
    repository=${RULECHECK_REPOSITORY:-${GITHUB_REPOSITORY:-}}
    [ -n "$repository" ] || fail "no repository to download the release from; set the input 'tarball'"
    url="${GITHUB_SERVER_URL:-https://github.com}/$repository/releases/download/v$version/$name.tar.gz"
  fi
  case "$url" in *://*) ;; *) url="file://$(cd "$(dirname "$url")" && pwd)/$(basename "$url")" ;; esac
  echo "downloading $url"
  curl -fsSL "$url" -o "$tools/$name.tar.gz" || fail "cannot download $url"
  # The checksums published beside the tarball, when there are any.
  if curl -fsSL "${url%/*}/SHA256SUMS" -o "$tools/SHA256SUMS" 2>/dev/null; then
    expected=$(awk -v f="$name.tar.gz" '$2 == f { print $1 }' "$tools/SHA256SUMS")
    actual=$(sha256sum "$tools/$name.tar.gz" | cut -d' ' -f1)
    [ -n "$expected" ] || fail "SHA256SUMS beside $url does not list $name.tar.gz"
    [ "$expected" = "$actual" ] || fail "$name.tar.gz does not match its SHA256SUMS"
  fi
  tar -C "$tools" -xzf "$tools/$name.tar.gz" || fail "$url is not a rulecheck tarball"
  bin="$tools/$name/bin"
  [ -x "$bin/rulecheck" ] || fail "$url holds no $name/bin/rulecheck"
  # Release tarballs link libyaml in; one built where libyaml.a was missing needs the shared library.
  if ldd "$bin/rulecheck" 2>/dev/null | grep -q 'libyaml.*not found'; then
    sudo apt-get install -y -qq libyaml-0-2 >/dev/null || fail "rulecheck needs libyaml (apt install libyaml-0-2)"
  fi
fi

reported=$("$bin/rulecheck" --version) || fail "$bin/rulecheck does not run"
if [ "$version" != source ] && [ "$reported" = "${reported#rulecheck $version }" ]; then
  fail "the tarball holds '$reported', not release $version"
fi
echo "$bin" >> "$GITHUB_PATH"
echo "version=$reported" >> "$GITHUB_OUTPUT"
echo "installed $reported in $bin"
