//! Untrusted input never panics the engine, and budgets and measurements hold (property tests
//! with proptest, plus one test per case of issue 17).
//!
//! - The scenario parser, on arbitrary JSON and on valid scenarios with random fields changed;
//!   whatever such damage leaves valid is also run.
//! - The share-link decoder, on arbitrary strings and on valid links with random damage.
//! - Random valid scenarios — both topologies, every congestion controller in
//!   `cc::REGISTRY`, the `tcp`, `metrics` and `limits` blocks, link rates from 1 kbit/s to
//!   100 Gbit/s, RTTs from 10 µs to 20 s, buffers from less than a frame to the largest limits —
//!   run to their end or their budget without panicking, conserve packets, never report more
//!   goodput than their links carry, and keep the memory estimate within the budget.
//! - Random MPTCP and QUIC scenarios run and conserve packets.
//!
//! The default case counts keep this file to about a second of `cargo test --release` once
//! built (CI budget: well under 60 s). For a long fuzz run multiply them with
//! `NETLAB_FUZZ_SCALE`:
//!
//! ```text
//! NETLAB_FUZZ_SCALE=300 cargo test --release -p netlab-core --test robustness
//! ```
//!
//! (≈ 3 minutes on two cores: 14 400 random valid scenarios, 120 000 damaged ones, 9 000
//! MPTCP and 7 200 QUIC scenarios). A failure prints proptest's minimal failing input — the
//! scenario JSON to paste into `netlab run` — and saves its seed in
//! `robustness.proptest-regressions`, which is replayed first on every later run.

use netlab_core::scenario;
use netlab_core::share;
use netlab_core::Simulation;
use proptest::prelude::*;
use serde_json::{json, Value};

/// `base` cases, times NETLAB_FUZZ_SCALE for a long fuzz run.
fn cases(base: u32) -> u32 {
    let scale = std::env::var("NETLAB_FUZZ_SCALE").ok().and_then(|s| s.parse::<u32>().ok()).unwrap_or(1);
    base.saturating_mul(scale.max(1))
}

fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        (-1e12f64..1e12).prop_map(|x| json!(x)),
        prop_oneof![
            Just("dumbbell".to_string()),
            Just("parallel".to_string()),
            Just("cubic".to_string()),
            "[a-z_]{0,12}"
        ]
        .prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(
                prop_oneof![
                    Just("name".to_string()),
                    Just("duration_s".to_string()),
                    Just("topology".to_string()),
                    Just("kind".to_string()),
                    Just("flows".to_string()),
                    Just("bottleneck".to_string()),
                    Just("senders".to_string()),
                    Just("rate_mbps".to_string()),
                    Just("rtt_ms".to_string()),
                    Just("buffer".to_string()),
                    Just("paths".to_string()),
                    "[a-z_]{1,10}"
                ],
                inner,
                0..6
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

fn base() -> Value {
    json!({"name": "p", "duration_s": 1, "warmup_s": 0.1,
           "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 10, "delay_ms": 1, "buffer": {"bdp": 1}},
                        "senders": [{"rtt_ms": 20}, {"rtt_ms": 60}]},
           "flows": [{"cc": "cubic", "path": 0}, {"cc": "reno", "path": 1, "size_bytes": 200000}]})
}

/// Paths of every leaf in a JSON value.
fn leaves(v: &Value, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                prefix.push(k.clone());
                leaves(x, prefix, out);
                prefix.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                prefix.push(i.to_string());
                leaves(x, prefix, out);
                prefix.pop();
            }
        }
        _ => out.push(prefix.clone()),
    }
}

fn set(v: &mut Value, path: &[String], x: Value) {
    let mut cur = v;
    for p in path {
        cur = match cur {
            Value::Object(m) => m.get_mut(p).unwrap(),
            Value::Array(a) => &mut a[p.parse::<usize>().unwrap()],
            _ => unreachable!(),
        };
    }
    *cur = x;
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(400), ..ProptestConfig::default() })]

    #[test]
    fn parser_never_panics_on_arbitrary_json(v in arb_json()) {
        if let Err(e) = scenario::from_value(v) {
            prop_assert!(!e.to_string().contains('\n'));
        }
    }

    #[test]
    fn parser_never_panics_on_arbitrary_text(s in "\\PC{0,200}") {
        let _ = scenario::parse(&s);
    }

    #[test]
    fn a_damaged_field_is_named_or_accepted(which in any::<prop::sample::Index>(), x in arb_json()) {
        let mut v = base();
        let mut all = Vec::new();
        leaves(&v, &mut Vec::new(), &mut all);
        let path = which.get(&all).clone();
        set(&mut v, &path, x);
        match scenario::from_value(v) {
            Ok(_) => {}
            Err(e) => prop_assert!(!e.to_string().is_empty() && !e.to_string().contains('\n')),
        }
    }

    #[test]
    fn link_decoder_never_panics(s in "\\PC{0,300}") {
        let _ = share::decode(&s);
        let _ = share::decode(&format!("v1.{s}"));
    }

    #[test]
    fn damaged_links_are_refused_or_valid(cut in 0usize..2000, flip in 0usize..2000, c in "[A-Za-z0-9_-]") {
        let link = share::encode(&base(), 1, &Value::Null).unwrap();
        let _ = share::decode(&link[..cut.min(link.len())]);
        let mut bytes: Vec<char> = link.chars().collect();
        let i = 3 + flip % (bytes.len() - 3);
        bytes[i] = c.chars().next().unwrap();
        let damaged: String = bytes.into_iter().collect();
        if let Ok(opened) = share::decode(&damaged) {
            // Whatever survives decoding is a valid scenario.
            prop_assert!(scenario::from_value(opened.shared.scenario).is_ok());
        }
    }
}

