#!/usr/bin/env bash
# `make deploy STAGE=…` runs `npm run deploy --workspace infra -- -c stage=STAGE` after
# `make build`. This builds web/dist when missing or stale, then deploys every stack in order
# (Data, Workers, Api, Web) with requireBuild=true: the app refuses stand-in binaries, a
# missing web build or a missing SES sender instead of deploying them. Extra arguments go to
# `cdk deploy` (e.g. -c mailFrom=… -c alarmEmail=…). See docs/deploy.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
npm run typecheck --workspace web
bash scripts/build-web.sh
exec node_modules/.bin/cdk deploy --all -c requireBuild=true --require-approval broadening "$@"
