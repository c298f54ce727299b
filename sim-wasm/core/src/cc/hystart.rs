//! HyStart: ending slow start before the first loss (Ha & Rhee, "Taming the elephants",
//! 2011), as Linux's CUBIC runs it (net/ipv4/tcp_cubic.c `hystart_update`,
//! `cubictcp_acked`; docs/model/tcp.md §HyStart).
//!
//! Slow start doubles the window each round trip until something gives; without HyStart the
//! first loss comes only once the queue overflows, by which time the window may be several
//! times the path's BDP, and a short-RTT flow gets there long before a long-RTT one. HyStart
//! watches each round trip of ACKs from a window of `low_window` packets on and leaves slow
//! start (ssthresh = cwnd) when either
//! - **ACK train**: ACKs keep coming back-to-back (each within `ack_delta` of the previous)
//!   for longer than half the minimum RTT since the round began — the window already spans
//!   the path (Linux threshold `delay_min/2` when the socket does not pace), or
//! - **delay increase**: the smallest RTT of the round's first `min_samples` ACKs exceeds the
//!   minimum RTT by `clamp(delay_min/8, 4 ms, 16 ms)` — a queue is building.
//!
//! Rounds are counted as tcp_rate.c/BBR count them: a round ends when a packet sent after it
//! began is delivered (**choice**: Linux compares snd_una with the snd_nxt of the round's
//! start; both end the round on the first ACK for data sent in it). Linux adds an allowance
//! for ACK compression under TSO/GSO to the train threshold (`hystart_ack_delay`); the lab
//! models neither, so the allowance is 0 (**choice**).

use super::AckInfo;
use crate::engine::time::{millis, Dur, Time, NS_PER_S};
use serde::{Deserialize, Serialize};

/// HyStart's tunables (Linux module parameters of tcp_cubic).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct HyStartParams {
    /// Run HyStart at all (Linux `hystart`, default 1).
    #[schemars(title = "HyStart on")]
    pub enabled: bool,
    /// Smallest window at which HyStart looks (Linux `hystart_low_window`: 16).
    #[schemars(title = "Low window", extend("x-unit" = "packets"))]
    pub low_window: u32,
    /// Longest gap between two ACKs of one train (Linux `hystart_ack_delta_us`: 2000 µs).
    #[schemars(title = "ACK train gap", extend("x-unit" = "ms"))]
    pub ack_delta_ms: f64,
}

impl Default for HyStartParams {
    fn default() -> Self {
        HyStartParams { enabled: true, low_window: 16, ack_delta_ms: 2.0 }
    }
}

/// RTT samples per round before the delay test may fire (Linux HYSTART_MIN_SAMPLES).
const MIN_SAMPLES: u32 = 8;
/// Bounds of the delay-increase threshold (Linux HYSTART_DELAY_MIN / _MAX: 4 ms, 16 ms).
const DELAY_MIN: Dur = 4_000_000;
const DELAY_MAX: Dur = 16_000_000;
/// Delay samples are ignored for one second after a congestion-avoidance epoch begins
/// (Linux: "discard delay samples right after fast recovery").
const AFTER_RECOVERY: Dur = NS_PER_S;

/// Why slow start ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    AckTrain,
    Delay,
}

#[derive(Debug, Clone)]
pub struct HyStart {
    p: HyStartParams,
    ack_delta: Dur,
    /// Slow start was ended by HyStart (Linux `found`); cleared by a timeout.
    pub found: bool,
    /// Delivered count marking the end of the current round.
    round_end: u64,
    round_start: Time,
    last_ack: Time,
    /// Smallest RTT sample of this round (Linux `curr_rtt`).
    curr_rtt: Dur,
    sample_cnt: u32,
    /// Smallest RTT sample seen (Linux `delay_min`); 0 = none yet.
    pub delay_min: Dur,
    /// Packets delivered as of the latest ACK (`tp->delivered`): where a round begun by a
    /// timeout ends.
    delivered: u64,
}

