#!/usr/bin/env bash
# Builds web/dist when it is missing or older than any web source file.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f web/package.json ] || exit 0
stamp=web/dist/index.html
if [ -f "$stamp" ] && [ -z "$(find web/src web/index.html web/package.json web/vite.config.ts web/public -newer "$stamp" 2>/dev/null | head -1)" ]; then
  exit 0
fi
echo "building the web app"
npm run build --workspace web
