//! The run summary (docs/spec/DESIGN.md "Summary JSON") and the per-link series.
//!
//! Goodput of a bulk flow counts only bytes delivered after the warm-up, so start-up transients
//! do not decide fairness; a sized flow's goodput is its bytes over its own lifetime. Jain's
//! index is taken over the bulk flows' goodputs (over every flow when there are no bulk flows).
//! The digest is a hash of the summary with the wall-clock field blanked: two runs agree on
//! the digest exactly when they agree on every simulated number, the FCT CDF's `fct_samples`
//! included (so the goldens cover what the page draws).

use super::SeriesId;
use serde::Serialize;
use sha2::{Digest, Sha256};

/// The version every summary and shared link carries; results are comparable within a version.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct Summary {
    pub engine_version: &'static str,
    pub scenario: String,
    pub seed: u64,
    /// Simulated seconds actually run (less than the scenario's duration when every flow
    /// finished early).
    pub duration_s: f64,
    pub warmup_s: f64,
    pub events: u64,
    /// Wall-clock seconds, measured by the caller (the core never reads a clock).
    pub wall_s: f64,
    pub flows: Vec<FlowSummary>,
    pub links: Vec<LinkSummary>,
    pub jain: Option<f64>,
    /// Per-stream message latencies of the QUIC flows (absent without them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub streams: Vec<super::streams::StreamSummary>,
    /// MPTCP runs: FCT statistics per size class G0 … G3 and over all ("all").
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub fct_by_class: Option<std::collections::BTreeMap<String, super::classes::ClassStats>>,
    /// MPTCP runs: per size class (and "all"), the FCTs (s) `fct_by_class` was taken over,
    /// sorted and thinned evenly to at most 500 (metrics/classes.rs): the page's FCT CDF.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub fct_samples: Option<std::collections::BTreeMap<String, Vec<f64>>>,
    /// MPTCP runs: mean throughput (bytes / FCT) of long (G3) flows, Mbit/s.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub long_flow_mbps: Option<f64>,
    /// MPTCP runs: mean throughput of every classified flow, Mbit/s.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub mean_flow_mbps: Option<f64>,
    /// Generated flows left out of `flows` (they count in the aggregates).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub flows_unlisted: Option<u64>,
    /// Set when a run budget stopped the run early: why, and when.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub aborted: Option<String>,
    /// SHA-256 (first 16 hex digits) of this summary with `wall_s` = 0 and `digest` = "".
    pub digest: String,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct FlowSummary {
    pub id: String,
    /// `FlowKind::as_str` of the flow's kind.
    #[ts(as = "super::FlowKind")]
    pub kind: &'static str,
    pub cc: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub size_bytes: Option<u64>,
    pub start_s: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub fct_s: Option<f64>,
    pub goodput_mbps: f64,
    pub sent_packets: u64,
    pub retransmitted_packets: u64,
    pub received_packets: u64,
    /// Received data packets the receiver already held (spurious retransmissions).
    pub duplicate_packets: u64,
    pub dropped_packets: u64,
    /// Data packets that arrived marked Congestion Experienced (ECN).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ecn_marks: Option<u64>,
    pub bytes_delivered: u64,
    /// MPTCP: the packet scheduler.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub scheduler: Option<String>,
    /// MPTCP: the size class (G0 … G3).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub size_class: Option<&'static str>,
    /// MPTCP: one entry per subflow.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub subflows: Option<Vec<SubflowSummary>>,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct SubflowSummary {
    /// Path number (1-based; links "path1", "path2", …).
    pub path: u32,
    /// Share of the flow's data bytes first sent on this subflow.
    pub bytes_share: f64,
    pub sent_packets: u64,
    pub retransmitted_packets: u64,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct LinkSummary {
    pub id: String,
    pub rate_mbps: f64,
    /// Fraction of the measurement window the transmitter was busy with packets that arrived.
    pub utilization: f64,
    pub drops: u64,
    pub queue_drops: u64,
    pub wire_losses: u64,
    pub max_queue_bytes: u64,
    pub mean_queue_bytes: f64,
    /// Queueing delay (enqueue to start of transmission) of the packets sent in the
    /// measurement window: mean and largest, in ms.
    pub mean_sojourn_ms: f64,
    pub max_sojourn_ms: f64,
    /// The queue discipline, when it is not DropTail.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub aqm: Option<String>,
    /// Packets the queue marked CE instead of dropping them.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ecn_marks: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub buffer_bytes: Option<u64>,
}

/// Series kept for one reported link.
#[derive(Debug, Clone, Copy)]
pub struct LinkSeries {
    pub link: u32,
    pub queue: SeriesId,
    pub queue_packets: SeriesId,
    pub drops: SeriesId,
    pub sojourn: SeriesId,
}

/// The flows the Jain series is taken over, in index order: the bulk flows when there are any
/// (finite flows' goodput is not comparable with theirs), otherwise every flow. Sizes are
/// fixed once the run is built, so the list is computed once instead of at every tick (a run
/// with 10⁵ generated flows and 50 bulk ones spent an eighth of its time finding them).
pub fn jain_flows(flows: &[crate::metrics::FlowStats]) -> Vec<u32> {
    let any_bulk = flows.iter().any(|f| f.size_bytes.is_none());
    (0..flows.len() as u32).filter(|&i| !any_bulk || flows[i as usize].size_bytes.is_none()).collect()
}

impl Summary {
    /// Hash of every simulated number (wall time and the digest itself blanked).
    pub fn compute_digest(&self) -> String {
        let mut blank = self.clone();
        blank.wall_s = 0.0;
        blank.digest = String::new();
        let json = serde_json::to_vec(&blank).expect("a summary always serialises");
        let hash = Sha256::digest(&json);
        hash.iter().take(8).map(|b| format!("{b:02x}")).collect()
    }
}
