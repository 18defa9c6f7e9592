# rehber: `make start` serves the directory, `make test` checks everything. Node >= 20.19 and npm only.
SHELL := /bin/bash
.DEFAULT_GOAL := start
STAMP := node_modules/.install-stamp

.PHONY: install build build-server build-web start test test-unit bench lint typecheck clean

$(STAMP): package.json package-lock.json
	@# Not `npm ci`: the registry here lacks tailwind's optional binaries for other platforms, so the
	@# lock file cannot list them and `npm ci` refuses it; `npm install` keeps to the lock otherwise.
	npm install --no-audit --no-fund
	@touch $(STAMP)

install: $(STAMP)

build-server: install
	rm -rf dist/cli dist/server dist/db dist/data
	npx tsc -p tsconfig.json

# The browser's bundle (dist/web) and the server render's entry (dist/ssr), which the server imports.
build-web: install
	npx vite build --config web/vite.config.ts --logLevel warn
	npx vite build --config web/vite.config.ts --logLevel warn --ssr src/entry-server.tsx

build: build-server build-web

start: build
	node --max-semi-space-size=32 dist/server/main.js

typecheck: install
	npx tsc -p tsconfig.check.json && npx tsc -p web/tsconfig.json

lint: install
	npx eslint --max-warnings=0 .

test: install
	@bash scripts/ensure-chromium.sh
	@bash scripts/ensure-promtool.sh
	@bash scripts/ensure-java.sh
	@bash scripts/ensure-postgresql.sh
	$(MAKE) --no-print-directory build-web
	@# The production recipe's test runs dist/server/main.js as its unit does. A type error still
	@# emits; the type-check below counts it, so it does not stop the run here.
	@$(MAKE) --no-print-directory build-server || echo "The server build reported errors (counted by the type-check below)." >&2
	@bash scripts/run-tests.sh

# The fast lane: the pure tests (no PostgreSQL, no browser) of vitest.unit.config.ts. `make test` runs everything.
test-unit: install
	npx vitest run --config vitest.unit.config.ts

bench: build
	@bash scripts/ensure-pgloader.sh
	@bash scripts/ensure-postgresql.sh
	node dist/scripts/bench.js

clean:
	rm -rf dist .tmp
