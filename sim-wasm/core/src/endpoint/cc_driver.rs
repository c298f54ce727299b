//! The congestion-control driver a sender owns: its controller, the buffer of the controller's
//! events, the pacer (when the next packet may leave, and the timer that wakes the sender
//! then) and the readout of the controller's state for snapshots.
//!
//! Pacing is a rate clock: a packet of `wire` bytes sent at rate R moves the earliest next
//! departure `wire / R` later, from the later of now and the previous departure slot, so a
//! sender that was idle does not bank credit, and one that is behind sends back to back.
//! Two clocks:
//! - [`PacingClock::Linux`], TCP-internal pacing as Linux runs it (tcp_output.c
//!   `tcp_pacing_check`, `__tcp_transmit_skb`, `tcp_update_skb_after_send`). Two rules on top
//!   of the rate clock. A send later than its slot (`tcp_wstamp_ns` behind the clock, by
//!   `credit`) takes `min(len / 2, credit)` off its own pacing time ("take into account OS
//!   jitter"): a flow that sends on an ACK because its window, not its pacing, held it back
//!   catches up at up to twice its rate for that send. A socket buffer of several segments is
//!   one send in Linux; here its segments are sent one by one, and the credit the first could
//!   not use passes to the next of the same burst, which forgives `min(burst / 2, credit)` as
//!   Linux does. And the first 10 data segments are not paced (`data_segs_out >= 10`, "original
//!   sch_fq does not pace first 10 MSS"); Linux tests the count after a whole buffer, here after
//!   each segment, so a buffer that straddles the tenth segment is paced one segment later.
//! - [`PacingClock::Plain`], the rate clock alone: ns-3 (`TcpSocketBase` schedules the next
//!   send one packet time after each send) and QUIC (RFC 9002 §7.7 leaves the method open;
//!   quic-go's pacer is the same rate clock).

use crate::cc::{AckInfo, CcEvent, CongestionControl};
use crate::engine::ids::FlowIdx;
use crate::engine::time::{to_millis, Dur, Time};
use crate::engine::timer::TimerSlot;
use crate::metrics::EventKind;
use crate::engine::ids::AgentId;
use crate::sim::{FlowSnapshot, Timer, World};

/// How the pacing clock advances (module header).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PacingClock {
    /// Linux TCP: lateness forgiven up to half a send, the first 10 segments unpaced.
    Linux,
    /// The rate clock alone (ns-3, QUIC).
    Plain,
}

/// Data segments Linux sends before it paces (`tcp_update_skb_after_send`).
const UNPACED_SEGMENTS: u64 = 10;

