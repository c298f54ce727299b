//! The TCP sender.
//!
//! Sequence numbers count segments. Each segment in [snd_una, snd_nxt) is InFlight, Lost
//! (waiting to be retransmitted) or Delivered (SACKed); the scoreboard ([`super::scoreboard`])
//! keeps them, and its in-flight count is Linux's `tcp_packets_in_flight` (packets_out −
//! sacked − lost + retransmitted).
//!
//! Loss detection (ALGORITHMS.md §0, in the scoreboard): a transmission is lost once 3
//! transmissions sent after it have been delivered. Every transmission gets a send-order number; since delivered
//! transmissions only accumulate, "3 later ones delivered" is "send order < the third-highest
//! delivered send order", an O(1) test. Walking transmissions in send order applies it to
//! retransmissions as well (as Linux RACK does), so a lost retransmission is recovered without
//! waiting for the timeout. When fewer than 3 later packets can arrive (a short flow, a small
//! window) nothing is detected and the RFC 6298 timer has to fire: the effect MPTCP-FSFS
//! is built on.
//!
//! ```text
//!          new loss found                     snd_una ≥ recovery point
//!  Open ─────────────────────> Recovery ───────────────────────────────> Open
//!    │                        (one cwnd reduction; retransmit lost first; no growth)
//!    ├── ECN echo ──> CWR (the same reduction, nothing retransmitted; a loss → Recovery
//!    │                     without a second cut) ── snd_una ≥ recovery point ──> Open
//!    └── RTO ──> Loss (cwnd from the controller, all outstanding marked lost,
//!                      the window grows by slow start while the lost data goes again) ──> Open
//! ```
//!
//! ECN (docs/model/tcp.md §ECN): with `tcp.ecn` new data leaves ECN-capable and an ACK's ECE
//! flag starts CWR once per window of data; the next new segment carries CWR.
//!
//! Only fast recovery freezes window growth (Linux `tcp_in_cwnd_reduction`: CWR and
//! Recovery); in the Loss state after a timeout Linux slow-starts from the loss window, so
//! the controllers see `in_recovery = false` there (docs/model/tcp.md §Loss state).
//!
//! Under the `ns3-classic` profile (docs/model/tcp.md §Profiles) the receiver sends no SACK
//! blocks and the sender behaves as ns-3.19's TcpSocketBase + TcpNewReno: a loss is signalled
//! by the 3rd duplicate ACK; fast recovery inflates the window by one segment per further
//! duplicate ACK, retransmits the next hole on each partial ACK after deflating the window by
//! what it acknowledged, and ends on a full ACK with cwnd = min(ssthresh, flight + 1); the
//! window grows per ACK, not per packet acknowledged; RTT samples come from the oldest
//! segment an ACK covers; after a timeout it goes back N, resending from the first
//! unacknowledged segment. ns-3.19 checks no recovery point before a fast retransmit, so
//! duplicate ACKs provoked by the go-back-N resends can start a fast recovery right after a
//! timeout; the model keeps that.
//!
//! Connection setup (docs/model/tcp.md §Connection setup): with `handshake` on, the sender
//! first sends a SYN and sends data only once the SYN-ACK is back, one round trip of the
//! path later; the final ACK rides with the first data segment. A lost SYN is sent again
//! after the initial RTO (1 s), backed off like any RTO. The exchange gives the first RTT
//! sample (Linux `tcp_synack_rtt_meas`), unless the SYN was retransmitted (Karn).

use super::rate::RateSampler;
use super::rtt::{RttEstimator, RttModel};
use super::scoreboard::Scoreboard;
use super::TcpConfig;
use crate::cc::{AckInfo, CcEvent, CongestionControl};
use crate::engine::time::{to_millis, to_secs, Time};
use crate::engine::timer::{TimerFired, TimerSlot};
use crate::metrics::EventKind;
use crate::net::packet::{AgentId, Body, Ecn, FlowIdx, Handshake, MptcpData, Packet, PathId, TcpAck, TcpData};
use crate::sim::flow_series::{FlowReading, FlowRecorder, FlowSeriesSet, Lifetime};
use crate::sim::{Agent, FlowSnapshot, Timer, World};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Recovery {
    /// Fast recovery after fast retransmit (Linux TCP_CA_Recovery).
    Fast { point: u64 },
    /// After a retransmission timeout (Linux TCP_CA_Loss).
    Timeout { point: u64 },
    /// Window reduction for an ECN echo, nothing retransmitted (Linux TCP_CA_CWR,
    /// `tcp_enter_cwr`). `reduced`: the controller cut its window (BBR v1 does not).
    Cwr { point: u64, reduced: bool },
}

impl Recovery {
    fn point(self) -> u64 {
        match self {
            Recovery::Fast { point } | Recovery::Timeout { point } | Recovery::Cwr { point, .. } => point,
        }
    }
}

