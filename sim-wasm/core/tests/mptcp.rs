//! MPTCP at the scenario level: the connection works end to end (every byte delivered in
//! order, subflows share the data, the receive buffer shows head-of-line blocking), and each
//! experiment's direction as this lab reproduces it (see the presets' descriptions).

use netlab_core::Simulation;
use serde_json::{json, Value};

fn run(s: Value, seed: u64) -> Value {
    let mut sim = Simulation::from_json(&s.to_string(), Some(seed)).unwrap_or_else(|e| panic!("{e}"));
    sim.run_to_end();
    serde_json::to_value(sim.summary(0.0)).unwrap()
}

fn three_paths(rates: [f64; 3], scheduler: &str, subflows: usize, mb: f64) -> Value {
    json!({"duration_s": 300, "topology": {"kind": "parallel", "paths": rates.iter().map(|r| json!({"rate_mbps": r, "rtt_ms": 40, "buffer": {"packets": 100}})).collect::<Vec<_>>()},
           "flows": [{"id": "file", "kind": "mptcp", "cc": "lia", "size_mb": mb, "mptcp": {"scheduler": scheduler, "subflows": subflows, "first_path": "listed"}}]})
}

fn fct(s: &Value) -> f64 {
    s["flows"][0]["fct_s"].as_f64().expect("the transfer completes")
}

#[test]
fn transfer_completes_over_every_subflow() {
    let s = run(three_paths([8.6, 8.6, 8.6], "minrtt", 3, 5.0), 1);
    let f = &s["flows"][0];
    assert_eq!(f["bytes_delivered"], 5_000_000);
    assert_eq!(f["kind"], "mptcp");
    assert_eq!(f["size_class"], "G3");
    let subs = f["subflows"].as_array().unwrap();
    assert_eq!(subs.len(), 3);
    let shares: Vec<f64> = subs.iter().map(|x| x["bytes_share"].as_f64().unwrap()).collect();
    assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    assert!(shares.iter().all(|&x| x > 0.25), "identical paths share the data: {shares:?}");
    // Three 8.6 Mbit/s paths carry 5 MB in well under the 4.7 s one path needs.
    assert!(fct(&s) < 2.5, "{}", fct(&s));
}

#[test]
fn head_of_line_blocking_fills_the_receive_buffer_on_unequal_paths() {
    let occupancy = |rates: [f64; 3]| {
        let mut sim = Simulation::from_json(&three_paths(rates, "minrtt", 3, 5.0).to_string(), None).unwrap();
        let mut max: u64 = 0;
        while !sim.advance(0.05) {
            let snap = sim.snapshot();
            max = max.max(snap.flows[0].recv_buffer_bytes.unwrap());
            assert_eq!(snap.flows[0].subflows.as_ref().unwrap().len(), 3);
        }
        assert!(sim.series("flow/file/recv_buffer").is_some_and(|p| !p.is_empty()));
        assert!(sim.series("flow/file@p3/cwnd").is_some_and(|p| !p.is_empty()), "per-subflow cwnd series");
        max
    };
    let uniform = occupancy([8.6, 8.6, 8.6]);
    let skewed = occupancy([8.6, 0.3, 0.1]);
    assert!(skewed > 3 * uniform.max(1448), "data waits behind the slow paths: {skewed} vs {uniform} bytes");
}

#[test]
fn ecf3_beats_minrtt_on_heterogeneous_paths_and_matches_it_on_uniform_ones() {
    let het = |s: &str| fct(&run(three_paths([8.6, 0.3, 0.1], s, 3, 30.0), 1));
    let (ecf3, minrtt, single) = (het("ecf3"), het("minrtt"), het("single"));
    assert!(ecf3 < 0.85 * minrtt, "ECF-3 {ecf3} vs minRTT {minrtt}");
    assert!(single < ecf3, "the fast path alone is still a little faster here: {single} vs {ecf3}");
    let uni = |s: &str, n: usize| fct(&run(three_paths([8.6, 8.6, 8.6], s, n, 10.0), 1));
    let (ecf3, minrtt, ecf2) = (uni("ecf3", 3), uni("minrtt", 3), uni("ecf", 2));
    assert!((ecf3 - minrtt).abs() < 0.05 * minrtt, "{ecf3} vs {minrtt}");
    assert!(ecf3 < 0.8 * ecf2, "three paths beat ECF's two: {ecf3} vs {ecf2}");
}

