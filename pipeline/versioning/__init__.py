"""Versions of extractions: the append-only ledger, snapshots of each version, and history."""