/// Proportional Rate Reduction state for one fast recovery (RFC 6937; Linux
/// `tcp_cwnd_reduction`). Without it the sender would stop sending until the flight fell to
/// the new window and then burst; PRR instead sends about ssthresh/prior_cwnd packets per
/// packet delivered, so the flight shrinks smoothly and retransmissions are spread out.
#[derive(Debug, Clone, Copy)]
struct Prr {
    /// cwnd before the reduction (RFC 6937 RecoverFS; Linux uses prior_cwnd).
    prior_cwnd: u64,
    ssthresh: u64,
    /// Packets delivered (cumulatively or by SACK) since recovery started.
    delivered: u64,
    /// Packets sent since recovery started.
    out: u64,
    /// The window this ACK allows: packets in flight + the send quota.
    window: u32,
}

impl Prr {
    /// The send quota after an ACK that delivered `newly` packets, `pipe` still in flight.
    fn on_ack(&mut self, newly: u64, pipe: u32, una_advanced: bool, newly_lost: bool) {
        if newly == 0 {
            self.window = pipe + u32::from(self.out == 0);
            return;
        }
        self.delivered += newly;
        let pipe64 = pipe as u64;
        let quota = if pipe64 > self.ssthresh {
            // Proportional part: deliveries × ssthresh / prior_cwnd, rounded up, minus what
            // was already sent.
            (self.ssthresh * self.delivered).div_ceil(self.prior_cwnd.max(1)).saturating_sub(self.out)
        } else {
            // Slow-start reduction bound: grow back towards ssthresh, at most one more than
            // delivered.
            let mut q = self.delivered.saturating_sub(self.out).max(newly);
            if una_advanced && !newly_lost {
                q += 1;
            }
            q.min(self.ssthresh - pipe64)
        };
        // The first ACK of recovery always lets the fast retransmission go.
        let quota = quota.max(u64::from(self.out == 0));
        self.window = pipe.saturating_add(quota.min(u32::MAX as u64) as u32);
    }
}


/// What an MPTCP subflow adds to a TCP sender: its new data comes from the connection (one
/// data sequence number at a time, chosen by the packet scheduler) instead of its own byte
/// stream, and its segments carry that data sequence number.
#[derive(Debug, Clone, Default)]
pub struct SubflowMode {
    /// The subflow's number in its connection (index into `FlowStats::subflows`).
    pub index: usize,
    /// Retransmission timeouts so far (the connection reinjects data after each).
    pub rtos: u64,
    /// Data packets sent on this subflow, retransmissions included, and the retransmissions.
    pub sent_packets: u64,
    pub retransmitted_packets: u64,
    /// Payload bytes of first transmissions (the subflow's share of the connection's data).
    pub data_bytes: u64,
}

pub struct TcpSender {
    flow: FlowIdx,
    me: AgentId,
    receiver: AgentId,
    path: PathId,
    cfg: TcpConfig,
    cc: Box<dyn CongestionControl>,
    /// Segments to send; `None` = bulk (never ends).
    total_segs: Option<u64>,
    last_len: u32,
    started: bool,
    /// What was sent, what is in flight, delivered or lost (snd_una, snd_nxt, SACK, loss
    /// detection).
    sb: Scoreboard,
    rate: RateSampler,
    rtt: RttEstimator,
    recovery: Option<Recovery>,
    prr: Option<Prr>,
    /// `ns3-classic`: NewReno's inflated window during fast recovery (RFC 2582 §3).
    inflated: Option<u32>,
    /// `ns3-classic`: duplicate ACKs in a row (ns-3 `m_dupAckCount`).
    dupacks: u32,
    /// Whether snd_una advanced since the last timeout: a timeout after progress is a new
    /// window and reduces ssthresh again (Linux `icsk_retransmits` reset in `tcp_ack`).
    progress_since_rto: bool,
    backoff: u32,
    rto_timer: TimerSlot,
    pace_timer: TimerSlot,
    next_send: Time,
    last_rate_bps: f64,
    /// The flow's series (`None` for an MPTCP subflow, whose connection records them, and
    /// for flows generated without series).
    series: Option<FlowRecorder>,
    cc_events: Vec<CcEvent>,
    /// This sender's subflow number within its agent, carried by its timers (0 for plain TCP).
    timer_sub: u16,
    /// Set for an MPTCP subflow.
    sub: Option<SubflowMode>,
    /// (data sequence number, length) of the new segment being sent (subflows only).
    new_data: Option<(u64, u32)>,
    /// The connection's last data sequence number, once known (subflows only).
    data_fin: Option<u64>,
    /// The SYN in flight: what it opens, when it was first sent and whether it was sent
    /// again (then its SYN-ACK gives no RTT sample). `None` once established or when the
    /// scenario turns the handshake off.
    syn: Option<SynState>,
    /// The next new data segment carries CWR: the window was reduced for an ECN echo
    /// (RFC 3168 §6.1.2; Linux TCP_ECN_QUEUE_CWR).
    send_cwr: bool,
}

#[derive(Debug, Clone, Copy)]
struct SynState {
    kind: Handshake,
    sent_at: Time,
    retransmitted: bool,
}