#[test]
fn scheduler_decisions_are_logged_with_their_terms() {
    let mut sim = Simulation::from_json(&three_paths([8.6, 0.3, 0.1], "ecf3", 3, 2.0).to_string(), None).unwrap();
    sim.run_to_end();
    let events: Vec<Value> = sim.log().map(|e| serde_json::to_value(e).unwrap()).filter(|e| e["type"] == "mptcp_sched").collect();
    assert!(events.iter().any(|e| e["reason"].as_str().unwrap().starts_with("line 1")));
    let waits: Vec<&Value> = events.iter().filter(|e| e["subflow"].is_null() && e["reason"].as_str().unwrap().starts_with("line 2")).collect();
    assert!(!waits.is_empty(), "ECF-3 waits for the fast path");
    assert!(waits[0]["terms"].as_array().unwrap().iter().any(|t| t["name"] == "t_wait_ms"));
}

fn short_flows(subflows: usize, kb: f64, seed: u64) -> Value {
    run(
        json!({"duration_s": 12, "warmup_s": 1, "stop_when_done": false,
               "topology": {"kind": "parallel", "paths": [{"rate_mbps": 100, "rtt_ms": 20, "count": 5, "loss": 0.002, "buffer": {"packets": 100}}]},
               "flows": [{"kind": "mptcp", "cc": "lia", "size_kb": kb, "count": 30, "start_s": 2,
                          "mptcp": {"subflows": subflows, "first_path": "spread"}}],
               "traffic": {"arrival_rate": 0, "size": {"kind": "fixed", "bytes": 1}, "background_per_path": 1}}),
        seed,
    )
}

#[test]
fn long_flows_gain_from_more_subflows() {
    let mean = |n| (1..=2).map(|seed| short_flows(n, 5000.0, seed)["mean_flow_mbps"].as_f64().unwrap()).sum::<f64>();
    assert!(mean(5) > 1.1 * mean(1), "{} vs {}", mean(5), mean(1));
}

/// The 30 flows are spread over all 5 paths for every subflow count: flow k's first subflow
/// is on path k mod 5, so one subflow per flow still uses every path.
#[test]
fn short_flow_copies_are_spread_over_every_path() {
    let s = short_flows(1, 80.0, 1);
    let mut per_path = [0; 5];
    for f in s["flows"].as_array().unwrap().iter().filter(|f| f["kind"] == "mptcp") {
        let subs = f["subflows"].as_array().unwrap();
        assert_eq!(subs.len(), 1);
        per_path[subs[0]["path"].as_u64().unwrap() as usize - 1] += 1;
    }
    assert_eq!(per_path, [6; 5]);
}

#[test]
fn short_flows_slow_down_with_more_subflows() {
    // The FSFS paper's motivation: 80 kB flows split over more subflows have windows too
    // small for three duplicate ACKs (a loss costs a timeout) and wait for MP_JOINs.
    let mean = |n| (1..=2).map(|seed| short_flows(n, 80.0, seed)["fct_by_class"]["all"]["mean_s"].as_f64().unwrap()).sum::<f64>();
    assert!(mean(5) > 1.5 * mean(1), "{} vs {}", mean(5), mean(1));
}

fn load(flow_sched: &str) -> Value {
    run(
        json!({"duration_s": 8, "warmup_s": 2, "stop_when_done": false,
               "topology": {"kind": "parallel", "paths": [{"rate_mbps": 100, "rtt_ms": 20, "rtt_ms_max": 200, "count": 6, "buffer": {"packets": 100}}]},
               "traffic": {"arrival_rate": 300, "size": {"kind": "pareto", "shape": 1.2, "min_bytes": 2000, "max_bytes": 1e8},
                           "background_per_path": 5, "list_flows": 60,
                           "mptcp": {"flow_sched": flow_sched}}}),
        1,
    )
}

#[test]
fn fsfs_gives_short_flows_few_paths_and_the_workload_is_the_same_for_every_scheme() {
    let (fsfs, mptcp) = (load("fsfs"), load("mptcp"));
    // Same arrivals and sizes whatever the flow scheduler.
    let sizes = |s: &Value| s["flows"].as_array().unwrap().iter().map(|f| f["size_bytes"].clone()).collect::<Vec<_>>();
    assert_eq!(sizes(&fsfs), sizes(&mptcp));
    assert_eq!(fsfs["flows_unlisted"], mptcp["flows_unlisted"]);
    for f in fsfs["flows"].as_array().unwrap().iter().filter(|f| f["kind"] == "mptcp") {
        let want = match f["size_class"].as_str().unwrap() {
            "G0" => 1,
            "G1" => 2,
            "G2" => 3,
            _ => 6,
        };
        assert_eq!(f["subflows"].as_array().unwrap().len(), want, "{f}");
    }
    for f in mptcp["flows"].as_array().unwrap().iter().filter(|f| f["kind"] == "mptcp") {
        assert_eq!(f["subflows"].as_array().unwrap().len(), 6);
    }
    // The paper's direction: FSFS gives short flows the lowest FCT (see mptcp-fsfs-load).
    let g0 = |s: &Value| s["fct_by_class"]["G0"]["mean_s"].as_f64().unwrap();
    assert!(g0(&fsfs) < g0(&mptcp), "{} vs {}", g0(&fsfs), g0(&mptcp));
    // docs/spec/DESIGN.md's summary contract: each class has {count, unfinished, mean_s, p50_s, p99_s}
    // (the statistics only when some flow of it finished). Flows arrive until the end, so
    // some are still running then.
    let classes = fsfs["fct_by_class"].as_object().unwrap();
    for (class, st) in classes {
        let keys: Vec<&str> = st.as_object().unwrap().keys().map(String::as_str).collect();
        let want: &[&str] = if st["count"] == 0 { &["count", "unfinished"] } else { &["count", "unfinished", "mean_s", "p50_s", "p99_s"] };
        assert_eq!(keys, want, "{class}: {st}");
    }
    assert!(classes["all"]["unfinished"].as_u64().unwrap() > 0, "{}", fsfs["fct_by_class"]);
}

