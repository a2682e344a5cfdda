"""Bar charts: bars -> one row per bar. `read_bars` is the entry point; see read.py."""
from .read import read_bars

__all__ = ["read_bars"]