/// Link rates from the slowest the validator accepts to the fastest, weighted to the middle.
fn arb_rate() -> impl Strategy<Value = f64> {
    prop_oneof![
        1 => 0.001f64..0.05,
        6 => 0.3f64..200.0,
        1 => 1000.0f64..100_000.0,
    ]
}

/// RTTs from tens of microseconds to tens of seconds.
fn arb_rtt() -> impl Strategy<Value = f64> {
    prop_oneof![
        1 => 0.01f64..1.0,
        6 => 1.0f64..300.0,
        1 => 1000.0f64..20_000.0,
    ]
}

/// Every kind of queue limit, extremes included (a limit below one frame, the largest limits).
fn arb_buffer() -> impl Strategy<Value = Value> {
    prop_oneof![
        (1u64..4).prop_map(|n| json!({"packets": n})),
        (1u64..3000).prop_map(|n| json!({"bytes": n})),
        (0.01f64..0.2).prop_map(|b| json!({"bdp": b})),
        (0.5f64..4.0).prop_map(|b| json!({"bdp": b})),
        Just(json!({"unlimited": true})),
        Just(json!({"packets": 1_000_000_000u64})),
        Just(json!({"bytes": 1u64 << 40})),
        Just(json!({"bdp": 10_000})),
        Just(json!({})),
    ]
}

/// The `tcp` block: every field, within the validator's bounds.
fn arb_tcp() -> impl Strategy<Value = Value> {
    (
        prop_oneof![Just(1448u32), 64u32..9001],
        prop_oneof![Just(52u32), 40u32..1001],
        prop_oneof![Just(64u32), 40u32..1001],
        prop_oneof![3 => 1u32..20, 1 => 1000u32..20_000, 1 => Just(100_000u32)],
        prop::option::of(prop_oneof![1u64..50, Just(u32::MAX as u64)]),
        (1.0f64..500.0, 1.0f64..3000.0, 1.0f64..20.0),
        prop::bool::ANY,
        0.1f64..200.0,
        prop::sample::select(vec!["linux", "ns3-classic"]),
    )
        .prop_map(|(mss, header, ack, init, rwnd, (min_rto, initial_rto, max_factor), delack, delack_ms, profile)| {
            let mut t = json!({"profile": profile, "mss": mss, "header_bytes": header, "ack_bytes": ack, "init_cwnd": init,
                               "min_rto_ms": min_rto, "initial_rto_ms": initial_rto, "max_rto_ms": min_rto * max_factor,
                               "delayed_ack": delack, "delack_ms": delack_ms});
            if let Some(r) = rwnd {
                t["rwnd_packets"] = json!(r);
            }
            t
        })
}

/// The `metrics` and `limits` blocks; absent fields keep their defaults.
fn arb_metrics_limits() -> impl Strategy<Value = (Value, Value)> {
    (
        prop::option::of(prop_oneof![0.001f64..0.1, 0.1f64..200.0]),
        prop::option::of(prop_oneof![16u64..64, 64u64..100_000, Just(1_000_000u64)]),
        prop::option::of(1u64..300_000),
        prop::option::of(prop_oneof![0.5f64..8.0, 8.0f64..2048.0]),
    )
        .prop_map(|(sample_ms, max_points, max_events, max_memory_mb)| {
            let mut m = json!({});
            if let Some(x) = sample_ms {
                m["sample_ms"] = json!(x);
            }
            if let Some(x) = max_points {
                m["max_points"] = json!(x);
            }
            // Every run is capped in events so that extreme rates stay quick to test.
            let mut l = json!({"max_events": max_events.unwrap_or(300_000)});
            if let Some(x) = max_memory_mb {
                l["max_memory_mb"] = json!(x);
            }
            (m, l)
        })
}

/// A random but valid scenario: any topology shape, every congestion controller, the `tcp`,
/// `metrics` and `limits` blocks, and rates, delays and buffers up to the validator's limits.
fn arb_valid_scenario() -> impl Strategy<Value = Value> {
    let path = (arb_rate(), arb_rtt(), arb_buffer(), prop_oneof![3 => Just(0.0), 1 => 0.0f64..0.2]);
    let names = netlab_core::cc::names();
    let flow = (0usize..4, 0.0f64..1.0, prop::option::of(1u64..400_000), prop::sample::select(names), 1u32..4);
    (
        (prop::bool::ANY, prop::collection::vec(path, 1..4), 0.0f64..1.0, prop::option::of(arb_rate())),
        prop::collection::vec(flow, 1..5),
        (0u64..=MAX_SAFE, 0.05f64..3.0, 0.0f64..0.9),
        prop::option::of(arb_tcp()),
        arb_metrics_limits(),
    )
        .prop_map(|((dumbbell, paths, delay_frac, access), flows, (seed, duration, warmup_frac), tcp, (metrics, limits))| {
            let n = paths.len();
            let topology = if dumbbell {
                let (rate, _, buffer, loss) = paths[0].clone();
                // Every sender's RTT includes the bottleneck's delay twice.
                let min_rtt = paths.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
                let mut t = json!({"kind": "dumbbell",
                       "bottleneck": {"rate_mbps": rate, "delay_ms": min_rtt / 2.0 * delay_frac, "buffer": buffer, "loss": loss},
                       "senders": paths.iter().map(|p| json!({"rtt_ms": p.1})).collect::<Vec<_>>()});
                if let Some(a) = access {
                    t["access_rate_mbps"] = json!(a);
                }
                t
            } else {
                json!({"kind": "parallel",
                       "paths": paths.iter().map(|p| json!({"rate_mbps": p.0, "rtt_ms": p.1, "buffer": p.2, "loss": p.3}))
                                .collect::<Vec<_>>()})
            };
            let flows: Vec<Value> = flows
                .into_iter()
                .map(|(p, start, size, cc, count)| {
                    let mut f = json!({"cc": cc, "path": p % n, "start_s": start * duration * 0.9, "count": count});
                    if let Some(s) = size {
                        f["size_bytes"] = json!(s);
                    }
                    f
                })
                .collect();
            let mut v = json!({"name": "prop", "seed": seed, "duration_s": duration, "warmup_s": duration * warmup_frac,
                               "topology": topology, "flows": flows, "metrics": metrics, "limits": limits});
            if let Some(t) = tcp {
                v["tcp"] = t;
            }
            v
        })
}

