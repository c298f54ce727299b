//! What a run measures: time series, typed events, per-flow counters, and the summary.

pub mod aggregate;
pub mod classes;
pub mod series;
pub mod streams;
pub mod summary;

pub use series::{Recorder, SeriesId, SeriesMeta};

use crate::engine::time::Time;
use crate::engine::ids::FlowIdx;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// Jain's fairness index `(Σx)² / (n·Σx²)` (Jain, Chiu, Hawe, DEC-TR-301, 1984): 1 when all
/// shares are equal, 1/n when one flow has everything. `None` for no flows or all zero.
pub fn jain(xs: &[f64]) -> Option<f64> {
    let n = xs.len() as f64;
    let sum: f64 = xs.iter().sum();
    let sq: f64 = xs.iter().map(|x| x * x).sum();
    (n > 0.0 && sq > 0.0).then(|| sum * sum / (n * sq))
}

// The transport of a flow: the scenario names it (`flows[i].kind`), the summary reports it.
// (A plain comment: a doc comment would enter the generated TypeScript and JSON Schema.)
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Default, ts_rs::TS, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FlowKind {
    #[default]
    Tcp,
    /// One QUIC connection with several streams (`quic` describes them).
    Quic,
    /// Multipath TCP: subflows on several paths of a `parallel` topology (see `mptcp`).
    Mptcp,
}

impl FlowKind {
    pub fn as_str(self) -> &'static str {
        match self {
            FlowKind::Tcp => "tcp",
            FlowKind::Quic => "quic",
            FlowKind::Mptcp => "mptcp",
        }
    }
}

/// A named number that entered a decision (an RTT in ms, a window, a count).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ts_rs::TS)]
pub struct Term {
    pub name: &'static str,
    pub value: f64,
}

/// Counters every transport keeps per flow; the summary is computed from these.
#[derive(Debug, Clone, Default)]
pub struct FlowStats {
    pub id: String,
    pub kind: &'static str,
    pub cc: String,
    pub size_bytes: Option<u64>,
    pub start: Time,
    /// Receiver holds every byte in order (ALGORITHMS.md §0: FCT ends here).
    pub completed_at: Option<Time>,
    /// Data packets handed to the network, retransmissions included.
    pub sent_packets: u64,
    pub retransmitted_packets: u64,
    /// Data packets that reached the receiver.
    pub received_packets: u64,
    /// Of those, copies of data the receiver already held: retransmissions that were not
    /// needed (spurious; TCP flows, counted per subflow for MPTCP).
    pub duplicate_packets: u64,
    /// Data packets dropped in a queue or lost on a wire.
    pub dropped_packets: u64,
    /// Data packets that arrived marked Congestion Experienced by an AQM (ECN, RFC 3168).
    pub ecn_marks: u64,
    /// Bytes the receiver holds in order (what the application has read).
    pub bytes_delivered: u64,
    /// `bytes_delivered` at the end of the warm-up.
    pub bytes_at_warmup: u64,
    /// MPTCP: the packet scheduler's name.
    pub scheduler: Option<String>,
    /// MPTCP: the size class (G0 … G3) the flow scheduler put the flow in.
    pub size_class: Option<&'static str>,
    /// MPTCP: per-subflow counters, filled in as the connection ends (or at the summary).
    pub subflows: Vec<SubflowStats>,
    /// Left out of the summary's flow list (a generated flow beyond the listing cap); it
    /// still counts in every aggregate.
    pub unlisted: bool,
}

/// One MPTCP subflow's counters.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SubflowStats {
    /// Path number, 1-based (links "path1", "path2", …).
    pub path: u32,
    /// Payload bytes of first transmissions on this subflow.
    pub data_bytes: u64,
    pub sent_packets: u64,
    pub retransmitted_packets: u64,
}

