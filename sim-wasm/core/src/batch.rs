//! Running scenarios outside the page: one copy of what the `netlab` CLI (src/bin/netlab.rs)
//! and the Python package (sim-wasm/python) both do, so both give the same numbers for the same
//! request.
//!
//! - [`load`] reads a preset by name (from a [`Presets`] source: the repository's
//!   `public/scenarios/` for the CLI, the copies built into the Python extension) or a scenario
//!   file by path; [`resolve`] applies a variant and `--set`-style settings.
//! - [`run_json`] is the summary JSON `netlab run --json` prints and `netlab.run(…).summary` is.
//! - [`run_all`] runs independent scenarios on up to `threads` threads; results come back in the
//!   input order whatever the scheduling, and each is handed to a callback as it finishes (the
//!   CLI's `--out FILE.jsonl`, a Python campaign store).

use crate::scenario::{self, apply_overrides, apply_setting, Scenario, ScenarioError};
use crate::{Simulation, Summary};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Where presets come from, by name ("bbr-fairness").
pub trait Presets {
    /// Every preset name, sorted.
    fn names(&self) -> Vec<String>;
    /// The preset's JSON text, `None` when there is no such preset.
    fn text(&self, name: &str) -> Option<Result<String, String>>;
}

/// The preset files of a directory (`public/scenarios/`); `None` when it was not found.
pub struct PresetDir(pub Option<PathBuf>);

impl PresetDir {
    /// `public/scenarios` found from the working directory upwards, else `fallback`'s.
    pub fn find(fallback: &Path) -> PresetDir {
        let mut dir = std::env::current_dir().ok();
        while let Some(d) = dir {
            let candidate = d.join("public/scenarios");
            if candidate.is_dir() {
                return PresetDir(Some(candidate));
            }
            dir = d.parent().map(Path::to_path_buf);
        }
        PresetDir(fallback.is_dir().then(|| fallback.to_path_buf()))
    }
}

impl Presets for PresetDir {
    fn names(&self) -> Vec<String> {
        let Some(dir) = &self.0 else { return Vec::new() };
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| e.file_name().to_str()?.strip_suffix(".json").map(str::to_string))
            .collect();
        names.sort();
        names
    }

    fn text(&self, name: &str) -> Option<Result<String, String>> {
        let p = self.0.as_ref()?.join(format!("{name}.json"));
        p.is_file().then(|| read_capped(&p))
    }
}

/// Presets compiled into a program: (name, JSON text), sorted by name.
pub struct BuiltIn(pub &'static [(&'static str, &'static str)]);

impl Presets for BuiltIn {
    fn names(&self) -> Vec<String> {
        // By name, as a preset folder lists them: the build may have ordered the files by file
        // name, which puts "bufferbloat-lab.json" before "bufferbloat.json".
        let mut names: Vec<String> = self.0.iter().map(|(n, _)| n.to_string()).collect();
        names.sort();
        names
    }

    fn text(&self, name: &str) -> Option<Result<String, String>> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, t)| Ok(t.to_string()))
    }
}

