//! Multipath TCP (docs/spec/ALGORITHMS.md §2; RFC 8684 for the protocol, RFC 6356 for LIA).
//!
//! Model: a connection has a connection-level data sequence (counted in segments, like the
//! lab's TCP), a bounded send buffer the application keeps full, and a bounded receive
//! buffer at the receiver that reorders data arriving over different subflows. Each subflow
//! is a full TCP sender (`tcp::sender` in subflow mode) on one path, with its own window,
//! RTT estimate and loss recovery; the connection hands it new data one segment at a time,
//! as its packet scheduler (`sched/`) decides. Which paths get subflows is decided when the
//! flow starts by the flow scheduler (`flow_sched/`: FSFS, all paths, one path).
//!
//! ```text
//!   app ─► send buffer ─► scheduler ─┬─► subflow 1 (cwnd, RTT, recovery) ── path 1 ──┐
//!         (DSN 0,1,2,…)              ├─► subflow 2 ───────────────────────── path 2 ──┼─► receive buffer ─► app
//!                                    └─► …                                             ┘  (reorders by DSN;
//!   ◄────────────────────── subflow ACK + DATA_ACK + window ◄───────────────────────────    HoL blocking)
//! ```
//! The receiver advertises a fixed window of `recv_buffer_bytes` beyond the DATA_ACK (the
//! application reads in-order data at once, so only out-of-order data occupies the buffer);
//! the sender never sends a data sequence number beyond it, so a slow subflow holding an
//! early segment stalls the whole connection once the buffer fills — head-of-line blocking.
//! As Linux MPTCP (mptcp_output.c, `mptcp_reinject_data` on RTO), data outstanding on a
//! subflow whose retransmission timer fires is also queued for any other subflow.

pub mod connection;
pub mod flow_sched;
pub mod sched;

use flow_sched::FlowSchedKind;
use sched::SchedParams;

/// Linux default upper bound of the receive buffer (net.ipv4.tcp_rmem max, 6 MiB).
pub const DEFAULT_RECV_BUFFER: u64 = 6 * 1024 * 1024;
/// Linux default upper bound of the send buffer (net.ipv4.tcp_wmem max, 4 MiB).
pub const DEFAULT_SEND_BUFFER: u64 = 4 * 1024 * 1024;
/// Most subflows one connection may have (a typo guard: each subflow is a TCP sender and receiver).
pub const MAX_SUBFLOWS: usize = 64;

/// An MPTCP connection's settings, as the scenario's `mptcp` object gives them
/// (scenario/mptcp.rs builds this from `MptcpSpec`; docs/model/mptcp.md tells each one).
#[derive(Debug, Clone, PartialEq)]
pub struct MptcpConfig {
    /// Packet scheduler: a name from [`sched::REGISTRY`].
    pub scheduler: String,
    pub sched_params: SchedParams,
    /// Indexes of the routes the flow may use; `None` = all of them.
    pub paths: Option<Vec<usize>>,
    /// With flow_sched "mptcp": where the first subflow goes.
    pub first_path: flow_sched::FirstPath,
    /// With flow scheduler mptcp: only the first n of the paths.
    pub subflows: Option<usize>,
    pub flow_sched: FlowSchedKind,
    /// Upper bounds of the size classes G0, G1, G2 in bytes; larger flows are G3.
    pub class_bounds: [u64; 3],
    /// FSFS: subflows (lowest-RTT paths) for G0, G1, G2; G3 uses all paths.
    pub class_subflows: [usize; 3],
    pub recv_buffer_bytes: u64,
    pub send_buffer_bytes: u64,
    /// Queue the data of a subflow that timed out for the other subflows too (Linux).
    pub reinject_on_rto: bool,
}