impl TcpSender {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        flow: FlowIdx,
        me: AgentId,
        receiver: AgentId,
        path: PathId,
        cfg: TcpConfig,
        cc: Box<dyn CongestionControl>,
        size_bytes: Option<u64>,
        w: &mut World,
    ) -> Self {
        let owner = w.flows[flow as usize].id.clone();
        let series = Some(FlowRecorder::register(&mut w.rec, &owner, FlowSeriesSet::ALL, Some(cc.as_ref())));
        Self::build(flow, me, receiver, path, cfg, cc, size_bytes, series)
    }


    /// Subflow `index` of an MPTCP connection, on `path`: no series of its own (its connection
    /// records per-subflow series); its timers carry `index`. With the
    /// handshake on, the subflow carries data only after [`TcpSender::open`] and its SYN-ACK;
    /// with it off it is established at once, its RTT estimate seeded with `base_rtt` (the
    /// path's RTT) so that RTT-based schedulers can rank it before its first ACK.
    #[allow(clippy::too_many_arguments)]
    pub fn new_subflow(
        flow: FlowIdx,
        me: AgentId,
        receiver: AgentId,
        path: PathId,
        cfg: TcpConfig,
        cc: Box<dyn CongestionControl>,
        index: usize,
        base_rtt: Time,
    ) -> Self {
        let mut s = Self::build(flow, me, receiver, path, cfg, cc, None, None);
        s.timer_sub = index as u16;
        s.sub = Some(SubflowMode { index, ..SubflowMode::default() });
        if !s.cfg.handshake {
            s.started = true;
            if base_rtt > 0 {
                s.rtt.on_sample(base_rtt, 0, 0);
            }
        }
        s
    }

    #[allow(clippy::too_many_arguments)]
    fn build(
        flow: FlowIdx,
        me: AgentId,
        receiver: AgentId,
        path: PathId,
        cfg: TcpConfig,
        cc: Box<dyn CongestionControl>,
        size_bytes: Option<u64>,
        series: Option<FlowRecorder>,
    ) -> Self {
        let mss = cfg.mss as u64;
        let (total_segs, last_len) = match size_bytes {
            Some(b) => (Some(b.div_ceil(mss)), (b - (b.div_ceil(mss) - 1) * mss) as u32),
            None => (None, cfg.mss),
        };
        let model = if cfg.ns3() { RttModel::Ns3MeanDeviation } else { RttModel::Linux };
        let rtt = RttEstimator::with_model(model, cfg.initial_rto, cfg.min_rto, cfg.max_rto);
        TcpSender {
            flow,
            me,
            receiver,
            path,
            cc,
            total_segs,
            last_len,
            started: false,
            sb: Scoreboard::default(),
            rate: RateSampler::default(),
            rtt,
            send_cwr: false,
            recovery: None,
            prr: None,
            inflated: None,
            dupacks: 0,
            progress_since_rto: true,
            backoff: 0,
            rto_timer: TimerSlot::default(),
            pace_timer: TimerSlot::default(),
            next_send: 0,
            last_rate_bps: 0.0,
            series,
            cc_events: Vec::new(),
            cfg,
            timer_sub: 0,
            sub: None,
            new_data: None,
            data_fin: None,
            syn: None,
        }
    }

    fn has_new_data(&self) -> bool {
        // A subflow's new data is handed to it by its connection (`send_data`).
        self.sub.is_none()
            && self.total_segs.is_none_or(|t| self.sb.nxt() < t) && self.sb.nxt() - self.sb.una() < self.cfg.rwnd
    }

    fn done(&self) -> bool {
        self.total_segs.is_some_and(|t| self.sb.una() >= t)
    }

    /// Arm the retransmission (`Timer::Rto`) or pacing (`Timer::Pace`) timer.
    fn arm(&mut self, which: Timer, at: Time, w: &mut World) {
        let slot = if matches!(which, Timer::Rto { .. }) { &mut self.rto_timer } else { &mut self.pace_timer };
        if let Some(t) = slot.arm(at) {
            w.timer(self.me, which, t);
        }
    }

    fn rto(&self) -> Timer {
        Timer::Rto { sub: self.timer_sub }
    }

    fn pace(&self) -> Timer {
        Timer::Pace { sub: self.timer_sub }
    }

    fn flush_cc_events(&mut self, w: &mut World) {
        for e in self.cc_events.drain(..) {
            w.log.push(w.now, Some(self.flow), EventKind::from_cc(&e));
        }
    }

    /// Next segment to transmit: the lowest lost one first (RFC 6675 NextSeg rule 1), else
    /// new data.
    fn next_segment(&mut self) -> Option<u64> {
        self.sb.next_retransmission().or_else(|| self.has_new_data().then_some(self.sb.nxt()))
    }

    /// The window now: PRR's during a Linux fast recovery, the inflated one during an ns-3
    /// fast recovery, else the controller's.
    fn window(&self) -> u32 {
        self.prr.map(|p| p.window).or(self.inflated).unwrap_or_else(|| self.cc.cwnd())
    }

    /// Send as much as the window and the pacing rate allow.
    fn try_send(&mut self, w: &mut World) {
        if !self.started || self.done() {
            return;
        }
        loop {
            let window = self.window();
            if self.sb.in_flight() >= window {
                return;
            }
            let pacing = self.cc.pacing_rate();
            if pacing.is_some() && w.now < self.next_send {
                self.arm(self.pace(), self.next_send, w);
                return;
            }
            let Some(seq) = self.next_segment() else {
                // Window open but nothing to send: samples taken now measure the application,
                // not the path (tcp_rate_check_app_limited). A subflow's connection decides
                // that, since it may still hand this subflow new data.
                if self.sub.is_none() {
                    self.rate.mark_app_limited(self.sb.in_flight());
                }
                return;
            };
            let wire = self.transmit(seq, w);
            if let Some(rate) = pacing.filter(|r| *r > 0.0) {
                // Linux internal pacing: the next departure is one packet time later.
                self.next_send = self.next_send.max(w.now) + (wire as f64 * 1e9 / rate) as Time;
            }
        }
    }

    fn transmit(&mut self, seq: u64, w: &mut World) -> u32 {
        let now = w.now;
        let idle = self.sb.in_flight() == 0;
        if idle && seq == self.sb.nxt() && self.sb.nxt() > 0 && self.sb.una() == self.sb.nxt() {
            self.cc.on_idle_restart(now);
        }
        let stamp = self.rate.on_send(now, self.sb.nxt() - self.sb.una());
        let fresh = seq == self.sb.nxt();
        let (dsn, len) = if !fresh {
            let s = self.sb.seg(seq);
            (s.dsn, s.len)
        } else if let Some(d) = self.new_data.take() {
            d
        } else {
            (seq, if self.total_segs == Some(seq + 1) { self.last_len } else { self.cfg.mss })
        };
        // A subflow's FIN flag stands for the connection's DATA_FIN (its last data).
        let is_last = match self.sub {
            Some(_) => self.data_fin == Some(dsn),
            None => self.total_segs == Some(seq + 1),
        };
        if let Some(p) = &mut self.prr {
            p.out += 1;
        }
        let stats = &mut w.flows[self.flow as usize];
        if let Some(sub) = &mut self.sub {
            let first = seq == self.sb.nxt();
            sub.sent_packets += 1;
            if first {
                sub.data_bytes += len as u64;
            } else {
                sub.retransmitted_packets += 1;
            }
            if let Some(st) = stats.subflows.get_mut(sub.index) {
                st.sent_packets += 1;
                if first {
                    st.data_bytes += len as u64;
                } else {
                    st.retransmitted_packets += 1;
                }
            }
        }
        stats.sent_packets += 1;
        if !fresh {
            stats.retransmitted_packets += 1;
        }
        self.sb.on_transmit(seq, now, stamp, dsn, len);
        // RFC 6298 (5.1): start the timer when sending if it is not running.
        if !self.rto_timer.is_armed() {
            let at = now + self.rtt.rto(self.backoff);
            self.arm(self.rto(), at, w);
        }
        let wire = len + self.cfg.header_bytes;
        // RFC 3168 §6.1.5, Linux tcp_ecn_send: only new data is ECN-capable (a retransmission
        // is Not-ECT, so a queue drops it rather than marking it), and it carries a pending CWR.
        let ecn = if self.cfg.ecn && fresh { Ecn::Ect } else { Ecn::NotEct };
        let cwr = fresh && std::mem::take(&mut self.send_cwr);
        let data = TcpData { seq, len, fin: is_last, sent_at: now, cwr };
        let body = if self.sub.is_some() { Body::MptcpData(MptcpData { data, dsn }) } else { Body::TcpData(data) };
        w.send(Packet { flow: self.flow, dst: self.receiver, path: self.path, hop: 0, ecn, wire_bytes: wire, body });
        wire
    }

    pub(crate) fn on_ack(&mut self, ack: TcpAck, w: &mut World) {
        let now = w.now;
        let ns3 = self.cfg.ns3();
        let prior_in_flight = self.sb.in_flight();
        let old_una = self.sb.una();
        let mut newly = 0u64;
        let mut rtt_from: Option<(u64, Time)> = None;
        // Linux samples the most recently sent segment an ACK delivers; ns-3 the oldest
        // (`RttEstimator::AckSeq`: the head of its history), each only if sent once.
        let note = |s: Option<(u64, Time)>, best: &mut Option<(u64, Time)>, oldest: bool| {
            let Some(x) = s else { return };
            let take = if ns3 { oldest } else { best.is_none_or(|b| x.0 > b.0) };
            if take {
                *best = Some(x);
            }
        };
        // Each newly delivered segment feeds the delivery-rate sampler and, unless it was
        // retransmitted (Karn's rule), is a candidate for the RTT sample.
        let rate = &mut self.rate;
        newly += self.sb.ack_cumulative(ack.cum, |seq, s| {
            rate.on_delivered(&s.stamp, s.sent_at, s.tx_ord);
            let sample = (!s.retransmitted).then_some((s.tx_ord, s.sent_at));
            note(sample, &mut rtt_from, seq == old_una);
        });
        let una_advanced = self.sb.una() > old_una;
        if una_advanced {
            self.progress_since_rto = true;
        }
        // SACK blocks (none under ns3-classic): only the parts not already known are new.
        for (a, b) in ack.blocks() {
            newly += self.sb.ack_sack(a, b, |_, s| {
                rate.on_delivered(&s.stamp, s.sent_at, s.tx_ord);
                note((!s.retransmitted).then_some((s.tx_ord, s.sent_at)), &mut rtt_from, false);
            });
        }
        let rtt_sample = rtt_from.map(|(_, sent)| now - sent);
        if let Some(r) = rtt_sample {
            self.rtt.on_sample(r, self.sb.una(), self.sb.nxt());
            // The host's per-path RTT cache (like Linux tcp_metrics), read by flow schedulers.
            if let Some(x) = w.path_srtt.get_mut(self.path as usize) {
                *x = self.rtt.srtt;
            }
        }
        let lost = if ns3 { self.ns3_duplicate_ack(una_advanced, w) } else { self.sb.detect_losses() };

        // Recovery state machine: leave first, then maybe enter (RFC 6582: one reduction
        // per window of data).
        if let Some(r) = self.recovery {
            // Linux holds CWR until something *above* the recovery point is acknowledged:
            // the segment carrying CWR is the point itself, and only once it has reached the
            // receiver do its ACKs stop echoing ECE (else the echo of the same mark would cut
            // the window again as soon as CWR ended).
            let over = match r {
                Recovery::Cwr { point, .. } => self.sb.una() > point,
                _ => self.sb.una() >= r.point(),
            };
            if over {
                self.recovery = None;
                self.prr = None;
                if !matches!(r, Recovery::Cwr { reduced: false, .. }) {
                    self.cc.on_exit_recovery(now, &mut self.cc_events);
                }
                if self.inflated.take().is_some() {
                    // ns-3 NewReno, full ACK: cwnd = min(ssthresh, BytesInFlight + 1 MSS).
                    self.cc.limit_cwnd((self.sb.nxt() - self.sb.una()) as u32 + 1);
                }
            } else if ns3 && una_advanced && matches!(r, Recovery::Fast { .. }) {
                // ns-3 NewReno, partial ACK: deflate by what it acknowledged, add one
                // segment, and retransmit the next unacknowledged segment at once.
                if let Some(win) = &mut self.inflated {
                    *win = (*win as u64).saturating_sub(newly).saturating_add(1).max(1) as u32;
                }
                self.retransmit_head(w);
            }
        }
        if !ns3 && lost > 0 {
            match self.recovery {
                None | Some(Recovery::Cwr { reduced: false, .. }) => {
                    self.recovery = Some(Recovery::Fast { point: self.sb.nxt() });
                    self.reduce_window(now, prior_in_flight, false);
                    w.log.push(now, Some(self.flow), EventKind::FastRetransmit { lost });
                }
                // Linux tcp_enter_recovery: already in a window reduction (CWR) — switch to
                // Recovery without a second cut; PRR goes on.
                Some(Recovery::Cwr { reduced: true, .. }) => {
                    self.recovery = Some(Recovery::Fast { point: self.sb.nxt() });
                    w.log.push(now, Some(self.flow), EventKind::FastRetransmit { lost });
                }
                _ => {}
            }
        } else if ack.ece && self.cfg.ecn && self.recovery.is_none() {
            // RFC 3168 §6.1.2: respond to an ECN echo as to a loss, once per window of data
            // (Linux tcp_enter_cwr: only from the Open state), without retransmitting.
            let reduced = self.reduce_window(now, prior_in_flight, true);
            self.recovery = Some(Recovery::Cwr { point: self.sb.nxt(), reduced });
            self.send_cwr = true;
            w.log.push(now, Some(self.flow), EventKind::EcnEcho { reduced });
        }
        if let Some(p) = &mut self.prr {
            p.on_ack(newly, self.sb.in_flight(), una_advanced, lost > 0);
        }

        let rs = self.rate.on_ack_done(now, newly, self.rtt.min_rtt);
        if let Some(bps) = rs.bytes_per_sec(self.cfg.mss) {
            self.last_rate_bps = bps * 8.0;
        }
        if newly > 0 || lost > 0 {
            // ns-3's TcpNewReno grows the window per ACK that advances snd_una (one segment
            // in slow start, MSS²/cwnd in congestion avoidance), not per packet it covers.
            let acked = if ns3 && self.cc.uses_prr() { u32::from(una_advanced) } else { newly as u32 };
            let info = AckInfo {
                now,
                mss: self.cfg.mss,
                acked,
                lost,
                prior_in_flight,
                in_flight: self.sb.in_flight(),
                delivered: self.rate.delivered,
                lost_total: self.sb.lost_total(),
                rtt: rtt_sample,
                srtt: self.rtt.srtt,
                rate: rs,
                // Fast recovery only: in the Loss state after an RTO the window slow-starts.
                // (and CWR: Linux `tcp_in_cwnd_reduction` freezes growth in both).
                in_recovery: matches!(self.recovery, Some(Recovery::Fast { .. } | Recovery::Cwr { reduced: true, .. })),
                app_limited: self.rate.is_app_limited(),
            };
            self.cc.on_ack(&info, &mut self.cc_events);
        }
        self.flush_cc_events(w);

        // RFC 6298 (5.2)/(5.3): stop the timer when all is acknowledged, restart it when new
        // data is acknowledged. Linux clears the backoff on such an ACK; ns-3 only on a
        // valid RTT sample (`RttEstimator::ResetMultiplier`).
        if una_advanced {
            if !ns3 || rtt_sample.is_some() {
                self.backoff = 0;
            }
            if self.sb.una() == self.sb.nxt() {
                self.rto_timer.cancel();
            } else {
                let at = now + self.rtt.rto(self.backoff);
                self.rto_timer.cancel();
                self.arm(self.rto(), at, w);
            }
        }
        if self.done() {
            self.stop();
            self.release_scoreboard();
            return;
        }
        self.try_send(w);
    }

    /// Cut the window once for this window of data, for a loss (`ecn` false: Linux
    /// `tcp_enter_recovery`) or an ECN echo (`tcp_enter_cwr`); PRR then paces the flight
    /// down to it. Returns whether the controller cut its window (BBR v1 ignores ECN).
    fn reduce_window(&mut self, now: Time, prior_in_flight: u32, ecn: bool) -> bool {
        let prior_cwnd = self.cc.cwnd() as u64;
        let reduced = if ecn {
            self.cc.on_ecn(now, prior_in_flight, &mut self.cc_events)
        } else {
            self.cc.on_enter_recovery(now, prior_in_flight, &mut self.cc_events);
            true
        };
        if reduced && self.cc.uses_prr() {
            let ssthresh = self.cc.cwnd() as u64;
            self.prr = Some(Prr { prior_cwnd, ssthresh, delivered: 0, out: 0, window: 0 });
        }
        reduced
    }

    /// `ns3-classic` loss signal (ns-3.19 `TcpSocketBase::ReceivedAck`, `TcpNewReno::DupAck`):
    /// an ACK that does not advance snd_una while data is outstanding is a duplicate. The
    /// 3rd starts fast recovery — ssthresh from the controller on the whole flight, window
    /// ssthresh + 3, the first unacknowledged segment retransmitted at once; each further one
    /// inflates the window by a segment. No limited transmit. Returns the segments marked
    /// lost (the fast retransmission).
    fn ns3_duplicate_ack(&mut self, una_advanced: bool, w: &mut World) -> u32 {
        if una_advanced {
            self.dupacks = 0;
            return 0;
        }
        if self.sb.una() == self.sb.nxt() {
            return 0;
        }
        self.dupacks += 1;
        if matches!(self.recovery, Some(Recovery::Fast { .. })) {
            if let Some(win) = &mut self.inflated {
                *win = win.saturating_add(1);
            }
            return 0;
        }
        if self.dupacks != 3 {
            return 0;
        }
        let now = w.now;
        // ns-3 BytesInFlight: everything sent and not cumulatively acknowledged.
        let flight = (self.sb.nxt() - self.sb.una()).min(u32::MAX as u64) as u32;
        self.recovery = Some(Recovery::Fast { point: self.sb.nxt() });
        self.cc.on_enter_recovery(now, flight, &mut self.cc_events);
        if self.cc.uses_prr() {
            self.inflated = Some(self.cc.cwnd().saturating_add(3));
        }
        w.log.push(now, Some(self.flow), EventKind::FastRetransmit { lost: 1 });
        self.retransmit_head(w);
        1
    }

    /// Resend the first unacknowledged segment now, whatever the window (ns-3 `DoRetransmit`).
    fn retransmit_head(&mut self, w: &mut World) {
        if self.sb.una() == self.sb.nxt() {
            return;
        }
        let seq = self.sb.una();
        self.sb.mark_lost_now(seq);
        self.transmit(seq, w);
    }

    fn on_rto(&mut self, w: &mut World) {
        if let Some(syn) = &mut self.syn {
            // The SYN or its SYN-ACK was lost: send it again, backed off (RFC 6298 (5.5)).
            syn.retransmitted = true;
            let kind = syn.kind;
            self.backoff += 1;
            w.log.push(w.now, Some(self.flow), EventKind::Rto { backoff: self.backoff });
            self.send_syn(kind, w);
            return;
        }
        if self.sb.una() == self.sb.nxt() {
            return;
        }
        let now = w.now;
        if self.cfg.ns3() {
            // ns-3 TcpNewReno::Retransmit: ssthresh from the whole flight, every time.
            let flight = (self.sb.nxt() - self.sb.una()).min(u32::MAX as u64) as u32;
            self.cc.on_rto(now, flight, &mut self.cc_events);
        } else if self.window_reduced() {
            self.cc.on_rto_same_window(now, self.sb.in_flight(), &mut self.cc_events);
        } else {
            self.cc.on_rto(now, self.sb.in_flight(), &mut self.cc_events);
        }
        self.progress_since_rto = false;
        self.inflated = None;
        // Linux tcp_enter_loss: everything not SACKed is presumed lost.
        self.sb.on_timeout();
        self.prr = None;
        self.recovery = Some(Recovery::Timeout { point: self.sb.nxt() });
        // RFC 6298 (5.5)/(5.6): back off, restart the timer.
        self.backoff += 1;
        if let Some(sub) = &mut self.sub {
            sub.rtos += 1;
        }
        w.log.push(now, Some(self.flow), EventKind::Rto { backoff: self.backoff });
        self.flush_cc_events(w);
        let at = now + self.rtt.rto(self.backoff);
        self.arm(self.rto(), at, w);
        // Pacing must not hold back the retransmission.
        self.next_send = now;
        self.try_send(w);
    }

    /// Whether this window's ssthresh was already reduced (Linux `tcp_enter_loss` reduces it
    /// only from Open / Disorder, once the recovery point is passed, or in Loss after
    /// progress since the last timeout).
    fn window_reduced(&self) -> bool {
        match self.recovery {
            None => false,
            Some(r) if self.sb.una() >= r.point() => false,
            Some(Recovery::Fast { .. } | Recovery::Cwr { .. }) => true,
            Some(Recovery::Timeout { .. }) => !self.progress_since_rto,
        }
    }

    pub fn in_flight(&self) -> u32 {
        self.sb.in_flight()
    }

    /// Handle one of this sender's timers (an MPTCP connection hands its subflows theirs).
    pub fn on_own_timer(&mut self, timer: Timer, w: &mut World) {
        match timer {
            Timer::Start => {
                if self.cfg.handshake {
                    self.open(Handshake::Tcp, w);
                } else {
                    self.started = true;
                    self.try_send(w);
                }
            }
            Timer::Rto { .. } => match self.rto_timer.on_event(w.now) {
                TimerFired::Fire => self.on_rto(w),
                TimerFired::Reschedule(t) => w.timer(self.me, timer, t),
                TimerFired::Stale => {}
            },
            Timer::Pace { .. } => match self.pace_timer.on_event(w.now) {
                TimerFired::Fire => self.try_send(w),
                TimerFired::Reschedule(t) => w.timer(self.me, timer, t),
                TimerFired::Stale => {}
            },
            other => unreachable!("a TCP sender never sets {other:?}"),
        }
    }

    /// Start connection setup: send the SYN (`kind` says what it opens).
    pub fn open(&mut self, kind: Handshake, w: &mut World) {
        if self.started || self.syn.is_some() {
            return;
        }
        self.syn = Some(SynState { kind, sent_at: w.now, retransmitted: false });
        self.send_syn(kind, w);
    }

    fn send_syn(&mut self, kind: Handshake, w: &mut World) {
        // The SYN timeout doubles per retry (Linux: the initial RTO; ns-3: ConnTimeout, or
        // 200 ms for an mkheirkhah subflow).
        let timeout = self.cfg.syn_rto.saturating_mul(1u64 << self.backoff.min(32)).min(self.cfg.max_rto);
        let at = w.now + timeout;
        self.rto_timer.cancel();
        self.arm(self.rto(), at, w);
        w.send(Packet {
            flow: self.flow,
            dst: self.receiver,
            path: self.path,
            hop: 0,
            ecn: Ecn::NotEct,
            wire_bytes: self.cfg.ack_bytes,
            body: Body::Syn(kind),
        });
    }

    /// The SYN-ACK arrived: the connection (or subflow) is established and may send.
    /// Returns false for a duplicate.
    pub fn on_syn_ack(&mut self, w: &mut World) -> bool {
        let Some(syn) = self.syn.take() else { return false };
        // ns-3.19 keeps no RTT history for the SYN, so its first data segment still waits
        // out the initial RTO; Linux measures the exchange (`tcp_synack_rtt_meas`).
        if !syn.retransmitted && !self.cfg.ns3() {
            self.rtt.on_sample(w.now - syn.sent_at, 0, 0);
            if let Some(x) = w.path_srtt.get_mut(self.path as usize) {
                *x = self.rtt.srtt;
            }
        }
        self.backoff = 0;
        self.rto_timer.cancel();
        self.started = true;
        self.next_send = w.now;
        self.try_send(w);
        true
    }

    /// Established: the handshake is done (or was off).
    pub fn established(&self) -> bool {
        self.started
    }

    // ---- MPTCP subflow interface -------------------------------------------------------

    /// Send new connection data `dsn` (`len` payload bytes) as this subflow's next segment.
    /// The caller checked [`TcpSender::can_send`].
    pub fn send_data(&mut self, dsn: u64, len: u32, w: &mut World) {
        self.new_data = Some((dsn, len));
        let wire = self.transmit(self.sb.nxt(), w);
        self.new_data = None;
        if let Some(rate) = self.cc.pacing_rate().filter(|r| *r > 0.0) {
            self.next_send = self.next_send.max(w.now) + (wire as f64 * 1e9 / rate) as Time;
        }
    }

    /// The connection's last data sequence number: its segment carries the DATA_FIN.
    pub fn set_data_fin(&mut self, dsn: u64) {
        self.data_fin = Some(dsn);
    }

    /// Packets the window allows now (the PRR window during fast recovery).
    pub fn window_room(&self) -> u32 {
        self.window().saturating_sub(self.sb.in_flight())
    }

    /// Whether new data may leave now: window room, not held by pacing, and no own
    /// retransmission waiting (those go first on the subflow, RFC 6675 NextSeg).
    pub fn can_send(&self, now: Time) -> bool {
        self.started
            && self.window_room() > 0
            && !(self.cc.pacing_rate().is_some() && now < self.next_send)
            && !self.sb.retransmission_pending()
    }

    /// When pacing next lets a packet go; arms the pacing timer so the connection is woken.
    pub fn wake_for_pacing(&mut self, w: &mut World) {
        if self.cc.pacing_rate().is_some() && w.now < self.next_send && self.window_room() > 0 {
            self.arm(self.pace(), self.next_send, w);
        }
    }

    /// After an RTO, until everything outstanding then is acknowledged (Linux TCP_CA_Loss).
    pub fn in_rto_recovery(&self) -> bool {
        matches!(self.recovery, Some(Recovery::Timeout { .. }))
    }

    pub fn srtt(&self) -> Time {
        self.rtt.srtt
    }

    pub fn rttvar(&self) -> Time {
        self.rtt.rttvar
    }

    pub fn cwnd(&self) -> u32 {
        self.cc.cwnd()
    }

    /// The controller (its window and what it reports, for the subflow's series).
    pub fn controller(&self) -> &dyn CongestionControl {
        self.cc.as_ref()
    }

    pub fn cc_name(&self) -> &'static str {
        self.cc.name()
    }

    /// The connection has nothing for this subflow: rate samples measure the application.
    pub fn mark_app_limited(&mut self) {
        self.rate.mark_app_limited(self.sb.in_flight());
    }

    /// Data sequence numbers sent on this subflow and not yet delivered on it.
    pub fn undelivered_dsns(&self) -> impl Iterator<Item = u64> + '_ {
        self.sb.undelivered_dsns()
    }

    pub fn subflow_stats(&self) -> SubflowMode {
        self.sub.clone().unwrap_or_default()
    }

    pub fn stop(&mut self) {
        self.rto_timer.cancel();
        self.pace_timer.cancel();
    }

    /// Free the scoreboard of a sender that will send nothing more (its flow completed, or
    /// its MPTCP connection did): a run with 10⁵ short flows otherwise keeps every finished
    /// flow's segment and send-order deques allocated at their peak size — 270 MiB at the end
    /// of a full-scale mptcp-fsfs-load run. What the snapshot and the summary read (window,
    /// RTT, counters) stays.
    pub fn release_scoreboard(&mut self) {
        self.sb.release();
    }

    /// Bytes of scoreboard state (for the memory budget): by capacity, which a finished flow
    /// keeps allocated after its scoreboard empties.
    pub fn state_bytes(&self) -> usize {
        self.sb.state_bytes()
    }
}

