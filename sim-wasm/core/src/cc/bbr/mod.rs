//! BBR v1 congestion control, as Linux net/ipv4/tcp_bbr.c (Cardwell, Cheng, Gunn, Hassas
//! Yeganeh, Jacobson, "BBR: Congestion-Based Congestion Control", ACM Queue 14(5), 2016).
//!
//! Model, on every ACK:
//! ```text
//!   btl_bw      = windowed_max(delivery_rate, 10 round trips)
//!   min_rtt     = windowed_min(rtt, 10 s)
//!   pacing_rate = pacing_gain × btl_bw × 0.99
//!   cwnd        = max(cwnd_gain × btl_bw × min_rtt + quantization budget, 4 packets)
//! ```
//! BBR does not react to loss as a congestion signal; it only holds the window during the
//! first round of recovery (packet conservation) and restores it afterwards.
//!
//! ```text
//!              |
//!              V
//!     +---> STARTUP  ----+        STARTUP:   gains 2/ln2, until 3 rounds grow btl_bw < 25 %
//!     |        |         |        DRAIN:     pacing gain ln2/2 until inflight ≤ BDP
//!     |        V         |        PROBE_BW:  pacing gain cycle [1.25, 0.75, 1 ×6], cwnd gain 2
//!     |      DRAIN   ----+        PROBE_RTT: 10 s without a lower RTT → cwnd 4 for
//!     |        |         |                   max(200 ms, 1 round), then back
//!     |        V         |
//!     +---> PROBE_BW ----+
//!     |      ^    |      |
//!     |      +----+      |
//!     +---- PROBE_RTT <--+
//! ```
//!
//! One file per state (startup.rs, drain.rs, probe_bw.rs, probe_rtt.rs) plus the bandwidth
//! filter (filters.rs). The RTT-fairness variants BBR-A, BBQ and DA-BBR (cc/bbr_a.rs, bbq.rs,
//! da_bbr.rs) reuse all of it through the [`Variant`] hooks and change only what their papers
//! change (docs/spec/ALGORITHMS.md §1.2–1.4).
//!
//! Modelling choices (docs/spec/ALGORITHMS.md §1.1):
//! - Inflight is the sender's `tcp_packets_in_flight`; Linux's EDT correction
//!   (`bbr_packets_in_net_at_edt`) is not modelled: the simulated sender has no departure-time
//!   queue in the host.
//! - Linux's long-term bandwidth estimator (lt_bw.rs) is modelled and on, as in Linux: it is
//!   named for policers, but it engages on any path where a flow loses ≥ 20 % of its packets at
//!   a steady rate — many BBR flows on a shallow buffer (docs/model/bbr.md §Long-term
//!   bandwidth; docs/spec/ALGORITHMS.md §1.1: on, as the kernel runs it). `cc_params.lt_bw:
//!   false` turns it off.
//! - The ACK-aggregation allowance (aggregation.rs, `bbr_extra_acked_gain` = 1 as in Linux
//!   since 4.19) is modelled and on: delayed ACKs and a FIFO shared with other flows make a
//!   flow's ACKs arrive in bursts even on exact links, and Linux then adds the excess to the
//!   window (docs/model/linux-kernel.md §BBR; docs/spec/ALGORITHMS.md §1.1).
//!   `cc_params.extra_acked: false` turns it off.
//! - The quantization budget uses Linux's TSO goal (about 1 ms of data at the pacing rate,
//!   `bbr_tso_segs_goal`); the sender sends bursts of that size under the `linux` profile
//!   (tcp/tso.rs), one segment at a time under `ns3-classic`.
//! - `tcp.bbr: "ns3"` (model.rs) runs all of the above as ns-3's TcpBbr, which the BBR-A paper
//!   ran: no long-term estimator, ns-3's ACK-aggregation epoch (aggregation.rs: at most a
//!   segment or two), a budget of 3 one-segment quanta, one segment per pacing slot.

pub mod aggregation;
mod drain;
pub mod filters;
pub mod lt_bw;
pub mod model;
mod probe_bw;
mod probe_rtt;
mod startup;

