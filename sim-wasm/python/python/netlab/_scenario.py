"""What `run` and `sweep` accept as a scenario, turned into the engine's resolved JSON.

A scenario is a preset name ("bbr-fairness"), a path to a scenario file (a `str` ending in
`.json` or holding a `/`, or an `os.PathLike`), or a dict of the scenario itself. `variant`
applies one of the scenario's named variants and `set` maps knob names or dotted paths to
values, exactly as the CLI's `--variant` and `--set` do (the values are JSON values, not text).
"""

from __future__ import annotations

import json
import os
from typing import Any, Mapping, Optional, Union

from . import _native

Scenario = Union[str, "os.PathLike[str]", Mapping[str, Any]]


def resolve(scenario: Scenario, variant: Optional[str], settings: Optional[Mapping[str, Any]]) -> str:
    """The resolved scenario JSON text; `ValueError` with the engine's message when it is bad."""
    sets = None if not settings else json.dumps([[str(k), v] for k, v in settings.items()])
    if isinstance(scenario, Mapping):
        return _native.resolve(json.dumps(scenario), True, variant, sets)
    if isinstance(scenario, os.PathLike):
        path = os.fspath(scenario)
        # A path the user gave as a path object is a file even without a `/` or `.json`.
        spec = path if ("/" in path or path.endswith(".json")) else os.path.join(".", path)
        return _native.resolve(spec, False, variant, sets)
    if isinstance(scenario, str):
        return _native.resolve(scenario, False, variant, sets)
    raise TypeError(f"scenario: expected a preset name, a path or a dict, got {type(scenario).__name__}")
