//! Packets as the network sees them: a size on the wire, a source route and a transport body.
//!
//! Packets travel by source route: each carries the id of its path (a list of links fixed at
//! topology build time) and the index of the hop it is on. That covers dumbbells, N parallel
//! paths (MPTCP) and static routes in a general graph with one mechanism.

use crate::engine::time::Time;

pub use crate::engine::ids::{AgentId, FlowIdx, LinkId, NodeId, PathId};

#[derive(Debug, Clone)]
pub struct Packet {
    /// Flow the packet belongs to (for per-flow drop accounting and packet conservation).
    pub flow: FlowIdx,
    /// Agent that receives it at the end of its path.
    pub dst: AgentId,
    pub path: PathId,
    /// Index into the path's links of the link the packet is on (or about to enter).
    pub hop: u16,
    /// The IP header's ECN field (RFC 3168 §5): whether the sender can take a mark instead of
    /// a drop, and whether a queue marked it.
    pub ecn: Ecn,
    /// Bytes on the wire, headers included: what the link serialises and the queue counts.
    pub wire_bytes: u32,
    pub body: Body,
}

/// The two ECN bits of the IP header (RFC 3168 §5). ECT(0) and ECT(1) are one value here: no
/// modelled mechanism tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Ecn {
    /// Not-ECT: the sender cannot take marks, so a queue drops instead.
    #[default]
    NotEct,
    /// ECN-Capable Transport.
    Ect,
    /// Congestion Experienced: a queue marked it instead of dropping it.
    Ce,
}

impl crate::net::qdisc::WireSize for Packet {
    fn wire_bytes(&self) -> u32 {
        self.wire_bytes
    }
}

impl crate::net::qdisc::QueueItem for Packet {
    /// The flow and the path together stand for the 5-tuple: an MPTCP connection's subflows,
    /// and a flow's data and ACK directions, are different flows to a classifier, as they are
    /// to Linux's (different ports or addresses).
    fn flow_key(&self) -> u32 {
        self.flow.wrapping_mul(0x9E37_79B1) ^ self.path
    }
    fn ecn_capable(&self) -> bool {
        self.ecn != Ecn::NotEct
    }
    fn mark_ce(&mut self) {
        self.ecn = Ecn::Ce;
    }
}

/// Transport payloads. New transports add a variant here.
#[derive(Debug, Clone)]
pub enum Body {
    TcpData(TcpData),
    TcpAck(TcpAck),
    /// QUIC packets are boxed so that the common TCP packet stays small.
    QuicData(Box<QuicData>),
    QuicAck(Box<QuicAck>),
    /// A segment of an MPTCP subflow, with its connection-level data sequence number.
    MptcpData(MptcpData),
    /// A subflow ACK that also carries the connection-level DATA_ACK and receive window.
    MptcpAck(MptcpAck),
    /// Connection setup: the SYN of a TCP connection or of an MPTCP subflow, and the
    /// receiver's SYN-ACK. The sender's final ACK rides with its first data segment, so a
    /// handshake costs one round trip of the path (docs/model/tcp.md §Connection setup).
    Syn(Handshake),
    SynAck(Handshake),
}

/// What a SYN or SYN-ACK opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handshake {
    /// A plain TCP connection.
    Tcp,
    /// The first subflow of an MPTCP connection (MP_CAPABLE, RFC 8684 §3.1).
    MpCapable,
    /// A further subflow joining an established connection (MP_JOIN, RFC 8684 §3.2).
    MpJoin,
}

impl Body {
    pub fn is_data(&self) -> bool {
        matches!(self, Body::TcpData(_) | Body::MptcpData(_) | Body::QuicData(_))
    }
}

/// An MPTCP subflow segment (RFC 8684 DSS option: subflow sequence plus data sequence).
/// Data sequence numbers count segments of the connection, like subflow sequence numbers.
#[derive(Debug, Clone, Copy)]
pub struct MptcpData {
    pub data: TcpData,
    pub dsn: u64,
}

/// A subflow's cumulative ACK + SACK, with the connection-level cumulative DATA_ACK and the
/// connection receive window (segments beyond `data_ack` the receiver has room for).
#[derive(Debug, Clone, Copy)]
pub struct MptcpAck {
    pub ack: TcpAck,
    pub data_ack: u64,
    pub window: u64,
}

/// A TCP data segment. Sequence numbers count segments, not bytes (every segment but the last
/// of a flow carries a full MSS), which keeps the scoreboard a plain array.
#[derive(Debug, Clone, Copy)]
pub struct TcpData {
    pub seq: u64,
    pub len: u32,
    /// Last segment of a finite flow (TCP's FIN).
    pub fin: bool,
    pub sent_at: Time,
    /// The TCP header's CWR flag: the sender has reduced its window for an ECN echo, so the
    /// receiver may stop echoing (RFC 3168 §6.1.2).
    pub cwr: bool,
}

/// Maximum SACK blocks per ACK: 3 fit in the option space next to timestamps (RFC 2018 §3).
pub const MAX_SACK_BLOCKS: usize = 3;

