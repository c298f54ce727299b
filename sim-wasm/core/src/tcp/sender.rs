//! The TCP sender: an ACK pipeline over parts that each keep one concern.
//!
//! Sequence numbers count segments. Each segment in [snd_una, snd_nxt) is InFlight, Lost
//! (waiting to be retransmitted) or Delivered (SACKed); the scoreboard ([`super::scoreboard`])
//! keeps them and finds losses, and its in-flight count is Linux's `tcp_packets_in_flight`
//! (packets_out − sacked − lost + retransmitted).
//!
//! An ACK runs through the same steps as Linux's `tcp_ack` (tcp_input.c):
//! 1. **scoreboard** — cumulative and SACK deliveries, each feeding the delivery-rate sampler
//!    ([`super::rate`], tcp_rate.c) and offering an RTT sample;
//! 2. **RTT** — the estimator of the profile ([`super::rtt`]);
//! 3. **recovery** — a tail-loss probe's answer ([`super::tlp`]), losses found (RACK,
//!    [`super::rack`], or duplicate ACKs), fast recovery / CWR / Loss states, PRR
//!    ([`super::recovery`], chosen per profile);
//! 4. **controller** — one [`AckInfo`] to the congestion control through the shared driver
//!    ([`crate::endpoint::CcDriver`], which also paces);
//! 5. **timers** — the RFC 6298 retransmission timer restarted or stopped, RACK's reordering
//!    timer, the tail-loss probe scheduled; then send what the window and pacing allow.
//!
//! New data comes from a [`DataSource`]: a bulk stream, a sized transfer, or an MPTCP
//! connection feeding this sender as one of its subflows.
//!
//! ECN (docs/model/tcp.md §ECN): with `tcp.ecn` new data leaves ECN-capable and an ACK's ECE
//! flag starts CWR once per window of data; the next new segment carries CWR.
//!
//! Connection setup (docs/model/tcp.md §Connection setup): with `handshake` on, the sender
//! first sends a SYN and sends data only once the SYN-ACK is back, one round trip of the
//! path later; the final ACK rides with the first data segment. A lost SYN is sent again
//! after the initial RTO (1 s), backed off like any RTO. The exchange gives the first RTT
//! sample (Linux `tcp_synack_rtt_meas`), unless the SYN was retransmitted (Karn).

use super::rack::in_jiffies;
use super::rate::RateSampler;
use super::recovery::{AckFacts, LossRecovery, Outcome};
use super::rtt::{RttEstimator, RttModel};
use super::scoreboard::Scoreboard;
pub use super::source::{DataSource, SubflowMode};
use super::timer::TcpTimer;
use super::tlp::{ProbeAck, ProbeClock, TailLossProbe};
use super::TcpConfig;
use crate::cc::{AckInfo, CongestionControl};
use crate::endpoint::{CcDriver, PacingClock};
use crate::engine::time::{to_secs, Dur, Time};
use crate::engine::timer::TimerSlot;
use crate::metrics::EventKind;
use crate::net::packet::{AgentId, Body, Ecn, FlowIdx, Handshake, MptcpData, Packet, PathId, TcpAck, TcpData, MAX_SACK_BLOCKS};
use crate::sim::flow_series::{FlowReading, FlowRecorder, FlowSeriesSet, Lifetime};
use crate::sim::{Agent, FlowSnapshot, Timer, World};
use smallvec::SmallVec;

/// What every TCP sender is built from, whatever its data source.
pub struct SenderSetup {
    pub flow: FlowIdx,
    /// The agent that hosts the sender (an MPTCP connection hosts all its subflows).
    pub me: AgentId,
    pub receiver: AgentId,
    pub path: PathId,
    pub cfg: TcpConfig,
    pub cc: Box<dyn CongestionControl>,
}

