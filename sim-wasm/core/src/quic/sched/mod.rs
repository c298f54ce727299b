//! Stream schedulers: which stream's data goes into the packet being built (ALGORITHMS.md §3).
//!
//! The connection builds a packet frame by frame. For each frame it asks the scheduler for a
//! stream among those `ready` (holding lost data to resend, or new data that flow control
//! lets out), takes as much of that stream as fits — its retransmissions first — and reports
//! back with [`StreamScheduler::on_frame`]. Because lost data waits in its own stream, the
//! scheduler orders retransmissions exactly like new data.
//!
//! Adding a scheduler = one file implementing [`StreamScheduler`] + one line in [`REGISTRY`].

pub mod abs;
pub mod rfc9218;
pub mod rr;
pub mod wfq;
pub mod wfq_bytes;
pub mod wfq_spread;

/// What a scheduler knows about each stream (index = position in the connection).
#[derive(Debug, Clone, PartialEq)]
pub struct StreamPrio {
    /// QUIC stream id.
    pub id: u64,
    pub weight: u32,
    pub priority: i32,
    pub urgency: u8,
    pub incremental: bool,
}

/// One decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pick {
    pub stream: usize,
    /// Most data bytes the frame may carry (byte-accurate WFQ spends a deficit).
    pub limit: u64,
    /// Why this stream: shown in the event log and the inspector.
    pub reason: &'static str,
}

impl Pick {
    pub fn unlimited(stream: usize, reason: &'static str) -> Self {
        Pick { stream, limit: u64::MAX, reason }
    }
}

pub trait StreamScheduler {
    fn name(&self) -> &'static str;
    /// Stream `i` may have data now (written, lost, or unblocked). Idempotent.
    fn activate(&mut self, i: usize);
    /// The stream for the next frame, among those with `ready[i]`; `None` when none is.
    fn pick(&mut self, ready: &[bool]) -> Option<Pick>;
    /// A frame of `bytes` data bytes from the picked stream `i` went into the packet; `more`
    /// says whether it is still ready. Called once after every `Some` pick.
    fn on_frame(&mut self, i: usize, bytes: u64, more: bool);
}

type Factory = fn(&[StreamPrio], u64) -> Box<dyn StreamScheduler>;

/// Every scheduler by the name scenarios use. The second argument of a factory is the byte
/// quantum per unit of weight (used by wfq-bytes only). `wfq` is the seed's ring (a stream's
/// copies join the tail when it gets data), `wfq-spread` the evenly interleaved one.
pub const REGISTRY: &[(&str, Factory)] = &[
    ("rr", |s, _| Box::new(rr::RoundRobin::new(s.len()))),
    ("wfq", |s, _| Box::new(wfq::WeightedRing::new(s))),
    ("wfq-spread", |s, _| Box::new(wfq_spread::SpreadRing::new(s))),
    ("wfq-bytes", |s, q| Box::new(wfq_bytes::DeficitRoundRobin::new(s, q))),
    ("abs", |s, _| Box::new(abs::Absolute::new(s))),
    ("rfc9218", |s, _| Box::new(rfc9218::Extensible::new(s))),
];

pub fn names() -> Vec<&'static str> {
    REGISTRY.iter().map(|(n, _)| *n).collect()
}

/// Build scheduler `name` (validated beforehand; unknown names fall back to round robin).
pub fn make(name: &str, streams: &[StreamPrio], quantum: u64) -> Box<dyn StreamScheduler> {
    let f = REGISTRY.iter().find(|(n, _)| *n == name).map_or(REGISTRY[0].1, |(_, f)| *f);
    f(streams, quantum)
}

#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    pub fn prio(id: u64) -> StreamPrio {
        StreamPrio { id, weight: 1, priority: 0, urgency: 3, incremental: false }
    }

    /// Build `packets` one-frame packets from streams that always have data (`ready`), and
    /// return the picked stream indexes.
    pub fn order(s: &mut dyn StreamScheduler, ready: &[bool], frames: usize) -> Vec<usize> {
        for (i, r) in ready.iter().enumerate() {
            if *r {
                s.activate(i);
            }
        }
        (0..frames)
            .map(|_| {
                let p = s.pick(ready).expect("something is ready");
                s.on_frame(p.stream, 1000, true);
                p.stream
            })
            .collect()
    }
}
