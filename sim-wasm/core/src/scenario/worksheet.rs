//! Worksheets: predict, run, explain (issue 32 part 3).
//!
//! A preset may carry questions a student answers *before* the run; the run then decides the
//! answer from its own summary, and the page shows the explanation. Two kinds:
//!
//! ```json
//! "worksheet": [{
//!   "id": "who-wins",
//!   "prompt": "Which flow will get more of the link?",
//!   "choices": [{"text": "short-rtt", "metric": "flows.short-rtt.goodput_mbps"},
//!               {"text": "long-rtt",  "metric": "flows.long-rtt.goodput_mbps"}],
//!   "key": 0,
//!   "explanation": "The short-RTT flow grows its window every 10 ms, …"
//! }, {
//!   "id": "busy",
//!   "prompt": "How busy will the bottleneck be, in percent?",
//!   "number": {"metric": "links.bottleneck.utilization", "scale": 100, "tolerance": 5, "unit": "%"},
//!   "key": 97,
//!   "explanation": "…",
//!   "variant": "quick", "when": {"cc": "reno"}
//! }]
//! ```
//!
//! - A **choice** question's right answer is the choice whose metric is the largest (`"pick":
//!   "smaller"`: the smallest) in the run — "which flow has the larger X" — so the answer comes
//!   from the run, never from the author. Metrics are summary paths as `expect` claims read
//!   them ([`super::expect::metric`]).
//! - A **number** question reads one metric, multiplied by `scale` (a fraction shown as a
//!   percentage: 100); a prediction within `tolerance` (in the student's units) of it is right.
//! - `key` is the author's answer (the choice's index, or the number). The page never shows it
//!   before the run; `netlab check` and tests/worksheet.rs run the preset and verify that the
//!   run agrees with it, so an explanation that quotes the key quotes the run.
//! - `variant` ("full" or a variant's name, as a tour stop's) and `when` (knob → value) say
//!   which run a question is written for; the page offers it only for that run (and not for an
//!   edited scenario), like the tour.
//!
//! [`validate`] refuses, naming the field (`worksheet[1].number.metric`): a metric the
//! scenario cannot produce (a flow id it does not have, a QUIC field without QUIC flows, …), a
//! question with both or neither of `choices` and `number`, fewer than two choices, a key out
//! of range, a bad tolerance, a duplicate id, a text that is empty or too long in any language,
//! and a `when` knob the preset lacks or a value the knob refuses.

use super::text::LocalText;
use super::{FlowKind, Scenario, ScenarioError, Topology};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// Longest prompt, characters: two sentences on a printed worksheet.
pub const MAX_PROMPT_CHARS: usize = 300;
/// Longest choice text, characters: a short label on a button.
pub const MAX_CHOICE_CHARS: usize = 80;
/// Longest explanation, characters: a paragraph.
pub const MAX_EXPLANATION_CHARS: usize = 800;
/// Most questions one preset carries (a worksheet fits on two pages).
pub const MAX_QUESTIONS: usize = 8;
/// Most choices of one question.
pub const MAX_CHOICES: usize = 6;

/// One worksheet question (module header).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Question {
    /// A short stable name (lower case, digits, '-'): the page saves the prediction under it.
    pub id: String,
    /// The question, asked before the run.
    pub prompt: LocalText,
    /// Multiple choice: the options, each with the metric that decides it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<Choice>,
    /// Which choice is right: the one with the larger metric (default) or the smaller.
    #[serde(default, skip_serializing_if = "Pick::is_larger")]
    pub pick: Pick,
    /// A number to predict.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<NumberAnswer>,
    /// The author's answer: the right choice's index (from 0), or the number; checked
    /// against the run by `netlab check`.
    pub key: f64,
    /// Why, shown after the run beside the run's own numbers.
    pub explanation: LocalText,
    /// The only variant the question is written for ("full" = the preset as written).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// Knob settings the question is written for (applied on top of the preset and variant).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[ts(type = "Record<string, number | string | boolean>")]
    pub when: BTreeMap<String, Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    pub text: LocalText,
    /// A summary path (as `expect` reads it); the largest (or smallest) value wins.
    pub metric: String,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Pick {
    #[default]
    Larger,
    Smaller,
}

