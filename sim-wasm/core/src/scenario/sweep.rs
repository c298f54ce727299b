//! Sweeps: one preset run over a grid of knob values × algorithms × seeds.
//!
//! A scenario may declare
//! ```json
//! "sweep": { "knob": "buffer_bdp", "values": [0.1, 1, 10], "algorithms": ["bbr", "bbr-a"],
//!            "seeds": [1, 2, 3], "metric": "jain" }
//! ```
//! `knob` names one of the scenario's knobs and every value is checked against it as a `--set`
//! would be; `algorithms` (optional) are values of the knob named by `algorithm_knob`
//! (default "cc"); `seeds` (optional) default to the scenario's seed. [`expand`] turns the
//! scenario into its points in a fixed order (value, then algorithm, then seed), each a plain
//! scenario without the sweep, so any runner — the CLI on all cores, the browser one by one —
//! gets the same list and can put results back in order. [`metric`] reads the sweep's metric
//! from a run's summary.
//!
//! A sweep need not be declared by the preset: the lab's sweep panel and `netlab sweep --knob …`
//! build one over any of the preset's knobs and hand it to [`set_sweep`], which puts it in the
//! scenario JSON where a declared one would be, so it is validated and expanded the same way.

use super::knobs::apply_setting;
use super::{Scenario, ScenarioError};
use crate::metrics::summary::Summary;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Largest number of points one sweep may expand to (a typo guard, like MAX_FLOWS).
pub const MAX_POINTS: usize = 10_000;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sweep {
    /// The knob whose values are swept.
    pub knob: String,
    pub values: Vec<Value>,
    /// Algorithms to compare, set through `algorithm_knob`; empty = the scenario's own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub algorithms: Vec<String>,
    #[serde(default = "default_algorithm_knob")]
    pub algorithm_knob: String,
    /// Seeds per point; empty = the scenario's seed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seeds: Vec<u64>,
    /// What each point reports; see [`Metric`].
    pub metric: Metric,
}

fn default_algorithm_knob() -> String {
    "cc".into()
}

/// A number read from a run's summary.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, ts_rs::TS, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Metric {
    /// Jain's fairness index over the bulk flows.
    Jain,
    /// Utilisation of the first reported link (the bottleneck of a dumbbell).
    Utilization,
    /// Retransmitted data packets / data packets sent, over all flows.
    RetransmissionRate,
    /// Sum of the flows' goodputs, Mbit/s.
    GoodputMbps,
    /// Mean queue of the first reported link, bytes.
    MeanQueueBytes,
    /// Mean message latency of the first stream of the first QUIC flow, ms (the priority or
    /// control stream in the quic-* presets).
    PriorityLatencyMs,
    /// Median message latency of that stream, ms.
    PriorityLatencyP50Ms,
    /// 95th-percentile message latency of that stream, ms.
    PriorityLatencyP95Ms,
    /// Mean queueing delay (sojourn time) at the first reported link, ms.
    QueueingDelayMs,
}

/// A sweep metric as the page offers it: its scenario name and its name in words with the unit.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct MetricInfo {
    pub name: &'static str,
    pub label: &'static str,
}

/// One point of a sweep: where it sits in the grid and the scenario to run.
#[derive(Debug, Clone)]
pub struct SweepPoint {
    pub knob: String,
    pub value: Value,
    /// `None` when the sweep does not vary the algorithm.
    pub algorithm: Option<String>,
    pub seed: u64,
    pub scenario: Scenario,
}

/// A sweep as the page receives it (`sweep_plan` in the wasm adapter).
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct SweepPlan {
    /// The knob swept (absent when the scenario declares no sweep).
    pub knob: Option<String>,
    pub metric: Option<Metric>,
    pub points: Vec<SweepPlanPoint>,
}

/// One point of a [`SweepPlan`]: `scenario` is ready for `new Simulation(JSON.stringify(scenario), seed)`.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct SweepPlanPoint {
    /// The knob's value at this point (a number, or an enum knob's name).
    #[ts(type = "number | string")]
    pub value: Value,
    pub algorithm: Option<String>,
    pub seed: u64,
    pub scenario: Scenario,
}

