//! Every knob value inside its declared range runs (issue 30, item 9). A knob's range is a
//! promise to the class: the page offers every value between `min` and `max` and every enum
//! option, and a declared sweep offers its points. For each preset's quick variant (what the
//! class and the regression suite run; the full scenario when there is none) this runs, to the
//! end, the scenario at each numeric knob's minimum and maximum, at each enum knob's every
//! option (one knob moved at a time, the others at the variant's values), and every point of the
//! sweep the preset declares. A value the validator rejects, or a run that panics, fails here
//! with the preset, the knob and the value named.

mod common;

use common::presets;
use netlab_core::scenario::{self, sweep, KnobKind};
use netlab_core::Simulation;
use serde_json::Value;

/// One run to try: what it is (for the failure message) and the scenario JSON, or the error
/// building it gave.
struct Case {
    what: String,
    scenario: Result<scenario::Scenario, String>,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for (name, v) in presets() {
        let info = scenario::describe(&v).unwrap_or_else(|e| panic!("{name}: {e}"));
        let variant = info.variants.iter().any(|x| x == "quick").then_some("quick");
        let mut base = v.clone();
        scenario::apply_overrides(&mut base, variant).unwrap_or_else(|e| panic!("{name}: {e}"));
        let label = format!("{name}{}", variant.map(|x| format!(" ({x})")).unwrap_or_default());
        for k in &info.knobs {
            let values: Vec<Value> = match k.knob.kind {
                KnobKind::Enum => k.knob.options.iter().map(|o| Value::String(o.clone())).collect(),
                KnobKind::Number | KnobKind::Integer => [k.knob.min, k.knob.max]
                    .into_iter()
                    .flatten()
                    // As the page sends it (JSON.stringify): a whole number without a fraction.
                    .map(|x| if x.fract() == 0.0 && x.abs() < 9e15 { Value::from(x as i64) } else { Value::from(x) })
                    .collect(),
            };
            for value in values {
                let mut s = base.clone();
                let built = scenario::apply_setting(&mut s, &k.knob.name, &value)
                    .and_then(|()| scenario::from_value(s))
                    .map_err(|e| e.to_string());
                out.push(Case { what: format!("{label}: {}={value}", k.knob.name), scenario: built });
            }
        }
        if base.get("sweep").is_some_and(|s| !s.is_null()) {
            match sweep::expand(&base) {
                Ok(points) => out.extend(points.into_iter().map(|p| Case {
                    what: format!(
                        "{label}: sweep {}={}{} seed {}",
                        p.knob,
                        p.value,
                        p.algorithm.map(|a| format!(" {a}")).unwrap_or_default(),
                        p.seed
                    ),
                    scenario: Ok(p.scenario),
                })),
                Err(e) => out.push(Case { what: format!("{label}: sweep"), scenario: Err(e.to_string()) }),
            }
        }
    }
    out
}

#[test]
fn every_knob_value_in_range_and_every_sweep_point_runs() {
    let cases = cases();
    // 18 presets: their knobs' end points and options and their sweeps' points.
    assert!(cases.len() > 300, "{} cases", cases.len());
    let failures = common::check_all(&cases, |case| {
        let outcome = case.scenario.clone().and_then(|sc| {
            let seed = sc.seed;
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let mut sim = Simulation::new(sc, Some(seed)).map_err(|e| e.to_string())?;
                sim.run_to_end();
                let summary = sim.summary(0.0);
                if summary.flows.is_empty() {
                    return Err("the run has no flows".to_string());
                }
                Ok(())
            }))
            .unwrap_or_else(|_| Err("panicked".to_string()))
        });
        outcome.err().map(|e| format!("{}: {e}", case.what)).into_iter().collect()
    });
    assert!(failures.is_empty(), "{} knob values inside their range do not run:\n{}", failures.len(), failures.join("\n"));
}