impl Pick {
    fn is_larger(&self) -> bool {
        *self == Pick::Larger
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NumberAnswer {
    /// A summary path (as `expect` reads it).
    pub metric: String,
    /// The student's number = scale × the metric (100: a fraction read as a percentage).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub scale: f64,
    /// A prediction this close to the run's number (in the student's units) is right.
    pub tolerance: f64,
    /// The unit the student writes the number in ("%", "ms", "Mbit/s").
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub unit: String,
}

fn one() -> f64 {
    1.0
}
fn is_one(x: &f64) -> bool {
    *x == 1.0
}

/// What the run says the answer is.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Truth {
    /// The right choice's index and every choice's metric value, in choice order.
    Choice { index: usize, values: Vec<f64> },
    /// The run's number, in the student's units (scale applied).
    Number { value: f64 },
}

/// A prediction judged against a run.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct Verdict {
    pub correct: bool,
    pub truth: Truth,
}

impl Question {
    /// Whether the question is written for `variant` (None = the preset as written).
    pub fn applies_to(&self, variant: Option<&str>) -> bool {
        super::tour::variant_matches(self.variant.as_deref(), variant)
    }

    /// The metric paths the question reads.
    pub fn metrics(&self) -> Vec<&str> {
        match &self.number {
            Some(n) => vec![n.metric.as_str()],
            None => self.choices.iter().map(|c| c.metric.as_str()).collect(),
        }
    }

    /// The answer the run's summary gives.
    pub fn truth(&self, summary: &Value) -> Result<Truth, String> {
        let read = |m: &str| super::expect::metric(summary, m);
        if let Some(n) = &self.number {
            return Ok(Truth::Number { value: read(&n.metric)? * n.scale });
        }
        let values = self.choices.iter().map(|c| read(&c.metric)).collect::<Result<Vec<_>, _>>()?;
        let better = |a: f64, b: f64| if self.pick == Pick::Larger { a > b } else { a < b };
        let index = (1..values.len()).fold(0, |best, i| if better(values[i], values[best]) { i } else { best });
        Ok(Truth::Choice { index, values })
    }

    /// Judge a prediction (a choice's index, or a number) against the run's summary.
    pub fn judge(&self, summary: &Value, prediction: f64) -> Result<Verdict, String> {
        let truth = self.truth(summary)?;
        let correct = match (&truth, &self.number) {
            (Truth::Number { value }, Some(n)) => (prediction - value).abs() <= n.tolerance,
            (Truth::Choice { index, .. }, _) => prediction == *index as f64,
            _ => false,
        };
        Ok(Verdict { correct, truth })
    }

    /// Whether the author's key agrees with the run: the outcome `netlab check` prints.
    pub fn check_key(&self, summary: &Value) -> KeyCheck {
        let (pass, detail) = match self.judge(summary, self.key) {
            Err(e) => (false, e),
            Ok(Verdict { correct, truth: Truth::Number { value } }) => {
                let tol = self.number.as_ref().map_or(0.0, |n| n.tolerance);
                (correct, format!("run {value:.4}, key {} ± {tol}", self.key))
            }
            Ok(Verdict { correct, truth: Truth::Choice { index, values } }) => {
                let vals: Vec<String> = values.iter().map(|v| format!("{v:.4}")).collect();
                (correct, format!("run picks choice {index} ({}), key {}", vals.join(" / "), self.key))
            }
        };
        KeyCheck { id: self.id.clone(), pass, detail }
    }
}

/// The verdict on one answer key.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct KeyCheck {
    pub id: String,
    pub pass: bool,
    pub detail: String,
}

