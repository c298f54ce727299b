//! The per-packet trace behind the sequence diagram (sim/trace.rs, issue 16): on a
//! scripted loss the trace shows the lost segment where it was lost, the duplicate ACKs that
//! follow, and the retransmission that repairs it; tracing changes no result; MPTCP subflows
//! are traced on their own paths.

use netlab_core::sim::trace::{DropCause, TraceKind};
use netlab_core::metrics::EventKind;
use netlab_core::Simulation;
use serde_json::json;

/// One NewReno flow through a 10 Mbit/s bottleneck whose 30th data packet is dropped on the
/// wire (`drop_packets`, 0-based).
fn lossy() -> serde_json::Value {
    json!({
        "name": "trace-loss", "duration_s": 1.5, "seed": 3,
        "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 10, "delay_ms": 5, "buffer": {"bdp": 2}, "drop_packets": [29]},
                     "senders": [{"rtt_ms": 30}]},
        "flows": [{"id": "f", "cc": "reno", "path": 0}]
    })
}

fn build(v: &serde_json::Value) -> Simulation {
    Simulation::from_json(&v.to_string(), None).expect("valid scenario")
}

#[test]
fn a_scripted_loss_shows_the_drop_the_dup_acks_and_the_retransmission() {
    let mut sim = build(&lossy());
    sim.trace_flow(Some(0)).expect("flow 0 exists");
    sim.run_to_end();
    let w = sim.trace(0.0, f64::INFINITY, usize::MAX).expect("tracing");
    assert_eq!((w.flow, w.flow_id.as_str(), w.stride), (0, "f", 1));
    let recs = &w.records;
    assert!(recs.windows(2).all(|p| p[0].sent_s <= p[1].sent_s), "records in send order");
    assert_eq!(recs.iter().filter(|r| r.kind == TraceKind::Syn).count(), 1, "one SYN");

    // The one dropped packet is a data segment, lost on the bottleneck's wire, never delivered.
    let dropped: Vec<_> = recs.iter().filter(|r| r.drop.is_some()).collect();
    assert_eq!(dropped.len(), 1, "{dropped:?}");
    let lost = dropped[0];
    let d = lost.drop.as_ref().unwrap();
    assert_eq!((lost.kind, lost.forward, lost.retx), (TraceKind::Data, true, false));
    assert_eq!((d.link.as_str(), d.cause), ("bottleneck", DropCause::Wire));
    assert!(d.hop < d.hops, "{d:?}");
    assert!(lost.end_s.unwrap() >= lost.sent_s);

    // Its retransmission: the same segment later, flagged, delivered.
    let retx = recs.iter().find(|r| r.kind == TraceKind::Data && r.seq == lost.seq && r.sent_s > lost.sent_s).expect("retransmitted");
    assert!(retx.retx && retx.drop.is_none() && retx.end_s.is_some(), "{retx:?}");

    // In between, the receiver keeps asking for the lost segment: the ACK of the segment before
    // it, then at least three duplicates SACKing what arrived past the hole, and no ACK passes
    // the hole before the retransmission arrives.
    let acks: Vec<_> = recs.iter().filter(|r| r.kind == TraceKind::Ack && !r.forward).collect();
    let dup: Vec<_> = acks.iter().filter(|a| a.seq == lost.seq && a.sent_s < retx.sent_s).collect();
    assert!(dup.len() >= 4, "an ACK and three duplicates before the fast retransmit: {}", dup.len());
    assert!(dup.iter().skip(1).all(|a| a.sack_blocks >= 1), "the duplicates SACK what arrived past the hole");
    let retx_end = retx.end_s.unwrap();
    assert!(acks.iter().filter(|a| a.sent_s > dup[0].sent_s && a.sent_s < retx_end).all(|a| a.seq == lost.seq), "no ACK passes the hole");
    assert!(acks.iter().any(|a| a.sent_s >= retx_end && a.seq > lost.seq), "the retransmission fills the hole");

    // The fast retransmit is in the window's events, before the retransmission is sent.
    let fr = w.events.iter().find(|e| matches!(e.kind, EventKind::FastRetransmit { .. })).expect("fast retransmit logged");
    assert!((fr.t_ns as f64) / 1e9 <= retx.sent_s + 1e-12);
    assert_eq!(fr.flow, Some(0));

    // A window around the loss holds the loss; every delivered data line goes forward in time.
    let around = sim.trace(lost.sent_s, retx.end_s.unwrap(), 100_000).unwrap();
    assert!(around.records.iter().any(|r| r.drop.is_some()));
    assert!(recs.iter().filter_map(|r| r.end_s.map(|e| e - r.sent_s)).all(|dt| dt >= 0.0));
    // Sampling to a budget keeps the drop and the retransmission, and says by how much.
    let small = sim.trace(0.0, f64::INFINITY, 50).unwrap();
    assert!(small.stride > 1 && small.records.len() < recs.len());
    assert_eq!(small.matched as usize, recs.len());
    assert!(small.records.iter().any(|r| r.drop.is_some()) && small.records.iter().any(|r| r.retx));
}

