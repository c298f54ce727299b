//! Adding an algorithm is one Rust file plus one registry line: this walks every registry
//! entry of the pluggable roles and checks that the engine accepts it with the defaults its
//! exported parameter schema advertises, and that a short run with it delivers data. (Queue
//! disciplines are checked on their own, packets in and out, until a scenario can name one.) (The
//! page side of the same promise — every entry appears in the editor — is
//! web/src/editor/registry.test.tsx, reading web/src/generated/registry.json, which
//! tests/generated.rs keeps equal to this registry.)

use netlab_core::registry::{registry, scenario_schema, EntryInfo};
use netlab_core::Simulation;
use serde_json::{json, Map, Value};

/// The object of every property's `default` in a parameter schema (nested objects too), i.e.
/// the parameters spelled out exactly as the editor shows them as placeholders.
fn defaults_of(schema: &Value) -> Map<String, Value> {
    let mut out = Map::new();
    if let Some(Value::Object(props)) = schema.get("properties") {
        for (key, p) in props {
            if let Some(d) = p.get("default") {
                if !d.is_null() {
                    out.insert(key.clone(), d.clone());
                }
            } else if p.get("properties").is_some() {
                out.insert(key.clone(), Value::Object(defaults_of(p)));
            }
        }
    }
    out
}

fn params_of(e: &EntryInfo) -> Option<Value> {
    e.params.as_ref().map(|s| Value::Object(defaults_of(s)))
}

fn run(scenario: Value) -> Value {
    let mut sim = Simulation::from_json(&scenario.to_string(), None).unwrap_or_else(|e| panic!("{e}: {scenario}"));
    sim.run_to_end();
    serde_json::to_value(sim.summary(0.0)).unwrap()
}

fn delivered(summary: &Value) -> u64 {
    summary["flows"].as_array().unwrap().iter().map(|f| f["bytes_delivered"].as_u64().unwrap()).sum()
}

fn parallel(mptcp: Value, cc: &str) -> Value {
    json!({"duration_s": 2, "stop_when_done": false,
           "topology": {"kind": "parallel", "paths": [{"rate_mbps": 10, "rtt_ms": 20}, {"rate_mbps": 10, "rtt_ms": 60}]},
           "flows": [{"kind": "mptcp", "cc": cc, "size_kb": 400, "mptcp": mptcp}]})
}

#[test]
fn every_congestion_controller_runs_with_its_default_parameters() {
    let reg = registry();
    assert!(reg.congestion_controllers.len() >= 7);
    for e in &reg.congestion_controllers {
        let mut flow = json!({"cc": e.name});
        if let Some(p) = params_of(e) {
            flow["cc_params"] = p;
        }
        let s = run(json!({"duration_s": 2,
                           "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 10}, "senders": [{"rtt_ms": 20}]},
                           "flows": [flow]}));
        assert!(delivered(&s) > 500_000, "{}: a 2 s bulk flow at 10 Mbit/s delivers data: {s}", e.name);
        // The same controller on an MPTCP connection's subflows (LIA couples them).
        let s = run(parallel(json!({}), e.name));
        assert_eq!(delivered(&s), 400_000, "{} under MPTCP", e.name);
    }
}

#[test]
fn every_mptcp_packet_and_flow_scheduler_completes_a_transfer() {
    let reg = registry();
    for e in &reg.mptcp_schedulers {
        let mut m = json!({"scheduler": e.name});
        if let Some(p) = params_of(e) {
            m["sched_params"] = p;
        }
        assert_eq!(delivered(&run(parallel(m, "lia"))), 400_000, "scheduler {}", e.name);
    }
    for e in &reg.flow_schedulers {
        assert_eq!(delivered(&run(parallel(json!({"flow_sched": e.name}), "reno"))), 400_000, "flow scheduler {}", e.name);
    }
    // Every flow scheduler the scenario format accepts is in the registry, and nothing else.
    let schema = scenario_schema().to_value();
    let kinds: Vec<&str> = schema["$defs"]["FlowSchedKind"]["oneOf"]
        .as_array()
        .map(|v| v.iter().filter_map(|k| k["const"].as_str()).collect())
        .or_else(|| schema["$defs"]["FlowSchedKind"]["enum"].as_array().map(|v| v.iter().filter_map(Value::as_str).collect()))
        .expect("FlowSchedKind is an enum of names");
    let listed: Vec<&str> = reg.flow_schedulers.iter().map(|e| e.name).collect();
    assert_eq!(kinds, listed);
}

#[test]
fn every_quic_stream_scheduler_delivers_both_streams() {
    for e in &registry().quic_schedulers {
        let s = run(json!({"duration_s": 5,
                           "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 10}, "senders": [{"rtt_ms": 20}]},
                           "flows": [{"kind": "quic", "cc": "cubic", "quic": {"scheduler": e.name, "streams": [
                               {"source": {"kind": "bulk", "size_bytes": 200_000}, "weight": 2, "priority": 1, "urgency": 0},
                               {"source": {"kind": "bulk", "size_bytes": 100_000}}]}}]}));
        assert_eq!(delivered(&s), 300_000, "stream scheduler {}", e.name);
        for field in &e.reads {
            assert!(["weight", "priority", "urgency", "incremental"].contains(field), "{}: reads an unknown stream field {field}", e.name);
        }
    }
}

