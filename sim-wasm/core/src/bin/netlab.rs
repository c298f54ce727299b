//! `netlab`: run scenarios natively.
//!
//! ```text
//! netlab run <preset | path.json> [--seed N] [--set KEY=VALUE]... [--variant NAME] [--json] [--events]
//! netlab sweep <preset | path.json> [--knob K --values A,B,… --algorithms X,Y --seeds 1,2 --metric M] [--set KEY=VALUE]... [--variant NAME] [--shard I/N] [--out FILE.jsonl] [--json]
//! netlab check <preset | path.json> [--variant NAME] [--json]
//! netlab presets [--json]
//! netlab schema [--registry]
//! ```
//! `schema` prints the JSON Schema of a scenario file (with `--registry`: the pluggable
//! algorithms with their parameter schemas, as the editor reads them).
//! `check` runs what the preset's `expect` claims need and judges each (exit 1 if one fails).
//! `sweep` runs every point of the scenario's `sweep` (scenario/sweep.rs) on all cores and
//! prints one line per point in the sweep's order (with `--json`: one JSON array). `--knob`,
//! `--values`, `--algorithms`, `--algorithm-knob`, `--seeds` and `--metric` sweep any knob,
//! replacing the declared sweep's fields (lists are comma-separated: `--values 0.5,1,2`).
//! `--shard I/N` runs only the I-th (0-based) of N disjoint parts of the sweep (every N-th
//! point from the I-th: a Slurm job array's or a Kubernetes Indexed Job's index), and
//! `--out FILE.jsonl` appends each point's JSON row to FILE as it finishes, so the union of the
//! shards' files is the whole sweep (docs/python.md has the cluster recipes). Loading, running
//! and the JSON rows are the library's (batch.rs, scenario/sweep.rs), shared with the Python
//! package.
//! Presets are the files in `public/scenarios/`. `--set` takes a knob name or a dotted path
//! into the scenario; VALUE is parsed as JSON, or taken as a plain string when it is not JSON.
//! On invalid input the CLI prints one line naming the problem and exits with status 2; a run
//! stopped by a budget in the scenario's `limits` prints its partial summary and exits with 3.

use netlab_core::batch::{self, PresetDir, Presets};
use netlab_core::scenario::{self, describe, sweep};
use netlab_core::Simulation;
use serde_json::Value;
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

const USAGE: &str = "usage: netlab run <preset|path.json> [--seed N] [--set KEY=VALUE]... [--variant NAME] [--json] [--events]
       netlab sweep <preset|path.json> [--knob K --values A,B,… --algorithms X,Y --seeds 1,2 --metric M] [--set KEY=VALUE]... [--variant NAME] [--shard I/N] [--out FILE.jsonl] [--json]
       netlab check <preset|path.json> [--variant NAME] [--json]
       netlab presets [--json]
       netlab schema [--registry]";

/// Print a line to stdout; a closed pipe (`netlab run … | head`) ends the program quietly
/// instead of panicking as `println!` would.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// An error for the user: one line, exit status 2.
struct UsageError(String);

impl<T: std::fmt::Display> From<T> for UsageError {
    fn from(e: T) -> Self {
        UsageError(e.to_string())
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("run") => run(&args[1..]),
        Some("presets") => presets(&args[1..]),
        Some("sweep") => sweep(&args[1..]),
        Some("check") => check(&args[1..]),
        Some("schema") => schema(&args[1..]),
        Some("-h" | "--help" | "help") => {
            out!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(UsageError(format!("unknown command '{other}' (expected run, sweep, check, presets or schema)"))),
        None => Err(UsageError("missing command (expected run, sweep, check, presets or schema)".into())),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(UsageError(msg)) => {
            // One line, whatever the message contained.
            eprintln!("netlab: error: {}", msg.replace('\n', " "));
            ExitCode::from(2)
        }
    }
}

/// The presets: `public/scenarios` of the repository, found from the working directory upwards,
/// or next to this crate when run from elsewhere.
fn presets_dir() -> PresetDir {
    PresetDir::find(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../public/scenarios"))
}

/// Read a preset by name or a scenario file by path, as JSON.
fn load(spec: &str) -> Result<Value, UsageError> {
    batch::load(spec, &presets_dir()).map_err(UsageError)
}

/// `--set` values: JSON when they parse, else the plain string.
fn parse_value(raw: &str) -> Value {
    serde_json::from_str(raw).unwrap_or_else(|_| Value::String(raw.to_string()))
}

fn flag_value<'a>(args: &'a [String], i: &mut usize, flag: &str) -> Result<&'a str, UsageError> {
    *i += 1;
    args.get(*i).map(String::as_str).ok_or_else(|| UsageError(format!("{flag} needs a value")))
}

