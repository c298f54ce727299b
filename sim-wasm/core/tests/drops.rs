//! `drops` (scenario/drops.rs, net/named_drop.rs, issue 32): a packet named by flow, number
//! and transmission is lost where the scenario says, and the sender repairs it the way its
//! protocol does — TCP by fast retransmit when later segments arrive and, for the last segment,
//! by the tail-loss probe (linux) or the RTO (ns3-classic); an MPTCP subflow the same on its
//! own path; QUIC by RFC 9002's packet threshold and, for the last packet, after a PTO. A
//! dropped ACK is covered by the next one. Bad entries are refused naming the field.

mod common;

use netlab_core::metrics::{EventKind, LogEvent};
use netlab_core::sim::trace::{DropCause, TraceKind, TraceRecord};
use netlab_core::Simulation;
use serde_json::{json, Value};
use std::process::Command;

// tcp(profile, segments, drops): one flow of `segments` full segments over a 40 ms,
// 100 Mbit/s dumbbell whose buffer never overflows: only the named drops lose anything.
use common::one_flow_named_drops as tcp;

/// Run `v` to the end tracing flow 0: its packet records and every event of the run's log.
fn traced(v: &Value) -> (Vec<TraceRecord>, Vec<LogEvent>) {
    let mut sim = Simulation::from_json(&v.to_string(), None).unwrap_or_else(|e| panic!("{e}"));
    sim.trace_flow(Some(0)).unwrap();
    sim.run_to_end();
    let w = sim.trace(0.0, f64::INFINITY, usize::MAX).unwrap();
    (w.records, sim.log().collect())
}

fn data_sends<'a>(recs: &'a [TraceRecord], path: Option<u32>, seq: u64) -> Vec<&'a TraceRecord> {
    recs.iter().filter(|r| r.kind == TraceKind::Data && r.seq == seq && path.is_none_or(|p| r.path == p)).collect()
}

fn count(events: &[LogEvent], pred: impl Fn(&EventKind) -> bool) -> usize {
    events.iter().filter(|e| pred(&e.kind)).count()
}

fn first_at(events: &[LogEvent], pred: impl Fn(&EventKind) -> bool) -> Option<f64> {
    events.iter().find(|e| pred(&e.kind)).map(|e| e.t_ns as f64 / 1e9)
}

/// The named segment is lost on the named link, once; its one retransmission arrives.
fn assert_lost_once_then_repaired(sends: &[&TraceRecord], link: &str) {
    assert_eq!(sends.len(), 2, "sent twice: {sends:?}");
    let d = sends[0].drop.as_ref().expect("the first transmission is lost");
    assert_eq!((d.link.as_str(), d.cause), (link, DropCause::Wire));
    assert!(!sends[0].retx);
    assert!(sends[1].retx && sends[1].drop.is_none() && sends[1].end_s.is_some(), "{:?}", sends[1]);
}

#[test]
fn a_dropped_segment_is_fast_retransmitted_once_when_three_later_segments_arrive() {
    for profile in ["linux", "ns3-classic"] {
        let (recs, events) = traced(&tcp(profile, 100, json!([{"flow": "f", "seq": 20, "at": "bottleneck"}])));
        let sends = data_sends(&recs, None, 20);
        assert_lost_once_then_repaired(&sends, "bottleneck");
        let retx_at = sends[1].sent_s;
        let later = recs.iter().filter(|r| r.kind == TraceKind::Data && r.seq > 20 && r.end_s.is_some_and(|e| e < retx_at)).count();
        assert!(later >= 3, "{profile}: three later segments arrived before the retransmission ({later})");
        assert_eq!(count(&events, |k| matches!(k, EventKind::FastRetransmit { .. })), 1, "{profile}: one fast retransmit");
        let fr = first_at(&events, |k| matches!(k, EventKind::FastRetransmit { .. })).unwrap();
        assert!(fr <= retx_at + 1e-12, "{profile}: the fast retransmit sends it");
        assert_eq!(count(&events, |k| matches!(k, EventKind::Rto { .. })), 0, "{profile}: no timeout");
        assert_eq!(recs.iter().filter(|r| r.retx).count(), 1, "{profile}: nothing else is resent");
    }
}

#[test]
fn a_dropped_last_segment_is_repaired_by_the_tail_loss_probe_under_linux_and_the_rto_under_ns3() {
    // 30 segments: the last one has no later segment to draw duplicate ACKs.
    let drop = json!([{"flow": "f", "seq": 29}]);
    let (recs, events) = traced(&tcp("linux", 30, drop.clone()));
    assert_lost_once_then_repaired(&data_sends(&recs, None, 29), "access1");
    assert_eq!(count(&events, |k| matches!(k, EventKind::TailLossProbe { retransmission: true })), 1, "linux probes with the last segment");
    assert_eq!(count(&events, |k| matches!(k, EventKind::Rto { .. })), 0, "linux: the probe repairs it before the RTO");
    assert_eq!(count(&events, |k| matches!(k, EventKind::FlowCompleted)), 1);

    let (recs, events) = traced(&tcp("ns3-classic", 30, drop));
    let sends = data_sends(&recs, None, 29);
    assert_lost_once_then_repaired(&sends, "access1");
    assert_eq!(count(&events, |k| matches!(k, EventKind::TailLossProbe { .. })), 0, "ns-3.19 has no tail-loss probe");
    let rto = first_at(&events, |k| matches!(k, EventKind::Rto { .. })).expect("ns3-classic times out");
    assert!(rto <= sends[1].sent_s + 1e-12 && rto - sends[0].sent_s >= 0.2, "the RTO (≥ 200 ms) resends it");
    assert_eq!(count(&events, |k| matches!(k, EventKind::FastRetransmit { .. })), 0);
}

