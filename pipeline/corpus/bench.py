"""Benchmark the digitiser on a synthetic chart corpus with known truth.

    python -m pipeline.corpus.bench --corpus DIR [--generate N] [--seed S] [--limit K] [--json OUT]

When DIR holds no ``*.truth.json`` (or --generate is given) N charts (default 120) are generated
first.  Every chart's image is copied to a fresh temporary folder and digitised in-process with
``pipeline.digitize.digitize_file(image, out_dir)``; ``out_dir/points.csv`` is scored against the
truth (see :mod:`pipeline.corpus.score`).  A chart whose digitisation raises, or whose CSV cannot
be read, is a failure and scores 0.  The table shows, per style, per clean/degraded, per kind and
overall: charts, failures, share of truth points within 1 % and 2 % of the axis span, label
accuracy, series-name accuracy (charts with a legend), extra points and median seconds per chart.
"""
from __future__ import annotations

import argparse
import importlib
import json
import shutil
import statistics
import sys
import tempfile
import time
import traceback
from pathlib import Path

from . import score as SC

DEFAULT_DIGITIZER = "pipeline.digitize:digitize_file"


def load_truths(corpus: Path) -> list:
    truths = []
    for p in sorted(corpus.glob("*.truth.json")):
        t = json.loads(p.read_text())
        t["_image_path"] = str(corpus / t["image"])
        truths.append(t)
    return truths


def load_digitizer(spec: str):
    mod, _, func = spec.partition(":")
    return getattr(importlib.import_module(mod), func or "digitize_file")


def run_chart(truth: dict, digitize, work: Path, keep: Path | None = None) -> dict:
    """Digitise one chart and score it; never raises (a failure is reported in the result)."""
    cid = truth["id"]
    chart_dir = work / cid
    in_dir, out_dir = chart_dir / "in", chart_dir / "out"
    in_dir.mkdir(parents=True, exist_ok=True)
    out_dir.mkdir(exist_ok=True)
    image = in_dir / Path(truth["_image_path"]).name
    shutil.copyfile(truth["_image_path"], image)
    error = None
    t0 = time.perf_counter()
    try:
        digitize(str(image), str(out_dir))
    except (Exception, SystemExit) as e:  # the bench never stops on one chart
        error = f"{type(e).__name__}: {e}".strip()
        tb = traceback.extract_tb(e.__traceback__)
        if tb and not _is_pipeline_error(e):
            error += f" (at {Path(tb[-1].filename).name}:{tb[-1].lineno})"
    seconds = time.perf_counter() - t0
    if error is None:
        try:
            rows = SC.read_points_csv(out_dir / "points.csv")
            res = SC.score_chart(truth, rows)
            if truth.get("kind") == "bar":
                res.update(SC.score_bar_extras(truth, SC.read_bar_rows(out_dir / "points.csv")))
        except Exception as e:
            error = f"bad points.csv: {type(e).__name__}: {e}"
    if error is not None:
        res = SC.zero_score(truth)
    if keep is not None:
        dest = keep / cid
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(out_dir, dest)
    shutil.rmtree(chart_dir, ignore_errors=True)
    res.update({"id": cid, "style": truth.get("style") or truth.get("renderer", "?"),
                "kind": truth.get("kind", "?"), "clean": truth.get("clean", truth.get("degradation") == "none"),
                "degradation": truth.get("degradation", "?"), "seconds": round(seconds, 4),
                "error": error})
    return res


def _is_pipeline_error(e) -> bool:
    try:
        from pipeline.errors import PipelineError
    except Exception:
        return False
    return isinstance(e, PipelineError)


def summarize(results: list) -> dict:
    """Pooled figures over a list of per-chart results."""
    n_truth = sum(r["n_truth"] for r in results)
    n_lab = sum(r["n_labelled"] for r in results)
    n_named = sum(r["n_named"] for r in results)
    return {
        "charts": len(results),
        "failures": sum(r["error"] is not None for r in results),
        "within1": sum(r["within1%"] for r in results) / n_truth if n_truth else None,
        "within2": sum(r["within2%"] for r in results) / n_truth if n_truth else None,
        "labels": sum(r["labels_found"] for r in results) / n_lab if n_lab else None,
        "names": sum(r["names_ok"] for r in results) / n_named if n_named else None,
        "extra": sum(r["extra"] for r in results),
        "median_s": statistics.median(r["seconds"] for r in results) if results else None,
        "on_trace1": _on_trace(results),
    }