impl HyStart {
    pub fn new(p: HyStartParams) -> Self {
        let ack_delta = millis(p.ack_delta_ms);
        HyStart {
            p,
            ack_delta,
            found: false,
            round_end: 0,
            round_start: 0,
            last_ack: 0,
            curr_rtt: Dur::MAX,
            sample_cnt: 0,
            delay_min: 0,
            delivered: 0,
        }
    }

    /// Linux `bictcp_hystart_reset`: a new round starts now.
    fn new_round(&mut self, now: Time, delivered: u64) {
        self.round_start = now;
        self.last_ack = now;
        self.round_end = delivered;
        self.curr_rtt = Dur::MAX;
        self.sample_cnt = 0;
    }

    /// After a retransmission timeout Linux resets CUBIC whole (`bictcp_reset` and a new
    /// round): slow start may be ended by HyStart again, from a fresh minimum RTT. The round
    /// ends, as Linux's `end_seq = snd_nxt`, when a packet sent from now on is delivered; it
    /// used to end at the first ACK after the timeout, even one for a packet sent before it.
    pub fn on_timeout(&mut self, now: Time) {
        self.found = false;
        self.delay_min = 0;
        self.new_round(now, self.delivered);
    }

    /// One ACK (Linux `cubictcp_acked`). `cwnd` and `in_slow_start` are the controller's
    /// before this ACK grows the window; `epoch_start` is the start of its current
    /// congestion-avoidance epoch. Returns `Some` when slow start must end now.
    pub fn on_ack(&mut self, ack: &AckInfo, cwnd: u32, in_slow_start: bool, epoch_start: Option<Time>) -> Option<Exit> {
        self.delivered = ack.delivered;
        let rtt = ack.rtt?;
        if epoch_start.is_some_and(|e| ack.now.saturating_sub(e) < AFTER_RECOVERY) {
            return None;
        }
        let delay = rtt.max(1);
        if self.delay_min == 0 || delay < self.delay_min {
            self.delay_min = delay;
        }
        if !self.p.enabled || self.found || !in_slow_start || cwnd < self.p.low_window {
            return None;
        }
        // hystart_update: a new round when data sent in this one is delivered.
        if ack.rate.prior_delivered >= self.round_end {
            self.new_round(ack.now, ack.delivered);
        }
        // ACK train: back-to-back ACKs spanning half the minimum RTT.
        if ack.now.saturating_sub(self.last_ack) <= self.ack_delta {
            self.last_ack = ack.now;
            if ack.now.saturating_sub(self.round_start) > self.delay_min / 2 {
                self.found = true;
                return Some(Exit::AckTrain);
            }
        }
        // Delay increase over the round's first samples.
        self.curr_rtt = self.curr_rtt.min(delay);
        if self.sample_cnt < MIN_SAMPLES {
            self.sample_cnt += 1;
        } else if self.curr_rtt > self.delay_min + (self.delay_min / 8).clamp(DELAY_MIN, DELAY_MAX) {
            self.found = true;
            return Some(Exit::Delay);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cc::reno::tests::ack;
    use crate::engine::time::NS_PER_MS;

    const MS: Dur = NS_PER_MS;

    /// ACKs of one round, `n` of them `gap` apart from `t0`, each with RTT `rtt`; the round
    /// began when `delivered0` packets had been delivered.
    fn round(h: &mut HyStart, t0: Time, n: u64, gap: Dur, rtt: Dur, delivered0: u64, cwnd: u32) -> Option<(u64, Exit)> {
        for k in 0..n {
            let mut a = ack(t0 + k * gap, 1);
            a.rtt = Some(rtt);
            a.delivered = delivered0 + k + 1;
            a.rate.prior_delivered = delivered0;
            if let Some(e) = h.on_ack(&a, cwnd, true, None) {
                return Some((k, e));
            }
        }
        None
    }

    #[test]
    fn ack_train_ends_slow_start_after_half_the_min_rtt() {
        let mut h = HyStart::new(HyStartParams::default());
        // 40 ms path; ACKs every 0.1 ms (a 100 Mbit/s bottleneck, one ACK per packet).
        let got = round(&mut h, 40 * MS, 400, MS / 10, 40 * MS, 100, 64);
        let (k, e) = got.expect("a 40 ms train of back-to-back ACKs is longer than 20 ms");
        assert_eq!(e, Exit::AckTrain);
        assert!((199..=202).contains(&k), "fires once the train passes delay_min/2 = 20 ms: after {k} ACKs");
        assert!(h.found);
    }

    #[test]
    fn gaps_longer_than_ack_delta_break_the_train() {
        let mut h = HyStart::new(HyStartParams::default());
        // ACKs 3 ms apart (> 2 ms) never form a train, and a steady RTT never trips the delay test.
        assert_eq!(round(&mut h, 40 * MS, 100, 3 * MS, 40 * MS, 100, 64), None);
    }

    #[test]
    fn delay_increase_ends_slow_start() {
        let mut h = HyStart::new(HyStartParams::default());
        // First round at the base RTT sets delay_min = 40 ms (sparse ACKs: no train).
        assert_eq!(round(&mut h, 40 * MS, 10, 3 * MS, 40 * MS, 100, 32), None);
        // Next round: RTT 40 + 6 ms > 40 + clamp(5 ms, 4, 16) = 45 ms, after 8 samples.
        let (k, e) = round(&mut h, 200 * MS, 20, 3 * MS, 46 * MS, 200, 32).expect("queue building");
        assert_eq!((k, e), (8, Exit::Delay));
        // 44 ms would not have been enough.
        let mut h2 = HyStart::new(HyStartParams::default());
        round(&mut h2, 40 * MS, 10, 3 * MS, 40 * MS, 100, 32);
        assert_eq!(round(&mut h2, 200 * MS, 20, 3 * MS, 44 * MS, 200, 32), None);
    }

    /// After a timeout the round begun then ends when a packet sent after it is delivered, not
    /// at a late ACK for one sent before it: an ACK train timed from such an ACK would start
    /// late, and the round's first samples would be the old packets' RTTs.
    #[test]
    fn a_timeout_round_ends_with_a_packet_sent_after_it() {
        let mut h = HyStart::new(HyStartParams::default());
        // Sparse ACKs (no train): 100 packets delivered by the timeout at 1 s.
        assert_eq!(round(&mut h, 40 * MS, 10, 3 * MS, 40 * MS, 90, 32), None);
        h.on_timeout(1000 * MS);
        assert!(!h.found && h.delay_min == 0);
        // A late ACK for a packet sent before the timeout (prior_delivered 95 < 100).
        let mut late = ack(1010 * MS, 1);
        (late.rtt, late.delivered, late.rate.prior_delivered) = (Some(40 * MS), 101, 95);
        h.on_ack(&late, 32, true, None);
        assert_eq!((h.round_start, h.round_end), (1000 * MS, 100), "the timeout's round goes on");
        // The retransmission's ACK (sent at the timeout, when 100 were delivered) ends it.
        let mut next = ack(1040 * MS, 1);
        (next.rtt, next.delivered, next.rate.prior_delivered) = (Some(40 * MS), 102, 100);
        h.on_ack(&next, 32, true, None);
        assert_eq!((h.round_start, h.round_end), (1040 * MS, 102), "a new round from the first packet sent after it");
    }

    #[test]
    fn quiet_below_the_low_window_or_when_disabled() {
        let mut h = HyStart::new(HyStartParams::default());
        assert_eq!(round(&mut h, 40 * MS, 400, MS / 10, 40 * MS, 100, 15), None, "cwnd 15 < 16");
        let mut off = HyStart::new(HyStartParams { enabled: false, ..HyStartParams::default() });
        assert_eq!(round(&mut off, 40 * MS, 400, MS / 10, 40 * MS, 100, 64), None);
    }
}
