"""The append-only ledger: one JSON line per extraction that differs from every earlier one.

An entry ties a chart name to the exact bytes it was read from (source SHA-256), the parameters,
the code and OCR engine that ran, and the hashes of what came out. Entries are only ever added:
a line is written whole with one append, under a lock, and fsynced. A line torn by an interrupted
run is left where it is (nothing is truncated), reported by `read_ledger`, and sealed with a
newline before the next entry so that entry stays readable.
"""
from __future__ import annotations

import fcntl
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from ..errors import DataFileError, InputNotFound, OutputError
from ..provenance import canonical_json, canonical_json_sha256, sha256_file

SNAPSHOT_FILES = ("points.csv", "axes.json")     # enough to diff and to re-load an old version
HASHED_FILES = ("points.csv", "axes.json", "overlay.png")


@dataclass
class LedgerRead:
    entries: list[dict]
    problems: list[str]          # torn or unreadable lines, with their line numbers


def read_ledger(path: Path | str) -> LedgerRead:
    path = Path(path)
    if not path.exists():
        return LedgerRead([], [])
    entries, problems = [], []
    with open(path, "rb") as fh:
        for n, raw in enumerate(fh, 1):
            text = raw.decode("utf-8", errors="replace").strip()
            if not text:
                continue
            try:
                entry = json.loads(text)
                if not isinstance(entry, dict) or "id" not in entry or "chart" not in entry:
                    raise ValueError("not a ledger entry")
            except ValueError:
                problems.append(f"{path}, line {n}: unreadable entry (an interrupted write?), skipped")
                continue
            entries.append(entry)
    return LedgerRead(entries, problems)


def entry_for(chart: str, extraction_dir: Path) -> dict:
    """The ledger entry describing the extraction in `extraction_dir` (not yet appended)."""
    prov_path = extraction_dir / "provenance.json"
    if not prov_path.is_file():
        raise InputNotFound(f"{extraction_dir} holds no extraction (no provenance.json)")
    try:
        prov = json.loads(prov_path.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise DataFileError(prov_path, None, None, f"not valid JSON ({exc})")
    outputs = {name: sha256_file(extraction_dir / name) for name in HASHED_FILES
               if (extraction_dir / name).is_file()}
    package = prov.get("package", {})
    engine = prov.get("ocr_engine", {})
    identity = {"chart": chart, "source_sha256": prov["source"]["sha256"],
                "params_sha256": prov.get("params_sha256"),
                "outputs": {k: v for k, v in outputs.items() if k != "overlay.png"}}
    with open(extraction_dir / "points.csv", encoding="utf-8") as fh:
        n_points = max(0, sum(1 for _ in fh) - 1)
    return {
        # Same chart, bytes, parameters and results: the same version, whatever code produced it.
        "id": canonical_json_sha256(identity)[:16],
        "chart": chart,
        "source_sha256": identity["source_sha256"],
        "source_path": prov["source"].get("path"),
        "source_size_bytes": prov["source"].get("size_bytes"),
        "params_sha256": identity["params_sha256"],
        "package_version": package.get("version"),
        "git_commit": package.get("git_commit"),
        "git_dirty": package.get("git_dirty"),
        "ocr_engine": f"{engine.get('backend', '?')} tesseract {engine.get('tesseract', '?')}",
        "outputs": outputs,
        "n_points": n_points,
        "extracted_utc": prov.get("created_utc"),
        "recorded_utc": datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z"),
    }


def record(ledger: Path, versions_dir: Path, chart: str, extraction_dir: Path) -> dict | None:
    """Append the extraction as a new version; None when the ledger already holds it."""
    ledger, versions_dir, extraction_dir = Path(ledger), Path(versions_dir), Path(extraction_dir)
    entry = entry_for(chart, extraction_dir)
    if any(e["id"] == entry["id"] for e in read_ledger(ledger).entries):
        return None
    snapshot = versions_dir / chart / entry["id"]
    _snapshot(extraction_dir, snapshot)
    # Relative to the ledger, so a clone or a moved project still finds its old versions.
    entry["snapshot"] = Path(os.path.relpath(snapshot, ledger.parent)).as_posix()
    append(ledger, entry)
    return entry


def _snapshot(src: Path, dest: Path) -> None:
    # Staged beside the destination and renamed, so a snapshot folder is either whole or absent;
    # written before the ledger line, so no entry ever points at a missing snapshot.
    if dest.is_dir():
        return
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        stage = Path(tempfile.mkdtemp(prefix=f".{dest.name}.", dir=dest.parent))
        for name in SNAPSHOT_FILES:
            if (src / name).is_file():
                shutil.copyfile(src / name, stage / name)
        os.replace(stage, dest)
    except OSError as exc:
        raise OutputError(f"cannot write the snapshot {dest}: {exc.strerror or exc}")


def append(ledger: Path, entry: dict) -> None:
    line = (canonical_json(entry) + "\n").encode("utf-8")
    try:
        ledger.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(ledger, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    except OSError as exc:
        raise OutputError(f"cannot open the ledger {ledger}: {exc.strerror or exc}")
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        size = os.fstat(fd).st_size
        if size:
            with open(ledger, "rb") as fh:
                fh.seek(size - 1)
                if fh.read(1) != b"\n":
                    line = b"\n" + line      # seal a torn last line instead of cutting it off
        os.write(fd, line)
        os.fsync(fd)
    except OSError as exc:
        raise OutputError(f"cannot append to the ledger {ledger}: {exc.strerror or exc}")
    finally:
        os.close(fd)


def current_entry(ledger: Path, chart: str, extraction_dir: Path) -> dict | None:
    """The ledger entry of the extraction now in `extraction_dir`, if it was recorded."""
    if not (Path(extraction_dir) / "provenance.json").is_file():
        return None
    want = entry_for(chart, Path(extraction_dir))["id"]
    return next((e for e in read_ledger(ledger).entries if e["id"] == want), None)
