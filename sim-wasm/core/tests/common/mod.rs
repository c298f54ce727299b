//! Scenarios shared by the whole-run tests (`fidelity.rs`, `profiles.rs`, `kernel.rs`) and the
//! preset files the preset-wide tests read (`presets.rs`, `knob_ranges.rs`). Each test crate uses
//! only some of these, hence the `dead_code` allowances.

use serde_json::{json, Value};
use std::path::PathBuf;

/// One flow of `segments` full segments over a 40 ms, 100 Mbit/s path whose buffer never
/// overflows: only the listed data packets are lost (`drop_packets` counts data packets at the
/// bottleneck). `tcp` is the scenario's `tcp` block.
#[allow(dead_code)]
pub fn one_flow(tcp: Value, cc: &str, segments: u64, drop: Vec<u64>) -> Value {
    json!({
        "name": "t",
        "duration_s": 10,
        "tcp": tcp,
        "topology": {"kind": "dumbbell",
                     "bottleneck": {"rate_mbps": 100, "delay_ms": 5, "buffer": {"unlimited": true},
                                    "drop_packets": drop},
                     "senders": [{"rtt_ms": 40}]},
        "flows": [{"cc": cc, "size_bytes": segments * 1448}]
    })
}

/// One Reno flow `f` of `segments` full segments over the same path, under TCP profile
/// `profile`, losing exactly the packets `drops` names at the bottleneck (`drops`,
/// scenario/drops.rs: by flow, number and transmission).
#[allow(dead_code)]
pub fn one_flow_named_drops(profile: &str, segments: u64, drops: Value) -> Value {
    json!({
        "name": "d", "duration_s": 10, "tcp": {"profile": profile},
        "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 100, "delay_ms": 5, "buffer": {"unlimited": true}},
                     "senders": [{"rtt_ms": 40}]},
        "flows": [{"id": "f", "cc": "reno", "size_bytes": segments * 1448}],
        "drops": drops
    })
}

/// Every preset file of public/scenarios as (name, JSON), in name order.
#[allow(dead_code)]
pub fn presets() -> Vec<(String, Value)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../public/scenarios");
    let mut out: Vec<(String, Value)> = std::fs::read_dir(&dir)
        .expect("public/scenarios")
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .map(|e| {
            let text = std::fs::read_to_string(e.path()).unwrap();
            let name = e.path().file_stem().unwrap().to_string_lossy().into_owned();
            let value = serde_json::from_str(&text).unwrap_or_else(|err| panic!("{name}: {err}"));
            (name, value)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The preset file `name` (public/scenarios/`name`.json).
#[allow(dead_code)]
pub fn preset(name: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../../public/scenarios/{name}.json"));
    serde_json::from_str(&std::fs::read_to_string(&path).expect("preset file")).expect("preset JSON")
}

/// The preset file `name` with knob settings applied (a knob's name, or a dotted path into the
/// scenario; scenario::apply_setting).
#[allow(dead_code)]
pub fn preset_with(name: &str, settings: &[(&str, Value)]) -> Value {
    let mut v = preset(name);
    for (k, x) in settings {
        netlab_core::scenario::apply_setting(&mut v, k, x).unwrap_or_else(|e| panic!("{k}: {e}"));
    }
    v
}

/// Run a scenario to its end: the simulation (for its log and series) and its summary.
#[allow(dead_code)]
pub fn run_to_end(value: Value) -> (netlab_core::Simulation, netlab_core::Summary) {
    let scenario = netlab_core::scenario::from_value(value).expect("valid scenario");
    let mut sim = netlab_core::Simulation::new(scenario, None).expect("builds");
    sim.run_to_end();
    let summary = sim.summary(0.0);
    (sim, summary)
}

/// The share of flow 0's data packets, traced from 2 to 4 s, that left at the same instant as
/// the flow's packet before (a send burst, tcp/tso.rs). The scenario must run 4 s.
#[allow(dead_code)]
pub fn sent_together(value: Value) -> f64 {
    let scenario = netlab_core::scenario::from_value(value).expect("valid scenario");
    let mut sim = netlab_core::Simulation::new(scenario, None).expect("builds");
    sim.advance_to(2_000_000_000);
    sim.trace_flow(Some(0)).unwrap();
    sim.run_to_end();
    let w = sim.trace(2.0, 4.0, usize::MAX).expect("traced");
    let sends: Vec<f64> = w.records.iter().filter(|r| r.forward && r.len > 0).map(|r| r.sent_s).collect();
    assert!(sends.len() > 200, "{} data packets traced", sends.len());
    let same = sends.windows(2).filter(|p| p[1] == p[0]).count();
    same as f64 / (sends.len() - 1) as f64
}

/// The numbers a text quotes, as written ("0.7", "33", "2.212"): runs of ASCII digits with at
/// most one decimal point between digits, whatever the script around them ("≈ 86 : 9" and
/// "≈ 86 対 9" both quote 86 and 9). tests/presets.rs compares a translation's numbers with its
/// English; tests/worksheet.rs checks an explanation's numbers against the run.
#[allow(dead_code)]
pub fn quoted_numbers(text: &str) -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    let mut cur = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let decimal = c == '.' && !cur.is_empty() && !cur.contains('.') && chars.peek().is_some_and(char::is_ascii_digit);
        if c.is_ascii_digit() || decimal {
            cur.push(c);
        } else if !cur.is_empty() {
            out.insert(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.insert(cur);
    }
    out
}

/// Runs `check` on every job, on every core (each job is a whole simulation), and returns the
/// failures the checks reported, in no particular order.
#[allow(dead_code)]
pub fn check_all<T: Sync>(jobs: &[T], check: impl Fn(&T) -> Vec<String> + Sync) -> Vec<String> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..std::thread::available_parallelism().map_or(2, |n| n.get()) {
            s.spawn(|| {
                while let Some(job) = jobs.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)) {
                    let found = check(job);
                    failures.lock().unwrap().extend(found);
                }
            });
        }
    });
    failures.into_inner().unwrap()
}
