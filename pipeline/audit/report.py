"""The audit report: one self-contained HTML file (images inlined, no scripts, nothing fetched
when opened) and a Markdown summary, both built from reconciliation.json and the extractions."""
from __future__ import annotations

import base64
import html
import json
from pathlib import Path

import pandas as pd

from ..errors import DataFileError, InputNotFound
from ..provenance import atomic_write_bytes
from ..registry.cards import CHECKLIST
from .reconcile import format_value

TABLE_COLUMNS = ["series", "label", "x", "x_err", "y", "y_err", "x_px", "y_px", "confidence"]
_CSS = """
body{font-family:system-ui,sans-serif;margin:2em;max-width:1200px;color:#222}
h1{font-size:1.6em} h2{border-bottom:2px solid #ccc;padding-bottom:.2em;margin-top:2em}
table{border-collapse:collapse;margin:.6em 0;font-size:.9em} td,th{border:1px solid #ccc;padding:3px 7px;vertical-align:top}
th{background:#f2f2f2;text-align:left} .num{text-align:right;font-variant-numeric:tabular-nums}
.consistent{background:#e3f5e1} .inconsistent{background:#fbe0e0} .unverifiable{background:#f3f0d8}
.flag{display:inline-block;padding:2px 8px;border-radius:4px;font-weight:600}
.flag.directional{background:#fbe0e0} .flag.decision{background:#e3f5e1}
img.overlay{max-width:100%;border:1px solid #ccc} .quote{font-style:italic} .small{font-size:.85em;color:#555}
"""


def build_report(audit_dir: Path, out_dir: Path) -> list[Path]:
    source = Path(audit_dir) / "reconciliation.json"
    if not source.is_file():
        raise InputNotFound(f"{source} does not exist: run `python -m pipeline reconcile` (or `dvc repro`) first")
    try:
        doc = json.loads(source.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise DataFileError(source, None, None, f"not valid JSON ({exc})")
    out_dir = Path(out_dir)
    html_path, md_path = out_dir / "report.html", out_dir / "summary.md"
    atomic_write_bytes(html_path, render_html(doc).encode("utf-8"))
    atomic_write_bytes(md_path, render_markdown(doc).encode("utf-8"))
    return [html_path, md_path]


def _e(x) -> str:
    return html.escape("" if x is None else str(x))


def _n(x) -> str:
    return "" if x is None or x == "" or x != x else format_value(float(x))


def render_html(doc: dict) -> str:
    m = doc["metrics"]
    parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>Chart audit report</title>"
             f"<style>{_CSS}</style></head><body>",
             "<h1>Chart audit report</h1>",
             f"<p id='totals'>{m['readings']} quoted readings: <b>{m['consistent']} consistent</b>, "
             f"<b>{m['inconsistent']} inconsistent</b>, <b>{m['unverifiable']} unverifiable</b>; "
             f"{m['relation_checks']} unit-identity checks, {m['relations_hold']} hold, "
             f"{m['relations_broken']} broken. {m['charts']} charts, {m['charts_directional']} "
             f"of them only a directional signal (3 or more checklist questions unanswered).</p>",
             "<p class='small'>Readings files: " + ", ".join(
                 f"{_e(f['path'])} (sha256 {_e(f['sha256'][:12])})" for f in doc["readings_files"]) + "</p>"]
    by_chart: dict[str, list] = {}
    for v in doc["verdicts"]:
        by_chart.setdefault(v["chart"], []).append(v)
    for name in list(doc["charts"]) + [c for c in by_chart if c not in doc["charts"]]:
        parts.append(_chart_section(name, doc["charts"].get(name), by_chart.get(name, [])))
    parts.append("</body></html>")
    return "\n".join(parts)


def _chart_section(name: str, info: dict | None, verdicts: list) -> str:
    out = [f"<section class='chart' id='chart-{_e(name)}'><h2>{_e(name)}</h2>"]
    if info is None:
        out.append("<p>Not a registered chart: nothing was extracted for it.</p>")
    else:
        card = info.get("card") or {}
        flag = "directional" if info["directional"] else "decision"
        label = ("Directional signal only" if info["directional"] else "Checklist mostly answered")
        out.append(f"<p><span class='flag {flag}'>{label}</span> unanswered: "
                   f"{_e(', '.join(info['unanswered']) or 'none')}</p>")
        if card:
            src = card["source"]
            where = src.get("url") or " ".join(str(src[k]) for k in ("repository", "path") if src.get(k))
            out.append(f"<p><b>{_e(card['title'])}</b><br>{_e(card['shows'])}<br>"
                       f"<span class='small'>publisher {_e(card['publisher'])} · source {_e(where)}"
                       f"{' · ' + _e(src['location']) if src.get('location') else ''} · retrieved "
                       f"{_e(card['retrieved'])} · licence {_e(card['licence'])} · card {_e(card['card_file'])}</span></p>")
            rows = "".join(f"<tr><td>{_e(q)}</td><td>{_e(card['checklist'].get(k) or '— unanswered')}</td></tr>"
                           for k, q in CHECKLIST.items())
            out.append(f"<details><summary>Checklist</summary><table>{rows}</table></details>")
        out.append(f"<p class='small'>Extraction {_e(info['extraction'])} · ledger entry "
                   f"{_e(info.get('ledger_id'))} · image sha256 {_e(info.get('source_sha256'))}</p>")
        if info.get("problem"):
            out.append(f"<p class='unverifiable'>{_e(info['problem'])}</p>")
        else:
            out.append(_overlay(Path(info["extraction"])))
            out.append(_points_table(Path(info["extraction"]) / "points.csv"))
    out.append(_verdicts_table(verdicts))
    out.append("</section>")
    return "\n".join(out)