/// The runs that decide a preset's answer keys: for each question, the preset under the
/// question's variant (or `variant` when the question names none) with its `when` settings,
/// as `(question indexes, scenario JSON)`; questions that need the same run share it.
pub fn key_runs(preset: &Value, variant: Option<&str>) -> Result<Vec<(Vec<usize>, Value)>, ScenarioError> {
    let sc = super::from_value(preset.clone())?;
    let mut out: Vec<(Vec<usize>, Value)> = Vec::new();
    for (i, q) in sc.worksheet.iter().enumerate() {
        let wanted = match q.variant.as_deref() {
            Some(super::tour::FULL) => None,
            Some(v) => Some(v),
            None => variant,
        };
        let mut v = preset.clone();
        super::apply_overrides(&mut v, wanted)?;
        for (name, value) in &q.when {
            super::apply_setting(&mut v, name, value)?;
        }
        if let Value::Object(m) = &mut v {
            m.remove("expect");
        }
        match out.iter_mut().find(|(_, s)| *s == v) {
            Some((qs, _)) => qs.push(i),
            None => out.push((vec![i], v)),
        }
    }
    Ok(out)
}

fn err<T>(path: String, message: impl Into<String>) -> Result<T, ScenarioError> {
    Err(ScenarioError::new(path, message))
}

/// Structural checks on the parsed scenario (module header); `when` is checked by
/// [`validate_settings`], which needs the raw JSON.
pub fn validate(s: &Scenario) -> Result<(), ScenarioError> {
    if s.worksheet.len() > MAX_QUESTIONS {
        return err("worksheet".into(), format!("at most {MAX_QUESTIONS} questions (got {})", s.worksheet.len()));
    }
    let variants: Vec<&str> = s.variants.keys().map(String::as_str).collect();
    for (i, q) in s.worksheet.iter().enumerate() {
        let p = |f: &str| format!("worksheet[{i}].{f}");
        if q.id.is_empty() || !q.id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
            return err(p("id"), format!("'{}' is not a short name (lower case letters, digits and '-')", q.id));
        }
        if s.worksheet[..i].iter().any(|o| o.id == q.id) {
            return err(p("id"), format!("'{}' is used by an earlier question", q.id));
        }
        q.prompt.check(&p("prompt"), MAX_PROMPT_CHARS)?;
        q.explanation.check(&p("explanation"), MAX_EXPLANATION_CHARS)?;
        if let Some(v) = &q.variant {
            if v != super::tour::FULL && !variants.contains(&v.as_str()) {
                let mut known = vec![super::tour::FULL];
                known.extend(&variants);
                return err(p("variant"), format!("'{v}' is not one of: {}", known.join(", ")));
            }
        }
        if !q.key.is_finite() {
            return err(p("key"), "must be a finite number");
        }
        match (&q.number, q.choices.is_empty()) {
            (Some(_), false) => return err(p("choices"), "a question has either choices or a number, not both"),
            (None, true) => return err(format!("worksheet[{i}]"), "needs either choices (multiple choice) or a number to predict"),
            (Some(n), true) => {
                if !n.scale.is_finite() || n.scale == 0.0 {
                    return err(p("number.scale"), "must be a finite, non-zero number");
                }
                if !n.tolerance.is_finite() || n.tolerance <= 0.0 {
                    return err(p("number.tolerance"), "must be a positive number (in the student's units)");
                }
                produces(s, &n.metric).or_else(|m| err(p("number.metric"), m))?;
            }
            (None, false) => {
                if !(2..=MAX_CHOICES).contains(&q.choices.len()) {
                    return err(p("choices"), format!("a multiple-choice question has 2 to {MAX_CHOICES} choices (got {})", q.choices.len()));
                }
                for (j, c) in q.choices.iter().enumerate() {
                    c.text.check(&p(&format!("choices[{j}].text")), MAX_CHOICE_CHARS)?;
                    produces(s, &c.metric).or_else(|m| err(p(&format!("choices[{j}].metric")), m))?;
                }
                if q.key.fract() != 0.0 || q.key < 0.0 || q.key as usize >= q.choices.len() {
                    return err(p("key"), format!("must be the right choice's index, 0 to {} (got {})", q.choices.len() - 1, q.key));
                }
            }
        }
    }
    Ok(())
}

