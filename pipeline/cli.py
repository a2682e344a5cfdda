"""Command line: argument parsing only; every PipelineError becomes one sentence and its exit code."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .errors import PipelineError, UsageError

INTERNAL_ERROR = 70    # sysexits.h's EX_SOFTWARE: a fault in this program, whatever the input


def _digitize(args) -> int:
    from .digitize import digitize_file
    from .params import load_params
    params = load_params(args.params)
    ext = digitize_file(Path(args.image), Path(args.out), params)
    for note in ext.notes:
        print(f"note: {note}", file=sys.stderr)
    named = len({p.series for p in ext.points})
    print(f"{args.image}: {len(ext.points)} points in {named} series -> {args.out}")
    return 0


def _render_defaults(args) -> int:
    from . import defaults
    return defaults.run(args)


def _project(args):
    from .registry.project import Project
    return Project(Path(args.project))


def _add(args) -> int:
    from .registry.add import add_chart
    for line in add_chart(_project(args), Path(args.image), args.name, args.source, args.replace):
        print(line)
    print("next: fill in the card, then `dvc repro` (or `make run`) digitises the chart")
    return 0


def _record(args) -> int:
    from .versioning.record import record_project
    for line in record_project(_project(args)):
        print(line)
    return 0


def _history(args) -> int:
    from .versioning.history import format_history, history
    from .versioning.ledger import read_ledger
    project = _project(args)
    if args.name not in project.charts() and not any(
            e["chart"] == args.name for e in read_ledger(project.ledger).entries):
        raise UsageError(f"no chart named '{args.name}' is registered or in the ledger")
    print(format_history(args.name, history(project.ledger, args.name)))
    return 0


def _reconcile(args) -> int:
    from .audit.run import run_project
    m = run_project(_project(args))
    print(f"{m['readings']} readings: {m['consistent']} consistent, {m['inconsistent']} inconsistent, "
          f"{m['unverifiable']} unverifiable; {m['relations_hold']}/{m['relation_checks']} unit identities hold")
    return 0


def _report(args) -> int:
    from .audit.report import build_report
    project = _project(args)
    for path in build_report(project.audit, project.report):
        print(path)
    return 0


def _audit(args) -> int:
    from .audit.external import audit_images
    m = audit_images(Path(args.readings), Path(args.out), args.params)
    print(f"{m['readings']} readings: {m['consistent']} consistent, {m['inconsistent']} inconsistent, "
          f"{m['unverifiable']} unverifiable -> {args.out}/report.html")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m pipeline", description="Chart digitisation with provenance.")
    sub = p.add_subparsers(dest="command", required=True)
    d = sub.add_parser("digitize", help="read one chart image into a calibrated, labelled point table")
    d.add_argument("image")
    d.add_argument("--out", required=True, help="folder for points.csv, axes.json, overlay.png, provenance.json")
    d.add_argument("--params", type=Path, default=None, help="params.yaml (its `digitize` section)")
    d.set_defaults(func=_digitize)
    r = sub.add_parser("render-defaults", help="render the embedded DeepInfer charts into raw_charts/")
    from . import defaults
    defaults.add_arguments(r)
    r.set_defaults(func=_render_defaults)
    a = sub.add_parser("add", help="register a chart: copy it into raw_charts/, write its card, list it in params.yaml")
    a.add_argument("image")
    a.add_argument("--name", required=True, help="chart name (lower case, digits, '.', '_', '-')")
    a.add_argument("--source", help="URL where the chart was published")
    a.add_argument("--replace", action="store_true", help="register a new image version under an existing name")
    a.set_defaults(func=_add)
    rec = sub.add_parser("record", help="add new extractions to the ledger and rebuild the tidy tables")
    rec.set_defaults(func=_record)
    h = sub.add_parser("history", help="list a chart's versions and what changed between them")
    h.add_argument("name")
    h.set_defaults(func=_history)
    rc = sub.add_parser("reconcile", help="judge every quoted reading against the extractions")
    rc.set_defaults(func=_reconcile)
    rp = sub.add_parser("report", help="write the audit report (HTML and Markdown)")
    rp.set_defaults(func=_report)
    for cmd in (a, rec, h, rc, rp):
        cmd.add_argument("--project", default=".", help="project folder (default: the current one)")
    au = sub.add_parser("audit", help="digitise the images a readings file names and audit them, outside the pipeline")
    au.add_argument("readings", help="readings file whose entries name `image:` paths")
    au.add_argument("--out", required=True, help="folder for the extractions, reconciliation and report")
    au.add_argument("--params", type=Path, default=None, help="params.yaml (its `digitize` section)")
    au.set_defaults(func=_audit)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed its one line
        return 2 if exc.code else 0
    try:
        return int(args.func(args) or 0)
    except PipelineError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:    # a fault of ours, not of the input: one line, and a way to see more
        if os.environ.get("PIPELINE_DEBUG"):
            raise
        print(f"error: internal error ({type(exc).__name__}: {exc}). "
              f"Run again with PIPELINE_DEBUG=1 for the traceback, and please report it.", file=sys.stderr)
        return INTERNAL_ERROR
