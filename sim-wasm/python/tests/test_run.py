"""netlab.run: the CLI's summary, the page's series shape, the event log, the GIL, bad input."""

from __future__ import annotations

import json
import threading

import pandas as pd
import pytest

import netlab
from conftest import ROOT, cli, cli_json, stable

# A TCP dumbbell, one flow, an AQM preset, QUIC streams, MPTCP subflows, a parking lot.
PRESETS = [
    ("tcp-dumbbell", 3, {}),
    ("tcp-single", None, {"cc": "reno", "loss": 0.002}),
    ("bufferbloat", 2, {}),
    ("quic-priority-control", 1, {}),
    ("mptcp-short-flows", 4, {}),
    ("parking-lot", None, {}),
]


@pytest.mark.parametrize("preset,seed,settings", PRESETS)
def test_run_summary_is_the_cli_json(preset, seed, settings):
    args = ["run", preset, "--variant", "quick"]
    if seed is not None:
        args += ["--seed", str(seed)]
    for k, v in settings.items():
        args += ["--set", f"{k}={json.dumps(v)}"]
    want = cli_json(*args)
    got = netlab.run(preset, variant="quick", seed=seed, set=settings)
    assert set(got.summary) == set(want), "the same fields, peak_rss_bytes and wall_s included"
    assert stable(got.summary) == stable(want)
    assert got.digest == want["digest"]


def test_a_dict_and_a_path_run_as_the_preset():
    path = ROOT / "public" / "scenarios" / "tcp-dumbbell.json"
    by_name = netlab.run("tcp-dumbbell", variant="quick", seed=5)
    by_path = netlab.run(path, variant="quick", seed=5)
    by_dict = netlab.run(json.loads(path.read_text()), variant="quick", seed=5)
    assert by_name.digest == by_path.digest == by_dict.digest
    # Another seed is another run (random loss on).
    assert netlab.run("tcp-single", variant="quick", set={"loss": 0.01}, seed=6).digest != netlab.run(
        "tcp-single", variant="quick", set={"loss": 0.01}, seed=7
    ).digest


def test_series_is_the_pages_tidy_csv_shape():
    r = netlab.run("tcp-dumbbell", variant="quick", seed=3, events=False)
    df = r.series()
    assert list(df.columns) == ["key", "scope", "owner", "metric", "unit", "t_s", "value"]
    assert df["t_s"].dtype == "float64" and df["value"].dtype == "float64"
    meta = r.series_meta()
    assert sorted(df["key"].unique()) == sorted(m["key"] for m in meta)
    for m in meta:
        rows = df[df["key"] == m["key"]]
        assert len(rows) > 10, m["key"]
        assert (rows[["scope", "owner", "metric", "unit"]].drop_duplicates().values.tolist()
                == [[m["scope"], m["owner"], m["metric"], m["unit"]]])
        assert rows["t_s"].is_monotonic_increasing
        assert rows["t_s"].between(0, r.summary["duration_s"]).all()
    assert set(df["scope"]) <= {"flow", "link", "run", "stream"}
    # Each flow's congestion window is there, and its last goodput point is near the summary's.
    assert {f"flow/{f['id']}/cwnd" for f in r.summary["flows"]} <= set(df["key"])
    # A CSV of it reads back as the page's export does (header and seven columns).
    text = df.head(3).to_csv(index=False)
    assert text.splitlines()[0] == "key,scope,owner,metric,unit,t_s,value"
    with pytest.raises(ValueError, match="events=False"):
        r.events()


def test_events_are_the_clis_event_log():
    r = netlab.run("tcp-dumbbell", variant="quick", seed=3)
    ev = r.events()
    lines = cli("run", "tcp-dumbbell", "--variant", "quick", "--seed", "3", "--events").stdout.splitlines()
    # `--events` prints "t flow F type[:state]" per event, then the summary.
    listed = [ln for ln in lines if " flow " in ln and ln.split(" ", 1)[0].replace(".", "").isdigit()]
    assert len(ev) == len(listed) > 5
    assert list(ev.columns[:4]) == ["t_s", "t_ns", "flow", "type"]
    assert [ln.split()[3].split(":")[0] for ln in listed] == list(ev["type"])
    assert ev["t_s"].is_monotonic_increasing


