# Samrap — the two everyday commands are `make run` and `make test` (see README.md).
SHELL := /bin/bash
PORT ?= 8080
STAGE ?= dev
# the longest packages first (the short rush, auth, orders): go test starts packages in the
# order given, and the last one started set the end of the run
GO_PKGS := ./scripts/rush ./pkg/auth ./pkg/orders ./pkg/... ./functions/... ./events/... ./web/src/locales
FUNCTIONS := $(shell sed -n 's/.*"name": *"\([^"]*\)".*/\1/p' functions/catalog.json)

.PHONY: run test checks go test-go test-web test-e2e test-infra vet build web deps deps-node bench rush rush-short synth deploy localstack-deploy clean sqlc

## run: the whole product on http://localhost:$(PORT) (PostgreSQL is the only service needed)
run: web
	go run ./functions/local

## test: everything — go vet, Go tests (PostgreSQL, moto_server), web unit, browser and CDK tests.
## First the checks, two parts at a time (make's -j2), with the web build beside them; then the
## browser tests alone, which keep both cores busy on their own (two workers, each with its
## server and database). A browser test that shares the two cores with the Go tests can take
## five times its usual time and run out of its minute (users-flow, CI of stop 37), so the two
## never overlap. The browser tests run even when a check failed, and the last line says which
## part failed.
test: deps
	@checks=ok; e2e=ok; start=$$(date +%s); \
	$(MAKE) --no-print-directory -j2 --output-sync=target checks web || checks=FAILED; \
	mid=$$(date +%s); \
	$(MAKE) --no-print-directory test-e2e || e2e=FAILED; \
	end=$$(date +%s); \
	echo "make test: checks $$checks ($$((mid - start)) s), browser tests $$e2e ($$((end - mid)) s)"; \
	[ $$checks = ok ] && [ $$e2e = ok ]

checks: go test-web test-infra

## go: vet, then the Go tests, one after the other in one of make's two slots: the two compile
## the same packages, and side by side on a fresh machine (an empty build cache) each compiled
## them for itself (the build cache is not shared while both are filling it)
go:
	@rc=0; start=$$(date +%s); $(MAKE) --no-print-directory vet || rc=1; mid=$$(date +%s); \
	$(MAKE) --no-print-directory test-go || rc=1; \
	echo "go: vet $$((mid - start)) s, tests $$(($$(date +%s) - mid)) s"; exit $$rc

## vet: gofmt, and every vet check on the packages that have no tests (the Go tests run every
## vet check on the others themselves, -vet=all: vetting them twice was a minute of processor)
vet:
	@unformatted=$$(gofmt -l pkg functions events scripts); if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	go vet $$(go list -f '{{if and (not .TestGoFiles) (not .XTestGoFiles)}}{{.ImportPath}}{{end}}' $(GO_PKGS) ./scripts/...)

test-go:
	go test -count=1 -p 2 -vet=all $(GO_PKGS)
	@go test -count=1 -run TestRegistryIsCoherent -v ./functions/ | grep 'spec calls served' || echo 'spec calls served: not counted (../shared/SPEC.md is not beside the repo)'

## deps: everything the tests need (Node packages, Debian chromium, cfn-lint)
deps:
	bash scripts/ensure-deps.sh

## deps-node: the Node packages only, enough to synthesize and deploy (no sudo, no chromium)
deps-node:
	bash scripts/ensure-deps.sh node

test-web: deps
	npm run typecheck --workspace web
	npm run lint --workspace web
	npm run test --workspace web

## (node directly, not npm run: npm's lines about the failed script would push the list of
## failures that run.mjs prints last out of the end of a CI log)
test-e2e: deps web
	cd web && node e2e/run.mjs

test-infra: deps
	npm run test --workspace infra

## web: builds web/dist when it is missing or older than its sources
web: deps-node
	bash scripts/build-web.sh

## build: one linux/arm64 bootstrap per catalogue entry, in build/functions/<name>/
build:
	@for f in $(FUNCTIONS); do \
	  echo "build $$f"; \
	  CGO_ENABLED=0 GOOS=linux GOARCH=arm64 go build -tags lambda.norpc -trimpath -ldflags='-s -w' \
	    -o build/functions/$$f/bootstrap ./functions/$$f || exit 1; \
	done

## sqlc: regenerates pkg/db/dbsqlc from its .sql files and the migrated schema (the generated Go is committed)
SQLC_VERSION := v1.31.1
SQLC = $(shell go env GOPATH)/bin/sqlc
sqlc:
	@test -x $(SQLC) || go install github.com/sqlc-dev/sqlc/cmd/sqlc@$(SQLC_VERSION)
	go run ./scripts/dbschema pkg/db/dbsqlc/schema/schema.sql
	cd pkg/db/dbsqlc && $(SQLC) generate

## bench: the budgets of ARCHITECTURE.md §10, each beside a baseline from the same run
bench: build
	bash scripts/bench.sh

## rush: a hospital's lunch (40 wards × 30 beds) played against the API, without a fault and
## then with each fault: every database connection of the app terminated every 3 s, the
## database unreachable for 10 s every 20 s, one write answer in six lost, the server killed
## (SIGKILL) every 20 s, the S3/SQS emulator unreachable for 10 s every 20 s; prints the figures
## and fails on any violation of the invariants (docs/rush.md). 1 to 5 minutes each here, by the load.
rush:
	go run ./scripts/rush
	go run ./scripts/rush -fault terminate
	go run ./scripts/rush -fault unreachable
	go run ./scripts/rush -fault drop
	go run ./scripts/rush -fault lost
	go run ./scripts/rush -fault kill
	go run ./scripts/rush -fault emulator

## rush-short: one ward of 30 with the terminate fault, in under a minute (TestShortRush in make test plays terminate, lost, unreachable)
rush-short:
	go run ./scripts/rush -short

## synth: the CDK templates into infra/cdk.out, offline (no AWS credentials, no lookups)
synth: deps-node
	npm run synth --workspace infra

## deploy: make deploy STAGE=dev|uat|prod (docs/deploy.md)
deploy: deps-node build
	npm run deploy --workspace infra -- -c stage=$(STAGE)

localstack-deploy: deps-node build
	npm run localstack-deploy --workspace infra

clean:
	rm -rf build web/dist infra/cdk.out
