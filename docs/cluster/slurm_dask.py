#!/usr/bin/env python3
"""A NetLab sweep on a Slurm cluster through dask-jobqueue, kept in a resumable campaign store.

dask-jobqueue's SLURMCluster submits Slurm jobs that each start Dask workers; netlab.sweep sends
its chunks (hundreds of points each, run in Rust) to them and writes every finished chunk to the
store, so a rerun after a time-out or with more seeds runs only the missing points. The same
script runs on one machine with --cluster local (a LocalCluster), which is how the repository's
tests run it.

    pip install ./sim-wasm/python dask-jobqueue pyarrow     # on a shared filesystem the nodes see
    python docs/cluster/slurm_dask.py --jobs 4 --store bbr-campaign.parquet
    python docs/cluster/slurm_dask.py --cluster local --workers 2 --seeds 1
"""

from __future__ import annotations

import argparse
import contextlib

import netlab
from distributed import Client, LocalCluster


def make_cluster(kind: str, jobs: int, workers: int):
    if kind == "local":
        return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
    from dask_jobqueue import SLURMCluster

    # One Slurm job = `processes` single-threaded workers on `cores` cores. A point is one
    # single-threaded run, so one thread per worker process keeps every core busy.
    cluster = SLURMCluster(
        cores=8,
        processes=8,
        memory="16GB",
        walltime="02:00:00",
        job_name="netlab-dask",
        # e.g. ["--partition=compute", "--account=mylab"]
        job_extra_directives=[],
    )
    cluster.scale(jobs=jobs)
    return cluster


def main(argv: "list[str] | None" = None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cluster", choices=["slurm", "local"], default="slurm")
    ap.add_argument("--jobs", type=int, default=4, help="Slurm jobs to start (slurm)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes (local)")
    ap.add_argument("--scenario", default="bbr-fairness")
    ap.add_argument("--variant")
    ap.add_argument("--seeds", default="1,2,3,4,5")
    ap.add_argument("--duration", type=float, help="override the run length in seconds")
    ap.add_argument("--store", help="campaign directory (finished points kept, skipped on rerun)")
    args = ap.parse_args(argv)

    with contextlib.ExitStack() as stack:
        cluster = stack.enter_context(make_cluster(args.cluster, args.jobs, args.workers))
        client = stack.enter_context(Client(cluster))
        df = netlab.sweep(
            args.scenario,
            variant=args.variant,
            seeds=[int(s) for s in args.seeds.split(",")],
            set={"duration_s": args.duration} if args.duration else None,
            client=client,
            store=args.store,
            progress=lambda done, total: print(f"{done}/{total} points", flush=True),
        )
    print(df.groupby(["algorithm", "value"])["metric_value"].mean().unstack("algorithm").round(3).to_string())
    return df


if __name__ == "__main__":
    main()