impl SweepPlan {
    pub fn new(sweep: Option<&Sweep>, points: Vec<SweepPoint>) -> Self {
        SweepPlan {
            knob: sweep.map(|s| s.knob.clone()),
            metric: sweep.map(|s| s.metric),
            points: points
                .into_iter()
                .map(|p| SweepPlanPoint { value: p.value, algorithm: p.algorithm, seed: p.seed, scenario: p.scenario })
                .collect(),
        }
    }
}

/// The sweep a scenario declares, with its points in order (value, algorithm, seed). `root` is
/// the scenario JSON with variant overrides and settings already applied. Errors name the
/// field (`sweep.values[2]: …`).
pub fn expand(root: &Value) -> Result<Vec<SweepPoint>, ScenarioError> {
    Grid::new(root)?.points()
}

/// A declared sweep as a grid of points that can be built one at a time: point `index` is
/// value `index / (A·S)`, algorithm `(index / S) % A`, seed `index % S` (A algorithms, S seeds),
/// the order of [`expand`]. A runner that holds only some points (a shard, a Dask chunk) builds
/// just those, and a point's seed is part of the point, so its result never depends on which
/// runner ran it or with what else.
#[derive(Debug, Clone)]
pub struct Grid {
    sweep: Sweep,
    /// The scenario without its sweep and claims: a point is an ordinary run.
    plain: Value,
    algorithms: Vec<Option<String>>,
    seeds: Vec<u64>,
}

impl Grid {
    pub fn new(root: &Value) -> Result<Grid, ScenarioError> {
        let base = super::from_value(root.clone())?;
        let Some(sweep) = base.sweep.clone() else {
            return Err(ScenarioError::new("sweep", "this scenario declares no sweep"));
        };
        let mut plain = root.clone();
        if let Value::Object(m) = &mut plain {
            // The preset's claims and worksheet are checked elsewhere (they would only cost a
            // re-validation per point), and a worksheet question that names a variant would
            // re-apply that variant's `sweep.*` overrides to a point that has no sweep.
            m.remove("sweep");
            m.remove("expect");
            m.remove("worksheet");
        }
        let algorithms =
            if sweep.algorithms.is_empty() { vec![None] } else { sweep.algorithms.iter().cloned().map(Some).collect() };
        let seeds = if sweep.seeds.is_empty() { vec![base.seed] } else { sweep.seeds.clone() };
        Ok(Grid { sweep, plain, algorithms, seeds })
    }

    pub fn sweep(&self) -> &Sweep {
        &self.sweep
    }

