//! `tcp.bbr`: the BBR family as Linux's tcp_bbr.c (the default) or as ns-3's TcpBbr, which the
//! BBR-A paper ran (docs/model/bbr.md §Linux's BBR and ns-3's TcpBbr). Whole runs of the BBR-A
//! presets with the switch, checked for what the ns-3 source says differs: no long-term rate,
//! one segment per pacing slot, a smaller window target; and nothing else moves.

mod common;

use common::{preset_with as preset, run_to_end as run};
use netlab_core::metrics::EventKind;
use netlab_core::scenario;
use serde_json::json;

/// An unknown model is refused with the field's name and the two it accepts.
#[test]
fn an_unknown_bbr_model_is_refused_by_name() {
    let err = scenario::from_value(preset("bbr-fairness", &[("tcp.bbr", json!("ns-3"))])).err().expect("refused");
    let msg = err.to_string();
    assert!(msg.contains("tcp.bbr") && msg.contains("linux") && msg.contains("ns3"), "{msg}");
}

/// The switch is per scenario, so a preset's `cc` knob can move to CUBIC with it set: CUBIC
/// does not pace and ignores it, and its run is the same under either model.
#[test]
fn the_switch_leaves_other_controllers_alone() {
    let cubic = |bbr: &str| {
        let v = preset("bbr-fairness", &[("cc", json!("cubic")), ("tcp.bbr", json!(bbr)), ("duration_s", json!(5)), ("warmup_s", json!(1))]);
        run(v).1.digest
    };
    assert_eq!(cubic("linux"), cubic("ns3"));
}

/// Linux's BBR falls back to its long-term rate when ten flows on a 0.1 BDP buffer lose a
/// fifth of their packets (docs/model/bbr.md §Long-term bandwidth); ns-3's TcpBbr has no such
/// estimator, so under "ns3" no flow ever paces at a long-term rate — the log has no switch.
#[test]
fn under_ns3_no_flow_ever_paces_at_a_long_term_rate() {
    let engaged = |model: &str| {
        let v = preset("bbr-retransmissions", &[("cc", json!("bbr")), ("bbr_as", json!(model)), ("flows", json!(10)), ("duration_s", json!(15)), ("warmup_s", json!(5))]);
        let (sim, _) = run(v);
        sim.log().filter(|e| matches!(e.kind, EventKind::CcLongTermRate { engaged: true, .. })).count()
    };
    assert!(engaged("linux") > 10, "Linux's flows switch to their long-term rate");
    assert_eq!(engaged("ns3"), 0);
}

/// One BBR flow on the 100 Mbit/s, 50 ms path of bbr-loss-utilization, no loss: in PROBE_BW its
/// window sits at its target, 2 × BDP + the quantization budget (+ the allowance). Linux's
/// budget at ≈ 99 Mbit/s is 3 TSO bursts of 8 segments (≈ 1 ms each), rounded to even; ns-3's
/// is 3 one-segment quanta. So ns-3's window is at least 21 segments smaller, and it varies by
/// no more than the 1.25 phase's 2 segments and ns-3's allowance of at most 2.
#[test]
fn under_ns3_the_window_target_is_smaller_by_the_budget() {
    let windows = |model: &str| {
        let v = preset("bbr-loss-utilization", &[("cc", json!("bbr")), ("bbr_as", json!(model)), ("duration_s", json!(10)), ("warmup_s", json!(2))]);
        let (sim, s) = run(v);
        assert!(s.links[0].utilization > 0.95, "{model}: the link stays busy");
        let mut c: Vec<f64> = sim.series("flow/bulk/cwnd").expect("cwnd series").iter().filter(|p| p.0 > 3.0).map(|p| p.1).collect();
        c.sort_by(f64::total_cmp);
        (c[0], c[c.len() / 2], c[c.len() - 1])
    };
    let (_, linux, _) = windows("linux");
    let (low, ns3, high) = windows("ns3");
    assert!(linux - ns3 >= 21.0, "median window: Linux {linux}, ns-3 {ns3}");
    assert!(high - low <= 4.0, "ns-3's window {low}..{high}");
}

/// Linux sends a paced flow's data a TSO burst at a time (pairs at ~10 Mbit/s); ns-3 sends one
/// segment per pacing slot, so under "ns3" (with the `linux` TCP profile underneath) only an
/// immediate retransmission ever leaves at the same instant as another packet.
#[test]
fn under_ns3_a_paced_flow_sends_one_segment_per_slot() {
    let together = |model: &str| {
        let settings = [("cc", json!("bbr")), ("bbr_as", json!(model)), ("flows", json!(10)), ("buffer_bdp", json!(0.1)), ("duration_s", json!(4)), ("warmup_s", json!(1))];
        common::sent_together(preset("bbr-retransmissions", &settings))
    };
    let linux = together("linux");
    assert!(linux > 0.3, "{:.0} % of packets sent with the one before under Linux", linux * 100.0);
    let ns3 = together("ns3");
    assert!(ns3 < 0.05, "{:.1} % sent together under ns3", ns3 * 100.0);
}
