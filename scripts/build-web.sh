#!/usr/bin/env bash
# Builds web/dist when it is missing or older than any web source file, its configuration
# or the installed packages (package-lock.json). It bundles only: the type check (tsc -b) is
# make test's (test-web) and make deploy's, so the browser tests start half a minute sooner.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f web/package.json ] || exit 0
stamp=web/dist/index.html
if [ -f "$stamp" ] && [ -z "$(find web/src web/scripts/antd-static-css.tsx web/index.html web/package.json web/vite.config.ts web/tsconfig.json web/tsconfig.app.json web/tsconfig.node.json web/public package-lock.json -newer "$stamp" 2>/dev/null | head -1)" ]; then
  exit 0
fi
echo "building the web app"
npm run bundle --workspace web