pub struct TcpSender {
    flow: FlowIdx,
    me: AgentId,
    receiver: AgentId,
    path: PathId,
    cfg: TcpConfig,
    /// The controller, its events and the pacer.
    cc: CcDriver,
    source: DataSource,
    started: bool,
    /// What was sent, what is in flight, delivered or lost (snd_una, snd_nxt, SACK, loss
    /// detection).
    sb: Scoreboard,
    rate: RateSampler,
    rtt: RttEstimator,
    recovery: LossRecovery,
    tlp: TailLossProbe,
    backoff: u32,
    rto_timer: TimerSlot,
    reorder_timer: TimerSlot,
    probe_timer: TimerSlot,
    last_rate_bps: f64,
    /// The flow's series (`None` for an MPTCP subflow, whose connection records them, and
    /// for flows generated without series).
    series: Option<FlowRecorder>,
    /// This sender's subflow number within its agent, carried by its timers (0 for plain TCP).
    timer_sub: u16,
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

/// Step 1 of the pipeline's result: what the ACK delivered.
struct Delivery {
    newly: u64,
    una_advanced: bool,
    rtt_sample: Option<Time>,
}

impl TcpSender {
    /// A plain TCP flow sending `size_bytes` (`None`: bulk), with its own series.
    pub fn new(setup: SenderSetup, size_bytes: Option<u64>, w: &mut World) -> Self {
        let owner = w.flows[setup.flow as usize].id.clone();
        let series = Some(FlowRecorder::register(&mut w.rec, &owner, FlowSeriesSet::ALL, Some(setup.cc.as_ref())));
        let source = DataSource::of_size(size_bytes, setup.cfg.mss);
        Self::build(setup, source, series)
    }

    /// Subflow `index` of an MPTCP connection: no series of its own (its connection records
    /// per-subflow series); its timers carry `index`. With the handshake on, the subflow
    /// carries data only after [`TcpSender::open`] and its SYN-ACK; with it off it is
    /// established at once, its RTT estimate seeded with `base_rtt` (the path's RTT) so that
    /// RTT-based schedulers can rank it before its first ACK.
    pub fn new_subflow(setup: SenderSetup, index: usize, base_rtt: Time) -> Self {
        let mut s = Self::build(setup, DataSource::subflow(index), None);
        s.timer_sub = index as u16;
        if !s.cfg.handshake {
            s.started = true;
            if base_rtt > 0 {
                s.rtt.on_sample(base_rtt, 0, 0);
            }
        }
        s
    }

    fn build(setup: SenderSetup, source: DataSource, series: Option<FlowRecorder>) -> Self {
        let SenderSetup { flow, me, receiver, path, cfg, cc } = setup;
        let model = if cfg.ns3() { RttModel::Ns3MeanDeviation } else { RttModel::Linux };
        let clock = if Self::linux_output(&cfg, cc.as_ref()) { PacingClock::Linux } else { PacingClock::Plain };
        TcpSender {
            flow,
            me,
            receiver,
            path,
            cc: CcDriver::new(cc, clock),
            source,
            started: false,
            sb: Scoreboard::default(),
            rate: RateSampler::default(),
            rtt: RttEstimator::with_model(model, cfg.initial_rto, cfg.min_rto, cfg.max_rto),
            recovery: LossRecovery::new(cfg.ns3()),
            tlp: TailLossProbe::default(),
            send_cwr: false,
            backoff: 0,
            rto_timer: TimerSlot::default(),
            reorder_timer: TimerSlot::default(),
            probe_timer: TimerSlot::default(),
            last_rate_bps: 0.0,
            series,
            cfg,
            timer_sub: 0,
            syn: None,
        }
    }

    fn done(&self) -> bool {
        self.source.done(self.sb.una())
    }

    fn rto_timer(&self) -> Timer {
        TcpTimer::Rto { sub: self.timer_sub }.into()
    }

    fn pace_timer(&self) -> Timer {
        TcpTimer::Pace { sub: self.timer_sub }.into()
    }

    /// The minimum RTT seen, as Linux's `tcp_min_rtt` reads before any sample: ~0 (so RACK's
    /// window falls back to srtt and every fast retransmission is ambiguous).
    fn min_rtt(&self) -> Dur {
        self.rtt.min_rtt.unwrap_or(Dur::MAX)
    }

    /// (Re)arm the retransmission timer `at`.
    fn arm_rto(&mut self, at: Time, w: &mut World) {
        let timer = self.rto_timer();
        w.arm(self.me, &mut self.rto_timer, timer, at);
    }

