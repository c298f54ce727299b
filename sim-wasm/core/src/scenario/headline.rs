//! Headlines: the numbers a preset is about, which the lab's summary shows first and large.
//!
//! Jain's index is the point of a fairness experiment, but not of a QUIC scheduling one (there
//! it is always 1: one connection) nor of FSFS (flow-completion times by size class are). A
//! preset names its headline(s) in the optional `headline` list; each name is one of
//! [`Headline`]'s, and every one is computed from the summary the engine already returns (no
//! new measurement), so the CLI's `--json` output and the page agree:
//!
//! | name                  | from the summary                                              |
//! |-----------------------|---------------------------------------------------------------|
//! | `jain`                | `jain`                                                        |
//! | `goodput`             | `flows[].goodput_mbps`                                        |
//! | `utilization`         | `links[].utilization` (the reported links: bottleneck, paths) |
//! | `queueing_delay`      | `links[].mean_sojourn_ms`, `max_sojourn_ms` (reported links)  |
//! | `retransmission_ratio`| Σ `flows[].retransmitted_packets` / Σ `flows[].sent_packets`  |
//! | `fct_by_class`        | `fct_by_class` (mean, p99, finished `count`, `unfinished`)    |
//! | `flow_throughput`     | `long_flow_mbps`, `mean_flow_mbps`                            |
//! | `stream_latency`      | `streams[].latency_ms` p50 / p95 of streams that carry messages|
//! | `transfer_time`       | `flows[].fct_s` of the sized flows                            |
//!
//! A name the scenario cannot produce is refused (`stream_latency` without a QUIC flow,
//! `fct_by_class` and `flow_throughput` without MPTCP flows, `transfer_time` without a sized
//! flow), as is a name given twice. An unknown name is refused by serde with the list of
//! known ones.

use super::{FlowKind, Scenario, ScenarioError};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, ts_rs::TS, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Headline {
    /// Jain's fairness index over the flows' goodputs after the warm-up.
    Jain,
    /// Each flow's goodput.
    Goodput,
    /// Utilisation of each reported link.
    Utilization,
    /// Mean and largest queueing delay (sojourn time) at each reported link.
    QueueingDelay,
    /// Retransmitted / sent packets over all flows.
    RetransmissionRatio,
    /// Mean and p99 flow-completion time per size class, with finished and unfinished counts.
    FctByClass,
    /// Mean throughput of the long (G3) flows and of all classified flows.
    FlowThroughput,
    /// Message latency (p50, p95) of each QUIC stream that carries messages.
    StreamLatency,
    /// Completion time of each sized flow (a file transfer).
    TransferTime,
}

impl Headline {
    pub fn as_str(self) -> &'static str {
        match self {
            Headline::Jain => "jain",
            Headline::Goodput => "goodput",
            Headline::Utilization => "utilization",
            Headline::QueueingDelay => "queueing_delay",
            Headline::RetransmissionRatio => "retransmission_ratio",
            Headline::FctByClass => "fct_by_class",
            Headline::FlowThroughput => "flow_throughput",
            Headline::StreamLatency => "stream_latency",
            Headline::TransferTime => "transfer_time",
        }
    }
}

/// Every headline must be one the scenario's flows can produce, and named once.
pub fn validate(s: &Scenario) -> Result<(), ScenarioError> {
    let has_kind = |k: FlowKind| s.flows.iter().any(|f| f.kind == k);
    let mptcp = s.traffic.is_some() || has_kind(FlowKind::Mptcp);
    let sized = s.traffic.is_some() || s.flows.iter().any(|f| f.size_bytes.is_some() || f.size_kb.is_some() || f.size_mb.is_some());
    for (i, h) in s.headline.iter().enumerate() {
        let path = format!("headline[{i}]");
        if s.headline[..i].contains(h) {
            return Err(ScenarioError::new(path, format!("'{}' is named twice", h.as_str())));
        }
        let missing = match h {
            Headline::StreamLatency if !has_kind(FlowKind::Quic) => Some("a QUIC flow"),
            Headline::FctByClass | Headline::FlowThroughput if !mptcp => Some("MPTCP flows (flows of kind mptcp or a traffic section)"),
            Headline::TransferTime if !sized => Some("a flow with a size"),
            _ => None,
        };
        if let Some(what) = missing {
            return Err(ScenarioError::new(path, format!("'{}' needs {what}, and this scenario has none", h.as_str())));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::scenario;
    use serde_json::json;

    fn with_headline(h: serde_json::Value) -> Result<scenario::Scenario, scenario::ScenarioError> {
        scenario::from_value(json!({
            "duration_s": 1,
            "topology": { "kind": "dumbbell", "bottleneck": { "rate_mbps": 10, "delay_ms": 1, "buffer": { "bdp": 1 } }, "senders": [{ "rtt_ms": 10 }] },
            "flows": [{ "cc": "reno" }],
            "headline": h
        }))
    }

    #[test]
    fn known_headlines_parse_and_unknown_ones_are_named() {
        assert!(with_headline(json!(["jain", "goodput", "utilization", "retransmission_ratio"])).is_ok());
        let e = with_headline(json!(["jain", "fairness"])).unwrap_err().to_string();
        assert!(e.starts_with("headline[1]: unknown variant `fairness`") && e.contains("stream_latency"), "{e}");
    }

    #[test]
    fn a_headline_the_scenario_cannot_produce_is_refused() {
        let e = with_headline(json!(["stream_latency"])).unwrap_err().to_string();
        assert_eq!(e, "headline[0]: 'stream_latency' needs a QUIC flow, and this scenario has none");
        let e = with_headline(json!(["fct_by_class"])).unwrap_err().to_string();
        assert!(e.starts_with("headline[0]: 'fct_by_class' needs MPTCP flows"), "{e}");
        let e = with_headline(json!(["transfer_time"])).unwrap_err().to_string();
        assert!(e.starts_with("headline[0]: 'transfer_time' needs a flow with a size"), "{e}");
        let e = with_headline(json!(["jain", "jain"])).unwrap_err().to_string();
        assert_eq!(e, "headline[1]: 'jain' is named twice");
    }
}
