#!/usr/bin/env python3
"""The Python package's sweep against the CLI's (issue 33): one 1 000-point sweep run three ways
— netlab.sweep in this process, netlab.sweep on a 2-worker Dask LocalCluster (processes), and
`netlab sweep … --json` — with each one's wall time, and the Python package's overhead per point
over the CLI's. The three must give the same points (digests compared). A benchmark, not a
test: `npm run bench` runs it (scripts/bench.mjs) with the venv of scripts/python-env.mjs.

    .venv/bin/python scripts/bench_sweep.py [--json]

The sweep: tcp-dumbbell's quick variant cut to 1 s per point (warm-up 0.2 s) with 0.1 % random
loss, 10 buffer sizes × Reno and CUBIC × 50 seeds — points of ≈ 10 ms, so per-point overhead
shows rather than hides behind long runs.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import netlab

ROOT = Path(__file__).resolve().parents[1]
CLI = ROOT / "target" / "release" / "netlab"
VALUES = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6, 8]
ALGORITHMS = ["reno", "cubic"]
SEEDS = list(range(1, 51))
SETTINGS = {"duration_s": 1, "warmup_s": 0.2, "loss": 0.001}


def kwargs():
    return dict(variant="quick", knob="buffer_bdp", values=VALUES, algorithms=ALGORITHMS, seeds=SEEDS, set=SETTINGS, metric="jain")


def cli_args():
    args = ["sweep", "tcp-dumbbell", "--variant", "quick", "--knob", "buffer_bdp", "--values", ",".join(map(str, VALUES)),
            "--algorithms", ",".join(ALGORITHMS), "--seeds", ",".join(map(str, SEEDS)), "--metric", "jain", "--json"]
    for k, v in SETTINGS.items():
        args += ["--set", f"{k}={json.dumps(v)}"]
    return args


def main() -> None:
    from distributed import Client, LocalCluster

    n = len(VALUES) * len(ALGORITHMS) * len(SEEDS)
    t = time.perf_counter()
    out = subprocess.run([str(CLI), *cli_args()], cwd=ROOT, capture_output=True, text=True, check=True)
    cli_wall = time.perf_counter() - t
    cli_rows = json.loads(out.stdout)

    t = time.perf_counter()
    local = netlab.sweep("tcp-dumbbell", **kwargs())
    local_wall = time.perf_counter() - t

    t = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, Client(cluster) as client:
        startup = time.perf_counter() - t
        t = time.perf_counter()
        spread = netlab.sweep("tcp-dumbbell", **kwargs(), client=client)
        dask_wall = time.perf_counter() - t

    digests = [r["summary"]["digest"] for r in cli_rows]
    same = len(cli_rows) == n and list(local["digest"]) == digests and list(spread["digest"]) == digests
    engine_s = float(local["wall_s"].sum())
    result = {
        "points": n,
        "identical": same,
        "cli_wall_s": cli_wall,
        "python_local_wall_s": local_wall,
        "dask_local_cluster_wall_s": dask_wall,
        "dask_cluster_startup_s": startup,
        "engine_time_per_point_ms": engine_s / n * 1e3,
        "python_overhead_per_point_ms": (local_wall - cli_wall) / n * 1e3,
        "dask_overhead_per_point_ms": (dask_wall - cli_wall) / n * 1e3,
    }
    if "--json" in sys.argv:
        print(json.dumps(result))
        return
    print(f"{n}-point sweep (tcp-dumbbell quick, 1 s per point); results {'identical' if same else 'DIFFER'} across the three")
    print(f"  CLI netlab sweep --json          {cli_wall:8.2f} s")
    print(f"  netlab.sweep, this process       {local_wall:8.2f} s")
    print(f"  netlab.sweep, LocalCluster(2)    {dask_wall:8.2f} s   (+ {startup:.2f} s to start the cluster)")
    print(f"  engine time per point            {result['engine_time_per_point_ms']:8.2f} ms (sum of the runs' wall_s / points)")
    print(f"  Python overhead per point        {result['python_overhead_per_point_ms']:8.3f} ms over the CLI's (local)")
    print(f"  Dask overhead per point          {result['dask_overhead_per_point_ms']:8.3f} ms over the CLI's (2 workers)")


if __name__ == "__main__":
    main()