    /// Next segment to transmit: the lowest lost one first (RFC 6675 NextSeg rule 1), else
    /// new data.
    fn next_segment(&mut self) -> Option<u64> {
        let (nxt, una) = (self.sb.nxt(), self.sb.una());
        self.sb.next_retransmission().or_else(|| self.source.has_new_data(nxt, una, self.cfg.rwnd).then_some(nxt))
    }

    /// The window now (recovery's during a fast recovery, else the controller's).
    fn window(&self) -> u32 {
        self.recovery.window(self.cc.cwnd())
    }

    /// Send as much as the window and the pacing rate allow; new data sent schedules a
    /// tail-loss probe (Linux `tcp_write_xmit` → `tcp_schedule_loss_probe`).
    fn try_send(&mut self, w: &mut World) {
        self.send_then_probe(false, w);
    }

    /// [`Self::try_send`] after an ACK; `rearm`: the ACK acknowledged new data, which re-arms
    /// the probe (Linux FLAG_SET_XMIT_TIMER → `tcp_set_xmit_timer`). Linux schedules the probe
    /// on the ACK and again for the new data it then releases (`tcp_write_xmit`), the second
    /// deadline replacing the first; here the ACK's deadline is worked out first, as Linux
    /// does, but the timer is armed once, after the send, with whichever deadline stands.
    fn send_then_probe(&mut self, rearm: bool, w: &mut World) {
        if !self.started || self.done() {
            return;
        }
        let on_ack = rearm.then(|| self.probe_deadline(true, w.now));
        if self.send_loop(w) {
            self.schedule_probe(false, w);
        } else {
            match on_ack {
                Some(Some(at)) => self.arm_probe(at, w),
                Some(None) => self.probe_timer.cancel(),
                None => {}
            }
        }
    }

    /// The sending loop of [`Self::try_send`]; returns whether new data went out.
    ///
    /// A paced sender sends in bursts (Linux `tcp_write_xmit`, tcp/tso.rs): the pacing clock is
    /// checked once per burst, and a burst takes up to [`Self::burst_quantum`] segments back to
    /// back, as far as the window allows: new data, or the lost segments of one earlier burst.
    fn send_loop(&mut self, w: &mut World) -> bool {
        let mut sent_new = false;
        // The burst going out: its last segment, whether that was new data, segments left.
        let mut burst: Option<(u64, bool, u32)> = None;
        loop {
            if self.sb.in_flight() >= self.window() {
                return sent_new;
            }
            let pacing = self.cc.pacing_rate();
            let left = match burst {
                Some((last, fresh, left)) if left > 0 && self.continues_burst(last, fresh) => left,
                _ => {
                    if self.cc.holds_at(pacing, w.now) {
                        let timer = self.pace_timer();
                        self.cc.wait_for_slot(self.me, timer, w);
                        return sent_new;
                    }
                    let quantum = self.burst_quantum(pacing);
                    if self.defers(quantum, w.now) {
                        return sent_new; // the next ACK sends (tcp/defer.rs)
                    }
                    self.sb.start_burst();
                    quantum
                }
            };
            let Some(seq) = self.next_segment() else {
                // Window open but nothing to send: samples taken now measure the application,
                // not the path (tcp_rate_check_app_limited). A subflow's connection decides
                // that, since it may still hand this subflow new data.
                if !self.source.is_subflow() {
                    self.rate.mark_app_limited(self.sb.in_flight());
                }
                return sent_new;
            };
            let fresh = seq == self.sb.nxt();
            sent_new |= fresh;
            let head = seq == self.sb.una();
            let wire = self.transmit(seq, w);
            self.cc.on_sent(pacing, wire, w.now);
            if head && !fresh {
                self.restart_rto_for_head(w);
            }
            burst = Some((seq, fresh, left - 1));
        }
    }

    /// Whether the sender's output path is Linux's `tcp_write_xmit` — TSO-sized bursts
    /// (tcp/tso.rs), their deferral (tcp/defer.rs) and the pacing clock that forgives a late
    /// send (endpoint/cc_driver.rs) — rather than ns-3's, which sends and paces segment by
    /// segment: the `linux` profile, unless the controller is ns-3's TcpBbr (`tcp.bbr: "ns3"`).
    fn linux_output(cfg: &TcpConfig, cc: &dyn CongestionControl) -> bool {
        !cfg.ns3() && !cc.single_segments()
    }

