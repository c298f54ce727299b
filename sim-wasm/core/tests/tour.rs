//! Guided tours tell the truth: every preset's tour (scenario/tour.rs) is checked against the
//! runs it belongs to. For each variant a class can pick — the quick one always, the preset as
//! written ("full") when its run is cheap (FULL_RUN_EVENTS) — the preset is run and
//! - every stop lies inside the run (before the run's end, which may come early when every
//!   flow has finished), and
//! - every stop that names an `event` has that event in the engine log within its band
//!   [at_s − span/2, at_s + span/2].
//!
//! `netlab run <preset> --variant quick --events` prints every event of a run, one line each:
//! the material a tour's author reads its moments from.

use netlab_core::metrics::EventKind;
use netlab_core::scenario::{self, tour::TourStop};
use netlab_core::Simulation;
use serde_json::Value;
use std::path::PathBuf;

/// The full run is checked too when it should process fewer engine events than this: about
/// 2 s natively (release build, ≈ 3–5·10⁶ events/s). Counted in events, not measured in wall
/// time, so the same runs are checked on a loaded machine as on an idle one.
const FULL_RUN_EVENTS: f64 = 6e6;
/// How far the run advances between reads of the (bounded) event log.
const STEP_S: f64 = 0.005;

fn preset(name: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../../public/scenarios/{name}.json"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn presets_with_tours() -> Vec<(String, Value)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../public/scenarios");
    let mut out: Vec<(String, Value)> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .map(|e| e.path().file_stem().unwrap().to_string_lossy().into_owned())
        .map(|n| {
            let v = preset(&n);
            (n, v)
        })
        .filter(|(_, v)| v.get("tour").is_some())
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// An event's log `type` (its serde tag, what the page and the tour name) and, for a state
/// change, the state entered.
fn event_name(k: &EventKind) -> (String, Option<&'static str>) {
    let tag = serde_json::to_value(k).ok().and_then(|v| v["type"].as_str().map(str::to_owned)).unwrap_or_default();
    let to = if let EventKind::CcState { to, .. } = k { Some(*to) } else { None };
    (tag, to)
}

/// Runs the preset under `variant` to its end, calling `seen` once for every logged event, in
/// order; returns the simulated end time and the engine events processed.
fn run(value: &Value, variant: Option<&str>, mut seen: impl FnMut(f64, &EventKind, Option<u32>)) -> (f64, f64) {
    let mut v = value.clone();
    scenario::apply_overrides(&mut v, variant).unwrap();
    let mut sim = Simulation::new(scenario::from_value(v).unwrap(), None).unwrap();
    sim.run_observing(STEP_S, |e| seen(e.t_ns as f64 / 1e9, &e.kind, e.flow)).unwrap();
    (sim.now_s(), sim.events() as f64)
}

/// The variant's problems with its stops: each a line naming the stop.
fn check(name: &str, value: &Value, variant: Option<&str>, stops: &[(usize, &TourStop)]) -> (Vec<String>, f64) {
    let mut v = value.clone();
    scenario::apply_overrides(&mut v, variant).unwrap();
    let duration = v["duration_s"].as_f64().unwrap();
    let bands: Vec<(f64, f64)> = stops.iter().map(|(_, s)| s.band(duration)).collect();
    let mut found = vec![false; stops.len()];
    let (end, events) = run(value, variant, |t, kind, _| {
        let (kind, detail) = event_name(kind);
        for (k, (_, stop)) in stops.iter().enumerate() {
            if let Some((want, want_detail)) = stop.anchor() {
                let (a, b) = bands[k];
                if want == kind.as_str() && (want_detail.is_none() || want_detail == detail) && t >= a && t <= b {
                    found[k] = true;
                }
            }
        }
    });
    let label = variant.unwrap_or("full");
    let mut problems = Vec::new();
    for (k, (i, stop)) in stops.iter().enumerate() {
        if stop.at_s > end {
            problems.push(format!("{name} ({label}) tour[{i}] at {} s: after the run's end at {end:.3} s", stop.at_s));
        }
        if stop.event.is_some() && !found[k] {
            let (a, b) = bands[k];
            problems.push(format!("{name} ({label}) tour[{i}] '{}': no {} between {a:.3} and {b:.3} s", stop.title.en(), stop.event.as_deref().unwrap()));
        }
    }
    (problems, events)
}

#[test]
fn every_tour_stop_is_inside_its_run_and_its_event_happens_there() {
    let all = presets_with_tours();
    assert!(all.len() >= 18, "tours for every teaching preset (got {})", all.len());
    for must in ["tcp-dumbbell", "bufferbloat", "bufferbloat-lab", "bbr-fairness", "bbr-rtt-ratio", "ecf3-heterogeneous", "quic-priority-control", "parking-lot"] {
        assert!(all.iter().any(|(n, _)| n == must), "{must} has a tour");
    }
    let problems = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for (name, value) in &all {
            let problems = &problems;
            scope.spawn(move || {
                let s = scenario::from_value(value.clone()).unwrap_or_else(|e| panic!("{name}: {e}"));
                let quick = s.variants.contains_key("quick").then_some("quick");
                let stops = |variant: Option<&str>| -> Vec<(usize, &TourStop)> { s.tour.iter().enumerate().filter(|(_, t)| t.applies_to(variant)).collect() };
                let mut events = 0.0;
                let mut mine = Vec::new();
                if quick.is_some() || !stops(None).is_empty() {
                    let q = stops(quick);
                    assert!(q.len() >= 3, "{name}: the run a class sees first ({}) has a tour", quick.unwrap_or("full"));
                    let (p, n) = check(name, value, quick, &q);
                    mine.extend(p);
                    events = n;
                }
                // The full run as well when it is cheap: its duration over the quick one's
                // scales the events the quick run took.
                let full = stops(None);
                if quick.is_some() && !full.is_empty() {
                    let d_full = value["duration_s"].as_f64().unwrap();
                    let d_quick = s.variants["quick"].get("duration_s").and_then(Value::as_f64).unwrap_or(d_full);
                    let estimate = events * d_full / d_quick;
                    if estimate < FULL_RUN_EVENTS {
                        mine.extend(check(name, value, None, &full).0);
                    } else {
                        eprintln!("{name}: full run not checked (≈ {estimate:.1e} events)");
                    }
                }
                problems.lock().unwrap().extend(mine);
            });
        }
    });
    let problems = problems.into_inner().unwrap();
    assert!(problems.is_empty(), "tours that do not match their runs:\n{}", problems.join("\n"));
}

#[test]
fn a_stop_whose_event_is_not_in_its_band_is_reported() {
    // tcp-dumbbell's quick run has its first losses at 0.84–0.86 s: move the stop away.
    let mut v = preset("tcp-dumbbell");
    let tour = v["tour"].as_array_mut().unwrap();
    let i = tour.iter().position(|s| s["event"] == "cc_state:recovery").unwrap();
    tour[i]["at_s"] = 5.0.into();
    let s = scenario::from_value(v.clone()).unwrap();
    let stops: Vec<(usize, &TourStop)> = s.tour.iter().enumerate().filter(|(_, t)| t.applies_to(Some("quick"))).collect();
    let (problems, _) = check("tcp-dumbbell", &v, Some("quick"), &stops);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains(&format!("tour[{i}]")) && problems[0].contains("no cc_state:recovery between 4.950 and 5.050 s"), "{problems:?}");
}
