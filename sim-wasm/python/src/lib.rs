//! `netlab._native`: the Rust side of the Python package (python/netlab/ is the rest).
//!
//! A thin adapter over netlab-core, like the wasm one: no model logic here. Loading, running,
//! the summary JSON and the sweep's points and rows are the library's (`batch.rs`,
//! `scenario/sweep.rs`), the same code the `netlab` CLI runs, so `netlab.run(…).summary` and
//! `netlab.sweep(…)` give the CLI's numbers point for point. Values cross the boundary as JSON
//! text (the Python side parses it), which keeps the engine's types out of this file. Every run
//! releases the GIL (`Python::detach`), so Python threads and Dask workers' threads run
//! alongside. Bad input raises `ValueError` with the engine's one-line message.

use netlab_core::batch::{self, BuiltIn, Presets};
use netlab_core::scenario::{self, sweep};
use netlab_core::Simulation;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde_json::Value;
use std::time::Instant;

mod built_in {
    include!(concat!(env!("OUT_DIR"), "/presets.rs"));
}

/// A user error as Python's `ValueError`, on one line as the CLI prints it.
fn bad(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string().replace('\n', " "))
}

fn parse(text: &str, what: &str) -> PyResult<Value> {
    serde_json::from_str(text).map_err(|e| bad(format!("{what}: {e}")))
}

/// The names of the presets built into this extension.
#[pyfunction]
fn presets() -> Vec<String> {
    BuiltIn(built_in::PRESETS).names()
}

/// The scenario JSON to run. `spec` is a preset name or a file path (as the CLI takes them) or,
/// with `is_json`, the scenario's JSON text; then the variant's overrides and `sets_json` (a
/// JSON list of `[knob or dotted path, value]` pairs, applied in order).
#[pyfunction]
#[pyo3(signature = (spec, is_json, variant=None, sets_json=None))]
fn resolve(spec: &str, is_json: bool, variant: Option<&str>, sets_json: Option<&str>) -> PyResult<String> {
    let base = if is_json {
        scenario::check_size(spec.len() as u64).map_err(bad)?;
        scenario::parse_text(spec).map_err(bad)?
    } else {
        batch::load(spec, &BuiltIn(built_in::PRESETS)).map_err(bad)?
    };
    let sets: Vec<(String, Value)> = match sets_json {
        Some(t) => serde_json::from_value(parse(t, "set")?).map_err(|e| bad(format!("set: {e}")))?,
        None => Vec::new(),
    };
    let value = batch::resolve(base, variant, &sets).map_err(bad)?;
    // Validated here, so a bad scenario raises before any run starts.
    scenario::from_value(value.clone()).map_err(bad)?;
    Ok(value.to_string())
}

/// What one run gives Python: the summary JSON (`netlab run --json`), the series' metadata as a
/// JSON list, each series' kept points as flat `[t0, v0, t1, v1, …]`, and with `events` every
/// logged event of the run as a JSON list (`t_s` added to each).
type RunOutput = (String, String, Vec<Vec<f64>>, Option<String>);

/// Run a resolved scenario to its end with the GIL released.
#[pyfunction]
#[pyo3(signature = (scenario_json, seed=None, events=true))]
fn run(py: Python<'_>, scenario_json: &str, seed: Option<u64>, events: bool) -> PyResult<RunOutput> {
    let value = parse(scenario_json, "scenario")?;
    py.detach(move || -> Result<RunOutput, String> {
        let sc = scenario::from_value(value).map_err(|e| e.to_string())?;
        let started = Instant::now();
        let mut sim = Simulation::new(sc, seed).map_err(|e| e.to_string())?;
        let log = if events {
            // The bounded log keeps only the newest events: read each step's new ones as the
            // CLI's `--events` does.
            let mut all = Vec::new();
            sim.run_observing(0.005, |e| {
                let mut v = serde_json::to_value(e).unwrap_or_default();
                v["t_s"] = (e.t_ns as f64 / 1e9).into();
                all.push(v);
            })?;
            Some(Value::Array(all).to_string())
        } else {
            sim.run_to_end();
            None
        };
        let summary = sim.summary(started.elapsed().as_secs_f64());
        let meta = serde_json::to_string(sim.series_meta()).map_err(|e| e.to_string())?;
        let points = sim
            .series_meta()
            .iter()
            .map(|m| sim.series(&m.key).unwrap_or_default().iter().flat_map(|&(t, v)| [t, v]).collect())
            .collect();
        Ok((batch::run_json(&summary).to_string(), meta, points, log))
    })
    .map_err(bad)
}

