"""Command line: argument parsing only; every PipelineError becomes one sentence and its exit code."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .errors import PipelineError


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
