//! The per-size-class series of an MPTCP run (sim/class_series.rs, issue 30 item 7) agree with
//! the per-flow data they summarise. A small scenario whose flows are all listed, so each one
//! records its own series and the summary lists it: two short flows (G0) and one long (G3)
//! after a 1 s warm-up, one short flow inside the warm-up (not counted), on a fast and a slow
//! path under FSFS.

use netlab_core::Simulation;
use serde_json::{json, Value};
use std::collections::BTreeMap;

fn scenario() -> Value {
    let fsfs = json!({"scheduler": "minrtt", "flow_sched": "fsfs"});
    json!({
        "duration_s": 6, "warmup_s": 1, "stop_when_done": false,
        "topology": {"kind": "parallel", "paths": [
            {"rate_mbps": 20, "rtt_ms": 10, "buffer": {"packets": 60}},
            {"rate_mbps": 20, "rtt_ms": 80, "buffer": {"packets": 60}}]},
        "flows": [
            {"id": "early", "kind": "mptcp", "cc": "lia", "size_kb": 40, "start_s": 0.5, "mptcp": fsfs},
            {"id": "s1", "kind": "mptcp", "cc": "lia", "size_kb": 40, "start_s": 1.5, "mptcp": fsfs},
            {"id": "s2", "kind": "mptcp", "cc": "lia", "size_kb": 60, "start_s": 2.0, "mptcp": fsfs},
            {"id": "long", "kind": "mptcp", "cc": "lia", "size_kb": 4000, "start_s": 1.2, "mptcp": fsfs}
        ]
    })
}

struct Run {
    sim: Simulation,
    summary: Value,
}

fn run() -> Run {
    let mut sim = Simulation::from_json(&scenario().to_string(), Some(1)).unwrap_or_else(|e| panic!("{e}"));
    sim.run_to_end();
    let summary = serde_json::to_value(sim.summary(0.0)).unwrap();
    Run { sim, summary }
}

impl Run {
    fn series(&self, key: &str) -> Vec<(f64, f64)> {
        self.sim.series(key).unwrap_or_else(|| panic!("no series {key}")).to_vec()
    }
    /// A flow's value of a per-flow series at instant `t`, if recorded then.
    fn at(&self, key: &str, t: f64) -> Option<f64> {
        self.sim.series(key)?.iter().find(|p| p.0 == t).map(|p| p.1)
    }
    /// (id, class, start, end) of every listed MPTCP flow.
    fn flows(&self) -> Vec<(String, String, f64, f64)> {
        self.summary["flows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                let start = f["start_s"].as_f64().unwrap();
                let end = f["fct_s"].as_f64().map_or(f64::INFINITY, |d| start + d);
                (f["id"].as_str().unwrap().to_string(), f["size_class"].as_str().unwrap().to_string(), start, end)
            })
            .collect()
    }
}

