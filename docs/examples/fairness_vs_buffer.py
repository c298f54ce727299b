#!/usr/bin/env python3
"""bbr-fairness's fairness-vs-buffer figure from netlab.sweep, with pandas and matplotlib.

Two bulk flows (10 ms and 50 ms RTT) share a 100 Mbit/s DropTail bottleneck; the sweep varies
the buffer from 0.1 to 100 BDP for BBR, BBR-A, BBQ, DA-BBR and CUBIC and reads Jain's fairness
index of each run. The figure is the mean over seeds per algorithm, with the seeds' range shaded.

    python docs/examples/fairness_vs_buffer.py                 # the preset's sweep (quick runs)
    python docs/examples/fairness_vs_buffer.py --full          # 200 s runs, as the preset
    python docs/examples/fairness_vs_buffer.py --store runs.parquet --scheduler tcp://host:8786

--quick (the default) runs the preset's 30 s quick variant over all nine buffer sizes with
three seeds (135 points, about a minute on two cores); --full runs the preset itself (200 s,
about seven times longer). --store keeps finished points, so a second call only draws, and
--scheduler runs the sweep on a Dask cluster. The figure goes to fairness_vs_buffer.png (--out).
"""

from __future__ import annotations

import argparse

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

import netlab  # noqa: E402

BUFFERS = [0.1, 0.5, 1, 2, 5, 10, 20, 50, 100]
ALGORITHMS = ["bbr", "bbr-a", "bbq", "da-bbr", "cubic"]


def figure_data(df: pd.DataFrame) -> pd.DataFrame:
    """Jain's index per algorithm and buffer: mean, min and max over the seeds."""
    table = df.groupby(["algorithm", "value"])["metric_value"].agg(["mean", "min", "max", "count"]).reset_index()
    return table.rename(columns={"value": "buffer_bdp"}).sort_values(["algorithm", "buffer_bdp"])


def draw(table: pd.DataFrame, title: str, out: str) -> None:
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for alg in ALGORITHMS:
        t = table[table["algorithm"] == alg]
        if t.empty:
            continue
        (line,) = ax.plot(t["buffer_bdp"], t["mean"], marker="o", label=alg)
        ax.fill_between(t["buffer_bdp"], t["min"], t["max"], color=line.get_color(), alpha=0.15, linewidth=0)
    ax.set_xscale("log")
    ax.set_xlabel("Bottleneck buffer (BDP)")
    ax.set_ylabel("Jain's fairness index")
    ax.set_ylim(0.45, 1.02)
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(title="algorithm", ncol=3, fontsize=9)
    fig.tight_layout()
    fig.savefig(out, dpi=130)
    plt.close(fig)


def main(argv: "list[str] | None" = None) -> pd.DataFrame:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="200 s runs (the preset) instead of its 30 s quick variant")
    ap.add_argument("--seeds", default="1,2,3", help="comma-separated seeds (default 1,2,3)")
    ap.add_argument("--buffers", default=",".join(str(b) for b in BUFFERS), help="comma-separated buffer sizes in BDP")
    ap.add_argument("--duration", type=float, help="override the run length in seconds")
    ap.add_argument("--store", help="a campaign directory: finished points are kept and skipped next time")
    ap.add_argument("--scheduler", help="a Dask scheduler address to run the sweep on")
    ap.add_argument("--out", default="fairness_vs_buffer.png")
    args = ap.parse_args(argv)

    client = None
    if args.scheduler:
        from distributed import Client

        client = Client(args.scheduler)
    settings = {"duration_s": args.duration} if args.duration else None
    df = netlab.sweep(
        "bbr-fairness",
        variant=None if args.full else "quick",
        knob="buffer_bdp",
        values=[float(b) for b in args.buffers.split(",")],
        algorithms=ALGORITHMS,
        seeds=[int(s) for s in args.seeds.split(",")],
        metric="jain",
        set=settings,
        client=client,
        store=args.store,
    )
    table = figure_data(df)
    length = args.duration or df["duration_s"].iloc[0]
    draw(table, f"bbr-fairness: 10 ms vs 50 ms flow, {length:g} s runs", args.out)
    print(table.pivot(index="buffer_bdp", columns="algorithm", values="mean").round(3).to_string())
    print(f"wrote {args.out} ({len(df)} runs)")
    return table


if __name__ == "__main__":
    main()
