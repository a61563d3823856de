#!/usr/bin/env bash
# What the test suite needs besides its npm packages: Debian's Chromium and its headless shell
# (the browser tests) and OpenSSH's server (the SFTP export tests start one). Installed with
# apt-get when missing and this is root; otherwise one line says what to install. `npm test` runs
# it first (pretest), and so does .ci/run.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
[ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ -x /usr/sbin/sshd ] || missing+=(openssh-server)
command -v ps >/dev/null 2>&1 || missing+=(procps)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing what the tests need: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "The tests need these Debian packages: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