/// Run a valid scenario to its end (or its budget), taking snapshots on the way, and check
/// what must hold for any run: packets are conserved, no flow gets more than it asked for or
/// more goodput than its links carry, and the memory estimate stays within the budget.
fn run_and_check(sc: scenario::Scenario, slice_s: f64) -> Result<netlab_core::Summary, TestCaseError> {
    use netlab_core::scenario::{FlowKind, Topology};
    let budget = sc.limits.max_memory_mb.unwrap_or(scenario::DEFAULT_MAX_MEMORY_MB) * 1048576.0;
    let init_cwnd = netlab_core::tcp::TcpConfig::from(&sc.tcp).init_cwnd as f64;
    let frame = (sc.tcp.mss + sc.tcp.header_bytes) as f64;
    let listed = sc.expanded_flows();
    // Capacity (Mbit/s) each listed flow can use, and every reported link's rate.
    let (rates, total): (Vec<f64>, f64) = match &sc.topology {
        Topology::Dumbbell(d) => (vec![d.bottleneck.rate_mbps], d.bottleneck.rate_mbps),
        Topology::Parallel(p) => {
            let r: Vec<f64> = p.expanded().iter().map(|(_, x)| x.rate_mbps).collect();
            let t = r.iter().sum();
            (r, t)
        }
        // Graphs have their own tests (tests/topology.rs); the generators here make none.
        Topology::Graph(_) => return Err(TestCaseError::fail("run_and_check takes dumbbell and parallel scenarios")),
    };
    let cap_of = |i: usize| match (listed.get(i), &sc.topology) {
        (Some((_, f)), Topology::Dumbbell(_)) if f.kind != FlowKind::Mptcp => rates[0],
        (Some((_, f)), Topology::Parallel(_)) if f.kind != FlowKind::Mptcp => rates[f.path],
        _ => total,
    };
    let bulk_on = |i: usize| match (listed.get(i), &sc.topology) {
        (Some((_, f)), Topology::Parallel(_)) if f.kind != FlowKind::Mptcp => Some(f.path),
        (Some(_), Topology::Dumbbell(_)) => Some(0),
        _ => None,
    };
    let mut sim = Simulation::new(sc.clone(), None).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut k = 0;
    while !sim.advance(slice_s) {
        k += 1;
        if k % 3 == 0 {
            let _ = serde_json::to_string(&sim.snapshot()).unwrap();
        }
    }
    let s = sim.summary(0.0);
    let w = sim.world();
    flows_keep_their_packets_and_bytes(w)?;
    // Goodput ≤ capacity: each flow alone, and the bulk flows sharing a link together.
    let tol = 1.0 + 1e-9;
    let mut bulk_sum = vec![0.0; rates.len()];
    let mut bulk_all = 0.0;
    for (i, f) in s.flows.iter().enumerate() {
        prop_assert!(f.goodput_mbps <= cap_of(i) * tol, "flow {} goodput {} > capacity {}", f.id, f.goodput_mbps, cap_of(i));
        if f.size_bytes.is_none() {
            bulk_all += f.goodput_mbps;
            if let Some(p) = bulk_on(i) {
                bulk_sum[p] += f.goodput_mbps;
            }
        }
    }
    for (p, g) in bulk_sum.iter().enumerate() {
        prop_assert!(*g <= rates[p] * tol, "bulk goodput {g} > link {p}'s {}", rates[p]);
    }
    prop_assert!(bulk_all <= total * tol, "bulk goodput {bulk_all} > total capacity {total}");
    for l in &s.links {
        prop_assert!((0.0..=1.0).contains(&l.utilization));
    }
    // Memory ≤ budget: within 10 %, plus what one event can add at once — a flow's start sends
    // its whole initial window, and a scoreboard, queue or the event log that doubles its
    // allocation adds at most half of what they hold (counted by capacity; the new half is not
    // resident yet).
    let report = sim.memory_report();
    let part = |name: &str| report.iter().find(|(p, _)| *p == name).map_or(0, |(_, b)| *b) as f64;
    let doubling = (part("agents' state") + part("link queues") + part("event log")) / 2.0;
    let burst = listed.len().max(1) as f64 * init_cwnd * (frame + 200.0) + 64.0 * 1024.0 + doubling;
    let est = sim.memory_estimate() as f64;
    prop_assert!(est <= budget * 1.1 + burst, "memory estimate {est} over budget {budget} (+ burst {burst})");
    if let Some(why) = &s.aborted {
        prop_assert!(why.contains("limits.max_events") || why.contains("limits.max_memory_mb"), "{}", why);
    }
    Ok(s)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(48), ..ProptestConfig::default() })]

    #[test]
    fn every_valid_scenario_runs_and_keeps_its_invariants(v in arb_valid_scenario()) {
        let sc = scenario::from_value(v.clone()).map_err(|e| TestCaseError::fail(format!("{e}: {v}")))?;
        run_and_check(sc, 0.3)?;
    }

    /// A valid scenario with one field replaced by anything: refused with a named field, or
    /// accepted and then run like any other (the issue's mutation fuzzer, in miniature).
    #[test]
    fn a_damaged_but_valid_scenario_runs(which in any::<prop::sample::Index>(), x in arb_json()) {
        let mut v = base();
        let mut all = Vec::new();
        leaves(&v, &mut Vec::new(), &mut all);
        let path = which.get(&all).clone();
        set(&mut v, &path, x);
        if let Ok(mut sc) = scenario::from_value(v) {
            // Damage may make the run long (a duration of 10⁵ s is valid): cap its work.
            sc.limits.max_events = Some(sc.limits.max_events.unwrap_or(u64::MAX).min(50_000));
            run_and_check(sc, 0.5)?;
        }
    }
}

