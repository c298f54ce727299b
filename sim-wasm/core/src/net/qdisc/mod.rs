//! Queue disciplines: what a link's queue does with the packets waiting for its transmitter.
//!
//! One discipline per file, behind [`Qdisc`] (the shape of a Linux qdisc or an ns-3
//! `QueueDisc`): the link offers each packet with [`Qdisc::enqueue`] and, whenever its
//! transmitter is free and the queue is not empty, takes the next packet with
//! [`Qdisc::dequeue`]. A discipline may drop at either point (RED and PIE at enqueue, CoDel at
//! dequeue, FQ-CoDel both) and, for an ECN-capable packet, mark it Congestion Experienced
//! instead of dropping it (RFC 3168 §5). Every packet it drops goes to the [`Out`] sink, so
//! the link can account for it (per-flow drops, the event log) without allocating.
//!
//! DropTail is special in one way: it never reorders and only drops on arrival against a fixed
//! limit, so every packet's departure is known when it is enqueued. The link uses that
//! ([`Qdisc::fifo_limit`]) to schedule a packet's whole future at once, with no dequeue event;
//! the other disciplines decide at dequeue time and the link runs them with a dequeue event
//! whenever its transmitter frees (net/link.rs).
//!
//! Every discipline keeps its packets in the one timestamped, byte-counted [`Fifo`]
//! (`fifo.rs`; FQ-CoDel one per flow queue), which the link's DropTail fast path uses too, and
//! none writes its own: a new discipline is its control law over a `Fifo`.
//!
//! Disciplines are generic over the item so their control laws can be unit-tested on
//! constructed arrival patterns without building packets.
//!
//! The disciplines — `droptail.rs`, `red.rs`, `codel.rs` (whose state machine `fq_codel.rs`
//! runs per flow), `fq_codel.rs`, `pie.rs` — are listed by name in [`REGISTRY`] and built
//! with [`make`]; their models, constants and sources are docs/model/aqm.md. Every one takes
//! the link's buffer as its hard limit ([`droptail::admits`] is the rule, [`Fifo::admits`] applies it).

use crate::engine::time::Time;
pub use fifo::{Fifo, WireSize};

/// What a queue discipline needs to know about a packet, beyond its bytes on the wire (what
/// the queue's byte counts and the transmitter see).
pub trait QueueItem: WireSize {
    /// The flow it belongs to, for per-flow queueing (FQ-CoDel's classifier hashes this).
    fn flow_key(&self) -> u32;
    /// Whether the sender marked it ECN-capable (ECT(0) or ECT(1)).
    fn ecn_capable(&self) -> bool;
    /// Set Congestion Experienced (only called on an ECN-capable packet).
    fn mark_ce(&mut self);
}

/// Where a discipline puts what it drops, and the marks it made. The link owns one and
/// reuses it, so a drop costs no allocation.
#[derive(Debug)]
pub struct Out<T> {
    /// Packets dropped by the last call, in the order dropped.
    pub dropped: Vec<T>,
    /// Packets marked CE by the last call.
    pub marked: u32,
}

impl<T> Default for Out<T> {
    fn default() -> Self {
        Out { dropped: Vec::new(), marked: 0 }
    }
}

impl<T> Out<T> {
    /// Forget the previous call's results (the caller has accounted for them).
    pub fn clear(&mut self) {
        self.dropped.clear();
        self.marked = 0;
    }
}

/// A packet leaving the queue for the transmitter.
#[derive(Debug)]
pub struct Dequeued<T> {
    pub item: T,
    /// When it was enqueued: now − this is its sojourn time.
    pub enqueued_at: Time,
}

/// A discipline's fixed limit, for the one that is a plain FIFO with tail drop.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Limit {
    Packets(u64),
    Bytes(u64),
    Unlimited,
}

/// A queue discipline for one direction of one link.
pub trait Qdisc<T: QueueItem> {
    /// Offer `item` at `now`. It is queued, or dropped (to `out.dropped`); a discipline may
    /// also drop packets already queued (FQ-CoDel drops from the fattest flow when full).
    fn enqueue(&mut self, now: Time, item: T, out: &mut Out<T>);

    /// The transmitter is free at `now`: hand over the next packet, if any. Packets the
    /// discipline drops on the way (CoDel's head drops) go to `out.dropped`.
    fn dequeue(&mut self, now: Time, out: &mut Out<T>) -> Option<Dequeued<T>>;

    /// Packets waiting.
    fn len_packets(&self) -> usize;

    /// Bytes waiting.
    fn len_bytes(&self) -> u64;

    /// `Some(limit)` for a discipline that is a FIFO dropping only arriving packets that would
    /// exceed `limit` (DropTail): the link then schedules each packet's departure at enqueue.
    fn fifo_limit(&self) -> Option<Limit> {
        None
    }

    /// Heap bytes held, for the run's memory budget.
    fn memory_bytes(&self) -> usize;
}

pub mod codel;
pub mod droptail;
pub mod fifo;
pub mod fq_codel;
pub mod pie;
pub mod red;

