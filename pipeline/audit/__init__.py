"""Auditing quoted numbers: the readings file, tolerances, reconciliation and the report."""
