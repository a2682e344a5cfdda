"""Auditing charts that are not registered: readings whose `image:` points at a file elsewhere
(such as ../shared/real_charts, which must not be copied into the project). Each image is
digitised into OUT/charts/NAME; one that cannot be read gets a status.json saying why, and its
readings become unverifiable with that reason."""
from __future__ import annotations

import json
from pathlib import Path

from ..digitize import digitize_file
from ..errors import PipelineError
from ..params import load_params
from ..provenance import atomic_write_bytes
from .chart_table import load_extraction
from .readings import load_readings
from .report import build_report
from .run import audit, chart_summary, write_audit


def audit_images(readings_file: Path, out: Path, params_file: Path | None = None) -> dict:
    readings = load_readings(readings_file)
    params = load_params(params_file)
    tables, charts = {}, {}
    for image in sorted({r.image for r in readings if r.image}):
        path = Path(image) if Path(image).is_absolute() else (readings_file.parent / image)
        name = Path(image).stem
        folder = out / "charts" / name
        try:
            digitize_file(path, folder, params)
            status = {"status": "ok"}
        except PipelineError as exc:
            status = {"status": "failed", "error": exc.message, "exit_code": exc.exit_code}
        atomic_write_bytes(folder / "status.json", (json.dumps(status) + "\n").encode("utf-8"))
        tables[name] = load_extraction(name, folder)
        charts[name] = chart_summary(name, None, tables[name], None)
    verdicts = audit(readings, tables, {})
    m = write_audit(out, verdicts, charts, [readings_file])
    build_report(out, out)
    return m
