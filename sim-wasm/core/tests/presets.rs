//! Every preset's claims hold: for each file in public/scenarios with an `expect` list, run
//! what its claims need (the "quick" variant when the preset has one, as the class and the
//! regression suite see it) and check each claim. A preset that states the expected direction
//! of a paper's result is tested by this one loop; see `scenario::expect`.

mod common;

use common::presets;
use netlab_core::scenario::{self, expect};
use netlab_core::Simulation;
use serde_json::Value;

#[test]
fn every_preset_is_valid_and_names_match_files() {
    let all = presets();
    assert!(all.len() >= 2);
    for (name, v) in &all {
        let info = scenario::describe(v).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(&info.name, name, "the preset's name is its file name");
        assert!(!info.title.en().is_empty() && info.description.len() > 40, "{name}: a title and a description for the class");
        for variant in std::iter::once(None).chain(info.variants.iter().map(|v| Some(v.as_str()))) {
            let mut x = v.clone();
            scenario::apply_overrides(&mut x, variant).unwrap_or_else(|e| panic!("{name} {variant:?}: {e}"));
            scenario::from_value(x).unwrap_or_else(|e| panic!("{name} {variant:?}: {e}"));
        }
    }
}

#[test]
fn every_preset_claim_holds() {
    let mut jobs = Vec::new();
    for (name, v) in presets() {
        let info = scenario::describe(&v).unwrap();
        let variant = info.variants.iter().any(|x| x == "quick").then_some("quick");
        let plan = expect::plan(&v, variant).unwrap_or_else(|e| panic!("{name}: {e}"));
        if !plan.expect.is_empty() {
            jobs.push((name, plan));
        }
    }
    assert!(jobs.iter().any(|(n, _)| n == "tcp-dumbbell"), "the foundation preset declares its claims");
    let runs: Vec<(usize, usize)> =
        jobs.iter().enumerate().flat_map(|(j, (_, p))| (0..p.runs.len()).map(move |r| (j, r))).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(vec![Vec::new(); jobs.len()]);
    std::thread::scope(|s| {
        for _ in 0..std::thread::available_parallelism().map_or(2, |n| n.get()) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(&(j, r)) = runs.get(i) else { break };
                let (spec, scenario) = &jobs[j].1.runs[r];
                let mut sim = Simulation::new(scenario::from_value(scenario.clone()).unwrap(), Some(spec.seed)).unwrap();
                sim.run_to_end();
                let summary = serde_json::to_value(sim.summary(0.0)).unwrap();
                results.lock().unwrap()[j].push((spec.clone(), summary));
            });
        }
    });
    let results = results.into_inner().unwrap();
    let mut failures = Vec::new();
    for ((name, plan), res) in jobs.iter().zip(&results) {
        for o in expect::judge(plan, res) {
            eprintln!("{} {name}: {} ({})", if o.pass { "PASS" } else { "FAIL" }, o.claim, o.detail);
            if !o.pass {
                failures.push(format!("{name}: {} ({})", o.claim, o.detail));
            }
        }
    }
    assert!(failures.is_empty(), "claims that do not hold:\n{}", failures.join("\n"));
}

/// A preset's run at its default knobs: the scenario with everything that only describes it
/// (name, texts, knobs, claims, variants, sweep, tour) removed. Same run ⇔ same value, since a
/// scenario and its seed determine the run.
fn default_run(v: &Value, variant: Option<&str>) -> Value {
    let mut x = v.clone();
    scenario::apply_overrides(&mut x, variant).unwrap();
    let mut run = serde_json::to_value(scenario::from_value(x).unwrap()).unwrap();
    let obj = run.as_object_mut().unwrap();
    for k in ["name", "title", "description", "knobs", "expect", "variants", "sweep", "headline", "tour", "worksheet"] {
        obj.remove(k);
    }
    run
}

/// Issue 16, defect 11: two presets that open on the same run (bbr-fairness and bbr-rtt-ratio
/// once did: 10 vs 50 ms at 5 BDP) show a class the same thing twice under two titles.
#[test]
fn no_two_presets_open_on_the_same_run() {
    let all = presets();
    for variant in [None, Some("quick")] {
        let runs: Vec<(&str, Value)> = all
            .iter()
            .filter(|(_, v)| variant.is_none() || v["variants"].get("quick").is_some())
            .map(|(n, v)| (n.as_str(), default_run(v, variant)))
            .collect();
        for (i, (a, ra)) in runs.iter().enumerate() {
            for (b, rb) in &runs[i + 1..] {
                assert!(ra != rb, "{a} and {b} are the same run at their default knobs ({variant:?})");
            }
        }
    }
}

/// A description's sentences: split after '.', '!' or '?' followed by a space and a capital
/// letter (so decimals such as 0.5 and "§3.2" stay inside their sentence).
fn sentences(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut cur = String::new();
    for (i, &c) in chars.iter().enumerate() {
        cur.push(c);
        let ends = matches!(c, '.' | '!' | '?')
            && chars.get(i + 1) == Some(&' ')
            && chars.get(i + 2).is_some_and(|n| n.is_uppercase());
        if ends {
            out.push(std::mem::take(&mut cur));
        }
    }
    out.push(cur);
    out
}

/// Issue 16, defect 12: the "what to look for" numbers must say which run they come from. A
/// class usually watches the quick variant, while a paper's figures are the full run, and the
/// two differ (BBR-A's 0.5 BDP Jain is 0.65 quick and 0.70 full). The convention: a number a
/// run produced is written with "≈", and a sentence holding one names the run ("quick",
/// "full" or both). A preset without variants has one run and needs no tag.
#[test]
fn every_quoted_result_names_its_run() {
    let mut untagged = Vec::new();
    for (name, v) in presets() {
        if v["variants"].as_object().is_none_or(|m| m.is_empty()) {
            continue;
        }
        let text = v["description"].as_str().unwrap_or_default();
        for s in sentences(text) {
            let lower = s.to_lowercase();
            if s.contains('≈') && !lower.contains("quick") && !lower.contains("full") {
                untagged.push(format!("{name}: {}", s.trim()));
            }
        }
    }
    assert!(untagged.is_empty(), "numbers that do not say which run (quick / full) they belong to:\n{}", untagged.join("\n"));
}

/// Issue 30 item 14 and issue 31 §1: every preset leads with a short "what to look for" (at most
/// 80 English words) and has its title, look_for and knob labels in Chinese and Japanese too.
#[test]
fn every_preset_leads_with_a_short_translated_look_for() {
    use netlab_core::scenario::text::{word_count, MAX_LOOK_FOR_WORDS};
    for (name, v) in &presets() {
        let info = scenario::describe(v).unwrap_or_else(|e| panic!("{name}: {e}"));
        let words = word_count(info.look_for.en());
        assert!(words > 10 && words <= MAX_LOOK_FOR_WORDS, "{name}: look_for is {words} words");
        for lang in ["zh", "ja"] {
            assert!(info.title.has(lang), "{name}: title has no {lang}");
            assert!(info.look_for.has(lang), "{name}: look_for has no {lang}");
            for k in &info.knobs {
                assert!(k.knob.label.has(lang), "{name}: knob {} label has no {lang}", k.knob.name);
                if let Some(h) = &k.knob.help {
                    assert!(h.has(lang), "{name}: knob {} help has no {lang}", k.knob.name);
                }
            }
        }
    }
}
