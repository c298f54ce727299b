//! TCP, Linux-like (ALGORITHMS.md §0): a segment-numbered sender with a SACK scoreboard,
//! loss detection by "three later packets delivered" (RFC 6675 DupThresh 3, applied in send
//! order so lost retransmissions are found too), fast retransmit and recovery, RFC 6298
//! retransmission timeout with backoff, pacing, tcp_rate.c delivery-rate samples, and a
//! receiver with SACK and optional delayed ACKs.
//!
//! The `ns3-classic` profile (docs/model/tcp.md §Profiles) swaps the loss machinery for
//! ns-3's of the seed papers' era: no SACK, fast retransmit on the 3rd duplicate ACK, NewReno
//! recovery with window inflation, ns-3's `RttMeanDeviation` estimator, window growth per ACK,
//! IW 1; see `sender.rs` and `rtt.rs`.

pub mod rate;
pub mod receiver;
pub mod rtt;
pub mod scoreboard;
pub mod sender;

use crate::cc::CcInit;
use crate::engine::rng::SimRng;
use crate::engine::time::{millis, Dur};
use crate::scenario::{TcpProfile, TcpSpec};

/// Linux's initial window (RFC 6928, `TCP_INIT_CWND`); QUIC uses it whatever the TCP profile.
pub const LINUX_INIT_CWND: u32 = 10;
/// ns-3's initial slow-start threshold, `TcpSocket::InitialSlowStartThreshold` = 0xffff bytes.
const NS3_INITIAL_SSTHRESH_BYTES: u64 = 0xffff;

/// TCP settings in engine units, the profile's defaults filled in.
#[derive(Debug, Clone)]
pub struct TcpConfig {
    pub profile: TcpProfile,
    pub mss: u32,
    pub header_bytes: u32,
    pub ack_bytes: u32,
    pub init_cwnd: u32,
    /// Initial slow-start threshold in segments; `None` = unlimited (Linux).
    pub init_ssthresh: Option<u32>,
    pub rwnd: u64,
    pub min_rto: Dur,
    pub initial_rto: Dur,
    pub max_rto: Dur,
    pub delayed_ack: bool,
    pub delack: Dur,
    pub handshake: bool,
    /// ECN (RFC 3168): data is sent ECN-capable and an echoed mark cuts the window.
    pub ecn: bool,
    /// Timeout of the first SYN, doubled on each retry.
    pub syn_rto: Dur,
    /// QUIC's initial window: the scenario's `tcp.init_cwnd`, or Linux's (the TCP profile
    /// does not apply to QUIC).
    pub quic_init_cwnd: u32,
    /// What an MPTCP subflow does differently (only under `ns3-classic`).
    subflow: SubflowTiming,
}

/// The settings an MPTCP subflow may take from its own model rather than plain TCP's.
#[derive(Debug, Clone, Copy)]
struct SubflowTiming {
    initial_rto: Dur,
    syn_rto: Dur,
    delayed_ack: bool,
}

impl From<&TcpSpec> for TcpConfig {
    fn from(s: &TcpSpec) -> Self {
        let ns3 = s.profile == TcpProfile::Ns3Classic;
        let initial_rto = millis(s.initial_rto_ms.unwrap_or(1000.0));
        // ns-3 values, read from the sources (docs/model/tcp.md §Profiles): a TCP SYN waits
        // ConnTimeout = 3 s; the mkheirkhah MPTCP subflows start with a 1.5 s RTO, retry a
        // SYN after 200 ms, and their receiver ACKs every segment.
        let (syn_rto, subflow) = if ns3 {
            let initial_rto = s.initial_rto_ms.map_or(millis(1500.0), millis);
            (millis(3000.0), SubflowTiming { initial_rto, syn_rto: millis(200.0), delayed_ack: false })
        } else {
            (initial_rto, SubflowTiming { initial_rto, syn_rto: initial_rto, delayed_ack: s.delayed_ack })
        };
        TcpConfig {
            profile: s.profile,
            mss: s.mss,
            header_bytes: s.header_bytes,
            ack_bytes: s.ack_bytes,
            init_cwnd: s.init_cwnd.unwrap_or(if ns3 { 1 } else { LINUX_INIT_CWND }),
            init_ssthresh: ns3.then(|| NS3_INITIAL_SSTHRESH_BYTES.div_ceil(s.mss as u64) as u32),
            rwnd: s.rwnd_packets.unwrap_or(u64::MAX),
            min_rto: millis(s.min_rto_ms),
            initial_rto,
            max_rto: millis(s.max_rto_ms),
            delayed_ack: s.delayed_ack,
            delack: millis(s.delack_ms.unwrap_or(if ns3 { 200.0 } else { 40.0 })),
            handshake: s.handshake,
            ecn: s.ecn,
            syn_rto,
            quic_init_cwnd: s.init_cwnd.unwrap_or(LINUX_INIT_CWND),
            subflow,
        }
    }
}

impl TcpConfig {
    /// The settings of an MPTCP connection's subflows (they differ only under `ns3-classic`).
    pub fn for_mptcp_subflows(&self) -> TcpConfig {
        let SubflowTiming { initial_rto, syn_rto, delayed_ack } = self.subflow;
        TcpConfig { initial_rto, syn_rto, delayed_ack, ..self.clone() }
    }

    /// ns-3's TCP (`ns3-classic`): cumulative ACKs only, loss found by 3 duplicate ACKs.
    pub fn ns3(&self) -> bool {
        self.profile == TcpProfile::Ns3Classic
    }

    /// What a congestion controller starts from.
    pub fn cc_init(&self, rng: SimRng) -> CcInit {
        CcInit { mss: self.mss, init_cwnd: self.init_cwnd, init_ssthresh: self.init_ssthresh, rng, coupling: None }
    }
}
