//! The network: nodes, links, source-routed paths and the packets in flight.

pub mod link;
pub mod packet;
pub mod topology;

use link::{Link, Verdict};
use packet::{Packet, PathId};

/// Packets in flight live in a slab; events refer to them by index. Keeping the event queue's
/// entries small (24 bytes instead of a whole packet) makes the heap much faster.
#[derive(Default)]
pub struct PacketPool {
    /// Each packet with the time it reaches the end of its current link (for animation).
    slots: Vec<Option<(Packet, u64)>>,
    free: Vec<u32>,
    live: usize,
}

impl PacketPool {
    pub fn insert(&mut self, p: Packet, arrives: u64) -> u32 {
        self.live += 1;
        match self.free.pop() {
            Some(i) => {
                self.slots[i as usize] = Some((p, arrives));
                i
            }
            None => {
                self.slots.push(Some((p, arrives)));
                (self.slots.len() - 1) as u32
            }
        }
    }

    pub fn take(&mut self, i: u32) -> Packet {
        self.live -= 1;
        self.free.push(i);
        self.slots[i as usize].take().expect("packet slot used twice").0
    }

    /// Packets currently on a link (queued, serialising or propagating).
    pub fn iter(&self) -> impl Iterator<Item = &Packet> {
        self.slots.iter().flatten().map(|(p, _)| p)
    }

    /// Packets with the time each reaches the end of its current link.
    pub fn iter_timed(&self) -> impl Iterator<Item = (&Packet, u64)> {
        self.slots.iter().flatten().map(|(p, t)| (p, *t))
    }

    pub fn len(&self) -> usize {
        self.live
    }

    /// Bytes the pool holds: every slot ever used (the slab never shrinks, so its length is
    /// its high-water mark: the part of the allocation ever written, i.e. resident) and the
    /// free list. QUIC packets' boxed bodies come on top; they are small and few.
    pub fn memory_bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Option<(Packet, u64)>>() + self.free.len() * 4
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
        match self.links[link as usize].offer_packet(now, pkt.wire_bytes, pkt.body.is_data()) {
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
