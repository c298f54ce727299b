//! Loss recovery: the state machine that turns what the scoreboard found into window
//! reductions and retransmissions, chosen per profile the way the RTT estimator is
//! (docs/model/tcp.md §Profiles).
//!
//! ```text
//!       a segment marked lost                 snd_una ≥ recovery point
//!  Open ─────────────────────> Recovery ───────────────────────────────> Open
//!    │                        (one cwnd reduction; retransmit lost first; no growth)
//!    │                        (Linux: still a segment marked lost → Recovery again, same ACK)
//!    ├── ECN echo ──> CWR (the same reduction, nothing retransmitted; a loss → Recovery
//!    │                     without a second cut) ── snd_una > recovery point ──> Open
//!    └── RTO ──> Loss (cwnd from the controller, all outstanding marked lost,
//!                      the window grows by slow start while the lost data goes again) ──> Open
//!                      (Linux: a retransmission lost again → Recovery)
//! ```
//!
//! - **Linux** (tcp_input.c `tcp_fastretrans_alert`, `tcp_enter_recovery`, `tcp_enter_cwr`,
//!   `tcp_enter_loss`): losses come from RACK ([`super::rack`]), on ACKs and from its
//!   reordering timer (`tcp_rack_reo_timeout`, which starts fast recovery itself); fast
//!   recovery starts while any segment is marked lost and not yet delivered (`lost_out`,
//!   `tcp_time_to_recover`), so a recovery that ends with one is followed by the next on the
//!   same ACK; one reduction per window of data (RFC 6582), paced down by PRR
//!   ([`super::prr`]); a tail-loss probe that repaired a loss reduces the window once
//!   ([`super::tlp`]).
//! - **ns-3 classic** (ns-3.19 `TcpSocketBase::ReceivedAck`, `TcpNewReno::DupAck`): no SACK;
//!   the 3rd duplicate ACK starts fast recovery with the window inflated by one segment per
//!   further duplicate ACK; a partial ACK deflates it and resends the next hole; a full ACK
//!   ends it with cwnd = min(ssthresh, flight + 1). ns-3.19 checks no recovery point before a
//!   fast retransmit, so duplicate ACKs provoked by go-back-N resends after a timeout can
//!   start a fast recovery at once; the model keeps that.
//!
//! Only fast recovery and CWR freeze window growth (Linux `tcp_in_cwnd_reduction`); in the
//! Loss state after a timeout Linux slow-starts from the loss window (docs/model/tcp.md §Loss
//! state).

use super::prr::Prr;
use super::rack::Rack;
use super::scoreboard::{Scoreboard, Seg};
use crate::endpoint::CcDriver;
use crate::engine::ids::FlowIdx;
use crate::engine::time::{Dur, Time};
use crate::metrics::EventKind;
use crate::sim::World;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Fast recovery after fast retransmit (Linux TCP_CA_Recovery).
    Fast { point: u64 },
    /// After a retransmission timeout (Linux TCP_CA_Loss).
    Timeout { point: u64 },
    /// Window reduction for an ECN echo, nothing retransmitted (Linux TCP_CA_CWR,
    /// `tcp_enter_cwr`). `reduced`: the controller cut its window (BBR v1 does not).
    Cwr { point: u64, reduced: bool },
}

impl State {
    fn point(self) -> u64 {
        match self {
            State::Fast { point } | State::Timeout { point } | State::Cwr { point, .. } => point,
        }
    }
}

/// How losses are signalled and fast recovery runs, per profile.
#[derive(Debug, Clone, Copy)]
enum Model {
    /// Losses from the SACK scoreboard, PRR.
    Linux,
    /// ns-3's NewReno: duplicate ACKs in a row (`m_dupAckCount`) and the inflated window
    /// during fast recovery (RFC 2582 §3).
    NewReno { dupacks: u32, inflated: Option<u32> },
}

