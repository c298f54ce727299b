"""NetLab from Python: the deterministic transport-protocol simulator's runs and sweeps.

    import netlab
    r = netlab.run("bbr-fairness", variant="quick", seed=2)
    r.summary["jain"]; r.series(); r.events()
    df = netlab.sweep("bbr-fairness", variant="quick", knob="buffer_bdp", values=[0.5, 5, 20],
                      algorithms=["bbr", "cubic"], seeds=[1, 2, 3], metric="jain")

The numbers are the `netlab` CLI's, point for point (one library computes both). docs/python.md
in the repository has the whole API, a Dask cluster's use and the campaign store.
"""

from ._native import ENGINE_VERSION, METRICS
from ._native import presets as _presets
from ._run import Run, run
from ._sweep import sweep

__all__ = ["ENGINE_VERSION", "METRICS", "Run", "presets", "run", "sweep"]


def presets() -> "list[str]":
    """The names of the presets built into this package (the repository's public/scenarios)."""
    return list(_presets())