#[test]
fn an_unknown_stream_scheduler_is_refused_with_the_valid_names() {
    let bad = json!({"duration_s": 1,
                     "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 10}, "senders": [{"rtt_ms": 20}]},
                     "flows": [{"kind": "quic", "quic": {"scheduler": "fifo", "streams": [{"source": {"kind": "bulk"}}]}}]});
    let err = Simulation::from_json(&bad.to_string(), None).err().expect("refused").to_string();
    assert!(err.starts_with("flows[0].quic.scheduler: unknown stream scheduler 'fifo'"), "{err}");
    for e in &registry().quic_schedulers {
        assert!(err.contains(e.name), "{err} names {}", e.name);
    }
}

#[test]
fn parameter_schemas_carry_defaults_and_docs() {
    let reg = registry();
    let cubic = reg.congestion_controllers.iter().find(|e| e.name == "cubic").unwrap();
    let props = &cubic.params.as_ref().unwrap()["properties"];
    assert_eq!(props["beta"]["default"], 0.7);
    assert_eq!(props["c"]["default"], 0.4);
    assert!(props["beta"]["description"].as_str().unwrap().contains("RFC 9438"));
    // Nested parameter structs are inlined: the editor reads one object.
    assert_eq!(props["hystart"]["properties"]["low_window"]["default"], 16);
    let ecf = reg.mptcp_schedulers.iter().find(|e| e.name == "ecf").unwrap();
    assert_eq!(ecf.params.as_ref().unwrap()["properties"]["beta"]["default"], 0.25);
    // The scenario schema documents its fields from the doc comments.
    let schema = scenario_schema().to_value();
    assert_eq!(schema["$defs"]["QuicSpec"]["properties"]["max_udp_payload"]["default"], 1252);
    // A default that serde skips when serialising is still stated.
    assert_eq!(schema["$defs"]["MptcpSpec"]["properties"]["first_path"]["default"], "random");
    assert!(schema["properties"]["warmup_s"]["description"].as_str().unwrap().contains("warmup_s"));
}

#[test]
fn every_queue_discipline_builds_with_its_default_parameters_and_conserves_packets() {
    use netlab_core::engine::rng::derive_rng;
    use netlab_core::net::packet::{Body, Ecn, Packet, TcpData};
    use netlab_core::net::qdisc::{make, Limit, Out, QdiscInit};
    let init = || QdiscInit { limit: Limit::Packets(100), rate_bps: 10_000_000, rng: derive_rng(1, "qdisc", 0) };
    let reg = registry();
    let names: Vec<&str> = reg.queue_disciplines.iter().map(|e| e.name).collect();
    assert_eq!(names, ["droptail", "red", "codel", "fq_codel", "pie"]);
    for e in &reg.queue_disciplines {
        let mut q = make(e.name, init(), params_of(e).as_ref()).unwrap_or_else(|err| panic!("{}: {err}", e.name));
        // Two flows at 1.5× the link's rate for 2 s: the queue builds, every discipline acts,
        // and each packet offered is either sent, dropped or still queued.
        let mut out = Out::default();
        let (mut offered, mut sent, mut dropped) = (0u64, 0u64, 0u64);
        let mut next_tx = 0u64;
        for k in 0..3000u64 {
            let now = k * 800_000;
            // The transmitter (1500 B at 10 Mbit/s: 1.2 ms) takes the next packet whenever it
            // frees, up to now; an empty queue leaves it idle until the next arrival.
            while next_tx <= now {
                match q.dequeue(next_tx, &mut out) {
                    Some(_) => {
                        sent += 1;
                        next_tx += 1_200_000;
                    }
                    None => next_tx = now + 1,
                }
            }
            let pkt = Packet {
                flow: (k % 2) as u32,
                dst: 0,
                path: 0,
                hop: 0,
                ecn: Ecn::NotEct,
                wire_bytes: 1500,
                body: Body::TcpData(TcpData { seq: k, len: 1448, fin: false, sent_at: now, cwr: false }),
            };
            q.enqueue(now, pkt, &mut out);
            offered += 1;
            dropped += out.dropped.len() as u64;
            out.clear();
        }
        assert_eq!(offered, sent + dropped + q.len_packets() as u64, "{}: packets are conserved", e.name);
        assert!(dropped > 0 && sent > 1500, "{}: sent {sent}, dropped {dropped}", e.name);
        assert_eq!(q.fifo_limit().is_some(), e.name == "droptail", "only DropTail takes the link's fast path");
        if e.params.is_some() {
            let err = make(e.name, init(), Some(&json!({"no_such_knob": 1}))).err().expect("unknown field refused");
            assert!(err.contains("no_such_knob"), "{}: {err}", e.name);
        }
    }
    let err = make("blue", init(), None).err().expect("unknown name refused");
    assert_eq!(err, "unknown queue discipline 'blue' (expected one of: droptail, red, codel, fq_codel, pie)");
}