/// Random MPTCP scenarios: paths of any rate, RTT and loss, every scheduler and flow
/// scheduler, coupled or uncoupled CC, small receive buffers, generated traffic.
fn arb_mptcp_scenario() -> impl Strategy<Value = Value> {
    let path = (0.05f64..50.0, 2.0f64..300.0, prop_oneof![Just(0.0), 0.0f64..0.05], 2u64..200)
        .prop_map(|(rate, rtt, loss, pkts)| json!({"rate_mbps": rate, "rtt_ms": rtt, "loss": loss, "buffer": {"packets": pkts}}));
    let sched = prop::sample::select(vec!["minrtt", "rr", "ecf", "ecf3", "ecf-n", "single"]);
    let flow_sched = prop::sample::select(vec!["fsfs", "mptcp", "tcp"]);
    let cc = prop::sample::select(vec!["lia", "reno", "cubic", "bbr"]);
    (
        prop::collection::vec(path, 1..6),
        prop::collection::vec((sched.clone(), flow_sched.clone(), cc.clone(), prop::option::of(1u64..3_000_000), 0.0f64..1.0, 3_000u64..2_000_000), 0..4),
        prop::option::of((0.0f64..40.0, sched, flow_sched, cc, 0u32..2)),
        0u64..=MAX_SAFE,
    )
        .prop_filter("at least one flow", |(_, flows, traffic, _)| !flows.is_empty() || traffic.is_some())
        .prop_map(|(paths, flows, traffic, seed)| {
            let flows: Vec<Value> = flows
                .into_iter()
                .map(|(s, fs, cc, size, start, rbuf)| {
                    let mut f = json!({"kind": "mptcp", "cc": cc, "start_s": start,
                                       "mptcp": {"scheduler": s, "flow_sched": fs, "recv_buffer_bytes": rbuf}});
                    if let Some(b) = size {
                        f["size_bytes"] = json!(b);
                    }
                    f
                })
                .collect();
            let mut v = json!({"name": "prop-mptcp", "seed": seed, "duration_s": 2.0, "warmup_s": 0.2,
                               "topology": {"kind": "parallel", "paths": paths}, "flows": flows});
            if let Some((rate, s, fs, cc, bg)) = traffic {
                v["traffic"] = json!({"arrival_rate": rate, "size": {"kind": "web_search"}, "cc": cc, "background_per_path": bg,
                                       "mptcp": {"scheduler": s, "flow_sched": fs}});
            }
            v
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(30), ..ProptestConfig::default() })]

    #[test]
    fn random_mptcp_scenarios_run_and_conserve_packets(v in arb_mptcp_scenario()) {
        let sc = scenario::from_value(v.clone()).map_err(|e| TestCaseError::fail(format!("{e}: {v}")))?;
        let mut sim = Simulation::new(sc, None).unwrap();
        while !sim.advance(0.25) {
            let _ = serde_json::to_string(&sim.snapshot()).unwrap();
        }
        let s = sim.summary(0.0);
        prop_assert!(s.aborted.is_none());
        let w = sim.world();
        flows_keep_their_packets_and_bytes(w)?;
        for f in &w.flows {
            let sub_sent: u64 = f.subflows.iter().map(|x| x.sent_packets).sum();
            if f.scheduler.is_some() {
                prop_assert_eq!(sub_sent, f.sent_packets);
            }
        }
    }
}

/// A random but valid QUIC scenario: any scheduler, a few streams of every source kind,
/// random loss, buffer and flow-control windows small enough to bind.
fn arb_quic_scenario() -> impl Strategy<Value = Value> {
    let source = prop_oneof![
        Just(json!({"kind": "bulk"})),
        (1u64..200_000).prop_map(|n| json!({"kind": "bulk", "size_bytes": n})),
        (1u64..5000, 1.0f64..100.0, prop::option::of(1u64..50))
            .prop_map(|(s, i, c)| json!({"kind": "messages", "size_bytes": {"uniform": [1, s]}, "interval_ms": {"exponential": i}, "count": c})),
        (0.1f64..10.0).prop_map(|p| json!({"kind": "messages", "size_packets": p, "interval_ms": 50})),
        Just(json!({"kind": "telemetry", "mix": "both"})),
    ];
    let stream = (source, 1u32..5, -2i32..3, 0u8..8, prop::bool::ANY)
        .prop_map(|(src, w, p, u, inc)| json!({"source": src, "weight": w, "priority": p, "urgency": u, "incremental": inc}));
    (
        prop::sample::select(vec!["rr", "wfq", "wfq-spread", "wfq-bytes", "abs", "rfc9218"]),
        prop::collection::vec(stream, 1..5),
        0.0f64..0.2,
        1u64..30,
        prop::sample::select(vec!["reno", "cubic", "bbr"]),
        (2000u64..1_000_000, 2000u64..1_000_000),
        0u64..=MAX_SAFE,
    )
        .prop_map(|(sched, streams, loss, buf, cc, (sw, cw), seed)| {
            json!({"name": "propq", "seed": seed, "duration_s": 2, "warmup_s": 0.2,
                   "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 5, "delay_ms": 1, "buffer": {"packets": buf}, "loss": loss},
                                "senders": [{"rtt_ms": 30}]},
                   "flows": [{"kind": "quic", "cc": cc,
                              "quic": {"scheduler": sched, "streams": streams, "max_stream_data": sw, "max_data": cw}},
                             {"cc": "cubic", "size_bytes": 50000}]})
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(24), ..ProptestConfig::default() })]

    #[test]
    fn every_valid_quic_scenario_runs_and_conserves_packets(v in arb_quic_scenario()) {
        let sc = scenario::from_value(v.clone()).map_err(|e| TestCaseError::fail(format!("{e}: {v}")))?;
        let mut sim = Simulation::new(sc, None).unwrap();
        while !sim.advance(0.4) {}
        let s = sim.summary(0.0);
        prop_assert!(s.aborted.is_none());
        let w = sim.world();
        flows_keep_their_packets_and_bytes(w)?;
        let mut total = 0;
        for st in &w.streams {
            // Nothing is readable that was not written, and every message counted once.
            prop_assert!(st.done.len() + st.pending.len() == st.written_at.len());
            total += st.bytes_delivered;
        }
        prop_assert_eq!(total, w.flows[0].bytes_delivered);
    }
}