/// What the sender learnt from an ACK before recovery reads it.
#[derive(Debug, Clone, Copy)]
pub struct AckFacts {
    /// Packets the ACK newly delivered (cumulatively or by SACK).
    pub newly: u64,
    pub una_advanced: bool,
    pub prior_in_flight: u32,
    /// The ACK echoes a congestion mark (and the sender negotiated ECN).
    pub ece: bool,
    /// The RTT estimator's minimum and smoothed RTT after this ACK (RACK's window).
    pub min_rtt: Dur,
    pub srtt: Dur,
}

/// What recovery asks the sender to do after an ACK.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Segments newly judged lost.
    pub lost: u32,
    /// Resend the first unacknowledged segment now, whatever the window (ns-3 `DoRetransmit`).
    pub retransmit_head: bool,
    /// The next new segment carries CWR (RFC 3168 §6.1.2).
    pub send_cwr: bool,
    /// Fast recovery began (a tail-loss probe's episode ends with it).
    pub entered_recovery: bool,
    /// RACK ran: `Some(wait)` = arm the reordering timer that much later, `None` = nothing
    /// waits (cancel it). Not set when RACK had nothing new to judge.
    pub reorder: Option<Option<Dur>>,
}

#[derive(Debug)]
pub struct LossRecovery {
    model: Model,
    state: Option<State>,
    prr: Option<Prr>,
    rack: Rack,
    /// Whether snd_una advanced since the last timeout: a timeout after progress is a new
    /// window and reduces ssthresh again (Linux `icsk_retransmits` reset in `tcp_ack`).
    progress_since_rto: bool,
}

impl LossRecovery {
    pub fn new(ns3: bool) -> Self {
        let model = if ns3 { Model::NewReno { dupacks: 0, inflated: None } } else { Model::Linux };
        LossRecovery { model, state: None, prr: None, rack: Rack::default(), progress_since_rto: true }
    }

    fn ns3(&self) -> bool {
        matches!(self.model, Model::NewReno { .. })
    }

    /// The window now: PRR's during a Linux fast recovery, the inflated one during an ns-3
    /// fast recovery, else the controller's.
    pub fn window(&self, cwnd: u32) -> u32 {
        let inflated = match self.model {
            Model::NewReno { inflated, .. } => inflated,
            Model::Linux => None,
        };
        self.prr.map(|p| p.window()).or(inflated).unwrap_or(cwnd)
    }

    /// A packet left (PRR counts what it sends).
    pub fn on_sent(&mut self) {
        if let Some(p) = &mut self.prr {
            p.on_sent();
        }
    }

    /// Fast recovery or a CWR that cut the window: the controller must not grow it (Linux
    /// `tcp_in_cwnd_reduction`).
    pub fn in_cwnd_reduction(&self) -> bool {
        matches!(self.state, Some(State::Fast { .. } | State::Cwr { reduced: true, .. }))
    }

    /// A tail-loss probe may be scheduled: SACK (the `linux` profile) and the Open or CWR
    /// state (`tcp_schedule_loss_probe`).
    pub fn probe_allowed(&self) -> bool {
        !self.ns3() && matches!(self.state, None | Some(State::Cwr { .. }))
    }

    /// A segment was newly delivered (step 1 of the pipeline): RACK learns the latest
    /// delivered send time.
    pub fn on_delivered(&mut self, seg: &Seg, now: Time, min_rtt: Dur) {
        self.rack.on_delivered(seg, now, min_rtt);
    }

    /// Fast recovery or the Loss state (Linux `icsk_ca_state >= TCP_CA_Recovery`).
    pub fn recovering(&self) -> bool {
        matches!(self.state, Some(State::Fast { .. } | State::Timeout { .. }))
    }

    /// RACK's pass on an ACK or its timer; the reorder field of `out` says what the timer does.
    /// Returns the segments it newly judged lost and whether one of them had been resent.
    fn rack_detect(&mut self, sb: &mut Scoreboard, now: Time, min_rtt: Dur, srtt: Dur, on_ack: bool, out: &mut Outcome) -> (u32, bool) {
        let reo_wnd = self.rack.reo_wnd(sb, self.recovering(), min_rtt, srtt);
        let Some(d) = self.rack.detect(sb, now, reo_wnd, on_ack) else { return (0, false) };
        out.reorder = Some(d.wait);
        (d.lost, d.lost_retransmission)
    }

