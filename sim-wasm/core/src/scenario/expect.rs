//! Expectations: the claims a preset makes about its result, in a form a machine can check.
//!
//! A paper experiment is a comparison ("BBR-A is fairer than BBR with 5 BDP of buffer"), so an
//! expectation names two sides — each a set of knob settings applied to the preset and a
//! metric read from the summary — and a relation between them, or between one side and a
//! number. The same declarations drive the native test suite (`tests/presets.rs`), the CLI's
//! `netlab check`, and the browser regression suite, so a claim is written once.
//!
//! ```json
//! "expect": [{
//!   "claim": "BBR-A keeps the two flows closer than BBR",
//!   "left":  {"set": {"cc": "bbr-a"}, "metric": "jain"},
//!   "relation": "greater",
//!   "right": {"set": {"cc": "bbr"}, "metric": "jain"},
//!   "margin": 0.05
//! }]
//! ```
//! `greater`: left > factor·right + margin; `less`: left < factor·right − margin;
//! `about`: |left − factor·right| ≤ margin. With several `seeds`, each side is the mean over
//! them. A side may subtract another run's metric with `minus` (`{"set": …, "metric": …,
//! "minus": {"set": …, "metric": …}}`), for claims about a difference that grows ("the gain of
//! ABS over RR is larger for longer messages").

use super::{apply_setting, ScenarioError};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Expectation {
    /// The claim in words, as the page and reports show it.
    pub claim: String,
    pub left: Side,
    pub relation: Relation,
    pub right: Rhs,
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub factor: f64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub margin: f64,
    /// Seeds to average over; empty = the scenario's own seed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seeds: Vec<u64>,
}

fn one() -> f64 {
    1.0
}
fn is_one(x: &f64) -> bool {
    *x == 1.0
}
fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// Knob names or dotted paths → values, applied on top of the preset (and its variant).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub set: BTreeMap<String, Value>,
    /// A path into the summary; see [`metric`].
    pub metric: String,
    /// Subtract this run's metric (a difference between two runs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minus: Option<Box<Side>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, ts_rs::TS, schemars::JsonSchema)]
#[serde(untagged)]
pub enum Rhs {
    Value(f64),
    Side(Side),
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, ts_rs::TS, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    Greater,
    Less,
    About,
}

/// One run an expectation needs: settings on top of the preset, and a seed.
#[derive(Debug, Clone, Serialize, PartialEq, ts_rs::TS)]
pub struct RunSpec {
    pub settings: BTreeMap<String, Value>,
    pub seed: u64,
}

/// The verdict on one expectation.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct Outcome {
    pub claim: String,
    pub pass: bool,
    pub left: f64,
    pub right: f64,
    /// "0.912 > 1 × 0.655 + 0.05", or why it could not be evaluated.
    pub detail: String,
}

impl Expectation {
    fn sides(&self) -> Vec<&Side> {
        let top = match &self.right {
            Rhs::Side(r) => vec![&self.left, r],
            Rhs::Value(_) => vec![&self.left],
        };
        let mut out = Vec::new();
        for s in top {
            out.push(s);
            if let Some(m) = &s.minus {
                out.push(m);
            }
        }
        out
    }

    fn seeds(&self, default_seed: u64) -> Vec<u64> {
        if self.seeds.is_empty() { vec![default_seed] } else { self.seeds.clone() }
    }
}

/// Every distinct run the expectations need, in a stable order.
pub fn runs(expect: &[Expectation], default_seed: u64) -> Vec<RunSpec> {
    let mut out: Vec<RunSpec> = Vec::new();
    for e in expect {
        for side in e.sides() {
            for seed in e.seeds(default_seed) {
                let r = RunSpec { settings: side.set.clone(), seed };
                if !out.contains(&r) {
                    out.push(r);
                }
            }
        }
    }
    out
}

/// Apply one run's settings to a preset (variant already applied). The `expect` list itself is
/// dropped: the run is an ordinary scenario.
pub fn scenario_for(preset: &Value, run: &RunSpec) -> Result<Value, ScenarioError> {
    let mut v = preset.clone();
    for (k, x) in &run.settings {
        apply_setting(&mut v, k, x)?;
    }
    if let Value::Object(m) = &mut v {
        m.remove("expect");
    }
    Ok(v)
}