    /// Segments per burst: Linux's TSO/GSO autosizing for a paced sender on Linux's output
    /// path (`tcp_tso_segs`); one on ns-3's, and when the controller does not pace (an ACK
    /// releases what the window allows).
    fn burst_quantum(&self, pacing: Option<f64>) -> u32 {
        match pacing {
            Some(rate) if Self::linux_output(&self.cfg, self.cc.controller()) => super::tso::autosize(rate, self.cfg.mss, self.min_rtt(), self.cc.controller().min_tso_segs()),
            _ => 1,
        }
    }

    /// Whether a burst of new data of `quantum` segments waits for the next ACK because the
    /// window has room for less (Linux `tcp_tso_should_defer`, tcp/defer.rs). Only where bursts
    /// are modelled (a quantum over one: a paced sender under the `linux` profile whose
    /// controller is not ns-3's TcpBbr), and never for a retransmission (Linux sends those from
    /// `tcp_xmit_retransmit_queue`, which does not defer).
    fn defers(&self, quantum: u32, now: Time) -> bool {
        if quantum <= 1 || self.sb.peek_retransmission().is_some() {
            return false;
        }
        let (nxt, una) = (self.sb.nxt(), self.sb.una());
        if !self.source.has_new_data(nxt, una, self.cfg.rwnd) {
            return false;
        }
        let room = self.window().saturating_sub(self.sb.in_flight());
        super::defer::should_defer(&super::defer::DeferFacts {
            now,
            in_recovery: self.recovery.recovering(),
            pacing_clock: self.cc.pacing_clock(),
            room,
            cwnd: self.cc.cwnd(),
            burst: quantum,
            last_data: self.source.last_data_within(nxt, room),
            head_sent: (una < nxt).then(|| self.sb.seg(una).sent_at),
            srtt: self.rtt.srtt,
        })
    }

    /// Whether the next segment to send joins the burst whose last segment was `last`: new
    /// data after new data, or the next lost segment of the same earlier burst (Linux resends
    /// a lost socket buffer whole, `tcp_retransmit_skb`). A retransmission never joins new
    /// data: Linux sends them from separate queues.
    fn continues_burst(&self, last: u64, fresh: bool) -> bool {
        match self.sb.peek_retransmission() {
            Some(seq) => !fresh && seq == last + 1 && self.sb.same_burst(last, seq),
            None => fresh && self.source.has_new_data(self.sb.nxt(), self.sb.una(), self.cfg.rwnd),
        }
    }

    fn transmit(&mut self, seq: u64, w: &mut World) -> u32 {
        let now = w.now;
        let fresh = seq == self.sb.nxt();
        if fresh && self.sb.in_flight() == 0 && seq > 0 && self.sb.all_acked() {
            self.cc.on_idle_restart(now);
        }
        let stamp = self.rate.on_send(now, self.sb.nxt() - self.sb.una());
        let (dsn, len) = if fresh {
            self.source.new_segment(seq, self.cfg.mss)
        } else {
            let s = self.sb.seg(seq);
            (s.dsn, s.len)
        };
        let is_last = self.source.is_last(seq, dsn);
        self.recovery.on_sent();
        let stats = &mut w.flows[self.flow as usize];
        self.source.count_transmission(fresh, len, stats);
        stats.sent_packets += 1;
        if !fresh {
            stats.retransmitted_packets += 1;
        }
        self.sb.on_transmit(seq, now, stamp, dsn, len);
        // RFC 6298 (5.1): start the timer when sending if it is not running.
        if !self.rto_timer.is_armed() {
            let at = now + self.rtt.rto(self.backoff);
            self.arm_rto(at, w);
        }
        let wire = len + self.cfg.header_bytes;
        // RFC 3168 §6.1.5, Linux tcp_ecn_send: only new data is ECN-capable (a retransmission
        // is Not-ECT, so a queue drops it rather than marking it), and it carries a pending CWR.
        let ecn = if self.cfg.ecn && fresh { Ecn::Ect } else { Ecn::NotEct };
        let cwr = fresh && std::mem::take(&mut self.send_cwr);
        let data = TcpData { seq, len, fin: is_last, sent_at: now, cwr };
        let body = if self.source.is_subflow() { Body::MptcpData(MptcpData { data, dsn }) } else { Body::TcpData(data) };
        w.send(Packet { flow: self.flow, dst: self.receiver, path: self.path, hop: 0, ecn, wire_bytes: wire, body });
        wire
    }