use super::{parse_params, AckInfo, CcEvent, CcInit, CcMetrics, CongestionControl};
use crate::engine::rng::SimRng;
use crate::engine::time::{Dur, Time, NS_PER_S};
use filters::WindowedMax;
use lt_bw::{LtBw, LtSample};
pub use model::BbrModel;
use aggregation::AckAggregation;
use serde::Deserialize;

pub use probe_bw::{CYCLE_LEN, PACING_GAIN_CYCLE};

/// STARTUP gain 2/ln 2 ≈ 2.885 (Linux `bbr_high_gain`): the smallest gain whose pacing rate
/// doubles every round, i.e. the same packets per round as a slow-starting Reno flow.
pub const HIGH_GAIN: f64 = 2.885;
/// DRAIN pacing gain ln 2 / 2 = 1/HIGH_GAIN (`bbr_drain_gain`): drains the queue STARTUP built
/// in about one round.
pub const DRAIN_GAIN: f64 = 1.0 / HIGH_GAIN;
/// PROBE_BW cwnd gain (`bbr_cwnd_gain`): 2×BDP tolerates delayed and stretched ACKs.
pub const CWND_GAIN: f64 = 2.0;
/// Bandwidth filter window in rounds (`bbr_bw_rtts` = CYCLE_LEN + 2): long enough to always
/// contain one 1.25 probe of the gain cycle plus slack.
pub const BW_FILTER_ROUNDS: u64 = CYCLE_LEN as u64 + 2;
/// min_rtt filter window (`bbr_min_rtt_win_sec`): path changes are rarer than this, and PROBE_RTT
/// costs about 200 ms / 10 s = 2 % of throughput.
pub const MIN_RTT_WINDOW: Dur = 10 * NS_PER_S;
/// Least time spent at the minimum window in PROBE_RTT (`bbr_probe_rtt_mode_ms`).
pub const PROBE_RTT_DURATION: Dur = 200_000_000;
/// Smallest cwnd (`bbr_cwnd_min_target`): two 2-packet flights keep an ACK-every-other-packet
/// receiver busy.
pub const MIN_CWND: u32 = 4;
/// Full-pipe detection: growth of at least 25 % per round means more bandwidth may be
/// available (`bbr_full_bw_thresh`) ...
pub const FULL_BW_THRESH: f64 = 1.25;
/// ... and 3 rounds without it mean the pipe is full (`bbr_full_bw_cnt`): one round for the
/// receive window to grow, one to fill it, one to see the higher delivery rate.
pub const FULL_BW_COUNT: u32 = 3;
/// Pace 1 % below the estimate (`bbr_pacing_margin_percent`), so a flow at gain 1 drains the
/// small queue its own estimation noise builds.
pub const PACING_MARGIN: f64 = 0.01;
/// Below this pacing rate (bytes/s) Linux sends one segment per TSO burst, above it two
/// (`bbr_min_tso_rate` = 1.2 Mbit/s).
const MIN_TSO_RATE: f64 = 1_200_000.0 / 8.0;
/// Linux sizes a TSO burst to ~1 ms of data: pacing rate >> `sk_pacing_shift` (10).
const TSO_PACING_SHIFT_DIV: f64 = 1024.0;
/// Largest TSO burst in bytes (GSO_LEGACY_MAX_SIZE − 1 − MAX_TCP_HEADER) and segments (0x7F).
const TSO_MAX_BYTES: f64 = 65_536.0 - 1.0 - 320.0;
const TSO_MAX_SEGS: u32 = 0x7F;

/// Tunables of the BBR family. `cc_params` of "bbr", "bbr-a" and "da-bbr".
#[derive(Debug, Clone, Deserialize, serde::Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct BbrParams {
    /// Header bytes per segment BBR paces on (Linux paces whole frames, `tcp_mss_to_mtu`);
    /// should equal the scenario's `tcp.header_bytes`.
    #[schemars(title = "Header size", extend("x-unit" = "bytes"))]
    pub header_bytes: u32,
    /// Linux's long-term bandwidth estimator (cc/bbr/lt_bw.rs): after two lossy intervals
    /// (≥ 20 % loss) with the same delivery rate, pace at that rate for 48 round trips. When
    /// left out: on under `tcp.bbr` "linux", off under "ns3" (ns-3's TcpBbr has none).
    pub lt_bw: bool,
    /// The ACK-aggregation allowance: the window's target grows by the most data recently ACKed
    /// beyond the bandwidth estimate (Linux's rule, cc/bbr/aggregation.rs; ns-3's under
    /// `tcp.bbr` "ns3", the same file's `Epoch::ns3`).
    #[schemars(title = "ACK-aggregation allowance")]
    pub extra_acked: bool,
}

