"""Every way an input can be unusable ends in one `error:` line and that error's exit code."""
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from pipeline import errors
from pipeline.cli import main

REPO = Path(__file__).resolve().parents[2]


def run_cli(capsys, image: Path, out: Path) -> tuple[int, str, str]:
    code = main(["digitize", str(image), "--out", str(out)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_one_error_line(err: str):
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ")
    assert len(lines[0]) > len("error: ")
    assert "Traceback" not in err


def png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def write_bomb_png(path: Path, width: int, height: int) -> None:
    """A valid 1-bit greyscale PNG of width x height white pixels, compressed row by row so
    that the pixels are never held in memory."""
    row = b"\x00" + b"\xff" * ((width + 7) // 8)
    comp = zlib.compressobj(9)
    idat = bytearray()
    for _ in range(height):
        idat += comp.compress(row)
    idat += comp.flush()
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)))
        f.write(png_chunk(b"IDAT", bytes(idat)))
        f.write(png_chunk(b"IEND", b""))


@pytest.fixture
def real_png(tmp_path) -> Path:
    p = tmp_path / "real.png"
    rng = np.random.default_rng(7)
    Image.fromarray(rng.integers(0, 256, (120, 160, 3), dtype=np.uint8)).save(p)
    return p


def test_text_file_named_png(tmp_path, capsys):
    p = tmp_path / "x.png"
    p.write_text("this is not an image\n")
    code, _, err = run_cli(capsys, p, tmp_path / "out")
    assert code == errors.NotAnImage.exit_code
    assert_one_error_line(err)
    assert not (tmp_path / "out").exists()


def test_empty_file(tmp_path, capsys):
    p = tmp_path / "empty.png"
    p.write_bytes(b"")
    code, _, err = run_cli(capsys, p, tmp_path / "out")
    assert code == errors.NotAnImage.exit_code
    assert_one_error_line(err)
    assert "empty" in err


def test_truncated_png(tmp_path, capsys, real_png):
    data = real_png.read_bytes()
    assert len(data) > 1000
    p = tmp_path / "truncated.png"
    p.write_bytes(data[:200])
    code, _, err = run_cli(capsys, p, tmp_path / "out")
    assert code == errors.NotAnImage.exit_code
    assert_one_error_line(err)


def test_missing_file(tmp_path, capsys):
    code, _, err = run_cli(capsys, tmp_path / "nope.png", tmp_path / "out")
    assert code == errors.InputNotFound.exit_code
    assert_one_error_line(err)
    assert "nope.png" in err


def test_decompression_bomb_20000_square(tmp_path, capsys):
    p = tmp_path / "bomb.png"
    write_bomb_png(p, 20000, 20000)
    assert p.stat().st_size < 200_000          # 400 Mpx in a small file
    head = p.read_bytes()[:33]                 # a real PNG header, not a broken file
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR"
    assert struct.unpack(">II", head[16:24]) == (20000, 20000)
    code, _, err = run_cli(capsys, p, tmp_path / "out")
    assert code == errors.ImageTooLarge.exit_code
    assert_one_error_line(err)


def test_decompression_bomb_paletted_made_with_pil(tmp_path, capsys):
    # 8000 x 6000 = 48 Mpx: under PIL's own bomb threshold, over the digitiser's 40 Mpx limit.
    p = tmp_path / "bomb-p.png"
    Image.new("P", (8000, 6000), 0).save(p, optimize=False)
    assert p.stat().st_size < 200_000
    code, _, err = run_cli(capsys, p, tmp_path / "out")
    assert code == errors.ImageTooLarge.exit_code
    assert_one_error_line(err)


def test_plain_white_image_has_no_chart(tmp_path, capsys):
    p = tmp_path / "white.png"
    Image.new("RGB", (800, 500), "white").save(p)
    code, _, err = run_cli(capsys, p, tmp_path / "out")
    assert code in (errors.NoChartFound.exit_code, errors.TicksUnreadable.exit_code)
    assert_one_error_line(err)
    assert not (tmp_path / "out").exists()


def test_noise_image_has_no_chart(tmp_path, capsys, rng):
    p = tmp_path / "noise.png"
    Image.fromarray(rng.integers(0, 256, (240, 360, 3), dtype=np.uint8)).save(p)
    code, _, err = run_cli(capsys, p, tmp_path / "out")
    assert code in (errors.NoChartFound.exit_code, errors.TicksUnreadable.exit_code)
    assert_one_error_line(err)


def test_chart_without_tick_labels_is_ticks_unreadable(tmp_path, capsys, no_tick_labels_chart):
    code, _, err = run_cli(capsys, no_tick_labels_chart.path, tmp_path / "out")
    assert code == errors.TicksUnreadable.exit_code
    assert_one_error_line(err)


def test_failed_run_leaves_an_existing_out_dir_untouched(tmp_path, capsys):
    out = tmp_path / "out"
    out.mkdir()
    (out / "points.csv").write_text("KEEP")
    before = sorted(p.name for p in out.iterdir())
    bad = tmp_path / "x.png"
    bad.write_text("not an image")
    white = tmp_path / "white.png"
    Image.new("RGB", (800, 500), "white").save(white)
    for image in (bad, white, tmp_path / "missing.png"):
        code, _, err = run_cli(capsys, image, out)
        assert code != 0
        assert_one_error_line(err)
        assert (out / "points.csv").read_text() == "KEEP"
        assert sorted(p.name for p in out.iterdir()) == before
    # No staging folders left beside it either.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "white.png", "x.png"]


def test_subprocess_missing_file(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(REPO), OMP_THREAD_LIMIT="1")
    res = subprocess.run([sys.executable, "-m", "pipeline", "digitize", str(tmp_path / "gone.png"),
                          "--out", str(tmp_path / "out")], capture_output=True, text=True,
                         cwd=REPO, env=env, timeout=120)
    assert res.returncode == errors.InputNotFound.exit_code
    assert_one_error_line(res.stderr)
    assert res.stdout == ""


def test_subprocess_text_file_named_png(tmp_path):
    p = tmp_path / "x.png"
    p.write_text("hello")
    env = dict(os.environ, PYTHONPATH=str(REPO), OMP_THREAD_LIMIT="1")
    res = subprocess.run([sys.executable, "-m", "pipeline", "digitize", str(p),
                          "--out", str(tmp_path / "out")], capture_output=True, text=True,
                         cwd=REPO, env=env, timeout=120)
    assert res.returncode == errors.NotAnImage.exit_code
    assert_one_error_line(res.stderr)


def test_a_fault_of_ours_is_one_line_and_its_own_exit_code(tmp_path, capsys, monkeypatch, real_png):
    # An unforeseen exception (an overflow once crashed a chart) is no traceback for the user,
    # and leaves no output folder behind.
    import pipeline.digitize as D

    def broken(*a, **k):
        raise OverflowError("(34, 'Numerical result out of range')")
    monkeypatch.setattr(D, "digitize_array", broken)
    out = tmp_path / "out"
    code = main(["digitize", str(real_png), "--out", str(out)])
    err = capsys.readouterr().err.strip()
    assert code == 70 and code not in {c.exit_code for c in vars(errors).values()
                                       if isinstance(c, type) and hasattr(c, "exit_code")}
    assert len(err.splitlines()) == 1 and "OverflowError" in err and "Traceback" not in err
    assert not out.exists()
    monkeypatch.setenv("PIPELINE_DEBUG", "1")
    with pytest.raises(OverflowError):
        main(["digitize", str(real_png), "--out", str(out)])
