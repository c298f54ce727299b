"""netlab.sweep: the CLI's points, chunking that changes nothing, shards, a resumable store."""

from __future__ import annotations

import json
import os

import pandas as pd
import pytest

import netlab
from conftest import SWEEP_CLI, SWEEP_PY, cli, frame_rows, stable_rows


def test_sweep_is_the_cli_sweep_point_for_point(cli_sweep_rows):
    df = netlab.sweep("tcp-dumbbell", **SWEEP_PY)
    assert len(df) == 8
    assert frame_rows(df) == cli_sweep_rows
    # The seeds matter here, so the comparison is not between equal numbers by accident.
    assert df["metric_value"].nunique() > 2
    # The summary's flat fields are columns of their own.
    for col in ("point", "knob", "value", "algorithm", "seed", "metric_value", "jain", "events", "digest", "wall_s"):
        assert col in df.columns, col
    assert (df["jain"] == df["metric_value"]).all()


def test_the_declared_sweep_of_a_preset_is_the_clis(cli_sweep_rows):
    # bbr-fairness declares its sweep; the quick variant runs 3 values × 5 algorithms × 1 seed.
    want = stable_rows(json.loads(cli("sweep", "bbr-fairness", "--variant", "quick", "--set", "duration_s=10", "--json").stdout))
    got = netlab.sweep("bbr-fairness", variant="quick", set={"duration_s": 10}, seeds=None)
    assert frame_rows(got) == want
    assert len(want) == 15


@pytest.mark.parametrize("chunk_size", [1, 3, 8])
def test_results_do_not_depend_on_chunking_or_threads(cli_sweep_rows, chunk_size):
    df = netlab.sweep("tcp-dumbbell", **SWEEP_PY, chunk_size=chunk_size, threads=1 if chunk_size == 3 else None)
    assert frame_rows(df) == cli_sweep_rows


def test_cli_shards_together_are_the_sweep(tmp_path, cli_sweep_rows):
    out = tmp_path / "points.jsonl"
    for i in range(3):
        cli("sweep", *SWEEP_CLI, "--shard", f"{i}/3", "--out", str(out))
    rows = sorted((json.loads(ln) for ln in out.read_text().splitlines()), key=lambda r: r["index"])
    assert stable_rows(rows) == cli_sweep_rows
    assert frame_rows(netlab.sweep("tcp-dumbbell", **SWEEP_PY)) == stable_rows(rows)


def test_a_store_keeps_finished_points_and_a_rerun_skips_them(tmp_path, cli_sweep_rows):
    store = tmp_path / "campaign.parquet"
    base = dict(SWEEP_PY)
    done = []
    first = netlab.sweep("tcp-dumbbell", **dict(base, seeds=[1]), store=store, progress=lambda d, t: done.append((d, t)))
    assert len(first) == 4 and done[-1] == (4, 4)
    assert len(pd.read_parquet(store)) == 4
    # Adding a seed runs only the new seed's points: the old ones come back from the store
    # with their original wall times (a rerun would have measured new ones).
    done.clear()
    second = netlab.sweep("tcp-dumbbell", **base, store=store, progress=lambda d, t: done.append((d, t)))
    assert frame_rows(second) == cli_sweep_rows
    assert done and done[0][0] > 4, "the first chunk reported adds to the 4 stored points"
    # Every computed point is written once: a recomputed old point would be a duplicate.
    stored = pd.read_parquet(store)
    assert len(stored) == 8 and not stored.duplicated(["knob", "value", "algorithm", "seed"]).any()
    by_key = lambda df: {(r.value, r.algorithm, r.seed): r.wall_s for r in df.itertuples()}
    assert {k: v for k, v in by_key(second).items() if k[2] == 1} == by_key(first)
    # A third run with everything stored runs nothing and reports another metric from the
    # stored summaries.
    done.clear()
    third = netlab.sweep("tcp-dumbbell", **dict(base, metric="utilization"), store=store, progress=lambda d, t: done.append(d))
    assert done == [] and len(pd.read_parquet(store)) == 8
    assert by_key(third) == by_key(second)
    assert (third["metric_value"] == [s["links"][0]["utilization"] for s in third["summary"]]).all()
    # A changed scenario is another campaign: nothing is reused.
    done.clear()
    netlab.sweep("tcp-dumbbell", **dict(base, seeds=[1], set={"duration_s": 4, "loss": 0.001}), store=store,
                 progress=lambda d, t: done.append(d))
    assert done[0] > 0 and len(pd.read_parquet(store)) == 12


def test_a_store_path_that_is_a_file_is_refused(tmp_path):
    f = tmp_path / "x.parquet"
    f.write_text("not a store")
    with pytest.raises(ValueError, match="is a file"):
        netlab.sweep("tcp-dumbbell", **SWEEP_PY, store=f)