impl Default for BbrParams {
    fn default() -> Self {
        BbrParams { header_bytes: 52, lt_bw: true, extra_acked: true }
    }
}

/// BBR's modes; the index is the reported state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Startup = 0,
    Drain = 1,
    ProbeBw = 2,
    ProbeRtt = 3,
}

pub const STATES: &[&str] = &["startup", "drain", "probe_bw", "probe_rtt"];

/// The sender's loss-recovery state as BBR sees it (Linux `icsk_ca_state`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum CaState {
    Open,
    /// Fast recovery.
    Recovery,
    /// After a retransmission timeout.
    Loss,
}

/// Everything BBR knows; the variants read it through their hooks.
pub struct State {
    pub mss: u32,
    /// Bytes on the wire per full segment (pacing counts whole frames).
    pub wire_bytes: u32,
    pub init_cwnd: u32,
    pub mode: Mode,
    pub cwnd: u32,
    /// Bytes (on the wire) per second.
    pub pacing_rate: f64,
    pub pacing_gain: f64,
    pub cwnd_gain: f64,
    /// Windowed max of delivery rate, packets per second.
    pub bw: WindowedMax,
    /// Round trips counted so far (`rtt_cnt`) and the `delivered` count ending this round.
    pub round_count: u64,
    pub next_round_delivered: u64,
    /// This ACK started a new round.
    pub round_start: bool,
    pub min_rtt: Option<Dur>,
    pub min_rtt_stamp: Time,
    /// The latest RTT sample.
    pub last_rtt: Option<Dur>,
    pub full_bw: f64,
    pub full_bw_count: u32,
    pub full_bw_reached: bool,
    pub cycle_idx: usize,
    pub cycle_stamp: Time,
    pub probe_rtt_done_stamp: Option<Time>,
    pub probe_rtt_round_done: bool,
    /// The window PROBE_RTT holds (Linux: 4; DA-BBR: a third of the cwnd).
    pub probe_rtt_cwnd: u32,
    pub prior_cwnd: u32,
    pub packet_conservation: bool,
    pub ca_state: CaState,
    pub prev_ca_state: CaState,
    pub idle_restart: bool,
    pub has_seen_rtt: bool,
    /// Samples of packets sent before `delivered` reached this count are app-limited: Linux
    /// BBR sets `tp->app_limited` in PROBE_RTT so that its low-rate samples do not count.
    pub probe_rtt_app_limited_until: u64,
    /// A pacing gain that stays until the next gain-phase or mode change (DA-BBR's 0.75 on
    /// entering recovery).
    pub gain_hold: Option<f64>,
    /// Packets delivered and lost in the round in progress, and the loss rate of the last
    /// complete round (BBR-A's 2 % test).
    pub round_delivered: u64,
    pub round_lost: u64,
    pub last_round_loss_rate: f64,
    /// The connection's counters as of the latest ACK (`tp->delivered`, `tp->lost`,
    /// `tp->delivered_mstamp`), which the long-term estimator reads.
    pub delivered: u64,
    pub lost: u64,
    pub delivered_time: Time,
    /// The long-term bandwidth estimator.
    pub lt: LtBw,
    pub aggregation: AckAggregation,
    /// Linux's BBR or ns-3's TcpBbr (the scenario's `tcp.bbr`, model.rs).
    pub model: BbrModel,
    pub rng: SimRng,
}

