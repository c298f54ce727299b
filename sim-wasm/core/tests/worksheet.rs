//! Every worksheet's answer keys agree with the runs its questions are written for
//! (scenario/worksheet.rs): the key a teacher prints is what the student's run will show.
//! Each preset is checked under its quick variant (as the class and tests/presets.rs see it);
//! the "Start here" presets, whose full runs take seconds, under the full run as well.
//! Also: the gallery's beginner row and one preset of each paper family carry a worksheet, and
//! `netlab check` reports each key.
//! Every number an explanation quotes is either checked against the same runs or listed as a
//! given with its reason (QUOTES), so the text shown after the run says only what the run did.

mod common;

use common::{presets, quoted_numbers};
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
    let failures = common::check_all(&jobs, |(name, variant, qs, sc)| {
        let summary = summary_of(sc);
        let questions = scenario::from_value(sc.clone()).unwrap().worksheet;
        let mut failed = Vec::new();
        for &q in qs {
            let k = questions[q].check_key(&summary);
            eprintln!("{} {name} {variant:?} {}: {}", if k.pass { "PASS" } else { "FAIL" }, k.id, k.detail);
            if !k.pass {
                failed.push(format!("{name} {variant:?} '{}': {}", k.id, k.detail));
            }
        }
        failed
    });
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