def _overlay(folder: Path) -> str:
    png = folder / "overlay.png"
    if not png.is_file():
        return ""
    data = base64.b64encode(png.read_bytes()).decode("ascii")
    return f"<img class='overlay' alt='overlay of {_e(folder.name)}' src='data:image/png;base64,{data}'>"


def _points_table(csv_path: Path) -> str:
    if not csv_path.is_file():
        return ""
    df = pd.read_csv(csv_path, dtype={"label": str, "series": str}, keep_default_na=False)
    cols = [c for c in TABLE_COLUMNS if c in df.columns]
    head = "".join(f"<th>{_e(c)}</th>" for c in cols)
    body = "".join("<tr>" + "".join(
        f"<td class='num'>{_n(r[c]) if c not in ('series', 'label') else ''}</td>" if c not in ("series", "label")
        else f"<td>{_e(r[c])}</td>" for c in cols) + "</tr>" for _, r in df.iterrows())
    return (f"<details open><summary>Extracted points ({len(df)})</summary>"
            f"<table class='points'><tr>{head}</tr>{body}</table></details>")


def _verdicts_table(verdicts: list) -> str:
    if not verdicts:
        return "<p>No readings refer to this chart.</p>"
    rows = []
    for v in verdicts:
        ev = "; ".join(f"{e.get('series')} '{e.get('label')}' at ({_n(e.get('x'))}, {_n(e.get('y'))}), "
                       f"pixel ({_n(e.get('x_px'))}, {_n(e.get('y_px'))})" for e in v.get("evidence") or [])
        rows.append(f"<tr class='verdict {_e(v['verdict'])}' data-id='{_e(v['id'])}'><td>{_e(v['id'])}</td>"
                    f"<td>{_e(v['kind'])}</td><td><b>{_e(v['verdict'])}</b></td>"
                    f"<td class='quote'>{_e(v['quote'])}</td><td>{_e(v['quoted'])} {_e(v['unit'])}</td>"
                    f"<td class='num'>{_n(v['measured'])}{' ± ' + _n(v['measured_err']) if v['measured_err'] else ''}</td>"
                    f"<td>{_e(v['reason'])}<br><span class='small'>{_e(ev)}</span></td></tr>")
    return ("<table class='verdicts'><tr><th>reading</th><th>kind</th><th>verdict</th><th>quote</th>"
            "<th>quoted</th><th>read from chart</th><th>evidence</th></tr>" + "".join(rows) + "</table>")


def render_markdown(doc: dict) -> str:
    m = doc["metrics"]
    lines = ["# Chart audit summary", "",
             f"{m['readings']} quoted readings: {m['consistent']} consistent, {m['inconsistent']} inconsistent, "
             f"{m['unverifiable']} unverifiable. {m['relation_checks']} unit-identity checks: "
             f"{m['relations_hold']} hold, {m['relations_broken']} broken.", ""]
    for name, info in doc["charts"].items():
        flag = "directional signal only" if info["directional"] else "checklist mostly answered"
        lines += [f"## {name}", "", f"{info['n_points']} points extracted; {flag} "
                  f"(unanswered: {', '.join(info['unanswered']) or 'none'}).", ""]
        vs = [v for v in doc["verdicts"] if v["chart"] == name]
        if vs:
            lines += ["| reading | verdict | quoted | read from chart | why |", "|---|---|---|---|---|"]
            for v in vs:
                read = "" if v["measured"] is None else f"{_n(v['measured'])} ± {_n(v['measured_err'])}"
                lines.append(f"| {v['id']} | {v['verdict']} | {v['quoted']} {v['unit']} | {read} | "
                             f"{v['reason'].replace('|', '/')} |")
            lines.append("")
    others = sorted({v["chart"] for v in doc["verdicts"]} - set(doc["charts"]))
    for name in others:
        lines += [f"## {name} (not registered)", ""]
        lines += [f"- {v['id']}: {v['verdict']} ({v['reason']})" for v in doc["verdicts"] if v["chart"] == name]
        lines.append("")
    return "\n".join(lines)
