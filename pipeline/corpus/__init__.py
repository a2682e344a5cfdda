"""Synthetic chart corpus with exact ground truth, and a benchmark that scores the digitiser on it.

    python -m pipeline.corpus.generate --out DIR --n 120 --seed 0
    python -m pipeline.corpus.bench --corpus DIR
"""


def generate(out_dir, n, seed, **kw):
    """Render n synthetic charts with truth files into out_dir; return the truth dicts."""
    from .generate import generate as _generate

    return _generate(out_dir, n, seed, **kw)
