# Quartermaster: `make run` starts the dashboard on the embedded SQLite default;
# `make test` runs ruff, the import layer contracts, mypy and the whole pytest suite. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8501

.PHONY: run test lint typecheck pytest setup lock clean

setup: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -c constraints.txt -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m dashboard.launch --port $(PORT)

test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check ledger dashboard tests bench scripts
	$(BIN)/ruff format --check ledger dashboard tests bench scripts
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -q

lock: $(STAMP)
	{ echo "# Versions the test suite passed with (pip install -c constraints.txt). Regenerate: make lock"; \
	  $(BIN)/pip freeze --exclude-editable; } > constraints.txt

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .import_linter_cache .grimp_cache
