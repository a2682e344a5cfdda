# Two commands for a new user: `make run` and `make test`. Everything they need is installed here.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export OMP_THREAD_LIMIT := 1
export DVC_NO_ANALYTICS := 1

.PHONY: run test bench bench-bars charteval system-deps browser-deps install clean

# The corpus renders its charts and the tests their glyphs in the Liberation and DejaVu fonts.
FONT := /usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf

system-deps:
	@{ command -v tesseract >/dev/null 2>&1 && [ -f $(FONT) ]; } || { \
	  echo "installing the tesseract OCR engine and fonts (Debian/Ubuntu packages)"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tesseract-ocr tesseract-ocr-eng \
	    fonts-liberation fonts-dejavu-core >/dev/null; }

# The report test opens the HTML in a real headless browser; only `make test` needs it.
browser-deps:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Chromium for the report test (Debian/Ubuntu packages)"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

$(STAMP): pyproject.toml | system-deps
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip 2>&1 | grep -v 'is ignored' || true
	$(PY) -m pip install -q -e '.[dev]' 2>&1 | grep -v 'is ignored' || true
	$(PY) -c 'import cv2, tesserocr, pytesseract, pandas, pyarrow, dvc, pytest'
	touch $(STAMP)

install: system-deps $(STAMP)

run: install
	$(PY) -m pipeline render-defaults --out raw_charts
	$(VENV)/bin/dvc config core.analytics false
	PATH=$(CURDIR)/$(VENV)/bin:$$PATH $(VENV)/bin/dvc repro

test: install browser-deps
	$(PY) -m pytest

bench: install
	$(PY) -m pipeline.corpus.bench --corpus build/corpus --generate 120 --seed 0

bench-bars: install
	$(PY) -m pipeline.corpus.bars --out build/bars --n 60 --seed 0
	$(PY) -m pipeline.corpus.bench --corpus build/bars

charteval: install
	$(PY) ../shared/charteval/score.py --project .

clean:
	rm -rf build .pytest_cache