    /// An ACK, through the pipeline: scoreboard → RTT → recovery → controller → timers.
    pub(crate) fn on_ack(&mut self, ack: TcpAck, w: &mut World) {
        let now = w.now;
        let prior_in_flight = self.sb.in_flight();
        let d = self.deliver(&ack, now);
        self.take_rtt_sample(d.rtt_sample, w);

        let facts = AckFacts {
            newly: d.newly,
            una_advanced: d.una_advanced,
            prior_in_flight,
            ece: ack.ece && self.cfg.ecn,
            min_rtt: self.min_rtt(),
            srtt: self.rtt.srtt,
        };
        if self.tlp.on_ack(ack.cum, ack.dsack, d.newly > 0) == ProbeAck::Repaired {
            self.recovery.on_probe_repair(&mut self.cc, now, prior_in_flight);
        }
        let outcome = self.recovery.on_ack(&facts, &mut self.sb, &mut self.cc, self.flow, w);
        self.after_recovery(&outcome, w);
        if outcome.retransmit_head {
            self.retransmit_head(w);
        }
        self.recovery.after_ack(&facts, self.sb.in_flight(), outcome.lost);

        self.feed_controller(&facts, outcome.lost, d.rtt_sample, now);
        self.cc.flush(self.flow, w);

        self.restart_rto(d.una_advanced, d.rtt_sample.is_some(), w);
        if self.done() {
            self.stop();
            self.release_scoreboard();
            return;
        }
        // An ACK that acknowledges new data re-arms the probe, unless RACK's reordering timer
        // is what is waiting now.
        let rearm = d.una_advanced && !matches!(outcome.reorder, Some(Some(_)));
        self.send_then_probe(rearm, w);
    }

    /// What recovery's verdict asks of the timers and the probe.
    fn after_recovery(&mut self, outcome: &Outcome, w: &mut World) {
        self.send_cwr |= outcome.send_cwr;
        if outcome.entered_recovery {
            self.tlp.forget();
            self.probe_timer.cancel();
        }
        match outcome.reorder {
            Some(Some(wait)) => {
                // Linux arms ICSK_TIME_REO_TIMEOUT in jiffies, plus TCP_TIMEOUT_MIN (2 jiffies).
                let at = w.now + in_jiffies(wait, self.cfg.jiffy) + 2 * self.cfg.jiffy;
                let timer = TcpTimer::Reorder { sub: self.timer_sub }.into();
                self.reorder_timer.cancel();
                w.arm(self.me, &mut self.reorder_timer, timer, at);
            }
            Some(None) => self.reorder_timer.cancel(),
            None => {}
        }
    }

    /// Schedule the tail-loss probe if the state allows one (`tcp_schedule_loss_probe`);
    /// `on_ack`: the retransmission timer is being restarted by this ACK.
    fn schedule_probe(&mut self, on_ack: bool, w: &mut World) {
        if let Some(at) = self.probe_deadline(on_ack, w.now) {
            self.arm_probe(at, w);
        }
    }

    /// When the tail-loss probe would be due if scheduled now, or None when the state allows
    /// no probe (`tcp_schedule_loss_probe`'s checks and timeout).
    fn probe_deadline(&self, on_ack: bool, now: Time) -> Option<Time> {
        if !self.recovery.probe_allowed() || self.sb.all_acked() {
            return None;
        }
        let rto = self.rtt.rto(self.backoff);
        let rto_in: Dur = if on_ack { rto } else { self.rto_timer.deadline().map_or(rto, |d| d.saturating_sub(now)) };
        let clock = ProbeClock {
            srtt: self.rtt.srtt,
            packets_out: self.sb.nxt() - self.sb.una(),
            min_rto: self.cfg.min_rto,
            initial_rto: self.cfg.initial_rto,
            rto_in,
            jiffy: self.cfg.jiffy,
        };
        Some(now + TailLossProbe::timeout(&clock))
    }