/// The options `run`, `sweep` and `check` share.
struct Opts {
    spec: String,
    seed: Option<u64>,
    sets: Vec<(String, Value)>,
    variant: Option<String>,
    json: bool,
}

impl Opts {
    /// Parse `<preset | path.json>` and the options in `allowed` (e.g. `["--seed", "--set"]`;
    /// `--variant` and `--json` are always allowed).
    fn parse(cmd: &str, args: &[String], allowed: &[&str]) -> Result<Opts, UsageError> {
        let mut spec = None;
        let mut o = Opts { spec: String::new(), seed: None, sets: Vec::new(), variant: None, json: false };
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            if a.starts_with("--") && !["--json", "--variant"].contains(&a) && !allowed.contains(&a) {
                return Err(UsageError(format!("{cmd}: unknown option '{a}'")));
            }
            match a {
                "--json" => o.json = true,
                "--seed" => {
                    let v = flag_value(args, &mut i, "--seed")?;
                    o.seed = Some(v.parse::<u64>().map_err(|_| format!("--seed: '{v}' is not a non-negative integer"))?);
                }
                "--set" => {
                    let v = flag_value(args, &mut i, "--set")?;
                    let (k, val) = v.split_once('=').ok_or_else(|| format!("--set: expected KEY=VALUE, got '{v}'"))?;
                    o.sets.push((k.to_string(), parse_value(val)));
                }
                "--variant" => o.variant = Some(flag_value(args, &mut i, "--variant")?.to_string()),
                s if spec.is_none() => spec = Some(s.to_string()),
                s => return Err(UsageError(format!("{cmd}: unexpected argument '{s}'"))),
            }
            i += 1;
        }
        o.spec = spec.ok_or_else(|| format!("{cmd}: missing <preset | path.json>"))?;
        Ok(o)
    }

    /// The scenario JSON: the preset or file, its variant, then the `--set`s.
    fn scenario_value(&self) -> Result<Value, UsageError> {
        Ok(batch::resolve(load(&self.spec)?, self.variant.as_deref(), &self.sets)?)
    }
}

fn run(args: &[String]) -> Result<(), UsageError> {
    // `--events`: every event of the run on stdout as it happens (time, flow, type, a state
    // change's new state, then the event's fields), the material a guided tour's author reads
    // moments from.
    let events = args.iter().any(|a| a == "--events");
    let args: Vec<String> = args.iter().filter(|a| *a != "--events").cloned().collect();
    let opts = Opts::parse("run", &args, &["--seed", "--set"])?;
    let (seed, json) = (opts.seed, opts.json);
    let scenario = scenario::from_value(opts.scenario_value()?)?;
    let started = Instant::now();
    let mut sim = Simulation::new(scenario, seed)?;
    if events {
        sim.run_observing(0.005, |e| {
            let v = serde_json::to_value(&e.kind).unwrap_or_default();
            let kind = v["type"].as_str().unwrap_or("?");
            let to = v["to"].as_str().map(|s| format!(":{s}")).unwrap_or_default();
            let flow = e.flow.map_or("-".into(), |f| f.to_string());
            // The event's own numbers and words after it (`hystart_exit reason=ack_train
            // cwnd=144`), lists left out: what a tour's text quotes.
            let detail: String = v
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(k, x)| !matches!(k.as_str(), "type" | "to") && !x.is_array() && !x.is_object() && !x.is_null())
                .map(|(k, x)| format!(" {k}={}", x.as_str().map_or_else(|| x.to_string(), str::to_string)))
                .collect();
            out!("{:.3} flow {flow} {kind}{to}{detail}", e.t_ns as f64 / 1e9);
        })
        .map_err(UsageError)?;
    } else {
        sim.run_to_end();
    }
    let wall_s = started.elapsed().as_secs_f64();
    let summary = sim.summary(wall_s);
    if json {
        out!("{}", serde_json::to_string(&batch::run_json(&summary))?);
    } else {
        print_summary(&summary);
    }
    if let Some(reason) = &summary.aborted {
        // Not a usage error: the summary so far is printed, and the status says it is partial.
        eprintln!("netlab: run {reason}");
        std::process::exit(3);
    }
    Ok(())
}

