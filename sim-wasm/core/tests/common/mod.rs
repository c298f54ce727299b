//! Scenarios shared by the whole-run tests (`fidelity.rs`, `profiles.rs`).

use serde_json::{json, Value};

/// One flow of `segments` full segments over a 40 ms, 100 Mbit/s path whose buffer never
/// overflows: only the listed data packets are lost (`drop_packets` counts data packets at the
/// bottleneck). `tcp` is the scenario's `tcp` block.
pub fn one_flow(tcp: Value, cc: &str, segments: u64, drop: Vec<u64>) -> Value {
    json!({
        "name": "t",
        "duration_s": 10,
        "tcp": tcp,
        "topology": {"kind": "dumbbell",
                     "bottleneck": {"rate_mbps": 100, "delay_ms": 5, "buffer": {"unlimited": true},
                                    "drop_packets": drop},
                     "senders": [{"rtt_ms": 40}]},
        "flows": [{"cc": cc, "size_bytes": segments * 1448}]
    })
}