#[test]
fn class_series_summarise_the_headline_flows() {
    let r = run();
    let flows = r.flows();
    let class = |id: &str| flows.iter().find(|f| f.0 == id).unwrap().1.clone();
    assert_eq!((class("s1").as_str(), class("s2").as_str(), class("long").as_str()), ("G0", "G0", "G3"));
    // Only the classes of flows the headline counts: G0 and G3 (the early flow is G0 too).
    let owners: Vec<String> = r.sim.series_meta().iter().filter(|m| m.scope == "class").map(|m| m.key.clone()).collect();
    let want: Vec<String> = ["G0", "G3"]
        .iter()
        .flat_map(|c| ["active", "goodput", "inflight", "srtt"].map(|m| format!("class/{c}/{m}")))
        .collect();
    assert_eq!(owners, want);
    // Every flow after the warm-up completes within the run, so each class's goodput points
    // add up to exactly its flows' bytes: the early flow's 40 kB are not in G0's.
    let counted = |c: &str| flows.iter().filter(|f| f.1 == c && f.2 >= 1.0).map(|f| f.0.clone()).collect::<Vec<_>>();
    assert_eq!(counted("G0"), ["s1", "s2"]);
    for (c, bytes) in [("G0", 100_000.0), ("G3", 4_000_000.0)] {
        assert!(counted(c).iter().all(|id| flows.iter().find(|f| &f.0 == id).unwrap().3 < 6.0), "every counted flow finishes");
        let g = r.series(&format!("class/{c}/goodput"));
        assert!(g[0].0 > 1.0, "no point before the warm-up ends: {:?}", g[0]);
        let mut prev = 1.0;
        let mut sum = 0.0;
        for &(t, mbps) in &g {
            sum += mbps * 1e6 / 8.0 * (t - prev);
            prev = t;
        }
        assert!((sum - bytes).abs() < 1e-3, "{c}: {sum} bytes delivered, want {bytes}");
    }
    // At every tick: the active count is the flows of the class between their start and
    // their completion, and the packets in flight and the weighted RTT are their subflows'.
    let mut checked = 0;
    for c in ["G0", "G3"] {
        let ids = counted(c);
        let inflight = r.series(&format!("class/{c}/inflight"));
        for &(t, n) in &r.series(&format!("class/{c}/active")) {
            let running: Vec<&String> = ids
                .iter()
                .filter(|id| {
                    let f = flows.iter().find(|f| &f.0 == *id).unwrap();
                    f.2 <= t + 1e-12 && t < f.3 - 1e-12
                })
                .collect();
            assert_eq!(n as usize, running.len(), "{c} at {t}");
            let (mut flight, mut weighted, mut weight) = (0.0, 0.0, 0.0);
            for id in &running {
                for p in 1..=2 {
                    let k = |m: &str| format!("flow/{id}@p{p}/{m}");
                    let Some(n) = r.at(&k("inflight"), t) else { continue };
                    flight += n;
                    if let Some(rtt) = r.at(&k("srtt"), t) {
                        weighted += n * rtt;
                        weight += n;
                    }
                }
            }
            let got = inflight.iter().find(|p| p.0 == t).expect("a point per tick").1;
            assert_eq!(got, flight, "{c} in flight at {t}");
            if weight > 0.0 {
                let rtt = r.at(&format!("class/{c}/srtt"), t).expect("an RTT when something is in flight");
                assert!((rtt - weighted / weight).abs() < 1e-9, "{c} sRTT at {t}: {rtt} vs {}", weighted / weight);
                checked += 1;
            }
        }
    }
    assert!(checked > 10, "the RTT was compared at {checked} ticks");
    // FSFS keeps the short flows on the fast path: G0's data sees the 10 ms path's RTT, the
    // long flow's both paths'.
    let mean = |c: &str| {
        let v = r.series(&format!("class/{c}/srtt"));
        v.iter().map(|p| p.1).sum::<f64>() / v.len() as f64
    };
    assert!(mean("G0") < 40.0 && mean("G3") > mean("G0"), "G0 {} ms, G3 {} ms", mean("G0"), mean("G3"));
}

/// No size classes (TCP), or one transfer (ECF-3's file, whose own series say it all): no
/// class series, and so no per-class chart on the page.
#[test]
fn runs_without_two_classed_flows_record_no_class_series() {
    for preset in ["tcp-dumbbell", "ecf3-uniform"] {
        let mut sim = Simulation::from_json(&quick(preset, None).to_string(), Some(1)).unwrap_or_else(|e| panic!("{e}"));
        sim.run_to_end();
        assert!(sim.series_meta().iter().all(|m| m.scope != "class"), "{preset}");
    }
}

/// A preset as a plain scenario (knobs, claims and teaching texts left out) with its quick
/// variant's duration and warm-up, optionally cut to `duration_s`.
fn quick(name: &str, duration_s: Option<f64>) -> Value {
    let text = std::fs::read_to_string(format!("{}/../../public/scenarios/{name}.json", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    let quick = v["variants"]["quick"].clone();
    let o = v.as_object_mut().unwrap();
    for k in ["knobs", "expect", "tour", "worksheet", "variants"] {
        o.remove(k);
    }
    for k in ["duration_s", "warmup_s"] {
        if let Some(val) = quick.get(k) {
            o.insert(k.into(), val.clone());
        }
    }
    if let Some(d) = duration_s {
        o.insert("duration_s".into(), json!(d));
    }
    v
}

/// Generated flows (no per-flow series) are counted too: mptcp-fsfs-load's quick run has class
/// series for its short flows, and their active counts add up to the flows running.
#[test]
fn generated_flows_count_in_the_class_series() {
    let v = quick("mptcp-fsfs-load", Some(5.0));
    let mut sim = Simulation::from_json(&v.to_string(), Some(1)).unwrap_or_else(|e| panic!("{e}"));
    sim.run_to_end();
    let summary = serde_json::to_value(sim.summary(0.0)).unwrap();
    let classes: BTreeMap<String, Value> = serde_json::from_value(summary["fct_by_class"].clone()).unwrap();
    let end = sim.series("class/G0/active").unwrap().last().copied().unwrap();
    // At the end, the flows still running are the classes' unfinished ones.
    let mut running = 0.0;
    for c in classes.keys().filter(|c| *c != "all") {
        running += sim.series(&format!("class/{c}/active")).map_or(0.0, |s| s.last().unwrap().1);
    }
    assert_eq!(running, classes["all"]["unfinished"].as_f64().unwrap(), "at {}", end.0);
    assert!(classes["G0"]["count"].as_u64().unwrap() > 50, "many short flows after the warm-up");
}