/// Run `scenarios` on all cores, results in their order (batch.rs).
fn run_all(scenarios: Vec<(netlab_core::Scenario, Option<u64>)>) -> Result<Vec<netlab_core::Summary>, UsageError> {
    batch::run_all(scenarios, batch::default_threads(), |_, _| {}).into_iter().map(|r| r.map_err(UsageError)).collect()
}

/// `netlab check`: run what the preset's `expect` claims need and judge each claim.
fn check(args: &[String]) -> Result<(), UsageError> {
    let opts = Opts::parse("check", args, &[])?;
    let (spec, json) = (&opts.spec, opts.json);
    let preset = load(spec)?;
    let plan = netlab_core::scenario::expect::plan(&preset, opts.variant.as_deref())?;
    // The worksheet's answer keys, each checked against the run its question is written for.
    let key_runs = netlab_core::scenario::worksheet::key_runs(&preset, opts.variant.as_deref())?;
    if plan.expect.is_empty() && key_runs.is_empty() {
        return Err(UsageError(format!("{spec} declares no expectations (an \"expect\" list) and no worksheet")));
    }
    let scenarios = plan
        .runs
        .iter()
        .map(|(r, v)| scenario::from_value(v.clone()).map(|sc| (sc, Some(r.seed))))
        .chain(key_runs.iter().map(|(_, v)| scenario::from_value(v.clone()).map(|sc| (sc, None))))
        .collect::<Result<Vec<_>, _>>()?;
    let summaries = run_all(scenarios)?;
    let (claim_summaries, key_summaries) = summaries.split_at(plan.runs.len());
    let results: Vec<_> = plan
        .runs
        .iter()
        .zip(claim_summaries)
        .map(|((r, _), s)| (r.clone(), serde_json::to_value(s).expect("summary serialises")))
        .collect();
    let mut outcomes = netlab_core::scenario::expect::judge(&plan, &results);
    // Each answer key as one more line of the same report (and the same --json list).
    let questions = scenario::from_value(preset.clone())?.worksheet;
    let mut keys = Vec::new();
    for ((indexes, _), s) in key_runs.iter().zip(key_summaries) {
        let summary = serde_json::to_value(s).expect("summary serialises");
        keys.extend(indexes.iter().map(|&i| (i, questions[i].check_key(&summary))));
    }
    keys.sort_by_key(|(i, _)| *i);
    outcomes.extend(keys.into_iter().map(|(_, k)| netlab_core::scenario::expect::Outcome {
        claim: format!("worksheet question '{}': the answer key holds", k.id),
        pass: k.pass,
        left: f64::NAN,
        right: f64::NAN,
        detail: k.detail,
    }));
    if json {
        out!("{}", serde_json::to_string(&outcomes)?);
    } else {
        for o in &outcomes {
            out!("{}  {}  ({})", if o.pass { "PASS" } else { "FAIL" }, o.claim, o.detail);
        }
    }
    if outcomes.iter().any(|o| !o.pass) {
        std::process::exit(1);
    }
    Ok(())
}

