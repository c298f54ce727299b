//! netlab-wasm: the thin wasm-bindgen boundary over `netlab-core`.
//!
//! No algorithm logic lives here: it only converts. Stepping, series reads and everything
//! else a front end needs are public methods of the core's `Simulation` (which the CLI and a
//! Python binding can call as well); each function here turns JavaScript numbers and strings
//! into their arguments and their results into JSON or typed arrays. Every error becomes a JavaScript `Error` whose message is the engine's one-line
//! validation message ("flows[0].cc: unknown congestion control …"). Bad input never panics:
//! scenarios are validated before anything is built.

use netlab_core::scenario::{self, apply_overrides, apply_setting, describe, expect, sweep};
use netlab_core::share;
use netlab_core::{Simulation as CoreSimulation, ENGINE_VERSION};
use serde_json::Value;
use std::sync::Mutex;
use wasm_bindgen::prelude::*;

/// The message of the last panic in this instance (see `last_panic_message`).
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Runs when an instance starts (again after the page resets a trapped one): a panic records
/// its message and location before the instance traps with `unreachable`, so the page can say
/// what failed instead of "unreachable".
#[wasm_bindgen(start)]
fn start() {
    std::panic::set_hook(Box::new(|info| {
        if let Ok(mut last) = LAST_PANIC.lock() {
            *last = Some(info.to_string().replace('\n', " "));
        }
    }));
}

/// The message and location of the last panic in this instance, or null. A panic traps the
/// instance; the page reads this before it drops the instance and starts a fresh one.
#[wasm_bindgen]
pub fn last_panic_message() -> Option<String> {
    LAST_PANIC.lock().ok().and_then(|m| m.clone())
}

/// Panics on purpose, for tests only: keeps the page's engine-panic recovery tested even once
/// validation rejects every input known to panic. Nothing but a test calls it.
#[wasm_bindgen]
pub fn debug_panic_for_tests() {
    panic!("debug_panic_for_tests: a deliberate engine panic (test hook)");
}

fn js_err(msg: impl std::fmt::Display) -> JsError {
    JsError::new(&msg.to_string().replace('\n', " "))
}

fn parse_json(text: &str, what: &str) -> Result<Value, JsError> {
    serde_json::from_str(text).map_err(|e| js_err(format!("{what}: malformed JSON: {e}")))
}

/// Scenario or preset text: read exactly as the CLI reads it (size cap before parsing,
/// duplicate keys refused), so the same text is valid in both places.
fn parse_scenario_text(text: &str, what: &str) -> Result<Value, JsError> {
    scenario::parse_text(text).map_err(|e| {
        if e.path.is_empty() { js_err(format!("{what}: {}", e.message)) } else { js_err(e) }
    })
}

/// A seed from JavaScript: a non-negative integer; the bound (2^53 − 1) is the core's.
fn seed_from_js(seed: f64) -> Result<u64, JsError> {
    if !(seed.is_finite() && seed >= 0.0 && seed.fract() == 0.0) {
        return Err(js_err(format!("seed: must be a non-negative integer (got {seed})")));
    }
    // Saturating: anything above the bound is refused by the core's check with its message.
    let seed = seed as u64;
    scenario::check_seed("seed", seed).map_err(js_err)?;
    Ok(seed)
}

/// The engine version; summaries and shared links carry it.
#[wasm_bindgen]
pub fn engine_version() -> String {
    ENGINE_VERSION.to_string()
}

/// Validate scenario JSON: "" when valid, else the one-line message naming the field.
#[wasm_bindgen]
pub fn validate_scenario(json: &str) -> String {
    match scenario::parse(json) {
        Ok(_) => String::new(),
        Err(e) => e.to_string(),
    }
}

/// A preset's title, description, knobs (with current values) and variants, as JSON.
#[wasm_bindgen]
pub fn describe_preset(json: &str) -> Result<String, JsError> {
    let value = parse_scenario_text(json, "preset")?;
    let info = describe(&value).map_err(js_err)?;
    serde_json::to_string(&info).map_err(js_err)
}

/// Apply a variant (may be null) and then knob settings (`{"knob or dotted.path": value}`) to
/// a preset; returns the validated scenario JSON ready for `new Simulation`.
#[wasm_bindgen]
pub fn apply_knobs(preset_json: &str, settings_json: &str, variant: Option<String>) -> Result<String, JsError> {
    let mut value = parse_scenario_text(preset_json, "preset")?;
    apply_overrides(&mut value, variant.as_deref().filter(|v| !v.is_empty())).map_err(js_err)?;
    let settings = parse_scenario_text(settings_json, "settings")?;
    let Value::Object(map) = settings else {
        return Err(js_err("settings: expected an object of knob values"));
    };
    for (key, v) in &map {
        apply_setting(&mut value, key, v).map_err(js_err)?;
    }
    scenario::from_value(value.clone()).map_err(js_err)?;
    serde_json::to_string(&value).map_err(js_err)
}

