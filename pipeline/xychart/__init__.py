"""The XY chart's text and marks: legend entries, point labels, and the blobs that are text."""
