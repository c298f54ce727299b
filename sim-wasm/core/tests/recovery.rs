//! Linux's loss-recovery state machine as `tcp_fastretrans_alert` runs it (tcp_input.c),
//! checked on whole runs with named drops (`drops`, scenario/drops.rs): one Reno flow of a
//! 40 ms, 100 Mbit/s dumbbell whose buffer never overflows, so only the named packets are lost.
//! - A recovery ends when snd_una passes its recovery point; if a segment is still marked
//!   lost then (`lost_out`, `tcp_time_to_recover`), the next recovery starts on the same ACK.
//! - After a timeout, a retransmission found lost again turns the Loss state into fast
//!   recovery ("retransmits are lost": `FLAG_LOST_RETRANS`).
//! - Resending the first unacknowledged segment restarts the retransmission timer
//!   (`tcp_xmit_retransmit_queue`), so a recovery whose resend waits in a deep queue does not
//!   time out — checked against the kernel on the testbed's bufferbloat case.

mod common;

use netlab_core::metrics::{EventKind, LogEvent};
use netlab_core::Simulation;
use serde_json::{json, Value};

/// One Reno flow of `segments` full segments, losing exactly `drops` at the bottleneck.
fn reno(segments: u64, drops: Value) -> Value {
    common::one_flow_named_drops("linux", segments, drops)
}

fn events(v: &Value) -> Vec<LogEvent> {
    let mut sim = Simulation::from_json(&v.to_string(), None).unwrap_or_else(|e| panic!("{e}"));
    sim.run_to_end();
    sim.log().collect()
}

fn times(events: &[LogEvent], pred: impl Fn(&EventKind) -> bool) -> Vec<u64> {
    events.iter().filter(|e| pred(&e.kind)).map(|e| e.t_ns).collect()
}

fn cuts(events: &[LogEvent]) -> Vec<(u32, u32)> {
    events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::CwndChange { before, after, why: "loss" } => Some((before, after)),
            _ => None,
        })
        .collect()
}

/// Segment 20 and its fast retransmission are lost, so the recovery that starts at 0.122 s
/// (recovery point: the 33rd segment) lasts two round trips; segment 55, sent early in it, is
/// lost too and marked so before the recovery ends. When the third copy of segment 20 is
/// acknowledged, snd_una passes the point with segment 55 still marked lost: Linux ends the
/// recovery and, on the same ACK, starts the next — a second halving, because segment 55 is
/// data of the next window (RFC 6582). Before, the sender went back to congestion avoidance and
/// never cut its window for segment 55.
#[test]
fn a_recovery_that_ends_with_a_later_loss_outstanding_starts_the_next_on_the_same_ack() {
    let ev = events(&reno(100, json!([
        {"flow": "f", "seq": 20, "at": "bottleneck"},
        {"flow": "f", "seq": 20, "transmission": 2, "at": "bottleneck"},
        {"flow": "f", "seq": 55, "at": "bottleneck"}])));
    let entries = times(&ev, |k| matches!(k, EventKind::FastRetransmit { .. }));
    let ends = times(&ev, |k| matches!(k, EventKind::CcState { from: "recovery", .. }));
    assert_eq!(entries.len(), 2, "{ev:?}");
    assert_eq!(entries[1], ends[0], "the second recovery starts on the ACK that ends the first");
    assert_eq!(cuts(&ev), vec![(32, 16), (16, 8)], "one halving per window of data");
    assert!(ev.iter().any(|e| matches!(e.kind, EventKind::FlowCompleted)));
    // Segment 55 alone (its loss found after the first recovery ended) is an ordinary second
    // recovery, one round trip later.
    let ev = events(&reno(100, json!([{"flow": "f", "seq": 20, "at": "bottleneck"}, {"flow": "f", "seq": 55, "at": "bottleneck"}])));
    let entries = times(&ev, |k| matches!(k, EventKind::FastRetransmit { .. }));
    let ends = times(&ev, |k| matches!(k, EventKind::CcState { from: "recovery", .. }));
    assert_eq!(entries.len(), 2);
    assert!(entries[1] > ends[0], "{ev:?}");
}

