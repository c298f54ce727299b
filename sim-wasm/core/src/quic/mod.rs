//! QUIC (RFC 9000/9002) over one path, with pluggable stream schedulers (docs/spec/ALGORITHMS.md §3,
//! seed: "Flexible Priority-based Stream Schedulers in QUIC", PE-WASUN'23).
//!
//! Model, in four lines:
//! - packets carry a fresh packet number and STREAM frames (sender → receiver) or ACK frames
//!   with flow-control credit (receiver → sender); nothing is ever retransmitted as a packet,
//!   lost *data* goes again in new frames (RFC 9000 §13.3);
//! - loss detection and the probe timeout follow RFC 9002 ([`recovery`]); congestion control is
//!   any controller of [`crate::cc`] (NewReno by default), with packets as its unit;
//! - each packet is filled frame by frame in the order a [`sched::StreamScheduler`] chooses,
//!   retransmissions included ([`streams`]);
//! - the connection starts established (no handshake, 1-RTT packets only).

pub mod connection;
pub mod recovery;
pub mod sched;
pub mod streams;
pub mod timer;

use crate::engine::time::Dur;

/// IPv4 (20) + UDP (8) header bytes on the wire.
pub const IP_UDP_HEADER: u32 = 28;
/// Destination connection id length of short-header packets (quic-go's default, 4 bytes).
pub const DCID_LEN: u32 = 4;
/// AEAD tag of every protected packet (AES-GCM / ChaCha20-Poly1305: 16 bytes).
pub const AEAD_TAG: u32 = 16;
/// quic-go's protocol.MinStreamFrameSize: a packet with less room than this left takes no
/// further STREAM frame.
pub const MIN_STREAM_FRAME_ROOM: u32 = 128;
/// quic-go's protocol.MaxNumAckRanges: ACK ranges one ACK frame reports at most.
pub const MAX_ACK_RANGES: usize = 32;
/// Probe packets per PTO (RFC 9002 §6.2.4 allows up to two; quic-go sends two).
pub const PTO_PROBES: u32 = 2;

/// Short-header bytes before the payload for a packet number of `pn_len` bytes (RFC 9000
/// §17.3.1: flags, destination connection id, packet number).
pub fn short_header(pn_len: u32) -> u32 {
    1 + DCID_LEN + pn_len
}

/// Packet-number length (RFC 9000 §17.1, Appendix A.2): enough bytes for twice the distance
/// to the largest acknowledged packet.
pub fn pn_len(pn: u64, largest_acked: Option<u64>) -> u32 {
    let unacked = match largest_acked {
        Some(l) => pn.saturating_sub(l),
        None => pn + 1,
    };
    let bits = 64 - (2 * unacked).leading_zeros();
    bits.div_ceil(8).clamp(1, 4)
}

/// A QUIC flow's settings in engine units.
#[derive(Debug, Clone)]
pub struct QuicConfig {
    pub scheduler: String,
    pub max_udp_payload: u32,
    pub max_stream_data: u64,
    pub max_data: u64,
    pub max_ack_delay: Dur,
    pub ack_eliciting_threshold: u32,
    pub initial_rtt: Dur,
    pub packet_threshold: u64,
    pub quantum: u64,
}

impl QuicConfig {
    /// Stream bytes one full packet carries with a single STREAM frame (2-byte packet
    /// number, 4-byte offset): the unit of `size_packets` and the default DRR quantum.
    pub fn full_packet_stream_payload(&self) -> u32 {
        self.max_udp_payload - short_header(2) - AEAD_TAG - streams::stream_frame_header(0, 1 << 20, 1200)
    }

    /// A full packet's size on the wire, for the controllers' MSS.
    pub fn full_frame(&self) -> u32 {
        self.max_udp_payload + IP_UDP_HEADER
    }
}

/// The QUIC packet bodies travel in [`crate::net::packet::Body`], so they are defined there.
pub use crate::net::packet::{QuicAck, QuicData};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packet_number_length() {
        assert_eq!(pn_len(0, None), 1);
        assert_eq!(pn_len(200, Some(100)), 1, "100 unacked: 8 bits hold twice the range");
        assert_eq!(pn_len(300, Some(100)), 2);
        assert_eq!(pn_len(1000, Some(990)), 1);
        assert_eq!(pn_len(70_000, Some(0)), 3);
    }

}