/// A shareable link body (`v1.…`) for a scenario, seed and the page's view state.
#[wasm_bindgen]
pub fn share_encode(scenario_json: &str, seed: f64, view_json: &str) -> Result<String, JsError> {
    let scenario = parse_scenario_text(scenario_json, "scenario")?;
    let view = if view_json.is_empty() { Value::Null } else { parse_scenario_text(view_json, "view")? };
    share::encode(&scenario, seed_from_js(seed)?, &view).map_err(js_err)
}

/// Decode and validate a link body: `{engine_version, seed, scenario, view, notice?}` as JSON,
/// or an Error naming what is wrong (truncated, garbled, too large, invalid field).
#[wasm_bindgen]
pub fn share_decode(link: &str) -> Result<String, JsError> {
    let opened = share::decode(link).map_err(js_err)?;
    serde_json::to_string(&opened).map_err(js_err)
}

/// What checking a preset's claims takes: `{seed, expect, runs: [{settings, seed, scenario}]}`
/// where each `scenario` is ready for `new Simulation(JSON.stringify(scenario), seed)`.
#[wasm_bindgen]
pub fn expectation_plan(preset_json: &str, variant: Option<String>) -> Result<String, JsError> {
    let preset = parse_scenario_text(preset_json, "preset")?;
    let plan = expect::plan(&preset, variant.as_deref().filter(|v| !v.is_empty())).map_err(js_err)?;
    serde_json::to_string(&plan.view()).map_err(js_err)
}

/// Judge a preset's claims from `[{settings, seed, summary}]`: `[{claim, pass, left, right, detail}]`.
#[wasm_bindgen]
pub fn judge_expectations(preset_json: &str, variant: Option<String>, results_json: &str) -> Result<String, JsError> {
    let preset = parse_scenario_text(preset_json, "preset")?;
    let plan = expect::plan(&preset, variant.as_deref().filter(|v| !v.is_empty())).map_err(js_err)?;
    let Value::Array(items) = parse_json(results_json, "results")? else {
        return Err(js_err("results: expected an array of {settings, seed, summary}"));
    };
    let mut results = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let settings = match item.get("settings") {
            Some(Value::Object(m)) => expect::settings_from(m),
            None | Some(Value::Null) => Default::default(),
            Some(_) => return Err(js_err(format!("results[{i}].settings: expected an object"))),
        };
        let seed = item.get("seed").and_then(Value::as_u64).ok_or_else(|| js_err(format!("results[{i}].seed: expected an integer")))?;
        let summary = item.get("summary").cloned().ok_or_else(|| js_err(format!("results[{i}].summary: missing")))?;
        results.push((expect::RunSpec { settings, seed }, summary));
    }
    serde_json::to_string(&expect::judge(&plan, &results)).map_err(js_err)
}

/// The points of a preset's sweep (variant and knob settings applied first):
/// `{knob, metric, points: [{value, algorithm, seed, scenario}]}`; each `scenario` is ready
/// for `new Simulation(JSON.stringify(scenario), seed)`. `sweep_json`, when given, is a sweep
/// built in the page over any knob (`{knob, values, algorithms, seeds, metric}`, any subset):
/// its fields replace the preset's declared ones (`sweep::set_sweep`).
#[wasm_bindgen]
pub fn sweep_plan(
    preset_json: &str,
    variant: Option<String>,
    settings_json: &str,
    sweep_json: Option<String>,
) -> Result<String, JsError> {
    let scenario_json = apply_knobs(preset_json, settings_json, variant)?;
    let mut value = parse_scenario_text(&scenario_json, "scenario")?;
    if let Some(text) = sweep_json {
        let patch = parse_json(&text, "sweep")?;
        sweep::set_sweep(&mut value, &patch).map_err(js_err)?;
    }
    let points = sweep::expand(&value).map_err(js_err)?;
    let sw = scenario::from_value(value).map_err(js_err)?.sweep;
    serde_json::to_string(&sweep::SweepPlan::new(sw.as_ref(), points)).map_err(js_err)
}

/// The sweep metric (`jain`, `utilization`, …) of one run's summary JSON, or null.
#[wasm_bindgen]
pub fn sweep_metric(metric: &str, summary_json: &str) -> Result<Option<f64>, JsError> {
    let m: sweep::Metric = scenario::from_json(Value::String(metric.to_string())).map_err(|e| js_err(format!("metric: {}", e.inner())))?;
    let summary = parse_json(summary_json, "summary")?;
    Ok(expect::metric(&summary, m.summary_path()).ok())
}

