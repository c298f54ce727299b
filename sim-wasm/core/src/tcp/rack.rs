//! RACK: time-based loss detection (RFC 8985 §6; Linux tcp_recovery.c), the `linux`
//! profile's way of finding lost segments.
//!
//! A transmission is lost once a transmission *sent after it* has been delivered and it is
//! older than that delivery's RTT plus a reordering window: `sent_at + RACK.rtt + reo_wnd ≤
//! now` (`tcp_rack_detect_loss`, `tcp_rack_skb_timeout`). RACK.xmit is the send time (and send
//! order, for ties) of the most recently sent transmission known delivered, RACK.rtt its RTT
//! (`tcp_rack_advance`: a retransmission delivered faster than the minimum RTT is ambiguous
//! and ignored). Because it looks at send times, a lost retransmission is found like any other
//! loss, and a loss at the tail needs only one later delivery — the tail-loss probe's
//! ([`super::tlp`]).
//!
//! The reordering window (`tcp_rack_reo_wnd`): while no reordering has been seen, it is 0 in
//! fast recovery or after a timeout, and 0 once `reordering` (3) segments are SACKed — the
//! classic duplicate-ACK threshold; otherwise min_rtt/4, at most srtt. A transmission sent
//! before RACK.xmit whose window has not passed yet arms the **reordering timer** for the
//! longest wait (Linux `ICSK_TIME_REO_TIMEOUT`, in jiffies plus `TCP_TIMEOUT_MIN`); when it
//! fires the expired transmissions are marked lost and, if that found any, fast recovery
//! starts (`tcp_rack_reo_timeout`).

use super::scoreboard::{Scoreboard, Seg};
use crate::engine::time::{Dur, Time};

/// Linux's `tp->reordering` start value (sysctl tcp_reordering) and its bound
/// (`tcp_max_reordering`).
pub const DUPTHRESH: u64 = 3;
pub const MAX_REORDERING: u64 = 300;

#[derive(Debug, Clone, Default)]
pub struct Rack {
    /// (send time, send order) of the most recently sent transmission known delivered
    /// (RACK.xmit_ts, RACK.end_seq); `None` before the first delivery.
    xmit: Option<(Time, u64)>,
    /// RTT of that transmission (RACK.rtt).
    rtt: Dur,
    /// Something was delivered since the last detection (Linux `rack.advanced`).
    advanced: bool,
}

/// What a detection pass found.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Detection {
    /// Transmissions newly marked lost.
    pub lost: u32,
    /// The longest wait for a transmission still inside its reordering window: the
    /// reordering timer is due this much later.
    pub wait: Option<Dur>,
    /// One of them was a retransmission (Linux `FLAG_LOST_RETRANS`).
    pub lost_retransmission: bool,
}

impl Rack {
    /// A delivery of `seg` (cumulative or SACK) at `now` (Linux `tcp_rack_advance`, RFC 8985
    /// RACK_update_rtt / RACK_update_xmit_ts).
    pub fn on_delivered(&mut self, seg: &Seg, now: Time, min_rtt: Dur) {
        let rtt = now.saturating_sub(seg.sent_at);
        if seg.retransmitted && rtt < min_rtt {
            // Which transmission arrived is ambiguous, and this fast it was likely the
            // original: the sample says nothing about the retransmission.
            return;
        }
        self.advanced = true;
        if self.xmit.is_none_or(|x| (seg.sent_at, seg.tx_ord) > x) {
            self.xmit = Some((seg.sent_at, seg.tx_ord));
            self.rtt = rtt;
        }
    }

    /// The reordering window now (`tcp_rack_reo_wnd`). `in_recovery`: fast recovery or the
    /// Loss state after a timeout (`icsk_ca_state >= TCP_CA_Recovery`).
    pub fn reo_wnd(&self, sb: &Scoreboard, in_recovery: bool, min_rtt: Dur, srtt: Dur) -> Dur {
        if !sb.reordering_seen() && (in_recovery || sb.sacked_out() >= sb.reordering()) {
            return 0;
        }
        (min_rtt / 4).min(srtt)
    }

    /// Mark lost every transmission sent before RACK.xmit whose window has passed
    /// (`tcp_rack_detect_loss`). `on_ack`: run only if something was delivered since the last
    /// pass (`tcp_rack_mark_lost`); the reordering timer runs it regardless. `None` when it
    /// did not run.
    pub fn detect(&mut self, sb: &mut Scoreboard, now: Time, reo_wnd: Dur, on_ack: bool) -> Option<Detection> {
        if on_ack && !std::mem::take(&mut self.advanced) {
            return None;
        }
        let Some((_, rack_ord)) = self.xmit else { return Some(Detection::default()) };
        let deadline = self.rtt + reo_wnd;
        let mut found = Detection::default();
        // Transmissions are judged in send order, so send times only grow: once one is still
        // inside its window every later one is too, and the latest of them waits longest.
        while let Some((ord, sent_at)) = sb.oldest_in_flight() {
            if ord >= rack_ord {
                break;
            }
            let age = now.saturating_sub(sent_at);
            if age >= deadline {
                found.lost_retransmission |= sb.mark_oldest_lost();
                found.lost += 1;
            } else {
                let latest = sb.latest_in_flight_sent_before(rack_ord).unwrap_or(sent_at);
                found.wait = Some(deadline - now.saturating_sub(latest));
                break;
            }
        }
        Some(found)
    }
}

