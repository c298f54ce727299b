//! The `netlab` CLI contract (docs/spec/DESIGN.md): `run` prints one JSON object with `--json`,
//! `presets` lists public/scenarios, and invalid input exits with status 2 and one line on
//! stderr naming the bad field.

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn netlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_netlab")).args(args).current_dir(repo_root()).output().expect("runs")
}

/// Runs a scenario given as JSON text through a temporary file.
fn netlab_file(text: &str, extra: &[&str]) -> Output {
    let dir = std::env::temp_dir().join(format!("netlab-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{:x}.json", text.len() * 31 + text.bytes().map(|b| b as usize).sum::<usize>()));
    std::fs::write(&path, text).unwrap();
    let mut args = vec!["run", path.to_str().unwrap()];
    args.extend_from_slice(extra);
    netlab(&args)
}

/// Exit status 2 and exactly one line on stderr containing every `needles`.
fn assert_usage_error(out: &Output, needles: &[&str]) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err:?}");
    for n in needles {
        assert!(err.contains(n), "{err:?} should mention {n:?}");
    }
    assert!(out.stdout.is_empty(), "nothing on stdout");
}

const VALID: &str = r#"{"name": "t", "duration_s": 2,
  "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 10}, "senders": [{"rtt_ms": 20}]},
  "flows": [{"cc": "reno"}]}"#;