def test_a_run_releases_the_gil():
    started = threading.Event()
    def work():
        started.set()
        netlab.run("bbr-fairness", variant="quick", events=False)
    t = threading.Thread(target=work)
    t.start()
    started.wait()
    spins = 0
    while t.is_alive():
        spins += 1
    t.join()
    # Holding the GIL for the run's ~0.3 s would leave this thread a handful of turns at most.
    assert spins > 10_000, spins


def cli_error(*args: str) -> str:
    out = cli(*args, check=False)
    assert out.returncode == 2, out.stderr
    return out.stderr.strip().removeprefix("netlab: error: ")


@pytest.mark.parametrize(
    "call,cli_args",
    [
        (lambda: netlab.run("no-such-preset"), ["run", "no-such-preset"]),
        (lambda: netlab.run("tcp-dumbbell", set={"buffer_bdp": 1000}), ["run", "tcp-dumbbell", "--set", "buffer_bdp=1000"]),
        (lambda: netlab.run("tcp-dumbbell", set={"flows.0.cc": "vegas"}), ["run", "tcp-dumbbell", "--set", "flows.0.cc=vegas"]),
        (lambda: netlab.run("tcp-dumbbell", variant="slow"), ["run", "tcp-dumbbell", "--variant", "slow"]),
        (lambda: netlab.run("/nonexistent/x.json"), ["run", "/nonexistent/x.json"]),
        (
            lambda: netlab.sweep("tcp-dumbbell", knob="buffer_bdp", values=[1, 500], metric="jain"),
            ["sweep", "tcp-dumbbell", "--knob", "buffer_bdp", "--values", "1,500", "--seeds", "1", "--metric", "jain"],
        ),
        (
            lambda: netlab.sweep("tcp-dumbbell", knob="rtt", values=[1], metric="jain"),
            ["sweep", "tcp-dumbbell", "--knob", "rtt", "--values", "1", "--seeds", "1", "--metric", "jain"],
        ),
    ],
)
def test_bad_input_raises_the_engines_one_line_message(call, cli_args):
    with pytest.raises(ValueError) as e:
        call()
    msg = str(e.value)
    assert "\n" not in msg
    assert msg == cli_error(*cli_args)


def test_bad_python_arguments_are_named():
    with pytest.raises(ValueError, match="duration_s"):
        netlab.run({"duration_s": -1, "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 10},
                                                   "senders": [{"rtt_ms": 20}]}, "flows": [{"cc": "reno"}]})
    with pytest.raises(ValueError, match="seed"):
        netlab.run("tcp-single", seed=-1)
    with pytest.raises(ValueError, match="values: expected a list"):
        netlab.sweep("tcp-single", knob="buffer_bdp", values="1,2", metric="jain")
    with pytest.raises(ValueError, match="metric"):
        netlab.sweep("tcp-single", knob="buffer_bdp", values=[1], metric="speed")
    with pytest.raises(TypeError, match="scenario"):
        netlab.run(42)  # type: ignore[arg-type]


def test_the_stub_lists_the_extensions_functions():
    import inspect
    from pathlib import Path

    import netlab._native as native

    stub = (Path(netlab.__file__).parent / "_native.pyi").read_text()
    exported = {n for n, v in vars(native).items() if not n.startswith("_") and (callable(v) or n.isupper())}
    stubbed = {ln.split("(")[0].split(":")[0].removeprefix("def ").strip() for ln in stub.splitlines()
               if ln.startswith("def ") or (ln[:1].isupper() and ":" in ln)}
    assert exported == stubbed
    assert (Path(netlab.__file__).parent / "py.typed").exists()
    assert netlab.presets() == sorted(p.stem for p in (ROOT / "public" / "scenarios").glob("*.json"))
    assert inspect.signature(netlab.run).parameters["seed"].kind is inspect.Parameter.KEYWORD_ONLY
