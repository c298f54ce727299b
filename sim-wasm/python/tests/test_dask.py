"""netlab.sweep on a Dask cluster: the local rows exactly, and a killed worker costs only its chunk."""

from __future__ import annotations

import os
import threading
import time

import pytest

import netlab
from conftest import SWEEP_PY, frame_rows

from distributed import Client, LocalCluster, get_task_stream


@pytest.fixture
def client():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as c:
            yield c


def test_a_sweep_on_a_local_cluster_equals_the_local_sweep(client, cli_sweep_rows):
    local = netlab.sweep("tcp-dumbbell", **SWEEP_PY)
    with get_task_stream(client) as stream:
        spread = netlab.sweep("tcp-dumbbell", **SWEEP_PY, client=client, chunk_size=2)
    assert frame_rows(spread) == frame_rows(local) == cli_sweep_rows
    # Four chunks of two points, spread over both worker processes.
    assert len(stream.data) == 4
    assert len({t["worker"] for t in stream.data}) == 2


def test_a_worker_killed_mid_sweep_costs_only_its_chunk(client, tmp_path):
    # 12 chunks of one point, each a few tenths of a second, so a kill lands mid-sweep.
    kw = dict(variant="quick", knob="buffer_bdp", values=[0.5, 1, 2, 4, 8, 16], algorithms=["reno", "cubic"],
              seeds=[3], set={"duration_s": 8, "loss": 0.001}, metric="jain")
    want = frame_rows(netlab.sweep("tcp-dumbbell", **kw))
    store = tmp_path / "campaign"
    result = {}
    sweeping = threading.Thread(
        target=lambda: result.setdefault("df", netlab.sweep("tcp-dumbbell", **kw, client=client, chunk_size=1, store=store))
    )
    before = set(client.scheduler_info()["workers"])
    sweeping.start()
    victim = None
    deadline = time.time() + 60
    while victim is None and time.time() < deadline:
        busy = [w for w, tasks in client.processing().items() if tasks]
        finished_parts = len([n for n in os.listdir(store) if n.endswith(".parquet")]) if store.is_dir() else 0
        if busy and finished_parts >= 1:
            victim = busy[0]
        else:
            time.sleep(0.02)
    assert victim is not None, "no chunk was running"
    try:
        client.run(os._exit, 1, workers=[victim])
    except Exception:
        pass  # the worker died answering: that is the point
    sweeping.join(timeout=120)
    assert not sweeping.is_alive()
    assert frame_rows(result["df"]) == want
    # The killed worker was replaced (its nanny started a new one) and the sweep still finished;
    # every point was stored once: the chunks finished before the kill were not run again.
    assert victim in before and victim not in client.scheduler_info()["workers"]
    import pandas as pd

    stored = pd.read_parquet(store)
    assert len(stored) == len(want) and not stored.duplicated(["value", "algorithm", "seed"]).any()