/// Read a number from a summary. Paths are dotted; inside an array a segment selects the
/// element whose `id` (flows, links) or `stream` equals it, or an index. Derived metrics:
/// `retransmission_rate` (Σ retransmitted / Σ sent), `total_goodput_mbps`, `mean_fct_s`,
/// `max_fct_s` (over flows that completed), `flows.<id>.share` (goodput share of the total).
pub fn metric(summary: &Value, path: &str) -> Result<f64, String> {
    let flows = || summary.get("flows").and_then(Value::as_array).cloned().unwrap_or_default();
    let sum = |field: &str| flows().iter().filter_map(|f| f.get(field).and_then(Value::as_f64)).sum::<f64>();
    let fcts = || flows().iter().filter_map(|f| f.get("fct_s").and_then(Value::as_f64)).collect::<Vec<_>>();
    match path {
        "retransmission_rate" => {
            let sent = sum("sent_packets");
            return if sent > 0.0 { Ok(sum("retransmitted_packets") / sent) } else { Err("no packets sent".into()) };
        }
        "total_goodput_mbps" => return Ok(sum("goodput_mbps")),
        "mean_fct_s" | "max_fct_s" => {
            let f = fcts();
            if f.is_empty() {
                return Err("no flow completed".into());
            }
            return Ok(if path == "mean_fct_s" { f.iter().sum::<f64>() / f.len() as f64 } else { f.iter().cloned().fold(0.0, f64::max) });
        }
        _ => {}
    }
    if let Some(id) = path.strip_prefix("flows.").and_then(|p| p.strip_suffix(".share")) {
        let total = sum("goodput_mbps");
        let mine = metric(summary, &format!("flows.{id}.goodput_mbps"))?;
        return if total > 0.0 { Ok(mine / total) } else { Err("no goodput".into()) };
    }
    let mut cur = summary;
    for seg in path.split('.') {
        cur = match cur {
            Value::Object(m) => m.get(seg).ok_or_else(|| format!("'{path}': no field '{seg}'"))?,
            Value::Array(items) => items
                .iter()
                .find(|x| ["id", "stream", "name"].iter().any(|k| x.get(*k).is_some_and(|v| v == seg || v.to_string() == seg)))
                .or_else(|| seg.parse::<usize>().ok().and_then(|i| items.get(i)))
                .ok_or_else(|| format!("'{path}': no element '{seg}'"))?,
            _ => return Err(format!("'{path}': '{seg}' is below a number")),
        };
    }
    cur.as_f64().ok_or_else(|| format!("'{path}' is not a number"))
}

/// Judge one expectation given a way to look up each run's summary.
pub fn evaluate(e: &Expectation, default_seed: u64, summary_of: &dyn Fn(&RunSpec) -> Option<Value>) -> Outcome {
    let one_run = |side: &Side, seed: u64| -> Result<f64, String> {
        let run = RunSpec { settings: side.set.clone(), seed };
        let s = summary_of(&run).ok_or_else(|| format!("missing the run {}", serde_json::to_string(&run).unwrap_or_default()))?;
        metric(&s, &side.metric)
    };
    let side_value = |side: &Side| -> Result<f64, String> {
        let mut total = 0.0;
        let seeds = e.seeds(default_seed);
        for &seed in &seeds {
            total += one_run(side, seed)?;
            if let Some(m) = &side.minus {
                total -= one_run(m, seed)?;
            }
        }
        Ok(total / seeds.len() as f64)
    };
    let result = side_value(&e.left).and_then(|l| {
        let r = match &e.right {
            Rhs::Value(v) => *v,
            Rhs::Side(s) => side_value(s)?,
        };
        Ok((l, r))
    });
    match result {
        Err(detail) => Outcome { claim: e.claim.clone(), pass: false, left: f64::NAN, right: f64::NAN, detail },
        Ok((l, r)) => {
            let target = e.factor * r;
            let (pass, op) = match e.relation {
                Relation::Greater => (l > target + e.margin, ">"),
                Relation::Less => (l < target - e.margin, "<"),
                Relation::About => ((l - target).abs() <= e.margin, "≈"),
            };
            let scaled = if e.factor == 1.0 { format!("{r:.4}") } else { format!("{} × {r:.4}", e.factor) };
            let margin = match (e.margin, e.relation) {
                (m, _) if m == 0.0 => String::new(),
                (m, Relation::Greater) => format!(" + {m}"),
                (m, Relation::Less) => format!(" − {m}"),
                (m, Relation::About) => format!(" ± {m}"),
            };
            Outcome { claim: e.claim.clone(), pass, left: l, right: r, detail: format!("{l:.4} {op} {scaled}{margin}") }
        }
    }
}