/// What a BBR variant may change. Every hook's default is plain Linux BBR v1.
pub trait Variant {
    /// Registry name.
    fn name(&self) -> &'static str;
    fn extra_metric_names(&self) -> &'static [&'static str] {
        &[]
    }
    fn extra(&self) -> Vec<f64> {
        Vec::new()
    }
    /// Called on every ACK before BBR updates its model.
    fn on_ack(&mut self, _s: &State, _ack: &AckInfo) {}
    /// Pacing gain of PROBE_BW phase `s.cycle_idx`, recomputed on every ACK.
    fn probe_bw_gain(&self, s: &State, _ack: &AckInfo) -> f64 {
        PACING_GAIN_CYCLE[s.cycle_idx]
    }
    /// How long the current PROBE_BW phase lasts at least (Linux: one min_rtt).
    fn phase_length(&self, s: &State) -> Dur {
        s.min_rtt.unwrap_or(0)
    }
    /// Factor on the BDP while in PROBE_BW (DA-BBR scales its target down).
    fn bdp_factor(&self, _s: &State) -> f64 {
        1.0
    }
    /// Entering PROBE_RTT: the window to hold there (Linux: 4 packets).
    fn on_enter_probe_rtt(&mut self, _s: &State) -> u32 {
        MIN_CWND
    }
    /// What loss recovery does to the window and the pacing gain (Linux: packet
    /// conservation from inflight + acked, the mode's gain, the old window restored after).
    fn recovery(&self) -> RecoveryPolicy {
        RecoveryPolicy::LINUX
    }
}

/// How a variant enters and leaves loss recovery (Linux `bbr_set_cwnd_to_recover_or_restore`
/// and the variants' changes to it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RecoveryPolicy {
    /// Packet conservation lets an ACK release what it delivered (window ≥ inflight + acked,
    /// Linux); `false` holds the window at what is in flight.
    pub release_acked: bool,
    /// Pacing gain held from the start of recovery until the next gain phase (None: the
    /// mode's own gain).
    pub gain: Option<f64>,
    /// Restore the window from before recovery when it ends.
    pub restore: bool,
}

impl RecoveryPolicy {
    pub const LINUX: RecoveryPolicy = RecoveryPolicy { release_acked: true, gain: None, restore: true };
}

/// Plain BBR v1.
pub struct Plain;

impl Variant for Plain {
    fn name(&self) -> &'static str {
        "bbr"
    }
}

/// A BBR controller with variant `V`.
pub struct Bbr<V: Variant> {
    pub s: State,
    pub v: V,
}

impl BbrParams {
    /// The controller's `cc_params`, with the defaults of the scenario's BBR model
    /// (`CcInit::bbr`) for what they leave out.
    pub fn parse(init: &CcInit, params: Option<&serde_json::Value>) -> Result<BbrParams, String> {
        let mut p: BbrParams = parse_params(params)?;
        p.lt_bw = init.bbr.lt_bw(params, p.lt_bw);
        Ok(p)
    }
}

impl Bbr<Plain> {
    pub fn boxed(init: CcInit, params: Option<&serde_json::Value>) -> Result<Box<dyn CongestionControl>, String> {
        let p = BbrParams::parse(&init, params)?;
        Ok(Box::new(Bbr::new(init, &p, Plain)))
    }
}

impl<V: Variant> Bbr<V> {
    pub fn new(init: CcInit, p: &BbrParams, v: V) -> Self {
        let header_bytes = p.header_bytes;
        let init_cwnd = init.init_cwnd.max(1);
        let mut s = State {
            mss: init.mss,
            wire_bytes: init.mss + header_bytes,
            init_cwnd,
            mode: Mode::Startup,
            cwnd: init_cwnd,
            pacing_rate: 0.0,
            pacing_gain: HIGH_GAIN,
            cwnd_gain: HIGH_GAIN,
            bw: WindowedMax::new(),
            round_count: 0,
            next_round_delivered: 0,
            round_start: false,
            min_rtt: None,
            min_rtt_stamp: 0,
            last_rtt: None,
            full_bw: 0.0,
            full_bw_count: 0,
            full_bw_reached: false,
            cycle_idx: 0,
            cycle_stamp: 0,
            probe_rtt_done_stamp: None,
            probe_rtt_round_done: false,
            probe_rtt_cwnd: MIN_CWND,
            prior_cwnd: 0,
            packet_conservation: false,
            ca_state: CaState::Open,
            prev_ca_state: CaState::Open,
            idle_restart: false,
            has_seen_rtt: false,
            probe_rtt_app_limited_until: 0,
            gain_hold: None,
            round_delivered: 0,
            round_lost: 0,
            last_round_loss_rate: 0.0,
            delivered: 0,
            lost: 0,
            delivered_time: 0,
            lt: LtBw::new(p.lt_bw),
            aggregation: AckAggregation::new(p.extra_acked, init.bbr.ack_epoch(init.mss)),
            model: init.bbr,
            rng: init.rng,
        };
        s.init_pacing_rate(0);
        Bbr { s, v }
    }