/// A sweep's plan: `scenario_json` (resolved) with the sweep fields of `patch_json` set
/// (`knob`, `values`, `algorithms`, `algorithm_knob`, `seeds`, `metric`), every point validated.
/// Returns JSON `{scenario, digest, knob, metric, points: [{index, knob, value, algorithm, seed}]}`
/// where `scenario` is what [`run_points`] takes and `digest` keys a campaign store.
#[pyfunction]
fn sweep_plan(scenario_json: &str, patch_json: &str) -> PyResult<String> {
    let mut value = parse(scenario_json, "scenario")?;
    sweep::set_sweep(&mut value, &parse(patch_json, "sweep")?).map_err(bad)?;
    let grid = sweep::Grid::new(&value).map_err(bad)?;
    let points: Vec<Value> = grid
        .points()
        .map_err(bad)?
        .into_iter()
        .enumerate()
        .map(|(i, p)| serde_json::json!({"index": i, "knob": p.knob, "value": p.value, "algorithm": p.algorithm, "seed": p.seed}))
        .collect();
    Ok(serde_json::json!({
        "scenario": value, "digest": grid.digest(), "knob": grid.sweep().knob,
        "metric": grid.sweep().metric, "points": points,
    })
    .to_string())
}

/// Run the points `indices` of a planned sweep on `threads` threads (default: every core) with
/// the GIL released. Returns each point's row as `netlab sweep --json` prints it, in the order
/// of `indices`.
#[pyfunction]
#[pyo3(signature = (swept_json, indices, threads=None))]
fn run_points(py: Python<'_>, swept_json: &str, indices: Vec<usize>, threads: Option<usize>) -> PyResult<Vec<String>> {
    let value = parse(swept_json, "scenario")?;
    py.detach(move || -> Result<Vec<String>, String> {
        let grid = sweep::Grid::new(&value).map_err(|e| e.to_string())?;
        let metric = grid.sweep().metric;
        let points = indices.iter().map(|&i| grid.point(i)).collect::<Result<Vec<_>, _>>().map_err(|e| e.to_string())?;
        let jobs = points.iter().map(|p| (p.scenario.clone(), Some(p.seed))).collect();
        let results = batch::run_all(jobs, threads.unwrap_or_else(batch::default_threads), |_, _| {});
        results
            .into_iter()
            .zip(indices.iter().zip(&points))
            .map(|(r, (&i, p))| r.map(|s| sweep::row(i, p, metric, &s).to_string()))
            .collect()
    })
    .map_err(bad)
}

/// A sweep metric (`"jain"`, …) read from a summary's JSON, as the sweep reads it: what a
/// stored point reports when a rerun asks for another metric.
#[pyfunction]
fn metric_of(metric: &str, summary_json: &str) -> PyResult<Option<f64>> {
    let m: sweep::Metric = serde_json::from_value(Value::String(metric.into())).map_err(|e| bad(format!("metric: {e}")))?;
    Ok(scenario::expect::metric(&parse(summary_json, "summary")?, m.summary_path()).ok())
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ENGINE_VERSION", netlab_core::ENGINE_VERSION)?;
    m.add("METRICS", sweep::Metric::ALL.iter().map(|x| x.name()).collect::<Vec<_>>())?;
    m.add_function(wrap_pyfunction!(presets, m)?)?;
    m.add_function(wrap_pyfunction!(resolve, m)?)?;
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_plan, m)?)?;
    m.add_function(wrap_pyfunction!(run_points, m)?)?;
    m.add_function(wrap_pyfunction!(metric_of, m)?)?;
    Ok(())
}