#[test]
fn tracing_changes_no_result() {
    let mut plain = build(&lossy());
    plain.run_to_end();
    let mut traced = build(&lossy());
    traced.trace_flow(Some(0)).unwrap();
    traced.run_to_end();
    assert!(!traced.trace(0.0, f64::INFINITY, 10).unwrap().records.is_empty());
    assert_eq!(plain.summary(0.0).digest, traced.summary(0.0).digest);
}

#[test]
fn mptcp_subflows_are_traced_on_their_paths_and_bad_flows_are_refused() {
    let v = json!({
        "name": "trace-mptcp", "duration_s": 0.6,
        "topology": {"kind": "parallel", "paths": [{"rate_mbps": 10, "rtt_ms": 20}, {"rate_mbps": 5, "rtt_ms": 40}]},
        "flows": [{"kind": "mptcp", "cc": "lia"}]
    });
    let mut sim = build(&v);
    assert!(sim.trace_flow(Some(7)).unwrap_err().contains("no flow 7"));
    assert!(sim.trace(0.0, 1.0, 10).is_none(), "nothing traced");
    sim.trace_flow(Some(0)).unwrap();
    sim.run_to_end();
    let w = sim.trace(0.0, f64::INFINITY, usize::MAX).unwrap();
    let paths: std::collections::BTreeSet<u32> = w.records.iter().filter(|r| r.kind == TraceKind::Data).map(|r| r.path).collect();
    assert_eq!(paths.len(), 2, "data on both subflows: {paths:?}");
    assert!(w.records.iter().filter(|r| r.kind == TraceKind::Data).all(|r| r.dsn.is_some()), "MPTCP data carries its DSN");
    sim.trace_flow(None).unwrap();
    assert!(sim.trace(0.0, 1.0, 10).is_none());
}

/// QUIC is traced at the same place: packet numbers for data, the lost packet's frames resent
/// in a later packet flagged as a retransmission, and the loss declared in the events.
#[test]
fn quic_losses_and_retransmitted_frames_are_traced() {
    let mut v = lossy();
    v["flows"] = json!([{"id": "q", "kind": "quic", "cc": "reno", "path": 0,
                         "quic": {"streams": [{"source": {"kind": "bulk", "size_bytes": 300000}}]}}]);
    let mut sim = build(&v);
    sim.trace_flow(Some(0)).unwrap();
    sim.run_to_end();
    let w = sim.trace(0.0, f64::INFINITY, usize::MAX).unwrap();
    let data: Vec<_> = w.records.iter().filter(|r| r.kind == TraceKind::Data).collect();
    assert!(data.windows(2).all(|p| p[0].seq < p[1].seq), "packet numbers only grow");
    let lost = data.iter().find(|r| r.drop.is_some()).expect("the scripted drop");
    assert!(data.iter().any(|r| r.retx && r.sent_s > lost.sent_s && r.drop.is_none()), "its frames resent");
    assert!(w.records.iter().any(|r| r.kind == TraceKind::Ack && r.sack_blocks >= 1), "an ACK with a gap after the loss");
    assert!(w.events.iter().any(|e| matches!(e.kind, EventKind::PacketsLost { .. })));
}
