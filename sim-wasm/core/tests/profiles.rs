//! The two TCP profiles (docs/model/tcp.md §Profiles): `linux` (SACK, IW 10, PRR, Linux RTO)
//! and `ns3-classic` (ns-3.19's TcpSocketBase + TcpNewReno, which the seed papers ran: no
//! SACK, 3 duplicate ACKs, NewReno with window inflation, IW 1, ns-3's RTO). Each test runs one
//! flow whose losses are placed by hand (`drop_packets` counts data packets at the bottleneck)
//! and checks what a user would see: which repair the loss gets and what it costs.

mod common;

use netlab_core::metrics::EventKind;
use netlab_core::scenario;
use netlab_core::{Simulation, Summary};
use serde_json::{json, Value};

fn one_flow(profile: &str, cc: &str, segments: u64, drop: Vec<u64>) -> Value {
    common::one_flow(json!({"profile": profile}), cc, segments, drop)
}

struct Run {
    summary: Summary,
    rtos: usize,
    fast_retransmits: usize,
}

fn run(value: Value) -> Run {
    let mut sim = Simulation::new(scenario::from_value(value).expect("valid scenario"), None).expect("builds");
    sim.run_to_end();
    let rtos = sim.log().filter(|e| matches!(e.kind, EventKind::Rto { .. })).count();
    let fast_retransmits = sim.log().filter(|e| matches!(e.kind, EventKind::FastRetransmit { .. })).count();
    Run { summary: sim.summary(0.0), rtos, fast_retransmits }
}

fn fct(r: &Run) -> f64 {
    r.summary.flows[0].fct_s.expect("the flow completes")
}

/// The mechanism the MPTCP-FSFS paper is built on: a short ns-3 flow (IW 1, no SACK, no
/// limited transmit) that loses its 4th packet has only two packets behind it, collects two
/// duplicate ACKs and must wait for the timer; Linux sends all ten at once, sees the hole in
/// its SACK blocks and repairs it within a round trip.
#[test]
fn a_short_flow_loss_costs_ns3_a_timeout_and_linux_a_round_trip() {
    let linux = run(one_flow("linux", "reno", 10, vec![3]));
    let ns3 = run(one_flow("ns3-classic", "reno", 10, vec![3]));
    assert_eq!((linux.rtos, linux.fast_retransmits), (0, 1), "Linux: fast retransmit");
    assert!(fct(&linux) < 0.15, "Linux: handshake + 2 round trips, got {}", fct(&linux));
    assert_eq!((ns3.rtos, ns3.fast_retransmits), (1, 0), "ns-3: only the timer finds the hole");
    // SYN 40 ms; the lone first segment waits out the 200 ms delayed-ACK timer, so the
    // first sample is 240 ms and the RTO srtt + 4·var ≈ 1.2 s.
    assert!(fct(&ns3) > 1.4 && fct(&ns3) < 1.8, "ns-3: the timeout dominates, got {}", fct(&ns3));
    for r in [&linux, &ns3] {
        assert_eq!(r.summary.flows[0].retransmitted_packets, 1);
        assert_eq!(r.summary.flows[0].duplicate_packets, 0);
    }
}

/// NewReno recovery under ns3-classic: two holes in one window cost one fast retransmit
/// (the 3rd duplicate ACK) and one partial-ACK retransmission a round trip later — no
/// timeout, nothing resent twice — and only a few round trips over the lossless run,
/// since the inflated window keeps new data flowing.
#[test]
fn ns3_newreno_repairs_two_holes_without_a_timeout() {
    let lossless = run(one_flow("ns3-classic", "reno", 300, vec![]));
    let two = run(one_flow("ns3-classic", "reno", 300, vec![150, 155]));
    assert_eq!(two.rtos, 0, "no timeout");
    assert_eq!(two.fast_retransmits, 1, "one recovery episode for the window");
    let f = &two.summary.flows[0];
    assert_eq!((f.retransmitted_packets, f.duplicate_packets), (2, 0));
    let extra = fct(&two) - fct(&lossless);
    assert!(extra > 0.04 && extra < 0.2, "two holes cost a few round trips of 40 ms: {extra}");
}

/// Window growth per ACK (ns-3) against per packet acknowledged (Linux, RFC 3465): with
/// delayed ACKs covering two segments, ns-3's slow start and congestion avoidance grow half
/// as fast, and IW 1 starts lower, so a lossless 300-segment transfer takes several times
/// longer than under Linux.
#[test]
fn ns3_grows_per_ack_from_one_segment() {
    let linux = run(one_flow("linux", "reno", 300, vec![]));
    let ns3 = run(one_flow("ns3-classic", "reno", 300, vec![]));
    assert!(fct(&linux) < 0.3, "Linux: IW 10 doubling per round trip: {}", fct(&linux));
    assert!(fct(&ns3) > 2.5 * fct(&linux), "ns-3 {} vs Linux {}", fct(&ns3), fct(&linux));
    assert_eq!(ns3.summary.flows[0].sent_packets, 300, "no loss, no retransmission");
}

/// Linux reduces ssthresh once per window (`tcp_enter_loss`): a timeout that backs off
/// without progress (the tail-loss probe and the first retransmission are lost too, packets
/// 70 and 71) keeps the ssthresh of the first
/// timeout, so the resend slow-starts to it. Reducing again from a flight of one packet left
/// ssthresh at 2 and the 40 lost packets trickled out in congestion avoidance (1.27 s for
/// Reno, 1.39 s for CUBIC).
#[test]
fn a_backed_off_timeout_keeps_the_windows_ssthresh() {
    for cc in ["reno", "cubic"] {
        let r = run(one_flow("linux", cc, 70, (30..=71).collect()));
        assert_eq!(r.rtos, 2, "{cc}: the timeout and its backed-off repeat");
        assert_eq!(r.summary.flows[0].duplicate_packets, 0, "{cc}");
        // The tail-loss probe takes the first timeout's place and the timer restarts from it,
        // so both timeouts come one RTO (≈ 0.24 s) later than without a probe; reducing
        // ssthresh twice would have trickled the resends out over ≈ 0.3 s more.
        assert!(fct(&r) < 1.35, "{cc}: slow start back to ssthresh after the second timeout, got {}", fct(&r));
    }
}

/// The profile is a scenario field with a clear error for a wrong value, and the fields it
/// defaults stay settable: IW 10 under ns3-classic sends the short flow in one burst, so the
/// loss is repaired by 3 duplicate ACKs instead of the timer.
#[test]
fn the_profile_is_validated_and_its_defaults_can_be_overridden() {
    let err = scenario::from_value(one_flow("ns3", "reno", 10, vec![])).err().expect("unknown profile");
    assert!(err.to_string().contains("profile"), "{err}");
    let mut v = one_flow("ns3-classic", "reno", 10, vec![3]);
    v["tcp"]["init_cwnd"] = json!(10);
    let r = run(v);
    assert_eq!((r.rtos, r.fast_retransmits), (0, 1), "six packets behind the hole: fast retransmit");
}