/// 30 segments whose last ten are all lost, and the tail-loss probe too: the retransmission
/// timer fires (0.446 s) and the Loss state resends from segment 20 with a window of one.
/// The second resend of segment 21 is lost as well, and the SACK of segment 22, sent after it,
/// shows that: Linux then leaves the Loss state for fast recovery (`FLAG_LOST_RETRANS` in
/// `tcp_fastretrans_alert`). The flow still completes.
#[test]
fn a_retransmission_lost_after_a_timeout_turns_the_loss_state_into_fast_recovery() {
    let mut drops: Vec<Value> = (20..30).map(|s| json!({"flow": "f", "seq": s, "at": "bottleneck"})).collect();
    drops.push(json!({"flow": "f", "seq": 29, "transmission": 2, "at": "bottleneck"}));
    drops.push(json!({"flow": "f", "seq": 21, "transmission": 2, "at": "bottleneck"}));
    let ev = events(&reno(30, Value::Array(drops)));
    let rto = times(&ev, |k| matches!(k, EventKind::Rto { .. }));
    let entries = times(&ev, |k| matches!(k, EventKind::FastRetransmit { .. }));
    assert_eq!(rto.len(), 1, "{ev:?}");
    assert_eq!(entries.len(), 1, "{ev:?}");
    assert!(entries[0] > rto[0]);
    assert!(ev.iter().any(|e| e.t_ns == entries[0] && matches!(e.kind, EventKind::CcState { from: "slow_start", to: "recovery" })), "{ev:?}");
    assert!(ev.iter().any(|e| matches!(e.kind, EventKind::FlowCompleted)));
    // The same drops but the resend of segment 21 delivered: the Loss state runs to its end.
    let mut drops: Vec<Value> = (20..30).map(|s| json!({"flow": "f", "seq": s, "at": "bottleneck"})).collect();
    drops.push(json!({"flow": "f", "seq": 29, "transmission": 2, "at": "bottleneck"}));
    let ev = events(&reno(30, Value::Array(drops)));
    assert_eq!(times(&ev, |k| matches!(k, EventKind::FastRetransmit { .. })).len(), 0, "{ev:?}");
}

/// The bufferbloat lab, Reno, a 100-packet queue at 1.5 Mbit/s (0.8 s of data), 30 s: the
/// testbed's kernel (two runs, docs/model/linux-kernel.md §Bufferbloat) took two fast
/// recoveries and no timeout, resent 87 segments, and its packets queued ≈ 594 ms on average
/// (smoothed RTT − minimum). Slow start overshoots the queue at 1.65 s and the fast
/// retransmission of the first hole is dropped at the full queue; RACK finds that 0.83 s later
/// and resends it. Linux restarts the retransmission timer with that resend, so it does not
/// fire; without the restart it fired at 2.68 s, 1.03 s after the timer last started, and the
/// run resent 267 segments with 567 ms of queueing.
#[test]
fn a_deep_queue_recovery_waits_for_its_resend_as_the_kernel_did() {
    let v = common::preset_with("bufferbloat-lab", &[("cc", json!("reno")), ("queue_packets", json!(100))]);
    let (sim, s) = common::run_to_end(v);
    let ev: Vec<LogEvent> = sim.log().collect();
    assert_eq!(times(&ev, |k| matches!(k, EventKind::Rto { .. })).len(), 0, "the kernel took no timeout");
    assert_eq!(times(&ev, |k| matches!(k, EventKind::FastRetransmit { .. })).len(), 2, "the kernel's two recoveries");
    let resent = s.flows[0].retransmitted_packets;
    assert!((60..=130).contains(&resent), "resent {resent} (the kernel: 87)");
    let wait = s.links[0].mean_sojourn_ms;
    assert!((500.0..=700.0).contains(&wait), "queueing {wait} ms (the kernel: ≈ 594)");
}
