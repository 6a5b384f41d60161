#!/usr/bin/env bash
# `make localstack-deploy`: deploys the CDK app into LocalStack (docker compose up -d first).
# LocalStack mode: no VPC, Aurora or RDS Proxy (the functions use the compose PostgreSQL),
# no Parameters and Secrets layer. API Gateway v2 and CloudFront need a LocalStack auth token;
# without one, deploy the Data and Workers stacks only:
#   SAMRAP_LOCALSTACK_STACKS="Samrap-dev-Data Samrap-dev-Workers" make localstack-deploy
set -euo pipefail
cd "$(dirname "$0")/../.."
export AWS_ENDPOINT_URL="${AWS_ENDPOINT_URL:-http://localhost:4566}"
export AWS_ACCESS_KEY_ID="${AWS_ACCESS_KEY_ID:-test}" AWS_SECRET_ACCESS_KEY="${AWS_SECRET_ACCESS_KEY:-test}"
export AWS_REGION="${AWS_REGION:-ap-southeast-1}" AWS_DEFAULT_REGION="${AWS_REGION:-ap-southeast-1}"
export CDK_DISABLE_CLI_TELEMETRY=true

if ! curl -fsS "$AWS_ENDPOINT_URL/_localstack/health" >/dev/null 2>&1; then
  echo "LocalStack does not answer at $AWS_ENDPOINT_URL: run 'docker compose up -d' first" >&2
  exit 1
fi
bash scripts/build-web.sh
read -r -a stacks <<<"${SAMRAP_LOCALSTACK_STACKS:---all}"
context=(-c localstack=true -c stage=dev -c requireBuild=true -c mailFrom=no-reply@samrap.local
  -c account=000000000000 -c region="$AWS_REGION")
node_modules/.bin/cdklocal bootstrap "aws://000000000000/$AWS_REGION" "${context[@]}"
exec node_modules/.bin/cdklocal deploy "${stacks[@]}" "${context[@]}" --require-approval never "$@"
