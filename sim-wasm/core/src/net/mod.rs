//! The network: nodes, links, source-routed paths and the packets in flight.

pub mod link;
pub mod named_drop;
pub mod packet;
pub mod qdisc;
pub mod routing;

use link::{Link, Verdict};
use packet::{Packet, PathId};
use std::collections::VecDeque;

/// The packets on the links (queued, serialising or propagating), one FIFO per link in the
/// order they reach its far end: a link's transmitter is FIFO and its delay constant, so
/// packets on one link never overtake each other. The event queue holds one lane per link
/// (engine/queue.rs) whose events come due in the same order, so the packet of a link's
/// `Arrive` event is always the front of the link's FIFO — no slab, free list or per-packet
/// index, and the packets a link delivers next are adjacent in memory.
#[derive(Default)]
pub struct PacketPool {
    /// Per link: each packet with the time it reaches the link's far end.
    links: Vec<VecDeque<(Packet, u64)>>,
    live: usize,
    /// Per link, the most packets it ever held at once, and their sum: what the memory
    /// estimate counts (see [`PacketPool::memory_bytes`]).
    peaks: Vec<usize>,
    peak_total: usize,
}

impl PacketPool {
    pub fn for_links(n: usize) -> Self {
        PacketPool { links: (0..n).map(|_| VecDeque::new()).collect(), live: 0, peaks: vec![0; n], peak_total: 0 }
    }

    /// A packet enters `link`; it reaches the far end at `arrives`, no earlier than every
    /// packet already on the link.
    pub fn push(&mut self, link: u32, p: Packet, arrives: u64) {
        let fifo = &mut self.links[link as usize];
        debug_assert!(fifo.back().is_none_or(|b| b.1 <= arrives), "packets on a link never overtake");
        fifo.push_back((p, arrives));
        self.live += 1;
        let peak = &mut self.peaks[link as usize];
        if fifo.len() > *peak {
            *peak += 1;
            self.peak_total += 1;
        }
    }

    /// The packet that reaches the far end of `link` next.
    pub fn pop(&mut self, link: u32) -> Packet {
        self.live -= 1;
        self.links[link as usize].pop_front().expect("an arrival event has its packet").0
    }

    /// Start loading the packet `link` delivers next into the CPU's cache (x86-64; elsewhere,
    /// wasm included, nothing). A many-flow run holds tens of thousands of packets on its
    /// links, far more than the cache: the load of each arriving packet was the hottest
    /// instruction of such a run. The engine calls this for the next event's link while it
    /// handles the current event, so the two overlap. A hint only: it changes no result.
    #[inline]
    pub fn prefetch_front(&self, link: u32) {
        #[cfg(target_arch = "x86_64")]
        if let Some(front) = self.links.get(link as usize).and_then(|f| f.front()) {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let p = (front as *const (Packet, u64)).cast::<i8>();
            let size = std::mem::size_of::<(Packet, u64)>();
            // Every cache line the entry spans (it is not line-aligned).
            let mut off = 0;
            while off < size + 63 {
                // SAFETY: a prefetch is a hint that never faults, whatever the address; this
                // one is inside a live allocation anyway.
                #[allow(unused_unsafe)]
                unsafe {
                    _mm_prefetch(p.wrapping_add(off.min(size - 1)), _MM_HINT_T0)
                };
                off += 64;
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = link;
    }

    /// Packets currently on a link (queued, serialising or propagating), link by link.
    pub fn iter(&self) -> impl Iterator<Item = &Packet> {
        self.links.iter().flatten().map(|(p, _)| p)
    }

    /// Packets with the time each reaches the end of its current link.
    pub fn iter_timed(&self) -> impl Iterator<Item = (&Packet, u64)> {
        self.links.iter().flatten().map(|(p, t)| (p, *t))
    }

    pub fn len(&self) -> usize {
        self.live
    }

    /// Bytes the FIFOs hold: each link's most packets ever at once. A FIFO's allocation
    /// doubles as it grows, and the new half is address space the operating system backs only
    /// as packets reach it, so counting capacity would make one packet look like thousands.
    /// QUIC packets' boxed bodies come on top; they are small and few.
    pub fn memory_bytes(&self) -> usize {
        self.peak_total * std::mem::size_of::<(Packet, u64)>()
            + self.links.capacity() * (std::mem::size_of::<VecDeque<(Packet, u64)>>() + std::mem::size_of::<usize>())
    }

    pub fn is_empty(&self) -> bool {
        self.live == 0
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeKind {
    Host,
    Router,
}

pub struct Node {
    pub name: String,
    pub kind: NodeKind,
}

/// A path: the links a packet crosses, in order.
pub type Path = Vec<u32>;

/// One route a flow can use: the forward path for data, the reverse path for ACKs.
#[derive(Debug, Clone, Copy)]
pub struct Route {
    pub forward: packet::PathId,
    pub reverse: packet::PathId,
    /// Base round-trip time (propagation only).
    pub rtt_ns: u64,
}

/// Why a packet did not reach its destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DropKind {
    Queue,
    Wire,
}

pub struct Network {
    pub nodes: Vec<Node>,
    pub links: Vec<Link>,
    pub paths: Vec<Path>,
    pub pool: PacketPool,
}

impl Network {
    /// Offer `pkt` to the link of its current hop. Returns where it arrives and when, or why
    /// it was dropped.
    pub fn offer(&mut self, now: u64, pkt: &Packet) -> Result<u64, DropKind> {
        let link = self.paths[pkt.path as usize][pkt.hop as usize];
        match self.links[link as usize].offer_pkt(now, pkt) {
            Verdict::Arrives(t) => Ok(t),
            Verdict::QueueDrop => Err(DropKind::Queue),
            Verdict::WireLoss => Err(DropKind::Wire),
        }
    }

    /// The link a packet is on.
    pub fn link_of(&self, pkt: &Packet) -> u32 {
        self.paths[pkt.path as usize][pkt.hop as usize]
    }

    pub fn path_len(&self, path: PathId) -> usize {
        self.paths[path as usize].len()
    }
}
