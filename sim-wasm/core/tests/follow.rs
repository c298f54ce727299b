//! Follow one packet (sim/follow.rs, issue 32 §2): the journey the engine reports for one data
//! packet — every hop's queueing, serialisation and propagation, its delivery, and the ACK that
//! covers it — agrees with the link model and with the per-packet trace (sim/trace.rs), tells
//! transmissions apart, and its step visits each of its events in order. TCP, MPTCP and QUIC.
//! An ACK followed on its own: its journey, which duplicate it is, and that a drop naming that
//! duplicate loses exactly that packet.

use netlab_core::metrics::EventKind;
use netlab_core::sim::follow::{FollowRequest, Journey, JourneyLeg};
use netlab_core::sim::trace::{DropCause, TraceKind, TraceRecord};
use netlab_core::Simulation;
use serde_json::{json, Value};

/// One reno flow of `segments` segments over a 100 Mbit/s, 5 ms bottleneck with a 40 ms RTT;
/// the slow start queues packets at the bottleneck, so later segments wait there.
fn tcp(segments: u64, drops: Value) -> Value {
    json!({
        "name": "d", "duration_s": 10,
        "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 100, "delay_ms": 5, "buffer": {"unlimited": true}},
                     "senders": [{"rtt_ms": 40}]},
        "flows": [{"id": "f", "cc": "reno", "size_bytes": segments * 1448}],
        "drops": drops
    })
}

fn request(flow: u32, seq: u64, path: Option<u32>, link: Option<&str>, at_s: f64) -> FollowRequest {
    FollowRequest { flow, ack: false, seq, path, link: link.map(str::to_string), wire_s: None, at_s }
}

/// Follow ACK number `ack` of flow 0: the one sent closest to `at_s`, or the one on `link` at
/// `at_s` (that left its transmitter at `wire_s`, when given), as the page asks.
fn ack_request(ack: u64, link: Option<&str>, wire_s: Option<f64>, at_s: f64) -> FollowRequest {
    FollowRequest { flow: 0, ack: true, seq: ack, path: None, link: link.map(str::to_string), wire_s, at_s }
}

/// Run `v` to the end following `req` and tracing its flow: the journey and the trace.
fn followed(v: &Value, req: FollowRequest) -> (Journey, Vec<TraceRecord>) {
    let mut sim = Simulation::from_json(&v.to_string(), None).unwrap_or_else(|e| panic!("{e}"));
    sim.trace_flow(Some(req.flow as usize)).unwrap();
    sim.follow(Some(req)).unwrap();
    sim.run_to_end();
    let j = sim.journey().expect("the packet was sent");
    (j, sim.trace(0.0, f64::INFINITY, usize::MAX).unwrap().records)
}

const NS: f64 = 1e-9;

/// Each hop's times are in order and the next hop takes the packet when this one delivers it.
fn assert_hops_chain(leg: &JourneyLeg) {
    for (i, h) in leg.hops.iter().enumerate() {
        let (tx, wire, arrive) = (h.tx_s.unwrap(), h.wire_s.unwrap(), h.arrive_s.unwrap());
        assert!(h.queued_s <= tx && tx < wire && wire <= arrive, "hop {i}: {h:?}");
        if let Some(next) = leg.hops.get(i + 1) {
            assert!((next.queued_s - arrive).abs() < NS, "hop {} is offered when hop {i} arrives", i + 1);
        }
    }
    let last = leg.hops.last().unwrap();
    assert!((leg.delivered_s.unwrap() - last.arrive_s.unwrap()).abs() < NS);
}

/// The trace record of `kind` sent at `t` with number `seq`.
fn record<'a>(recs: &'a [TraceRecord], kind: TraceKind, seq: u64, t: f64) -> &'a TraceRecord {
    recs.iter()
        .find(|r| r.kind == kind && r.seq == seq && (r.sent_s - t).abs() < NS)
        .unwrap_or_else(|| panic!("no {kind:?} {seq} sent at {t}"))
}

