//! The bbr-* presets as a student runs them (the preset JSON from public/scenarios, the
//! "quick" overrides, then knob settings): they parse, their sweeps expand, runs repeat.

use netlab_core::scenario::{self, apply_overrides, apply_setting, sweep};
use netlab_core::Simulation;
use serde_json::{json, Value};

fn preset(name: &str) -> Value {
    let path = format!("{}/../../public/scenarios/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap()
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

// The experiments' expected directions (docs/spec/EXPERIMENTS.md) are the presets' `expect` claims,
// checked for every preset by tests/presets.rs and in the browser by `npm run regress`.

/// Same scenario and seed, same digest: the BBR family draws randomness only from its seed.
#[test]
fn bbr_runs_are_deterministic() {
    // A 5 s run: shorter than the Duration knob allows (its minimum leaves room for the full
    // preset's 20 s warm-up), so the fields are set themselves.
    let short = || {
        let mut v = preset("bbr-fairness");
        apply_overrides(&mut v, Some("quick")).unwrap();
        apply_setting(&mut v, "cc", &json!("bbr")).unwrap();
        apply_setting(&mut v, "flows", &json!(2)).unwrap();
        // Without the preset's knobs (and the claims, sweep and worksheet over them), which check their range.
        for k in ["knobs", "expect", "sweep", "worksheet"] {
            v.as_object_mut().unwrap().remove(k);
        }
        v["duration_s"] = json!(5);
        v["warmup_s"] = json!(1);
        let mut sim = Simulation::new(scenario::from_value(v).unwrap(), None).unwrap();
        sim.run_to_end();
        sim.summary(0.0)
    };
    let (a, b) = (short(), short());
    assert_eq!(a.digest, b.digest);
}