/// Run every point of a scenario's sweep, in parallel, and print the results in order.
fn sweep(args: &[String]) -> Result<(), UsageError> {
    // The sweep's own flags first (a sweep over any knob); the rest are the shared options.
    let mut rest = Vec::new();
    let mut patch = serde_json::Map::new();
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        let field = match flag {
            "--knob" => "knob",
            "--values" => "values",
            "--algorithms" => "algorithms",
            "--algorithm-knob" => "algorithm_knob",
            "--seeds" => "seeds",
            "--metric" => "metric",
            _ => {
                rest.push(args[i].clone());
                i += 1;
                continue;
            }
        };
        let v = flag_value(args, &mut i, flag)?;
        let value = match field {
            "knob" | "algorithm_knob" | "metric" => Value::String(v.to_string()),
            // Comma-separated lists: "0.5,1,2" (numbers stay numbers, names stay names).
            _ => Value::Array(v.split(',').filter(|x| !x.is_empty()).map(parse_value).collect()),
        };
        patch.insert(field.to_string(), value);
        i += 1;
    }
    let (shard, out_path, rest) = sweep_outputs(rest)?;
    let opts = Opts::parse("sweep", &rest, &["--set"])?;
    let json = opts.json;
    let mut value = opts.scenario_value()?;
    if !patch.is_empty() {
        sweep::set_sweep(&mut value, &Value::Object(patch))?;
    }
    if scenario::from_value(value.clone())?.sweep.is_none() {
        return Err("sweep: this scenario declares no sweep (give one with --knob K --values A,B,… --metric M)".into());
    }
    let grid = sweep::Grid::new(&value)?;
    let metric = grid.sweep().metric;
    let indices = match shard {
        Some((i, n)) => sweep::shard(grid.len(), i, n)?,
        None => (0..grid.len()).collect(),
    };
    let points = indices.iter().map(|&i| grid.point(i)).collect::<Result<Vec<_>, _>>()?;
    // `--out`: one JSON line per point, appended as it finishes (a killed job keeps what it did).
    let out_file = match &out_path {
        Some(p) => Some(Mutex::new(
            std::fs::OpenOptions::new().create(true).append(true).open(p).map_err(|e| format!("--out {p}: {e}"))?,
        )),
        None => None,
    };
    let write_error = Mutex::new(None);
    let results = batch::run_all(points.iter().map(|p| (p.scenario.clone(), Some(p.seed))).collect(), batch::default_threads(), |k, r| {
        let (Some(file), Ok(summary)) = (&out_file, r) else { return };
        let line = sweep::row(indices[k], &points[k], metric, summary).to_string();
        let mut f = file.lock().unwrap_or_else(|e| e.into_inner());
        if let Err(e) = writeln!(f, "{line}").and_then(|()| f.flush()) {
            write_error.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert(e.to_string());
        }
    });
    if let (Some(p), Some(e)) = (&out_path, write_error.into_inner().unwrap_or_else(|e| e.into_inner())) {
        return Err(UsageError(format!("--out {p}: {e}")));
    }
    let summaries = results.into_iter().map(|r| r.map_err(UsageError)).collect::<Result<Vec<_>, _>>()?;
    let mut rows = Vec::new();
    for ((&index, p), summary) in indices.iter().zip(&points).zip(summaries) {
        if json {
            rows.push(sweep::row(index, p, metric, &summary));
        } else {
            let m = sweep::metric(metric, &summary);
            let goodputs: Vec<String> = summary.flows.iter().take(4).map(|f| format!("{:.1}", f.goodput_mbps)).collect();
            out!(
                "{}={:<8} {:<8} seed {:<4} {}={:<10} jain {:<8} util {:>6.1}%  goodput Mb/s [{}{}]",
                p.knob,
                p.value.to_string(),
                p.algorithm.as_deref().unwrap_or("-"),
                p.seed,
                metric.name(),
                m.map_or("-".into(), |x| format!("{x:.4}")),
                summary.jain.map_or("-".into(), |x| format!("{x:.4}")),
                summary.links.first().map_or(0.0, |l| l.utilization * 100.0),
                goodputs.join(", "),
                if summary.flows.len() > 4 { ", …" } else { "" }
            );
        }
    }
    if json {
        out!("{}", serde_json::to_string(&rows)?);
    }
    Ok(())
}

