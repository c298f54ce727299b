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
    /// The agents at the flow's two ends (an MPTCP or QUIC connection is one agent at each
    /// end, whatever its subflows or streams). The sender's snapshot is the flow's live state.
    pub sender: crate::engine::ids::AgentId,
    pub receiver: crate::engine::ids::AgentId,
    pub kind: &'static str,
    pub cc: String,
    pub size_bytes: Option<u64>,
    pub start: Time,
    /// Receiver holds every byte in order (docs/spec/ALGORITHMS.md §0: FCT ends here).
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
/// Where a packet was lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum DropCause {
    /// A full DropTail buffer.
    Queue,
    /// The link's queue discipline (RED, CoDel, FQ-CoDel, PIE) or its hard limit.
    Aqm,
    /// Random or scripted loss on the wire (`loss`, `drop_packets`).
    Wire,
}

#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    /// The congestion controller changed state.
    CcState { from: &'static str, to: &'static str },
    /// A pacing-gain phase started (BBR PROBE_BW).
    CcGain { phase: u8, pacing_gain: f64 },
    /// HyStart ended slow start early (ACK train or delay increase) at window `cwnd`.
    HystartExit { reason: &'static str, cwnd: u32 },
    /// BBR's long-term bandwidth estimator ("policer detection") began (`engaged`) or, 48 round
    /// trips later, stopped pacing at gain 1 on its long-term rate (`rate_mbps`, on the wire):
    /// why a BBR flow's gain sits at 1 instead of cycling.
    CcLongTermRate { engaged: bool, rate_mbps: f64 },
    /// Loss detected (RACK under `linux`, the 3rd duplicate ACK under `ns3-classic`): fast
    /// retransmit and recovery begin. Under `linux` also when a recovery ends with segments
    /// still marked lost, or a retransmission after a timeout is lost again; `lost`: the
    /// segments marked lost and not yet delivered (under `ns3-classic` the one resent).
    FastRetransmit { lost: u32 },
    /// A tail-loss probe went out (RFC 8985 §7): no ACK for two round trips, so the sender
    /// sent one packet — new data, or the last segment again (`retransmission`) — to draw an
    /// ACK whose SACK lets RACK find the tail's losses without waiting for the timeout.
    TailLossProbe { retransmission: bool },
    /// An ACK echoed an ECN mark and the sender entered CWR (RFC 3168 §6.1.2); `reduced`:
    /// its controller cut the window (BBR v1 does not).
    EcnEcho { reduced: bool },
    /// The retransmission timer expired.
    Rto { backoff: u32 },
    /// A packet was dropped at a link's tail or lost on its wire: which link, why (`cause`:
    /// a full buffer, the queue discipline, the wire) and, for a data packet, its number
    /// (`packet`: the segment number of TCP or an MPTCP subflow, the QUIC packet number), so
    /// the inspector can say "packet 1 234 of short-rtt dropped at the bottleneck (buffer full)".
    Drop { link: u32, wire: bool, cause: DropCause, packet: Option<u64> },
    /// The congestion controller changed its window in reaction to a congestion signal:
    /// `before` → `after` packets, and `why` — `loss` (recovery began), `recovery_done` (the
    /// window set when recovery ended), `rto` (the retransmission timer fired), `ecn` (an
    /// echoed mark). Logged by the sender's driver (endpoint/cc_driver.rs) around the
    /// controller's hook, only when the window moved.
    CwndChange { before: u32, after: u32, why: &'static str },
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
///
/// The terms of the MPTCP scheduler decisions kept are held beside the events rather than in a
/// list of each event's own: the values in event order, and per event the number of its list
/// of term names. A scheduler names the same few lists over and over (ECF-3: the names of
/// Algorithm 1's terms up to the line it reached), so each list is kept once. ECF-3 changes its
/// decision every other segment: a list allocated per logged decision (freed when the bounded
/// log dropped it) was a tenth of such a run's time, then the log's fresh memory was (20 000
/// decisions of six 24-byte terms), then looking up each term's name was.
/// [`EventLog::iter`] gives each event with its terms in place, as [`LogEvent`] shows it.
#[derive(Debug)]
pub struct EventLog {
    /// The events kept, each with the number in `name_lists` of its terms' names (the list of
    /// terms in the event itself is empty then).
    events: VecDeque<(LogEvent, u32)>,
    /// The kept events' term values in order.
    values: VecDeque<f64>,
    /// Every list of term names logged so far, the empty list first: a handful.
    name_lists: Vec<Vec<&'static str>>,
    /// The list the previous event named: where the next is looked for first.
    last_list: usize,
    cap: usize,
    /// Events pushed in total, including those no longer kept.
    pub total: u64,
}

impl EventLog {
    pub fn new(cap: usize) -> Self {
        EventLog { events: VecDeque::new(), values: VecDeque::new(), name_lists: vec![Vec::new()], last_list: 0, cap, total: 0 }
    }

    pub fn push(&mut self, t_ns: Time, flow: Option<FlowIdx>, kind: EventKind) {
        self.keep(LogEvent { t_ns, flow, kind }, &[]);
    }

    /// Log an MPTCP scheduler decision ([`EventKind::MptcpSched`]) with a copy of `terms`:
    /// the event `push` would log with the terms in it, without allocating.
    pub fn push_sched(&mut self, t_ns: Time, flow: Option<FlowIdx>, subflow: Option<u32>, path: Option<u32>, reason: &'static str, terms: &[Term]) {
        let kind = EventKind::MptcpSched { subflow, path, reason, terms: Vec::new() };
        self.keep(LogEvent { t_ns, flow, kind }, terms);
    }

    fn keep(&mut self, event: LogEvent, terms: &[Term]) {
        if self.events.len() == self.cap {
            if let Some((_, list)) = self.events.pop_front() {
                self.values.drain(..self.names(list).len());
            }
        } else if self.events.len() == self.events.capacity() {
            // Grow by doubling up to the cap, not past it (a ring of 20 000 events would
            // otherwise take 32 768 slots).
            let len = self.events.len();
            self.events.reserve_exact(len.max(16).min(self.cap - len));
        }
        let list = self.list_index(terms);
        self.values.extend(terms.iter().map(|t| t.value));
        self.events.push_back((event, list));
        self.total += 1;
    }

    /// The number in `name_lists` of the names of `terms`, added if new. A list is looked for
    /// by the addresses of its names first (they are string literals), then by their text.
    fn list_index(&mut self, terms: &[Term]) -> u32 {
        if terms.is_empty() {
            return 0;
        }
        let names_of = |list: &[&str], same: fn(&str, &str) -> bool| list.len() == terms.len() && list.iter().zip(terms).all(|(n, t)| same(n, t.name));
        let literal = |a: &str, b: &str| std::ptr::eq(a.as_ptr(), b.as_ptr()) && a.len() == b.len();
        let text = |a: &str, b: &str| a == b;
        let at = if names_of(&self.name_lists[self.last_list], literal) {
            self.last_list
        } else {
            match self.name_lists.iter().position(|l| names_of(l, literal)).or_else(|| self.name_lists.iter().position(|l| names_of(l, text))) {
                Some(at) => at,
                None => {
                    self.name_lists.push(terms.iter().map(|t| t.name).collect());
                    self.name_lists.len() - 1
                }
            }
        };
        self.last_list = at;
        // The lists are fixed in the schedulers' code: a few dozen at most.
        u32::try_from(at).unwrap_or(u32::MAX)
    }

    /// The term names of list number `list`.
    fn names(&self, list: u32) -> &[&'static str] {
        self.name_lists.get(list as usize).map_or(&[], |l| &l[..])
    }

    /// Events kept.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// The events kept, oldest first, each with its terms in place.
    pub fn iter(&self) -> impl Iterator<Item = LogEvent> + '_ {
        self.iter_from(0)
    }

    /// The events kept from the `first`-th on (0 = the oldest kept), with their terms.
    pub fn iter_from(&self, first: usize) -> impl Iterator<Item = LogEvent> + '_ {
        let first = first.min(self.events.len());
        // Counted from the back: readers ask for the newest few of up to `cap` events.
        let mut at = self.values.len() - self.events.range(first..).map(|&(_, list)| self.names(list).len()).sum::<usize>();
        self.events.range(first..).map(move |&(ref event, list)| {
            let mut event = event.clone();
            let names = self.names(list);
            if let EventKind::MptcpSched { terms, .. } = &mut event.kind {
                terms.extend(names.iter().zip(self.values.range(at..at + names.len())).map(|(&name, &value)| Term { name, value }));
            }
            at += names.len();
            event
        })
    }

    /// Heap bytes of the kept events.
    pub fn memory_bytes(&self) -> usize {
        self.events.capacity() * std::mem::size_of::<(LogEvent, u32)>()
            + self.values.capacity() * std::mem::size_of::<f64>()
            + self.name_lists.iter().map(|l| l.capacity()).sum::<usize>() * std::mem::size_of::<&str>()
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

    /// A decision logged through `push_sched` (its terms kept beside the events, names by
    /// number) is the event `push` would have logged with the terms in it, before and after
    /// the log fills, whatever kind of event it drops, read from any kept event on.
    #[test]
    fn push_sched_logs_what_push_would() {
        // The same name at another address (not the literal) is the same name.
        let k_again: &'static str = Box::leak(String::from("k").into_boxed_str());
        let names = ["k", "rtt_ms", "t_wait_ms", k_again, "cwnd"];
        let (mut fast, mut plain) = (EventLog::new(4), EventLog::new(4));
        for i in 0..40u64 {
            if i % 3 == 0 {
                fast.push(i, None, EventKind::FlowCompleted);
                plain.push(i, None, EventKind::FlowCompleted);
                continue;
            }
            let terms: Vec<Term> = (0..(i % 6) as usize).map(|k| Term { name: names[(i as usize + k) % names.len()], value: (i * 10 + k as u64) as f64 }).collect();
            let reason = if i % 2 == 0 { "line 1" } else { "line 2" };
            fast.push_sched(i, Some(1), Some(i as u32 % 3), None, reason, &terms);
            plain.push(i, Some(1), EventKind::MptcpSched { subflow: Some(i as u32 % 3), path: None, reason, terms });
            let want: Vec<LogEvent> = plain.iter().collect();
            assert_eq!(fast.iter().collect::<Vec<_>>(), want, "event {i}");
            for from in 0..=want.len() + 1 {
                assert_eq!(fast.iter_from(from).collect::<Vec<_>>(), want[from.min(want.len())..], "event {i}, from {from}");
            }
        }
        assert_eq!(fast.total, plain.total);
    }

    /// The log holds at most `cap` events' room: it grows by doubling up to the cap, not to
    /// the next power of two past it (a 20 000-event log took 32 768 slots).
    #[test]
    fn event_log_room_stops_at_its_cap() {
        let mut log = EventLog::new(1000);
        for i in 0..5000 {
            log.push(i, None, EventKind::FlowCompleted);
        }
        assert_eq!(log.len(), 1000);
        assert_eq!(log.memory_bytes(), 1000 * std::mem::size_of::<(LogEvent, u32)>());
    }
}
