"""Where a result came from: input hash, code version, tool versions, parameters.

Also the atomic file writers the pipeline's stages use, so that an interrupted run never leaves a
half-written output for DVC (or a reader) to pick up.
"""
from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import json
import os
import platform
import subprocess
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

DIST_NAME = "chartprov"
GIT_TIMEOUT_S = 5.0
_CHUNK = 1 << 20
# The checkout this package was imported from; when installed elsewhere, git says "not a repo".
_PACKAGE_ROOT = Path(__file__).resolve().parent.parent


def sha256_file(path: Path | str) -> str:
    """Hex SHA-256 of a file's bytes, read in 1 MiB chunks."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(_CHUNK), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _json_default(obj: Any) -> Any:
    # Parameters arrive as numpy scalars, Paths, sets or dataclasses often enough to accept them.
    if isinstance(obj, Path):
        return obj.as_posix()
    if isinstance(obj, (set, frozenset)):
        return sorted(obj, key=repr)
    if hasattr(obj, "tolist"):  # numpy scalars and arrays
        return obj.tolist()
    if hasattr(obj, "__dataclass_fields__"):
        import dataclasses
        return dataclasses.asdict(obj)
    raise TypeError(f"cannot put a {type(obj).__name__} into canonical JSON")


def canonical_json(obj: Any) -> str:
    """One text per value: sorted keys, no whitespace, UTF-8 kept (so the hash is order-free)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      default=_json_default)


def canonical_json_sha256(obj: Any) -> str:
    return hashlib.sha256(canonical_json(obj).encode("utf-8")).hexdigest()


def _first_version_token(text: str) -> str | None:
    # tesserocr reports "tesseract 5.5.4\n leptonica-1.87.0\n ..."; keep "5.5.4".
    first = text.strip().splitlines()[0] if text.strip() else ""
    parts = first.split()
    return parts[-1] if parts else None


def _dist_version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def _module_version(module: str, dist: str) -> str | None:
    # A module already imported answers for itself; otherwise ask the installed metadata, which
    # avoids importing pandas (about half a second) only to read its version.
    mod = sys.modules.get(module)
    if mod is not None and getattr(mod, "__version__", None):
        return str(mod.__version__)
    return _dist_version(dist)


def _safe(fn) -> str | None:
    try:
        value = fn()
    except Exception:  # a missing or broken tool is recorded as None, never raised
        return None
    return None if value is None else str(value)


def _opencv_version() -> str:
    import cv2
    return cv2.__version__


def _tesseract_cli_version() -> str | None:
    # Asked directly: importing pytesseract for this costs half a second (it loads pandas).
    out = subprocess.run(["tesseract", "--version"], capture_output=True, text=True, timeout=20)
    return _first_version_token(out.stdout + out.stderr)


def _tesserocr_engine_version() -> str | None:
    import tesserocr
    return _first_version_token(tesserocr.tesseract_version())


@functools.lru_cache(maxsize=1)
def _tool_versions_cached() -> tuple[tuple[str, str | None], ...]:
    versions = {
        "python": platform.python_version(),
        "numpy": _safe(lambda: _module_version("numpy", "numpy")),
        "opencv": _safe(_opencv_version),
        "pandas": _safe(lambda: _module_version("pandas", "pandas")),
        "pytesseract": _safe(lambda: _dist_version("pytesseract")),
        # The tesseract executable pytesseract runs, and the libtesseract tesserocr is linked
        # against: two engines that can differ on one machine, so both are recorded.
        "tesseract": _safe(_tesseract_cli_version),
        "tesserocr": _safe(lambda: _dist_version("tesserocr")),
        "tesserocr_tesseract": _safe(_tesserocr_engine_version),
    }
    return tuple(versions.items())


def tool_versions() -> dict[str, str | None]:
    """Versions of the tools that shape a result; a tool that is missing maps to None.

    Probed once per process (tesseract's version costs a subprocess); each call returns a new dict.
    """
    return dict(_tool_versions_cached())


def _git(repo_dir: Path | str, *args: str) -> str | None:
    try:
        proc = subprocess.run(["git", "-C", str(repo_dir), *args], capture_output=True, text=True,
                              timeout=GIT_TIMEOUT_S, check=False)
    except (OSError, subprocess.SubprocessError):  # no git, or it hung
        return None
    return proc.stdout if proc.returncode == 0 else None


