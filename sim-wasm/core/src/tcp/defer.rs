//! When a paced Linux sender holds back new data for a fuller burst: `tcp_tso_should_defer`.
//!
//! Model (docs/model/tcp.md §Send bursts). `tcp_write_xmit` (tcp_output.c) sends a socket
//! buffer of up to `tcp_tso_segs` segments per pacing slot (tcp/tso.rs). When the window, not
//! the pacing clock, has room for fewer segments than that, Linux 6.18 may wait for the next
//! ACK to open more room instead of sending a short buffer, so a window-limited flow keeps
//! sending whole bursts. It sends now (does not defer) when any of these holds, listed in the
//! order `tcp_tso_should_defer` checks them (each alone sends, so the order does not matter):
//! - the connection is in fast recovery or after a timeout (`icsk_ca_state >= TCP_CA_Recovery`);
//! - the pacing clock (`tcp_wstamp_ns`, the earliest departure of the next buffer) is more than
//!   1 ms in the past: the flow was not sending just now, so waiting would add a gap;
//! - the window has room for a whole buffer (`limit >= max_segs * mss`);
//! - the room is at least a third of the window (`sysctl_tcp_tso_win_divisor` = 3);
//! - nothing is in flight, or the ACK of the oldest unacknowledged segment (its send time plus
//!   srtt) is expected later than min(srtt / 2, 1 ms) from now: waiting would be too long.
//!   (This is the rule since "tcp: fix tcp_tso_should_defer() vs large RTT", Oct. 2025, in
//!   6.18; before it Linux deferred whenever the head was older than srtt / 2.)
//! - the data will not grow (the last of a sized flow: its buffer carries FIN).
//!
//! Otherwise it defers: nothing is sent and no timer is armed; the next ACK sends.
//!
//! Left out: the receive window's part of `limit` (NetLab's scenarios give every receiver a
//! window that never limits, or a window in whole segments that `has_new_data` enforces), and
//! `is_cwnd_limited`, which only feeds the controllers' "was the window the limit" tests.

use crate::engine::time::{Dur, Time};

/// `sysctl_tcp_tso_win_divisor`: room for a third of the window is enough to send.
const WIN_DIVISOR: u64 = 3;
/// 1 ms, in the engine's nanoseconds (`NSEC_PER_MSEC`).
const MSEC: Dur = 1_000_000;

/// What `tcp_tso_should_defer` reads, in segments and engine time.
#[derive(Debug, Clone, Copy)]
pub struct DeferFacts {
    pub now: Time,
    /// Fast recovery or timeout recovery (Linux TCP_CA_Recovery or TCP_CA_Loss).
    pub in_recovery: bool,
    /// The pacing clock: the earliest departure of the next burst (`tcp_wstamp_ns`).
    pub pacing_clock: Time,
    /// Segments the window has room for now (`cwnd - in_flight`), at least 1.
    pub room: u32,
    /// The window in segments (`tcp_snd_cwnd`).
    pub cwnd: u32,
    /// A whole burst (`tcp_tso_segs`, tcp/tso.rs).
    pub burst: u32,
    /// New data left to send fits in the room and will not grow (a sized flow's last data).
    pub last_data: bool,
    /// When the oldest unacknowledged segment was (last) sent (`tcp_rtx_queue_head`'s
    /// tstamp), or none when nothing is unacknowledged.
    pub head_sent: Option<Time>,
    /// Smoothed RTT (`srtt_us >> 3`), 0 before the first sample.
    pub srtt: Dur,
}

