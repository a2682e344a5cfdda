"""Chart digitisation with provenance.

    import pipeline
    df = pipeline.load("deepinfer-prefill")    # tidy table with unit and provenance columns
"""
__version__ = "0.1.0"


def load(name: str | None = None, root=None):
    """The tidy point table of one registered chart (or all), see pipeline.tables.load."""
    # Imported here so that `python -m pipeline digitize` does not pay for pandas and pyarrow.
    from .tables import load as _load
    return _load(name, root)
