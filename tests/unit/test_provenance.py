import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from pipeline import provenance
from pipeline.provenance import (atomic_write_bytes, atomic_write_text, build_provenance,
                                 canonical_json_sha256, git_commit, git_dirty, sha256_file,
                                 tool_versions, write_bytes_if_changed)

# SHA-256 test vectors from FIPS 180-2, appendix B.
ABC_SHA256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"


def test_sha256_file_matches_known_vectors(tmp_path):
    f = tmp_path / "abc.bin"
    f.write_bytes(b"abc")
    assert sha256_file(f) == ABC_SHA256
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    assert sha256_file(empty) == EMPTY_SHA256


def test_sha256_file_streams_across_chunks(tmp_path):
    data = bytes(range(256)) * 9000  # 2.2 MiB: more than two read chunks
    f = tmp_path / "big.bin"
    f.write_bytes(data)
    assert sha256_file(f) == hashlib.sha256(data).hexdigest()


def test_params_hash_ignores_key_order():
    a = {"ocr": {"psm": 11, "scale": 2.0}, "threshold": 0.5, "name": "prefill"}
    b = {"name": "prefill", "threshold": 0.5, "ocr": {"scale": 2.0, "psm": 11}}
    assert canonical_json_sha256(a) == canonical_json_sha256(b)
    assert canonical_json_sha256(a) != canonical_json_sha256({**a, "threshold": 0.6})
    expected = hashlib.sha256(b'{"name":"prefill","ocr":{"psm":11,"scale":2.0},"threshold":0.5}').hexdigest()
    assert canonical_json_sha256(b) == expected


def test_params_hash_accepts_numpy_and_paths():
    import numpy as np
    assert canonical_json_sha256({"k": np.int64(3), "p": Path("a/b")}) == \
        canonical_json_sha256({"k": 3, "p": "a/b"})


def test_atomic_write_replaces_content_and_leaves_no_temp(tmp_path):
    target = tmp_path / "out.json"
    target.write_text("old")
    os.chmod(target, 0o640)
    atomic_write_text(target, '{"a": 1}\n')
    assert target.read_text() == '{"a": 1}\n'
    assert (target.stat().st_mode & 0o777) == 0o640  # permissions survive the replace
    atomic_write_bytes(target, b"\x00\x01")
    assert target.read_bytes() == b"\x00\x01"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]


def test_atomic_write_cleans_up_on_failure(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    target.write_text("keep me")

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(provenance.os, "replace", boom)
    with pytest.raises(OSError):
        atomic_write_text(target, "new")
    assert target.read_text() == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_write_bytes_if_changed_keeps_identical_file(tmp_path):
    target = tmp_path / "x.png"
    assert write_bytes_if_changed(target, b"one") is True
    os.utime(target, (1_000_000, 1_000_000))
    assert write_bytes_if_changed(target, b"one") is False
    assert target.stat().st_mtime == 1_000_000
    assert write_bytes_if_changed(target, b"two") is True
    assert target.read_bytes() == b"two"


def test_tool_versions_never_raise_and_are_cached():
    v = tool_versions()
    assert set(v) >= {"python", "numpy", "opencv", "pandas", "tesseract", "tesserocr_tesseract"}
    assert v["python"].count(".") == 2
    v["python"] = "mutated"
    assert tool_versions()["python"] != "mutated"  # callers get a copy of the cache


def test_git_outside_a_repo_gives_none(tmp_path):
    assert git_commit(tmp_path) is None
    assert git_dirty(tmp_path) is None


def _git(repo, *args):
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t", *args],
                   check=True, capture_output=True)


def test_git_commit_and_dirty_flag(tmp_path):
    if shutil.which("git") is None:
        pytest.skip("git not installed")
    _git(tmp_path, "init", "-q")
    assert git_commit(tmp_path) is None  # no commit yet
    (tmp_path / "a.txt").write_text("1")
    _git(tmp_path, "add", "a.txt")
    _git(tmp_path, "commit", "-q", "-m", "one")
    head = subprocess.run(["git", "-C", str(tmp_path), "rev-parse", "HEAD"], capture_output=True,
                          text=True, check=True).stdout.strip()
    assert git_commit(tmp_path) == head and len(head) == 40
    assert git_dirty(tmp_path) is False
    (tmp_path / "untracked.txt").write_text("x")
    assert git_dirty(tmp_path) is False  # untracked files do not count
    (tmp_path / "a.txt").write_text("2")
    assert git_dirty(tmp_path) is True


def test_build_provenance_fields(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    image = tmp_path / "chart.png"
    image.write_bytes(b"abc")
    params = {"b": 2, "a": [1, 2.5], "path": Path("x/y")}
    rec = build_provenance(image, (750, 1200, 3), params, repo_dir=tmp_path)

    assert set(rec) == {"source", "image", "package", "params", "params_sha256", "versions",
                        "created_utc"}
    assert rec["source"] == {"path": image.as_posix(), "size_bytes": 3, "sha256": ABC_SHA256}
    assert rec["image"] == {"width": 1200, "height": 750, "channels": 3}
    assert rec["package"]["name"] == "chartprov"
    assert rec["package"]["version"] == "0.1.0"
    assert rec["package"]["git_commit"] is None and rec["package"]["git_dirty"] is None
    assert rec["params"] == {"a": [1, 2.5], "b": 2, "path": "x/y"}
    assert rec["params_sha256"] == hashlib.sha256(
        b'{"a":[1,2.5],"b":2,"path":"x/y"}').hexdigest()
    assert rec["versions"] == tool_versions()
    assert rec["created_utc"] == "2023-11-14T22:13:20Z"
    json.dumps(rec)  # the record is JSON-serialisable as it stands

    gray = build_provenance(image, (10, 20), {}, repo_dir=tmp_path)
    assert gray["image"] == {"width": 20, "height": 10, "channels": 1}
    assert gray["params_sha256"] == hashlib.sha256(b"{}").hexdigest()