#[test]
fn a_segment_s_journey_matches_the_link_model_and_the_trace_and_ends_at_the_ack_that_covers_it() {
    let (j, recs) = followed(&tcp(200, json!([])), request(0, 60, None, None, 0.0));
    assert_eq!((j.flow_id.as_str(), j.transmission, j.transmissions), ("f", 1, 1));
    let links: Vec<&str> = j.data.hops.iter().map(|h| h.link.as_str()).collect();
    assert_eq!(links, ["access1", "bottleneck", "egress1"]);
    assert_hops_chain(&j.data);
    // On the bottleneck: serialised at 100 Mbit/s (a 1500-byte frame: 120 µs), propagated 5 ms,
    // and segment 60 of a slow start waits behind earlier ones.
    let b = &j.data.hops[1];
    assert!((b.wire_s.unwrap() - b.tx_s.unwrap() - 1500.0 * 8.0 / 100e6).abs() < 2.0 * NS, "{b:?}");
    assert!((b.arrive_s.unwrap() - b.wire_s.unwrap() - 0.005).abs() < 2.0 * NS, "{b:?}");
    assert!(b.tx_s.unwrap() - b.queued_s > 1e-4, "it waited in the bottleneck's queue: {b:?}");
    // The trace saw the same packet: sent and delivered at the same times.
    let r = record(&recs, TraceKind::Data, 60, j.data.hops[0].queued_s);
    assert!((r.end_s.unwrap() - j.data.delivered_s.unwrap()).abs() < NS);
    // The ACK: the first one sent at or after the delivery with a cumulative ACK beyond 60.
    let ack = j.ack.as_ref().expect("covered");
    assert!(ack.number > 60);
    let sent = ack.hops[0].queued_s;
    assert!(sent >= j.data.delivered_s.unwrap() - NS);
    let first_covering = recs
        .iter()
        .filter(|r| r.kind == TraceKind::Ack && r.seq > 60 && r.sent_s >= j.data.delivered_s.unwrap() - NS)
        .min_by(|a, b| a.sent_s.total_cmp(&b.sent_s))
        .unwrap();
    assert!((first_covering.sent_s - sent).abs() < NS && first_covering.seq == ack.number);
    assert_eq!(ack.hops.iter().map(|h| h.link.as_str()).collect::<Vec<_>>(), ["egress1-rev", "bottleneck-rev", "access1-rev"]);
    assert_hops_chain(ack);
    assert!((first_covering.end_s.unwrap() - ack.delivered_s.unwrap()).abs() < NS);
    assert!(j.complete);
}

#[test]
fn a_lost_transmission_ends_where_it_was_lost_and_the_retransmission_is_followed_to_its_ack() {
    let drops = json!([{"flow": "f", "seq": 20, "at": "bottleneck"}]);
    let (j, recs) = followed(&tcp(100, drops.clone()), request(0, 20, None, None, 0.0));
    assert_eq!((j.transmission, j.transmissions), (1, 2));
    assert_eq!(j.data.hops.len(), 2, "it never reached egress1");
    let lost = &j.data.hops[1];
    assert_eq!((lost.link.as_str(), lost.lost), ("bottleneck", Some(DropCause::Wire)));
    assert!(j.ack.is_none() && j.data.delivered_s.is_none() && j.complete);
    // The retransmission, picked by its send time (a line of the sequence diagram).
    let resent = recs.iter().find(|r| r.kind == TraceKind::Data && r.seq == 20 && r.retx).unwrap();
    let (j2, _) = followed(&tcp(100, drops.clone()), request(0, 20, None, None, resent.sent_s));
    assert_eq!(j2.transmission, 2);
    assert!(j2.data.hops.iter().all(|h| h.lost.is_none()));
    assert!(j2.ack.as_ref().is_some_and(|a| a.number > 20 && a.delivered_s.is_some()));
    // Picked by where it was seen: on the bottleneck while it was there.
    let on = &j2.data.hops[1];
    let (j3, _) = followed(&tcp(100, drops), request(0, 20, None, Some("bottleneck"), (on.queued_s + on.arrive_s.unwrap()) / 2.0));
    assert_eq!(j3, j2);
}

