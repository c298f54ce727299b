//! Congestion control: one trait, one file per algorithm, a registry by name.
//!
//! The model follows Linux's split between the TCP machinery and a pluggable controller
//! (`struct tcp_congestion_ops`): the sender does loss detection, retransmission, RTT and
//! delivery-rate estimation, and hands the controller one [`AckInfo`] per ACK, like Linux's
//! `cong_control(sk, rs)`. The controller owns the congestion window and, if it paces, the
//! pacing rate; the sender obeys both. Loss-based controllers (Reno, CUBIC) ignore the rate
//! sample; model-based ones (BBR and its variants) live on it.
//!
//! Adding an algorithm = one file implementing [`CongestionControl`] + one line in
//! [`REGISTRY`].

pub mod bbq;
pub mod bbr;
pub mod bbr_a;
pub mod cubic;
pub mod da_bbr;
pub mod hystart;
pub mod lia;
pub mod reno;

use crate::engine::rng::SimRng;
use crate::engine::time::{Dur, Time};

/// One delivery-rate sample, as Linux `struct rate_sample` (net/ipv4/tcp_rate.c).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RateSample {
    /// Packets delivered between the send of the sampled packet and this ACK.
    pub delivered: u64,
    /// `tp->delivered` when the sampled packet was sent: a round starts when this passes the
    /// round's end marker.
    pub prior_delivered: u64,
    /// max(send elapsed, ACK elapsed); 0 means "no valid sample" (e.g. shorter than min_rtt).
    pub interval: Dur,
    /// The sampled packet was sent while the application had nothing more to send, so the
    /// rate is a lower bound, not a measurement of the path.
    pub is_app_limited: bool,
}

impl RateSample {
    /// Delivery rate in bytes per second, or `None` when this ACK gave no valid sample.
    pub fn bytes_per_sec(&self, mss: u32) -> Option<f64> {
        if self.interval == 0 || self.delivered == 0 {
            return None;
        }
        Some(self.delivered as f64 * mss as f64 * 1e9 / self.interval as f64)
    }
}

/// What the sender knows when an ACK arrives: Linux's `tcp_sock` fields and `rate_sample`
/// that controllers read, gathered into one value.
#[derive(Debug, Clone, Copy)]
pub struct AckInfo {
    pub now: Time,
    /// Payload bytes of a full segment.
    pub mss: u32,
    /// Packets newly delivered (cumulatively ACKed or SACKed) by this ACK (`rs->acked_sacked`).
    pub acked: u32,
    /// Packets newly marked lost while processing this ACK (`rs->losses`).
    pub lost: u32,
    /// Packets in flight before this ACK was processed.
    pub prior_in_flight: u32,
    /// Packets in flight after it (`tcp_packets_in_flight`: sent − delivered − lost + retransmitted).
    pub in_flight: u32,
    /// Total packets delivered so far on this connection (`tp->delivered`).
    pub delivered: u64,
    /// Total packets marked lost so far.
    pub lost_total: u64,
    /// RTT sample taken from this ACK (never from a retransmitted packet: Karn's rule).
    pub rtt: Option<Dur>,
    /// The sender's smoothed RTT (RFC 6298); 0 before the first sample.
    pub srtt: Dur,
    /// The delivery-rate sample of this ACK.
    pub rate: RateSample,
    /// The sender is in fast recovery or RTO recovery (Linux ca_state Recovery or Loss).
    pub in_recovery: bool,
    /// The application currently has nothing to send (`tp->app_limited != 0`).
    pub app_limited: bool,
}

