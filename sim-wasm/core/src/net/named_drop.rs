//! Drops named the way a person names a packet: "flow 0's segment 20, its first transmission,
//! on this link" — the scenario's `drops` list (scenario/drops.rs) resolved to flow indexes,
//! network paths and links by the builder, and installed on each link it names.
//!
//! **What a name is.** A data packet by its number as the sequence diagram labels it: a TCP
//! segment number, an MPTCP subflow's sequence number, a QUIC packet number (net/packet.rs). An
//! ACK by its cumulative ACK (TCP: the next segment expected; QUIC: largest acknowledged + 1) —
//! the same numbers sim/trace.rs records, so a line the page draws names the packet it is.
//!
//! **Which transmission.** Packets carry no transmission count, and the transports are not
//! asked: the link counts the packets with a rule's name that its transmitter puts on the wire
//! (on a DropTail link, every packet its queue admits; on an AQM link, every packet the
//! discipline hands over — the point `drop_packets` counts at too, net/link.rs). The n-th
//! such packet is dropped: for data, the sender's n-th transmission of that segment (unless an
//! earlier one was already lost before this link); for an ACK, the first ACK with that number
//! and then each duplicate. The loss is on the wire: the packet occupies the transmitter as a
//! real one would, and is counted as a wire loss (`LinkStats::wire_losses`).
//!
//! **Cost.** A link without named drops holds `None` and pays one branch per packet, so the
//! results of a scenario without `drops` do not move (golden-native).

use super::packet::{Body, FlowIdx, Packet, PathId};

/// One drop, resolved to what a packet carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedDrop {
    pub flow: FlowIdx,
    /// The network path the packet must be on (an MPTCP subflow's); `None`: any path.
    pub path: Option<PathId>,
    /// An ACK rather than a data packet.
    pub ack: bool,
    /// Segment / packet number (data) or cumulative ACK (ACKs), as in the module header.
    pub number: u64,
    /// Which of the matching packets this link sends to drop, from 1.
    pub nth: u32,
}

/// The named drops of one link, with how many matching packets each has seen.
#[derive(Debug, Clone, Default)]
pub struct NamedDrops {
    rules: Vec<NamedDrop>,
    seen: Vec<u32>,
}

/// A packet's name: (is an ACK, number); `None` for the handshake.
pub fn name_of(body: &Body) -> Option<(bool, u64)> {
    match body {
        Body::TcpData(d) => Some((false, d.seq)),
        Body::MptcpData(m) => Some((false, m.data.seq)),
        Body::QuicData(q) => Some((false, q.pn)),
        Body::TcpAck(a) => Some((true, a.cum)),
        Body::MptcpAck(m) => Some((true, m.ack.cum)),
        Body::QuicAck(a) => Some((true, a.ranges.first().map_or(0, |&(_, end)| end))),
        Body::Syn(_) | Body::SynAck(_) => None,
    }
}

impl NamedDrops {
    pub fn push(&mut self, rule: NamedDrop) {
        self.rules.push(rule);
        self.seen.push(0);
    }

    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// `pkt` is going onto the wire: count it against every rule naming it, and say whether
    /// one of them drops it (every matching rule counts, so "transmission 1" and
    /// "transmission 2" of one segment each find their own packet).
    pub fn hit(&mut self, pkt: &Packet) -> bool {
        let Some((ack, number)) = name_of(&pkt.body) else { return false };
        let mut hit = false;
        for (r, seen) in self.rules.iter().zip(self.seen.iter_mut()) {
            if r.flow == pkt.flow && r.ack == ack && r.number == number && r.path.is_none_or(|p| p == pkt.path) {
                *seen += 1;
                hit |= *seen == r.nth;
            }
        }
        hit
    }

    /// Heap bytes, for the link's memory estimate.
    pub fn memory_bytes(&self) -> usize {
        self.rules.capacity() * std::mem::size_of::<NamedDrop>() + self.seen.capacity() * 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::packet::{Ecn, TcpAck, TcpData};

    fn data(flow: FlowIdx, path: PathId, seq: u64) -> Packet {
        let d = TcpData { seq, len: 1448, fin: false, sent_at: 0, cwr: false };
        Packet { flow, dst: 1, path, hop: 0, ecn: Ecn::NotEct, wire_bytes: 1500, body: Body::TcpData(d) }
    }

    #[test]
    fn drops_the_named_transmission_only() {
        let mut d = NamedDrops::default();
        d.push(NamedDrop { flow: 0, path: None, ack: false, number: 5, nth: 2 });
        assert!(!d.hit(&data(0, 0, 5)), "the first transmission passes");
        assert!(!d.hit(&data(1, 0, 5)), "another flow's segment 5 is not counted");
        assert!(!d.hit(&data(0, 0, 6)));
        assert!(d.hit(&data(0, 0, 5)), "the second transmission is dropped");
        assert!(!d.hit(&data(0, 0, 5)), "the third passes");
    }

    #[test]
    fn a_path_names_one_subflow_and_acks_are_told_from_data() {
        let mut d = NamedDrops::default();
        d.push(NamedDrop { flow: 0, path: Some(2), ack: false, number: 3, nth: 1 });
        d.push(NamedDrop { flow: 0, path: None, ack: true, number: 3, nth: 2 });
        assert!(!d.hit(&data(0, 0, 3)), "segment 3 of the subflow on path 0");
        assert!(d.hit(&data(0, 2, 3)), "segment 3 of the subflow on path 2");
        let mut ack = data(0, 1, 0);
        ack.body = Body::TcpAck(TcpAck::new(3, &[], false));
        assert!(!d.hit(&ack), "the first ACK of 3 passes");
        assert!(d.hit(&ack), "its first duplicate is dropped");
    }
}
