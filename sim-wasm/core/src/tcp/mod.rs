//! TCP, Linux-like (ALGORITHMS.md §0): a segment-numbered sender with a SACK scoreboard,
//! loss detection by "three later packets delivered" (RFC 6675 DupThresh 3, applied in send
//! order so lost retransmissions are found too), fast retransmit and recovery, RFC 6298
//! retransmission timeout with backoff, pacing, tcp_rate.c delivery-rate samples, and a
//! receiver with SACK and optional delayed ACKs.

pub mod rate;
pub mod receiver;
pub mod rtt;
pub mod sender;

use crate::engine::time::{millis, Dur};
use crate::scenario::TcpSpec;

/// TCP settings in engine units.
#[derive(Debug, Clone)]
pub struct TcpConfig {
    pub mss: u32,
    pub header_bytes: u32,
    pub ack_bytes: u32,
    pub init_cwnd: u32,
    pub rwnd: u64,
    pub min_rto: Dur,
    pub initial_rto: Dur,
    pub max_rto: Dur,
    pub delayed_ack: bool,
    pub delack: Dur,
    pub handshake: bool,
}

impl From<&TcpSpec> for TcpConfig {
    fn from(s: &TcpSpec) -> Self {
        TcpConfig {
            mss: s.mss,
            header_bytes: s.header_bytes,
            ack_bytes: s.ack_bytes,
            init_cwnd: s.init_cwnd,
            rwnd: s.rwnd_packets.unwrap_or(u64::MAX),
            min_rto: millis(s.min_rto_ms),
            initial_rto: millis(s.initial_rto_ms),
            max_rto: millis(s.max_rto_ms),
            delayed_ack: s.delayed_ack,
            delack: millis(s.delack_ms),
            handshake: s.handshake,
        }
    }
}
