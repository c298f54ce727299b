//! Untrusted input never panics the engine (property tests with proptest).
//!
//! - The scenario parser, on arbitrary JSON and on valid scenarios with random fields changed.
//! - The share-link decoder, on arbitrary strings and on valid links with random damage.
//! - Any scenario that validates runs to its end without panicking and conserves packets.
//!
//! The case counts keep `cargo test` quick; `NETLAB_FUZZ_SCALE=100 cargo test --release --test
//! robustness` multiplies them for the long fuzz run (a few minutes on two cores).

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

/// A random but valid scenario: any topology shape and parameters within the validator's
/// ranges, short enough to run in a test.
fn arb_valid_scenario() -> impl Strategy<Value = Value> {
    let path = (0.5f64..200.0, 4.0f64..150.0, 0u32..4, 0.0f64..0.05);
    (
        prop::bool::ANY,
        prop::collection::vec(path, 1..4),
        prop::collection::vec((0usize..4, 0.0f64..0.3, prop::option::of(1u64..400_000), 0usize..2), 1..5),
        any::<u64>(),
        prop::bool::ANY,
    )
        .prop_map(|(dumbbell, paths, flows, seed, delack)| {
            let n = paths.len();
            let buffer = |b: u32| match b {
                0 => json!({"bdp": 0.5}),
                1 => json!({"packets": 3}),
                2 => json!({"bytes": 20000}),
                _ => json!({"bdp": 4}),
            };
            let topology = if dumbbell {
                let (rate, _, b, loss) = paths[0];
                json!({"kind": "dumbbell",
                       "bottleneck": {"rate_mbps": rate, "delay_ms": 1, "buffer": buffer(b), "loss": loss},
                       "senders": paths.iter().map(|p| json!({"rtt_ms": p.1})).collect::<Vec<_>>()})
            } else {
                json!({"kind": "parallel",
                       "paths": paths.iter().map(|p| json!({"rate_mbps": p.0, "rtt_ms": p.1, "buffer": buffer(p.2), "loss": p.3}))
                                .collect::<Vec<_>>()})
            };
            let flows: Vec<Value> = flows
                .into_iter()
                .map(|(p, start, size, cc)| {
                    let name = ["reno", "cubic"][cc];
                    let mut f = json!({"cc": name, "path": p % n, "start_s": start});
                    if let Some(s) = size {
                        f["size_bytes"] = json!(s);
                    }
                    f
                })
                .collect();
            json!({"name": "prop", "seed": seed, "duration_s": 1.5, "warmup_s": 0.2, "topology": topology,
                   "flows": flows, "tcp": {"delayed_ack": delack}})
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(40), ..ProptestConfig::default() })]

    #[test]
    fn every_valid_scenario_runs_to_the_end_and_conserves_packets(v in arb_valid_scenario()) {
        let sc = scenario::from_value(v.clone()).map_err(|e| TestCaseError::fail(format!("{e}: {v}")))?;
        let mut sim = Simulation::new(sc, None).unwrap();
        while !sim.advance(0.3) {}
        let s = sim.summary(0.0);
        prop_assert!(s.aborted.is_none());
        let w = sim.world();
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
        for l in &s.links {
            prop_assert!((0.0..=1.0).contains(&l.utilization));
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
        any::<u64>(),
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
        for (i, f) in w.flows.iter().enumerate() {
            let in_net = w.net.pool.iter().filter(|p| p.flow as usize == i && p.body.is_data()).count() as u64;
            prop_assert_eq!(f.sent_packets, f.received_packets + f.dropped_packets + in_net);
            if let Some(size) = f.size_bytes {
                prop_assert!(f.bytes_delivered <= size);
                if f.completed_at.is_some() {
                    prop_assert_eq!(f.bytes_delivered, size);
                }
            }
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
        any::<u64>(),
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
        for (i, f) in w.flows.iter().enumerate() {
            let in_net = w.net.pool.iter().filter(|p| p.flow as usize == i && p.body.is_data()).count() as u64;
            prop_assert_eq!(f.sent_packets, f.received_packets + f.dropped_packets + in_net);
        }
        let mut total = 0;
        for st in &w.streams {
            // Nothing is readable that was not written, and every message counted once.
            prop_assert!(st.done.len() + st.pending.len() == st.written_at.len());
            total += st.bytes_delivered;
        }
        prop_assert_eq!(total, w.flows[0].bytes_delivered);
    }
}