/// `when`: every name is a knob of the preset and every value one it accepts (the settings are
/// applied to the raw scenario and the result must be a valid scenario).
pub fn validate_settings(worksheet: &[Question], raw: &Value) -> Result<(), ScenarioError> {
    let knobs = super::knobs::knobs_of(raw);
    for (i, q) in worksheet.iter().enumerate() {
        if q.when.is_empty() {
            continue;
        }
        let mut v = raw.clone();
        if let Some(variant) = q.variant.as_deref().filter(|v| *v != super::tour::FULL) {
            super::apply_overrides(&mut v, Some(variant))?;
        }
        for (name, value) in &q.when {
            let p = format!("worksheet[{i}].when.{name}");
            if !knobs.iter().any(|k| &k.name == name) {
                let names: Vec<&str> = knobs.iter().map(|k| k.name.as_str()).collect();
                return err(p, format!("not a knob of this preset (knobs: {})", if names.is_empty() { "none".into() } else { names.join(", ") }));
            }
            super::apply_setting(&mut v, name, value).map_err(|e| ScenarioError::new(p.clone(), e.message))?;
        }
        if let Value::Object(m) = &mut v {
            m.remove("worksheet");
            m.remove("expect");
        }
        super::from_value(v).map_err(|e| ScenarioError::new(format!("worksheet[{i}].when"), e.to_string()))?;
    }
    Ok(())
}

const FLOW_FIELDS: &[&str] = &[
    "goodput_mbps", "sent_packets", "retransmitted_packets", "received_packets", "duplicate_packets",
    "dropped_packets", "ecn_marks", "bytes_delivered", "fct_s", "start_s", "share",
];
const LINK_FIELDS: &[&str] = &[
    "rate_mbps", "utilization", "drops", "queue_drops", "wire_losses", "max_queue_bytes", "mean_queue_bytes",
    "mean_sojourn_ms", "max_sojourn_ms", "ecn_marks", "buffer_bytes",
];
const STREAM_FIELDS: &[&str] = &["messages", "delivered", "incomplete", "bytes_delivered", "latency_ms"];
const CLASS_FIELDS: &[&str] = &["count", "unfinished", "mean_s", "p50_s", "p99_s"];

