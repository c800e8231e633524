# Two commands: `make run` opens the app on the bundled board, `make test` runs the suite.
# Both create .venv and install the project into it when it is missing or stale.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test bench translations docs

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

# Both start compiling every puzzle's solver kernels in the background (a few minutes, once per
# install or edit; a no-op when compiled), so a first solve finds them in numba's cache.
# (The leading - : a warm-up that cannot start never stops the app or the tests.)
WARM_UP := $(PY) -m workbench warm-up --all --background

run: $(STAMP)
	-$(WARM_UP)
	$(PY) main.py

test: $(STAMP)
	-$(WARM_UP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest

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
