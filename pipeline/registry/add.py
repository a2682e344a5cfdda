"""`python -m pipeline add IMAGE --name NAME`: register a chart so the next `dvc repro` reads it.

Copies the image into raw_charts/, writes a card to fill in beside it, and lists the chart in
params.yaml. Registering a new image under a name already in use needs --replace; the old image's
extraction stays in the ledger as the earlier version.
"""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from datetime import date
from pathlib import Path

import yaml

from ..errors import OutputError, UsageError
from ..imageio import load_rgb
from ..provenance import atomic_write_text, sha256_file
from .cards import CHECKLIST
from .project import NAME_RE, Project


def add_chart(project: Project, image: Path, name: str, source: str | None = None,
              replace: bool = False) -> list[str]:
    """Register `image` as chart `name`; returns what was written, one line per file."""
    image = Path(image)
    if not NAME_RE.match(name):
        raise UsageError(f"'{name}' is not a chart name: use lower-case letters, digits, '.', '_' or '-'")
    load_rgb(image)                                   # refuse a non-image before touching anything
    charts = project.charts()
    if name in charts and not replace:
        raise UsageError(f"a chart named '{name}' is already registered; pass --replace to register "
                         f"a new image version under that name")
    suffix = image.suffix.lower() or ".png"
    dest = charts.get(name) if name in charts else project.raw / f"{name}{suffix}"
    if dest.suffix.lower() != suffix:
        raise UsageError(f"'{name}' is registered as {dest.name}; give a {dest.suffix} image to replace it")
    done = [f"{dest} <- {image} (sha256 {sha256_file(image)[:12]})"]
    _copy(image, dest)
    card = project.card(name)
    if not card.exists():
        atomic_write_text(card, card_template(name, dest.name, source, image))
        done.append(f"{card}: card to fill in (checklist unanswered: the chart counts as a directional signal)")
    if name not in charts:
        _register(project.params, name, dest.name)
        done.append(f"{project.params}: '{name}' added to charts")
    return done


def _copy(src: Path, dest: Path) -> None:
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{dest.name}.", dir=dest.parent)
        os.close(fd)
        shutil.copyfile(src, tmp)
        os.replace(tmp, dest)
    except OSError as exc:
        raise OutputError(f"cannot copy {src} to {dest}: {exc.strerror or exc}")


def card_template(name: str, image: str, source: str | None, original: Path) -> str:
    # JSON strings are YAML strings, quoted whatever they hold.
    src = f"url: {json.dumps(source)}" if source else \
        f"path: {json.dumps(original.resolve().as_posix())}   # no URL given: where the file came from"
    questions = "\n".join(f"  {k}: null    # {q}" for k, q in CHECKLIST.items())
    return f"""# Card for raw_charts/{image}: fill in what you know; leave null what the source does not say.
schema_version: 1
name: {name}
image: {image}
title: {json.dumps(name)}
shows: "to describe"   # what the chart plots, in a sentence
publisher: unknown
retrieved: {date.today().isoformat()}
licence: unknown
source:
  {src}
axes:
  x: {{quantity: null, unit: null}}
  y: {{quantity: null, unit: null}}
point_label: {{meaning: null, unit: null}}
checklist:
{questions}
relations: []
"""


def _register(params: Path, name: str, image: str) -> None:
    """Add `name: {image: …}` to params.yaml's charts block, keeping its comments and order."""
    lines = params.read_text(encoding="utf-8").splitlines(keepends=True)
    entry = f"  {name}: {{image: {image}}}\n"
    try:
        start = next(i for i, ln in enumerate(lines) if ln.rstrip() == "charts:")
    except StopIteration:
        lines += ["charts:\n", entry]
    else:
        end = start + 1
        while end < len(lines) and (lines[end].startswith((" ", "\t")) or not lines[end].strip()):
            end += 1
        while end > start + 1 and not lines[end - 1].strip():
            end -= 1
        lines.insert(end, entry)
    text = "".join(lines)
    if name not in (yaml.safe_load(text).get("charts") or {}):
        raise OutputError(f"could not add '{name}' to {params}; add `{entry.strip()}` under charts: by hand")
    atomic_write_text(params, text)
