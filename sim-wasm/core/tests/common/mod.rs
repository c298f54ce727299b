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
