//! Knobs: the few named, typed, labelled parameters a preset exposes (what a teacher changes
//! in class), each bound to one or more scenario fields by dotted path (`*` = every element of
//! an array, e.g. `flows.*.cc`). The CLI's `--set` and the page's controls both go through
//! [`apply_setting`], so a value is checked the same way everywhere.

use super::{LocalText, Scenario, ScenarioError};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, ts_rs::TS, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum KnobKind {
    Number,
    Integer,
    Enum,
}

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Knob {
    pub name: String,
    /// What the control is called, in English or per language.
    pub label: LocalText,
    pub kind: KnobKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub min: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub max: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub step: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub unit: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    /// Dotted paths into the scenario that this knob sets.
    pub bind: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub help: Option<LocalText>,
}

/// What the UI needs to render a preset: its texts, knobs with current values, variants.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct PresetInfo {
    pub name: String,
    pub title: LocalText,
    /// What a student should look for (empty when the preset has none).
    pub look_for: LocalText,
    /// The long notes (paper, caveats, commands), in English, folded below `look_for`.
    pub description: String,
    pub duration_s: f64,
    pub knobs: Vec<KnobInfo>,
    pub variants: Vec<String>,
    /// What the summary shows first (empty: the page's default, Jain's index).
    pub headline: Vec<super::headline::Headline>,
    /// The guided tour's stops, every variant's (each stop says which it applies to).
    pub tour: Vec<super::tour::TourStop>,
    /// The worksheet's questions, every variant's (each says which run it is written for).
    pub worksheet: Vec<super::worksheet::Question>,
    /// Each variant's knob values in knob order (the variant applied to the scenario, then its
    /// knobs read), so the controls show what will actually run under it.
    #[ts(type = "Record<string, Record<string, number | string | null>>")]
    pub variant_values: BTreeMap<String, serde_json::Map<String, Value>>,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct KnobInfo {
    #[serde(flatten)]
    pub knob: Knob,
    /// The value the knob's first binding has in the scenario (null when unset: the engine's
    /// default applies). Knobs are numbers or enum names, so it is a number or a string.
    #[ts(type = "number | string | null")]
    pub value: Value,
}

fn split(path: &str) -> Vec<&str> {
    path.split('.').filter(|s| !s.is_empty()).collect()
}

/// Set `value` at a dotted path. Missing object keys are created (the strict parse then
/// rejects names that are not fields); array indexes must exist.
fn set_path(root: &mut Value, parts: &[&str], value: &Value, full: &str) -> Result<(), ScenarioError> {
    let Some((head, rest)) = parts.split_first() else {
        *root = value.clone();
        return Ok(());
    };
    match root {
        Value::Array(items) if *head == "*" => {
            for item in items.iter_mut() {
                set_path(item, rest, value, full)?;
            }
            Ok(())
        }
        Value::Array(items) => {
            let idx: usize = head
                .parse()
                .map_err(|_| ScenarioError::new(full, format!("'{head}' is not an array index")))?;
            let len = items.len();
            let item = items.get_mut(idx).ok_or_else(|| {
                ScenarioError::new(full, format!("index {idx} is out of range (the array has {len})"))
            })?;
            set_path(item, rest, value, full)
        }
        Value::Object(map) => {
            let child = map.entry(head.to_string()).or_insert_with(|| {
                if rest.is_empty() { Value::Null } else { Value::Object(Default::default()) }
            });
            set_path(child, rest, value, full)
        }
        _ => Err(ScenarioError::new(full, format!("'{head}' is inside a value that is not an object"))),
    }
}

fn get_path<'a>(root: &'a Value, parts: &[&str]) -> Option<&'a Value> {
    let Some((head, rest)) = parts.split_first() else { return Some(root) };
    match root {
        Value::Array(items) if *head == "*" => items.first().and_then(|i| get_path(i, rest)),
        Value::Array(items) => items.get(head.parse::<usize>().ok()?).and_then(|i| get_path(i, rest)),
        Value::Object(map) => map.get(*head).and_then(|c| get_path(c, rest)),
        _ => None,
    }
}