    pub fn len(&self) -> usize {
        self.sweep.values.len() * self.algorithms.len() * self.seeds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The scenario at value `i` and algorithm `j`, before its seed is set.
    fn scenario(&self, i: usize, j: usize) -> Result<Scenario, ScenarioError> {
        let mut v = self.plain.clone();
        apply_setting(&mut v, &self.sweep.knob, &self.sweep.values[i])
            .map_err(|e| ScenarioError::new(format!("sweep.values[{i}]"), e.message))?;
        if let Some(a) = &self.algorithms[j] {
            apply_setting(&mut v, &self.sweep.algorithm_knob, &Value::String(a.clone()))
                .map_err(|e| ScenarioError::new(format!("sweep.algorithms[{j}]"), e.message))?;
        }
        super::from_value(v)
            .map_err(|e| ScenarioError::new(format!("sweep.values[{i}]"), format!("gives an invalid scenario: {e}")))
    }

    fn at(&self, i: usize, j: usize, k: usize, scenario: &Scenario) -> SweepPoint {
        let seed = self.seeds[k];
        let mut s = scenario.clone();
        s.seed = seed;
        SweepPoint {
            knob: self.sweep.knob.clone(),
            value: self.sweep.values[i].clone(),
            algorithm: self.algorithms[j].clone(),
            seed,
            scenario: s,
        }
    }

    /// Point `index` alone (an index past the end is an error naming the sweep's size).
    pub fn point(&self, index: usize) -> Result<SweepPoint, ScenarioError> {
        if index >= self.len() {
            return Err(ScenarioError::new("sweep", format!("no point {index}: the sweep has {} points", self.len())));
        }
        let (s, a) = (self.seeds.len(), self.algorithms.len());
        let (i, j, k) = (index / (a * s), (index / s) % a, index % s);
        Ok(self.at(i, j, k, &self.scenario(i, j)?))
    }

    /// Every point in order, each value × algorithm scenario built once.
    pub fn points(&self) -> Result<Vec<SweepPoint>, ScenarioError> {
        let mut points = Vec::with_capacity(self.len());
        for i in 0..self.sweep.values.len() {
            for j in 0..self.algorithms.len() {
                let scenario = self.scenario(i, j)?;
                points.extend((0..self.seeds.len()).map(|k| self.at(i, j, k, &scenario)));
            }
        }
        Ok(points)
    }

    /// What the points' results depend on besides the point itself: the engine version, the
    /// scenario without its sweep and the knob that sets the algorithm, hashed (hex SHA-256). A
    /// campaign store keys finished points by it, so a changed scenario or engine reruns them.
    pub fn digest(&self) -> String {
        use sha2::{Digest, Sha256};
        let mut h = Sha256::new();
        h.update(crate::ENGINE_VERSION.as_bytes());
        h.update([0]);
        h.update(serde_json::to_string(&self.plain).unwrap_or_default().as_bytes());
        h.update([0]);
        h.update(self.sweep.algorithm_knob.as_bytes());
        h.finalize().iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// The indices of shard `i` of `n` (0-based) of a sweep of `len` points: every n-th point from
/// the i-th, so each shard gets a share of every value (the slow ones too). The shards of one
/// `n` are disjoint and together hold every point.
pub fn shard(len: usize, i: usize, n: usize) -> Result<Vec<usize>, ScenarioError> {
    if n == 0 || i >= n {
        return Err(ScenarioError::new("shard", format!("{i}/{n}: expected i/N with 0 ≤ i < N")));
    }
    Ok((i..len).step_by(n).collect())
}

/// One finished point as `netlab sweep --json` prints it and the Python package reads it:
/// its index in the sweep, where it sits in the grid, the metric and the run's whole summary.
pub fn row(index: usize, p: &SweepPoint, metric_name: Metric, summary: &Summary) -> Value {
    serde_json::json!({
        "index": index, "knob": p.knob, "value": p.value, "algorithm": p.algorithm, "seed": p.seed,
        "metric": metric_name, "metric_value": metric(metric_name, summary), "summary": summary,
    })
}

impl Metric {
    /// Every metric, in the order menus list them.
    pub const ALL: [Metric; 9] = [
        Metric::Jain,
        Metric::Utilization,
        Metric::GoodputMbps,
        Metric::RetransmissionRate,
        Metric::MeanQueueBytes,
        Metric::QueueingDelayMs,
        Metric::PriorityLatencyMs,
        Metric::PriorityLatencyP50Ms,
        Metric::PriorityLatencyP95Ms,
    ];

    /// The scenario name (`"jain"`, `"priority_latency_p95_ms"`).
    pub fn name(self) -> &'static str {
        match self {
            Metric::Jain => "jain",
            Metric::Utilization => "utilization",
            Metric::RetransmissionRate => "retransmission_rate",
            Metric::GoodputMbps => "goodput_mbps",
            Metric::MeanQueueBytes => "mean_queue_bytes",
            Metric::PriorityLatencyMs => "priority_latency_ms",
            Metric::PriorityLatencyP50Ms => "priority_latency_p50_ms",
            Metric::PriorityLatencyP95Ms => "priority_latency_p95_ms",
            Metric::QueueingDelayMs => "queueing_delay_ms",
        }
    }

    /// The metric in words with its unit, as an axis title ("Jain's index").
    pub fn label(self) -> &'static str {
        match self {
            Metric::Jain => "Jain's index",
            Metric::Utilization => "Bottleneck utilisation",
            Metric::RetransmissionRate => "Retransmitted / sent packets",
            Metric::GoodputMbps => "Total goodput (Mbit/s)",
            Metric::MeanQueueBytes => "Mean queue (bytes)",
            Metric::PriorityLatencyMs => "Priority-stream latency, mean (ms)",
            Metric::PriorityLatencyP50Ms => "Priority-stream latency, p50 (ms)",
            Metric::PriorityLatencyP95Ms => "Priority-stream latency, p95 (ms)",
            Metric::QueueingDelayMs => "Mean queueing delay (ms)",
        }
    }

    pub fn info(self) -> MetricInfo {
        MetricInfo { name: self.name(), label: self.label() }
    }

    /// The same metric as a summary path for [`super::expect::metric`] (the first link is the
    /// bottleneck in every sweepable topology).
    pub fn summary_path(self) -> &'static str {
        match self {
            Metric::Jain => "jain",
            Metric::Utilization => "links.0.utilization",
            Metric::MeanQueueBytes => "links.0.mean_queue_bytes",
            Metric::GoodputMbps => "total_goodput_mbps",
            Metric::RetransmissionRate => "retransmission_rate",
            Metric::PriorityLatencyMs => "streams.0.latency_ms.mean",
            Metric::PriorityLatencyP50Ms => "streams.0.latency_ms.p50",
            Metric::PriorityLatencyP95Ms => "streams.0.latency_ms.p95",
            Metric::QueueingDelayMs => "links.0.mean_sojourn_ms",
        }
    }
}