#[test]
fn transmission_names_the_retransmission_too() {
    let (recs, _) = traced(&tcp("linux", 100, json!([
        {"flow": "f", "seq": 20, "at": "bottleneck"}, {"flow": "f", "seq": 20, "transmission": 2, "at": "bottleneck"}])));
    let sends = data_sends(&recs, None, 20);
    assert_eq!(sends.len(), 3, "{sends:?}");
    assert!(sends[0].drop.is_some() && sends[1].drop.is_some() && sends[2].drop.is_none() && sends[2].end_s.is_some());
    // Dropping only the second leaves the first through: nothing is lost at all.
    let (recs, _) = traced(&tcp("linux", 100, json!([{"flow": "f", "seq": 20, "transmission": 2}])));
    assert!(recs.iter().all(|r| r.drop.is_none() && !r.retx));
}

#[test]
fn a_dropped_ack_is_covered_by_the_next_one() {
    let plain = tcp("linux", 100, json!([]));
    let (recs, _) = traced(&plain);
    let ack = recs.iter().filter(|r| r.kind == TraceKind::Ack).nth(10).expect("ACKs").seq;
    let (recs, events) = traced(&tcp("linux", 100, json!([{"flow": "f", "ack": ack, "at": "bottleneck-rev"}])));
    let lost: Vec<_> = recs.iter().filter(|r| r.drop.is_some()).collect();
    assert_eq!(lost.len(), 1, "{lost:?}");
    assert_eq!((lost[0].kind, lost[0].seq, lost[0].drop.as_ref().unwrap().link.as_str()), (TraceKind::Ack, ack, "bottleneck-rev"));
    assert!(recs.iter().all(|r| !r.retx), "a cumulative ACK behind it covers the data: nothing is resent");
    assert_eq!(count(&events, |k| matches!(k, EventKind::FlowCompleted)), 1);
}

#[test]
fn an_mptcp_subflow_segment_is_fast_retransmitted_on_its_own_path() {
    let v = json!({
        "name": "m", "duration_s": 10,
        "topology": {"kind": "parallel", "paths": [{"rate_mbps": 50, "rtt_ms": 40, "buffer": {"packets": 1000}},
                                                   {"rate_mbps": 50, "rtt_ms": 40, "buffer": {"packets": 1000}}]},
        "flows": [{"id": "mp", "kind": "mptcp", "cc": "lia", "size_kb": 600}],
        "drops": [{"flow": "mp", "subflow": 2, "seq": 15, "at": "path2"}]
    });
    let (recs, events) = traced(&v);
    // Route 2 (subflow on path 2) sends data on network path 2; route 1 on path 0.
    let sends = data_sends(&recs, Some(2), 15);
    assert_lost_once_then_repaired(&sends, "path2");
    assert_eq!(data_sends(&recs, Some(0), 15).len(), 1, "the other subflow's segment 15 is untouched");
    assert_eq!(recs.iter().filter(|r| r.retx).count(), 1);
    assert_eq!(count(&events, |k| matches!(k, EventKind::FastRetransmit { .. })), 1);
    assert_eq!(count(&events, |k| matches!(k, EventKind::Rto { .. })), 0);
}

fn quic(drops: Value) -> Value {
    json!({
        "name": "q", "duration_s": 10,
        "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 20, "delay_ms": 5, "buffer": {"unlimited": true}},
                     "senders": [{"rtt_ms": 40}]},
        "flows": [{"id": "q", "kind": "quic", "cc": "reno", "quic": {"streams": [{"source": {"kind": "bulk", "size_bytes": 200_000}}]}}],
        "drops": drops
    })
}

fn packets_lost(k: &EventKind) -> bool {
    matches!(k, EventKind::PacketsLost { .. })
}

