# `make run` opens the app on the bundled board; `make check` is the quick loop before a commit (lint,
# format, types, layers and the fast tests); `make test` runs the whole suite, two tests at a time.
# All create .venv and install the project into it when it is missing or stale.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# Two workers, one per core; loadfile keeps each test module in one worker, so a module's fixtures,
# its QApplication and the order its tests rely on stay as in a serial run.
XDIST ?= -n 2 --dist loadfile
# What `make check` leaves out: Qt (windows, painters), slow tests (numba compiles, whole batches,
# real contest tools) and the wheel's own virtualenv (.ci/wheel_check).
FAST := not gui and not slow and not wheel

.PHONY: run lint check test bench translations docs

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test,dev]'
	touch $(STAMP)

# Both start compiling every puzzle's solver kernels in the background (a few minutes, once per
# install or edit; a no-op when compiled), so a first solve finds them in numba's cache.
# (The leading - : a warm-up that cannot start never stops the app or the tests.)
WARM_UP := $(PY) -m workbench warm-up --all --background

run: $(STAMP)
	-$(WARM_UP)
	$(PY) main.py

# The static checks: lint, format and types (pyproject's [tool.ruff] and [tool.mypy]).
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# The layers contract runs inside the fast tests (tests/test_layers.py, with the import-circle check).
check: lint
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest $(XDIST) -m "$(FAST)"

test: $(STAMP)
	-$(WARM_UP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest $(XDIST)

bench: $(STAMP)
	$(PY) -m bench.engines

# The app's words in other languages: lupdate gathers every marked string of workbench/ into the
# catalog assets/i18n/workbench_ja.ts (translations kept; translate the new ones there, e.g. in
# pyside6-linguist), lrelease compiles it into the shipped .qm (tests/test_translations.py checks both).
translations: $(STAMP)
	$(VENV)/bin/pyside6-lupdate $$(find workbench -name '*.py' | sort) -ts assets/i18n/workbench_ja.ts -no-obsolete -locations none
	$(VENV)/bin/pyside6-lrelease assets/i18n/workbench_ja.ts -qm assets/i18n/workbench_ja.qm

# The documentation site: its pictures made from the real app off-screen, then built in strict
# mode into site/ (tests/test_docs.py builds it too).
docs: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) docs/screenshots.py
	$(PY) -m mkdocs build --strict