pub(crate) fn knobs_of(root: &Value) -> Vec<Knob> {
    root.get("knobs")
        .and_then(|k| super::from_json::<Vec<Knob>>(k.clone()).ok())
        .unwrap_or_default()
}

/// Check a knob value against the knob's type and range; returns the value to store.
fn check(knob: &Knob, value: &Value) -> Result<Value, ScenarioError> {
    let name = knob.name.as_str();
    match knob.kind {
        KnobKind::Enum => {
            let s = value
                .as_str()
                .ok_or_else(|| ScenarioError::new(name, format!("expected one of: {}", knob.options.join(", "))))?;
            if !knob.options.iter().any(|o| o == s) {
                return Err(ScenarioError::new(
                    name,
                    format!("'{s}' is not one of: {}", knob.options.join(", ")),
                ));
            }
            Ok(value.clone())
        }
        KnobKind::Number | KnobKind::Integer => {
            let v = value
                .as_f64()
                .ok_or_else(|| ScenarioError::new(name, format!("expected a number, got {value}")))?;
            if knob.kind == KnobKind::Integer && v.fract() != 0.0 {
                return Err(ScenarioError::new(name, format!("expected a whole number, got {v}")));
            }
            let lo = knob.min.unwrap_or(f64::NEG_INFINITY);
            let hi = knob.max.unwrap_or(f64::INFINITY);
            if !(lo..=hi).contains(&v) {
                let unit = knob.unit.as_deref().map(|u| format!(" {u}")).unwrap_or_default();
                return Err(ScenarioError::new(
                    name,
                    format!("{v} is out of range [{}, {}]{unit}", fmt_num(lo), fmt_num(hi)),
                ));
            }
            Ok(value.clone())
        }
    }
}

fn fmt_num(v: f64) -> String {
    if v.is_infinite() { if v > 0.0 { "∞".into() } else { "-∞".into() } } else { format!("{v}") }
}

/// Apply one `key=value` setting to scenario JSON: `key` is a knob name of the preset or a
/// dotted path into the scenario. Knob values are type- and range-checked here; plain paths
/// are checked when the result is parsed.
pub fn apply_setting(root: &mut Value, key: &str, value: &Value) -> Result<(), ScenarioError> {
    if let Some(knob) = knobs_of(root).into_iter().find(|k| k.name == key) {
        let v = check(&knob, value)?;
        for b in &knob.bind {
            set_path(root, &split(b), &v, key)?;
        }
        if knob.bind.iter().any(|b| b == "duration_s") {
            shorten_warmup(root);
        }
        return Ok(());
    }
    if key.is_empty() || split(key).is_empty() {
        return Err(ScenarioError::new("", "empty setting name"));
    }
    if !key.contains('.') && key != super::drops::FIELD && root.get(key).is_none() && !knobs_of(root).is_empty() {
        let names: Vec<String> = knobs_of(root).into_iter().map(|k| k.name).collect();
        return Err(ScenarioError::new(key, format!("no such knob or field (knobs: {})", names.join(", "))));
    }
    set_path(root, &split(key), value, key)
}

/// A run the Duration knob made no longer than its warm-up would have nothing left to measure
/// and be refused ("warmup_s: must be shorter than duration_s"), though the value is inside the
/// knob's range: the warm-up shrinks to half the run instead. Only a knob does this; a scenario
/// that writes both fields itself is checked as written.
fn shorten_warmup(root: &mut Value) {
    let (Some(duration), Some(warmup)) = (root.get("duration_s").and_then(Value::as_f64), root.get("warmup_s").and_then(Value::as_f64)) else { return };
    if warmup >= duration {
        root["warmup_s"] = serde_json::json!(duration / 2.0);
    }
}