/// A file's text, refused by its length before reading when it is over the scenario size cap.
fn read_capped(path: &Path) -> Result<String, String> {
    let len = std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?.len();
    scenario::check_size(len).map_err(|e| format!("{}: {e}", path.display()))?;
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Read a preset by name, or a scenario file when `spec` ends in `.json` or holds a `/`, as
/// JSON through the page's reader (duplicate keys refused). Errors are one line.
pub fn load(spec: &str, presets: &dyn Presets) -> Result<Value, String> {
    if spec.ends_with(".json") || spec.contains('/') {
        let path = Path::new(spec);
        let text = read_capped(path)?;
        return scenario::parse_text(&text).map_err(|e| format!("{}: {e}", path.display()));
    }
    let names = presets.names();
    if names.is_empty() {
        return Err("no presets found (public/scenarios is read from the repository: run from inside it)".into());
    }
    let text = presets.text(spec).ok_or_else(|| format!("unknown preset '{spec}' (available: {})", names.join(", ")))??;
    scenario::parse_text(&text).map_err(|e| format!("preset {spec}: {e}"))
}

/// The scenario JSON to run: `base` with its variant's overrides, then each setting (a knob
/// name or a dotted path, as `--set` takes them) in order.
pub fn resolve(mut base: Value, variant: Option<&str>, sets: &[(String, Value)]) -> Result<Value, ScenarioError> {
    apply_overrides(&mut base, variant)?;
    for (k, v) in sets {
        apply_setting(&mut base, k, v)?;
    }
    Ok(base)
}

/// Run one scenario to its end; `wall_s` in the summary is this run's own time.
pub fn run_one(scenario: Scenario, seed: Option<u64>) -> Result<Summary, String> {
    let started = Instant::now();
    let mut sim = Simulation::new(scenario, seed).map_err(|e| e.to_string())?;
    sim.run_to_end();
    Ok(sim.summary(started.elapsed().as_secs_f64()))
}

/// The summary as `netlab run --json` prints it: the summary's fields, and the process's peak
/// resident memory where the OS reports it (Linux), which the benchmark reads.
pub fn run_json(summary: &Summary) -> Value {
    let mut out = serde_json::to_value(summary).expect("a summary serialises");
    if let Some(rss) = peak_rss_bytes() {
        out["peak_rss_bytes"] = rss.into();
    }
    out
}

/// Peak resident memory of this process (Linux `VmHWM`).
pub fn peak_rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Threads to use when the caller does not say: every core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Run `jobs` (each a scenario and its seed) on up to `threads` threads. Each is an independent
/// deterministic run: workers take the next index and put the result in its slot, so the
/// returned order never depends on scheduling. `done(i, &result)` is called as each finishes
/// (from the worker thread, one call at a time).
pub fn run_all<F>(jobs: Vec<(Scenario, Option<u64>)>, threads: usize, done: F) -> Vec<Result<Summary, String>>
where
    F: Fn(usize, &Result<Summary, String>) + Sync,
{
    let threads = threads.max(1).min(jobs.len().max(1));
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<Result<Summary, String>>>> = jobs.iter().map(|_| Mutex::new(None)).collect();
    let report = Mutex::new(());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some((sc, seed)) = jobs.get(i) else { break };
                let out = run_one(sc.clone(), *seed);
                {
                    let _one_at_a_time = report.lock().unwrap_or_else(|e| e.into_inner());
                    done(i, &out);
                }
                *slots[i].lock().expect("no worker panics while holding a slot") = Some(out);
            });
        }
    });
    slots.into_iter().map(|m| m.into_inner().ok().flatten().unwrap_or_else(|| Err("run did not finish".into()))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn tiny(seed: u64) -> Scenario {
        scenario::from_value(json!({
            "duration_s": 0.2, "seed": seed,
            "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 10, "buffer": {"bdp": 1}},
                          "senders": [{"rtt_ms": 10}, {"rtt_ms": 30}]},
            "flows": [{"cc": "cubic"}, {"cc": "reno"}]
        }))
        .unwrap()
    }

    #[test]
    fn results_come_back_in_input_order_whatever_the_threads() {
        let jobs: Vec<_> = (1..=5).map(|s| (tiny(s), None)).collect();
        let seen = Mutex::new(Vec::new());
        let four = run_all(jobs.clone(), 4, |i, r| seen.lock().unwrap().push((i, r.as_ref().unwrap().digest.clone())));
        let one = run_all(jobs, 1, |_, _| {});
        let digests = |v: &[Result<Summary, String>]| v.iter().map(|r| r.as_ref().unwrap().digest.clone()).collect::<Vec<_>>();
        assert_eq!(digests(&four), digests(&one));
        assert_eq!(four.iter().map(|r| r.as_ref().unwrap().seed).collect::<Vec<_>>(), vec![1, 2, 3, 4, 5]);
        // Every run was reported once, with its own index.
        let mut seen = seen.into_inner().unwrap();
        seen.sort();
        assert_eq!(seen.iter().map(|(i, _)| *i).collect::<Vec<_>>(), vec![0, 1, 2, 3, 4]);
        assert!(seen.iter().all(|(i, d)| *d == digests(&four)[*i]));
    }

    #[test]
    fn load_names_an_unknown_preset_and_the_available_ones() {
        static LIST: [(&str, &str); 1] = [("one", r#"{"duration_s": 1}"#)];
        let e = load("two", &BuiltIn(&LIST)).unwrap_err();
        assert_eq!(e, "unknown preset 'two' (available: one)");
        assert!(load("x", &PresetDir(None)).unwrap_err().starts_with("no presets found"));
        assert!(load("/nonexistent/x.json", &BuiltIn(&LIST)).unwrap_err().starts_with("cannot read /nonexistent/x.json"));
    }
}
