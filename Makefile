# Quick start: `make serve` (play in the browser) and `make test` (every quality gate).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: serve play test lint typecheck pytest bench system-deps clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,bench,rl,ray]'
	touch $@ $(VENV)/.installed

## Start the web server with its embedded SQLite database and bots, and print the URL.
serve: $(VENV)/.installed
	$(BIN)/anaconda-poker serve --host $(HOST) --port $(PORT)

## Play in the terminal against bots.
play: $(VENV)/.installed
	$(BIN)/anaconda-poker play

system-deps:
	bash scripts/install-system-deps.sh

lint: $(VENV)/.installed-test
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(VENV)/.installed-test
	$(BIN)/mypy

pytest: $(VENV)/.installed-test system-deps
	$(BIN)/python -m pytest -n 2 --dist loadgroup

## Set everything up and run every gate: lint, format, mypy --strict, the whole pytest suite.
test: system-deps lint typecheck pytest

## Print the benchmark tables (evaluator, engine, equity, bots, bots against the code of
## issue 15, learning environments). A clone without history skips the one against old code.
bench: $(VENV)/.installed-test
	$(BIN)/python benchmarks/evaluation.py
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/equity.py
	$(BIN)/python benchmarks/bots.py
	-$(BIN)/python benchmarks/bots_against.py --hands 300
	$(BIN)/python benchmarks/envs.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