/// Apply a variant's overrides (and drop the variant table, so the result is a plain scenario).
pub fn apply_overrides(root: &mut Value, variant: Option<&str>) -> Result<(), ScenarioError> {
    let Some(name) = variant else { return Ok(()) };
    let table: BTreeMap<String, BTreeMap<String, Value>> = root
        .get("variants")
        .and_then(|v| super::from_json(v.clone()).ok())
        .unwrap_or_default();
    let overrides = table.get(name).ok_or_else(|| {
        let known: Vec<&str> = table.keys().map(String::as_str).collect();
        ScenarioError::new(
            "variant",
            if known.is_empty() {
                format!("'{name}': this preset has no variants")
            } else {
                format!("'{name}' is not one of: {}", known.join(", "))
            },
        )
    })?;
    for (k, v) in overrides {
        apply_setting(root, k, v).map_err(|e| ScenarioError::new(format!("variants.{name}.{}", e.path), e.message))?;
    }
    Ok(())
}

/// Knob, variant and text information for a preset's UI, with every variant's knob values.
/// The page's build-time preset index (tests/generated.rs) and the worker's description of an
/// edited or shared scenario both come from here.
pub fn describe(root: &Value) -> Result<PresetInfo, ScenarioError> {
    let mut info = describe_as_is(root)?;
    for v in &info.variants {
        let mut under = root.clone();
        apply_overrides(&mut under, Some(v))?;
        let desc = describe_as_is(&under).map_err(|e| ScenarioError::new(e.path.clone(), format!("under variant '{v}': {}", e.message)))?;
        info.variant_values.insert(v.clone(), desc.knobs.into_iter().map(|k| (k.knob.name, k.value)).collect());
    }
    Ok(info)
}

/// [`describe`] without the variants' knob values.
fn describe_as_is(root: &Value) -> Result<PresetInfo, ScenarioError> {
    let s: Scenario = super::from_value(root.clone())?;
    let knobs = s
        .knobs
        .iter()
        .map(|k| KnobInfo {
            value: k.bind.first().and_then(|b| get_path(root, &split(b))).cloned().unwrap_or(Value::Null),
            knob: k.clone(),
        })
        .collect();
    Ok(PresetInfo {
        name: s.name.clone(),
        title: s.title.clone().unwrap_or_else(|| LocalText::from(s.name.clone())),
        look_for: s.look_for.clone().unwrap_or_default(),
        description: s.description.clone().unwrap_or_default(),
        duration_s: s.duration_s,
        knobs,
        variants: s.variants.keys().cloned().collect(),
        headline: s.headline.clone(),
        tour: s.tour.clone(),
        worksheet: s.worksheet.clone(),
        variant_values: BTreeMap::new(),
    })
}