use crate::engine::rng::SimRng;
use crate::net::packet::Packet;
use crate::engine::registry::{params_of, Entry};

/// Everything a discipline needs at construction.
pub struct QdiscInit {
    /// The link's buffer: every discipline's hard limit (tail drop beyond it; FQ-CoDel drops
    /// from its fattest flow instead). See [`droptail::admits`] for how it counts.
    pub limit: Limit,
    /// The link's rate in bit/s (RED converts idle time into "packets that could have been
    /// sent" with it).
    pub rate_bps: u64,
    /// This queue's own random stream (RED's and PIE's drop decisions, FQ-CoDel's hash
    /// perturbation), derived from the scenario seed so a run is reproducible.
    pub rng: SimRng,
}

type Factory = fn(QdiscInit, Option<&serde_json::Value>) -> Result<Box<dyn Qdisc<Packet>>, String>;

/// Every queue discipline the lab offers, by the name scenarios use. `params` is the schema of
/// the discipline's parameter struct; the editor renders it (web/src/generated/registry.json).
/// The model of each is in docs/model/aqm.md.
pub const REGISTRY: &[Entry<Factory>] = &[
    Entry {
        name: "droptail",
        label: "DropTail (FIFO)",
        doc: "First in, first out; an arriving packet that would overfill the buffer (packets or bytes) is dropped.",
        params: None,
        reads: &[],
        make: droptail::DropTail::boxed,
    },
    Entry {
        name: "red",
        label: "RED",
        doc: "Random Early Detection (Floyd & Jacobson 1993, gentle mode): drops or marks arrivals with a probability rising with the average queue length.",
        params: params_of::<red::RedParams>(),
        reads: &[],
        make: red::Red::boxed,
    },
    Entry {
        name: "codel",
        label: "CoDel",
        doc: "Controlled Delay (RFC 8289): drops or marks at dequeue once the sojourn time has stayed above target for an interval, at a rate growing with the square root of the drop count.",
        params: params_of::<codel::CodelParams>(),
        reads: &[],
        make: codel::Codel::boxed,
    },
    Entry {
        name: "fq_codel",
        label: "FQ-CoDel",
        doc: "FlowQueue-CoDel (RFC 8290): flows hashed into separate queues served by deficit round robin, new flows first, each queue under its own CoDel.",
        params: params_of::<fq_codel::FqCodelParams>(),
        reads: &[],
        make: fq_codel::FqCodel::boxed,
    },
    Entry {
        name: "pie",
        label: "PIE",
        doc: "Proportional Integral controller Enhanced (RFC 8033): drops or marks arrivals with a probability a PI controller updates every 15 ms from the queueing delay.",
        params: params_of::<pie::PieParams>(),
        reads: &[],
        make: pie::Pie::boxed,
    },
];

/// The registered names, for error messages and the UI.
pub fn names() -> Vec<&'static str> {
    crate::engine::registry::names(REGISTRY)
}

/// Build discipline `name` for one link direction. `params` is the discipline's parameter
/// object; each discipline deserialises its own typed parameters from it, rejects unknown
/// fields and checks ranges. The error is relative to that object ("target_ms: must be > 0
/// (got -1)") or an unknown-name message listing the valid names.
pub fn make(name: &str, init: QdiscInit, params: Option<&serde_json::Value>) -> Result<Box<dyn Qdisc<Packet>>, String> {
    (crate::engine::registry::find(REGISTRY, "queue discipline", name)?.make)(init, params)
}

/// A time parameter given in milliseconds, checked (`field: must be > 0`) and converted to
/// integer nanoseconds.
pub(crate) fn positive_ms(field: &str, ms: f64) -> Result<crate::engine::time::Dur, String> {
    if !(ms.is_finite() && ms > 0.0) {
        return Err(format!("{field}: must be > 0 ms (got {ms})"));
    }
    let ns = crate::engine::time::millis(ms);
    if ns == 0 {
        return Err(format!("{field}: must be at least 1 ns (got {ms} ms)"));
    }
    Ok(ns)
}

/// Test helpers shared by the disciplines' unit tests: a tiny item type.
#[cfg(test)]
pub(crate) mod testing {
    use super::{QueueItem, WireSize};

    /// A packet reduced to what a discipline reads, plus an id to follow it.
    #[derive(Debug, Clone, PartialEq)]
    pub struct Item {
        pub id: u32,
        pub bytes: u32,
        pub flow: u32,
        pub ect: bool,
        pub ce: bool,
    }

    impl Item {
        pub fn new(id: u32, flow: u32, bytes: u32) -> Self {
            Item { id, bytes, flow, ect: false, ce: false }
        }
        pub fn ect(mut self) -> Self {
            self.ect = true;
            self
        }
    }

    impl WireSize for Item {
        fn wire_bytes(&self) -> u32 {
            self.bytes
        }
    }

    impl QueueItem for Item {
        fn flow_key(&self) -> u32 {
            self.flow
        }
        fn ecn_capable(&self) -> bool {
            self.ect || self.ce
        }
        fn mark_ce(&mut self) {
            self.ce = true;
        }
    }
}