    /// RACK's reordering timer fired (Linux `tcp_rack_reo_timeout`): mark what has waited out
    /// its window and, if that found losses outside fast recovery, start it — the window cut
    /// and PRR's first quota as for one packet delivered (`tcp_cwnd_reduction(sk, 1, …)`).
    pub fn on_reorder_timer(&mut self, sb: &mut Scoreboard, cc: &mut CcDriver, min_rtt: Dur, srtt: Dur, flow: FlowIdx, w: &mut World) -> Outcome {
        let now = w.now;
        let mut out = Outcome::default();
        let prior_in_flight = sb.in_flight();
        out.lost = self.rack_detect(sb, now, min_rtt, srtt, false, &mut out).0;
        if out.lost > 0 && matches!(self.state, None | Some(State::Cwr { .. })) {
            self.enter_fast_recovery(sb, cc, prior_in_flight, flow, w, &mut out);
            if let Some(p) = &mut self.prr {
                p.on_ack(1, sb.in_flight(), false, true);
            }
        }
        out
    }

    /// Start fast recovery for `out.lost` newly lost segments: cut the window once, unless a
    /// CWR already did (Linux `tcp_enter_recovery`).
    fn enter_fast_recovery(&mut self, sb: &Scoreboard, cc: &mut CcDriver, prior_in_flight: u32, flow: FlowIdx, w: &mut World, out: &mut Outcome) {
        let now = w.now;
        let cut = !matches!(self.state, Some(State::Cwr { reduced: true, .. }));
        self.state = Some(State::Fast { point: sb.nxt() });
        if cut {
            self.reduce_window(cc, now, prior_in_flight, false);
        }
        out.entered_recovery = true;
        // Every segment marked lost and not yet delivered: this ACK's, and those a recovery
        // that ended on it left behind.
        w.log.push(now, Some(flow), EventKind::FastRetransmit { lost: sb.lost_out() });
    }

    /// A tail-loss probe repaired a loss (`tcp_process_tlp_ack`): one window reduction, as
    /// CWR entered and left at once (`tcp_init_cwnd_reduction`, `tcp_end_cwnd_reduction`).
    /// Controllers with their own window logic (BBR: Linux `cong_control`) keep their window.
    pub fn on_probe_repair(&mut self, cc: &mut CcDriver, now: Time, prior_in_flight: u32) {
        if cc.uses_prr() && self.state.is_none() {
            cc.on_enter_recovery(now, prior_in_flight);
            cc.on_exit_recovery(now);
        }
    }

    /// After an RTO, until everything outstanding then is acknowledged (Linux TCP_CA_Loss).
    pub fn in_timeout_recovery(&self) -> bool {
        matches!(self.state, Some(State::Timeout { .. }))
    }

    /// Packets the controller is told an ACK delivered: ns-3's TcpNewReno grows the window per
    /// ACK that advances snd_una (one segment in slow start, MSS²/cwnd in congestion
    /// avoidance), not per packet it covers.
    pub fn acked_for_controller(&self, newly: u64, una_advanced: bool, cc: &CcDriver) -> u32 {
        if self.ns3() && cc.uses_prr() {
            u32::from(una_advanced)
        } else {
            newly as u32
        }
    }

