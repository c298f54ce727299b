//! `tcp.bbr`: the BBR family as Linux's tcp_bbr.c (the default) or as ns-3's TcpBbr, which the
//! BBR-A paper ran (docs/model/bbr.md §Linux's BBR and ns-3's TcpBbr). Whole runs of the BBR-A
//! presets with the switch, checked for what the ns-3 source says differs: no long-term rate,
//! one segment per pacing slot, a smaller window target; and nothing else moves.

mod common;

use netlab_core::metrics::EventKind;
use netlab_core::scenario::{self, apply_setting};
use netlab_core::{Simulation, Summary};
use serde_json::{json, Value};

/// A BBR-A preset with knob settings (the preset's knob names, or field paths).
fn preset(name: &str, settings: &[(&str, Value)]) -> Value {
    let mut v = common::preset(name);
    for (k, x) in settings {
        apply_setting(&mut v, k, x).unwrap_or_else(|e| panic!("{k}: {e}"));
    }
    v
}

fn run(value: Value) -> (Simulation, Summary) {
    let mut sim = Simulation::new(scenario::from_value(value).expect("valid scenario"), None).expect("builds");
    sim.run_to_end();
    let summary = sim.summary(0.0);
    (sim, summary)
}

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
