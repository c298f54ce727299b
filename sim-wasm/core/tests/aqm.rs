//! Whole-run checks of queue disciplines, ECN and jitter on a link (docs/model/aqm.md,
//! docs/model/tcp.md §ECN): an AQM keeps the standing queue short where DropTail fills its
//! buffer, ECN turns the AQM's drops into marks and the sender still backs off (no
//! retransmission, same utilisation), the queueing delay obeys Little's law, and jitter never
//! reorders a link's packets. The control laws themselves are unit-tested in net/qdisc/.

use netlab_core::metrics::EventKind;
use netlab_core::scenario;
use netlab_core::{Simulation, Summary};
use serde_json::{json, Value};

/// One bulk flow over a 10 Mbit/s, 40 ms dumbbell with a deep (500-packet) buffer.
fn bulk(cc: &str, bottleneck: Value, tcp: Value) -> Value {
    let mut b = json!({"rate_mbps": 10, "delay_ms": 5, "buffer": {"packets": 500}});
    b.as_object_mut().unwrap().extend(bottleneck.as_object().unwrap().clone());
    json!({"name": "aqm-test", "duration_s": 12, "warmup_s": 2, "seed": 3,
           "topology": {"kind": "dumbbell", "bottleneck": b, "senders": [{"rtt_ms": 40}]},
           "tcp": tcp, "flows": [{"id": "bulk", "cc": cc, "path": 0}]})
}

fn run(v: Value) -> (Simulation, Summary) {
    let mut sim = Simulation::new(scenario::from_value(v).expect("valid scenario"), None).expect("builds");
    sim.run_to_end();
    let s = sim.summary(0.0);
    (sim, s)
}

#[test]
fn codel_keeps_the_queue_near_its_target_where_droptail_fills_the_buffer() {
    let (_, tail) = run(bulk("cubic", json!({}), json!({})));
    let (_, codel) = run(bulk("cubic", json!({"aqm": "codel"}), json!({})));
    let (t, c) = (&tail.links[0], &codel.links[0]);
    assert!(t.mean_sojourn_ms > 100.0, "DropTail's standing queue: {} ms", t.mean_sojourn_ms);
    assert!(c.mean_sojourn_ms < 10.0, "CoDel (target 5 ms): {} ms", c.mean_sojourn_ms);
    assert_eq!(c.aqm.as_deref(), Some("codel"));
    assert_eq!(t.aqm, None, "DropTail is the default");
    assert!(c.queue_drops > 0, "CoDel controls by dropping");
    assert!(c.utilization > 0.85, "and still keeps the link busy: {}", c.utilization);
}

#[test]
fn with_ecn_an_aqm_marks_instead_of_dropping_and_the_sender_still_backs_off() {
    for aqm in ["codel", "fq_codel", "pie", "red"] {
        let (_, drops) = run(bulk("cubic", json!({"aqm": aqm}), json!({})));
        let (sim, marks) = run(bulk("cubic", json!({"aqm": aqm}), json!({"ecn": true})));
        let (d, m) = (&drops.links[0], &marks.links[0]);
        assert!(d.queue_drops > 0 && d.ecn_marks.is_none(), "{aqm} without ECN drops");
        assert_eq!(m.queue_drops, 0, "{aqm} with ECN: nothing dropped");
        let marked = m.ecn_marks.expect("marks");
        assert!(marked > 0, "{aqm} marks");
        assert_eq!(marks.flows[0].ecn_marks, Some(marked), "{aqm}: the receiver saw every mark");
        assert_eq!(marks.flows[0].retransmitted_packets, 0, "{aqm}: a mark is not a loss to repair");
        let cuts = sim.log().filter(|e| matches!(e.kind, EventKind::EcnEcho { reduced: true })).count();
        assert!(cuts > 0, "{aqm}: the sender reduced its window on the echo");
        // The window reductions are the same control loop: the queue stays as short.
        assert!(m.mean_sojourn_ms < d.mean_sojourn_ms * 1.5 + 2.0, "{aqm}: {} vs {} ms", m.mean_sojourn_ms, d.mean_sojourn_ms);
        // RED marks on its average queue, and a marked packet stays in the queue (a dropped
        // one leaves it), so the average stays higher and RED marks a little more often than
        // it would drop: a few more window cuts, a little less utilisation. The
        // sojourn-based disciplines see the same delay either way.
        let tolerance = if aqm == "red" { 0.1 } else { 0.06 };
        assert!((m.utilization - d.utilization).abs() < tolerance, "{aqm}: utilisation {} vs {}", m.utilization, d.utilization);
    }
}

