"""A campaign store: every finished sweep point, kept in a parquet dataset (a directory of part
files that `pandas.read_parquet(path)` reads whole), keyed by the scenario's digest and the point.

The digest (`sweep::Grid::digest` in the engine) hashes the engine version, the scenario without
its sweep and the algorithm knob: everything a point's result depends on besides the point's
knob, value, algorithm and seed. A rerun of a sweep with more values or seeds, or another metric,
finds its finished points here and runs only the new ones; a changed scenario or engine has
another digest and runs again. Each finished chunk is written as its own part file (written to a
temporary name, then renamed), so a sweep killed midway keeps every chunk it finished.
"""

from __future__ import annotations

import json
import os
import uuid
from typing import Any, Dict, Iterable, List, Tuple

PointKey = Tuple[str, str, str, int]

COLUMNS = ["scenario_digest", "knob", "value", "algorithm", "seed", "metric", "metric_value", "engine_version", "row"]


def value_key(v: Any) -> str:
    """A knob value as a key: JSON, with an integral float written as an integer (1.0 == 1)."""
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return json.dumps(v, sort_keys=True)


def point_key(p: Dict[str, Any]) -> PointKey:
    return (str(p["knob"]), value_key(p["value"]), p.get("algorithm") or "", int(p["seed"]))


class Store:
    """The parquet dataset at `path` (made on first write)."""

    def __init__(self, path: "str | os.PathLike[str]"):
        self.path = os.fspath(path)
        if os.path.isfile(self.path):
            raise ValueError(f"store: {self.path} is a file; a store is a directory of parquet parts (give a new or existing directory)")

    def finished(self, digest: str) -> Dict[PointKey, Dict[str, Any]]:
        """The stored rows of the sweep with this digest, by point key."""
        if not os.path.isdir(self.path) or not any(n.endswith(".parquet") for n in os.listdir(self.path)):
            return {}
        import pyarrow.dataset as ds

        table = ds.dataset(self.path, format="parquet").to_table(
            columns=["scenario_digest", "row"], filter=ds.field("scenario_digest") == digest
        )
        out: Dict[PointKey, Dict[str, Any]] = {}
        for text in table.column("row").to_pylist():
            row = json.loads(text)
            out[point_key(row)] = row
        return out

    def add(self, digest: str, rows: Iterable[Dict[str, Any]]) -> None:
        """Write finished rows as one new part file."""
        rows = list(rows)
        if not rows:
            return
        import pyarrow as pa
        import pyarrow.parquet as pq

        cols: Dict[str, List[Any]] = {c: [] for c in COLUMNS}
        for r in rows:
            cols["scenario_digest"].append(digest)
            cols["knob"].append(str(r["knob"]))
            cols["value"].append(value_key(r["value"]))
            cols["algorithm"].append(r.get("algorithm"))
            cols["seed"].append(int(r["seed"]))
            cols["metric"].append(str(r["metric"]))
            cols["metric_value"].append(r.get("metric_value"))
            cols["engine_version"].append(str(r["summary"].get("engine_version", "")))
            cols["row"].append(json.dumps(r))
        schema = pa.schema(
            [
                ("scenario_digest", pa.string()),
                ("knob", pa.string()),
                ("value", pa.string()),
                ("algorithm", pa.string()),
                ("seed", pa.int64()),
                ("metric", pa.string()),
                ("metric_value", pa.float64()),
                ("engine_version", pa.string()),
                ("row", pa.string()),
            ]
        )
        os.makedirs(self.path, exist_ok=True)
        name = f"part-{digest[:12]}-{uuid.uuid4().hex}.parquet"
        tmp = os.path.join(self.path, f".{name}.tmp")
        pq.write_table(pa.table(cols, schema=schema), tmp)
        os.replace(tmp, os.path.join(self.path, name))
