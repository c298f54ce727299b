//! Tail-loss probe (RFC 8985 §7; Linux tcp_output.c `tcp_schedule_loss_probe`,
//! `tcp_send_loss_probe`, tcp_input.c `tcp_process_tlp_ack`): when the last packets of a
//! flight are lost nothing is sent after them, so no later delivery lets RACK find them and
//! only the retransmission timer would. Two round trips after the last transmission with no
//! ACK, the sender sends one probe — new data if it has some (ignoring the window), else the
//! last segment again — so that its ACK, with SACK, shows what is missing.
//!
//! - **When** (`tcp_schedule_loss_probe`): only with SACK (the `linux` profile), something in
//!   flight, and in the Open or CWR state (not in fast recovery or after a timeout); scheduled
//!   after new data is sent and after an ACK that advances snd_una. The probe timeout is
//!   2·srtt plus 2 ms (`TCP_TIMEOUT_MIN_US`) — plus the minimum RTO instead when a single
//!   packet is out (the receiver may hold its ACK for the delayed-ACK timer) — 1 s before any
//!   RTT sample, in jiffies, and never later than the retransmission timer would fire.
//! - **At most one probe per tail** (`tlp_high_seq`): until an ACK passes snd_nxt at the probe.
//! - **Loss repaired by the probe** (`tcp_process_tlp_ack`): a probe that resent the last
//!   segment and whose ACK goes beyond snd_nxt at the probe, without a D-SACK saying the
//!   original had arrived too, repaired a loss: the window is reduced once (CWR). A D-SACK or a
//!   pure duplicate ACK at that point means nothing was lost.

use super::rack::in_jiffies;
use crate::engine::time::Dur;

/// Linux `TCP_TIMEOUT_MIN_US`: added to 2·srtt when more than one packet is out.
const PROBE_SLACK: Dur = 2_000_000;

#[derive(Debug, Clone, Default)]
pub struct TailLossProbe {
    /// snd_nxt when the outstanding probe was sent (Linux `tlp_high_seq`); `None` = none.
    high_seq: Option<u64>,
    /// The outstanding probe resent data (Linux `tlp_retrans`).
    retrans: bool,
}

/// What a probe's ACK says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProbeAck {
    /// Nothing decided yet (or no probe out).
    Pending,
    /// The probe is answered and nothing was lost.
    NoLoss,
    /// The probe repaired a loss: reduce the window once.
    Repaired,
}

/// What the sender knows when it schedules a probe.
#[derive(Debug, Clone, Copy)]
pub struct ProbeClock {
    pub srtt: Dur,
    /// Segments sent and not cumulatively acknowledged (Linux `packets_out`).
    pub packets_out: u64,
    pub min_rto: Dur,
    pub initial_rto: Dur,
    /// How long until the retransmission timer would fire.
    pub rto_in: Dur,
    pub jiffy: Dur,
}

impl TailLossProbe {
    /// When the probe is due, from `now` (`tcp_schedule_loss_probe`); the caller checked the
    /// state and that something is in flight.
    pub fn timeout(clock: &ProbeClock) -> Dur {
        let base = if clock.srtt > 0 {
            let extra = if clock.packets_out == 1 { clock.min_rto } else { PROBE_SLACK };
            2 * clock.srtt + extra
        } else {
            clock.initial_rto
        };
        in_jiffies(base, clock.jiffy).min(clock.rto_in.max(1))
    }

    /// A probe may be sent now (none outstanding for this tail).
    pub fn may_probe(&self) -> bool {
        self.high_seq.is_none()
    }

    /// A probe went out; `nxt` is snd_nxt after it, `retrans` whether it resent data.
    pub fn on_probe_sent(&mut self, nxt: u64, retrans: bool) {
        self.high_seq = Some(nxt);
        self.retrans = retrans;
    }

    /// The window was reduced or the timer fired: the probe's episode is over (Linux resets
    /// `tlp_high_seq` in `tcp_init_cwnd_reduction` and on a timeout).
    pub fn forget(&mut self) {
        self.high_seq = None;
    }

    /// An ACK of everything below `cum` (`tcp_process_tlp_ack`). `dsack`: it reports a
    /// duplicate; `progress`: it acknowledged or SACKed something new.
    pub fn on_ack(&mut self, cum: u64, dsack: bool, progress: bool) -> ProbeAck {
        let Some(high) = self.high_seq else { return ProbeAck::Pending };
        if cum < high {
            return ProbeAck::Pending;
        }
        let verdict = if !self.retrans || dsack {
            ProbeAck::NoLoss
        } else if cum > high {
            ProbeAck::Repaired
        } else if !progress {
            // A pure duplicate ACK: the original and the probe both arrived.
            ProbeAck::NoLoss
        } else {
            return ProbeAck::Pending;
        };
        self.high_seq = None;
        verdict
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::time::NS_PER_MS;

    const MS: Dur = NS_PER_MS;

    fn clock(srtt_ms: u64, packets_out: u64) -> ProbeClock {
        ProbeClock { srtt: srtt_ms * MS, packets_out, min_rto: 200 * MS, initial_rto: 1000 * MS, rto_in: 10_000 * MS, jiffy: 4 * MS }
    }

    /// PTO = 2·srtt + 2 ms in jiffies (4 ms at HZ = 250); + the minimum RTO for a single
    /// packet; 1 s before any RTT sample; capped by the retransmission timer.
    #[test]
    fn the_probe_timeout_is_two_round_trips() {
        assert_eq!(TailLossProbe::timeout(&clock(10, 5)), 24 * MS, "2·10 + 2 = 22 ms → 24 ms in jiffies");
        assert_eq!(TailLossProbe::timeout(&clock(50, 5)), 104 * MS);
        assert_eq!(TailLossProbe::timeout(&clock(10, 1)), 220 * MS, "one packet out: + min RTO");
        assert_eq!(TailLossProbe::timeout(&clock(0, 5)), 1000 * MS);
        assert_eq!(TailLossProbe::timeout(&ProbeClock { rto_in: 15 * MS, ..clock(10, 5) }), 15 * MS);
    }

    #[test]
    fn one_probe_per_tail_and_what_its_ack_says() {
        let mut t = TailLossProbe::default();
        assert!(t.may_probe());
        t.on_probe_sent(20, true);
        assert!(!t.may_probe());
        assert_eq!(t.on_ack(15, false, true), ProbeAck::Pending, "below snd_nxt at the probe");
        assert_eq!(t.on_ack(21, false, true), ProbeAck::Repaired, "the ACK passes the probe: a loss was repaired");
        assert!(t.may_probe());
        t.on_probe_sent(30, true);
        assert_eq!(t.on_ack(30, true, false), ProbeAck::NoLoss, "a D-SACK: the original arrived too");
        t.on_probe_sent(40, false);
        assert_eq!(t.on_ack(40, false, true), ProbeAck::NoLoss, "a probe of new data decides nothing");
        t.on_probe_sent(50, true);
        assert_eq!(t.on_ack(50, false, false), ProbeAck::NoLoss, "a pure duplicate ACK");
    }
}