#[test]
fn stepping_visits_every_event_of_the_packet_in_order_and_ends_at_its_ack() {
    let v = tcp(200, json!([]));
    let (whole, _) = followed(&v, request(0, 60, None, None, 0.0));
    let mut expected: Vec<f64> = [&whole.data, whole.ack.as_ref().unwrap()]
        .iter()
        .flat_map(|l| l.hops.iter().flat_map(|h| [Some(h.queued_s), h.tx_s, h.wire_s, h.arrive_s]).flatten())
        .collect();
    expected.sort_by(f64::total_cmp);
    expected.dedup_by(|a, b| (*a - *b).abs() < NS);

    let mut sim = Simulation::from_json(&v.to_string(), None).unwrap();
    sim.follow(Some(request(0, 60, None, None, 0.0))).unwrap();
    let mut visited = Vec::new();
    while let Some(t) = sim.follow_next(10_000_000) {
        assert!(visited.last().is_none_or(|&p| t > p), "times increase: {t} after {visited:?}");
        sim.advance_to((t * 1e9).round() as u64);
        assert!((sim.now_s() - t).abs() < NS);
        visited.push(t);
    }
    assert_eq!(visited.len(), expected.len(), "{visited:?} vs {expected:?}");
    for (a, b) in visited.iter().zip(&expected) {
        assert!((a - b).abs() < NS, "{visited:?} vs {expected:?}");
    }
    assert!((visited.last().unwrap() - whole.ack.as_ref().unwrap().delivered_s.unwrap()).abs() < NS);
    assert_eq!(sim.journey().unwrap(), whole, "the step's journey is the whole run's");
}

#[test]
fn an_mptcp_subflow_packet_is_covered_by_its_own_subflow_s_ack() {
    let v = json!({
        "name": "m", "duration_s": 10,
        "topology": {"kind": "parallel", "paths": [{"rate_mbps": 50, "rtt_ms": 40, "buffer": {"packets": 1000}},
                                                   {"rate_mbps": 50, "rtt_ms": 40, "buffer": {"packets": 1000}}]},
        "flows": [{"id": "mp", "kind": "mptcp", "cc": "lia", "size_kb": 600}]
    });
    // Segment 15 of the subflow on network path 2 (route 2), and of the one on path 0.
    let (j, recs) = followed(&v, request(0, 15, Some(2), None, 0.0));
    assert!(j.data.path == 2 && j.data.hops.iter().any(|h| h.link == "path2"), "{j:?}");
    let ack = j.ack.as_ref().expect("covered");
    assert_ne!(ack.path, j.data.path);
    let r = record(&recs, TraceKind::Ack, ack.number, ack.hops[0].queued_s);
    assert_eq!(r.path, ack.path, "the ACK came back on the subflow's reverse path");
    let (other, _) = followed(&v, request(0, 15, Some(0), None, 0.0));
    assert!(other.data.path == 0 && other.ack.as_ref().unwrap().path != ack.path);
}

#[test]
fn a_quic_packet_is_covered_by_the_first_ack_whose_ranges_hold_it() {
    let v = json!({
        "name": "q", "duration_s": 10,
        "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 20, "delay_ms": 5, "buffer": {"unlimited": true}},
                     "senders": [{"rtt_ms": 40}]},
        "flows": [{"id": "q", "kind": "quic", "cc": "reno", "quic": {"streams": [{"source": {"kind": "bulk", "size_bytes": 200_000}}]}}]
    });
    let (j, recs) = followed(&v, request(0, 30, None, None, 0.0));
    assert_hops_chain(&j.data);
    let ack = j.ack.as_ref().expect("covered");
    assert!(ack.number > 30, "largest acknowledged + 1 beyond packet 30");
    assert!(ack.hops[0].queued_s >= j.data.delivered_s.unwrap() - NS);
    record(&recs, TraceKind::Ack, ack.number, ack.hops[0].queued_s);
    assert!(j.complete);
}