/// Read `m` from a run's summary (`None` when it is undefined, e.g. Jain without traffic).
pub fn metric(m: Metric, s: &Summary) -> Option<f64> {
    let value = serde_json::to_value(s).ok()?;
    super::expect::metric(&value, m.summary_path()).ok()
}

/// Put a sweep built outside the preset into the scenario JSON `root` (variant and settings
/// already applied): the fields of `patch` (an object with any of `knob`, `values`,
/// `algorithms`, `algorithm_knob`, `seeds`, `metric`) replace those of the declared sweep, or
/// make a new one when the preset declares none. [`expand`] then validates and expands it like
/// a declared sweep, so a bad value is reported as `sweep.values[2]: …`.
pub fn set_sweep(root: &mut Value, patch: &Value) -> Result<(), ScenarioError> {
    let Value::Object(fields) = patch else {
        return Err(ScenarioError::new("sweep", "expected an object with knob, values, seeds, metric …"));
    };
    let Value::Object(m) = root else {
        return Err(ScenarioError::new("", "expected a JSON object"));
    };
    let sweep = m.entry("sweep").or_insert_with(|| Value::Object(Default::default()));
    if !sweep.is_object() {
        *sweep = Value::Object(Default::default());
    }
    let target = sweep.as_object_mut().expect("an object, just made sure");
    // A new knob makes the declared values meaningless; a new algorithm knob, the algorithms.
    if fields.contains_key("knob") && target.get("knob") != fields.get("knob") && !fields.contains_key("values") {
        target.remove("values");
    }
    if fields.contains_key("algorithm_knob")
        && target.get("algorithm_knob") != fields.get("algorithm_knob")
        && !fields.contains_key("algorithms")
    {
        target.remove("algorithms");
    }
    for (k, v) in fields {
        target.insert(k.clone(), v.clone());
    }
    Ok(())
}