    /// Step 3 of the ACK pipeline: find losses, leave and enter recovery states.
    ///
    /// Linux (`tcp_fastretrans_alert`) first ends a state whose recovery point the ACK passed,
    /// then runs RACK in the state it is in now, then starts fast recovery if any segment is
    /// marked lost and not yet delivered (`tcp_time_to_recover`: `lost_out`), not only if
    /// this ACK found one. So a recovery that ends with losses of later data still
    /// outstanding is followed by the next on the same ACK: one window reduction per window
    /// of data (RFC 6582), and for BBR a recovery it never sees leave (its state was Recovery
    /// at both of its looks, `bbr_set_cwnd_to_recover_or_restore`). ns-3's NewReno counts
    /// its duplicate ACK before it checks for the end.
    pub fn on_ack(&mut self, ack: &AckFacts, sb: &mut Scoreboard, cc: &mut CcDriver, flow: FlowIdx, w: &mut World) -> Outcome {
        let now = w.now;
        let mut out = Outcome::default();
        if ack.una_advanced {
            self.progress_since_rto = true;
        }
        let mut lost_retransmission = false;
        match self.model {
            Model::Linux => {
                self.leave_if_over(ack, sb, cc, now, &mut out);
                (out.lost, lost_retransmission) = self.rack_detect(sb, now, ack.min_rtt, ack.srtt, true, &mut out);
            }
            Model::NewReno { .. } => {
                out.lost = self.duplicate_ack(ack.una_advanced, sb, cc, flow, w, &mut out);
                self.leave_if_over(ack, sb, cc, now, &mut out);
            }
        }
        if !self.ns3() && sb.lost_out() > 0 {
            // Linux tcp_enter_recovery: from Open, or from a window reduction (CWR) without a
            // second cut (PRR goes on), or from the Loss state once a retransmission is lost
            // again ("retransmits are lost": FLAG_LOST_RETRANS); otherwise in Recovery or Loss
            // the losses are just resent.
            let from_loss = lost_retransmission && matches!(self.state, Some(State::Timeout { .. }));
            if from_loss || matches!(self.state, None | Some(State::Cwr { .. })) {
                self.enter_fast_recovery(sb, cc, ack.prior_in_flight, flow, w, &mut out);
            }
        } else if ack.ece && self.state.is_none() {
            // RFC 3168 §6.1.2: respond to an ECN echo as to a loss, once per window of data
            // (Linux tcp_enter_cwr: only from the Open state), without retransmitting.
            let reduced = self.reduce_window(cc, now, ack.prior_in_flight, true);
            self.state = Some(State::Cwr { point: sb.nxt(), reduced });
            out.send_cwr = true;
            w.log.push(now, Some(flow), EventKind::EcnEcho { reduced });
        }
        out
    }

    /// End the state whose recovery point this ACK passed (RFC 6582: one reduction per
    /// window of data); under ns-3's NewReno a partial ACK deflates the window instead.
    fn leave_if_over(&mut self, ack: &AckFacts, sb: &Scoreboard, cc: &mut CcDriver, now: Time, out: &mut Outcome) {
        let Some(r) = self.state else { return };
        // Linux holds CWR until something *above* the recovery point is acknowledged: the
        // segment carrying CWR is the point itself, and only once it has reached the
        // receiver do its ACKs stop echoing ECE (else the echo of the same mark would cut the
        // window again as soon as CWR ended).
        let over = match r {
            State::Cwr { point, .. } => sb.una() > point,
            _ => sb.una() >= r.point(),
        };
        if over {
            self.state = None;
            self.prr = None;
            if !matches!(r, State::Cwr { reduced: false, .. }) {
                cc.on_exit_recovery(now);
            }
            if let Model::NewReno { inflated, .. } = &mut self.model {
                if inflated.take().is_some() {
                    // ns-3 NewReno, full ACK: cwnd = min(ssthresh, BytesInFlight + 1 MSS).
                    cc.limit_cwnd((sb.nxt() - sb.una()) as u32 + 1);
                }
            }
        } else if let (Model::NewReno { inflated, .. }, true, State::Fast { .. }) = (&mut self.model, ack.una_advanced, r) {
            // ns-3 NewReno, partial ACK: deflate by what it acknowledged, add one segment,
            // and retransmit the next unacknowledged segment at once.
            if let Some(win) = inflated {
                *win = (*win as u64).saturating_sub(ack.newly).saturating_add(1).max(1) as u32;
            }
            out.retransmit_head = true;
        }
    }

    /// After the ACK's retransmissions: PRR's quota for the rest of it (`pipe` in flight now).
    pub fn after_ack(&mut self, ack: &AckFacts, pipe: u32, lost: u32) {
        if let Some(p) = &mut self.prr {
            p.on_ack(ack.newly, pipe, ack.una_advanced, lost > 0);
        }
    }

