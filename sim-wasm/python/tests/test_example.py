"""docs/examples/fairness_vs_buffer.py draws bbr-fairness's figure from the sweep's numbers."""

from __future__ import annotations

import importlib.util

import netlab
from conftest import ROOT


def load_example():
    spec = importlib.util.spec_from_file_location("fairness_vs_buffer", ROOT / "docs" / "examples" / "fairness_vs_buffer.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_draws_the_sweeps_means(tmp_path):
    example = load_example()
    out = tmp_path / "fig.png"
    table = example.main(["--buffers", "0.5,5", "--seeds", "1,2", "--duration", "6", "--out", str(out)])
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 10_000
    assert sorted(table["algorithm"].unique()) == sorted(example.ALGORITHMS)
    assert (table["count"] == 2).all() and len(table) == 10
    df = netlab.sweep("bbr-fairness", variant="quick", knob="buffer_bdp", values=[0.5, 5], algorithms=["bbr"],
                      seeds=[1, 2], set={"duration_s": 6}, metric="jain")
    bbr = table[table["algorithm"] == "bbr"].set_index("buffer_bdp")["mean"]
    assert bbr.to_dict() == df.groupby("value")["metric_value"].mean().to_dict()
