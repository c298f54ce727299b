"""`netlab.run`: one scenario run natively, with its summary, series and event log.

`Run.summary` is the dict `netlab run --json` prints (the same library call makes both);
`Run.series()` is the page's series CSV export as a DataFrame (one row per point: key, scope,
owner, metric, unit, t_s, value; the page may thin a long series further for its charts);
`Run.events()` is every event the run logged, in order, as `netlab run --events` lists them.
"""

from __future__ import annotations

import json
import warnings
from typing import Any, Dict, List, Mapping, Optional

import pandas as pd

from . import _native
from ._scenario import Scenario, resolve

SERIES_COLUMNS = ["key", "scope", "owner", "metric", "unit", "t_s", "value"]


class Run:
    """A finished run. Built by :func:`run`."""

    def __init__(self, summary_json: str, meta_json: str, points: List[List[float]], events_json: Optional[str]):
        self.summary: Dict[str, Any] = json.loads(summary_json)
        self._meta: List[Dict[str, Any]] = json.loads(meta_json)
        self._points = points
        self._events_json = events_json

    @property
    def digest(self) -> str:
        """The run's digest: equal digests, equal runs (the goldens compare it)."""
        return str(self.summary["digest"])

    def series_meta(self) -> List[Dict[str, Any]]:
        """Each series' key, scope, owner, metric, label and unit (and a state series' states)."""
        return [dict(m) for m in self._meta]

    def series(self) -> pd.DataFrame:
        """Every recorded point as a tidy DataFrame: key, scope, owner, metric, unit, t_s, value."""
        frames = []
        for meta, flat in zip(self._meta, self._points):
            n = len(flat) // 2
            frames.append(
                pd.DataFrame(
                    {
                        "key": [meta["key"]] * n,
                        "scope": [meta["scope"]] * n,
                        "owner": [meta["owner"]] * n,
                        "metric": [meta["metric"]] * n,
                        "unit": [meta["unit"]] * n,
                        "t_s": flat[0::2],
                        "value": flat[1::2],
                    }
                )
            )
        if not frames:
            return pd.DataFrame({c: pd.Series(dtype="float64" if c in ("t_s", "value") else "object") for c in SERIES_COLUMNS})
        return pd.concat(frames, ignore_index=True)[SERIES_COLUMNS]

    def events(self) -> pd.DataFrame:
        """Every logged event in order: t_s, t_ns, flow, type and the event's own fields."""
        if self._events_json is None:
            raise ValueError("events: this run was made with events=False")
        records = json.loads(self._events_json)
        df = pd.DataFrame.from_records(records)
        if df.empty:
            return pd.DataFrame(columns=["t_s", "t_ns", "flow", "type"])
        first = ["t_s", "t_ns", "flow", "type"]
        return df[[c for c in first if c in df.columns] + [c for c in df.columns if c not in first]]

    def __repr__(self) -> str:
        s = self.summary
        return f"<netlab.Run {s.get('scenario')} seed {s.get('seed')}: {s.get('events')} events, digest {str(s.get('digest'))[:12]}…>"


def run(
    scenario: Scenario,
    *,
    seed: Optional[int] = None,
    set: Optional[Mapping[str, Any]] = None,
    variant: Optional[str] = None,
    events: bool = True,
) -> Run:
    """Run `scenario` to its end (the GIL is released meanwhile) and return the :class:`Run`.

    `seed` replaces the scenario's seed; `set` maps knob names or dotted paths to values, after
    `variant`'s overrides, as the CLI's `--set` and `--variant` do. `events=False` skips
    collecting the event log (a little faster). Raises `ValueError` with the engine's one-line
    message on bad input. A run stopped by one of the scenario's `limits` returns its partial
    summary (its `aborted` field says why) with a `RuntimeWarning`, as the CLI exits with 3.
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ValueError(f"seed: '{seed}' is not a non-negative integer")
    scenario_json = resolve(scenario, variant, set)
    out = Run(*_native.run(scenario_json, seed, events))
    if out.summary.get("aborted"):
        warnings.warn(f"netlab: run {out.summary['aborted']}", RuntimeWarning, stacklevel=2)
    return out