/// Typed events a controller emits; the sender stamps them with time and flow and forwards
/// them to the event log that tests, the CLI trace and the UI read.
#[derive(Debug, Clone, PartialEq)]
pub enum CcEvent {
    /// The controller moved between states (e.g. BBR STARTUP → DRAIN, CUBIC slow start →
    /// congestion avoidance).
    State { from: &'static str, to: &'static str },
    /// A new pacing-gain phase began (BBR's PROBE_BW cycle), with the gain now in force.
    Gain { phase: u8, pacing_gain: f64 },
    /// HyStart ended slow start (`reason`: "ack_train" or "delay") at window `cwnd`.
    HyStartExit { reason: &'static str, cwnd: u32 },
    /// BBR's long-term bandwidth estimator began (`engaged`) or stopped pacing at gain 1 on
    /// its long-term rate, `rate_mbps` on the wire (cc/bbr/lt_bw.rs).
    LongTermRate { engaged: bool, rate_mbps: f64 },
}

/// A controller's state for the per-flow series and the inspector.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CcMetrics {
    /// Index into [`CongestionControl::state_names`].
    pub state: u8,
    pub pacing_gain: Option<f64>,
    pub cwnd_gain: Option<f64>,
    /// Bottleneck-bandwidth estimate, bytes/s.
    pub btl_bw: Option<f64>,
    pub min_rtt: Option<Dur>,
    pub ssthresh: Option<u32>,
    /// Algorithm-specific values, in the order of [`CongestionControl::extra_metric_names`]
    /// (BBR-A: φ, P_up, P_down).
    pub extra: Vec<f64>,
}

/// What the subflows of one MPTCP connection know of each other: (cwnd in packets, smoothed
/// RTT) per subflow, indexed by subflow number (RTT 0 = no sample yet). Coupled controllers
/// (LIA) keep their own slot current and read the others'.
#[derive(Debug, Default)]
pub struct CoupledGroup {
    pub members: Vec<(u32, Dur)>,
}

pub type SharedCoupledGroup = std::rc::Rc<std::cell::RefCell<CoupledGroup>>;

/// A subflow's place in its connection's group.
#[derive(Debug, Clone, Default)]
pub struct Coupling {
    pub group: SharedCoupledGroup,
    /// This subflow's index in `group.members`.
    pub me: usize,
}

/// Everything a controller needs at construction.
pub struct CcInit {
    pub mss: u32,
    /// Initial congestion window in packets (Linux default 10, RFC 6928).
    pub init_cwnd: u32,
    /// Initial slow-start threshold in packets; `None` = unlimited (Linux). A controller's
    /// own `initial_ssthresh` parameter overrides it. (ns-3's TCP starts at 65 535 bytes.)
    pub init_ssthresh: Option<u32>,
    /// This flow's own random stream (BBR draws its random PROBE_BW start phase from it).
    pub rng: SimRng,
    /// An MPTCP subflow: its connection's group, for controllers that couple the subflows'
    /// windows (LIA); the others ignore it. `None` on a single-path flow.
    pub coupling: Option<Coupling>,
    /// Which BBR the BBR family runs (the scenario's `tcp.bbr`; cc/bbr/model.rs); the other
    /// controllers ignore it.
    pub bbr: bbr::BbrModel,
}

/// Linux's sysctl `tcp_min_tso_segs`: the fewest segments a paced sender puts in one burst when
/// the controller has no rule of its own (`ca_ops->min_tso_segs`; tcp/tso.rs).
pub const MIN_TSO_SEGS: u32 = 2;

/// A pluggable congestion controller. Hooks mirror Linux `tcp_congestion_ops`.
pub trait CongestionControl {
    /// Registry name ("reno", "cubic", "bbr", …).
    fn name(&self) -> &'static str;

    /// Called once per ACK that advanced the connection, after the sender has updated its
    /// scoreboard, RTT and rate sample (Linux `cong_control` / `cong_avoid`).
    fn on_ack(&mut self, ack: &AckInfo, events: &mut Vec<CcEvent>);

    /// Fast retransmit: the sender entered loss recovery (Linux ca_state Open → Recovery).
    /// `in_flight` is the pipe at that moment.
    fn on_enter_recovery(&mut self, now: Time, in_flight: u32, events: &mut Vec<CcEvent>);

