"""`netlab.sweep`: a scenario over a grid of knob values × algorithms × seeds, as a DataFrame.

The engine plans the sweep (`sweep::Grid`: the same points, in the same order, as
`netlab sweep … --json`) and runs its points in chunks, hundreds per call, in Rust with the GIL
released. A point's seed is part of the point, so a point's result is the same whichever chunk,
thread, process or machine runs it: with `client=` (a `dask.distributed.Client`) the chunks are
Dask tasks spread over the cluster's workers, and the rows are identical to a local run's. A
worker that dies mid-sweep loses only the chunk it was running, which the Dask scheduler runs
again elsewhere. With `store=` the finished points are kept in a parquet campaign (`_store.py`)
as each chunk finishes, and a rerun runs only the points the store lacks.
"""

from __future__ import annotations

import json
import math
import os
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence

import pandas as pd

from . import _native
from ._scenario import Scenario, resolve
from ._store import Store, point_key

#: Most points in one chunk (one Dask task, one store part file).
MAX_CHUNK = 500


def _run_chunk(swept_json: str, indices: List[int], threads: Optional[int]) -> List[str]:
    """One chunk, as a Dask task runs it on a worker (module level so it pickles by name)."""
    return _native.run_points(swept_json, indices, threads)


def _chunks(indices: List[int], size: int) -> List[List[int]]:
    return [indices[i : i + size] for i in range(0, len(indices), size)]


def _frame(rows: List[Dict[str, Any]]) -> pd.DataFrame:
    """One row per point: point, knob, value, algorithm, seed, metric, metric_value, the
    summary's top-level scalar fields (scenario, events, jain, digest, wall_s, …), and the
    whole summary as a dict in `summary`."""
    records = []
    for r in rows:
        rec: Dict[str, Any] = {
            "point": r["index"],
            "knob": r["knob"],
            "value": r["value"],
            "algorithm": r["algorithm"],
            "seed": r["seed"],
            "metric": r["metric"],
            "metric_value": r["metric_value"],
        }
        for k, v in r["summary"].items():
            if k not in rec and (v is None or isinstance(v, (int, float, str, bool))):
                rec[k] = v
        rec["summary"] = r["summary"]
        records.append(rec)
    df = pd.DataFrame.from_records(records)
    if df.empty:
        return df
    df["metric_value"] = df["metric_value"].astype("float64")
    return df.sort_values("point", kind="stable").reset_index(drop=True)


def sweep(
    scenario: Scenario,
    *,
    knob: Optional[str] = None,
    values: Optional[Sequence[Any]] = None,
    algorithms: Optional[Sequence[str]] = None,
    seeds: Optional[Sequence[int]] = (1,),
    metric: Optional[str] = None,
    set: Optional[Mapping[str, Any]] = None,
    variant: Optional[str] = None,
    algorithm_knob: Optional[str] = None,
    client: Any = None,
    store: "str | os.PathLike[str] | None" = None,
    chunk_size: Optional[int] = None,
    threads: Optional[int] = None,
    progress: Optional[Callable[[int, int], None]] = None,
) -> pd.DataFrame:
    """Run every point of a sweep and return one row per point, in the sweep's order.

    `knob`, `values`, `algorithms`, `algorithm_knob`, `seeds` and `metric` replace the fields of
    the scenario's declared sweep, or make one (`None` keeps the declared field; the default
    `seeds=(1,)` is one seed, pass `seeds=None` for the declared seeds). `set` and `variant` act
    on the scenario first, as in :func:`netlab.run`. `client`: a `dask.distributed.Client` to
    run the chunks on; `store`: a campaign directory (see the module notes); `chunk_size`:
    points per chunk (default: about four chunks per worker thread, at most 500); `threads`:
    threads per local chunk (default every core; a Dask task uses one, the cluster gives the
    parallelism); `progress(done, total)` is called as chunks finish. Raises `ValueError` with
    the engine's message when the scenario or the sweep is bad, before anything runs.
    """
    patch: Dict[str, Any] = {}
    for field, v in (("knob", knob), ("algorithm_knob", algorithm_knob), ("metric", metric)):
        if v is not None:
            patch[field] = v
    for field, seq in (("values", values), ("algorithms", algorithms), ("seeds", seeds)):
        if seq is not None:
            if isinstance(seq, (str, bytes)) or not hasattr(seq, "__iter__"):
                raise ValueError(f"{field}: expected a list, got {seq!r}")
            patch[field] = list(seq)
    plan = json.loads(_native.sweep_plan(resolve(scenario, variant, set), json.dumps(patch)))
    swept = json.dumps(plan["scenario"])
    digest: str = plan["digest"]
    points: List[Dict[str, Any]] = plan["points"]

    campaign = Store(store) if store is not None else None
    rows: Dict[int, Dict[str, Any]] = {}
    if campaign is not None:
        finished = campaign.finished(digest)
        for p in points:
            hit = finished.get(point_key(p))
            if hit is not None:
                row = dict(hit, index=p["index"])
                if row["metric"] != plan["metric"]:
                    row["metric"] = plan["metric"]
                    row["metric_value"] = _native.metric_of(plan["metric"], json.dumps(row["summary"]))
                rows[p["index"]] = row
    todo = [p["index"] for p in points if p["index"] not in rows]

    def finish(texts: List[str]) -> None:
        got = [json.loads(t) for t in texts]
        for r in got:
            rows[r["index"]] = r
        if campaign is not None:
            campaign.add(digest, got)
        if progress is not None:
            progress(len(rows), len(points))

    if todo:
        if client is None:
            size = chunk_size or min(MAX_CHUNK, max(1, math.ceil(len(todo) / 4)))
            for chunk in _chunks(todo, size):
                finish(_native.run_points(swept, chunk, threads))
        else:
            from distributed import as_completed

            workers = max(1, sum(client.nthreads().values()))
            size = chunk_size or min(MAX_CHUNK, max(1, math.ceil(len(todo) / (4 * workers))))
            chunks = _chunks(todo, size)
            futures = client.map(
                _run_chunk,
                [swept] * len(chunks),
                chunks,
                [threads or 1] * len(chunks),
            )
            for future in as_completed(futures):
                finish(future.result())
    return _frame([rows[p["index"]] for p in points])