    fn arm_probe(&mut self, at: Time, w: &mut World) {
        let timer = TcpTimer::Probe { sub: self.timer_sub }.into();
        self.probe_timer.cancel();
        w.arm(self.me, &mut self.probe_timer, timer, at);
    }

    /// The probe timer fired (`tcp_send_loss_probe`): one packet, new data if there is some
    /// (whatever the window), else the last segment again; then the retransmission timer
    /// restarts from now.
    fn send_probe(&mut self, w: &mut World) {
        if !self.started || self.done() || !self.tlp.may_probe() || !self.recovery.probe_allowed() {
            return;
        }
        let (nxt, una) = (self.sb.nxt(), self.sb.una());
        let seq = if self.source.has_new_data(nxt, una, self.cfg.rwnd) {
            nxt
        } else if let Some(last) = self.sb.last_undelivered() {
            last
        } else {
            return;
        };
        let retransmission = seq != nxt;
        let pacing = self.cc.pacing_rate();
        let wire = self.transmit(seq, w);
        self.cc.on_sent(pacing, wire, w.now);
        self.tlp.on_probe_sent(self.sb.nxt(), retransmission);
        w.log.push(w.now, Some(self.flow), EventKind::TailLossProbe { retransmission });
        self.rto_timer.cancel();
        let at = w.now + self.rtt.rto(self.backoff);
        self.arm_rto(at, w);
    }

    /// RACK's reordering timer fired: what waited out its window is lost; fast recovery may
    /// begin, and the lost segments go out.
    fn on_reorder_timer(&mut self, w: &mut World) {
        let (min_rtt, srtt) = (self.min_rtt(), self.rtt.srtt);
        let outcome = self.recovery.on_reorder_timer(&mut self.sb, &mut self.cc, min_rtt, srtt, self.flow, w);
        self.after_recovery(&outcome, w);
        self.cc.flush(self.flow, w);
        if outcome.lost > 0 {
            self.try_send(w);
        }
    }

    /// Step 1: the scoreboard takes the ACK's cumulative point and SACK blocks. Each newly
    /// delivered segment feeds the delivery-rate sampler and, unless it was retransmitted
    /// (Karn's rule), is a candidate for the RTT sample: Linux samples the most recently sent
    /// segment an ACK delivers; ns-3 the oldest (`RttEstimator::AckSeq`: the head of its
    /// history).
    fn deliver(&mut self, ack: &TcpAck, now: Time) -> Delivery {
        let ns3 = self.cfg.ns3();
        let old_una = self.sb.una();
        let mut rtt_from: Option<(u64, Time)> = None;
        let note = |s: Option<(u64, Time)>, best: &mut Option<(u64, Time)>, oldest: bool| {
            let Some(x) = s else { return };
            let take = if ns3 { oldest } else { best.is_none_or(|b| x.0 > b.0) };
            if take {
                *best = Some(x);
            }
        };
        let min_rtt = self.min_rtt();
        let (rate, recovery) = (&mut self.rate, &mut self.recovery);
        let mut newly = self.sb.ack_cumulative(ack.cum, |seq, s| {
            rate.on_delivered(&s.stamp, s.sent_at, s.tx_ord);
            recovery.on_delivered(s, now, min_rtt);
            note((!s.retransmitted).then_some((s.tx_ord, s.sent_at)), &mut rtt_from, seq == old_una);
        });
        let una_advanced = self.sb.una() > old_una;
        // SACK blocks (none under ns3-classic): only the parts not already known are new.
        // Walked lowest first, as Linux sorts them (`tcp_sacktag_write_queue`): the receiver
        // lists its most recent block first, and a lower block of the same ACK taken after it
        // would look like a segment the network reordered (scoreboard.rs).
        let mut blocks: SmallVec<[(u64, u64); MAX_SACK_BLOCKS]> = ack.blocks().collect();
        blocks.sort_unstable();
        for (a, b) in blocks {
            newly += self.sb.ack_sack(a, b, |_, s| {
                rate.on_delivered(&s.stamp, s.sent_at, s.tx_ord);
                recovery.on_delivered(s, now, min_rtt);
                note((!s.retransmitted).then_some((s.tx_ord, s.sent_at)), &mut rtt_from, false);
            });
        }
        Delivery { newly, una_advanced, rtt_sample: rtt_from.map(|(_, sent)| now - sent) }
    }

