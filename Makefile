# One entry point for people and CI: `make play` and `make test` set up .venv themselves.
# The fastest build of python3's version on the machine (scripts/pick_python.py: here Debian's
# optimised /usr/bin/python3.11 over pyenv's plain one, 25-40% faster); PY=... to choose.
PY ?= $(shell python3 scripts/pick_python.py || echo python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# C sources of the games' kernels and of the engine's compiled geometry (engine/board/csrc):
# a change rebuilds the extension (pip install -e . again).
KERNEL_SOURCES := $(wildcard deadtable/games/*/kernel/*.c deadtable/games/*/kernel/*.h \
                             deadtable/engine/csrc/*.h deadtable/engine/board/csrc/*.c)

$(STAMP): pyproject.toml $(KERNEL_SOURCES)
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	# a kernel's build is optional: remove the old ones, so a build that fails cannot leave
	# a stale kernel playing (its tests then fail under make test)
	rm -f deadtable/games/*/kernel/*.so deadtable/engine/board/*.so
	# web: the browser tests; rl: tests/envs; ray and plot: the Ray back end and --plot;
	# video: the RL envs' rgb_array frames.
	$(BIN)/pip install --quiet -e '.[dev,web,rl,ray,plot,video]'
	touch $(STAMP)

.PHONY: setup play test test-fast lint conformance-long
setup: $(STAMP)

play: $(STAMP)
	$(BIN)/deadtable play one-against-the-dead

lint: $(STAMP)
	$(BIN)/ruff check deadtable tests scripts
	$(BIN)/mypy

# pytest exit code 5 means "no tests collected": treat it as a failure too, loudly.
# -n auto: one pytest worker per core (pytest-xdist); worksteal hands the long tests (whole games
# in the browser) to whichever worker is free, so they run beside the rest, not after it.
XDIST := -n auto --dist worksteal
test: lint
	# every extra is installed above, so a missing one fails rather than skips (tests/extras.py)
	DEADTABLE_ALL_EXTRAS=1 $(BIN)/pytest $(XDIST) --durations=10

# the inner loop: every test but Ray's, the browser's and the full-size comparisons (the
# markers in pyproject.toml), without lint; `make test` (CI) still runs them all
test-fast: $(STAMP)
	$(BIN)/pytest $(XDIST) -m "not ray and not browser and not slow"

# every registered game on the conformance suite's full seed count (board games included)
conformance-long: $(STAMP)
	DEADTABLE_CONFORMANCE_SEEDS=40 DEADTABLE_ALL_EXTRAS=1 $(BIN)/pytest $(XDIST) tests/conformance
