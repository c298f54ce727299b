//! The congestion-control driver a sender owns: its controller, the buffer of the controller's
//! events, the pacer (when the next packet may leave, and the timer that wakes the sender
//! then) and the readout of the controller's state for snapshots.
//!
//! Pacing is Linux's TCP-internal pacing (tcp_output.c `tcp_pacing_check`,
//! `tcp_update_skb_after_send`): a packet of `wire` bytes sent at rate R moves the earliest
//! next departure `wire / R` later, from the later of now and the previous departure slot, so
//! a sender that was idle does not bank credit, and one that is behind sends back to back.
//! QUIC paces the same way (RFC 9002 §7.7 leaves the method open; quic-go's pacer is the same
//! rate clock).

use crate::cc::{AckInfo, CcEvent, CongestionControl};
use crate::engine::ids::FlowIdx;
use crate::engine::time::{to_millis, Time};
use crate::engine::timer::TimerSlot;
use crate::metrics::EventKind;
use crate::engine::ids::AgentId;
use crate::sim::{FlowSnapshot, Timer, World};

pub struct CcDriver {
    cc: Box<dyn CongestionControl>,
    /// Events the controller emitted since the last [`CcDriver::flush`].
    events: Vec<CcEvent>,
    /// Window changes since the last flush: (before, after, why), for [`EventKind::CwndChange`].
    window_changes: Vec<(u32, u32, &'static str)>,
    /// The earliest time the next paced packet may leave.
    next_send: Time,
    pace_timer: TimerSlot,
}

impl CcDriver {
    pub fn new(cc: Box<dyn CongestionControl>) -> Self {
        CcDriver { cc, events: Vec::new(), window_changes: Vec::new(), next_send: 0, pace_timer: TimerSlot::default() }
    }

    /// The controller, for what it reports (window, rate, metrics).
    pub fn controller(&self) -> &dyn CongestionControl {
        self.cc.as_ref()
    }

    pub fn cwnd(&self) -> u32 {
        self.cc.cwnd()
    }

    pub fn pacing_rate(&self) -> Option<f64> {
        self.cc.pacing_rate()
    }

    pub fn uses_prr(&self) -> bool {
        self.cc.uses_prr()
    }

    // ---- The controller's hooks (tcp_congestion_ops), its events buffered --------------

    pub fn on_ack(&mut self, info: &AckInfo) {
        self.cc.on_ack(info, &mut self.events);
    }

    pub fn on_enter_recovery(&mut self, now: Time, in_flight: u32) {
        let before = self.cc.cwnd();
        self.cc.on_enter_recovery(now, in_flight, &mut self.events);
        self.window_moved(before, "loss");
    }

    pub fn on_exit_recovery(&mut self, now: Time) {
        let before = self.cc.cwnd();
        self.cc.on_exit_recovery(now, &mut self.events);
        self.window_moved(before, "recovery_done");
    }

    /// An ECN echo; returns whether the controller cut its window.
    pub fn on_ecn(&mut self, now: Time, in_flight: u32) -> bool {
        let before = self.cc.cwnd();
        let cut = self.cc.on_ecn(now, in_flight, &mut self.events);
        self.window_moved(before, "ecn");
        cut
    }

    pub fn on_rto(&mut self, now: Time, in_flight: u32) {
        let before = self.cc.cwnd();
        self.cc.on_rto(now, in_flight, &mut self.events);
        self.window_moved(before, "rto");
    }

    pub fn on_rto_same_window(&mut self, now: Time, in_flight: u32) {
        let before = self.cc.cwnd();
        self.cc.on_rto_same_window(now, in_flight, &mut self.events);
        self.window_moved(before, "rto");
    }

    /// The window a congestion signal left, logged beside the controller's own events when it
    /// moved (the inspector's "cwnd 40 → 20 (loss)"); the controller is not told.
    fn window_moved(&mut self, before: u32, why: &'static str) {
        let after = self.cc.cwnd();
        if after != before {
            self.window_changes.push((before, after, why));
        }
    }

    pub fn limit_cwnd(&mut self, max: u32) {
        self.cc.limit_cwnd(max);
    }

    pub fn on_idle_restart(&mut self, now: Time) {
        self.cc.on_idle_restart(now);
    }

    /// Move the controller's events to the run's event log, stamped with the time and flow.
    pub fn flush(&mut self, flow: FlowIdx, w: &mut World) {
        for e in self.events.drain(..) {
            w.log.push(w.now, Some(flow), EventKind::from_cc(&e));
        }
        for (before, after, why) in self.window_changes.drain(..) {
            w.log.push(w.now, Some(flow), EventKind::CwndChange { before, after, why });
        }
    }

    // ---- Pacing -----------------------------------------------------------------------

    /// Whether pacing holds the next packet back now (the controller paces and its next
    /// departure slot is still ahead).
    pub fn pacing_holds(&self, now: Time) -> bool {
        self.holds_at(self.cc.pacing_rate(), now)
    }

    /// [`Self::pacing_holds`] for a pacing rate the caller already read (a send loop reads it
    /// once per packet: it also times the packet after this one).
    pub fn holds_at(&self, rate: Option<f64>, now: Time) -> bool {
        rate.is_some() && now < self.next_send
    }

    /// A packet of `wire` bytes left at `rate` (the pacing rate read before it was sent, or
    /// none): the next one may leave one packet time later.
    pub fn on_sent(&mut self, rate: Option<f64>, wire: u32, now: Time) {
        if let Some(rate) = rate.filter(|r| *r > 0.0) {
            self.next_send = self.next_send.max(now) + (wire as f64 * 1e9 / rate) as Time;
        }
    }

    /// The pacing clock: when the next packet may leave (Linux `tcp_wstamp_ns`).
    pub fn pacing_clock(&self) -> Time {
        self.next_send
    }

    /// Let the next packet leave at once (a retransmission timeout's resend or a probe must
    /// not wait for the pacing slot; a connection just established starts its clock now).
    pub fn release(&mut self, now: Time) {
        self.next_send = now;
    }

    /// Arm the pacing timer for the next departure slot: `timer` is the sender's own name
    /// for it, delivered back to `me`.
    pub fn wait_for_slot(&mut self, me: AgentId, timer: Timer, w: &mut World) {
        w.arm(me, &mut self.pace_timer, timer, self.next_send);
    }

    /// The pacing timer's event arrived: whether the slot is due now (else it was stale or
    /// has been rescheduled).
    pub fn slot_due(&mut self, me: AgentId, timer: Timer, w: &mut World) -> bool {
        w.fires(me, &mut self.pace_timer, timer)
    }

    pub fn stop_pacing(&mut self) {
        self.pace_timer.cancel();
    }

    // ---- Readout ----------------------------------------------------------------------

    /// A flow's live state as the inspector shows it: the controller's window, rate, gain and
    /// state, beside the sender's flight and smoothed RTT.
    pub fn snapshot(&self, inflight: u32, srtt: Time) -> FlowSnapshot {
        let m = self.cc.metrics();
        FlowSnapshot {
            cwnd: self.cc.cwnd(),
            inflight,
            srtt_ms: to_millis(srtt),
            pacing_rate_mbps: self.cc.pacing_rate().map(|r| r * 8.0 / 1e6),
            pacing_gain: m.pacing_gain,
            state: self.cc.state_names().get(m.state as usize).copied().unwrap_or("?"),
            ..FlowSnapshot::default()
        }
    }
}