// ---------------------------------------------------------------------------------------------
// Bad and huge input (issue 17): each case small enough to write down, each failing before the
// fix it names.
// ---------------------------------------------------------------------------------------------

/// The error a scenario is refused with (panics when it is accepted).
fn refusal(v: Value) -> scenario::ScenarioError {
    match scenario::from_value(v.clone()) {
        Ok(_) => panic!("accepted: {v}"),
        Err(e) => {
            assert!(!e.to_string().contains('\n'), "one line: {e}");
            e
        }
    }
}

fn with(f: impl FnOnce(&mut Value)) -> Value {
    let mut v = base();
    f(&mut v);
    v
}

fn parallel(f: impl FnOnce(&mut Value)) -> Value {
    let mut v = json!({"name": "par", "duration_s": 1,
                       "topology": {"kind": "parallel", "paths": [{"rate_mbps": 10, "rtt_ms": 20}, {"rate_mbps": 5, "rtt_ms": 40}]},
                       "flows": [{"kind": "mptcp", "cc": "lia"}]});
    f(&mut v);
    v
}

/// Every data packet sent is received, dropped or still in the network, and no flow delivers
/// more than its size (exactly its size once complete).
fn flows_keep_their_packets_and_bytes(w: &netlab_core::sim::World) -> Result<(), TestCaseError> {
    for (i, f) in w.flows.iter().enumerate() {
        let in_net = w.net.pool.iter().filter(|p| p.flow as usize == i && p.body.is_data()).count() as u64;
        prop_assert_eq!(f.sent_packets, f.received_packets + f.dropped_packets + in_net);
        if let Some(size) = f.size_bytes {
            prop_assert!(f.bytes_delivered <= size);
            if f.completed_at.is_some() {
                prop_assert_eq!(f.bytes_delivered, size);
            }
        }
    }
    Ok(())
}

fn preset(name: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../public/scenarios/{name}.json"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn link_rates_too_small_for_the_engine_are_refused_by_name() {
    let e = refusal(with(|v| v["topology"]["bottleneck"]["rate_mbps"] = json!(1e-7)));
    assert_eq!(e.path, "topology.bottleneck.rate_mbps", "{e}");
    let e = refusal(with(|v| v["topology"]["access_rate_mbps"] = json!(4e-7)));
    assert_eq!(e.path, "topology.access_rate_mbps", "{e}");
    let e = refusal(parallel(|v| v["topology"]["paths"][1]["rate_mbps"] = json!(1e-9)));
    assert_eq!(e.path, "topology.paths[1].rate_mbps", "{e}");
    // And too large for integer bit/s and nanosecond serialisation times.
    let e = refusal(with(|v| v["topology"]["bottleneck"]["rate_mbps"] = json!(1e300)));
    assert_eq!(e.path, "topology.bottleneck.rate_mbps", "{e}");
}

