#!/bin/sh
# Installs the gputop binary for this machine from a release directory, checking its SHA-256.
#
#   sh install.sh BASE_URL [DIR]
#
# BASE_URL is where `deno task compile` output was published (it holds gputop-<target> and
# SHA256SUMS); DIR defaults to ~/.local/bin. The binary is chosen by `uname -s` / `uname -m`,
# downloaded with curl or wget into a temporary directory, checked against SHA256SUMS, and
# only then moved into DIR. On any failure nothing is installed and the exit status is not 0.
set -eu

fail() {
  echo "install.sh: $*" >&2
  exit 1
}

[ $# -ge 1 ] && [ $# -le 2 ] || fail "usage: sh install.sh BASE_URL [DIR]"
base=${1%/}
dir=${2:-${HOME:?HOME is not set; give DIR}/.local/bin}

os=$(uname -s)
arch=$(uname -m)
suffix=""
case "$os/$arch" in
  Linux/x86_64 | Linux/amd64) target=x86_64-unknown-linux-gnu ;;
  Linux/aarch64 | Linux/arm64) target=aarch64-unknown-linux-gnu ;;
  Darwin/x86_64) target=x86_64-apple-darwin ;;
  Darwin/arm64 | Darwin/aarch64) target=aarch64-apple-darwin ;;
  MINGW*/x86_64 | MSYS*/x86_64 | CYGWIN*/x86_64)
    target=x86_64-pc-windows-msvc
    suffix=.exe
    ;;
  *) fail "no gputop binary for $os $arch" ;;
esac
file="gputop-$target$suffix"

download() { # URL FILE
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --proto '=http,https' -o "$2" "$1"
  elif command -v wget >/dev/null 2>&1; then
    wget -q -O "$2" "$1"
  else
    fail "neither curl nor wget found"
  fi
}

sha256() { # FILE → hex digest
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d ' ' -f 1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d ' ' -f 1
  elif command -v openssl >/dev/null 2>&1; then
    openssl dgst -sha256 "$1" | sed 's/^.*= *//'
  else
    fail "no sha256sum, shasum or openssl to check the download"
  fi
}

tmp=$(mktemp -d 2>/dev/null || mktemp -d -t gputop)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

download "$base/SHA256SUMS" "$tmp/SHA256SUMS" || fail "could not download $base/SHA256SUMS"
download "$base/$file" "$tmp/$file" || fail "could not download $base/$file"

expected=$(awk -v name="$file" '$2 == name || $2 == "*" name { print $1; exit }' "$tmp/SHA256SUMS")
[ -n "$expected" ] || fail "SHA256SUMS has no line for $file; nothing installed"
actual=$(sha256 "$tmp/$file")
[ "$expected" = "$actual" ] ||
  fail "checksum mismatch for $file (expected $expected, got $actual); nothing installed"

mkdir -p "$dir" || fail "cannot create $dir"
chmod 755 "$tmp/$file"
# Copy beside the target, then rename: an interrupted copy never leaves a half binary as gputop.
staged="$dir/.gputop-install.$$"
cp "$tmp/$file" "$staged" || {
  rm -f "$staged"
  fail "cannot write to $dir"
}
mv -f "$staged" "$dir/gputop$suffix" || {
  rm -f "$staged"
  fail "cannot install $dir/gputop$suffix"
}
echo "installed $file as $dir/gputop$suffix"