    /// An ACK echoed an ECN mark (RFC 3168 §6.1.2) while no reduction was under way: Linux
    /// `tcp_enter_cwr` takes the controller's ssthresh as for a loss and lets PRR bring the
    /// flight down to it, retransmitting nothing. Returns whether the controller cut its
    /// window. Every loss-based controller reacts as to a loss (Linux calls the same
    /// `ssthresh` hook); BBR v1 has its own `cong_control` and ignores the CWR state.
    fn on_ecn(&mut self, now: Time, in_flight: u32, events: &mut Vec<CcEvent>) -> bool {
        self.on_enter_recovery(now, in_flight, events);
        true
    }

    /// Recovery ended: everything outstanding at its start is acknowledged.
    fn on_exit_recovery(&mut self, _now: Time, _events: &mut Vec<CcEvent>) {}

    /// The retransmission timer fired (Linux ca_state → Loss). `in_flight` before the timeout.
    fn on_rto(&mut self, now: Time, in_flight: u32, events: &mut Vec<CcEvent>);

    /// A timeout inside a window whose ssthresh was already reduced (a timeout during fast
    /// recovery, or a backed-off timeout with no progress since the last): the window
    /// collapses to the loss window but ssthresh stays (Linux `tcp_enter_loss`: "Reduce
    /// ssthresh if it has not yet been made inside this window"). Controllers without an
    /// ssthresh of their own react as to any timeout.
    fn on_rto_same_window(&mut self, now: Time, in_flight: u32, events: &mut Vec<CcEvent>) {
        self.on_rto(now, in_flight, events);
    }

    /// Lower cwnd to at most `max` packets: NewReno's exit from fast recovery in ns-3
    /// (`cwnd = min(ssthresh, BytesInFlight + MSS)`, the `ns3-classic` profile). Controllers
    /// that set their own window (BBR) ignore it.
    fn limit_cwnd(&mut self, _max: u32) {}

    /// The sender starts transmitting again after being idle (Linux CA_EVENT_TX_START).
    fn on_idle_restart(&mut self, _now: Time) {}

    /// Congestion window in packets (never below 1).
    fn cwnd(&self) -> u32;

    /// Whether the sender bounds sending in fast recovery with Proportional Rate Reduction
    /// (RFC 6937). Linux applies PRR to every controller without its own `cong_control`
    /// hook; BBR sets its recovery window itself and returns false.
    fn uses_prr(&self) -> bool {
        true
    }

    /// Pacing rate in bytes/s, or `None` when this controller does not pace.
    fn pacing_rate(&self) -> Option<f64> {
        None
    }

    /// The fewest segments a paced sender puts in one burst for this controller (Linux
    /// `ca_ops->min_tso_segs`, else the sysctl `tcp_min_tso_segs`; tcp/tso.rs).
    fn min_tso_segs(&self) -> u32 {
        MIN_TSO_SEGS
    }

    /// The sender sends this controller's data one segment per pacing slot and never defers
    /// (ns-3's TcpBbr, `tcp.bbr: "ns3"`), instead of Linux's TSO-sized bursts (tcp/tso.rs).
    fn single_segments(&self) -> bool {
        false
    }

    /// Names of the states reported in [`CcMetrics::state`].
    fn state_names(&self) -> &'static [&'static str];

    /// Names of the algorithm-specific values in [`CcMetrics::extra`].
    fn extra_metric_names(&self) -> &'static [&'static str] {
        &[]
    }

    fn metrics(&self) -> CcMetrics;
}

type Factory = fn(CcInit, Option<&serde_json::Value>) -> Result<Box<dyn CongestionControl>, String>;

use crate::engine::registry::{params_of, Entry};
pub use crate::engine::registry::parse_params;