    /// Move to `mode`, telling the event log.
    pub(crate) fn set_mode(&mut self, to: Mode, events: &mut Vec<CcEvent>) {
        if to != self.s.mode {
            events.push(CcEvent::State { from: STATES[self.s.mode as usize], to: STATES[to as usize] });
            self.s.mode = to;
        }
        self.s.gain_hold = None;
    }

    /// Packets in one BDP at `bw` (packets/s) times `gain`, rounded up (`bbr_bdp`); the initial
    /// window until there is an RTT sample. In PROBE_BW a variant may scale it.
    pub fn bdp(&self, bw: f64, gain: f64) -> u32 {
        let Some(min_rtt) = self.s.min_rtt else { return self.s.init_cwnd };
        let factor = if self.s.mode == Mode::ProbeBw { self.v.bdp_factor(&self.s) } else { 1.0 };
        let pkts = bw * min_rtt as f64 / NS_PER_S as f64 * factor * gain;
        // A tiny epsilon keeps an exact product (e.g. 86.000000001) from rounding up.
        (pkts - 1e-9).ceil().max(0.0) as u32
    }

    /// Segments per TSO burst Linux would use at the current pacing rate (`bbr_tso_segs_goal`).
    fn tso_segs_goal(&self) -> u32 {
        let rate = self.s.pacing_rate;
        let bytes = (rate / TSO_PACING_SHIFT_DIV).min(TSO_MAX_BYTES);
        ((bytes / self.s.mss as f64) as u32).max(self.bbr_min_tso_segs()).min(TSO_MAX_SEGS)
    }

    /// One segment per burst below 1.2 Mbit/s, else two (`bbr_min_tso_segs`).
    fn bbr_min_tso_segs(&self) -> u32 {
        if self.s.pacing_rate < MIN_TSO_RATE { 1 } else { 2 }
    }

    /// Add headroom for the bursts in the sending and receiving hosts (`bbr_quantization_budget`;
    /// ns-3's `InFlight`).
    pub fn quantization_budget(&self, cwnd: u32) -> u32 {
        let mut cwnd = match self.s.model {
            // Three bursts: one in the qdisc, one in TSO/GSO, one in the receiver's GRO/delayed
            // ACK; rounded up to an even number: fewer delayed ACKs waiting for a second segment.
            BbrModel::Linux => (cwnd + 3 * self.tso_segs_goal() + 1) & !1,
            // ns-3: `quanta = 3 * m_sendQuantum`, the send quantum one segment
            // (`SetSendQuantum`), and no rounding.
            BbrModel::Ns3 => cwnd + 3,
        };
        // The 1.25 phase must push inflight above BDP even when the BDP is a few packets.
        if self.s.mode == Mode::ProbeBw && self.s.cycle_idx == 0 {
            cwnd += 2;
        }
        cwnd
    }

    /// The inflight target for `gain` (`bbr_inflight`).
    pub fn inflight_target(&self, bw: f64, gain: f64) -> u32 {
        self.quantization_budget(self.bdp(bw, gain))
    }

    /// Bandwidth the model paces at and sizes the window for (packets/s): the long-term rate
    /// while the long-term estimator holds one, else the windowed maximum (Linux `bbr_bw`).
    pub fn bw(&self) -> f64 {
        if self.s.lt.use_bw {
            self.s.lt.bw
        } else {
            self.max_bw()
        }
    }

    /// The windowed-maximum delivery rate (packets/s), which phase changes and full-pipe
    /// detection read (Linux `bbr_max_bw`).
    pub fn max_bw(&self) -> f64 {
        self.s.bw.get()
    }