/// One reduction per window: a mark echoed until CWR reaches the receiver must not cut the
/// window again as the reduction ends (Linux holds CWR until above the recovery point).
#[test]
fn an_ecn_echo_cuts_the_window_once_per_window_of_data() {
    let (sim, s) = run(bulk("reno", json!({"aqm": "codel"}), json!({"ecn": true})));
    let marks = s.links[0].ecn_marks.expect("marks");
    let cuts = sim.log().filter(|e| matches!(e.kind, EventKind::EcnEcho { .. })).count() as u64;
    assert!(cuts > 0 && cuts <= marks, "{cuts} reductions for {marks} marks");
}

#[test]
fn bbr_v1_ignores_ecn_marks() {
    let (sim, s) = run(bulk("bbr", json!({"aqm": "codel"}), json!({"ecn": true})));
    assert!(s.links[0].ecn_marks.unwrap_or(0) > 0);
    let echoes: Vec<_> = sim.log().filter_map(|e| match e.kind { EventKind::EcnEcho { reduced } => Some(reduced), _ => None }).collect();
    assert!(!echoes.is_empty() && echoes.iter().all(|r| !r), "BBR enters CWR but keeps its window");
}

/// Little's law on a DropTail bottleneck: the mean queueing delay is the mean queue over
/// the rate (packets are served in order at the link's rate).
#[test]
fn the_queueing_delay_is_the_queue_over_the_rate() {
    let (_, s) = run(bulk("cubic", json!({}), json!({})));
    let l = &s.links[0];
    let from_queue_ms = l.mean_queue_bytes * 8.0 / (l.rate_mbps * 1e6) * 1e3;
    assert!((l.mean_sojourn_ms - from_queue_ms).abs() < 0.1 * from_queue_ms, "sojourn {} ms vs queue/rate {} ms", l.mean_sojourn_ms, from_queue_ms);
    assert!(l.max_sojourn_ms >= l.mean_sojourn_ms);
}

#[test]
fn jitter_delays_packets_but_never_reorders_them() {
    let unlimited = json!({"buffer": {"unlimited": true}});
    let (_, plain) = run(bulk("cubic", unlimited.clone(), json!({})));
    let mut jittery = unlimited;
    jittery["jitter_ms"] = json!(8);
    let (_, j) = run(bulk("cubic", jittery, json!({})));
    assert_ne!(plain.digest, j.digest, "jitter changes the run");
    // In order and nothing lost: a reordered packet would look like a loss to SACK and be
    // retransmitted (and arrive twice).
    assert_eq!(j.flows[0].retransmitted_packets, 0);
    assert_eq!(j.flows[0].duplicate_packets, 0);
    // Same seed, same jitter: the same run.
    let mut again = json!({"buffer": {"unlimited": true}});
    again["jitter_ms"] = json!(8);
    assert_eq!(run(bulk("cubic", again, json!({}))).1.digest, j.digest);
}

#[test]
fn a_bad_discipline_or_parameter_names_the_field() {
    let err = |b: Value, tcp: Value| scenario::from_value(bulk("cubic", b, tcp)).expect_err("invalid").to_string();
    let e = err(json!({"aqm": "blue"}), json!({}));
    assert!(e.starts_with("topology.bottleneck.aqm: unknown queue discipline 'blue'") && e.contains("fq_codel"), "{e}");
    let e = err(json!({"aqm": "codel", "aqm_params": {"target_ms": -1}}), json!({}));
    assert!(e.starts_with("topology.bottleneck.aqm_params: target_ms"), "{e}");
    let e = err(json!({"jitter_ms": -2}), json!({}));
    assert!(e.starts_with("topology.bottleneck.jitter_ms: must be in [0, 10000] ms"), "{e}");
    let e = err(json!({}), json!({"ecn": true, "profile": "ns3-classic"}));
    assert!(e.starts_with("tcp.ecn:"), "{e}");
}

/// Every discipline of the registry is accepted by the engine with its defaults and carries a
/// bulk flow (adding one is one file plus one registry line: this walks them all).
#[test]
fn every_registered_discipline_runs_a_bulk_flow_with_its_defaults() {
    for name in netlab_core::net::qdisc::names() {
        let (_, s) = run(bulk("cubic", json!({"aqm": name}), json!({})));
        assert!(s.flows[0].goodput_mbps > 7.0, "{name}: goodput {}", s.flows[0].goodput_mbps);
        assert_eq!(s.links[0].aqm.as_deref(), (name != "droptail").then_some(name), "{name}");
    }
}