/// Static checks of a declared sweep (values are checked against the knob in [`expand`]).
pub(super) fn validate(s: &Scenario, sw: &Sweep) -> Result<(), ScenarioError> {
    let err = |p: &str, m: String| Err(ScenarioError::new(format!("sweep.{p}"), m));
    let knob_names: Vec<&str> = s.knobs.iter().map(|k| k.name.as_str()).collect();
    if !knob_names.contains(&sw.knob.as_str()) {
        return err("knob", format!("'{}' is not a knob of this scenario (knobs: {})", sw.knob, knob_names.join(", ")));
    }
    if sw.values.is_empty() {
        return err("values", "needs at least one value".into());
    }
    if !sw.algorithms.is_empty() {
        let Some(k) = s.knobs.iter().find(|k| k.name == sw.algorithm_knob) else {
            return err("algorithm_knob", format!("'{}' is not a knob of this scenario", sw.algorithm_knob));
        };
        for (i, a) in sw.algorithms.iter().enumerate() {
            if !k.options.is_empty() && !k.options.contains(a) {
                return err(&format!("algorithms[{i}]"), format!("'{a}' is not one of: {}", k.options.join(", ")));
            }
        }
    }
    let n = sw.values.len() * sw.algorithms.len().max(1) * sw.seeds.len().max(1);
    if n > MAX_POINTS {
        return err("values", format!("the sweep has {n} points, at most {MAX_POINTS} allowed"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn preset() -> Value {
        json!({
            "duration_s": 1,
            "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 10, "buffer": {"bdp": 1}},
                          "senders": [{"rtt_ms": 10}]},
            "flows": [{"cc": "cubic"}],
            "knobs": [
                {"name": "cc", "label": "CC", "kind": "enum", "options": ["reno", "cubic"], "bind": ["flows.*.cc"]},
                {"name": "buffer_bdp", "label": "Buffer", "kind": "number", "min": 0.1, "max": 10,
                 "bind": ["topology.bottleneck.buffer.bdp"]}
            ],
            "sweep": {"knob": "buffer_bdp", "values": [0.5, 2], "algorithms": ["reno", "cubic"], "seeds": [7, 8],
                      "metric": "utilization"}
        })
    }

    #[test]
    fn expands_in_order_value_algorithm_seed() {
        let pts = expand(&preset()).unwrap();
        let got: Vec<(f64, String, u64)> =
            pts.iter().map(|p| (p.value.as_f64().unwrap(), p.algorithm.clone().unwrap(), p.seed)).collect();
        assert_eq!(got.len(), 8);
        assert_eq!(got[0], (0.5, "reno".into(), 7));
        assert_eq!(got[1], (0.5, "reno".into(), 8));
        assert_eq!(got[2], (0.5, "cubic".into(), 7));
        assert_eq!(got[7], (2.0, "cubic".into(), 8));
        assert_eq!(pts[7].scenario.flows[0].cc, "cubic");
        assert_eq!(pts[7].scenario.seed, 8);
        assert!(pts[0].scenario.sweep.is_none(), "points are plain scenarios");
    }

    #[test]
    fn a_worksheet_question_on_a_variant_that_narrows_the_sweep_does_not_break_the_points() {
        // quic-priority-control's shape: the quick variant narrows the sweep to one seed and a
        // worksheet question asks about the quick run with the algorithm knob set. A point has
        // no sweep, so re-applying that variant to check the question must not happen there.
        let mut v = preset();
        v["variants"] = json!({"quick": {"duration_s": 1, "sweep.seeds": [7]}});
        v["worksheet"] = json!([{"id": "busy", "prompt": "How busy, in %?", "key": 95, "explanation": "One BDP.",
            "number": {"metric": "links.bottleneck.utilization", "scale": 100, "tolerance": 5, "unit": "%"},
            "variant": "quick", "when": {"cc": "reno"}}]);
        super::super::from_value(v.clone()).expect("the preset itself is valid");
        let pts = expand(&v).unwrap();
        assert_eq!(pts.len(), 8);
        assert!(pts.iter().all(|p| p.scenario.worksheet.is_empty()), "a point is a plain run");
    }

    #[test]
    fn a_point_built_alone_equals_the_expanded_one_and_shards_partition_the_sweep() {
        let grid = Grid::new(&preset()).unwrap();
        let all = expand(&preset()).unwrap();
        assert_eq!(grid.len(), all.len());
        for (i, p) in all.iter().enumerate() {
            let q = grid.point(i).unwrap();
            assert_eq!((&q.value, &q.algorithm, q.seed), (&p.value, &p.algorithm, p.seed), "point {i}");
            assert_eq!(serde_json::to_value(&q.scenario).unwrap(), serde_json::to_value(&p.scenario).unwrap());
        }
        assert_eq!(grid.point(8).unwrap_err().to_string(), "sweep: no point 8: the sweep has 8 points");
        for n in 1..=9 {
            let mut union: Vec<usize> = (0..n).flat_map(|i| shard(8, i, n).unwrap()).collect();
            union.sort();
            assert_eq!(union, (0..8).collect::<Vec<_>>(), "{n} shards");
        }
        assert_eq!(shard(8, 1, 3).unwrap(), vec![1, 4, 7]);
        assert_eq!(shard(8, 3, 3).unwrap_err().to_string(), "shard: 3/3: expected i/N with 0 ≤ i < N");
        assert!(shard(8, 0, 0).is_err());
    }

    #[test]
    fn the_digest_changes_with_the_scenario_but_not_with_the_sweep() {
        let d = Grid::new(&preset()).unwrap().digest();
        let mut more_seeds = preset();
        more_seeds["sweep"]["seeds"] = json!([7, 8, 9]);
        more_seeds["sweep"]["values"] = json!([0.5, 2, 4]);
        assert_eq!(Grid::new(&more_seeds).unwrap().digest(), d, "adding points keeps the finished ones' key");
        let mut longer = preset();
        longer["duration_s"] = json!(2);
        assert_ne!(Grid::new(&longer).unwrap().digest(), d);
        assert_eq!(d.len(), 64);
    }

    #[test]
    fn a_sweep_set_from_outside_replaces_the_declared_fields() {
        // The lab's panel sweeps any knob: here the algorithm knob itself, three seeds.
        let mut v = preset();
        set_sweep(&mut v, &json!({"knob": "cc", "values": ["reno", "cubic"], "algorithms": [], "seeds": [1, 2, 3]}))
            .unwrap();
        let pts = expand(&v).unwrap();
        assert_eq!(pts.len(), 6);
        assert_eq!(pts[5].scenario.flows[0].cc, "cubic");
        assert_eq!(pts[5].seed, 3);
        assert_eq!(pts[5].algorithm, None);
        // A scenario without a sweep gets one; the declared metric is kept when not replaced.
        let mut v = preset();
        v.as_object_mut().unwrap().remove("sweep");
        set_sweep(&mut v, &json!({"knob": "buffer_bdp", "values": [0.1, 1, 10], "metric": "queueing_delay_ms"})).unwrap();
        let pts = expand(&v).unwrap();
        assert_eq!(pts.iter().map(|p| p.value.as_f64().unwrap()).collect::<Vec<_>>(), vec![0.1, 1.0, 10.0]);
        // A new knob without values drops the old knob's values, so the error says what is missing.
        let mut v = preset();
        set_sweep(&mut v, &json!({"knob": "cc"})).unwrap();
        let e = expand(&v).unwrap_err();
        assert!(e.to_string().starts_with("sweep: missing field `values`"), "{e}");
        // Values are checked against the knob as a `--set` would be.
        let mut v = preset();
        set_sweep(&mut v, &json!({"values": [1, 100]})).unwrap();
        assert_eq!(expand(&v).unwrap_err().to_string(), "sweep.values[1]: 100 is out of range [0.1, 10]");
        let mut v = preset();
        assert_eq!(set_sweep(&mut v, &json!([1])).unwrap_err().to_string(), "sweep: expected an object with knob, values, seeds, metric …");
    }

    #[test]
    fn every_metric_has_a_summary_path_and_words() {
        for m in Metric::ALL {
            let via_serde = serde_json::to_value(m).unwrap();
            assert_eq!(via_serde.as_str(), Some(m.name()), "name() must be the serde name");
            assert!(!m.label().is_empty() && !m.label().contains('_'), "{} label in words", m.name());
        }
        // ALL lists every variant once: the enum's own schema names them all.
        let names: std::collections::BTreeSet<&str> = Metric::ALL.iter().map(|m| m.name()).collect();
        assert_eq!(names.len(), Metric::ALL.len());
        let schema = schemars::schema_for!(Metric).to_value().to_string();
        let in_schema = schema.matches("\"const\":").count() + schema.matches("\"enum\":").count();
        assert!(in_schema > 0, "{schema}");
        for m in Metric::ALL {
            assert!(schema.contains(&format!("\"{}\"", m.name())), "{} in schema", m.name());
        }
        let consts: Vec<&str> = schema.split("\"const\":\"").skip(1).map(|t| t.split('"').next().unwrap()).collect();
        for c in &consts {
            assert!(names.contains(c), "Metric::ALL misses {c}");
        }
    }

    #[test]
    fn errors_name_the_field() {
        let mut v = preset();
        v["sweep"]["values"] = json!([1, 50]);
        let e = expand(&v).unwrap_err();
        assert_eq!(e.to_string(), "sweep.values[1]: 50 is out of range [0.1, 10]");
        let mut v = preset();
        v["sweep"]["algorithms"] = json!(["reno", "vegas"]);
        let e = crate::scenario::from_value(v).unwrap_err();
        assert_eq!(e.to_string(), "sweep.algorithms[1]: 'vegas' is not one of: reno, cubic");
        let mut v = preset();
        v["sweep"]["knob"] = json!("rtt");
        let e = crate::scenario::from_value(v).unwrap_err();
        assert!(e.to_string().starts_with("sweep.knob: 'rtt' is not a knob"), "{e}");
        let mut v = preset();
        v["sweep"]["metric"] = json!("speed");
        let e = crate::scenario::from_value(v).unwrap_err();
        assert!(e.to_string().starts_with("sweep.metric: unknown variant"), "{e}");
    }
}