    /// Step 2: the RTT sample, if the ACK gave one, updates the estimator and the host's
    /// per-path RTT cache (like Linux tcp_metrics), which flow schedulers read.
    fn take_rtt_sample(&mut self, sample: Option<Time>, w: &mut World) {
        if let Some(r) = sample {
            self.rtt.on_sample(r, self.sb.una(), self.sb.nxt());
            self.note_path_srtt(w);
        }
    }

    fn note_path_srtt(&self, w: &mut World) {
        if let Some(x) = w.path_srtt.get_mut(self.path as usize) {
            *x = self.rtt.srtt;
        }
    }

    /// Step 4: one [`AckInfo`] to the controller, when the ACK delivered or lost something.
    fn feed_controller(&mut self, facts: &AckFacts, lost: u32, rtt: Option<Time>, now: Time) {
        let rs = self.rate.on_ack_done(now, facts.newly, self.rtt.min_rtt);
        if let Some(bps) = rs.bytes_per_sec(self.cfg.mss) {
            self.last_rate_bps = bps * 8.0;
        }
        if facts.newly == 0 && lost == 0 {
            return;
        }
        let info = AckInfo {
            now,
            mss: self.cfg.mss,
            acked: self.recovery.acked_for_controller(facts.newly, facts.una_advanced, &self.cc),
            lost,
            prior_in_flight: facts.prior_in_flight,
            in_flight: self.sb.in_flight(),
            delivered: self.rate.delivered,
            lost_total: self.sb.lost_total(),
            rtt,
            srtt: self.rtt.srtt,
            rate: rs,
            // Fast recovery and CWR only: in the Loss state after an RTO the window
            // slow-starts (Linux `tcp_in_cwnd_reduction`).
            in_recovery: self.recovery.in_cwnd_reduction(),
            app_limited: self.rate.is_app_limited(),
        };
        self.cc.on_ack(&info);
    }

    /// Step 5, RFC 6298 (5.2)/(5.3): stop the timer when all is acknowledged, restart it when
    /// new data is acknowledged. Linux clears the backoff on such an ACK; ns-3 only on a valid
    /// RTT sample (`RttEstimator::ResetMultiplier`).
    fn restart_rto(&mut self, una_advanced: bool, sampled: bool, w: &mut World) {
        if !una_advanced {
            return;
        }
        if !self.cfg.ns3() || sampled {
            self.backoff = 0;
        }
        self.rto_timer.cancel();
        if !self.sb.all_acked() {
            let at = w.now + self.rtt.rto(self.backoff);
            self.arm_rto(at, w);
        }
    }

    /// The lowest unacknowledged segment went out again from the retransmission queue: Linux
    /// restarts the retransmission timer then, a full RTO from now, unless RACK's reordering
    /// timer holds the timer slot (`tcp_xmit_retransmit_queue`, `rearm_timer`). So a
    /// recovery whose first resend is lost again, and resent once RACK finds that, does not
    /// time out while the resend is on its way. ns-3 keeps the timer running.
    fn restart_rto_for_head(&mut self, w: &mut World) {
        if self.cfg.ns3() || self.reorder_timer.is_armed() {
            return;
        }
        self.rto_timer.cancel();
        let at = w.now + self.rtt.rto(self.backoff);
        self.arm_rto(at, w);
    }

