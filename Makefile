# The two commands a fresh Debian 12 machine needs: `make run` and `make test` (the web app's unit
# tests in node, Swift tests — with a throwaway PostgreSQL cluster for the PostgreSQL half — the
# API contract against one node and against three behind nginx, and fuzzing, then the browser
# tests against the debug build).
SHELL := /bin/bash
PORT ?= 3001
DATA_DIR ?= ./data
MUSIC_DIR ?= ./music
# Seconds per fuzz target: a short run in `make test` (eleven targets, under 110 s in all), a longer one
# in `make fuzz`.
FUZZ_TEST_SECONDS ?= 8
FUZZ_SECONDS ?= 120
# CI's build: warnings are errors, and a target may import only what Package.swift says it depends on.
STRICT := -Xswiftc -warnings-as-errors --explicit-target-dependency-import-check error

# The suites that run several `blastoise serve` processes (and nginx) at once: they run after the
# others, on their own, so their load never starves the in-process servers' tests.
NODE_SUITES := NodeKillTests|ImportNodesTests|RoomNodesProcessTests|StatelessNodesTests

.PHONY: run test deps release build lint format fuzz bench-http

run: release
	.build/release/blastoise serve --port $(PORT) --data-dir $(DATA_DIR) --music-dir $(MUSIC_DIR) --web-dir ./Web --demo

test: deps lint
	node --test Tests/Web/*.test.js
	swift build --build-tests $(STRICT)
	scripts/test-postgres swift test --skip-build --skip '$(NODE_SUITES)'
	scripts/test-postgres swift test --skip-build --filter '$(NODE_SUITES)'
	scripts/api-contract
	scripts/test-postgres scripts/api-contract --nodes 3
	scripts/fuzz $(FUZZ_TEST_SECONDS)
	e2e/run

deps:
	scripts/install-deps

release: deps
	swift build -c release

build: deps
	swift build

lint:
	swift format lint --strict --recursive --parallel Package.swift Sources Tests Fuzz

format:
	swift format --in-place --recursive --parallel Package.swift Sources Tests Fuzz

fuzz: deps
	scripts/fuzz $(FUZZ_SECONDS)

bench-http:
	scripts/install-deps --bench
	swift build -c release
	bench/http/run
