//! How many segments a paced Linux sender puts in one burst: TSO/GSO autosizing.
//!
//! Model (docs/model/tcp.md §Send bursts). Linux never hands the device one segment at a time
//! when it paces: `tcp_write_xmit` (tcp_output.c) builds each transmission as one socket
//! buffer of up to `tcp_tso_segs` segments, checks the pacing clock once per buffer
//! (`tcp_pacing_check`), and moves the clock on by the whole buffer's length
//! (`tcp_update_skb_after_send`). Without hardware offload the buffer is cut into segments in
//! software (`sk_setup_caps` gives every TCP socket GSO), and they leave back to back. So a
//! paced flow sends bursts, at the same average rate.
//!
//! `tcp_tso_autosize` sizes the buffer to about 1 ms of data at the pacing rate
//! (`sk_pacing_rate >> sk_pacing_shift`, shift 10), plus `gso_max_size >> (min_rtt_us >>
//! tcp_tso_rtt_log)` (log 9: only paths under ~16 ms of RTT get more), capped at the device's
//! GSO size, and never below the controller's minimum (`ca_ops->min_tso_segs`, or the sysctl
//! `tcp_min_tso_segs` = 2; BBR: 1 below 1.2 Mbit/s, else 2, `bbr_min_tso_segs`). A cwnd that
//! has room for fewer segments cuts the buffer (`tcp_mss_split_point`).
//!
//! Checked on the kernel testbed (docs/model/linux-kernel.md): ten BBR flows at ~10 Mbit/s
//! each send 84 % of their packets in back-to-back pairs (42 % arrive at the bottleneck under
//! 25 µs after the same flow's previous packet), and the second of a pair is the one the
//! drop-tail queue drops most (29 % against ~10 %).
//!
//! When the window, not pacing, has room for less than a burst, Linux may wait for the next
//! ACK instead (`tcp_tso_should_defer`): tcp/defer.rs.
//!
//! Left out: ACK-clocked senders that do not pace (CUBIC and Reno without `fq`), whose bursts
//! are whatever the window releases.

use crate::engine::time::Dur;

/// `sk_pacing_shift`: a buffer holds about 2^-10 s (≈ 1 ms) of data at the pacing rate.
const PACING_SHIFT: u32 = 10;
/// `sysctl_tcp_tso_rtt_log`: the RTT term halves for every doubling of min_rtt over 512 µs.
const TSO_RTT_LOG: u32 = 9;
/// A device's GSO size (`GSO_LEGACY_MAX_SIZE`) less `MAX_TCP_HEADER + 1`, as `sk_setup_caps`
/// leaves `sk_gso_max_size` for TCP over IPv4.
const GSO_MAX_BYTES: u64 = 65_536 - 321;

/// Segments per transmission at `pacing_rate` bytes/s (`tcp_tso_autosize`), for a segment
/// payload of `mss` bytes, the flow's `min_rtt` (0 = none yet) and the controller's minimum.
pub fn autosize(pacing_rate: f64, mss: u32, min_rtt: Dur, min_segs: u32) -> u32 {
    let mut bytes = if pacing_rate.is_finite() && pacing_rate > 0.0 { pacing_rate as u64 >> PACING_SHIFT } else { 0 };
    // tcp_min_rtt is in µs; with no sample yet Linux reads ~0U and adds nothing. The shift
    // is taken only below the width of `sk_gso_max_size` (32 bits), as Linux does.
    let r = if min_rtt == 0 { u32::MAX } else { ((min_rtt / 1_000) >> TSO_RTT_LOG).min(u32::MAX as u64) as u32 };
    if r < u32::BITS {
        bytes += GSO_MAX_BYTES >> r;
    }
    let segs = (bytes.min(GSO_MAX_BYTES) / mss.max(1) as u64) as u32;
    segs.max(min_segs).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::time::millis;

    /// Rates in bytes/s as `sk_pacing_rate` holds them (BBR paces 1 % under its estimate).
    const MBIT: f64 = 1e6 / 8.0;

    #[test]
    fn a_flow_at_ten_mbit_over_a_ten_ms_path_sends_pairs() {
        // 10 Mbit/s = 1 250 000 B/s >> 10 = 1220 B: under one 1448-byte segment, so the
        // minimum of 2 decides; min_rtt 10 ms: 10 000 µs >> 9 = 19, 65 215 >> 19 = 0.
        assert_eq!(autosize(10.0 * MBIT, 1448, millis(10.0), 2), 2);
        // BBR below 1.2 Mbit/s asks for single segments.
        assert_eq!(autosize(1.0 * MBIT, 1448, millis(10.0), 1), 1);
    }

    #[test]
    fn a_fast_flow_sends_about_a_millisecond_of_data_at_once() {
        // 95 Mbit/s: 11 875 000 B/s >> 10 = 11 596 B = 8 segments of 1448.
        assert_eq!(autosize(95.0 * MBIT, 1448, millis(20.0), 2), 8);
        // 1 Gbit/s: 122 070 B/s-ms, capped at the GSO size: 65 215 / 1448 = 45.
        assert_eq!(autosize(1000.0 * MBIT, 1448, millis(20.0), 2), 45);
    }

    #[test]
    fn a_short_path_adds_the_rtt_term() {
        // min_rtt 1 ms: 1000 >> 9 = 1, so 65 215 >> 1 = 32 607 B more: 10 Mbit/s sends
        // (1220 + 32 607) / 1448 = 23 segments at once.
        assert_eq!(autosize(10.0 * MBIT, 1448, millis(1.0), 2), 23);
        // No RTT sample yet: nothing added.
        assert_eq!(autosize(10.0 * MBIT, 1448, 0, 2), 2);
    }

    #[test]
    fn no_rate_sends_the_minimum() {
        assert_eq!(autosize(0.0, 1448, millis(10.0), 2), 2);
        assert_eq!(autosize(f64::NAN, 1448, millis(10.0), 0), 1);
    }
}