/// `--shard I/N` and `--out FILE` taken out of a sweep's arguments (the rest are returned).
#[allow(clippy::type_complexity)]
fn sweep_outputs(args: Vec<String>) -> Result<(Option<(usize, usize)>, Option<String>, Vec<String>), UsageError> {
    let (mut shard, mut out, mut rest) = (None, None, Vec::new());
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--shard" => {
                let v = flag_value(&args, &mut i, "--shard")?;
                let parsed = v.split_once('/').and_then(|(a, b)| Some((a.parse::<usize>().ok()?, b.parse::<usize>().ok()?)));
                match parsed {
                    Some((a, b)) if b > 0 && a < b => shard = Some((a, b)),
                    _ => return Err(UsageError(format!("--shard: expected I/N with 0 ≤ I < N (e.g. 0/4), got '{v}'"))),
                }
            }
            "--out" => out = Some(flag_value(&args, &mut i, "--out")?.to_string()),
            _ => rest.push(args[i].clone()),
        }
        i += 1;
    }
    Ok((shard, out, rest))
}

/// `netlab schema [--registry]`: the scenario's JSON Schema, or the algorithm registry.
fn schema(args: &[String]) -> Result<(), UsageError> {
    let registry = args.iter().any(|a| a == "--registry");
    if let Some(a) = args.iter().find(|a| *a != "--registry") {
        return Err(UsageError(format!("unexpected argument '{a}'")));
    }
    let value = if registry {
        serde_json::to_value(netlab_core::registry::registry())?
    } else {
        netlab_core::registry::scenario_schema().to_value()
    };
    out!("{}", serde_json::to_string_pretty(&value)?);
    Ok(())
}

fn presets(args: &[String]) -> Result<(), UsageError> {
    let json = args.iter().any(|a| a == "--json");
    if let Some(a) = args.iter().find(|a| *a != "--json") {
        return Err(UsageError(format!("unexpected argument '{a}'")));
    }
    let mut infos = Vec::new();
    for name in presets_dir().names() {
        let value = load(&name)?;
        let info = describe(&value).map_err(|e| format!("preset {name}: {e}"))?;
        infos.push(info);
    }
    if json {
        out!("{}", serde_json::to_string(&infos)?);
    } else {
        for p in infos {
            let knobs: Vec<&str> = p.knobs.iter().map(|k| k.knob.name.as_str()).collect();
            let variants = if p.variants.is_empty() { String::new() } else { format!("  variants: {}", p.variants.join(", ")) };
            out!("{:<28} {}  [knobs: {}]{}", p.name, p.title.en(), knobs.join(", "), variants);
        }
    }
    Ok(())
}

fn print_summary(s: &netlab_core::Summary) {
    out!(
        "{}  seed {}  {:.3} s simulated  {} events  {:.3} s wall ({:.2} M events/s)",
        s.scenario,
        s.seed,
        s.duration_s,
        s.events,
        s.wall_s,
        s.events as f64 / s.wall_s.max(1e-9) / 1e6
    );
    out!("{:<10} {:<8} {:>10} {:>10} {:>12} {:>10} {:>8}", "flow", "cc", "start s", "FCT s", "goodput Mb/s", "sent", "retx");
    for f in &s.flows {
        let fct = f.fct_s.map(|x| format!("{x:.4}")).unwrap_or_else(|| "-".into());
        out!(
            "{:<10} {:<8} {:>10.3} {:>10} {:>12.2} {:>10} {:>8}",
            f.id, f.cc, f.start_s, fct, f.goodput_mbps, f.sent_packets, f.retransmitted_packets
        );
    }
    out!("{:<14} {:>10} {:>8} {:>8} {:>14} {:>14}", "link", "rate Mb/s", "util", "drops", "max queue B", "mean queue B");
    for l in &s.links {
        out!(
            "{:<14} {:>10.1} {:>7.1}% {:>8} {:>14} {:>14.0}",
            l.id,
            l.rate_mbps,
            l.utilization * 100.0,
            l.drops,
            l.max_queue_bytes,
            l.mean_queue_bytes
        );
    }
    match s.jain {
        Some(j) => out!("Jain's fairness index: {j:.4}"),
        None => out!("Jain's fairness index: - (no traffic)"),
    }
    out!("digest {}", s.digest);
}