def _on_trace(results):
    """Share of line charts' true vertices on the extracted curve (None without line charts)."""
    lines = [r for r in results if "on_trace1%" in r]
    n = sum(r["n_truth"] for r in lines)
    return sum(r["on_trace1%"] for r in lines) / n if n else None


def _f(v, pct=True):
    if v is None:
        return "-"
    return f"{v:.3f}" if pct else f"{v}"


def table(results: list) -> str:
    groups = []
    for key, title in (("style", "style"), ("clean", "clean/degraded"), ("kind", "kind")):
        vals = sorted({r[key] for r in results}, key=str)
        for v in vals:
            name = ("clean" if v else "degraded") if key == "clean" else v
            groups.append((f"{title}: {name}", [r for r in results if r[key] == v]))
    groups.append(("overall", results))
    head = f"{'group':<30} {'charts':>6} {'fail':>5} {'within1%':>9} {'within2%':>9} {'labels':>7} {'names':>7} {'extra':>6} {'median_s':>9}"
    lines = [head, "-" * len(head)]
    for name, rs in groups:
        s = summarize(rs)
        lines.append(f"{name:<30} {s['charts']:>6} {s['failures']:>5} {_f(s['within1']):>9} "
                     f"{_f(s['within2']):>9} {_f(s['labels']):>7} {_f(s['names']):>7} "
                     f"{s['extra']:>6} {_f(s['median_s']):>9}")
    return "\n".join(lines)


def bar_table(results: list) -> str:
    """Bar charts by style: bars within 1 % of the value-axis span, categories right, value
    labels read exactly, missing-bar markers reported, series names (charts with a legend),
    label/bar disagreements reported, failures, median seconds."""
    def pooled(rs):
        s = summarize(rs)
        nvl = sum(r.get("n_value_labels", 0) for r in rs)
        nmk = sum(r.get("n_markers", 0) for r in rs)
        return (s, sum(r.get("value_labels_exact", 0) for r in rs) / nvl if nvl else None,
                f"{sum(r.get('markers_ok', 0) for r in rs)}/{nmk}", sum(r.get("disagreements", 0) for r in rs))
    groups = [(f"style: {v}", [r for r in results if r["style"] == v]) for v in sorted({r["style"] for r in results})]
    groups += [("clean", [r for r in results if r["clean"]]), ("degraded", [r for r in results if not r["clean"]]),
               ("bars overall", results)]
    head = (f"{'bar charts':<24} {'charts':>6} {'fail':>5} {'within1%':>9} {'categories':>10} "
            f"{'value_lbl':>9} {'markers':>8} {'names':>7} {'disagree':>8} {'median_s':>9}")
    lines = [head, "-" * len(head)]
    for name, rs in groups:
        if not rs:
            continue
        s, vl, mk, dis = pooled(rs)
        lines.append(f"{name:<24} {s['charts']:>6} {s['failures']:>5} {_f(s['within1']):>9} {_f(s['labels']):>10} "
                     f"{_f(vl):>9} {mk:>8} {_f(s['names']):>7} {dis:>8} {_f(s['median_s']):>9}")
    return "\n".join(lines)


def line_table(results: list) -> str:
    """Line charts (no markers) by style: vertices found within 1 % (one extracted point each)
    and vertices within 1 % of the extracted curve (see score.on_trace)."""
    groups = [(f"style: {v}", [r for r in results if r["style"] == v]) for v in sorted({r["style"] for r in results})]
    groups += [("clean", [r for r in results if r["clean"]]), ("degraded", [r for r in results if not r["clean"]]),
               ("lines overall", results)]
    head = f"{'line charts':<24} {'charts':>6} {'fail':>5} {'vertex1%':>9} {'curve1%':>8} {'names':>7} {'median_s':>9}"
    lines = [head, "-" * len(head)]
    for name, rs in groups:
        if rs:
            s = summarize(rs)
            lines.append(f"{name:<24} {s['charts']:>6} {s['failures']:>5} {_f(s['within1']):>9} "
                         f"{_f(s['on_trace1']):>8} {_f(s['names']):>7} {_f(s['median_s']):>9}")
    return "\n".join(lines)