    /// Loss recovery as Linux `bbr_set_cwnd_to_recover_or_restore`. Returns the window to
    /// start from and whether packet conservation decides it alone.
    fn recover_or_restore(&mut self, ack: &AckInfo) -> (u32, bool) {
        let policy = self.v.recovery();
        let s = &mut self.s;
        let (prev, state) = (s.prev_ca_state, s.ca_state);
        let mut cwnd = s.cwnd;
        // An ACK for P packets may release at most 2P: first take off what was just lost.
        if ack.lost > 0 {
            cwnd = cwnd.saturating_sub(ack.lost).max(1);
        }
        if state == CaState::Recovery && prev != CaState::Recovery {
            // First round of recovery: packet conservation, and the round starts now.
            s.packet_conservation = true;
            s.next_round_delivered = ack.delivered;
            cwnd = if policy.release_acked { ack.in_flight + ack.acked } else { ack.in_flight };
            if let Some(g) = policy.gain {
                s.gain_hold = Some(g);
                s.pacing_gain = g;
            }
        } else if prev >= CaState::Recovery && state < CaState::Recovery {
            // Recovery is over: restore the window from before it (unless the variant keeps
            // the cut).
            if policy.restore {
                cwnd = cwnd.max(s.prior_cwnd);
            }
            s.packet_conservation = false;
        }
        s.prev_ca_state = state;
        if s.packet_conservation {
            let c = if policy.release_acked { cwnd.max(ack.in_flight + ack.acked) } else { cwnd };
            return (c, true);
        }
        (cwnd, false)
    }

    /// Set the congestion window (`bbr_set_cwnd`).
    fn set_cwnd(&mut self, ack: &AckInfo, bw: f64, gain: f64) {
        let mut cwnd = self.s.cwnd;
        if ack.acked > 0 {
            let (c, conserving) = self.recover_or_restore(ack);
            cwnd = c;
            if !conserving {
                // The window's target: the BDP at this gain, plus the ACK-aggregation
                // allowance, plus the quantization budget (`bbr_set_cwnd`).
                let allowance = self.s.aggregation.allowance(self.bw(), self.s.full_bw_reached);
                let target = self.quantization_budget(self.bdp(bw, gain) + allowance);
                if self.s.full_bw_reached {
                    // Grow towards the target at most one packet per packet acked, or snap down.
                    cwnd = (cwnd + ack.acked).min(target);
                } else if cwnd < target || ack.delivered < self.s.init_cwnd as u64 {
                    // Still filling the pipe: slow start.
                    cwnd += ack.acked;
                }
                cwnd = cwnd.max(MIN_CWND);
            }
        }
        if self.s.mode == Mode::ProbeRtt {
            cwnd = cwnd.min(self.s.probe_rtt_cwnd);
        }
        self.s.cwnd = cwnd.max(1);
    }

    /// Pacing gain and cwnd gain for the current mode (`bbr_update_gains`).
    fn update_gains(&mut self, ack: &AckInfo) {
        let (p, c) = match self.s.mode {
            Mode::Startup => (HIGH_GAIN, HIGH_GAIN),
            Mode::Drain => (DRAIN_GAIN, HIGH_GAIN),
            Mode::ProbeBw => (self.cycle_gain(Some(ack)), CWND_GAIN),
            Mode::ProbeRtt => (1.0, 1.0),
        };
        self.s.pacing_gain = self.s.gain_hold.unwrap_or(p);
        self.s.cwnd_gain = c;
    }