/// Whether Linux would hold the next burst of new data back for the next ACK.
pub fn should_defer(f: &DeferFacts) -> bool {
    if f.in_recovery {
        return false;
    }
    // delta = tcp_clock_cache - tcp_wstamp_ns - NSEC_PER_MSEC; delta > 0 → send now.
    if f.now > f.pacing_clock.saturating_add(MSEC) {
        return false;
    }
    if f.room >= f.burst || f.last_data {
        return false;
    }
    // chunk = cwnd * mss / divisor; limit = room * mss; limit >= chunk → send now (in bytes, so
    // the mss cancels except for the division's rounding, which whole segments make exact
    // enough: room * 3 >= cwnd).
    if u64::from(f.room) * WIN_DIVISOR >= u64::from(f.cwnd) {
        return false;
    }
    let Some(head_sent) = f.head_sent else { return false };
    let expected_ack = head_sent.saturating_add(f.srtt);
    let threshold = (f.srtt / 2).min(MSEC);
    // how_far_is_the_ack - threshold > 0 → send now (the ACK would come too late).
    expected_ack <= f.now.saturating_add(threshold)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Dur = 1_000_000;

    /// Ten BBR flows at 1 BDP (docs/model/linux-kernel.md): a window of 24 with room for one
    /// segment, bursts of two, srtt 20 ms, the head sent 19.5 ms ago, the pacing slot just due.
    fn window_limited() -> DeferFacts {
        DeferFacts {
            now: 100 * MS,
            in_recovery: false,
            pacing_clock: 100 * MS,
            room: 1,
            cwnd: 24,
            burst: 2,
            last_data: false,
            head_sent: Some(100 * MS - 19_500_000),
            srtt: 20 * MS,
        }
    }

    #[test]
    fn a_window_with_room_for_less_than_a_burst_waits_for_the_ack_due_within_a_millisecond() {
        // The head's ACK is expected at 100.5 ms: 0.5 ms away, within min(10 ms, 1 ms).
        assert!(should_defer(&window_limited()));
    }

    #[test]
    fn an_ack_expected_later_than_a_millisecond_away_is_not_waited_for() {
        // Head sent 18.9 ms ago: its ACK is 1.1 ms away (> 1 ms): send the single segment now.
        let f = DeferFacts { head_sent: Some(100 * MS - 18_900_000), ..window_limited() };
        assert!(!should_defer(&f));
        // Exactly 1 ms away still defers (the kernel sends only when it is further).
        let f = DeferFacts { head_sent: Some(100 * MS - 19_000_000), ..window_limited() };
        assert!(should_defer(&f));
        // A short path: srtt 1.5 ms, threshold srtt/2 = 0.75 ms; the ACK 0.8 ms away is too late.
        let f = DeferFacts { srtt: 1_500_000, head_sent: Some(100 * MS - 700_000), ..window_limited() };
        assert!(!should_defer(&f));
    }

    #[test]
    fn room_for_a_whole_burst_or_a_third_of_the_window_is_sent_at_once() {
        assert!(!should_defer(&DeferFacts { room: 2, ..window_limited() }));
        // Burst of 4, room 3 of a window of 9: a third of the window → send.
        assert!(!should_defer(&DeferFacts { room: 3, cwnd: 9, burst: 4, ..window_limited() }));
        // Room 3 of a window of 10: less than a third → defer.
        assert!(should_defer(&DeferFacts { room: 3, cwnd: 10, burst: 4, ..window_limited() }));
    }

    #[test]
    fn recovery_an_idle_pacing_clock_the_last_data_or_nothing_in_flight_send_now() {
        assert!(!should_defer(&DeferFacts { in_recovery: true, ..window_limited() }));
        // The pacing clock 1.2 ms in the past: the flow was idle.
        assert!(!should_defer(&DeferFacts { pacing_clock: 100 * MS - 1_200_000, ..window_limited() }));
        // 0.8 ms in the past still counts as sending just now.
        assert!(should_defer(&DeferFacts { pacing_clock: 100 * MS - 800_000, ..window_limited() }));
        assert!(!should_defer(&DeferFacts { last_data: true, ..window_limited() }));
        assert!(!should_defer(&DeferFacts { head_sent: None, ..window_limited() }));
    }
}