    /// Resend the first unacknowledged segment now, whatever the window (ns-3 `DoRetransmit`).
    fn retransmit_head(&mut self, w: &mut World) {
        if self.sb.all_acked() {
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
        if self.sb.all_acked() {
            return;
        }
        let now = w.now;
        self.recovery.on_rto(&mut self.sb, &mut self.cc, now);
        // The timeout ends any probe episode and any reordering wait (Linux has one timer
        // for the three).
        self.tlp.forget();
        self.probe_timer.cancel();
        self.reorder_timer.cancel();
        // RFC 6298 (5.5)/(5.6): back off, restart the timer.
        self.backoff += 1;
        if let Some(sub) = self.source.subflow_mode_mut() {
            sub.rtos += 1;
        }
        w.log.push(now, Some(self.flow), EventKind::Rto { backoff: self.backoff });
        self.cc.flush(self.flow, w);
        let at = now + self.rtt.rto(self.backoff);
        self.arm_rto(at, w);
        // Pacing must not hold back the retransmission.
        self.cc.release(now);
        self.try_send(w);
    }

    pub fn in_flight(&self) -> u32 {
        self.sb.in_flight()
    }

    /// Handle one of this sender's timers (an MPTCP connection hands its subflows theirs).
    pub fn on_own_timer(&mut self, timer: Timer, w: &mut World) {
        match TcpTimer::of(timer) {
            None => {
                if self.cfg.handshake {
                    self.open(Handshake::Tcp, w);
                } else {
                    self.started = true;
                    self.try_send(w);
                }
            }
            Some(TcpTimer::Rto { .. }) => {
                if w.fires(self.me, &mut self.rto_timer, timer) {
                    // Linux keeps one timer for the RTO and the probe: a probe scheduled for
                    // the same instant (capped at the RTO) replaces the timeout.
                    if self.probe_timer.deadline().is_some_and(|d| d <= w.now) && self.tlp.may_probe() && self.recovery.probe_allowed() {
                        self.probe_timer.cancel();
                        self.send_probe(w);
                    } else {
                        self.on_rto(w);
                    }
                }
            }
            Some(TcpTimer::Pace { .. }) => {
                if self.cc.slot_due(self.me, timer, w) {
                    self.try_send(w);
                }
            }
            Some(TcpTimer::Reorder { .. }) => {
                if w.fires(self.me, &mut self.reorder_timer, timer) {
                    self.on_reorder_timer(w);
                }
            }
            Some(TcpTimer::Probe { .. }) => {
                if w.fires(self.me, &mut self.probe_timer, timer) {
                    self.send_probe(w);
                }
            }
            Some(other) => unreachable!("a TCP sender never sets {other:?}"),
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
        self.arm_rto(at, w);
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
            self.note_path_srtt(w);
        }
        self.backoff = 0;
        self.rto_timer.cancel();
        self.started = true;
        self.cc.release(w.now);
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
        self.source.hand(dsn, len);
        let wire = self.transmit(self.sb.nxt(), w);
        let rate = self.cc.pacing_rate();
        self.cc.on_sent(rate, wire, w.now);
        self.schedule_probe(false, w);
    }

    /// The connection's last data sequence number: its segment carries the DATA_FIN.
    pub fn set_data_fin(&mut self, dsn: u64) {
        self.source.set_data_fin(dsn);
    }

    /// Packets the window allows now (the PRR window during fast recovery).
    pub fn window_room(&self) -> u32 {
        self.window().saturating_sub(self.sb.in_flight())
    }

    /// Whether new data may leave now: window room, not held by pacing, and no own
    /// retransmission waiting (those go first on the subflow, RFC 6675 NextSeg).
    pub fn can_send(&self, now: Time) -> bool {
        self.started && self.window_room() > 0 && !self.cc.pacing_holds(now) && !self.sb.retransmission_pending()
    }

    /// When pacing next lets a packet go; arms the pacing timer so the connection is woken.
    pub fn wake_for_pacing(&mut self, w: &mut World) {
        if self.cc.pacing_holds(w.now) && self.window_room() > 0 {
            let timer = self.pace_timer();
            self.cc.wait_for_slot(self.me, timer, w);
        }
    }

    /// After an RTO, until everything outstanding then is acknowledged (Linux TCP_CA_Loss).
    pub fn in_rto_recovery(&self) -> bool {
        self.recovery.in_timeout_recovery()
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
        self.cc.controller()
    }

    pub fn cc_name(&self) -> &'static str {
        self.cc.controller().name()
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
        self.source.subflow_mode().cloned().unwrap_or_default()
    }

    pub fn stop(&mut self) {
        self.rto_timer.cancel();
        self.reorder_timer.cancel();
        self.probe_timer.cancel();
        self.cc.stop_pacing();
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
        series.record(&mut w.rec, to_secs(w.now), self.cc.controller(), &reading);
    }

    fn snapshot(&self) -> Option<FlowSnapshot> {
        Some(self.cc.snapshot(self.sb.in_flight(), self.rtt.srtt))
    }
}