#[test]
fn invalid_mptcp_fields_are_named() {
    let bad = |patch: Value, path: &str| {
        let mut s = three_paths([1.0, 1.0, 1.0], "minrtt", 3, 1.0);
        json_patch(&mut s, &patch);
        let e = Simulation::from_json(&s.to_string(), None).err().unwrap_or_else(|| panic!("not rejected: {patch}"));
        assert!(e.to_string().starts_with(path), "{e}");
    };
    bad(json!({"flows": [{"kind": "mptcp", "mptcp": {"scheduler": "fastest"}}]}), "flows[0].mptcp.scheduler: unknown MPTCP scheduler");
    bad(json!({"flows": [{"kind": "mptcp", "mptcp": {"paths": [0, 7]}}]}), "flows[0].mptcp.paths[1]: no path 7");
    bad(json!({"flows": [{"kind": "mptcp", "mptcp": {"sched_params": {"beta": -1}}, "size_kb": 5}]}), "flows[0].mptcp.sched_params");
    bad(json!({"flows": [{"kind": "mptcp", "mptcp": {"class_bounds_kb": [300, 100, 800]}}]}), "flows[0].mptcp.class_bounds_kb");
    bad(json!({"flows": [{"kind": "tcp", "mptcp": {}}]}), "flows[0].mptcp: only for flows of kind");
    bad(json!({"flows": [{"kind": "mptcp", "mptcp": {"sheduler": "ecf"}}]}), "flows[0].mptcp");
    bad(json!({"traffic": {"arrival_rate": 1e9, "size": {"kind": "web_search"}}}), "traffic.arrival_rate");
    bad(json!({"traffic": {"arrival_rate": 1, "size": {"kind": "pareto", "shape": 1.2, "min_bytes": 10, "max_bytes": 5}}}), "traffic.size.max_bytes");
    bad(json!({"topology": {"kind": "parallel", "paths": [{"rate_mbps": 1, "rtt_ms": 40, "count": 0}]}}), "topology.paths[0].count");
}

/// Replace top-level fields of `s` with those of `patch`.
fn json_patch(s: &mut Value, patch: &Value) {
    for (k, v) in patch.as_object().unwrap() {
        s[k] = v.clone();
    }
}

/// The page maps an event's `flow` (an index into the scenario's flow list, generated flows
/// included) to the live flow through the snapshot's `index`; with generated flows the
/// snapshot lists only some flows, so its position cannot stand in for the index.
#[test]
fn snapshot_flows_carry_the_index_their_events_use() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../public/scenarios/mptcp-fsfs-load.json");
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    v["duration_s"] = json!(2);
    v["warmup_s"] = json!(0.5);
    v["traffic"]["list_flows"] = json!(100_000);
    for k in ["knobs", "expect", "sweep", "variants", "tour", "worksheet"] {
        v.as_object_mut().unwrap().remove(k);
    }
    let mut sim = Simulation::from_json(&v.to_string(), Some(1)).unwrap();
    let (mut matched, mut positions_differ) = (0, false);
    while !sim.advance(0.05) {
        let snap = sim.snapshot();
        let summary = serde_json::to_value(sim.summary(0.0)).unwrap();
        for (pos, f) in snap.flows.iter().enumerate() {
            assert_eq!(summary["flows"][f.index as usize]["id"], json!(f.id), "index names the flow's row");
            positions_differ |= pos != f.index as usize;
        }
        for e in snap.events.iter().filter(|e| matches!(e.kind, netlab_core::metrics::EventKind::MptcpSched { .. })) {
            if let Some(f) = snap.flows.iter().find(|f| Some(f.index) == e.flow.map(|x| x as u32)) {
                assert!(f.subflows.is_some(), "an mptcp_sched event belongs to an MPTCP flow");
                matched += 1;
            }
        }
    }
    assert!(matched > 0, "some scheduler decisions of live flows were seen");
    assert!(positions_differ, "the scenario exercises flows missing from the snapshot");
}
