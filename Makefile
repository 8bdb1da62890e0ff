# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
CAMPAIGN ?= campaign.db
SCENARIO ?= revised-europa/barbarossa
# Debian packages for the tests: wait for another apt or dpkg (a second `make test` beside this
# one, unattended upgrades) instead of failing on its lock; our own installs queue on one lock.
# Python writes its compiled modules (and pytest its rewritten test modules) even where the
# machine's environment says not to: without them each of the suite's workers, and every
# `turnledger` a test starts, compiles the whole project again (7-13 s of CPU a worker).
export PYTHONDONTWRITEBYTECODE :=
APT_GET := $(shell command -v flock >/dev/null 2>&1 && echo flock /tmp/turnledger-apt.lock) apt-get -o DPkg::Lock::Timeout=600

.PHONY: run test test-stress gates bench bench-club docs clean postgres chromium mutation

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(VENV)/.installed $@

## run: open the referee's console on the campaign (created from the default scenario on first use)
run: $(VENV)/.installed
	$(BIN)/turnledger tui $(CAMPAIGN) --scenario $(SCENARIO)

## postgres: the PostgreSQL server programs the PostgreSQL story tests start (Debian package)
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 || \
	  { [ "$$(id -u)" = 0 ] || { echo "PostgreSQL server programs are missing: run 'sudo apt-get install postgresql'"; exit 1; }; \
	    echo "installing Debian's postgresql package for the PostgreSQL tests"; \
	    $(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq postgresql >/dev/null; }

## chromium: headless Chromium and its driver for the browser test of `turnledger serve` (Debian packages)
chromium:
	@{ command -v chromium && command -v chromedriver; } >/dev/null 2>&1 || \
	  { [ "$$(id -u)" = 0 ] || { echo "Chromium is missing: run 'sudo apt-get install chromium chromium-driver'"; exit 1; }; \
	    echo "installing Debian's chromium and chromium-driver packages for the browser test"; \
	    $(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq chromium chromium-driver >/dev/null; }

## gates: lint, format, types and import contracts (a violation fails `make test`, so CI)
gates: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy ledger referee tui
	$(BIN)/lint-imports

## test: install the test extras, pass the gates and run the whole suite
# One worker more than the cores: about a quarter of the suite's time is waiting (Textual's idle
# waits, processes started and killed, servers), and a third worker fills it (2 cores: 154 s with
# two workers, 121 s with three, 2026-11-25; at 2,670 tests, 179.9 s with three, 186.9 s with four,
# 2026-11-27; at 2,699 tests with bytecode kept, 141.7 s with three, 155.3 s with four, 2026-11-27).
WORKERS := $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))
test: gates postgres chromium
	$(BIN)/python -m pytest -q -n $(WORKERS) --dist worksteal

## test-stress: the whole suite three times, every core kept busy beside it (tests/stress.py):
## a test that races a worker or a clock fails here, not on a referee's laptop
test-stress: gates postgres chromium
	$(BIN)/python tests/stress.py --runs 3 -- $(BIN)/python -m pytest -q -n $(WORKERS) --dist worksteal

## mutation: mutmut over the pure rule modules (docs/mutation.md; minutes; not part of `make test`)
## MUTANTS picks some, e.g. MUTANTS='referee.europa.combat.odds.*'
MUTANTS ?=
mutation: $(VENV)/.installed-test
	$(BIN)/python -m pip install --quiet "mutmut>=3.8,<4"
	rm -rf mutants
	$(BIN)/mutmut run $(MUTANTS)
	@$(BIN)/mutmut results --all true | awk -F': ' '$$2 != "not checked" { m = $$1; sub(/^ +/, "", m); sub(/\.x.*/, "", m); \
	  total[m]++; if ($$2 == "killed") killed[m]++ } \
	  END { for (m in total) printf "%s: %d / %d killed (%.1f%%)\n", m, killed[m], total[m], 100 * killed[m] / total[m] }'

## bench: every figure of docs/PERFORMANCE.md's table in one run (a few minutes, a club's server
## last), ending with one name=value line; ENTRIES=100000 for the documented run at 100,000 and 1,000,000 entries
ENTRIES ?= 10000
bench: $(VENV)/.installed-test postgres
	$(BIN)/python bench/run.py --entries $(ENTRIES)

## bench-club: a club's server (docs/PERFORMANCE.md, issue 31): 50 campaigns on one PostgreSQL
## server, 16 referee processes appending at once and 2 readers (a few minutes)
bench-club: $(VENV)/.installed-test postgres
	$(BIN)/python bench/club.py --campaigns 50 --referees 16 --shared 4 --appends 200 --readers 2

## docs: regenerate docs/commands.md from the command models
docs: $(VENV)/.installed
	$(BIN)/python -m referee.schema > docs/commands.md
	for name in $$($(BIN)/python -m tui.cli charts list | cut -d' ' -f1); do \
		$(BIN)/python -m tui.cli charts schema $$name --out docs/charts/$$name.schema.json --force; done

clean:
	rm -rf $(VENV) build *.egg-info
