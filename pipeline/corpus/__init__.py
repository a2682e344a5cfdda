"""Synthetic chart corpus with exact ground truth, and a benchmark that scores the digitiser on it.

    python -m pipeline.corpus.generate --out DIR --n 120 --seed 0
    python -m pipeline.corpus.bench --corpus DIR
"""
