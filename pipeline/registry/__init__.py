"""Registered charts: the images in raw_charts/, their cards, and the list in params.yaml."""