/// Structural checks at parse time: metric paths are non-empty, numbers finite, and every
/// side's settings apply to the scenario and give a valid scenario.
pub fn validate(expect: &[Expectation], scenario: &Value) -> Result<(), ScenarioError> {
    for (i, e) in expect.iter().enumerate() {
        let p = format!("expect[{i}]");
        if !e.factor.is_finite() || !e.margin.is_finite() || e.margin < 0.0 {
            return Err(ScenarioError::new(p.clone(), "factor and margin must be finite, margin ≥ 0"));
        }
        if let Rhs::Value(v) = e.right {
            if !v.is_finite() {
                return Err(ScenarioError::new(format!("{p}.right"), "must be a finite number"));
            }
        }
        let right = match &e.right {
            Rhs::Side(s) => Some(s),
            _ => None,
        };
        for (name, side) in [
            ("left", Some(&e.left)),
            ("left.minus", e.left.minus.as_deref()),
            ("right", right),
            ("right.minus", right.and_then(|s| s.minus.as_deref())),
        ] {
            let Some(side) = side else { continue };
            if side.metric.trim().is_empty() {
                return Err(ScenarioError::new(format!("{p}.{name}.metric"), "must name a summary field"));
            }
            let run = RunSpec { settings: side.set.clone(), seed: 0 };
            let applied = scenario_for(scenario, &run)
                .map_err(|err| ScenarioError::new(format!("{p}.{name}.set"), err.to_string()))?;
            super::from_value(applied).map_err(|err| ScenarioError::new(format!("{p}.{name}.set"), err.to_string()))?;
        }
    }
    Ok(())
}

/// Everything needed to check a preset's claims: its expectations, its seed, and each run
/// with the scenario JSON to run (variant and settings applied, validated).
pub struct Plan {
    pub expect: Vec<Expectation>,
    pub seed: u64,
    pub runs: Vec<(RunSpec, Value)>,
}

pub fn plan(preset: &Value, variant: Option<&str>) -> Result<Plan, ScenarioError> {
    let mut v = preset.clone();
    super::apply_overrides(&mut v, variant)?;
    let sc = super::from_value(v.clone())?;
    let runs = runs(&sc.expect, sc.seed)
        .into_iter()
        .map(|r| scenario_for(&v, &r).map(|scenario| (r, scenario)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Plan { expect: sc.expect, seed: sc.seed, runs })
}

/// A [`Plan`] as the page receives it (`expectation_plan` in the wasm adapter): each run's
/// scenario is ready for `new Simulation(JSON.stringify(scenario), seed)`.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct PlanView {
    pub seed: u64,
    pub expect: Vec<Expectation>,
    pub runs: Vec<PlanRun>,
}

/// One run of a [`PlanView`].
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct PlanRun {
    pub settings: BTreeMap<String, Value>,
    pub seed: u64,
    /// The scenario JSON to run (variant and settings applied, validated).
    pub scenario: Value,
}

impl Plan {
    pub fn view(&self) -> PlanView {
        PlanView {
            seed: self.seed,
            expect: self.expect.clone(),
            runs: self
                .runs
                .iter()
                .map(|(r, scenario)| PlanRun { settings: r.settings.clone(), seed: r.seed, scenario: scenario.clone() })
                .collect(),
        }
    }
}

/// Judge every expectation of a plan from `(run, summary)` results.
pub fn judge(plan: &Plan, results: &[(RunSpec, Value)]) -> Vec<Outcome> {
    let lookup = |r: &RunSpec| results.iter().find(|(k, _)| k == r).map(|(_, s)| s.clone());
    plan.expect.iter().map(|e| evaluate(e, plan.seed, &lookup)).collect()
}