    /// Cut the window once for this window of data, for a loss (`ecn` false: Linux
    /// `tcp_enter_recovery`) or an ECN echo (`tcp_enter_cwr`); PRR then paces the flight
    /// down to it. Returns whether the controller cut its window (BBR v1 ignores ECN).
    fn reduce_window(&mut self, cc: &mut CcDriver, now: Time, prior_in_flight: u32, ecn: bool) -> bool {
        let prior_cwnd = cc.cwnd() as u64;
        let reduced = if ecn {
            cc.on_ecn(now, prior_in_flight)
        } else {
            cc.on_enter_recovery(now, prior_in_flight);
            true
        };
        if reduced && cc.uses_prr() {
            self.prr = Some(Prr::new(prior_cwnd, cc.cwnd() as u64));
        }
        reduced
    }

    /// `ns3-classic` loss signal: an ACK that does not advance snd_una while data is
    /// outstanding is a duplicate. The 3rd starts fast recovery — ssthresh from the controller
    /// on the whole flight, window ssthresh + 3, the first unacknowledged segment retransmitted
    /// at once; each further one inflates the window by a segment. No limited transmit.
    /// Returns the segments marked lost (the fast retransmission).
    fn duplicate_ack(&mut self, una_advanced: bool, sb: &mut Scoreboard, cc: &mut CcDriver, flow: FlowIdx, w: &mut World, out: &mut Outcome) -> u32 {
        let in_fast = matches!(self.state, Some(State::Fast { .. }));
        let Model::NewReno { dupacks, inflated } = &mut self.model else { return 0 };
        if una_advanced {
            *dupacks = 0;
            return 0;
        }
        if sb.all_acked() {
            return 0;
        }
        *dupacks += 1;
        if in_fast {
            if let Some(win) = inflated {
                *win = win.saturating_add(1);
            }
            return 0;
        }
        if *dupacks != 3 {
            return 0;
        }
        // ns-3 BytesInFlight: everything sent and not cumulatively acknowledged.
        let flight = (sb.nxt() - sb.una()).min(u32::MAX as u64) as u32;
        cc.on_enter_recovery(w.now, flight);
        if cc.uses_prr() {
            *inflated = Some(cc.cwnd().saturating_add(3));
        }
        self.state = Some(State::Fast { point: sb.nxt() });
        w.log.push(w.now, Some(flow), EventKind::FastRetransmit { lost: 1 });
        out.retransmit_head = true;
        1
    }

    /// A retransmission timeout (Linux `tcp_enter_loss`): the controller's timeout response,
    /// everything not SACKed presumed lost, the Loss state until all outstanding now is
    /// acknowledged.
    pub fn on_rto(&mut self, sb: &mut Scoreboard, cc: &mut CcDriver, now: Time) {
        let reduced = self.window_reduced(sb);
        match &mut self.model {
            Model::NewReno { inflated, .. } => {
                // ns-3 TcpNewReno::Retransmit: ssthresh from the whole flight, every time.
                let flight = (sb.nxt() - sb.una()).min(u32::MAX as u64) as u32;
                cc.on_rto(now, flight);
                *inflated = None;
            }
            Model::Linux if reduced => cc.on_rto_same_window(now, sb.in_flight()),
            Model::Linux => cc.on_rto(now, sb.in_flight()),
        }
        self.progress_since_rto = false;
        sb.on_timeout();
        self.prr = None;
        self.state = Some(State::Timeout { point: sb.nxt() });
    }

    /// Whether this window's ssthresh was already reduced (Linux `tcp_enter_loss` reduces it
    /// only from Open / Disorder, once the recovery point is passed, or in Loss after
    /// progress since the last timeout).
    fn window_reduced(&self, sb: &Scoreboard) -> bool {
        match self.state {
            None => false,
            Some(r) if sb.una() >= r.point() => false,
            Some(State::Fast { .. } | State::Cwr { .. }) => true,
            Some(State::Timeout { .. }) => !self.progress_since_rto,
        }
    }
}
