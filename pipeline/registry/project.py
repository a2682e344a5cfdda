"""Where a project keeps things, and which charts are registered (params.yaml `charts:`)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..datafile import LocatedDict, load_yaml
from ..errors import DataFileError

NAME_RE = re.compile(r"^[a-z0-9][a-z0-9._-]{0,79}$")


@dataclass(frozen=True)
class Project:
    root: Path

    @property
    def params(self) -> Path:
        return self.root / "params.yaml"

    @property
    def raw(self) -> Path:
        return self.root / "raw_charts"

    @property
    def extracted(self) -> Path:
        return self.root / "extracted"

    def extraction(self, name: str) -> Path:
        return self.extracted / "charts" / name

    @property
    def ledger(self) -> Path:
        return self.extracted / "ledger.jsonl"

    @property
    def versions(self) -> Path:
        return self.extracted / "versions"

    @property
    def tables(self) -> Path:
        return self.extracted / "tables"

    @property
    def audit(self) -> Path:
        return self.extracted / "audit"

    @property
    def report(self) -> Path:
        return self.extracted / "report"

    def charts(self) -> dict[str, Path]:
        """Registered chart name -> its image, in params.yaml order."""
        doc = self._params_doc()
        charts = doc.get("charts") or {}
        if not isinstance(charts, dict):
            raise DataFileError(self.params, doc.line_of("charts"), "charts",
                                "must map each chart name to {image: FILE}")
        out = {}
        for name, spec in charts.items():
            line = charts.line_of(name)
            if not NAME_RE.match(str(name)):
                raise DataFileError(self.params, line, f"charts.{name}",
                                    "a chart name is lower-case letters, digits, '.', '_' or '-'")
            if not isinstance(spec, dict) or not isinstance(spec.get("image"), str):
                raise DataFileError(self.params, line, f"charts.{name}", "needs {image: FILE in raw_charts/}")
            out[str(name)] = self.raw / spec["image"]
        return out

    def readings_files(self) -> list[Path]:
        doc = self._params_doc()
        files = doc.get("readings") or []
        if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
            raise DataFileError(self.params, doc.line_of("readings"), "readings", "must be a list of file paths")
        return [self.root / f for f in files]

    def card(self, name: str) -> Path:
        return self.raw / f"{name}.yaml"

    def _params_doc(self) -> LocatedDict:
        doc = load_yaml(self.params)
        if not isinstance(doc, LocatedDict):
            raise DataFileError(self.params, 1, None, "expected a mapping at the top level")
        return doc
