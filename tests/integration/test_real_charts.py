"""Published charts from ../shared/real_charts (read in place, never copied: several have no
stated licence). Skipped, with the reason, on a machine without that folder."""
from pathlib import Path

import pandas as pd
import pytest

from pipeline.digitize import digitize_file

REAL = Path(__file__).resolve().parents[3] / "shared" / "real_charts"

pytestmark = pytest.mark.skipif(not REAL.is_dir(), reason=f"{REAL} is absent (real charts are not shipped)")


def test_flashattention_memory_bars_with_tick_marks_against_their_labels(tmp_path):
    # matplotlib's classic look: tick marks drawn outwards touch the tick labels ('20 -' was
    # read as '207' and every bar came out ten times too long). The README quotes 10X at 2K and
    # 20X at 4K; the bars, read by eye, stand at about 10.5 and 20.3.
    digitize_file(REAL / "flashattn-memory-reduction.jpg", tmp_path / "out")
    pts = pd.read_csv(tmp_path / "out" / "points.csv", keep_default_na=False)
    y = dict(zip(pts["label"].astype(str), pts["y"].astype(float)))
    assert sorted(y) == sorted(["128", "256", "512", "1024", "2048", "4096"])
    assert y["2048"] == pytest.approx(10.5, abs=0.25)
    assert y["4096"] == pytest.approx(20.3, abs=0.25)
    assert y["128"] == pytest.approx(1.55, abs=0.25)


def test_flashinfer_line_panels_take_no_labels_from_titles_and_legends(tmp_path):
    # Four panels of unlabelled lines: numbers beside a line's vertices there are pieces of the
    # panels' titles and legend ('length=8192', '2'), one or two per line, no point labels.
    digitize_file(REAL / "flashinfer-cascade-speedup-h100.png", tmp_path / "out")
    pts = pd.read_csv(tmp_path / "out" / "points.csv", keep_default_na=False)
    assert len(pts) >= 150 and set(pts["marker"]) == {"line"}
    assert not any(pts["label"].astype(str) != "")


def test_inferencemax_pareto_keeps_overlapping_markers_apart(tmp_path):
    # Two H100 markers drawn over each other on their line (about 1155 and 1171 px, 1481 px
    # down) are two points. (Blobs a marker and a half long split in two unless most of their
    # colour would: then the typical marker was measured on specks, see split_overlapping.)
    digitize_file(REAL / "vllm-inferencemax-gpt-oss-120b-pareto.png", tmp_path / "out")
    pts = pd.read_csv(tmp_path / "out" / "points.csv", keep_default_na=False)
    pair = pts[(abs(pts["y_px"] - 1481.5) <= 3) & (pts["x_px"].between(1145, 1180))]
    assert sorted(round(x) for x in pair["x_px"]) == pytest.approx([1156, 1172], abs=3)