#[test]
fn a_bad_request_is_refused_naming_what_is_wrong() {
    let mut sim = Simulation::from_json(&tcp(10, json!([])).to_string(), None).unwrap();
    assert!(sim.follow(Some(request(3, 1, None, None, 0.0))).unwrap_err().contains("no flow 3"));
    assert!(sim.follow(Some(request(0, 1, None, Some("nowhere"), 0.0))).unwrap_err().contains("follow.link: no link named 'nowhere'"));
    assert!(sim.follow(Some(request(0, 1, None, None, f64::NAN))).unwrap_err().contains("follow.at_s"));
    assert!(sim.follow(Some(ack_request(1, None, Some(0.1), 0.1))).unwrap_err().contains("follow.wire_s: needs the link"));
    assert!(sim.follow(Some(ack_request(1, Some("bottleneck"), Some(-1.0), 0.1))).unwrap_err().contains("follow.wire_s: -1"));
    // Following a segment that is never sent: no journey, and no step.
    sim.follow(Some(request(0, 500, None, None, 0.0))).unwrap();
    sim.run_to_end();
    assert!(sim.journey().is_none());
}

/// The picture names an MPTCP packet's subflow as `drops` does (issue 32: MPTCP packets are
/// pickable): every packet of the connection on a path's own link carries that path's number,
/// and a drop named with it loses that very subflow's segment.
#[test]
fn an_mptcp_packet_on_the_picture_names_its_subflow_as_drops_does() {
    let v = json!({
        "name": "m", "duration_s": 10,
        "topology": {"kind": "parallel", "paths": [{"rate_mbps": 50, "rtt_ms": 40, "buffer": {"packets": 1000}},
                                                   {"rate_mbps": 50, "rtt_ms": 40, "buffer": {"packets": 1000}}]},
        "flows": [{"id": "mp", "kind": "mptcp", "cc": "lia", "size_kb": 600}]
    });
    let mut sim = Simulation::from_json(&v.to_string(), None).unwrap();
    sim.advance(0.1);
    let marks = sim.snapshot().packets;
    let mut seen = std::collections::BTreeSet::new();
    for m in &marks {
        for (k, link) in [(1, "path1"), (2, "path2")] {
            if m.link == link || m.link == format!("{link}-rev") {
                assert_eq!(m.subflow, Some(k), "{m:?}");
                seen.insert(k);
            }
        }
    }
    assert_eq!(seen.len(), 2, "packets on both paths: {marks:?}");
    // A TCP flow's packets name no subflow.
    let mut tcp_sim = Simulation::from_json(&tcp(50, json!([])).to_string(), None).unwrap();
    tcp_sim.advance(0.05);
    assert!(tcp_sim.snapshot().packets.iter().all(|m| m.subflow.is_none()));
}