/// Every controller the lab offers, by the name scenarios use. `params` is the schema of the
/// controller's `cc_params` struct; the editor renders it (web/src/generated/registry.json).
pub const REGISTRY: &[Entry<Factory>] = &[
    Entry {
        name: "reno",
        label: "Reno",
        doc: "NewReno (RFC 5681, RFC 6582): +1 packet per RTT, halve on loss.",
        params: params_of::<reno::RenoParams>(),
        reads: &[],
        make: reno::Reno::boxed,
    },
    Entry {
        name: "cubic",
        label: "CUBIC",
        doc: "CUBIC (RFC 9438) with HyStart, as Linux's tcp_cubic: window growth a cubic function of the time since the last loss.",
        params: params_of::<cubic::CubicParams>(),
        reads: &[],
        make: cubic::Cubic::boxed,
    },
    Entry {
        name: "bbr",
        label: "BBR v1",
        doc: "BBR v1 as Linux's tcp_bbr: gains fixed by Linux (startup 2.885, PROBE_BW cycle [1.25, 0.75, 1 ×6], PROBE_RTT every 10 s).",
        params: params_of::<bbr::BbrParams>(),
        reads: &[],
        make: bbr::Bbr::<bbr::Plain>::boxed,
    },
    Entry {
        name: "bbr-a",
        label: "BBR-A",
        doc: "BBR-A: gains fixed by the paper, P_up(φ) = 3/(φ+2) in the 1.25 slot while inflight < 1.25 BDP, P_down(φ) = 3/(φ−3)+2 in the 0.75 slot when inflight > 1.25 BDP or loss > 2 %; φ = RTT / largest RTT.",
        params: params_of::<bbr::BbrParams>(),
        reads: &[],
        make: bbr_a::BbrA::boxed,
    },
    Entry {
        name: "bbq",
        label: "BBQ",
        doc: "BBQ (Ma et al.): BBR v1 whose probe-up phase is cut to min(α, min_rtt) while a queue persists (RTT > (1 + β)·min_rtt).",
        params: params_of::<bbq::BbqParams>(),
        reads: &[],
        make: bbq::Bbq::boxed,
    },
    Entry {
        name: "da-bbr",
        label: "DA-BBR",
        doc: "DA-BBR: scales the PROBE_BW cwnd by rtt/(rtt + min_rtt); PROBE_RTT uses cwnd/3.",
        params: params_of::<bbr::BbrParams>(),
        reads: &[],
        make: da_bbr::DaBbr::boxed,
    },
    Entry {
        name: "lia",
        label: "LIA (coupled)",
        doc: "LIA (RFC 6356): coupled increase over an MPTCP connection's subflows; Reno on a single-path flow.",
        params: params_of::<lia::LiaParams>(),
        reads: &[],
        make: lia::Lia::boxed,
    },
];

/// The registered names, for error messages and the UI.
pub fn names() -> Vec<&'static str> {
    crate::engine::registry::names(REGISTRY)
}

/// Build controller `name`. `params` is the scenario's `cc_params` object; each algorithm
/// deserialises its own typed parameters from it and rejects unknown fields. The error is a
/// message relative to `cc_params` (e.g. "beta: invalid type …") or an unknown-name message.
pub fn make(
    name: &str,
    init: CcInit,
    params: Option<&serde_json::Value>,
) -> Result<Box<dyn CongestionControl>, String> {
    (crate::engine::registry::find(REGISTRY, "congestion control", name)?.make)(init, params)
}

/// A controller's event as the run's event log records it.
impl crate::metrics::EventKind {
    pub fn from_cc(e: &CcEvent) -> Self {
        match *e {
            CcEvent::State { from, to } => crate::metrics::EventKind::CcState { from, to },
            CcEvent::Gain { phase, pacing_gain } => crate::metrics::EventKind::CcGain { phase, pacing_gain },
            CcEvent::HyStartExit { reason, cwnd } => crate::metrics::EventKind::HystartExit { reason, cwnd },
            CcEvent::LongTermRate { engaged, rate_mbps } => crate::metrics::EventKind::CcLongTermRate { engaged, rate_mbps },
        }
    }
}