pub struct CcDriver {
    cc: Box<dyn CongestionControl>,
    clock: PacingClock,
    /// Lateness not yet forgiven ([`PacingClock::Linux`]): what the earlier segments of the
    /// burst sent at `credit_at` could not use.
    credit: Dur,
    credit_at: Time,
    /// Segments sent so far (`data_segs_out`), counted up to [`UNPACED_SEGMENTS`].
    segs_out: u64,
    /// Events the controller emitted since the last [`CcDriver::flush`].
    events: Vec<CcEvent>,
    /// Window changes since the last flush: (before, after, why), for [`EventKind::CwndChange`].
    window_changes: Vec<(u32, u32, &'static str)>,
    /// The earliest time the next paced packet may leave.
    next_send: Time,
    pace_timer: TimerSlot,
}

impl CcDriver {
    pub fn new(cc: Box<dyn CongestionControl>, clock: PacingClock) -> Self {
        CcDriver { cc, clock, credit: 0, credit_at: 0, segs_out: 0, events: Vec::new(), window_changes: Vec::new(), next_send: 0, pace_timer: TimerSlot::default() }
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
    /// none): the next one may leave one packet time later, less what the Linux clock forgives
    /// (module header).
    pub fn on_sent(&mut self, rate: Option<f64>, wire: u32, now: Time) {
        let Some(rate) = rate.filter(|r| *r > 0.0) else { return };
        let len = (wire as f64 * 1e9 / rate) as Time;
        match self.clock {
            PacingClock::Plain => self.next_send = self.next_send.max(now) + len,
            PacingClock::Linux => {
                self.segs_out = (self.segs_out + 1).min(UNPACED_SEGMENTS);
                // A send at or after its slot starts a burst, with its lateness as credit; a
                // send before it continues the burst sent at this instant, with the credit
                // left (none for a send that did not wait for its slot: a probe, a resend).
                let credit = match now.checked_sub(self.next_send) {
                    Some(late) => late,
                    None if self.credit_at == now => self.credit,
                    None => 0,
                };
                self.next_send = self.next_send.max(now);
                if self.segs_out < UNPACED_SEGMENTS {
                    return;
                }
                let forgiven = (len / 2).min(credit);
                (self.credit, self.credit_at) = (credit - forgiven, now);
                self.next_send += len - forgiven;
            }
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
        self.credit = 0;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cc::CcInit;
    use crate::engine::rng::derive_rng;

    /// 1 250 000 bytes/s: a 1 250-byte packet takes 1 ms.
    const RATE: f64 = 1_250_000.0;
    const MS: Time = 1_000_000;

    fn driver(clock: PacingClock) -> CcDriver {
        let init = CcInit { mss: 1448, init_cwnd: 10, init_ssthresh: None, rng: derive_rng(1, "flow", 0), coupling: None, bbr: Default::default() };
        let mut d = CcDriver::new(crate::cc::make("bbr", init, None).expect("bbr"), clock);
        d.segs_out = UNPACED_SEGMENTS; // past the unpaced start
        d
    }

    /// `tcp_update_skb_after_send`, worked by hand: a send 0.3 ms after its slot takes 0.3 ms
    /// off its own 1 ms; one 5 ms late takes half (0.5 ms); on time, nothing. The plain clock
    /// forgives nothing.
    #[test]
    fn a_late_send_is_forgiven_up_to_half_its_pacing_time() {
        let mut d = driver(PacingClock::Linux);
        d.on_sent(Some(RATE), 1250, 0);
        assert_eq!(d.pacing_clock(), MS, "on time: a whole packet time");
        d.on_sent(Some(RATE), 1250, MS + 300_000);
        assert_eq!(d.pacing_clock(), MS + 300_000 + 700_000, "0.3 ms late: 0.3 ms forgiven");
        d.on_sent(Some(RATE), 1250, 7 * MS);
        assert_eq!(d.pacing_clock(), 7 * MS + 500_000, "5 ms late: half forgiven");
        let mut plain = driver(PacingClock::Plain);
        plain.on_sent(Some(RATE), 1250, 0);
        plain.on_sent(Some(RATE), 1250, 5 * MS);
        assert_eq!(plain.pacing_clock(), 6 * MS);
    }

    /// A burst of two segments sent 3 ms late is one socket buffer in Linux: 2 ms of pacing,
    /// of which min(2 ms / 2, 3 ms) = 1 ms is forgiven. The second segment uses what the first
    /// could not; a send at a later instant does not.
    #[test]
    fn a_burst_shares_one_credit() {
        let mut d = driver(PacingClock::Linux);
        d.on_sent(Some(RATE), 1250, 0);
        d.on_sent(Some(RATE), 1250, 4 * MS);
        d.on_sent(Some(RATE), 1250, 4 * MS);
        assert_eq!(d.pacing_clock(), 5 * MS, "2 ms of pacing less 1 ms forgiven");
        let mut e = driver(PacingClock::Linux);
        e.on_sent(Some(RATE), 1250, 0);
        e.on_sent(Some(RATE), 1250, 4 * MS);
        e.on_sent(Some(RATE), 1250, 4 * MS + 1); // a probe a nanosecond later: no credit left
        assert_eq!(e.pacing_clock(), 4 * MS + 500_000 + MS);
    }

    /// "Original sch_fq does not pace first 10 MSS": the first nine segments leave without
    /// moving the clock, the tenth is paced.
    #[test]
    fn the_first_ten_segments_are_not_paced() {
        let mut d = driver(PacingClock::Linux);
        d.segs_out = 0;
        for _ in 0..9 {
            d.on_sent(Some(RATE), 1250, 0);
        }
        assert_eq!(d.pacing_clock(), 0);
        d.on_sent(Some(RATE), 1250, 0);
        assert_eq!(d.pacing_clock(), MS);
    }
}
