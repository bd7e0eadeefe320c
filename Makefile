# Sheetsmith. `make run` from a fresh clone to a served app; `make test` runs every test.
export GOTOOLCHAIN := local
GO ?= go
HTTP ?= 127.0.0.1:8090
DATA ?= pb_data
BIN := bin/sheetsmith
GO_SOURCES := $(shell find . -name '*.go' -not -path './frontend/*' -not -path './e2e/*') go.mod go.sum
FRONTEND_SOURCES := $(shell find frontend -type f -not -path '*/node_modules/*' 2>/dev/null)

.PHONY: run build test test-go test-frontend test-e2e bench deps deps-test lang-packs clean

run: deps build
	./$(BIN) serve --http=$(HTTP) --dir=$(DATA)

build: $(BIN)

deps:
	@scripts/install-deps.sh

deps-test:
	@scripts/install-deps.sh --test

# Optional language packs: Chinese, Japanese, Korean (XeLaTeX) and Arabic, Hebrew (LuaLaTeX).
# `make run` stays light without them; docs/LANGUAGES.md.
lang-packs:
	@scripts/install-deps.sh --lang-packs

frontend/node_modules/.package-lock.json: frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund

pb_public/index.html: frontend/node_modules/.package-lock.json $(FRONTEND_SOURCES)
	cd frontend && npm run build
	touch pb_public/.gitkeep

$(BIN): pb_public/index.html $(GO_SOURCES)
	$(GO) build -trimpath -o $(BIN) .

test: deps-test test-go test-frontend test-e2e

test-go:
	$(GO) vet ./...
	$(GO) test -count=1 ./...

test-frontend: frontend/node_modules/.package-lock.json
	cd frontend && npm run typecheck && npm run lint && npm test

e2e/node_modules/.package-lock.json: e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund

test-e2e: build e2e/node_modules/.package-lock.json
	cd e2e && npm test

bench: deps-test build
	$(GO) run ./bench

clean:
	rm -rf bin pb_public/assets pb_public/index.html
