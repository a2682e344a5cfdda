"""Chart digitisation with provenance.

    import pipeline
    df = pipeline.load("deepinfer-prefill")    # tidy table with unit and provenance columns
"""
import os

# Tesseract reads some crops differently on several threads; OpenMP takes its limit when it is
# first loaded, which opencv's import may do before the OCR module's: so it is set here, first.
os.environ.setdefault("OMP_THREAD_LIMIT", "1")

__version__ = "0.1.0"


def load(name: str | None = None, root=None):
    """The tidy point table of one registered chart (or all), see pipeline.tables.load."""
    # Imported here so that `python -m pipeline digitize` does not pay for pandas and pyarrow.
    from .tables import load as _load
    return _load(name, root)
