"""Shared helpers: the native CLI the Python package is compared with.

The CLI is the reference: `netlab run … --json` and `netlab sweep … --json` from
target/release/netlab (`cargo build --release -p netlab-core --bin netlab`; `npm test` builds it
in its cargo step). A missing CLI fails the tests rather than skipping them.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any, Dict, List

import pytest

ROOT = Path(__file__).resolve().parents[3]
CLI = Path(os.environ.get("NETLAB_CLI", ROOT / "target" / "release" / "netlab"))

# The only fields that differ between two runs of the same point: its wall time and the
# process's peak memory.
VOLATILE = ("wall_s", "peak_rss_bytes")


def cli(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    if not CLI.is_file():
        pytest.fail(f"the netlab CLI is missing at {CLI}: cargo build --release -p netlab-core --bin netlab")
    out = subprocess.run([str(CLI), *args], cwd=ROOT, capture_output=True, text=True, timeout=300)
    if check and out.returncode != 0:
        pytest.fail(f"netlab {' '.join(args)} failed: {out.stderr}")
    return out


def cli_json(*args: str) -> Any:
    return json.loads(cli(*args, "--json").stdout)


def stable(summary: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in VOLATILE}


def stable_rows(rows: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    return [dict(r, summary=stable(r["summary"])) for r in rows]


def frame_rows(df) -> List[Dict[str, Any]]:
    """A sweep DataFrame's rows in the CLI's row shape."""
    return [
        {
            "index": int(r.point),
            "knob": r.knob,
            "value": r.value,
            "algorithm": r.algorithm,
            "seed": int(r.seed),
            "metric": r.metric,
            "metric_value": None if r.metric_value != r.metric_value else float(r.metric_value),
            "summary": stable(r.summary),
        }
        for r in df.itertuples()
    ]


# A small sweep whose seeds matter (random loss), so equal rows are not equal by accident:
# 2 values × 2 algorithms × 2 seeds of tcp-dumbbell's quick variant, 3 s each.
SWEEP_CLI = [
    "tcp-dumbbell", "--variant", "quick", "--knob", "buffer_bdp", "--values", "0.5,2", "--algorithms", "reno,cubic",
    "--seeds", "1,2", "--set", "duration_s=3", "--set", "loss=0.001", "--metric", "jain",
]
SWEEP_PY = dict(
    variant="quick", knob="buffer_bdp", values=[0.5, 2], algorithms=["reno", "cubic"], seeds=[1, 2],
    set={"duration_s": 3, "loss": 0.001}, metric="jain",
)


@pytest.fixture(scope="session")
def cli_sweep_rows() -> List[Dict[str, Any]]:
    return stable_rows(cli_json("sweep", *SWEEP_CLI))