/// Judge a worksheet prediction (a choice's index, or a number) against one run's summary:
/// `{correct, truth: {kind: "choice", index, values} | {kind: "number", value}}`, or an Error
/// naming what the summary lacks (scenario/worksheet.rs).
#[wasm_bindgen]
pub fn worksheet_verdict(question_json: &str, summary_json: &str, prediction: f64) -> Result<String, JsError> {
    let q: scenario::worksheet::Question =
        scenario::from_json(parse_json(question_json, "question")?).map_err(|e| js_err(format!("question: {}", e.inner())))?;
    let summary = parse_json(summary_json, "summary")?;
    let verdict = q.judge(&summary, prediction).map_err(js_err)?;
    serde_json::to_string(&verdict).map_err(js_err)
}

/// One run, advanced by the caller in slices of simulated time.
#[wasm_bindgen]
pub struct Simulation {
    inner: CoreSimulation,
}

#[wasm_bindgen]
impl Simulation {
    /// Build from scenario JSON; `seed` (a non-negative integer) overrides the scenario's.
    #[wasm_bindgen(constructor)]
    pub fn new(json: &str, seed: Option<f64>) -> Result<Simulation, JsError> {
        let seed = seed.map(seed_from_js).transpose()?;
        let mut inner = CoreSimulation::from_json(json, seed).map_err(js_err)?;
        inner.enable_stream();
        Ok(Simulation { inner })
    }

    /// Run `dt_s` more simulated seconds; true once finished.
    pub fn advance(&mut self, dt_s: f64) -> bool {
        self.inner.advance(dt_s)
    }

    /// Like `advance_to`, but stops after at most `max_events` events (true once finished): the
    /// page's bound on one slice of work. A slice sized by the previous one's cost can meet a
    /// burst (flows that start late after an idle stretch, thousands of flows at once) and would
    /// otherwise block the worker, then flood the page with points. Stopping between events
    /// changes no result: the next call goes on with the same event queue.
    pub fn advance_until(&mut self, t_s: f64, max_events: f64) -> bool {
        let until = if t_s.is_finite() && t_s > 0.0 { netlab_core::engine::time::secs(t_s) } else { 0 };
        let max_events = if max_events.is_finite() && max_events >= 1.0 { max_events.min(u64::MAX as f64) as u64 } else { 1 };
        self.inner.advance_until(until, max_events)
    }

    /// Run until simulated time `t_s` (absolute, rounded to the nanosecond): every event at or
    /// before it is processed, so the state at `t_s` does not depend on how the run got there
    /// (the page's exact seek and fixed-size step). True once finished.
    pub fn advance_to(&mut self, t_s: f64) -> bool {
        let t = if t_s.is_finite() && t_s > 0.0 { netlab_core::engine::time::secs(t_s) } else { 0 };
        self.inner.advance_to(t)
    }

    /// Process exactly `n` more events (single step); true once finished.
    pub fn step_events(&mut self, n: f64) -> bool {
        let n = if n.is_finite() && n > 0.0 { n.min(u64::MAX as f64) as u64 } else { 0 };
        self.inner.step_events(n)
    }

    pub fn run_to_end(&mut self) {
        self.inner.run_to_end();
    }

    pub fn now_s(&self) -> f64 {
        self.inner.now_s()
    }

    pub fn duration_s(&self) -> f64 {
        self.inner.duration_s()
    }

    pub fn finished(&self) -> bool {
        self.inner.finished()
    }

    /// Why the run stopped early (a budget in the scenario's `limits` was exceeded), or null.
    pub fn aborted(&self) -> Option<String> {
        self.inner.aborted().map(str::to_string)
    }

    /// Events processed so far.
    pub fn events(&self) -> f64 {
        self.inner.events() as f64
    }

    pub fn seed(&self) -> f64 {
        self.inner.seed() as f64
    }

    /// Every series' key, owner, metric, unit (and state names), indexed as in `take_points`.
    pub fn series_meta_json(&self) -> String {
        serde_json::to_string(self.inner.series_meta()).unwrap_or_else(|_| "[]".into())
    }

    /// New points since the last call: a Float64Array of (series index, t_s, value) triples.
    pub fn take_points(&mut self) -> Vec<f64> {
        self.inner.take_points()
    }

    /// The groups of every owner of per-flow series (metrics/aggregate.rs `FlowGroup`): what
    /// the worker aggregates a run with many flows by. Sent once per series list.
    pub fn flow_groups_json(&self) -> String {
        serde_json::to_string(&self.inner.flow_groups()).unwrap_or_else(|_| "[]".into())
    }

    /// The points the engine keeps of series `index` (thinned evenly once long, see
    /// metrics/series.rs) as flattened (t_s, value) pairs; empty for an unknown index. The
    /// worker backfills a flow the user picks out of an aggregate view with them, once.
    pub fn series_points(&self, index: u32) -> Vec<f64> {
        self.inner.series_at(index as usize).map_or_else(Vec::new, |points| points.iter().flat_map(|&(t, v)| [t, v]).collect())
    }