/// Link properties are checked once, on the graph every topology expands into, and the
/// error names the field as the user wrote it: the shorthand's entry (a path copied by
/// `count` under its own index), a graph link, or a graph link's `reverse`.
#[test]
fn link_properties_are_refused_where_the_user_wrote_them() {
    let three = |f: fn(&mut Value)| {
        parallel(|v| {
            v["topology"]["paths"] = json!([{"rate_mbps": 10, "rtt_ms": 20}, {"rate_mbps": 5, "rtt_ms": 40, "count": 3}, {"rate_mbps": 5, "rtt_ms": 60}]);
            f(v)
        })
    };
    let e = refusal(three(|v| v["topology"]["paths"][2]["buffer"] = json!({"bdp": -1})));
    assert_eq!(e.to_string(), "topology.paths[2].buffer.bdp: must be > 0 (got -1)");
    let e = refusal(three(|v| v["topology"]["paths"][1]["buffer"] = json!({"packets": 5, "bytes": 3000})));
    assert_eq!(e.to_string(), "topology.paths[1].buffer: give only one of packets, bytes, bdp or unlimited");
    let e = refusal(three(|v| v["topology"]["paths"][1]["loss"] = json!(1.5)));
    assert_eq!(e.to_string(), "topology.paths[1].loss: must be a probability in [0, 1) (got 1.5)");
    let e = refusal(three(|v| v["topology"]["paths"][2]["aqm"] = json!("blue")));
    assert!(e.to_string().starts_with("topology.paths[2].aqm: unknown queue discipline 'blue'"), "{e}");
    let e = refusal(three(|v| v["topology"]["paths"][1]["aqm_params"] = json!({"target_ms": 0})));
    assert!(e.to_string().starts_with("topology.paths[1].aqm_params: target_ms"), "the default discipline has no target: {e}");
    let e = refusal(three(|v| v["topology"]["paths"][2]["rtt_ms"] = json!(0)));
    assert_eq!(e.path, "topology.paths[2].rtt_ms", "a path's delay is its rtt_ms: {e}");
    let e = refusal(with(|v| v["topology"]["bottleneck"]["loss"] = json!(-0.1)));
    assert_eq!(e.path, "topology.bottleneck.loss", "{e}");
    let e = refusal(with(|v| v["topology"]["bottleneck"]["buffer"] = json!({"packets": 10, "rtt_ms": 30})));
    assert_eq!(e.to_string(), "topology.bottleneck.buffer.rtt_ms: only meaningful with bdp");

    let graph = |f: fn(&mut Value)| {
        let mut v = json!({"duration_s": 1,
            "topology": {"kind": "graph",
                "nodes": [{"name": "h1", "kind": "host"}, {"name": "r1", "kind": "router"}, {"name": "h2", "kind": "host"}],
                "links": [{"from": "h1", "to": "r1", "rate_mbps": 100, "delay_ms": 2}, {"from": "r1", "to": "h2", "rate_mbps": 10, "delay_ms": 5}]},
            "flows": [{"from": "h1", "to": "h2"}]});
        f(&mut v["topology"]["links"]);
        v
    };
    scenario::from_value(graph(|_| {})).expect("the base graph is valid");
    let e = refusal(graph(|l| l[1]["buffer"] = json!({"bdp": 0})));
    assert_eq!(e.path, "topology.links[1].buffer.bdp", "{e}");
    let e = refusal(graph(|l| l[1]["reverse"] = json!({"rate_mbps": 0})));
    assert_eq!(e.path, "topology.links[1].reverse.rate_mbps", "{e}");
    let e = refusal(graph(|l| l[0]["reverse"] = json!({"aqm_params": {"target_ms": -1}})));
    assert!(e.to_string().starts_with("topology.links[0].reverse.aqm_params"), "{e}");
    // A reverse direction runs its forward's discipline: its parameters are that one's.
    let e = refusal(graph(|l| {
        l[0]["aqm"] = json!("codel");
        l[0]["reverse"] = json!({"aqm_params": {"max_th": 3}});
    }));
    assert!(e.to_string().starts_with("topology.links[0].reverse.aqm_params"), "{e}");
    let e = refusal(graph(|l| l[0]["delay_ms"] = json!(-1)));
    assert_eq!(e.to_string(), "topology.links[0].delay_ms: must be ≥ 0 (got -1)");
}

#[test]
fn delays_and_buffers_beyond_what_the_engine_represents_are_refused_by_name() {
    let e = refusal(with(|v| v["topology"]["bottleneck"]["delay_ms"] = json!(1e300)));
    assert_eq!(e.path, "topology.bottleneck.delay_ms", "{e}");
    let e = refusal(with(|v| v["topology"]["senders"][1]["rtt_ms"] = json!(1e300)));
    assert_eq!(e.path, "topology.senders[1].rtt_ms", "{e}");
    let e = refusal(parallel(|v| v["topology"]["paths"][0]["rtt_ms"] = json!(1e300)));
    assert_eq!(e.path, "topology.paths[0].rtt_ms", "{e}");
    let e = refusal(with(|v| v["topology"]["bottleneck"]["buffer"] = json!({"packets": u64::MAX})));
    assert_eq!(e.path, "topology.bottleneck.buffer.packets", "{e}");
    let e = refusal(with(|v| v["topology"]["bottleneck"]["buffer"] = json!({"bytes": u64::MAX})));
    assert_eq!(e.path, "topology.bottleneck.buffer.bytes", "{e}");
    let e = refusal(with(|v| v["topology"]["bottleneck"]["buffer"] = json!({"bdp": 1e300})));
    assert_eq!(e.path, "topology.bottleneck.buffer.bdp", "{e}");
    let e = refusal(with(|v| v["tcp"] = json!({"max_rto_ms": 1e300})));
    assert_eq!(e.path, "tcp.max_rto_ms", "{e}");
}

#[test]
fn tcp_windows_are_bounded_by_name() {
    let e = refusal(with(|v| v["tcp"] = json!({"init_cwnd": 10_000_000})));
    assert_eq!(e.path, "tcp.init_cwnd", "{e}");
    assert!(e.message.contains("100000"), "{e}");
    let e = refusal(with(|v| v["tcp"] = json!({"init_cwnd": u32::MAX})));
    assert_eq!(e.path, "tcp.init_cwnd", "{e}");
    let e = refusal(with(|v| v["tcp"] = json!({"rwnd_packets": u64::MAX})));
    assert_eq!(e.path, "tcp.rwnd_packets", "{e}");
}

#[test]
fn tcp_header_sizes_are_bounded_so_frames_never_wrap() {
    let e = refusal(with(|v| v["tcp"] = json!({"header_bytes": u32::MAX - 100})));
    assert_eq!(e.path, "tcp.header_bytes", "{e}");
    let e = refusal(with(|v| v["tcp"] = json!({"ack_bytes": u32::MAX})));
    assert_eq!(e.path, "tcp.ack_bytes", "{e}");
    let e = refusal(with(|v| v["tcp"] = json!({"mss": u32::MAX})));
    assert_eq!(e.path, "tcp.mss", "{e}");
}

/// Sum of the bulk flows' goodputs over the bottleneck's rate.
fn goodput_share(v: Value) -> f64 {
    let mut sim = Simulation::new(scenario::from_value(v).unwrap(), None).unwrap();
    sim.run_to_end();
    let s = sim.summary(0.0);
    let total: f64 = s.flows.iter().filter(|f| f.size_bytes.is_none()).map(|f| f.goodput_mbps).sum();
    total / s.links[0].rate_mbps
}