impl Agent for TcpSender {
    fn samples(&self) -> bool {
        self.series.is_some()
    }

    fn memory_bytes(&self) -> usize {
        self.state_bytes()
    }

    fn on_packet(&mut self, pkt: Packet, w: &mut World) {
        match pkt.body {
            Body::TcpAck(a) if self.started && !self.done() => self.on_ack(a, w),
            Body::SynAck(_) => {
                self.on_syn_ack(w);
            }
            _ => {}
        }
    }

    fn on_timer(&mut self, timer: Timer, w: &mut World) {
        self.on_own_timer(timer, w);
    }

    fn sample(&mut self, w: &mut World) {
        let Some(series) = &mut self.series else { return };
        let f = &w.flows[self.flow as usize];
        let reading = FlowReading {
            in_flight: self.sb.in_flight(),
            srtt: (self.rtt.srtt > 0).then_some(self.rtt.srtt),
            delivery_rate_bps: self.last_rate_bps,
            bytes_delivered: f.bytes_delivered,
            life: Lifetime::at(w.now, f.start, f.completed_at),
        };
        series.record(&mut w.rec, to_secs(w.now), self.cc.as_ref(), &reading);
    }

    fn snapshot(&self) -> Option<FlowSnapshot> {
        let m = self.cc.metrics();
        Some(FlowSnapshot {
            id: String::new(), // filled in by Simulation::snapshot
            cwnd: self.cc.cwnd(),
            inflight: self.sb.in_flight(),
            srtt_ms: to_millis(self.rtt.srtt),
            pacing_rate_mbps: self.cc.pacing_rate().map(|r| r * 8.0 / 1e6),
            pacing_gain: m.pacing_gain,
            state: self.cc.state_names().get(m.state as usize).copied().unwrap_or("?"),
            ..FlowSnapshot::default()
        })
    }
}