def git_commit(repo_dir: Path | str = _PACKAGE_ROOT) -> str | None:
    """HEAD's commit hash, or None outside a git checkout (or before the first commit)."""
    out = _git(repo_dir, "rev-parse", "--verify", "HEAD")
    if out is None:
        return None
    return out.strip() or None


def git_dirty(repo_dir: Path | str = _PACKAGE_ROOT) -> bool | None:
    """True when tracked files differ from HEAD; None when git cannot tell.

    Untracked files are ignored, as `git describe --dirty` does: pipeline outputs and scratch
    files sit untracked in the work tree and do not change the code that ran.
    """
    out = _git(repo_dir, "status", "--porcelain", "--untracked-files=no")
    return None if out is None else bool(out.strip())


def package_version() -> str | None:
    version = _dist_version(DIST_NAME)
    if version is not None:
        return version
    pkg = sys.modules.get(__package__ or "pipeline")
    value = getattr(pkg, "__version__", None)
    return None if value is None else str(value)


def _created_utc() -> str:
    # SOURCE_DATE_EPOCH (reproducible-builds convention) pins the timestamp, so a rerun can
    # produce byte-identical provenance when that matters.
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.strip().isdigit():
        when = datetime.fromtimestamp(int(epoch), tz=timezone.utc)
    else:
        when = datetime.now(timezone.utc)
    return when.replace(microsecond=0).isoformat().replace("+00:00", "Z")


def build_provenance(image_path: Path, image_shape: tuple, params: dict, *,
                     repo_dir: Path | str = _PACKAGE_ROOT) -> dict:
    """The provenance record of one digitised chart.

    image_shape is the decoded array's shape, (height, width) or (height, width, channels).
    `params` is stored as its canonical JSON round trip, so the record is JSON-serialisable and
    `params_sha256` is the hash of exactly what it stores.
    """
    image_path = Path(image_path)
    if len(image_shape) not in (2, 3):
        raise ValueError(f"image_shape must be (h, w) or (h, w, c), got {tuple(image_shape)!r}")
    height, width = int(image_shape[0]), int(image_shape[1])
    channels = int(image_shape[2]) if len(image_shape) == 3 else 1
    params_json = canonical_json(params)
    return {
        "source": {
            "path": image_path.as_posix(),
            "size_bytes": image_path.stat().st_size,
            "sha256": sha256_file(image_path),
        },
        "image": {"width": width, "height": height, "channels": channels},
        "package": {
            "name": DIST_NAME,
            "version": package_version(),
            "git_commit": git_commit(repo_dir),
            "git_dirty": git_dirty(repo_dir),
        },
        "params": json.loads(params_json),
        "params_sha256": hashlib.sha256(params_json.encode("utf-8")).hexdigest(),
        "versions": tool_versions(),
        "created_utc": _created_utc(),
    }


def atomic_write_bytes(path: Path | str, data: bytes) -> None:
    """Write `data` to `path` so that readers see the old file or the new one, never a part.

    The bytes go to a temporary file in the same directory (same file system, so os.replace is
    atomic), are fsynced, and then replace the target. An existing file keeps its permissions;
    a new one gets 0o644 rather than mkstemp's 0o600.
    """
    path = Path(path)
    try:
        mode = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o644
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp_name, mode)
        os.replace(tmp_name, path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except FileNotFoundError:
            pass
        raise
    _fsync_dir(path.parent)


def _fsync_dir(directory: Path) -> None:
    # Makes the rename itself durable; not possible on every platform, so best effort.
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_text(path: Path | str, text: str, encoding: str = "utf-8") -> None:
    """atomic_write_bytes for text; newlines are written as given (no platform translation)."""
    atomic_write_bytes(path, text.encode(encoding))


def write_bytes_if_changed(path: Path | str, data: bytes) -> bool:
    """Atomically write `data` unless `path` already holds exactly these bytes.

    Leaving an identical file untouched keeps its mtime, so DVC and make see no change.
    Returns True when the file was written.
    """
    path = Path(path)
    try:
        if path.stat().st_size == len(data) and path.read_bytes() == data:
            return False
    except FileNotFoundError:
        pass
    atomic_write_bytes(path, data)
    return True