/// Whether scenario `s` produces the summary number at `path`; the reason when it cannot.
/// Names are checked against the summary's fields and the scenario's own flow and link ids
/// (a graph's links and generated flows are known only after the run, and are checked there).
pub fn produces(s: &Scenario, path: &str) -> Result<(), String> {
    let has = |k: FlowKind| s.flows.iter().any(|f| f.kind == k);
    let mptcp = s.traffic.is_some() || has(FlowKind::Mptcp);
    let sized = s.traffic.is_some() || s.flows.iter().any(|f| f.size_bytes.is_some() || f.size_kb.is_some() || f.size_mb.is_some());
    let parts: Vec<&str> = path.split('.').collect();
    let one_of = |what: &str, name: &str, list: &[&str]| -> Result<(), String> {
        if list.contains(&name) { Ok(()) } else { Err(format!("'{name}' is not a {what} (expected one of: {})", list.join(", "))) }
    };
    let need = |ok: bool, what: &str| if ok { Ok(()) } else { Err(format!("'{path}' needs {what}, and this scenario has none")) };
    match parts.as_slice() {
        ["jain" | "total_goodput_mbps" | "retransmission_rate" | "duration_s"] => Ok(()),
        ["mean_fct_s" | "max_fct_s"] => need(sized, "a flow with a size"),
        ["long_flow_mbps" | "mean_flow_mbps"] => need(mptcp, "MPTCP flows"),
        ["fct_by_class", class, field] => {
            need(mptcp, "MPTCP flows")?;
            one_of("size class", class, &["G0", "G1", "G2", "G3", "all"])?;
            one_of("size-class statistic", field, CLASS_FIELDS)
        }
        ["flows", id, field] => {
            if s.traffic.is_none() {
                let ids: Vec<String> = s.expanded_flows().into_iter().map(|(id, _)| id).collect();
                let by_index = id.parse::<usize>().is_ok_and(|n| n < ids.len());
                // A flow as written, even when a knob (`count`) has copied it into `rtt10.1`,
                // `rtt10.2`: the question is then not offered (it is written for the run with
                // every other knob at its default; web/src/worksheet/questions.ts), and the
                // scenario must not be refused for it — every knob value in range runs.
                let as_written = s.flows.iter().any(|f| f.id.as_deref() == Some(*id));
                if !by_index && !as_written && !ids.iter().any(|x| x == id) {
                    return Err(format!("no flow '{id}' (flows: {})", ids.join(", ")));
                }
            }
            one_of("flow summary field", field, FLOW_FIELDS)
        }
        ["links", id, field] => {
            let ids: Option<Vec<String>> = match &s.topology {
                Topology::Dumbbell(_) => Some(vec!["bottleneck".into()]),
                Topology::Parallel(p) => Some((1..=p.paths.len()).map(|n| format!("path{n}")).collect()),
                Topology::Graph(_) => None,
            };
            if let Some(ids) = ids.filter(|ids| !ids.iter().any(|x| x == id)) {
                return Err(format!("no reported link '{id}' (links: {})", ids.join(", ")));
            }
            one_of("link summary field", field, LINK_FIELDS)
        }
        ["streams", _, field, rest @ ..] => {
            need(has(FlowKind::Quic), "a QUIC flow")?;
            one_of("stream summary field", field, STREAM_FIELDS)?;
            match (*field, rest) {
                ("latency_ms", [stat]) => one_of("latency statistic", stat, &["mean", "p50", "p95", "max"]),
                ("latency_ms", _) => Err(format!("'{path}': name a latency statistic (e.g. streams.<name>.latency_ms.p95)")),
                (_, []) => Ok(()),
                _ => Err(format!("'{path}': '{field}' is a number")),
            }
        }
        _ => Err(format!(
            "'{path}' is not a summary number (e.g. jain, total_goodput_mbps, flows.<id>.goodput_mbps, links.<id>.utilization)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use crate::scenario;
    use serde_json::{json, Value};

    fn with(worksheet: Value) -> Result<scenario::Scenario, scenario::ScenarioError> {
        scenario::from_value(json!({
            "duration_s": 10,
            "topology": { "kind": "dumbbell", "bottleneck": { "rate_mbps": 10, "delay_ms": 1, "buffer": { "bdp": 1 } }, "senders": [{ "rtt_ms": 10 }, { "rtt_ms": 40 }] },
            "flows": [{ "id": "near", "cc": "reno", "path": 0 }, { "id": "far", "cc": "reno", "path": 1 }],
            "knobs": [{ "name": "cc", "label": "CC", "kind": "enum", "options": ["reno", "cubic"], "bind": ["flows.*.cc"] }],
            "variants": { "quick": { "duration_s": 5 } },
            "worksheet": worksheet
        }))
    }

    fn choice_q() -> Value {
        json!({ "id": "who", "prompt": "Which flow gets more?", "key": 0, "explanation": "Shorter RTT grows faster.",
                "choices": [{ "text": "near", "metric": "flows.near.goodput_mbps" }, { "text": "far", "metric": "flows.far.goodput_mbps" }] })
    }

    fn number_q() -> Value {
        json!({ "id": "busy", "prompt": { "en": "How busy, in %?", "zh": "瓶颈链路的利用率是多少（%）？" }, "key": 95, "explanation": "One BDP keeps it busy.",
                "number": { "metric": "links.bottleneck.utilization", "scale": 100, "tolerance": 5, "unit": "%" },
                "variant": "quick", "when": { "cc": "cubic" } })
    }

    fn error(q: Value) -> String {
        with(json!([q])).unwrap_err().to_string()
    }

    #[test]
    fn a_good_worksheet_parses_and_judges_from_the_summary() {
        let s = with(json!([choice_q(), number_q()])).unwrap();
        let summary = json!({ "flows": [{ "id": "near", "goodput_mbps": 7.0 }, { "id": "far", "goodput_mbps": 2.5 }],
                              "links": [{ "id": "bottleneck", "utilization": 0.97 }] });
        let (c, n) = (&s.worksheet[0], &s.worksheet[1]);
        assert_eq!(c.truth(&summary), Ok(super::Truth::Choice { index: 0, values: vec![7.0, 2.5] }));
        assert!(c.judge(&summary, 0.0).unwrap().correct && !c.judge(&summary, 1.0).unwrap().correct);
        let smaller = super::Question { pick: super::Pick::Smaller, ..c.clone() };
        assert!(smaller.judge(&summary, 1.0).unwrap().correct);
        // 97 % in the run: 93 is within 5, 90 is not.
        assert!(n.judge(&summary, 93.0).unwrap().correct && !n.judge(&summary, 90.0).unwrap().correct);
        assert!(c.check_key(&summary).pass && n.check_key(&summary).pass);
        let wrong = super::Question { key: 80.0, ..n.clone() };
        let k = wrong.check_key(&summary);
        assert!(!k.pass && k.detail.contains("run 97.0000"), "{k:?}");
        assert!(n.applies_to(Some("quick")) && !n.applies_to(None) && c.applies_to(None));
        assert_eq!(n.prompt.get("zh"), "瓶颈链路的利用率是多少（%）？");
    }

    #[test]
    fn a_metric_the_scenario_does_not_produce_is_refused_by_path() {
        let mut q = choice_q();
        q["choices"][1]["metric"] = json!("flows.nowhere.goodput_mbps");
        assert_eq!(error(q), "worksheet[0].choices[1].metric: no flow 'nowhere' (flows: near, far)");
        let mut q = number_q();
        q["number"]["metric"] = json!("streams.control.latency_ms.p95");
        assert_eq!(error(q), "worksheet[0].number.metric: 'streams.control.latency_ms.p95' needs a QUIC flow, and this scenario has none");
        let mut q = number_q();
        q["number"]["metric"] = json!("links.path1.utilization");
        assert_eq!(error(q), "worksheet[0].number.metric: no reported link 'path1' (links: bottleneck)");
        let mut q = number_q();
        q["number"]["metric"] = json!("links.bottleneck.busy");
        assert!(error(q).starts_with("worksheet[0].number.metric: 'busy' is not a link summary field"));
        let mut q = number_q();
        q["number"]["metric"] = json!("mean_fct_s");
        assert!(error(q).contains("needs a flow with a size"));
    }

    #[test]
    fn bad_fields_are_named() {
        let mut q = choice_q();
        q["key"] = json!(2);
        assert_eq!(error(q), "worksheet[0].key: must be the right choice's index, 0 to 1 (got 2)");
        let mut q = choice_q();
        q["number"] = number_q()["number"].clone();
        assert_eq!(error(q), "worksheet[0].choices: a question has either choices or a number, not both");
        let mut q = number_q();
        q["number"]["tolerance"] = json!(0);
        assert!(error(q).starts_with("worksheet[0].number.tolerance: must be a positive number"));
        let mut q = number_q();
        q["prompt"] = json!({ "en": "ok", "fr": "non" });
        assert!(error(q).starts_with("worksheet[0].prompt.fr: unknown language 'fr'"));
        let mut q = number_q();
        q["variant"] = json!("slow");
        assert_eq!(error(q), "worksheet[0].variant: 'slow' is not one of: full, quick");
        let mut q = number_q();
        q["when"] = json!({ "buffer": 3 });
        assert_eq!(error(q), "worksheet[0].when.buffer: not a knob of this preset (knobs: cc)");
        let mut q = number_q();
        q["when"] = json!({ "cc": "vegas" });
        assert!(error(q).starts_with("worksheet[0].when.cc: "), "{}", error(number_q()));
        let mut q = choice_q();
        q["id"] = json!("Who Wins");
        assert!(error(q).starts_with("worksheet[0].id: 'Who Wins' is not a short name"));
        assert_eq!(with(json!([choice_q(), choice_q()])).unwrap_err().to_string(), "worksheet[1].id: 'who' is used by an earlier question");
        let mut q = choice_q();
        q["answer"] = json!(1);
        let e = error(q);
        assert!(e.starts_with("worksheet[0]") && e.contains("unknown field `answer`"), "{e}");
    }
}
