#!/usr/bin/env bash
# Installs what a fresh machine lacks for the web and infra parts: the Node packages of the
# npm workspaces and Debian's chromium for the browser tests. Safe to run again: it only acts
# when something is missing or out of date.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "installing Node packages"
  flock /tmp/samrap-npm.lock npm ci --no-audit --no-fund
fi

if [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian chromium for the browser tests"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