/// A cumulative ACK with SACK blocks (RFC 2018), in segment numbers; blocks are half-open.
///
/// The blocks are stored as 32-bit (start − cum, end − start) pairs, as the TCP option itself
/// carries 32-bit sequence numbers: a SACK block lies in the receive window above `cum`, far
/// below 2³² segments. That halves the blocks' size, and an ACK is half of the packets in
/// flight: with 64-bit blocks the packet record was 112 bytes, now 88 (issue 18: the packets
/// on the wires of a many-flow run are the engine's hottest memory).
#[derive(Debug, Clone, Copy)]
pub struct TcpAck {
    /// Next segment expected: everything below it has arrived in order.
    pub cum: u64,
    sack: [(u32, u32); MAX_SACK_BLOCKS],
    sack_len: u8,
    /// The TCP header's ECE flag: the receiver got a CE-marked segment and echoes it until
    /// the sender's CWR arrives (RFC 3168 §6.1.3).
    pub ece: bool,
    /// A duplicate-SACK (RFC 2883): this ACK answers a segment the receiver already had. The
    /// sender reads it only to tell a needless tail-loss probe from one that repaired a loss
    /// (Linux `tcp_process_tlp_ack`, FLAG_DSACK_TLP).
    pub dsack: bool,
}

impl TcpAck {
    /// An ACK of everything below `cum` with up to [`MAX_SACK_BLOCKS`] SACK blocks (more are
    /// ignored), each a half-open range of segments above `cum`.
    /// The same ACK reporting a duplicate segment (`dup`) as a D-SACK.
    pub fn with_dsack(self, dup: bool) -> Self {
        TcpAck { dsack: dup, ..self }
    }

    pub fn new(cum: u64, blocks: &[(u64, u64)], ece: bool) -> Self {
        let mut sack = [(0u32, 0u32); MAX_SACK_BLOCKS];
        let n = blocks.len().min(MAX_SACK_BLOCKS);
        for (slot, &(start, end)) in sack.iter_mut().zip(blocks) {
            debug_assert!(cum <= start && start <= end && end - cum <= u32::MAX as u64, "SACK block {start}..{end} within 2³² above {cum}");
            // In range by the receive window (see above); saturating keeps an impossible
            // block from wrapping into a different one.
            let off = start.saturating_sub(cum).min(u32::MAX as u64) as u32;
            let len = end.saturating_sub(start).min(u32::MAX as u64) as u32;
            *slot = (off, len);
        }
        TcpAck { cum, sack, sack_len: n as u8, ece, dsack: false }
    }

    /// The SACK blocks as half-open segment ranges, in the order the receiver listed them.
    pub fn blocks(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.sack[..self.sack_len as usize].iter().map(move |&(off, len)| {
            let start = self.cum + off as u64;
            (start, start + len as u64)
        })
    }

    /// How many SACK blocks the ACK carries.
    pub fn sack_len(&self) -> u8 {
        self.sack_len
    }
}

/// A 1-RTT packet with STREAM frames.
#[derive(Debug, Clone)]
pub struct QuicData {
    pub pn: u64,
    pub frames: Vec<FrameRef>,
}

/// An ACK-only packet: the ACK frame (RFC 9000 §19.3) plus the flow-control frames that
/// changed (MAX_DATA, MAX_STREAM_DATA by stream index). **choice**: flow-control updates ride
/// on ACK packets only, which is safe because the lab's reverse paths never lose packets.
#[derive(Debug, Clone)]
pub struct QuicAck {
    /// Acknowledged packet numbers as half-open ranges, highest first.
    pub ranges: Vec<(u64, u64)>,
    pub ack_delay: crate::engine::time::Dur,
    pub max_data: Option<u64>,
    pub max_stream_data: Vec<(u16, u64)>,
}

/// One STREAM frame as sent (QUIC): which bytes of which stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrameRef {
    /// Index of the stream in the connection.
    pub stream: u16,
    pub offset: u64,
    pub len: u32,
    pub fin: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The packet record is what a many-flow run holds tens of thousands of on its wires:
    /// keep it from growing back unnoticed (an MPTCP ACK, the largest body, included).
    #[test]
    fn packet_record_stays_small() {
        assert!(std::mem::size_of::<Packet>() <= 88, "Packet is {} bytes", std::mem::size_of::<Packet>());
    }

    #[test]
    fn sack_blocks_round_trip() {
        let big = 5_000_000_000u64; // beyond 32 bits: offsets keep the full numbers
        let blocks = [(big + 7, big + 9), (big + 2, big + 4), (big + 100, big + 1000)];
        let a = TcpAck::new(big, &blocks, true);
        assert_eq!(a.blocks().collect::<Vec<_>>(), blocks.to_vec());
        assert_eq!(a.sack_len(), 3);
        assert!(a.ece);
        let none = TcpAck::new(3, &[], false);
        assert_eq!(none.blocks().count(), 0);
    }
}