/// Segment 20 lost at the bottleneck: from segment 21 on, every arrival is answered by a
/// duplicate of ACK 20. Each ACK numbered 20 is followed back to the sender and says which it
/// is; the third, picked on the picture by its link and the time it left the transmitter (three
/// or more of them are on the reverse bottleneck at once), is transmission 3, and the drop that
/// names it so loses exactly that packet.
#[test]
fn a_duplicate_ack_is_followed_named_by_which_duplicate_it_is_and_dropped_by_that_name() {
    let lost20 = json!([{"flow": "f", "seq": 20, "at": "bottleneck"}]);
    let v = tcp(100, lost20.clone());
    let (_, recs) = followed(&v, request(0, 20, None, None, 0.0));
    let mut acks: Vec<&TraceRecord> = recs.iter().filter(|r| r.kind == TraceKind::Ack && r.seq == 20).collect();
    acks.sort_by(|a, b| a.sent_s.total_cmp(&b.sent_s));
    assert!(acks.len() >= 4, "an ACK 20 and three duplicates at least: {}", acks.len());

    // Every ACK 20, picked by its send time (a line of the sequence diagram): its own journey
    // back to the sender, and which one it is.
    let journeys: Vec<Journey> = acks.iter().map(|r| followed(&v, ack_request(20, None, None, r.sent_s)).0).collect();
    for (k, (j, r)) in journeys.iter().zip(&acks).enumerate() {
        assert!(j.is_ack && j.ack.is_none() && j.data.number == 20, "{j:?}");
        assert_eq!((j.transmission as usize, j.transmissions as usize), (k + 1, acks.len()));
        assert_eq!(j.data.hops.iter().map(|h| h.link.as_str()).collect::<Vec<_>>(), ["egress1-rev", "bottleneck-rev", "access1-rev"]);
        assert_hops_chain(&j.data);
        assert!((j.data.hops[0].queued_s - r.sent_s).abs() < NS && (j.data.delivered_s.unwrap() - r.end_s.unwrap()).abs() < NS);
        assert!(j.complete, "an ACK's journey ends when it reaches the sender");
    }

    // The picture at a moment the third is on the reverse bottleneck: several ACK 20s are there.
    let third = &journeys[2].data.hops[1];
    let (wire, arrive) = (third.wire_s.unwrap(), third.arrive_s.unwrap());
    let t = (wire + arrive) / 2.0;
    let t_ns = (t * 1e9).round() as u64;
    let mut sim = Simulation::from_json(&v.to_string(), None).unwrap();
    sim.advance_to(t_ns);
    let on_link: Vec<_> = sim.snapshot().packets.into_iter().filter(|m| !m.data && m.seq == 20 && m.link == "bottleneck-rev").collect();
    assert!(on_link.len() >= 2, "duplicates share the link at once: {on_link:?}");
    let dot = on_link.iter().find(|m| (m.wire_s - wire).abs() < NS).expect("the third's dot");
    // Resolved as the page does: a fresh run to the time on screen, following the dot.
    let resolve = |req: FollowRequest| {
        let mut sim = Simulation::from_json(&v.to_string(), None).unwrap();
        sim.follow(Some(req)).unwrap();
        sim.advance_to(t_ns);
        sim.journey().expect("on the link then")
    };
    let picked = resolve(ack_request(20, Some("bottleneck-rev"), Some(dot.wire_s), t));
    assert_eq!((picked.transmission, picked.is_ack), (3, true));
    assert!((picked.data.hops[0].queued_s - acks[2].sent_s).abs() < NS);
    // Without the time it left the transmitter, the link and the time alone name the first
    // ACK 20 there: which is why the picture sends it.
    assert!(resolve(ack_request(20, Some("bottleneck-rev"), None, t)).transmission < 3);

    // Dropping "ACK 20, transmission 3, at the reverse bottleneck" loses that packet and no other.
    let mut drops = lost20.as_array().unwrap().clone();
    drops.push(json!({"flow": "f", "ack": 20, "transmission": picked.transmission, "at": "bottleneck-rev"}));
    let mut sim = Simulation::from_json(&tcp(100, Value::Array(drops)).to_string(), None).unwrap();
    sim.trace_flow(Some(0)).unwrap();
    sim.run_to_end();
    let recs2 = sim.trace(0.0, f64::INFINITY, usize::MAX).unwrap().records;
    let lost_acks: Vec<_> = recs2.iter().filter(|r| r.kind == TraceKind::Ack && r.drop.is_some()).collect();
    assert_eq!(lost_acks.len(), 1, "{lost_acks:?}");
    assert_eq!((lost_acks[0].seq, lost_acks[0].drop.as_ref().unwrap().link.as_str()), (20, "bottleneck-rev"));
    assert!((lost_acks[0].sent_s - acks[2].sent_s).abs() < NS, "the third ACK 20 is the one lost");
    // The event log's drop on the reverse bottleneck is at the time that ACK was there.
    let ack_drops: Vec<f64> = sim
        .log()
        .filter(|e| matches!(e.kind, EventKind::Drop { wire: true, .. }) && e.flow == Some(0))
        .map(|e| e.t_ns as f64 / 1e9)
        .filter(|&at| at > third.queued_s - NS && at < arrive + NS)
        .collect();
    assert_eq!(ack_drops.len(), 1, "one drop while the third ACK 20 was on the reverse bottleneck: {ack_drops:?}");
    // The ACKs before it went through as before.
    let before: Vec<_> = recs2.iter().filter(|r| r.kind == TraceKind::Ack && r.seq == 20 && r.sent_s < acks[2].sent_s - NS).collect();
    assert_eq!(before.len(), 2);
    assert!(before.iter().all(|r| r.drop.is_none() && r.end_s.is_some()));
}
