//! tcp-single shows what its text promises (issue 30, item 3): in its quick run — the class's
//! and the projector's default — slow start ends in a loss and then the window goes through at
//! least three loss-and-recovery cycles, with either algorithm the preset offers. A cycle is an
//! entry into fast recovery after a stretch of congestion avoidance; the recoveries of the
//! slow-start overshoot (back to back, with no avoidance between) count as one. The preset's
//! `expect` claims check from the summary that drops keep coming after slow start; this counts
//! the cycles themselves in the event log, which the summary does not hold.

use netlab_core::metrics::EventKind;
use netlab_core::scenario;
use netlab_core::Simulation;
use serde_json::{json, Value};
use std::path::PathBuf;

fn cycles(cc: &str) -> Vec<f64> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../public/scenarios/tcp-single.json");
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    scenario::apply_overrides(&mut v, Some("quick")).unwrap();
    scenario::apply_setting(&mut v, "cc", &json!(cc)).unwrap();
    let mut sim = Simulation::new(scenario::from_value(v).unwrap(), None).unwrap();
    let mut starts = Vec::new();
    let mut avoided = true;
    sim.run_observing(0.005, |e| {
        if let EventKind::CcState { to, .. } = &e.kind {
            match *to {
                "recovery" if avoided => {
                    starts.push(e.t_ns as f64 / 1e9);
                    avoided = false;
                }
                "congestion_avoidance" => avoided = true,
                _ => {}
            }
        }
    })
    .unwrap();
    starts
}

#[test]
fn tcp_single_quick_run_shows_three_loss_and_recovery_cycles_with_either_algorithm() {
    for cc in ["cubic", "reno"] {
        let c = cycles(cc);
        // The slow-start overshoot's recovery, then at least three full cycles after it.
        assert!(c.len() >= 4, "{cc}: recoveries at {c:?}");
        assert!(c[0] < 0.5, "{cc}: slow start ends in a loss early in the run ({c:?})");
    }
}
