//! Building the run summary (metrics/summary.rs defines its shape and the digest) from the
//! world's counters: per-flow goodput, completion time and losses, per-link utilisation and
//! queueing, Jain's index. It reads the [`World`], which is why it sits in the simulation layer
//! rather than in metrics (docs/ARCHITECTURE.md).

use crate::engine::time::{to_millis, to_secs, Time};
use crate::metrics::jain;
use crate::metrics::summary::*;
use crate::sim::sampling::reported_links;
use crate::sim::World;

/// A count shown only when something happened (keeps summaries without ECN unchanged).
fn nonzero(x: u64) -> Option<u64> {
    (x > 0).then_some(x)
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
            crate::metrics::streams::summarize(&w.streams, &ids, warmup)
        },
        fct_by_class: None,
        fct_samples: None,
        long_flow_mbps: None,
        mean_flow_mbps: None,
        flows_unlisted: None,
        aborted: None,
        digest: String::new(),
    };
    if let Some(m) = crate::metrics::classes::compute(&w.flows, warmup, now) {
        s.fct_by_class = Some(m.fct_by_class);
        s.fct_samples = Some(m.fct_samples);
        s.long_flow_mbps = m.long_flow_mbps;
        s.mean_flow_mbps = m.mean_flow_mbps;
    }
    let unlisted = w.flows.iter().filter(|f| f.unlisted).count() as u64;
    s.flows_unlisted = (unlisted > 0).then_some(unlisted);
    s.digest = s.compute_digest();
    s.wall_s = wall_s;
    s
}