    /// The bounded snapshot the page gets (`max` flows beyond the charted ones, see
    /// `Simulation::snapshot_bounded`) as JSON: what `snapshot_packed` packs, for tests.
    pub fn snapshot_bounded_json(&mut self, max: u32) -> String {
        serde_json::to_string(&self.inner.snapshot_bounded(max as usize)).unwrap_or_else(|_| "{}".into())
    }

    /// The bounded snapshot as typed arrays (core simulation/packed.rs): what the worker
    /// posts each tick. The string table restarts with `reset_strings` (a new reader).
    pub fn snapshot_packed(&mut self, max: u32, reset_strings: bool) -> PackedSnapshot {
        if reset_strings {
            self.inner.reset_snapshot_strings();
        }
        PackedSnapshot { inner: self.inner.snapshot_packed(max as usize) }
    }

    pub fn topology_json(&self) -> String {
        serde_json::to_string(&self.inner.topology()).unwrap_or_else(|_| "{}".into())
    }

    /// The scenario as run (defaults filled in), for sharing and export.
    pub fn scenario_json(&self) -> String {
        serde_json::to_string(self.inner.scenario()).unwrap_or_else(|_| "{}".into())
    }

    /// Trace every packet of flow `flow` (its index, from 0) from now on for the sequence
    /// diagram, or stop tracing (`undefined`/null). Throws for a flow the run does not have.
    pub fn trace_flow(&mut self, flow: Option<f64>) -> Result<(), JsError> {
        let flow = match flow {
            None => None,
            Some(f) if f.is_finite() && f >= 0.0 && f.fract() == 0.0 => Some(f.min(usize::MAX as f64) as usize),
            Some(f) => return Err(JsError::new(&format!("trace: the flow must be a flow index (0, 1, …), not {f}"))),
        };
        self.inner.trace_flow(flow).map_err(|m| JsError::new(&m))
    }

    /// The traced flow's packets overlapping [`since_s`, `until_s`], at most about `max` of them
    /// (a `TraceWindow`), or "null" when no flow is traced.
    pub fn trace_json(&self, since_s: f64, until_s: f64, max: f64) -> String {
        let max = if max.is_finite() && max >= 1.0 { max.min(1e9) as usize } else { 1 };
        serde_json::to_string(&self.inner.trace(since_s, until_s, max)).unwrap_or_else(|_| "null".into())
    }

    /// Follow one data packet (a `FollowRequest` as JSON: flow, seq, path, link, at_s) from now
    /// on, or stop following (`undefined`/null). Throws naming a bad field.
    pub fn follow_json(&mut self, request: Option<String>) -> Result<(), JsError> {
        let req = match request {
            None => None,
            // The scenario's reader (a field path in the message), not serde_json's text one:
            // one deserializer per type keeps the engine the page downloads small.
            Some(text) => Some(scenario::from_json(parse_json(&text, "follow")?).map_err(|e| js_err(format!("follow: {e}")))?),
        };
        self.inner.follow(req).map_err(|m| JsError::new(&m))
    }

    /// The followed packet's journey so far (a `Journey`), or "null".
    pub fn journey_json(&self) -> String {
        serde_json::to_string(&self.inner.journey()).unwrap_or_else(|_| "null".into())
    }

    /// When the followed packet's next event happens (simulated seconds), processing at most
    /// `max_events` events to find it; undefined when there is none.
    pub fn follow_next(&mut self, max_events: f64) -> Option<f64> {
        let max = if max_events.is_finite() && max_events >= 1.0 { max_events.min(1e12) as u64 } else { 1 };
        self.inner.follow_next(max)
    }

    /// The summary now (final once finished); `wall_s` is the caller's wall-clock time.
    pub fn summary_json(&mut self, wall_s: f64) -> String {
        serde_json::to_string(&self.inner.summary(wall_s)).unwrap_or_else(|_| "{}".into())
    }
}

/// A packed snapshot (core simulation/packed.rs); each part is handed out once.
#[wasm_bindgen]
pub struct PackedSnapshot {
    inner: netlab_core::simulation::packed::PackedSnapshot,
}

#[wasm_bindgen]
impl PackedSnapshot {
    /// The header, row counts and f64 columns.
    pub fn take_f64(&mut self) -> Vec<f64> {
        std::mem::take(&mut self.inner.f64s)
    }

    /// The f32 columns.
    pub fn take_f32(&mut self) -> Vec<f32> {
        std::mem::take(&mut self.inner.f32s)
    }

    /// The strings added to the run's table since the previous snapshot.
    pub fn take_strings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.inner.strings)
    }

    /// The typed events since the previous snapshot (bounded), as JSON.
    pub fn take_events_json(&mut self) -> String {
        std::mem::take(&mut self.inner.events)
    }
}