#[test]
fn a_dropped_quic_packet_is_declared_lost_by_the_packet_threshold() {
    let (recs, events) = traced(&quic(json!([{"flow": "q", "seq": 30, "at": "bottleneck"}])));
    let sent = data_sends(&recs, None, 30);
    assert_eq!(sent.len(), 1, "a packet number is sent once");
    assert_eq!(sent[0].drop.as_ref().map(|d| d.link.as_str()), Some("bottleneck"));
    let lost_at = first_at(&events, packets_lost).expect("declared lost");
    assert_eq!(count(&events, packets_lost), 1);
    // RFC 9002 §6.1.1: lost once a packet kPacketThreshold (3) above it is acknowledged — the
    // sender had an ACK reaching past 33 (largest acknowledged ≥ 33) by then, and no PTO fired.
    let acked_past = recs.iter().any(|r| r.kind == TraceKind::Ack && r.seq >= 34 && r.end_s.is_some_and(|e| e <= lost_at + 1e-12));
    assert!(acked_past, "an ACK of 33 or above arrived by {lost_at}");
    assert_eq!(count(&events, |k| matches!(k, EventKind::Pto { .. })), 0);
    // Its frames go again in a new packet, after the declaration.
    let resent = recs.iter().find(|r| r.kind == TraceKind::Data && r.retx).expect("the data is resent");
    assert!(resent.seq > 33 && resent.sent_s >= lost_at - 1e-12 && resent.end_s.is_some());
    assert_eq!(count(&events, |k| matches!(k, EventKind::FlowCompleted)), 1);
}

#[test]
fn a_dropped_last_quic_packet_is_recovered_after_a_pto() {
    let (recs, _) = traced(&quic(json!([])));
    let last = recs.iter().filter(|r| r.kind == TraceKind::Data).map(|r| r.seq).max().unwrap();
    let (recs, events) = traced(&quic(json!([{"flow": "q", "seq": last}])));
    let sent_at = data_sends(&recs, None, last)[0].sent_s;
    assert!(data_sends(&recs, None, last)[0].drop.is_some());
    let pto = first_at(&events, |k| matches!(k, EventKind::Pto { .. })).expect("the probe timeout fires");
    assert!(pto > sent_at, "no ACK came back for the tail, so the PTO fired");
    assert!(first_at(&events, packets_lost).is_none_or(|t| t >= pto), "nothing was declared lost before the PTO");
    // RFC 9002 §6.2.4: the probe carries the lost data again, in a new packet number.
    let probe = recs.iter().find(|r| r.kind == TraceKind::Data && r.retx).expect("a probe");
    assert!((probe.sent_s - pto).abs() < 1e-9 && probe.seq > last && probe.end_s.is_some(), "{probe:?}");
    assert_eq!(count(&events, |k| matches!(k, EventKind::FlowCompleted)), 1, "the stream completes");
}

#[test]
fn bad_drops_are_refused_naming_the_field() {
    let bad = |drops: Value, want: &str| {
        let e = Simulation::from_json(&tcp("linux", 100, drops.clone()).to_string(), None).err().unwrap_or_else(|| panic!("accepted {drops}"));
        assert!(e.to_string().starts_with(want), "{drops}: {e}");
    };
    bad(json!([{"flow": "g", "seq": 1}]), "drops[0].flow: no flow 'g' (flows: 'f')");
    bad(json!([{"flow": "f", "seq": 1}, {"flow": "f", "seq": 100}]), "drops[1].seq: out of range: flow 'f' sends segments 0‥99");
    bad(json!([{"flow": "f", "ack": 0}]), "drops[0].ack: out of range");
    bad(json!([{"flow": "f"}]), "drops[0].seq: missing");
    bad(json!([{"flow": "f", "seq": 1, "ack": 2}]), "drops[0].ack: give seq");
    bad(json!([{"flow": "f", "seq": 1, "transmission": 0}]), "drops[0].transmission: must be in [1, 64]");
    bad(json!([{"flow": "f", "seq": 1, "subflow": 1}]), "drops[0].subflow: only for MPTCP flows");
    bad(json!([{"flow": "f", "seq": 1, "at": "path9"}]), "drops[0].at: the data of flow 'f' do not cross a link named 'path9' (they cross: access1, bottleneck, egress1)");
    bad(json!([{"flow": "f", "ack": 3, "at": "bottleneck"}]), "drops[0].at: the ACKs of flow 'f' do not cross a link named 'bottleneck' (they cross: egress1-rev, bottleneck-rev, access1-rev)");
    bad(json!([{"flow": "f", "seq": 1, "when": 2}]), "");
    let quic_retx = quic(json!([{"flow": "q", "seq": 4, "transmission": 2}]));
    let e = Simulation::from_json(&quic_retx.to_string(), None).err().expect("refused").to_string();
    assert!(e.starts_with("drops[0].transmission: a QUIC packet is sent once"), "{e}");
}

#[test]
fn the_cli_sets_drops_on_a_preset_and_logs_the_fast_retransmit() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let run = |drops: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_netlab"))
            .args(["run", "tcp-single", "--set", "duration_s=1", "--set", &format!("drops={drops}"), "--events"])
            .current_dir(&root)
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let (code, out, err) = run(r#"[{"flow":"flow","seq":10,"at":"bottleneck"}]"#);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let drop = lines.iter().position(|l| l.contains("drop ") && l.contains("wire=true")).expect("the drop is logged");
    let fr = lines.iter().position(|l| l.contains("fast_retransmit")).expect("the fast retransmit is logged");
    assert!(drop < fr, "{out}");
    let (code, _, err) = run(r#"[{"flow":"flows","seq":10}]"#);
    assert_eq!(code, Some(2));
    assert!(err.contains("drops[0].flow: no flow 'flows'"), "{err}");
}