/// A typed event, for tests, the CLI trace and the page's timeline.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    /// The congestion controller changed state.
    CcState { from: &'static str, to: &'static str },
    /// A pacing-gain phase started (BBR PROBE_BW).
    CcGain { phase: u8, pacing_gain: f64 },
    /// HyStart ended slow start early (ACK train or delay increase) at window `cwnd`.
    HystartExit { reason: &'static str, cwnd: u32 },
    /// Three later packets were delivered: loss detected, fast retransmit.
    FastRetransmit { lost: u32 },
    /// An ACK echoed an ECN mark and the sender entered CWR (RFC 3168 §6.1.2); `reduced`:
    /// its controller cut the window (BBR v1 does not).
    EcnEcho { reduced: bool },
    /// The retransmission timer expired.
    Rto { backoff: u32 },
    /// A packet was dropped at a link's tail or lost on its wire.
    Drop { link: u32, wire: bool },
    /// The receiver holds the whole flow.
    FlowCompleted,
    /// A QUIC stream scheduler chose a stream for a frame (logged when the choice changes,
    /// at most quic::connection::PICK_LOG_PER_SECOND a second per connection).
    StreamPick { stream: u64, reason: &'static str, retransmission: bool },
    /// QUIC loss detection (RFC 9002 §6.1) declared packets lost.
    PacketsLost { lost: u32, persistent_congestion: bool },
    /// The QUIC probe timeout fired (RFC 9002 §6.2); `count` is the backoff exponent.
    Pto { count: u32 },
    /// An MPTCP packet scheduler's decision (logged when it differs from the connection's
    /// previous decision, so a steady choice is one event, not one per packet): the subflow
    /// chosen (index, and its path number) or none (wait), the rule that decided and the
    /// terms of its inequality.
    MptcpSched {
        subflow: Option<u32>,
        path: Option<u32>,
        reason: &'static str,
        terms: Vec<Term>,
    },
    /// An MPTCP flow scheduler chose the flow's paths (FSFS: by size class).
    MptcpPaths { size_class: &'static str, paths: Vec<u32> },
}

#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct LogEvent {
    pub t_ns: Time,
    pub flow: Option<FlowIdx>,
    #[serde(flatten)]
    pub kind: EventKind,
}

/// The most recent events, bounded so a long run's memory stays flat.
#[derive(Debug)]
pub struct EventLog {
    events: VecDeque<LogEvent>,
    cap: usize,
    /// Events pushed in total, including those no longer kept.
    pub total: u64,
}

impl EventLog {
    pub fn new(cap: usize) -> Self {
        EventLog { events: VecDeque::new(), cap, total: 0 }
    }

    pub fn push(&mut self, t_ns: Time, flow: Option<FlowIdx>, kind: EventKind) {
        if self.events.len() == self.cap {
            self.events.pop_front();
        }
        self.events.push_back(LogEvent { t_ns, flow, kind });
        self.total += 1;
    }

    /// Log an MPTCP scheduler decision ([`EventKind::MptcpSched`]) with a copy of `terms`.
    /// Once the log is full, the terms list of the event it drops is reused for the new one:
    /// ECF-3 on heterogeneous paths changes its decision every other segment, and a fresh
    /// list per logged decision (allocated here, freed when the bounded log dropped it) was a
    /// tenth of such a run's time. The event logged is the same either way.
    pub fn push_sched(&mut self, t_ns: Time, flow: Option<FlowIdx>, subflow: Option<u32>, path: Option<u32>, reason: &'static str, terms: &[Term]) {
        let mut list = Vec::new();
        if self.events.len() == self.cap {
            if let Some(LogEvent { kind: EventKind::MptcpSched { terms: old, .. }, .. }) = self.events.pop_front() {
                list = old;
                list.clear();
            }
        }
        list.extend_from_slice(terms);
        self.push(t_ns, flow, EventKind::MptcpSched { subflow, path, reason, terms: list });
    }

    pub fn iter(&self) -> impl Iterator<Item = &LogEvent> {
        self.events.iter()
    }

    /// Heap bytes of the kept events.
    pub fn memory_bytes(&self) -> usize {
        self.events.capacity() * std::mem::size_of::<LogEvent>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jain_index_bounds() {
        assert_eq!(jain(&[5.0, 5.0, 5.0]), Some(1.0));
        assert_eq!(jain(&[10.0, 0.0]), Some(0.5), "one of two flows has everything: 1/n");
        let j = jain(&[1.0, 3.0]).unwrap();
        assert!((j - 16.0 / 20.0).abs() < 1e-12);
        assert_eq!(jain(&[]), None);
        assert_eq!(jain(&[0.0, 0.0]), None);
    }

    #[test]
    fn event_log_is_bounded() {
        let mut log = EventLog::new(3);
        for i in 0..5 {
            log.push(i, None, EventKind::FlowCompleted);
        }
        assert_eq!(log.iter().map(|e| e.t_ns).collect::<Vec<_>>(), vec![2, 3, 4]);
        assert_eq!(log.total, 5);
    }

    /// A decision logged through `push_sched` (which reuses the dropped event's terms list
    /// once the log is full) is the event `push` would have logged, before and after the log
    /// fills and whatever kind of event it drops.
    #[test]
    fn push_sched_logs_what_push_would() {
        let (mut fast, mut plain) = (EventLog::new(4), EventLog::new(4));
        for i in 0..20u64 {
            if i % 3 == 0 {
                fast.push(i, None, EventKind::FlowCompleted);
                plain.push(i, None, EventKind::FlowCompleted);
                continue;
            }
            let terms: Vec<Term> = (0..(i % 5) as usize).map(|k| Term { name: "x", value: (i * 10 + k as u64) as f64 }).collect();
            let reason = if i % 2 == 0 { "line 1" } else { "line 2" };
            fast.push_sched(i, Some(1), Some(i as u32 % 3), None, reason, &terms);
            plain.push(i, Some(1), EventKind::MptcpSched { subflow: Some(i as u32 % 3), path: None, reason, terms });
            assert_eq!(fast.iter().collect::<Vec<_>>(), plain.iter().collect::<Vec<_>>());
        }
        assert_eq!(fast.total, plain.total);
    }
}