    /// Count rounds and feed the bandwidth filter and the long-term estimator (`bbr_update_bw`).
    fn update_bw(&mut self, ack: &AckInfo, events: &mut Vec<CcEvent>) {
        let app_limited = self.app_limited(ack);
        let s = &mut self.s;
        s.delivered = ack.delivered;
        s.lost = ack.lost_total;
        if ack.acked > 0 {
            s.delivered_time = ack.now;
        }
        s.round_start = false;
        s.round_delivered += ack.acked as u64;
        s.round_lost += ack.lost as u64;
        let Some(bytes_per_s) = ack.rate.bytes_per_sec(ack.mss) else { return };
        if ack.rate.prior_delivered >= s.next_round_delivered {
            // The packet sampled was sent after the round began: a round trip has passed.
            s.next_round_delivered = ack.delivered;
            s.round_count += 1;
            s.round_start = true;
            s.packet_conservation = false;
            let total = s.round_delivered + s.round_lost;
            s.last_round_loss_rate = if total > 0 { s.round_lost as f64 / total as f64 } else { 0.0 };
            s.round_delivered = 0;
            s.round_lost = 0;
        }
        let sample = LtSample {
            losses: ack.lost,
            app_limited,
            delivered: s.delivered,
            lost: s.lost,
            delivered_time: s.delivered_time,
        };
        self.lt_bw_sampling(sample, ack.now, events);
        let s = &mut self.s;
        let bw = bytes_per_s / ack.mss as f64;
        // App-limited samples measure the application; they only count when they show more
        // bandwidth than the model has.
        if !app_limited || bw >= s.bw.get() {
            s.bw.update(BW_FILTER_ROUNDS, s.round_count, bw);
        }
    }

    /// Whether this ACK's rate sample is app-limited (including BBR's own PROBE_RTT marking).
    pub(crate) fn app_limited(&self, ack: &AckInfo) -> bool {
        ack.rate.is_app_limited || ack.rate.prior_delivered < self.s.probe_rtt_app_limited_until
    }

    fn update_model(&mut self, ack: &AckInfo, events: &mut Vec<CcEvent>) {
        self.update_bw(ack, events);
        // `bbr_update_ack_aggregation`: only ACKs with a valid rate sample.
        if ack.rate.bytes_per_sec(ack.mss).is_some() {
            let bw = self.bw();
            let s = &mut self.s;
            s.aggregation.on_ack(ack.acked as u64, s.delivered_time, bw, s.round_start, s.cwnd);
        }
        self.update_cycle_phase(ack, events);
        self.check_full_bw_reached(ack);
        self.check_drain(ack, events);
        self.update_min_rtt(ack, events);
        self.update_gains(ack);
    }
}

impl State {
    /// Pacing rate in bytes/s for `bw` packets/s and `gain`, 1 % under (`bbr_rate_bytes_per_sec`).
    pub fn rate_for(&self, bw: f64, gain: f64) -> f64 {
        bw * self.wire_bytes as f64 * gain * (1.0 - PACING_MARGIN)
    }

    /// Before a bandwidth estimate: high_gain × cwnd / RTT, with a nominal 1 ms RTT until the
    /// first sample (`bbr_init_pacing_rate_from_rtt`).
    fn init_pacing_rate(&mut self, srtt: Dur) {
        let rtt = if srtt > 0 {
            self.has_seen_rtt = true;
            srtt
        } else {
            1_000_000
        };
        let bw = self.cwnd as f64 * NS_PER_S as f64 / rtt as f64;
        self.pacing_rate = self.rate_for(bw, HIGH_GAIN);
    }

    /// `bbr_set_pacing_rate`: never slow down in STARTUP before the pipe is full.
    fn set_pacing_rate(&mut self, bw: f64, gain: f64, srtt: Dur) {
        let rate = self.rate_for(bw, gain);
        if !self.has_seen_rtt && srtt > 0 {
            self.init_pacing_rate(srtt);
        }
        if self.full_bw_reached || rate > self.pacing_rate {
            self.pacing_rate = rate;
        }
    }

    /// Remember the window to go back to after recovery or PROBE_RTT (`bbr_save_cwnd`).
    pub(crate) fn save_cwnd(&mut self) {
        if self.prev_ca_state < CaState::Recovery && self.mode != Mode::ProbeRtt {
            self.prior_cwnd = self.cwnd;
        } else {
            // Recovery or PROBE_RTT has cut the window already: keep the larger.
            self.prior_cwnd = self.prior_cwnd.max(self.cwnd);
        }
    }
}

