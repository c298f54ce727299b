//! The run summary (DESIGN.md "Summary JSON") and the per-link series.
//!
//! Goodput of a bulk flow counts only bytes delivered after the warm-up, so start-up transients
//! do not decide fairness; a sized flow's goodput is its bytes over its own lifetime. Jain's
//! index is taken over the bulk flows' goodputs (over every flow when there are no bulk flows).
//! The digest is a hash of the summary with the wall-clock field blanked: two runs agree on
//! the digest exactly when they agree on every simulated number.

use super::{jain, SeriesId};
use crate::engine::time::{to_millis, to_secs, Time};
use crate::sim::World;
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
    #[ts(as = "crate::scenario::FlowKind")]
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

/// A count shown only when something happened (keeps summaries without ECN unchanged).
fn nonzero(x: u64) -> Option<u64> {
    (x > 0).then_some(x)
}

/// Links worth reporting: the ones the scenario describes (bottleneck, paths). The access,
/// egress and reverse links the topology adds are lossless with unlimited buffers and only
/// add a fixed delay.
pub fn reported_links(w: &World) -> Vec<u32> {
    (0..w.net.links.len() as u32).filter(|&i| w.net.links[i as usize].reported).collect()
}

pub fn register_link_series(w: &mut World) -> Vec<LinkSeries> {
    reported_links(w)
        .into_iter()
        .map(|link| {
            let name = w.net.links[link as usize].name.clone();
            LinkSeries {
                link,
                queue: w.rec.register("link", &name, "queue", "bytes", None),
                queue_packets: w.rec.register("link", &name, "queue_packets", "packets", None),
                drops: w.rec.register("link", &name, "drops", "packets", None),
                sojourn: w.rec.register("link", &name, "sojourn", "ms", None),
            }
        })
        .collect()
}

pub fn sample_links(w: &mut World, series: &[LinkSeries], t_s: f64) {
    let now = w.now;
    for s in series {
        let link = &mut w.net.links[s.link as usize];
        let (bytes, packets) = link.queue_at(now);
        let drops = link.stats.queue_drops + link.stats.wire_losses;
        w.rec.push(s.queue, t_s, bytes as f64);
        w.rec.push(s.queue_packets, t_s, packets as f64);
        let sojourn = to_millis(link.sojourn_now(now));
        w.rec.push(s.drops, t_s, drops as f64);
        w.rec.push(s.sojourn, t_s, sojourn);
    }
}

/// Jain's index of the flows' goodputs since the warm-up (bulk flows, or every flow when none
/// is bulk), so the chart converges on the summary's value.
pub fn sample_jain(w: &mut World, id: SeriesId, warmup: Time, t_s: f64, flows: &[u32]) {
    if w.now <= warmup {
        return;
    }
    let xs: Vec<f64> = flows
        .iter()
        .map(|&i| &w.flows[i as usize])
        .filter(|f| f.start <= w.now)
        .map(|f| f.bytes_delivered.saturating_sub(f.bytes_at_warmup) as f64)
        .collect();
    if let Some(j) = jain(&xs) {
        w.rec.push(id, t_s, j);
    }
}

/// The flows the Jain series is taken over, in index order: the bulk flows when there are any
/// (finite flows' goodput is not comparable with theirs), otherwise every flow. Sizes are
/// fixed once the run is built, so the list is computed once instead of at every tick (a run
/// with 10⁵ generated flows and 50 bulk ones spent an eighth of its time finding them).
pub fn jain_flows(flows: &[crate::metrics::FlowStats]) -> Vec<u32> {
    let any_bulk = flows.iter().any(|f| f.size_bytes.is_none());
    (0..flows.len() as u32).filter(|&i| !any_bulk || flows[i as usize].size_bytes.is_none()).collect()
}

