//! Stream schedulers: which stream's data goes into the packet being built (docs/spec/ALGORITHMS.md §3).
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

use crate::engine::registry::Entry;

/// Every scheduler by the name scenarios use. The second argument of a factory is the byte
/// quantum per unit of weight (used by wfq-bytes only). `wfq` is the seed's ring (a stream's
/// copies join the tail when it gets data), `wfq-spread` the evenly interleaved one. `reads`
/// names the stream fields each one uses (the editor highlights them).
pub const REGISTRY: &[Entry<Factory>] = &[
    Entry {
        name: "rr",
        label: "rr — round robin (quic-go)",
        doc: "Ready streams in turn, one frame each (quic-go's default).",
        params: None,
        reads: &[],
        make: |s, _| Box::new(rr::RoundRobin::new(s.len())),
    },
    Entry {
        name: "wfq",
        label: "wfq — weighted, per packet (seed ring)",
        doc: "Weighted fair queueing in packets: a ring where a stream of weight w has w slots, joining the tail when it gets data.",
        params: None,
        reads: &["weight"],
        make: |s, _| Box::new(wfq::WeightedRing::new(s)),
    },
    Entry {
        name: "wfq-spread",
        label: "wfq-spread — weighted, per packet, slots spread",
        doc: "Weighted fair queueing in packets with each stream's slots spread evenly over the ring.",
        params: None,
        reads: &["weight"],
        make: |s, _| Box::new(wfq_spread::SpreadRing::new(s)),
    },
    Entry {
        name: "wfq-bytes",
        label: "wfq-bytes — weighted, per byte (DRR)",
        doc: "Deficit round robin: weight × quantum bytes per round (quic.quantum_bytes).",
        params: None,
        reads: &["weight"],
        make: |s, q| Box::new(wfq_bytes::DeficitRoundRobin::new(s, q)),
    },
    Entry {
        name: "abs",
        label: "abs — absolute priority",
        doc: "The ready stream with the highest priority always goes first.",
        params: None,
        reads: &["priority"],
        make: |s, _| Box::new(abs::Absolute::new(s)),
    },
    Entry {
        name: "rfc9218",
        label: "rfc9218 — urgency + incremental",
        doc: "RFC 9218 extensible priorities: lowest urgency first; incremental streams of one urgency share round-robin.",
        params: None,
        reads: &["urgency", "incremental"],
        make: |s, _| Box::new(rfc9218::Extensible::new(s)),
    },
];

pub fn names() -> Vec<&'static str> {
    crate::engine::registry::names(REGISTRY)
}

/// Build scheduler `name`; an unknown name is an error listing the valid ones (the
/// validator reports it under `quic.scheduler` before anything is built).
pub fn make(name: &str, streams: &[StreamPrio], quantum: u64) -> Result<Box<dyn StreamScheduler>, String> {
    Ok((crate::engine::registry::find(REGISTRY, "stream scheduler", name)?.make)(streams, quantum))
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

#[cfg(test)]
mod tests {
    /// No silent fallback: a name outside the registry is an error listing the valid ones.
    #[test]
    fn an_unknown_name_is_refused_with_the_valid_ones() {
        let err = super::make("fifo", &[super::testing::prio(0)], 1200).err().expect("refused");
        assert_eq!(err, "unknown stream scheduler 'fifo' (expected one of: rr, wfq, wfq-spread, wfq-bytes, abs, rfc9218)");
        assert!(super::make("wfq", &[super::testing::prio(0)], 1200).is_ok());
    }
}
