//! Per-stream message accounting for QUIC flows (docs/spec/ALGORITHMS.md §3 metric).
//!
//! A message's latency is the time from the application writing it to the stream until the
//! receiving application can read all of it: the stream's in-order offset has passed the
//! message's last byte (**choice**: a QUIC stream is an ordered byte stream, so bytes held
//! beyond a hole are not yet readable; "holds all of it" is read as "can read all of it").
//! The sender records each write; the receiver completes messages as its in-order offset
//! advances. Both ends reach this table through the world, as they do [`super::FlowStats`].

use crate::engine::time::{to_millis, Time};
use crate::engine::ids::FlowIdx;
use serde::Serialize;
use std::collections::VecDeque;

/// Latencies listed per stream in the summary at most; longer lists are thinned evenly over
/// the sorted values, which keeps the distribution's shape for a box plot.
pub const MAX_LISTED_LATENCIES: usize = 2000;

#[derive(Debug, Clone, Default)]
pub struct StreamStats {
    pub flow: FlowIdx,
    /// QUIC stream id.
    pub stream: u64,
    pub name: String,
    pub weight: u32,
    pub priority: i32,
    pub urgency: u8,
    pub incremental: bool,
    /// Messages written but not yet readable: (end offset, write time).
    pub pending: VecDeque<(u64, Time)>,
    /// (write time, latency) of every message that became readable.
    pub done: Vec<(Time, Time)>,
    /// Write times of all messages, for counting those written after the warm-up.
    pub written_at: Vec<Time>,
    /// Bytes the receiving application can read.
    pub bytes_delivered: u64,
    /// Bytes the sender holds for this stream (written, not yet sent, plus lost data waiting
    /// to be sent again).
    pub queued_bytes: u64,
    /// Why the scheduler last picked this stream.
    pub last_pick_reason: &'static str,
    /// Frames the scheduler gave this stream.
    pub picks: u64,
}

impl StreamStats {
    /// The application wrote a message ending at byte `end` at time `now`.
    pub fn on_write(&mut self, end: u64, now: Time) {
        self.pending.push_back((end, now));
        self.written_at.push(now);
    }

    /// The receiver's in-order offset reached `offset` at `now`.
    pub fn on_readable(&mut self, offset: u64, now: Time) {
        self.bytes_delivered = offset;
        while let Some(&(end, at)) = self.pending.front() {
            if end > offset {
                break;
            }
            self.pending.pop_front();
            self.done.push((at, now - at));
        }
    }

    pub fn memory_bytes(&self) -> usize {
        self.pending.len() * 16 + self.done.len() * 16 + self.written_at.len() * 8
    }
}

#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct LatencyStats {
    pub mean: f64,
    pub p50: f64,
    pub p95: f64,
    pub max: f64,
}

/// One stream in the summary (docs/spec/DESIGN.md `streams`).
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct StreamSummary {
    /// The flow's report id.
    pub flow: String,
    pub stream: u64,
    pub name: String,
    pub weight: u32,
    pub priority: i32,
    pub urgency: u8,
    /// Messages written after the warm-up.
    pub messages: u64,
    /// Of those, fully readable at the receiver by the end of the run.
    pub delivered: u64,
    pub incomplete: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub latency_ms: Option<LatencyStats>,
    /// Every latency (ms, ascending), thinned to at most [`MAX_LISTED_LATENCIES`].
    pub latencies_ms: Vec<f64>,
    pub bytes_delivered: u64,
}

/// Nearest-rank percentile of sorted values.
fn percentile(sorted: &[f64], p: f64) -> f64 {
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

pub fn summarize(stats: &[StreamStats], flow_ids: &[String], warmup: Time) -> Vec<StreamSummary> {
    stats
        .iter()
        .map(|s| {
            let messages = s.written_at.iter().filter(|&&t| t >= warmup).count() as u64;
            let mut lat: Vec<f64> = s.done.iter().filter(|(at, _)| *at >= warmup).map(|(_, l)| to_millis(*l)).collect();
            lat.sort_by(f64::total_cmp);
            let delivered = lat.len() as u64;
            let latency_ms = (!lat.is_empty()).then(|| LatencyStats {
                mean: lat.iter().sum::<f64>() / lat.len() as f64,
                p50: percentile(&lat, 50.0),
                p95: percentile(&lat, 95.0),
                max: *lat.last().unwrap(),
            });
            let latencies_ms = super::classes::thin_sorted(lat, MAX_LISTED_LATENCIES);
            StreamSummary {
                flow: flow_ids[s.flow as usize].clone(),
                stream: s.stream,
                name: s.name.clone(),
                weight: s.weight,
                priority: s.priority,
                urgency: s.urgency,
                messages,
                delivered,
                incomplete: messages - delivered,
                latency_ms,
                latencies_ms,
                bytes_delivered: s.bytes_delivered,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::time::NS_PER_MS;

    #[test]
    fn a_message_completes_when_its_last_byte_is_readable() {
        let ms = NS_PER_MS;
        let mut s = StreamStats::default();
        s.on_write(100, 0);
        s.on_write(300, 10 * ms);
        s.on_readable(99, 20 * ms);
        assert!(s.done.is_empty(), "one byte short");
        s.on_readable(250, 30 * ms);
        assert_eq!(s.done, vec![(0, 30 * ms)]);
        s.on_readable(300, 45 * ms);
        assert_eq!(s.done[1], (10 * ms, 35 * ms));
        let sum = summarize(&[s], &["f1".into()], 5 * ms);
        assert_eq!((sum[0].messages, sum[0].delivered), (1, 1), "the first write was in the warm-up");
        assert_eq!(sum[0].latency_ms.as_ref().unwrap().p95, 35.0);
    }

    #[test]
    fn percentiles_and_thinning() {
        let mut s = StreamStats::default();
        for i in 0..5000u64 {
            s.on_write(i + 1, 0);
            s.on_readable(i + 1, (i + 1) * NS_PER_MS);
        }
        let sum = &summarize(&[s], &["f".into()], 0)[0];
        let l = sum.latency_ms.as_ref().unwrap();
        assert_eq!((l.p50, l.p95, l.max), (2500.0, 4750.0, 5000.0));
        assert_eq!(sum.latencies_ms.len(), MAX_LISTED_LATENCIES);
        assert_eq!((sum.latencies_ms[0], *sum.latencies_ms.last().unwrap()), (1.0, 5000.0));
        assert_eq!(sum.incomplete, 0);
    }
}