impl<V: Variant> CongestionControl for Bbr<V> {
    fn name(&self) -> &'static str {
        self.v.name()
    }

    fn on_ack(&mut self, ack: &AckInfo, events: &mut Vec<CcEvent>) {
        if let Some(r) = ack.rtt {
            self.s.last_rtt = Some(r);
        }
        self.v.on_ack(&self.s, ack);
        self.update_model(ack, events);
        let bw = self.bw();
        let gain = self.s.pacing_gain;
        self.s.set_pacing_rate(bw, gain, ack.srtt);
        let cwnd_gain = self.s.cwnd_gain;
        self.set_cwnd(ack, bw, cwnd_gain);
    }

    fn on_enter_recovery(&mut self, _now: Time, _in_flight: u32, _events: &mut Vec<CcEvent>) {
        // Linux `bbr_ssthresh`: remember the window; the cut happens on this ACK in set_cwnd.
        self.s.save_cwnd();
        self.s.ca_state = CaState::Recovery;
    }

    fn on_exit_recovery(&mut self, _now: Time, _events: &mut Vec<CcEvent>) {
        self.s.ca_state = CaState::Open;
    }

    fn on_ecn(&mut self, _now: Time, _in_flight: u32, _events: &mut Vec<CcEvent>) -> bool {
        // Linux BBR v1: tcp_enter_cwr calls bbr_ssthresh (which only saves the window) and
        // enters CWR, but bbr_main sets cwnd and pacing from the model alone and only the
        // Recovery state triggers packet conservation: ECN marks change nothing.
        false
    }

    fn on_rto(&mut self, now: Time, in_flight: u32, events: &mut Vec<CcEvent>) {
        // Linux: bbr_ssthresh saves the window, tcp_enter_loss sets cwnd = in flight + 1 = 1
        // (everything is presumed lost), and bbr_set_state(TCP_CA_Loss) restarts full-pipe
        // detection, treats the timeout as the end of a round and as a loss for the long-term
        // estimator. tcp_enter_loss has already marked the `in_flight` packets lost then.
        self.s.save_cwnd();
        self.s.cwnd = 1;
        self.s.ca_state = CaState::Loss;
        self.s.prev_ca_state = CaState::Loss;
        self.s.full_bw = 0.0;
        self.s.round_start = true;
        self.s.lost += in_flight as u64;
        let sample = LtSample {
            losses: 1,
            app_limited: false,
            delivered: self.s.delivered,
            lost: self.s.lost,
            delivered_time: self.s.delivered_time,
        };
        self.lt_bw_sampling(sample, now, events);
    }

    fn on_idle_restart(&mut self, now: Time) {
        // `bbr_cwnd_event(CA_EVENT_TX_START)`: restarting from idle, pace at the estimate
        // rather than probing into a queue that is not needed.
        self.s.idle_restart = true;
        match self.s.mode {
            Mode::ProbeBw => {
                let r = self.s.rate_for(self.bw(), 1.0);
                if r > 0.0 {
                    self.s.pacing_rate = r;
                }
            }
            Mode::ProbeRtt => {
                let mut ev = Vec::new();
                self.check_probe_rtt_done(now, &mut ev);
            }
            _ => {}
        }
    }

    fn cwnd(&self) -> u32 {
        self.s.cwnd
    }

    fn uses_prr(&self) -> bool {
        // BBR sets its own recovery window (packet conservation), as Linux bbr_set_cwnd.
        false
    }

    fn pacing_rate(&self) -> Option<f64> {
        Some(self.s.pacing_rate)
    }

    fn min_tso_segs(&self) -> u32 {
        self.bbr_min_tso_segs()
    }

    fn single_segments(&self) -> bool {
        self.s.model.single_segments()
    }

    fn state_names(&self) -> &'static [&'static str] {
        STATES
    }

    fn extra_metric_names(&self) -> &'static [&'static str] {
        self.v.extra_metric_names()
    }

    fn metrics(&self) -> CcMetrics {
        CcMetrics {
            state: self.s.mode as u8,
            pacing_gain: Some(self.s.pacing_gain),
            cwnd_gain: Some(self.s.cwnd_gain),
            btl_bw: Some(self.bw() * self.s.mss as f64),
            min_rtt: self.s.min_rtt,
            ssthresh: None,
            extra: self.v.extra(),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
