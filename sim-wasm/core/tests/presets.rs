//! Every preset's claims hold: for each file in public/scenarios with an `expect` list, run
//! what its claims need (the "quick" variant when the preset has one, as the class and the
//! regression suite see it) and check each claim. A preset that states the expected direction
//! of a paper's result is tested by this one loop; see `scenario::expect`.

mod common;

use common::{presets, quoted_numbers};
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

/// Issue 31 §1 and issue 32 §3: a class reads the whole tour and the whole worksheet in its
/// own language, so every tour stop (title, text) and every worksheet question (prompt,
/// explanation, each choice) is written in English, Chinese and Japanese, none left empty.
#[test]
fn every_tour_stop_and_worksheet_question_is_in_every_language() {
    use netlab_core::scenario::text::{LocalText, LANGUAGES};
    let mut missing = Vec::new();
    let mut check = |name: &str, path: String, t: &LocalText| {
        for lang in LANGUAGES {
            if !t.has(lang) {
                missing.push(format!("{name}: {path} has no {lang}"));
            }
        }
    };
    let mut texts = 0;
    for (name, v) in presets() {
        let s = scenario::from_value(v).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (i, stop) in s.tour.iter().enumerate() {
            check(&name, format!("tour[{i}].title"), &stop.title);
            check(&name, format!("tour[{i}].text"), &stop.text);
            texts += 2;
        }
        for (i, q) in s.worksheet.iter().enumerate() {
            check(&name, format!("worksheet[{i}].prompt"), &q.prompt);
            check(&name, format!("worksheet[{i}].explanation"), &q.explanation);
            texts += 2;
            for (j, c) in q.choices.iter().enumerate() {
                check(&name, format!("worksheet[{i}].choices[{j}].text"), &c.text);
                texts += 1;
            }
        }
    }
    assert!(texts > 100, "the presets' tours and worksheets are read ({texts} texts)");
    assert!(missing.is_empty(), "texts a class reads in English only:\n{}", missing.join("\n"));
}

/// Numbers an English text says in words, which a translation may write in digits ("five
/// times larger" → "5 倍"; "a third" → "3 分の 1"; "the second PROBE_RTT" → "2 回目").
fn numbers_in_words(text: &str) -> Vec<&'static str> {
    const WORDS: &[(&str, &[&str])] = &[
        ("one", &["1"]), ("once", &["1"]), ("single", &["1"]), ("first", &["1"]),
        ("two", &["2"]), ("twice", &["2"]), ("double", &["2"]), ("doubles", &["2"]), ("both", &["2"]),
        ("second", &["2"]), ("half", &["2"]), ("halve", &["2"]), ("halves", &["2"]),
        ("three", &["3"]), ("third", &["3", "1"]), ("thirds", &["3", "2"]), ("four", &["4"]),
        ("five", &["5"]), ("six", &["6"]), ("seven", &["7"]), ("eight", &["8"]), ("nine", &["9"]),
        ("ten", &["10"]), ("tenth", &["10", "1"]), ("twenty", &["20"]), ("thirty", &["30"]),
        ("hundred", &["100"]), ("dozens", &["12"]),
    ];
    text.to_lowercase()
        .split(|c: char| !c.is_ascii_alphabetic())
        .flat_map(|w| WORDS.iter().filter(move |(k, _)| *k == w).flat_map(|(_, n)| n.iter().copied()))
        .collect()
}

/// Every translated text of a preset, as (path, LocalText JSON object): any object with an
/// English string and at least one other of the lab's languages.
fn translated_texts<'a>(path: String, v: &'a Value, out: &mut Vec<(String, &'a serde_json::Map<String, Value>)>) {
    match v {
        Value::Object(m) if m.get("en").is_some_and(Value::is_string) && m.len() > 1 => out.push((path, m)),
        Value::Object(m) => m.iter().for_each(|(k, x)| translated_texts(format!("{path}.{k}"), x, out)),
        Value::Array(a) => a.iter().enumerate().for_each(|(i, x)| translated_texts(format!("{path}[{i}]"), x, out)),
        _ => {}
    }
}

/// tests/tour.rs, tests/worksheet.rs and the descriptions' "≈ … (quick run)" rule check the
/// numbers the English texts quote against the runs; a translation must quote the same ones.
/// Every number of the English is in each translation, and a translation quotes no number the
/// English does not (unless the English says it in words: "five times" may become "5 倍").
#[test]
fn every_translation_quotes_the_numbers_of_its_english() {
    let mut wrong = Vec::new();
    let mut compared = 0;
    for (name, v) in presets() {
        let mut texts = Vec::new();
        translated_texts(String::new(), &v, &mut texts);
        for (path, m) in texts {
            let en_text = m["en"].as_str().unwrap();
            let en = quoted_numbers(en_text);
            let words = numbers_in_words(en_text);
            for (lang, t) in m.iter().filter(|(l, _)| *l != "en") {
                let other = quoted_numbers(t.as_str().unwrap_or_default());
                let lost: Vec<&String> = en.difference(&other).collect();
                let added: Vec<&String> = other.iter().filter(|n| !en.contains(*n) && !words.contains(&n.as_str())).collect();
                if !lost.is_empty() || !added.is_empty() {
                    wrong.push(format!("{name}{path}.{lang}: lost {lost:?}, added {added:?}"));
                }
                compared += 1;
            }
        }
    }
    assert!(compared > 300, "the translations are read ({compared})");
    assert!(wrong.is_empty(), "translations whose numbers differ from the English:\n{}", wrong.join("\n"));
}

#[test]
fn the_number_reader_reads_what_a_text_quotes() {
    let n = |s: &str| quoted_numbers(s).into_iter().collect::<Vec<_>>();
    assert_eq!(n("≈ 86 : 9 Mbit/s, Jain ≈ 0.6, at 2.212 s."), ["0.6", "2.212", "86", "9"]);
    assert_eq!(n("0.6–1 s, ECF-3, p95 ≈ 190 ms, 0.7×"), ["0.6", "0.7", "1", "190", "3", "95"]);
    assert_eq!(n("版本 1. 结束"), ["1"]);
    assert_eq!(numbers_in_words("five times later, a third"), ["5", "3", "1"]);
}