/// Convenience for callers holding a JSON object of settings.
pub fn settings_from(map: &Map<String, Value>) -> BTreeMap<String, Value> {
    map.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn summary(jain: f64, g: [f64; 2]) -> Value {
        json!({"jain": jain, "flows": [{"id": "a", "goodput_mbps": g[0], "sent_packets": 100, "retransmitted_packets": 5, "fct_s": 1.0},
                                       {"id": "b", "goodput_mbps": g[1], "sent_packets": 100, "retransmitted_packets": 15}],
               "links": [{"id": "bottleneck", "utilization": 0.95}]})
    }

    #[test]
    fn metric_paths_and_derived_metrics() {
        let s = summary(0.9, [30.0, 60.0]);
        assert_eq!(metric(&s, "jain"), Ok(0.9));
        assert_eq!(metric(&s, "links.bottleneck.utilization"), Ok(0.95));
        assert_eq!(metric(&s, "flows.b.goodput_mbps"), Ok(60.0));
        assert_eq!(metric(&s, "flows.1.goodput_mbps"), Ok(60.0));
        assert_eq!(metric(&s, "retransmission_rate"), Ok(0.1));
        assert_eq!(metric(&s, "total_goodput_mbps"), Ok(90.0));
        assert!((metric(&s, "flows.a.share").unwrap() - 1.0 / 3.0).abs() < 1e-12);
        assert_eq!(metric(&s, "max_fct_s"), Ok(1.0));
        assert!(metric(&s, "flows.c.goodput_mbps").unwrap_err().contains("no element 'c'"));
    }

    #[test]
    fn relations_factor_margin_and_seeds() {
        let e: Expectation = serde_json::from_value(json!({
            "claim": "x fairer than y",
            "left": {"set": {"cc": "x"}, "metric": "jain"},
            "relation": "greater",
            "right": {"set": {"cc": "y"}, "metric": "jain"},
            "margin": 0.05, "seeds": [1, 2]
        }))
        .unwrap();
        let need = runs(std::slice::from_ref(&e), 9);
        assert_eq!(need.len(), 4, "two sides × two seeds");
        let lookup = |r: &RunSpec| {
            let x = r.settings["cc"] == "x";
            Some(summary(if x { 0.9 + r.seed as f64 * 0.01 } else { 0.8 }, [1.0, 1.0]))
        };
        let o = evaluate(&e, 9, &lookup);
        assert!(o.pass, "{o:?}");
        assert!((o.left - 0.915).abs() < 1e-12);
        let strict = Expectation { margin: 0.2, ..e.clone() };
        assert!(!evaluate(&strict, 9, &lookup).pass);
        let about = Expectation { relation: Relation::About, margin: 0.2, ..e };
        assert!(evaluate(&about, 9, &lookup).pass);
    }

    #[test]
    fn a_difference_of_two_runs() {
        let e: Expectation = serde_json::from_value(json!({
            "claim": "the gap grows",
            "left": {"set": {"cc": "x", "n": 8}, "metric": "jain", "minus": {"set": {"cc": "y", "n": 8}, "metric": "jain"}},
            "relation": "greater",
            "right": {"set": {"cc": "x", "n": 2}, "metric": "jain", "minus": {"set": {"cc": "y", "n": 2}, "metric": "jain"}}
        }))
        .unwrap();
        assert_eq!(runs(std::slice::from_ref(&e), 1).len(), 4);
        let lookup = |r: &RunSpec| {
            let n = r.settings["n"].as_f64().unwrap();
            Some(summary(if r.settings["cc"] == "x" { 10.0 * n } else { n }, [1.0, 1.0]))
        };
        let o = evaluate(&e, 1, &lookup);
        assert!(o.pass, "{o:?}");
        assert_eq!((o.left, o.right), (72.0, 18.0));
    }

    #[test]
    fn a_number_on_the_right() {
        let e: Expectation = serde_json::from_value(json!({
            "claim": "busy", "left": {"metric": "links.bottleneck.utilization"}, "relation": "greater", "right": 0.9
        }))
        .unwrap();
        assert_eq!(runs(std::slice::from_ref(&e), 3), vec![RunSpec { settings: BTreeMap::new(), seed: 3 }]);
        assert!(evaluate(&e, 3, &|_| Some(summary(1.0, [1.0, 1.0]))).pass);
        let missing = evaluate(&e, 3, &|_| None);
        assert!(!missing.pass && missing.detail.contains("missing"));
    }
}