#[test]
fn goodput_never_exceeds_the_bottleneck_on_short_runs() {
    // bench-two-flows for 1 s with a 0.29 s warm-up reported 109.8 % of the bottleneck: data
    // received out of order before the warm-up ended was counted when a retransmission filled
    // the hole after it.
    for (duration, warmup) in [(1.0, 0.29), (1.0, 0.25), (2.0, 0.29), (0.3, 0.1), (0.5, 0.2), (1.0, 0.5)] {
        for name in ["bench-two-flows", "tcp-dumbbell"] {
            let mut v = preset(name);
            for k in ["knobs", "variants", "expect", "sweep", "tour", "worksheet"] {
                v.as_object_mut().unwrap().remove(k);
            }
            v["duration_s"] = json!(duration);
            v["warmup_s"] = json!(warmup);
            let share = goodput_share(v);
            assert!(share <= 1.0, "{name} {duration} s (warm-up {warmup} s): goodput is {:.1} % of the bottleneck", share * 100.0);
        }
    }
}

#[test]
fn scenario_text_is_capped_before_parsing() {
    let mut v = base();
    v["description"] = json!("x".repeat(scenario::MAX_SCENARIO_BYTES));
    let text = v.to_string();
    let e = scenario::parse(&text).unwrap_err();
    assert!(e.to_string().contains("too large"), "{e}");
    assert!(e.to_string().contains(&scenario::MAX_SCENARIO_BYTES.to_string()), "{e}");
    // Not even the JSON is looked at.
    let e = scenario::parse(&format!("{{{}", " ".repeat(scenario::MAX_SCENARIO_BYTES))).unwrap_err();
    assert!(e.to_string().contains("too large"), "{e}");
}

#[test]
fn too_many_flows_names_the_list_not_a_missing_field() {
    let e = refusal(with(|v| v["flows"] = json!(vec![json!({"cc": "reno"}); 10_001])));
    assert_eq!(e.path, "flows", "{e}");
    let e = refusal(with(|v| v["flows"] = json!([{"cc": "reno", "count": 6000}, {"cc": "reno", "count": 6000}])));
    assert_eq!(e.path, "flows[1].count", "{e}");
}

const MAX_SAFE: u64 = (1 << 53) - 1;

#[test]
fn seeds_beyond_javascript_integers_are_refused_everywhere() {
    assert!(scenario::from_value(with(|v| v["seed"] = json!(MAX_SAFE))).is_ok());
    let e = refusal(with(|v| v["seed"] = json!(MAX_SAFE + 1)));
    assert_eq!(e.path, "seed", "{e}");
    assert!(e.message.contains("9007199254740991"), "{e}");
    let sc = scenario::from_value(base()).unwrap();
    let e = Simulation::new(sc.clone(), Some(u64::MAX)).err().expect("refused");
    assert_eq!(e.path, "seed", "{e}");
    assert!(Simulation::new(sc, Some(MAX_SAFE)).is_ok());
    assert_eq!(share::encode(&base(), MAX_SAFE + 1, &Value::Null).unwrap_err().path, "seed");
    let json = json!({"engine_version": netlab_core::ENGINE_VERSION, "seed": 1u64 << 60, "scenario": base()});
    let link = format!("v1.{}", base64_url(&miniz_deflate(json.to_string().as_bytes())));
    let e = share::decode(&link).unwrap_err();
    assert_eq!(e.path, "link.seed", "{e}");
}

#[test]
fn the_event_budget_is_exact() {
    for n in [1u64, 10, 4095, 5000] {
        let sc = scenario::from_value(with(|v| v["limits"] = json!({"max_events": n}))).unwrap();
        let mut sim = Simulation::new(sc, None).unwrap();
        sim.run_to_end();
        assert_eq!(sim.events(), n);
        assert!(sim.aborted().unwrap().contains("limits.max_events"));
    }
}

#[test]
fn max_points_is_bounded_the_same_on_every_platform() {
    for n in [u64::MAX, 1 << 40, (1 << 32) + 1] {
        let e = refusal(with(|v| v["metrics"] = json!({"max_points": n})));
        assert_eq!(e.path, "metrics.max_points", "{e}");
        assert!(e.message.contains("1000000"), "{e}");
    }
    assert!(scenario::from_value(with(|v| v["metrics"] = json!({"max_points": 100_000}))).is_ok());
}

#[test]
fn duplicate_json_keys_are_refused_by_name() {
    let text = r#"{"name": "d", "duration_s": 1, "duration_s": 2,
        "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 10}, "senders": [{"rtt_ms": 20}]},
        "flows": [{"cc": "reno"}]}"#;
    let e = scenario::parse(text).unwrap_err();
    assert!(e.to_string().contains("duplicate key 'duration_s'"), "{e}");
    let text = r#"{"name": "d", "duration_s": 1,
        "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 10, "rate_mbps": 1000}, "senders": [{"rtt_ms": 20}]},
        "flows": [{"cc": "reno"}]}"#;
    let e = scenario::parse(text).unwrap_err();
    assert_eq!(e.path, "topology.bottleneck", "{e}");
    assert!(e.message.contains("duplicate key 'rate_mbps'"), "{e}");
    let text = r#"{"name": "d", "duration_s": 1,
        "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 10}, "senders": [{"rtt_ms": 20}]},
        "flows": [{"cc": "reno", "cc_params": {"beta": 0.5, "beta": 0.7}}]}"#;
    let e = scenario::parse(text).unwrap_err();
    assert_eq!(e.path, "flows[0].cc_params", "{e}");
    // Inside a shared link too.
    let json = format!(
        r#"{{"engine_version": "{}", "seed": 1, "seed": 2, "scenario": {}}}"#,
        netlab_core::ENGINE_VERSION,
        base()
    );
    let link = format!("v1.{}", base64_url(&miniz_deflate(json.as_bytes())));
    let e = share::decode(&link).unwrap_err();
    assert!(e.to_string().contains("duplicate key 'seed'"), "{e}");
}