/// Linux timers run in jiffies: a wait of `d` is rounded up to whole jiffies
/// (`usecs_to_jiffies`).
pub fn in_jiffies(d: Dur, jiffy: Dur) -> Dur {
    if jiffy == 0 {
        d
    } else {
        d.div_ceil(jiffy) * jiffy
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::time::NS_PER_MS;
    use crate::tcp::rate::TxStamp;

    const MS: Dur = NS_PER_MS;

    /// `n` segments sent 1 ms apart from t = 0.
    fn sent(n: u64) -> Scoreboard {
        let mut sb = Scoreboard::default();
        for seq in 0..n {
            sb.on_transmit(seq, seq * MS, TxStamp::default(), seq, 1000);
        }
        sb
    }

    fn sack(sb: &mut Scoreboard, rack: &mut Rack, a: u64, b: u64, now: Time) {
        sb.ack_sack(a, b, |_, s| rack.on_delivered(s, now, 10 * MS));
    }

    /// One later delivery is enough, once the reordering window min_rtt/4 has passed: at
    /// 40 ms min RTT, segment 0 (sent at 0) is lost RACK.rtt + 10 ms = 50 ms after it was
    /// sent, and until then the timer waits for exactly that.
    #[test]
    fn one_later_delivery_and_the_reordering_window_make_a_loss() {
        let mut sb = sent(4);
        let mut rack = Rack::default();
        // Segment 1 (sent at 1 ms) is SACKed at 41 ms: RACK.rtt = 40 ms.
        sack(&mut sb, &mut rack, 1, 2, 41 * MS);
        let reo = rack.reo_wnd(&sb, false, 40 * MS, 40 * MS);
        assert_eq!(reo, 10 * MS, "min_rtt/4 with one SACKed segment (< 3)");
        let d = rack.detect(&mut sb, 41 * MS, reo, true).unwrap();
        assert_eq!(d, Detection { lost: 0, wait: Some(9 * MS), lost_retransmission: false }, "0 is 41 ms old; it is lost at 50 ms");
        let d = rack.detect(&mut sb, 50 * MS, reo, false).unwrap();
        assert_eq!(d.lost, 1, "the timer's pass marks it");
        assert_eq!(rack.detect(&mut sb, 50 * MS, reo, true), None, "no new delivery: an ACK's pass does not run");
        assert_eq!(sb.next_retransmission(), Some(0));
        assert_eq!(sb.in_flight(), 2, "2 and 3, sent after RACK.xmit, are not judged");
    }

    /// Three SACKed segments are the duplicate-ACK threshold: the window drops to 0 and the
    /// hole is lost at once (`tcp_rack_reo_wnd`); so it is in recovery.
    #[test]
    fn three_sacked_segments_or_recovery_close_the_window() {
        let mut sb = sent(5);
        let mut rack = Rack::default();
        sack(&mut sb, &mut rack, 1, 4, 41 * MS);
        assert_eq!(rack.reo_wnd(&sb, false, 40 * MS, 40 * MS), 0);
        assert_eq!(rack.detect(&mut sb, 41 * MS, 0, true).unwrap().lost, 1);
        let sb2 = sent(5);
        assert_eq!(rack.reo_wnd(&sb2, true, 40 * MS, 40 * MS), 0, "in recovery");
    }

    /// A retransmission is judged by what was sent after *it*: a delivery of new data sent
    /// later finds it lost again (RFC 8985 §2, Linux's lost-retransmission detection).
    #[test]
    fn a_lost_retransmission_is_found_by_a_later_delivery() {
        let mut sb = sent(3);
        let mut rack = Rack::default();
        sack(&mut sb, &mut rack, 1, 3, 42 * MS);
        assert_eq!(rack.detect(&mut sb, 42 * MS, 0, true).unwrap().lost, 1);
        let seq = sb.next_retransmission().unwrap();
        sb.on_transmit(seq, 42 * MS, TxStamp::default(), 0, 1000);
        sb.on_transmit(3, 43 * MS, TxStamp::default(), 3, 1000);
        // Segment 3, sent after the retransmission, is delivered; the retransmission is not.
        sack(&mut sb, &mut rack, 3, 4, 83 * MS);
        assert_eq!(rack.detect(&mut sb, 83 * MS, 0, true).unwrap().lost, 1, "the retransmission is lost again");
        assert_eq!(sb.next_retransmission(), Some(0));
    }

    /// A retransmission "delivered" faster than the minimum RTT was the original arriving
    /// late: it does not move RACK.xmit (`tcp_rack_advance`).
    #[test]
    fn an_ambiguous_fast_retransmission_is_ignored() {
        let mut sb = sent(2);
        let mut rack = Rack::default();
        sack(&mut sb, &mut rack, 1, 2, 41 * MS);
        rack.detect(&mut sb, 60 * MS, 0, true);
        let seq = sb.next_retransmission().unwrap();
        sb.on_transmit(seq, 60 * MS, TxStamp::default(), 0, 1000);
        let before = rack.xmit;
        sb.ack_cumulative(2, |_, s| rack.on_delivered(s, 61 * MS, 10 * MS));
        assert_eq!(rack.xmit, before);
    }

    #[test]
    fn jiffies_round_up() {
        assert_eq!(in_jiffies(1, 4 * MS), 4 * MS);
        assert_eq!(in_jiffies(8 * MS, 4 * MS), 8 * MS);
        assert_eq!(in_jiffies(9 * MS, 4 * MS), 12 * MS);
        assert_eq!(in_jiffies(9 * MS, 0), 9 * MS);
    }
}
