//! The bbr-* presets' expected directions (EXPERIMENTS.md, BBR-A paper §3), checked on their
//! quick variants exactly as a student would run them: the preset JSON from public/scenarios,
//! the "quick" overrides, then knob settings.

use netlab_core::scenario::{self, apply_overrides, apply_setting, sweep};
use netlab_core::{Simulation, Summary};
use serde_json::{json, Value};

fn preset(name: &str) -> Value {
    let path = format!("{}/../../public/scenarios/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap()
}

/// Run preset `name`'s quick variant with knob settings.
fn run(name: &str, settings: &[(&str, Value)]) -> Summary {
    let mut v = preset(name);
    apply_overrides(&mut v, Some("quick")).unwrap();
    for (k, val) in settings {
        apply_setting(&mut v, k, val).unwrap();
    }
    let mut sim = Simulation::new(scenario::from_value(v).unwrap(), None).unwrap();
    sim.run_to_end();
    sim.summary(0.0)
}

fn retx_rate(s: &Summary) -> f64 {
    sweep::metric(sweep::Metric::RetransmissionRate, s).unwrap()
}

#[test]
fn presets_parse_and_their_sweeps_expand() {
    for name in ["bbr-fairness", "bbr-rtt-ratio", "bbr-loss-utilization", "bbr-retransmissions"] {
        let mut v = preset(name);
        let info = scenario::describe(&v).unwrap();
        let knobs: Vec<&str> = info.knobs.iter().map(|k| k.knob.name.as_str()).collect();
        for k in ["cc", "buffer_bdp", "rtt_ms", "loss", "flows", "duration_s"] {
            assert!(knobs.contains(&k), "{name} lacks knob {k}");
        }
        assert!(info.variants.contains(&"quick".to_string()), "{name}");
        assert!(sweep::expand(&v).unwrap().len() >= 8, "{name}: the full sweep");
        apply_overrides(&mut v, Some("quick")).unwrap();
        assert!(!sweep::expand(&v).unwrap().is_empty(), "{name}: the quick sweep");
    }
}

/// §3.1: one BBR flow fills the pipe without filling the buffer.
#[test]
fn single_bbr_flow_keeps_the_link_busy_with_a_small_queue() {
    let s = run("bbr-loss-utilization", &[("cc", json!("bbr")), ("buffer_bdp", json!(5))]);
    let l = &s.links[0];
    let buffer = l.buffer_bytes.unwrap() as f64;
    eprintln!(
        "bbr single flow: utilization {:.3}, mean queue {:.0} B of {buffer} B",
        l.utilization, l.mean_queue_bytes
    );
    assert!(l.utilization > 0.9, "utilization {}", l.utilization);
    assert!(l.mean_queue_bytes < 0.1 * buffer, "mean queue {} of {buffer}", l.mean_queue_bytes);
}

/// §3.2: with a deep (5 BDP) buffer BBR gives the 50 ms flow most of the link.
#[test]
fn deep_buffer_favours_the_long_rtt_flow() {
    let bbr = run("bbr-fairness", &[("cc", json!("bbr")), ("buffer_bdp", json!(5))]);
    let (short, long) = (bbr.flows[0].goodput_mbps, bbr.flows[1].goodput_mbps);
    let jb = bbr.jain.unwrap();
    eprintln!("5 BDP: bbr 10 ms {short:.1} / 50 ms {long:.1} Mbit/s, jain {jb:.3}");
    assert!(long > 2.0 * short, "the 50 ms flow should take clearly more: {long} vs {short}");
    assert!(jb < 0.8, "BBR's Jain index in a deep buffer: {jb}");
}

/// §3.2: BBR-A is fairer than BBR. The model shows it where the flows are not yet both
/// window-limited: at 0.5 BDP (quick 0.86 vs 0.67; full 200 s 0.71 vs 0.64). At 5 BDP the
/// quick run shows a smaller gain (0.65 vs 0.56) that is gone by 200 s (0.61 both): BBR-A
/// changes only pacing gains, and window-limited flows do not follow their pacing rate. That
/// is a finding about the paper's claim, reported in the preset's description, not tuned away.
#[test]
fn bbr_a_is_fairer_than_bbr() {
    for (bdp, margin) in [(0.5, 0.1), (5.0, 0.03)] {
        let bbr = run("bbr-fairness", &[("cc", json!("bbr")), ("buffer_bdp", json!(bdp))]).jain.unwrap();
        let bbr_a = run("bbr-fairness", &[("cc", json!("bbr-a")), ("buffer_bdp", json!(bdp))]).jain.unwrap();
        eprintln!("{bdp} BDP: jain bbr {bbr:.3}, bbr-a {bbr_a:.3}");
        assert!(bbr_a > bbr + margin, "{bdp} BDP: BBR-A {bbr_a} vs BBR {bbr}");
    }
}

/// §3.2 (rtt-ratio): BBR shares evenly at equal RTTs and unevenly at a 1:10 ratio.
#[test]
fn bbr_fairness_falls_with_the_rtt_ratio() {
    let equal = run("bbr-rtt-ratio", &[("cc", json!("bbr")), ("rtt_ms", json!(10))]).jain.unwrap();
    let ratio10 = run("bbr-rtt-ratio", &[("cc", json!("bbr")), ("rtt_ms", json!(100))]).jain.unwrap();
    eprintln!("jain bbr: equal RTTs {equal:.3}, 10 vs 100 ms {ratio10:.3}");
    assert!(equal > 0.95, "{equal}");
    assert!(ratio10 < 0.7, "{ratio10}");
}

/// §3.3: with 0.1 BDP of buffer and many flows BBR retransmits far more than BBR-A.
#[test]
fn shallow_buffer_many_flows_bbr_retransmits_more_than_bbr_a() {
    let settings = |cc: &str| vec![("cc", json!(cc)), ("buffer_bdp", json!(0.1)), ("flows", json!(50))];
    let bbr = retx_rate(&run("bbr-retransmissions", &settings("bbr")));
    let bbr_a = retx_rate(&run("bbr-retransmissions", &settings("bbr-a")));
    eprintln!("0.1 BDP, 50 flows: retransmission rate bbr {bbr:.3}, bbr-a {bbr_a:.3}");
    assert!(bbr > 0.1, "BBR retransmits heavily here: {bbr}");
    assert!(bbr > 1.3 * bbr_a, "BBR {bbr} vs BBR-A {bbr_a}");
}

/// Same scenario and seed, same digest: the BBR family draws randomness only from its seed.
#[test]
fn bbr_runs_are_deterministic() {
    let a = run(
        "bbr-fairness",
        &[("cc", json!("bbr")), ("duration_s", json!(5)), ("warmup_s", json!(1)), ("flows", json!(2))],
    );
    let b = run(
        "bbr-fairness",
        &[("cc", json!("bbr")), ("duration_s", json!(5)), ("warmup_s", json!(1)), ("flows", json!(2))],
    );
    assert_eq!(a.digest, b.digest);
}
