"""Finding the marks of a chart in pixels: markers, series, legend entries. No calibration here."""
