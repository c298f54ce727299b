"""docs/cluster/: the sbatch script, the Kubernetes Indexed Job and the dask-jobqueue example,
run here as a cluster would run them (array indices, completion indices, a LocalCluster)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess

import yaml

import netlab
from conftest import CLI, ROOT, SWEEP_CLI, frame_rows, stable_rows

DOCS = ROOT / "docs" / "cluster"
SWEEP_ARGS = " ".join(SWEEP_CLI[1:])


def union(results) -> list:
    rows = [json.loads(ln) for f in sorted(results.glob("shard-*.jsonl")) for ln in f.read_text().splitlines()]
    return stable_rows(sorted(rows, key=lambda r: r["index"]))


def test_the_sbatch_array_together_is_the_sweep(tmp_path, cli_sweep_rows):
    env = dict(os.environ, NETLAB=str(CLI), SCENARIO=SWEEP_CLI[0], SWEEP_ARGS=SWEEP_ARGS, RESULTS=str(tmp_path),
               SLURM_ARRAY_TASK_COUNT="3")
    # A requeued task rewrites its shard instead of appending to it: run task 1 twice.
    for i in (0, 1, 1, 2):
        out = subprocess.run(["bash", str(DOCS / "netlab-sweep.sbatch")], cwd=ROOT, env=dict(env, SLURM_ARRAY_TASK_ID=str(i)),
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        assert f"shard {i}/3 wrote" in out.stdout
    assert union(tmp_path) == cli_sweep_rows
    # Without an array task id the script says how to submit it.
    out = subprocess.run(["bash", str(DOCS / "netlab-sweep.sbatch")], cwd=ROOT, env=env, capture_output=True, text=True)
    assert out.returncode != 0 and "sbatch --array" in out.stderr


def test_the_kubernetes_indexed_job_together_is_the_sweep(tmp_path, cli_sweep_rows):
    docs = list(yaml.safe_load_all((DOCS / "netlab-sweep-job.yaml").read_text()))
    job = next(d for d in docs if d["kind"] == "Job")
    spec = job["spec"]
    assert spec["completionMode"] == "Indexed" and spec["template"]["spec"]["restartPolicy"] == "Never"
    container = spec["template"]["spec"]["containers"][0]
    env = {e["name"]: e["value"] for e in container["env"]}
    assert int(env["SHARDS"]) == spec["completions"], "SHARDS must equal completions"
    claim = spec["template"]["spec"]["volumes"][0]["persistentVolumeClaim"]["claimName"]
    assert any(d["kind"] == "PersistentVolumeClaim" and d["metadata"]["name"] == claim for d in docs)
    # Each completion index as a pod runs it, with this machine's CLI, a smaller sweep and 3 indices.
    env.update(NETLAB=str(CLI), RESULTS=str(tmp_path), SHARDS="3", SCENARIO=SWEEP_CLI[0], SWEEP_ARGS=SWEEP_ARGS)
    for i in range(3):
        out = subprocess.run(container["command"], cwd=ROOT, env=dict(os.environ, **env, JOB_COMPLETION_INDEX=str(i)),
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
    assert union(tmp_path) == cli_sweep_rows


def test_the_dask_jobqueue_example_runs_on_a_local_cluster(tmp_path):
    spec = importlib.util.spec_from_file_location("slurm_dask", DOCS / "slurm_dask.py")
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    args = ["--scenario", "bbr-fairness", "--variant", "quick", "--seeds", "1", "--duration", "6"]
    df = example.main(["--cluster", "local", "--workers", "2", "--store", str(tmp_path / "c"), *args])
    local = netlab.sweep("bbr-fairness", variant="quick", seeds=[1], set={"duration_s": 6})
    assert len(df) == 15 and frame_rows(df) == frame_rows(local)