def overall_line(results: list) -> str:
    s = summarize(results)
    curve = f"  curve1%: {_f(s['on_trace1'])}" if s["on_trace1"] is not None else ""
    return (f"overall within1%: {_f(s['within1'])}  within2%: {_f(s['within2'])}  "
            f"labels: {_f(s['labels'])}  names: {_f(s['names'])}{curve}  failures: {s['failures']}  "
            f"median_s: {_f(s['median_s'])}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pipeline.corpus.bench",
                                 description="Score the digitiser on a synthetic chart corpus.")
    ap.add_argument("--corpus", required=True, help="folder with <id>.png/.jpg + <id>.truth.json")
    ap.add_argument("--generate", type=int, default=None, metavar="N",
                    help="(re)generate N charts into the corpus first (default when empty: 120)")
    ap.add_argument("--seed", type=int, default=0, help="seed for generation (default 0)")
    ap.add_argument("--bars", type=int, default=None, metavar="N",
                    help="(re)generate N bar charts (bar*.png, see pipeline.corpus.bars) into the corpus first")
    ap.add_argument("--limit", type=int, default=None, metavar="K", help="score only the first K charts")
    ap.add_argument("--json", default=None, metavar="OUT", help="write per-chart results here")
    ap.add_argument("--keep", default=None, metavar="DIR", help="keep each chart's output folder in DIR/<id>")
    ap.add_argument("--digitizer", default=DEFAULT_DIGITIZER, metavar="MODULE:FUNC",
                    help="function called as FUNC(image_path, out_dir) (default %(default)s)")
    ap.add_argument("--quiet", action="store_true", help="no per-chart progress lines")
    a = ap.parse_args(argv)
    corpus = Path(a.corpus)
    if a.generate is not None and a.generate < 1:
        ap.error("--generate must be at least 1")
    if a.limit is not None and a.limit < 1:
        ap.error("--limit must be at least 1")
    if a.generate is not None or not list(corpus.glob("*.truth.json")):
        from .generate import generate

        n = a.generate or 120
        t0 = time.perf_counter()
        generate(corpus, n, a.seed)
        print(f"generated {n} charts in {corpus} ({time.perf_counter() - t0:.1f}s)", file=sys.stderr)
    if a.bars:
        from .bars import generate as generate_bars

        t0 = time.perf_counter()
        generate_bars(corpus, a.bars, a.seed)
        print(f"generated {a.bars} bar charts in {corpus} ({time.perf_counter() - t0:.1f}s)", file=sys.stderr)
    truths = load_truths(corpus)
    if a.limit:
        truths = truths[: a.limit]
    if not truths:
        print(f"no charts in {corpus}", file=sys.stderr)
        return 2
    try:
        digitize = load_digitizer(a.digitizer)
    except Exception as e:
        print(f"cannot load the digitiser {a.digitizer}: {type(e).__name__}: {e}", file=sys.stderr)
        return 2
    keep = Path(a.keep) if a.keep else None
    if keep:
        keep.mkdir(parents=True, exist_ok=True)
    results = []
    with tempfile.TemporaryDirectory(prefix="corpus-bench-") as tmp:
        for i, t in enumerate(truths, 1):
            try:
                r = run_chart(t, digitize, Path(tmp), keep)
            except Exception as e:  # e.g. an unreadable image file: still a scored failure
                r = dict(SC.zero_score(t), id=t["id"], style=t.get("style") or t.get("renderer", "?"),
                         kind=t.get("kind", "?"), clean=t.get("clean", t.get("degradation") == "none"),
                         degradation=t.get("degradation", "?"), seconds=0.0,
                         error=f"bench: {type(e).__name__}: {e}")
            results.append(r)
            if not a.quiet:
                status = "FAIL " + r["error"] if r["error"] else (
                    f"within2% {r['within2%']}/{r['n_truth']}  extra {r['extra']}")
                print(f"[{i}/{len(truths)}] {r['id']} {r['style']} {r['kind']} "
                      f"{r['seconds']:.2f}s  {status}", file=sys.stderr, flush=True)
    print(table(results))
    bars = [r for r in results if r["kind"] == "bar"]
    if bars:
        print()
        print(bar_table(bars))
    lines = [r for r in results if "on_trace1%" in r]
    if lines:
        print()
        print(line_table(lines))
    failed = [r for r in results if r["error"]]
    if failed:
        print(f"\nfailures ({len(failed)}):")
        for r in failed:
            print(f"  {r['id']} [{r['style']}, {r['kind']}, {r['degradation']}]: {r['error']}")
    if a.json:
        Path(a.json).write_text(json.dumps({"summary": summarize(results), "charts": results}, indent=1))
    print(overall_line(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
