//! Every worksheet's answer keys agree with the runs its questions are written for
//! (scenario/worksheet.rs): the key a teacher prints is what the student's run will show.
//! Each preset is checked under its quick variant (as the class and tests/presets.rs see it);
//! the "Start here" presets, whose full runs take seconds, under the full run as well.
//! Also: the gallery's beginner row and one preset of each paper family carry a worksheet, and
//! `netlab check` reports each key.

mod common;

use common::presets;
use netlab_core::scenario::{self, worksheet};
use netlab_core::Simulation;
use serde_json::Value;
use std::process::Command;

/// The gallery's "Start here" row (web/src/lib/gallery.ts), whose full runs are short.
const START_HERE: &[&str] = &["tcp-single", "tcp-dumbbell", "bufferbloat", "bufferbloat-lab"];
/// One preset per paper family: TCP/BBR, MPTCP-FSFS, ECF-3, QUIC priorities.
const FAMILIES: &[&str] = &["bbr-fairness", "mptcp-short-flows", "ecf3-heterogeneous", "quic-priority-control"];

fn summary_of(scenario: &Value) -> Value {
    let mut sim = Simulation::new(scenario::from_value(scenario.clone()).unwrap(), None).unwrap();
    sim.run_to_end();
    serde_json::to_value(sim.summary(0.0)).unwrap()
}

#[test]
fn the_beginner_row_and_every_family_have_a_worksheet() {
    let all = presets();
    for name in START_HERE.iter().chain(FAMILIES) {
        let (_, v) = all.iter().find(|(n, _)| n == name).unwrap_or_else(|| panic!("no preset {name}"));
        let s = scenario::from_value(v.clone()).unwrap();
        assert!(s.worksheet.len() >= 2, "{name}: a worksheet of at least two questions");
        assert!(s.worksheet.iter().all(|q| !q.explanation.en().is_empty()));
    }
}

#[test]
fn every_answer_key_holds_in_its_run() {
    // (preset, variant, question indexes, scenario) for every run a key needs.
    let mut jobs = Vec::new();
    for (name, v) in presets() {
        let quick = v["variants"].get("quick").is_some().then_some("quick");
        let mut variants = vec![quick];
        if quick.is_some() && START_HERE.contains(&name.as_str()) {
            variants.push(None);
        }
        for variant in variants {
            for (qs, sc) in worksheet::key_runs(&v, variant).unwrap_or_else(|e| panic!("{name}: {e}")) {
                jobs.push((name.clone(), variant, qs, sc));
            }
        }
    }
    assert!(jobs.len() >= 14, "every worksheet is checked ({} runs)", jobs.len());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..std::thread::available_parallelism().map_or(2, |n| n.get()) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((name, variant, qs, sc)) = jobs.get(i) else { break };
                let summary = summary_of(sc);
                let questions = scenario::from_value(sc.clone()).unwrap().worksheet;
                for &q in qs {
                    let k = questions[q].check_key(&summary);
                    eprintln!("{} {name} {variant:?} {}: {}", if k.pass { "PASS" } else { "FAIL" }, k.id, k.detail);
                    if !k.pass {
                        failures.lock().unwrap().push(format!("{name} {variant:?} '{}': {}", k.id, k.detail));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "answer keys the runs do not give:\n{}", failures.join("\n"));
}

#[test]
fn netlab_check_reports_each_answer_key_and_fails_a_wrong_one() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let check = |path: &str| Command::new(env!("CARGO_BIN_EXE_netlab")).args(["check", path, "--variant", "quick"]).current_dir(&root).output().unwrap();
    let out = check("tcp-single");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("PASS  worksheet question 'busy': the answer key holds"), "{text}");
    assert!(text.contains("PASS  worksheet question 'queue-wait'"), "{text}");
    // The same preset with a wrong key: the run disagrees, check says so and exits 1.
    let mut v = common::preset("tcp-single");
    v["worksheet"][1]["key"] = serde_json::json!(40);
    v.as_object_mut().unwrap().remove("expect");
    let path = std::env::temp_dir().join(format!("netlab-worksheet-{}.json", std::process::id()));
    std::fs::write(&path, v.to_string()).unwrap();
    let out = check(path.to_str().unwrap());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("FAIL  worksheet question 'queue-wait'") && text.contains("key 40 ± 4"), "{text}");
}

/// A knob that copies a flow the questions name (bbr-fairness's "flows per RTT": `rtt10`
/// becomes `rtt10.1`, `rtt10.2`) still gives a valid scenario: the worksheet is then withheld by
/// the page (its questions are written for the default knobs), never a refusal of the run.
#[test]
fn a_knob_that_renames_the_questions_flows_still_runs() {
    let mut v = common::preset("bbr-fairness");
    scenario::apply_setting(&mut v, "flows", &serde_json::json!(2)).unwrap();
    let s = scenario::from_value(v).unwrap_or_else(|e| panic!("flows = 2 refused: {e}"));
    assert!(!s.worksheet.is_empty());
    // A name that is no flow at all is still refused.
    let mut v = common::preset("bbr-fairness");
    v["worksheet"][0]["choices"][0]["metric"] = serde_json::json!("flows.rtt11.goodput_mbps");
    let e = scenario::from_value(v).unwrap_err();
    assert_eq!(e.path, "worksheet[0].choices[0].metric", "{e}");
}