/// What a number an explanation quotes is, and how the run backs it.
enum Quote {
    /// The answer key itself, as the key is written: `every_answer_key_holds_in_its_run`
    /// checks it against the run.
    Key,
    /// A result of the question's run: `metric` × `scale` within `tol` of the number.
    Near { metric: &'static str, scale: f64, tol: f64 },
    /// "over N": `metric` × `scale` is above the number.
    Over { metric: &'static str, scale: f64 },
    /// A number computed from the run's summary (a ratio the text states), within `tol`.
    Derived { what: &'static str, value: fn(&Value) -> f64, tol: f64 },
    /// Not a result of the run: a setting, a given of the prompt or the topology, a name or a
    /// definition; the reason says which (and so why the run cannot check it).
    Given(&'static str),
}

use Quote::{Derived, Given, Key, Near, Over};

/// Every number every worksheet explanation quotes (English; tests/presets.rs holds the
/// translations to the same numbers): (preset, question id, the number as written, the run it
/// belongs to — None for each run the question is checked under, or "quick" / "full" when the
/// text names that run — and what backs it).
const QUOTES: &[(&str, &str, &str, Option<&str>, Quote)] = &[
    ("bbr-fairness", "who-wins", "87", None, Near { metric: "flows.rtt-long.goodput_mbps", scale: 1.0, tol: 5.0 }),
    ("bbr-fairness", "who-wins", "8", None, Near { metric: "flows.rtt10.goodput_mbps", scale: 1.0, tol: 2.0 }),
    ("bbr-fairness", "who-wins", "50", None, Given("the long flow's round trip, a setting (topology)")),
    ("bbr-fairness", "jain", "0.6", None, Key),
    ("bbr-fairness", "jain", "0.5", None, Given("Jain's index of two flows when one takes everything: its definition, stated in the prompt")),
    ("bufferbloat-lab", "reno-q100", "0.52", None, Near { metric: "links.bottleneck.mean_sojourn_ms", scale: 0.001, tol: 0.02 }),
    ("bufferbloat-lab", "reno-q100", "2.5", None, Given("the BDP in packets: 1.5 Mbit/s × 20 ms / 1500 B, from the topology")),
    ("bufferbloat-lab", "reno-q100", "20", None, Given("the path's round trip without a queue (topology)")),
    ("bufferbloat-lab", "reno-q100", "27", None, Derived { what: "(wait + 20 ms) / 20 ms", value: |s| (metric(s, "links.bottleneck.mean_sojourn_ms") + 20.0) / 20.0, tol: 1.5 }),
    ("bufferbloat-lab", "reno-q20", "113", None, Key),
    ("bufferbloat-lab", "reno-q20", "100", None, Given("the Q = 100 setting the text compares with")),
    ("bufferbloat-lab", "reno-q20", "80", None, Given("100 − 20 packets of buffer: the two settings' difference")),
    ("bufferbloat-lab", "reno-q5-busy", "100", None, Key),
    ("bufferbloat-lab", "reno-q5-busy", "2.5", None, Given("the BDP in packets: 1.5 Mbit/s × 20 ms / 1500 B, from the topology")),
    ("bufferbloat-lab", "reno-q5-busy", "5", None, Given("the Q = 5 setting of the question")),
    ("bufferbloat-lab", "bbr-q100", "53", None, Key),
    ("bufferbloat-lab", "bbr-q100", "20", None, Given("the Q = 20 setting; that BBR waits as long there is the preset's claim 'BBR's queue does not grow from Q = 20 to Q = 100', which tests/presets.rs checks")),
    ("bufferbloat", "droptail-wait", "0.44", Some("quick"), Near { metric: "links.bottleneck.mean_sojourn_ms", scale: 0.001, tol: 0.02 }),
    ("bufferbloat", "droptail-wait", "0.48", Some("full"), Near { metric: "links.bottleneck.mean_sojourn_ms", scale: 0.001, tol: 0.02 }),
    ("bufferbloat", "droptail-wait", "500", None, Given("the buffer's size in packets (topology), stated in the prompt")),
    ("bufferbloat", "codel-wait", "3.5", None, Key),
    ("bufferbloat", "codel-wait", "90", None, Over { metric: "links.bottleneck.utilization", scale: 100.0 }),
    ("ecf3-heterogeneous", "minrtt", "70", None, Key),
    ("ecf3-heterogeneous", "ecf3", "34", None, Key),
    ("ecf3-heterogeneous", "ecf3", "3", None, Given("the scheduler's name, ECF-3")),
    ("mptcp-short-flows", "fct-five", "255", None, Key),
    ("mptcp-short-flows", "fct-five", "20", None, Given("the paths' round trip (topology)")),
    ("mptcp-short-flows", "fct-one", "83", None, Key),
    ("quic-priority-control", "abs", "80", None, Key),
    ("quic-priority-control", "abs", "40", None, Given("the path's round trip (topology), stated in the prompt")),
    ("quic-priority-control", "abs", "42", None, Near { metric: "links.bottleneck.mean_sojourn_ms", scale: 1.0, tol: 3.0 }),
    ("quic-priority-control", "rr", "135", None, Key),
    ("quic-priority-control", "rr", "190", None, Near { metric: "streams.control.latency_ms.p95", scale: 1.0, tol: 15.0 }),
    ("quic-priority-control", "rr", "95", None, Given("the percentile's name, p95")),
    ("tcp-dumbbell", "who-wins", "10", None, Given("the short flow's round trip (topology), stated in the prompt")),
    ("tcp-dumbbell", "share", "85", None, Key),
    ("tcp-dumbbell", "share", "0.67", None, Near { metric: "jain", scale: 1.0, tol: 0.02 }),
    ("tcp-dumbbell", "share", "50", None, Given("an even share of two flows")),
    ("tcp-dumbbell", "share", "30", None, Given("the full run's duration (duration_s)")),
    ("tcp-single", "busy", "100", None, Key),
    ("tcp-single", "busy", "0.1", None, Given("a buffer_bdp setting the text suggests trying")),
    ("tcp-single", "queue-wait", "14", None, Key),
    ("tcp-single", "queue-wait", "20", None, Given("the path's round trip without a queue, and so a one-BDP buffer's drain time (topology)")),
];

fn metric(summary: &Value, path: &str) -> f64 {
    scenario::expect::metric(summary, path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

type Listed = (&'static str, &'static str, &'static str, Option<&'static str>, Quote);

/// The QUOTES entries of one question.
fn quotes_of(preset: &str, id: &str) -> Vec<&'static Listed> {
    QUOTES.iter().filter(|x| x.0 == preset && x.1 == id).collect()
}

/// What is wrong with a question's list before any run: a number the explanation quotes that
/// no entry lists, an entry for a number it no longer quotes, a "key" that is not the key, a
/// given without its reason.
fn unlisted(name: &str, q: &worksheet::Question, listed: &[&Listed]) -> Vec<String> {
    let mut problems = Vec::new();
    let numbers = quoted_numbers(q.explanation.en());
    for n in &numbers {
        if !listed.iter().any(|x| x.2 == n) {
            problems.push(format!("{name} '{}': the explanation quotes {n}, which QUOTES does not list", q.id));
        }
    }
    for x in listed {
        if !numbers.contains(x.2) {
            problems.push(format!("{name} '{}': QUOTES lists {}, which the explanation no longer quotes", q.id, x.2));
        }
        match &x.4 {
            Key if x.2.parse::<f64>().ok() != Some(q.key) => problems.push(format!("{name} '{}': {} is listed as the key, which is {}", q.id, x.2, q.key)),
            Given(why) if why.split_whitespace().count() < 3 => problems.push(format!("{name} '{}': {} is a given without a reason", q.id, x.2)),
            _ => {}
        }
    }
    problems
}

/// A run-backed quote judged against the run's summary: (holds, what the run gave); None for a
/// key (checked by every_answer_key_holds_in_its_run) or a given.
fn judge(quote: &Quote, said: &str, summary: &Value) -> Option<(bool, String)> {
    let said: f64 = said.parse().unwrap();
    Some(match quote {
        Near { metric: m, scale, tol } => {
            let got = metric(summary, m) * scale;
            ((got - said).abs() <= *tol, format!("{m} × {scale} = {got:.4}, ± {tol}"))
        }
        Over { metric: m, scale } => {
            let got = metric(summary, m) * scale;
            (got > said, format!("{m} × {scale} = {got:.4}, said to be over"))
        }
        Derived { what, value, tol } => {
            let got = value(summary);
            ((got - said).abs() <= *tol, format!("{what} = {got:.4}, ± {tol}"))
        }
        Key | Given(_) => return None,
    })
}

/// Issue 32 §3: an explanation a student reads after the run says only what the run did. Every
/// number an explanation quotes is listed in QUOTES — a result checked against the run the
/// question is written for (its variant and `when` settings; the full run too for the "Start
/// here" presets, as the answer keys are), or a given with the reason it is not a run's number.
/// A new number in an explanation, or one the run no longer gives, fails here.
#[test]
fn every_number_an_explanation_quotes_is_the_runs() {
    let mut problems = Vec::new();
    // (preset, variant, question index, question, scenario) for every quote a run must back.
    let mut jobs: Vec<(String, Option<&str>, worksheet::Question, Value)> = Vec::new();
    for (name, v) in presets() {
        let s = scenario::from_value(v.clone()).unwrap();
        let quick = v["variants"].get("quick").is_some().then_some("quick");
        for (i, q) in s.worksheet.iter().enumerate() {
            let listed = quotes_of(&name, &q.id);
            problems.extend(unlisted(&name, q, &listed));
            if !listed.iter().any(|x| matches!(x.4, Near { .. } | Over { .. } | Derived { .. })) {
                continue;
            }
            // The runs the question is checked under (as every_answer_key_holds_in_its_run).
            let mut variants = vec![quick];
            if quick.is_some() && START_HERE.contains(&name.as_str()) && q.variant.is_none() {
                variants.push(None);
            }
            for variant in variants {
                let (_, sc) = worksheet::key_runs(&v, variant).unwrap().into_iter().find(|(qs, _)| qs.contains(&i)).unwrap();
                jobs.push((name.clone(), variant, q.clone(), sc));
            }
        }
    }
    assert!(jobs.len() >= 8, "the runs behind the explanations' numbers are run ({})", jobs.len());
    problems.extend(common::check_all(&jobs, |(name, variant, q, sc)| {
        let summary = summary_of(sc);
        let run = variant.unwrap_or("full");
        let mut failed = Vec::new();
        for (_, _, n, only, quote) in quotes_of(name, &q.id) {
            if only.is_some_and(|o| o != run) {
                continue;
            }
            let Some((ok, detail)) = judge(quote, n, &summary) else { continue };
            eprintln!("{} {name} ({run}) '{}' quotes {n}: {detail}", if ok { "PASS" } else { "FAIL" }, q.id);
            if !ok {
                failed.push(format!("{name} ({run}) '{}' quotes {n}: {detail}", q.id));
            }
        }
        failed
    }));
    assert!(problems.is_empty(), "explanation numbers the runs do not back:\n{}", problems.join("\n"));
}

#[test]
fn a_number_the_run_does_not_give_is_reported() {
    let n: Vec<String> = quoted_numbers("About 0.49 s, 25 times the 20 ms path. Done.").into_iter().collect();
    assert_eq!(n, ["0.49", "20", "25"]);
    // A number added to an explanation without an entry is caught before any run.
    let mut v = common::preset("tcp-single");
    let text = v["worksheet"][1]["explanation"]["en"].as_str().unwrap().to_string();
    v["worksheet"][1]["explanation"]["en"] = Value::String(format!("{text} The peak is 17 ms."));
    let s = scenario::from_value(v).unwrap();
    let q = &s.worksheet[1];
    let problems = unlisted("tcp-single", q, &quotes_of("tcp-single", &q.id));
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("quotes 17"), "{problems:?}");
    // A quoted result the run does not give fails: Jain's index "≈ 0.67" against a run at 0.9.
    let (_, _, n, _, quote) = quotes_of("tcp-dumbbell", "share").into_iter().find(|x| x.2 == "0.67").unwrap();
    let (ok, detail) = judge(quote, n, &serde_json::json!({"jain": 0.9})).unwrap();
    assert!(!ok && detail.contains("0.9000"), "{detail}");
    assert!(judge(quote, n, &serde_json::json!({"jain": 0.665})).unwrap().0);
}