fn miniz_deflate(bytes: &[u8]) -> Vec<u8> {
    // A stored (uncompressed) raw DEFLATE block: enough for a test link.
    let mut out = Vec::new();
    for (i, chunk) in bytes.chunks(65535).enumerate() {
        let last = (i + 1) * 65535 >= bytes.len();
        out.push(last as u8);
        let n = chunk.len() as u16;
        out.extend_from_slice(&n.to_le_bytes());
        out.extend_from_slice(&(!n).to_le_bytes());
        out.extend_from_slice(chunk);
    }
    out
}

fn base64_url(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut s = String::new();
    for c in bytes.chunks(3) {
        let n = (c[0] as u32) << 16 | (*c.get(1).unwrap_or(&0) as u32) << 8 | *c.get(2).unwrap_or(&0) as u32;
        for k in 0..=c.len() {
            s.push(A[(n >> (18 - 6 * k) & 63) as usize] as char);
        }
    }
    s
}

#[test]
fn duplicate_quic_stream_names_are_refused() {
    let quic = |streams: Value| {
        with(|v| {
            v["flows"] = json!([{"kind": "quic", "cc": "cubic", "quic": {"streams": streams}}]);
        })
    };
    let e = refusal(quic(json!([{"name": "a", "source": {"kind": "bulk"}}, {"name": "a", "source": {"kind": "bulk"}}])));
    assert_eq!(e.path, "flows[0].quic.streams[1].name", "{e}");
    assert!(e.message.contains("'a'"), "{e}");
    // Expanded names collide too: "a" × 2 is a.1, a.2.
    let e = refusal(quic(json!([{"name": "a", "count": 2, "source": {"kind": "bulk"}}, {"name": "a.2", "source": {"kind": "bulk"}}])));
    assert_eq!(e.path, "flows[0].quic.streams[1].name", "{e}");
    assert!(scenario::from_value(quic(json!([{"name": "a", "source": {"kind": "bulk"}}, {"name": "b", "source": {"kind": "bulk"}}]))).is_ok());
}

#[test]
fn more_mptcp_subflows_than_paths_are_refused() {
    assert!(scenario::from_value(parallel(|v| v["flows"][0]["mptcp"] = json!({"subflows": 2}))).is_ok());
    let e = refusal(parallel(|v| v["flows"][0]["mptcp"] = json!({"subflows": 1000})));
    assert_eq!(e.path, "flows[0].mptcp.subflows", "{e}");
    let e = refusal(parallel(|v| v["flows"][0]["mptcp"] = json!({"paths": [1], "subflows": 2})));
    assert_eq!(e.path, "flows[0].mptcp.subflows", "{e}");
    let e = refusal(parallel(|v| {
        v["flows"] = json!([]);
        v["traffic"] = json!({"arrival_rate": 1, "size": {"kind": "web_search"}, "mptcp": {"subflows": 3}});
    }));
    assert_eq!(e.path, "traffic.mptcp.subflows", "{e}");
}

fn many_reno_flows(n: u32, budget_mb: Option<f64>) -> Value {
    let mut v = json!({"name": "many", "duration_s": 2,
        "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 100, "delay_ms": 1}, "senders": [{"rtt_ms": 20}]},
        "flows": [{"cc": "reno", "count": n}]});
    if let Some(mb) = budget_mb {
        v["limits"] = json!({"max_memory_mb": mb});
    }
    v
}

#[test]
fn the_memory_budget_counts_flows_and_series() {
    // 10 000 Reno flows record ~70 000 series: far more than 100 MiB within a second.
    let mut sim = Simulation::new(scenario::from_value(many_reno_flows(10_000, Some(100.0))).unwrap(), None).unwrap();
    sim.run_to_end();
    let why = sim.aborted().expect("stopped by the memory budget");
    assert!(why.contains("limits.max_memory_mb"), "{why}");
    assert!(sim.now_s() < 2.0);
    let est = sim.memory_estimate() as f64 / 1048576.0;
    assert!((90.0..=110.0).contains(&est), "stopped with {est:.1} MiB estimated, budget 100 MiB");
    // A run well under the budget is unaffected: same digest as with the default budget.
    let digest = |budget| {
        let mut sim = Simulation::new(scenario::from_value(many_reno_flows(10, budget)).unwrap(), None).unwrap();
        sim.run_to_end();
        assert!(sim.aborted().is_none());
        sim.summary(0.0).digest
    };
    assert_eq!(digest(Some(100.0)), digest(None));
}


/// The CLI reads scenario files through the same capped, duplicate-refusing reader and the
/// same seed bound as the page: one line on stderr, exit status 2.
#[test]
fn the_cli_refuses_huge_files_duplicate_keys_and_big_seeds() {
    let dir = std::env::temp_dir().join(format!("netlab-robust-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |name: &str, text: &str, extra: &[&str]| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_netlab"))
            .arg("run")
            .arg(&path)
            .args(extra)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        err
    };
    // 48 MB used to take 2.9 GB to refuse; now the file's length decides before it is read.
    let mut big = base();
    big["description"] = json!("x".repeat(48 << 20));
    let err = run("big.json", &big.to_string(), &[]);
    assert!(err.contains("too large") && err.contains("1048576"), "{err}");
    let dup = r#"{"name": "d", "duration_s": 1, "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 10},
        "senders": [{"rtt_ms": 20}]}, "flows": [{"cc": "reno", "cc": "cubic"}]}"#;
    let err = run("dup.json", dup, &[]);
    assert!(err.contains("flows[0]") && err.contains("duplicate key 'cc'"), "{err}");
    let err = run("seed.json", &base().to_string(), &["--seed", "9007199254740992"]);
    assert!(err.contains("seed: must be at most 9007199254740991"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