#[test]
fn run_json_prints_one_summary_object() {
    let out = netlab(&["run", "tcp-dumbbell", "--variant", "quick", "--seed", "3", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.trim().lines().count(), 1);
    let s: Value = serde_json::from_str(&text).unwrap();
    for field in ["engine_version", "scenario", "seed", "duration_s", "events", "wall_s", "flows", "links", "jain"] {
        assert!(s.get(field).is_some(), "summary has {field}");
    }
    assert_eq!(s["seed"], 3);
    assert_eq!(s["flows"].as_array().unwrap().len(), 2);
    for f in s["flows"].as_array().unwrap() {
        for field in ["id", "kind", "cc", "start_s", "goodput_mbps", "sent_packets", "retransmitted_packets"] {
            assert!(f.get(field).is_some(), "flow has {field}");
        }
    }
    let l = &s["links"][0];
    for field in ["id", "rate_mbps", "utilization", "drops", "max_queue_bytes"] {
        assert!(l.get(field).is_some(), "link has {field}");
    }
}

#[test]
fn set_accepts_knobs_dotted_paths_and_bare_strings() {
    let out = netlab(&[
        "run", "tcp-dumbbell", "--variant", "quick", "--set", "cc=reno", "--set",
        "topology.bottleneck.rate_mbps=20", "--json",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let s: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(s["flows"].as_array().unwrap().iter().all(|f| f["cc"] == "reno"));
    assert_eq!(s["links"][0]["rate_mbps"], 20.0);
    // A quoted JSON string means the same as the bare word.
    let quoted = netlab(&["run", "tcp-dumbbell", "--variant", "quick", "--set", "cc=\"reno\"", "--json"]);
    let q: Value = serde_json::from_slice(&quoted.stdout).unwrap();
    assert_eq!(q["flows"][0]["cc"], "reno");
}

#[test]
fn presets_lists_the_scenario_files() {
    let out = netlab(&["presets", "--json"]);
    assert!(out.status.success());
    let list: Value = serde_json::from_slice(&out.stdout).unwrap();
    let names: Vec<&str> = list.as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    for expected in ["tcp-single", "tcp-dumbbell"] {
        assert!(names.contains(&expected), "{names:?}");
    }
    let files = std::fs::read_dir(repo_root().join("public/scenarios")).unwrap().count();
    assert_eq!(names.len(), files, "one entry per preset file");
}

#[test]
fn a_valid_file_runs() {
    let out = netlab_file(VALID, &["--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn unknown_field_is_named() {
    let text = VALID.replace(r#""rate_mbps": 10"#, r#""rate_mbps": 10, "rate_gbps": 1"#);
    assert_usage_error(&netlab_file(&text, &[]), &["topology.bottleneck", "rate_gbps"]);
}

#[test]
fn negative_rate_is_named() {
    let text = VALID.replace(r#""rate_mbps": 10"#, r#""rate_mbps": -10"#);
    assert_usage_error(&netlab_file(&text, &[]), &["topology.bottleneck.rate_mbps"]);
}

#[test]
fn unknown_algorithm_is_named() {
    let text = VALID.replace(r#""cc": "reno""#, r#""cc": "vegas""#);
    assert_usage_error(&netlab_file(&text, &[]), &["flows[0].cc", "vegas"]);
}

#[test]
fn malformed_json_is_reported() {
    assert_usage_error(&netlab_file(r#"{"name": "t", "duration_s": "#, &[]), &["malformed JSON"]);
}

#[test]
fn bad_knob_values_and_flags_are_named() {
    assert_usage_error(&netlab(&["run", "tcp-dumbbell", "--set", "buffer_bdp=-1"]), &["buffer_bdp"]);
    assert_usage_error(&netlab(&["run", "tcp-dumbbell", "--set", "cc=vegas"]), &["cc", "vegas"]);
    assert_usage_error(&netlab(&["run", "tcp-dumbbell", "--set", "no_such_knob=1"]), &["no_such_knob"]);
    assert_usage_error(&netlab(&["run", "tcp-dumbbell", "--variant", "slow"]), &["variant", "slow"]);
    assert_usage_error(&netlab(&["run", "tcp-dumbbell", "--seed", "-4"]), &["--seed"]);
    assert_usage_error(&netlab(&["run", "no-such-preset"]), &["no-such-preset"]);
    assert_usage_error(&netlab(&["fly"]), &["fly"]);
}

/// A sweep's rows without their wall times (the only field that differs between two runs).
fn without_wall(mut row: Value) -> Value {
    row["summary"].as_object_mut().unwrap().remove("wall_s");
    row
}

#[test]
fn sweep_shards_written_to_jsonl_together_are_the_whole_sweep() {
    // A Slurm array or a Kubernetes Indexed Job: 3 shards, each appending its points to a file.
    let sweep = [
        "sweep", "tcp-dumbbell", "--variant", "quick", "--knob", "buffer_bdp", "--values", "0.5,2", "--algorithms",
        "reno,cubic", "--seeds", "1,2", "--set", "duration_s=6", "--set", "loss=0.001", "--metric", "jain",
    ];
    let whole = netlab(&[&sweep[..], &["--json"]].concat());
    assert!(whole.status.success(), "{}", String::from_utf8_lossy(&whole.stderr));
    let whole: Vec<Value> = serde_json::from_slice::<Vec<Value>>(&whole.stdout).unwrap().into_iter().map(without_wall).collect();
    assert_eq!(whole.len(), 8);
    assert_eq!(whole.iter().map(|r| r["index"].as_u64().unwrap()).collect::<Vec<_>>(), (0..8).collect::<Vec<_>>());
    let dir = std::env::temp_dir().join(format!("netlab-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("points.jsonl");
    let _ = std::fs::remove_file(&out);
    let mut sizes = Vec::new();
    for i in 0..3 {
        let shard = format!("{i}/3");
        let r = netlab(&[&sweep[..], &["--shard", &shard, "--out", out.to_str().unwrap()]].concat());
        assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
        sizes.push(String::from_utf8_lossy(&r.stdout).lines().count());
    }
    assert_eq!(sizes, vec![3, 3, 2], "every third point from the shard's index");
    let mut rows: Vec<Value> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| without_wall(serde_json::from_str(l).unwrap()))
        .collect();
    rows.sort_by_key(|r| r["index"].as_u64());
    assert_eq!(rows, whole, "the shards' union is the sweep, point for point");
    // Seeds matter here (random loss), so equal rows are not equal by accident.
    assert_ne!(whole[0]["metric_value"], whole[1]["metric_value"]);
    assert_usage_error(&netlab(&[&sweep[..], &["--shard", "3/3"]].concat()), &["--shard", "3/3"]);
    assert_usage_error(&netlab(&[&sweep[..], &["--shard", "x"]].concat()), &["--shard"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The BBR-A presets' "BBR as" knob from the command line (`tcp.bbr`, docs/model/bbr.md §Linux's
/// BBR and ns-3's TcpBbr): ten BBR flows on a 0.1 BDP buffer lose a fifth of their packets, and
/// Linux's flows switch to their long-term rate (the event log says so); as ns-3's TcpBbr,
/// which has no long-term estimator, none ever does. A wrong value names the knob.
#[test]
fn bbr_as_ns3_runs_the_preset_without_a_long_term_rate() {
    let events = |model: &str| {
        let set = format!("bbr_as={model}");
        let out = netlab(&["run", "bbr-retransmissions", "--variant", "quick", "--set", "flows=10", "--set", &set, "--events"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap().lines().filter(|l| l.contains("cc_long_term_rate engaged=true")).count()
    };
    assert!(events("linux") > 10, "Linux's BBR paces at its long-term rate at times");
    assert_eq!(events("ns3"), 0);
    assert_usage_error(&netlab(&["run", "bbr-fairness", "--set", "bbr_as=ns-3"]), &["bbr_as", "linux, ns3"]);
}
