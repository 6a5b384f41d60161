#!/usr/bin/env bash
# Installs what a fresh machine lacks. Safe to run again: it only acts when something is
# missing or out of date.
#
#   bash scripts/ensure-deps.sh        everything the tests need (make test, .ci/run): the Node
#                                      packages of the npm workspaces, Debian's chromium for the
#                                      browser tests, cfn-lint for the CDK tests, poppler-utils
#                                      for the meal-card PDF tests
#   bash scripts/ensure-deps.sh node   the Node packages only: enough to synthesize and deploy
#                                      (make deps-node, synth, deploy, localstack-deploy), with
#                                      no sudo and no chromium
set -euo pipefail
cd "$(dirname "$0")/.."

what="${1:-all}"
case "$what" in
  all | node) ;;
  *)
    echo "usage: $0 [all|node]" >&2
    exit 2
    ;;
esac

if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi

node_packages() {
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "installing Node packages"
    flock /tmp/samrap-npm.lock npm ci --no-audit --no-fund
  fi
}

# chromium for the screen benchmarks and Lighthouse; its headless shell for the browser tests
# (web/e2e/run.mjs: the same engine, a fifth less processor)
chromium() {
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; then
    echo "installing Debian chromium and its headless shell for the browser tests"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-headless-shell >/dev/null
  fi
}

# cfn-lint (Python) lints the synthesized templates in the CDK tests. From PyPI where it
# answers; else from Debian where a release packages it (bookworm does not). Where neither
# works the CDK tests skip the lint, and both this script and the tests say so loudly.
cfn_lint() {
  command -v cfn-lint >/dev/null 2>&1 && return 0
  echo "installing cfn-lint for the CDK tests"
  if command -v python3 >/dev/null 2>&1 && python3 -m pip --version >/dev/null 2>&1; then
    python3 -m pip install --quiet --retries 1 --timeout 20 cfn-lint 2>/dev/null ||
      python3 -m pip install --quiet --retries 1 --timeout 20 --user cfn-lint 2>/dev/null || true
  fi
  if ! command -v cfn-lint >/dev/null 2>&1 && command -v apt-cache >/dev/null 2>&1 &&
    apt-cache policy cfn-lint 2>/dev/null | grep -q 'Candidate: [0-9]'; then
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq cfn-lint >/dev/null || true
  fi
  if ! command -v cfn-lint >/dev/null 2>&1; then
    local user_bin
    user_bin="$(python3 -m site --user-base 2>/dev/null || echo "$HOME/.local")/bin"
    if [ -x "$user_bin/cfn-lint" ]; then
      echo "*** WARNING: cfn-lint is installed in $user_bin, which is not on PATH: add it, or the CDK tests SKIP the CloudFormation lint. ***" >&2
    else
      echo "*** WARNING: cfn-lint could not be installed (PyPI did not answer; no Debian package): the CDK tests will SKIP the CloudFormation lint. Install it by hand: pip install cfn-lint ***" >&2
    fi
  fi
}

# poppler-utils (pdfinfo, pdffonts, pdftotext, pdftoppm): the meal-card tests open the PDFs
# they render with it (pkg/mealcard).
poppler() {
  if ! command -v pdftoppm >/dev/null 2>&1; then
    echo "installing poppler-utils for the meal-card PDF tests"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq poppler-utils >/dev/null
  fi
}

node_packages
if [ "$what" = all ]; then
  chromium
  cfn_lint
  poppler
fi
