#!/usr/bin/env bash
# What the test suite needs besides its npm packages: OpenSSH's server (the SFTP export tests
# start one), procps, and Debian's Chromium with its headless shell (the browser tests). Installed
# with apt-get when missing and this is root; otherwise one line says what to install.
#
#   bash ops/test-prerequisites.sh            `npm test`'s pretest: what the unit and API tests
#                                             need, now; Chromium in the background
#   bash ops/test-prerequisites.sh --browser  before the browser tests (`npm run test:e2e`): waits
#                                             for that background install, or installs Chromium
#   bash ops/test-prerequisites.sh --all      everything, now (.ci/run)
#
# Chromium is most of a fresh machine's download and unpacking, which waits on the network and
# the disk more than on the cores: it goes on while the unit and API tests run, not before them.
set -euo pipefail

mode="${1:-}"
case "$mode" in "" | --browser | --all) ;; *)
  echo "usage: $0 [--browser | --all]" >&2
  exit 2
  ;;
esac
# The background install's process id, log and exit code.
STATE="${TMPDIR:-/tmp}/vialex-browser-install"

missing() {
  now=()
  browser=()
  command -v ps >/dev/null 2>&1 || now+=(procps)
  [ -x /usr/sbin/sshd ] || now+=(openssh-server)
  command -v chromium >/dev/null 2>&1 || browser+=(chromium)
  [ -x /usr/lib/chromium/chromium-headless-shell ] || browser+=(chromium-headless-shell)
}

background_running() { [ -f "$STATE.pid" ] && ! [ -f "$STATE.rc" ] && kill -0 "$(cat "$STATE.pid")" 2>/dev/null; }

if [ "$mode" = --browser ] && [ -f "$STATE.pid" ]; then
  background_running && echo "Waiting for Chromium's install, started before the unit and API tests…"
  while background_running; do sleep 1; done
  rc="$(cat "$STATE.rc" 2>/dev/null || echo "none: it was stopped")"
  [ "$rc" = 0 ] || { echo "Chromium's background install failed (exit $rc):" >&2; cat "$STATE.log" >&2 2>/dev/null || true; }
  rm -f "$STATE.pid" "$STATE.rc" "$STATE.log"
fi

missing
case "$mode" in
  --browser) now=("${browser[@]}") browser=() ;;
  --all) now+=("${browser[@]}") browser=() ;;
esac
# Another run's background install already has Chromium on its way.
background_running && browser=()
[ ${#now[@]} -eq 0 ] && [ ${#browser[@]} -eq 0 ] && exit 0

if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "The tests need these Debian packages: sudo apt-get install -y ${now[*]} ${browser[*]}" >&2
  exit 1
fi

apt-get update -qq
if [ ${#now[@]} -gt 0 ]; then
  echo "Installing what the tests need: ${now[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${now[@]}" >/dev/null
fi
if [ ${#browser[@]} -gt 0 ]; then
  echo "Installing ${browser[*]} in the background while the unit and API tests run ($STATE.log)"
  rm -f "$STATE.rc"
  # In a session of its own, so it outlives npm's pretest and a Ctrl-C of the tests does not stop
  # dpkg half-way.
  setsid bash -c "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${browser[*]} > '$STATE.log' 2>&1; echo \$? > '$STATE.rc'" \
    < /dev/null > /dev/null 2>&1 &
  echo $! > "$STATE.pid"
fi
