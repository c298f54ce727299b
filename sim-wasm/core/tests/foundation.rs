//! Whole-run tests of the foundation: TCP loss recovery paths, packet conservation,
//! determinism, and the tcp-dumbbell preset's headline numbers.

use netlab_core::metrics::EventKind;
use netlab_core::scenario::{self, apply_overrides, apply_setting};
use netlab_core::{Simulation, Summary};
use serde_json::{json, Value};

fn preset(name: &str) -> Value {
    let path = format!("{}/../../public/scenarios/{name}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(&path).expect("preset file")).expect("preset JSON")
}

fn run(value: Value, seed: Option<u64>) -> (Simulation, Summary) {
    let mut sim = Simulation::new(scenario::from_value(value).expect("valid scenario"), seed).expect("builds");
    sim.run_to_end();
    let summary = sim.summary(0.0);
    (sim, summary)
}

/// One sized flow on a 40 ms, 100 Mbit/s path whose bottleneck loses exactly the listed data
/// packets (0-based send order).
fn one_flow(segments: u64, drop: &[u64]) -> Value {
    json!({
        "name": "t",
        "duration_s": 10,
        "topology": {"kind": "dumbbell",
                     "bottleneck": {"rate_mbps": 100, "delay_ms": 5, "buffer": {"unlimited": true},
                                    "drop_packets": drop},
                     "senders": [{"rtt_ms": 40}]},
        "flows": [{"cc": "reno", "size_bytes": segments * 1448}]
    })
}

fn kinds(sim: &Simulation) -> Vec<EventKind> {
    sim.log().map(|e| e.kind.clone()).collect()
}

#[test]
fn three_later_deliveries_trigger_fast_retransmit() {
    // 10 segments in the initial window, the first lost: 9 later ones are delivered, so the
    // loss is found by SACK after one RTT and repaired in the next.
    let (sim, s) = run(one_flow(10, &[0]), None);
    let k = kinds(&sim);
    assert!(k.contains(&EventKind::FastRetransmit { lost: 1 }), "{k:?}");
    assert!(!k.iter().any(|e| matches!(e, EventKind::Rto { .. })), "no timeout needed: {k:?}");
    let fct = s.flows[0].fct_s.expect("completes");
    // The handshake (one RTT), one RTT to learn of the loss, half an RTT for the repair to
    // reach the receiver: far below the 200 ms minimum RTO.
    assert!(fct > 0.100 && fct < 0.105, "fct {fct}");
    assert_eq!(s.flows[0].retransmitted_packets, 1);
}

#[test]
fn fewer_than_three_later_deliveries_wait_for_the_reordering_window() {
    // Three segments, the first lost: only two later packets can be delivered, fewer than the
    // duplicate-ACK threshold. Linux's RACK (tcp/rack.rs) marks it lost once a quarter of the
    // minimum RTT has passed since the later ones' delivery said it was missing: its reordering
    // timer (10 ms, in 4 ms jiffies + 2 jiffies = 20 ms) starts fast recovery. Under the old
    // rule of three later deliveries this waited for the 240 ms retransmission timer.
    let (sim, s) = run(one_flow(3, &[0]), None);
    let k = kinds(&sim);
    assert!(k.contains(&EventKind::FastRetransmit { lost: 1 }), "{k:?}");
    assert!(!k.iter().any(|e| matches!(e, EventKind::Rto { .. })), "no timeout: {k:?}");
    let fct = s.flows[0].fct_s.expect("completes");
    assert!(fct > 0.115 && fct < 0.135, "fct {fct}: handshake 40 ms + 40 ms + the 20 ms timer + a one-way trip");
}

#[test]
fn a_lost_retransmission_backs_off_the_timer() {
    // One segment lost, then the tail-loss probe that resends it, then the timeout's
    // retransmission: the second timeout waits twice as long (RFC 6298 5.5). 40 ms handshake;
    // the probe replaces the first timeout (with one packet out it waits 2·srtt + 200 ms,
    // capped at the 240 ms RTO); then 240 + 480 ms of timeouts; 20 ms one way.
    let (sim, s) = run(one_flow(1, &[0, 1, 2]), None);
    let k = kinds(&sim);
    assert!(k.contains(&EventKind::TailLossProbe { retransmission: true }), "{k:?}");
    assert!(k.contains(&EventKind::Rto { backoff: 1 }) && k.contains(&EventKind::Rto { backoff: 2 }), "{k:?}");
    let fct = s.flows[0].fct_s.expect("completes");
    assert!(fct > 1.019 && fct < 1.022, "fct {fct}: the probe at 240 ms, then 240 + 480 ms of timeouts, after the handshake");
}

/// Every data packet sent is received, dropped, or still in the network.
fn assert_conserved(sim: &Simulation) {
    let w = sim.world();
    for (i, f) in w.flows.iter().enumerate() {
        let in_network = w.net.pool.iter().filter(|p| p.flow as usize == i && p.body.is_data()).count() as u64;
        assert_eq!(
            f.sent_packets,
            f.received_packets + f.dropped_packets + in_network,
            "flow {} at t = {}: sent {} ≠ received {} + dropped {} + in network {}",
            f.id,
            sim.now_s(),
            f.sent_packets,
            f.received_packets,
            f.dropped_packets,
            in_network
        );
    }
}

#[test]
fn packets_are_conserved_through_a_whole_lossy_run() {
    let mut v = preset("tcp-dumbbell");
    apply_overrides(&mut v, Some("quick")).unwrap();
    apply_setting(&mut v, "buffer_bdp", &json!(0.3)).unwrap();
    apply_setting(&mut v, "loss", &json!(0.01)).unwrap();
    let mut sim = Simulation::new(scenario::from_value(v).unwrap(), None).unwrap();
    let mut checks = 0;
    while !sim.advance(0.25) {
        assert_conserved(&sim);
        checks += 1;
    }
    assert_conserved(&sim);
    let s = sim.summary(0.0);
    assert!(checks >= 30, "checked throughout the run");
    let dropped: u64 = s.flows.iter().map(|f| f.dropped_packets).sum();
    assert!(dropped > 100, "the run must actually lose packets to test anything (dropped {dropped})");
    assert_eq!(dropped, s.links[0].drops, "every data drop happened at the bottleneck");
}

#[test]
fn same_seed_same_summary_and_different_seed_different_run() {
    let mut v = preset("tcp-dumbbell");
    apply_overrides(&mut v, Some("quick")).unwrap();
    apply_setting(&mut v, "loss", &json!(0.005)).unwrap();
    let (_, a) = run(v.clone(), Some(7));
    let (_, b) = run(v.clone(), Some(7));
    assert_eq!(serde_json::to_string(&a).unwrap(), serde_json::to_string(&b).unwrap());
    assert_eq!(a.digest, a.compute_digest());
    let (_, c) = run(v, Some(8));
    assert_ne!(a.digest, c.digest, "the loss pattern depends on the seed");
}

#[test]
fn slicing_the_run_does_not_change_it() {
    let mut v = preset("tcp-dumbbell");
    apply_overrides(&mut v, Some("quick")).unwrap();
    let (_, whole) = run(v.clone(), None);
    let mut sim = Simulation::new(scenario::from_value(v).unwrap(), None).unwrap();
    let mut dt = 0.0001;
    while !sim.advance(dt) {
        dt = (dt * 1.7).min(0.9);
    }
    assert_eq!(sim.summary(0.0).digest, whole.digest);
}

#[test]
fn tcp_dumbbell_fills_the_bottleneck_and_reports_both_flows() {
    let (_, s) = run(preset("tcp-dumbbell"), None);
    assert_eq!(s.flows.len(), 2);
    let bn = s.links.iter().find(|l| l.id == "bottleneck").expect("bottleneck row");
    assert!(bn.utilization > 0.9, "utilisation {}", bn.utilization);
    let total: f64 = s.flows.iter().map(|f| f.goodput_mbps).sum();
    // Payload share of a 1500-byte frame bounds goodput: 100 · 1448/1500.
    assert!(total > 90.0 && total <= 96.6, "total goodput {total}");
    let j = s.jain.expect("a Jain index");
    assert!(j > 0.5 && j <= 1.0, "jain {j}");
    // Loss-based TCP's RTT unfairness: the 10 ms flow gets more than the 50 ms one.
    assert!(s.flows[0].goodput_mbps > s.flows[1].goodput_mbps);
}

#[test]
fn a_single_flow_saturates_its_path_with_one_bdp_of_buffer() {
    for cc in ["reno", "cubic"] {
        let mut v = preset("tcp-single");
        apply_setting(&mut v, "cc", &json!(cc)).unwrap();
        let (_, s) = run(v, None);
        let bn = &s.links[0];
        assert!(bn.utilization > 0.97, "{cc}: utilisation {}", bn.utilization);
        let retx = s.flows[0].retransmitted_packets as f64 / s.flows[0].sent_packets as f64;
        assert!(retx < 0.02, "{cc}: retransmission rate {retx}");
    }
}

#[test]
fn sized_flows_finish_with_every_byte_and_the_run_stops() {
    let v = json!({
        "name": "t", "duration_s": 30,
        "topology": {"kind": "parallel", "paths": [{"rate_mbps": 20, "rtt_ms": 30, "buffer": {"packets": 20}}]},
        "tcp": {"delayed_ack": true},
        "flows": [{"cc": "cubic", "size_bytes": 1_000_001, "count": 3, "start_spread_s": 0.3}]
    });
    let (sim, s) = run(v, None);
    assert!(sim.finished());
    assert!(s.duration_s < 30.0, "stops when every flow is done");
    for f in &s.flows {
        assert_eq!(f.bytes_delivered, 1_000_001, "{}", f.id);
        assert!(f.fct_s.is_some());
    }
    assert_eq!(s.flows.iter().map(|f| f.id.as_str()).collect::<Vec<_>>(), ["f1.1", "f1.2", "f1.3"]);
}

#[test]
fn series_stay_bounded_on_a_long_run() {
    let mut v = preset("tcp-single");
    apply_setting(&mut v, "duration_s", &json!(300)).unwrap();
    v["metrics"] = json!({"sample_ms": 1, "max_points": 512});
    let (sim, _) = run(v, None);
    let cwnd = sim.series("flow/flow/cwnd").expect("cwnd series");
    assert!(cwnd.len() <= 512, "{} points", cwnd.len());
    assert!(cwnd.last().unwrap().0 > 290.0, "still spans the run");
}

#[test]
fn run_budgets_stop_a_runaway_run_with_a_reason() {
    // An unlimited buffer lets CUBIC's window grow without bound: the memory budget stops it.
    let mut v = preset("tcp-single");
    // The buffer knob (and the claims and questions that use it) bind buffer.bdp, which an
    // unlimited buffer lacks.
    v["knobs"] = json!([]);
    v["expect"] = json!([]);
    v["worksheet"] = json!([]);
    v["topology"]["bottleneck"]["buffer"] = json!({"unlimited": true});
    v["duration_s"] = json!(600);
    v["limits"] = json!({"max_memory_mb": 1});
    let (sim, s) = run(v, None);
    let reason = s.aborted.clone().expect("stopped by the memory budget");
    assert!(reason.contains("limits.max_memory_mb"), "{reason}");
    assert!(sim.finished() && s.duration_s < 600.0);

    let mut v = preset("tcp-single");
    v["limits"] = json!({"max_events": 10_000});
    let (_, s) = run(v, None);
    assert!(s.aborted.expect("stopped by the event budget").contains("limits.max_events"));
    assert!(s.events < 20_000, "stopped promptly: {} events", s.events);

    // Within budget: no trace of the limits in the summary.
    let (_, s) = run(preset("tcp-single"), None);
    assert!(s.aborted.is_none());
}

#[test]
fn single_steps_replay_the_same_run_and_jain_converges_on_the_summary() {
    let mut v = preset("tcp-dumbbell");
    // A short run, shorter than the Duration knob allows (its minimum leaves room for the
    // preset's own warm-up): set the fields themselves, without the knobs (and the claims and
    // sweep and worksheet over them), which check their range.
    for k in ["knobs", "expect", "sweep", "worksheet"] {
        v.as_object_mut().unwrap().remove(k);
    }
    v["duration_s"] = json!(3);
    v["warmup_s"] = json!(1);
    let (whole_sim, whole) = run(v.clone(), None);
    let mut sim = Simulation::new(scenario::from_value(v).unwrap(), None).unwrap();
    let mut steps = 0u64;
    while !sim.step_events(1) {
        steps += 1;
    }
    assert!(steps + 1 >= whole.events - 1, "one event per step");
    assert_eq!(sim.summary(0.0).digest, whole.digest);
    let jain = whole_sim.series("run/all/jain").expect("jain series");
    let last = jain.last().unwrap().1;
    assert!((last - whole.jain.unwrap()).abs() < 1e-9, "series ends at the summary's index: {last} vs {:?}", whole.jain);
}

#[test]
fn snapshots_place_packets_on_every_link() {
    let mut v = preset("tcp-dumbbell");
    apply_overrides(&mut v, Some("quick")).unwrap();
    let mut sim = Simulation::new(scenario::from_value(v).unwrap(), None).unwrap();
    sim.advance(2.0);
    let snap = sim.snapshot();
    assert!(!snap.packets.is_empty() && snap.packets.len() <= netlab_core::simulation::MAX_SNAPSHOT_PACKETS);
    assert!(snap.packets.iter().all(|p| (0.0..=1.0).contains(&p.progress) && p.tx_s <= p.wire_s && p.wire_s <= p.arrive_s));
    // Data on the bottleneck, ACKs on the way back: the picture draws both.
    assert!(snap.packets.iter().any(|p| p.link == "bottleneck" && p.data));
    assert!(snap.packets.iter().any(|p| p.link.ends_with("-rev") && !p.data), "ACKs on the reverse links");
    assert!(snap.packets.iter().any(|p| p.progress > 0.0), "some packets are on the wire");
    assert_eq!(snap.links[0].id, "bottleneck");
    assert_eq!(snap.flows.iter().map(|f| f.id.as_str()).collect::<Vec<_>>(), ["short-rtt", "long-rtt"]);
    assert!(snap.flows.iter().all(|f| f.cwnd > 0 && f.srtt_ms >= 10.0));
}