/// Build the summary of a run that has reached `w.now`.
pub fn summarize(w: &mut World, scenario: &str, seed: u64, warmup: Time, wall_s: f64) -> Summary {
    let now = w.now;
    let window_s = to_secs(now.saturating_sub(warmup));
    let flows: Vec<FlowSummary> = w
        .flows
        .iter()
        .filter(|f| !f.unlisted)
        .map(|f| {
            let end = f.completed_at.unwrap_or(now);
            let goodput_mbps = match f.size_bytes {
                None if window_s > 0.0 => f.bytes_delivered.saturating_sub(f.bytes_at_warmup) as f64 * 8.0 / window_s / 1e6,
                None => 0.0,
                Some(_) => {
                    let life = to_secs(end.saturating_sub(f.start));
                    if life > 0.0 { f.bytes_delivered as f64 * 8.0 / life / 1e6 } else { 0.0 }
                }
            };
            FlowSummary {
                id: f.id.clone(),
                kind: f.kind,
                cc: f.cc.clone(),
                size_bytes: f.size_bytes,
                start_s: to_secs(f.start),
                fct_s: f.completed_at.map(|c| to_secs(c - f.start)),
                goodput_mbps,
                sent_packets: f.sent_packets,
                retransmitted_packets: f.retransmitted_packets,
                received_packets: f.received_packets,
                duplicate_packets: f.duplicate_packets,
                dropped_packets: f.dropped_packets,
                ecn_marks: nonzero(f.ecn_marks),
                bytes_delivered: f.bytes_delivered,
                scheduler: f.scheduler.clone(),
                size_class: f.size_class,
                subflows: f.scheduler.as_ref().map(|_| {
                    let total: u64 = f.subflows.iter().map(|s| s.data_bytes).sum();
                    f.subflows
                        .iter()
                        .map(|s| SubflowSummary {
                            path: s.path,
                            bytes_share: if total > 0 { s.data_bytes as f64 / total as f64 } else { 0.0 },
                            sent_packets: s.sent_packets,
                            retransmitted_packets: s.retransmitted_packets,
                        })
                        .collect()
                }),
            }
        })
        .collect();
    let bulk: Vec<f64> = flows.iter().filter(|f| f.size_bytes.is_none()).map(|f| f.goodput_mbps).collect();
    let jain = if bulk.is_empty() { jain(&flows.iter().map(|f| f.goodput_mbps).collect::<Vec<_>>()) } else { jain(&bulk) };
    let full_frame = w.full_frame;
    let links = reported_links(w)
        .into_iter()
        .map(|i| {
            let l = &mut w.net.links[i as usize];
            let mean_queue_bytes = l.mean_queue_bytes(now);
            let capacity_bits = l.rate_bps as f64 * window_s;
            LinkSummary {
                id: l.name.clone(),
                rate_mbps: l.rate_bps as f64 / 1e6,
                utilization: if capacity_bits > 0.0 { (l.stats.measured_bytes as f64 * 8.0 / capacity_bits).min(1.0) } else { 0.0 },
                drops: l.stats.queue_drops + l.stats.wire_losses,
                queue_drops: l.stats.queue_drops,
                wire_losses: l.stats.wire_losses,
                max_queue_bytes: l.stats.max_queue_bytes,
                mean_queue_bytes,
                mean_sojourn_ms: l.mean_sojourn().map_or(0.0, |ns| ns / 1e6),
                max_sojourn_ms: to_millis(l.stats.max_sojourn),
                aqm: l.aqm_name().map(str::to_string),
                ecn_marks: nonzero(l.stats.ecn_marks),
                buffer_bytes: l.capacity_bytes(full_frame),
            }
        })
        .collect();
    let mut s = Summary {
        engine_version: ENGINE_VERSION,
        scenario: scenario.to_string(),
        seed,
        duration_s: to_secs(now),
        warmup_s: to_secs(warmup),
        events: w.events_processed,
        wall_s: 0.0,
        flows,
        links,
        jain,
        streams: {
            let ids: Vec<String> = w.flows.iter().map(|f| f.id.clone()).collect();
            super::streams::summarize(&w.streams, &ids, warmup)
        },
        fct_by_class: None,
        long_flow_mbps: None,
        mean_flow_mbps: None,
        flows_unlisted: None,
        aborted: None,
        digest: String::new(),
    };
    if let Some(m) = super::classes::compute(&w.flows, warmup, now) {
        s.fct_by_class = Some(m.fct_by_class);
        s.long_flow_mbps = m.long_flow_mbps;
        s.mean_flow_mbps = m.mean_flow_mbps;
    }
    let unlisted = w.flows.iter().filter(|f| f.unlisted).count() as u64;
    s.flows_unlisted = (unlisted > 0).then_some(unlisted);
    s.digest = s.compute_digest();
    s.wall_s = wall_s;
    s
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