/// Every knob must bind to fields that exist, and its default must pass its own check.
pub fn validate_knobs(s: &Scenario) -> Result<(), ScenarioError> {
    let root = serde_json::to_value(s).map_err(|e| ScenarioError::new("knobs", e.to_string()))?;
    let mut names = std::collections::BTreeSet::new();
    for (i, k) in s.knobs.iter().enumerate() {
        let p = format!("knobs[{i}]");
        if !names.insert(k.name.clone()) {
            return Err(ScenarioError::new(format!("{p}.name"), format!("duplicate knob '{}'", k.name)));
        }
        if k.kind == KnobKind::Enum && k.options.is_empty() {
            return Err(ScenarioError::new(format!("{p}.options"), "an enum knob needs options"));
        }
        if k.bind.is_empty() {
            return Err(ScenarioError::new(format!("{p}.bind"), "needs at least one path"));
        }
        for (j, b) in k.bind.iter().enumerate() {
            match get_path(&root, &split(b)) {
                Some(v) => {
                    // A field that is absent but defaulted serialises as null or is skipped;
                    // only a present value can be checked against the knob.
                    if !v.is_null() {
                        check(k, v).map_err(|e| ScenarioError::new(format!("{p}.bind[{j}]"), e.message))?;
                    }
                }
                None => {
                    return Err(ScenarioError::new(format!("{p}.bind[{j}]"), format!("'{b}' is not a field of this scenario")))
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn preset() -> Value {
        json!({
            "duration_s": 10,
            "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 100, "buffer": {"bdp": 1}},
                          "senders": [{"rtt_ms": 10}, {"rtt_ms": 50}]},
            "flows": [{"cc": "cubic", "path": 0}, {"cc": "cubic", "path": 1}],
            "knobs": [
                {"name": "cc", "label": "Algorithm", "kind": "enum", "options": ["reno", "cubic"], "bind": ["flows.*.cc"]},
                {"name": "buffer_bdp", "label": "Buffer", "kind": "number", "min": 0.1, "max": 100, "unit": "BDP",
                 "bind": ["topology.bottleneck.buffer.bdp"]}
            ],
            "variants": {"quick": {"duration_s": 2, "buffer_bdp": 5}}
        })
    }

    #[test]
    fn knob_sets_every_binding_and_checks_range() {
        let mut v = preset();
        apply_setting(&mut v, "cc", &json!("reno")).unwrap();
        assert_eq!(v["flows"][0]["cc"], "reno");
        assert_eq!(v["flows"][1]["cc"], "reno");
        let e = apply_setting(&mut v, "buffer_bdp", &json!(-1)).unwrap_err();
        assert_eq!(e.to_string(), "buffer_bdp: -1 is out of range [0.1, 100] BDP");
        let e = apply_setting(&mut v, "cc", &json!("vegas")).unwrap_err();
        assert_eq!(e.to_string(), "cc: 'vegas' is not one of: reno, cubic");
    }

    #[test]
    fn dotted_paths_and_unknown_names() {
        let mut v = preset();
        apply_setting(&mut v, "flows.1.start_s", &json!(3)).unwrap();
        assert_eq!(v["flows"][1]["start_s"], 3);
        let e = apply_setting(&mut v, "flows.7.cc", &json!("reno")).unwrap_err();
        assert_eq!(e.to_string(), "flows.7.cc: index 7 is out of range (the array has 2)");
        let e = apply_setting(&mut v, "bufer", &json!(1)).unwrap_err();
        assert!(e.to_string().starts_with("bufer: no such knob or field"), "{e}");
        // A misspelt field under a real object is created, then rejected by the strict parse.
        apply_setting(&mut v, "topology.bottleneck.rate_mpbs", &json!(5)).unwrap();
        let e = super::super::from_value(v).unwrap_err();
        assert!(e.to_string().contains("rate_mpbs"), "{e}");
    }

    #[test]
    fn variants_and_description() {
        let mut v = preset();
        apply_overrides(&mut v, Some("quick")).unwrap();
        assert_eq!(v["duration_s"], 2);
        assert_eq!(v["topology"]["bottleneck"]["buffer"]["bdp"], 5);
        let e = apply_overrides(&mut preset(), Some("slow")).unwrap_err();
        assert_eq!(e.to_string(), "variant: 'slow' is not one of: quick");
        let info = describe(&preset()).unwrap();
        assert_eq!(info.knobs[0].value, json!("cubic"));
        assert_eq!(info.knobs[1].value.as_f64(), Some(1.0));
        assert_eq!(info.variants, vec!["quick"]);
        // Under "quick" the controls show the variant's buffer, the others as they are.
        assert_eq!(info.variant_values["quick"], *json!({"cc": "cubic", "buffer_bdp": 5}).as_object().unwrap());
        // A variant that makes the scenario invalid is named in the message.
        let mut bad = preset();
        bad["variants"]["quick"]["buffer_bdp"] = json!(-1);
        assert_eq!(describe(&bad).unwrap_err().to_string(), "variants.quick.buffer_bdp: -1 is out of range [0.1, 100] BDP");
        let mut bad = preset();
        bad["variants"]["quick"]["duration_s"] = json!(-2);
        let e = describe(&bad).unwrap_err().to_string();
        assert!(e.starts_with("duration_s: under variant 'quick': "), "{e}");
    }
}
