//! BBR's long-term bandwidth estimate ("policer detection"), as Linux net/ipv4/tcp_bbr.c
//! (`bbr_lt_bw_sampling`, `bbr_lt_bw_interval_done`, `bbr_reset_lt_bw_sampling`).
//!
//! Model: after the first loss, measure the flow's *average* delivery rate over sampling
//! intervals of 4 to 16 round trips, each ending on a loss. An interval whose loss rate
//! (lost / delivered) is at least 50/256 ≈ 20 % is a candidate; two consecutive candidates
//! whose rates differ by at most 1/8 (or by at most 4 kbit/s) mean "the path allows this much
//! and drops the rest": BBR then paces at gain 1 on the mean of the two rates (`lt_bw`)
//! instead of the windowed maximum, for 48 round trips, and goes back to gain cycling.
//!
//! Linux added it for token-bucket policers (Flach et al., "An Internet-Wide Analysis of
//! Traffic Policing", SIGCOMM 2016), but the test does not know why packets are lost: any
//! path where a flow loses a fifth of its packets at a steady rate engages it. That is the
//! case of many BBR flows on a shallow buffer (the bbr-retransmissions preset): each flow's
//! windowed-max estimate is well above its share, the bottleneck drops what the flows send
//! above its rate, and Linux falls back to the long-term rate — which is why Linux BBR loses
//! far fewer packets there than a BBR without this estimator (docs/model/bbr.md §Long-term
//! bandwidth). Intervals are timed in whole milliseconds, as Linux does.

use super::{Bbr, Variant};
use crate::cc::CcEvent;
use crate::engine::time::{Time, NS_PER_MS, NS_PER_S};

/// A sampling interval lasts at least this many round trips (`bbr_lt_intvl_min_rtts`) ...
pub const LT_INTVL_MIN_RTTS: u32 = 4;
/// ... and is abandoned after four times as many.
const LT_INTVL_MAX_RTTS: u32 = 4 * LT_INTVL_MIN_RTTS;
/// Loss rate that makes an interval count, in 1/256 (`bbr_lt_loss_thresh` = 50: ≈ 19.5 %).
pub const LT_LOSS_THRESH: u64 = 50;
/// Two intervals agree when their rates differ by at most 1/8 (`bbr_lt_bw_ratio`) ...
const LT_BW_RATIO: f64 = 1.0 / 8.0;
/// ... or by at most 4 kbit/s (`bbr_lt_bw_diff`), in bytes per second on the wire.
const LT_BW_DIFF_BYTES_PER_S: f64 = 4000.0 / 8.0;
/// Round trips to use the long-term rate before probing again (`bbr_lt_bw_max_rtts`).
pub const LT_BW_MAX_RTTS: u32 = 48;

/// The long-term estimator's state (Linux `struct bbr`'s `lt_*` fields).
#[derive(Debug, Clone, Default)]
pub struct LtBw {
    /// Off: plain windowed-max BBR (the scenario's `cc_params.lt_bw: false`).
    pub enabled: bool,
    /// Sampling since the first loss (`lt_is_sampling`).
    is_sampling: bool,
    /// Pacing on the long-term rate (`lt_use_bw`).
    pub use_bw: bool,
    /// The long-term rate, packets per second (0: none yet).
    pub bw: f64,
    /// Round trips in this interval, or since `use_bw` began (`lt_rtt_cnt`).
    rtt_cnt: u32,
    /// Start of the interval in whole ms, and the delivered / lost counts then.
    last_stamp_ms: u64,
    last_delivered: u64,
    last_lost: u64,
}

/// What one call of the sampler sees: Linux's `rate_sample` fields it reads plus the
/// connection's counters (`tp->delivered`, `tp->lost`, `tp->delivered_mstamp`).
#[derive(Debug, Clone, Copy)]
pub struct LtSample {
    /// Packets newly marked lost (`rs->losses`).
    pub losses: u32,
    pub app_limited: bool,
    pub delivered: u64,
    pub lost: u64,
    /// When the latest delivery was acknowledged.
    pub delivered_time: Time,
}

impl LtBw {
    pub fn new(enabled: bool) -> Self {
        LtBw { enabled, ..LtBw::default() }
    }

    /// Start a new sampling interval (`bbr_reset_lt_bw_sampling_interval`).
    fn reset_interval(&mut self, x: &LtSample) {
        self.last_stamp_ms = x.delivered_time / NS_PER_MS;
        self.last_delivered = x.delivered;
        self.last_lost = x.lost;
        self.rtt_cnt = 0;
    }

    /// Forget everything (`bbr_reset_lt_bw_sampling`).
    fn reset(&mut self, x: &LtSample) {
        self.bw = 0.0;
        self.use_bw = false;
        self.is_sampling = false;
        self.reset_interval(x);
    }

    /// An interval with a high loss rate ended at `bw` packets/s (`bbr_lt_bw_interval_done`).
    /// `bytes_per_pkt` converts packets/s to the pacing rate's bytes/s. True when this
    /// interval agreed with the previous one, so the long-term rate is now in use.
    fn interval_done(&mut self, bw: f64, bytes_per_pkt: f64, x: &LtSample) -> bool {
        if self.bw > 0.0 {
            let diff = (bw - self.bw).abs();
            if diff <= LT_BW_RATIO * self.bw || diff * bytes_per_pkt <= LT_BW_DIFF_BYTES_PER_S {
                // Two intervals agree: this is the rate the path allows.
                self.bw = (bw + self.bw) / 2.0;
                self.use_bw = true;
                self.rtt_cnt = 0;
                return true;
            }
        }
        self.bw = bw;
        self.reset_interval(x);
        false
    }
}

impl<V: Variant> Bbr<V> {
    /// Linux `bbr_lt_bw_sampling`, once per valid rate sample (and once on a timeout).
    pub(crate) fn lt_bw_sampling(&mut self, x: LtSample, now: Time, events: &mut Vec<CcEvent>) {
        if !self.s.lt.enabled {
            return;
        }
        let round_start = self.s.round_start;
        let probe_bw = self.s.mode == super::Mode::ProbeBw;
        // The long-term rate (packets/s) as its event shows it: Mb/s on the wire.
        let wire_mbps = self.s.wire_bytes as f64 * 8.0 / 1e6;
        let lt = &mut self.s.lt;
        if lt.use_bw {
            // Already on the long-term rate: after 48 round trips, probe again.
            if probe_bw && round_start {
                lt.rtt_cnt += 1;
                if lt.rtt_cnt >= LT_BW_MAX_RTTS {
                    events.push(CcEvent::LongTermRate { engaged: false, rate_mbps: lt.bw * wire_mbps });
                    lt.reset(&x);
                    self.reset_probe_bw_mode(now, events);
                }
            }
            return;
        }
        // Start at the first loss, once whatever burst allowance the path had is used up:
        // earlier samples would include it and over-estimate the rate.
        if !lt.is_sampling {
            if x.losses == 0 {
                return;
            }
            lt.reset_interval(&x);
            lt.is_sampling = true;
        }
        // An application-limited stretch would under-estimate the path: start over.
        if x.app_limited {
            lt.reset(&x);
            return;
        }
        if round_start {
            lt.rtt_cnt += 1;
        }
        if lt.rtt_cnt < LT_INTVL_MIN_RTTS {
            return;
        }
        if lt.rtt_cnt > LT_INTVL_MAX_RTTS {
            lt.reset(&x);
            return;
        }
        // End the interval on a loss, when the path has just shown its limit.
        if x.losses == 0 {
            return;
        }
        let lost = x.lost.saturating_sub(lt.last_lost);
        let delivered = x.delivered.saturating_sub(lt.last_delivered);
        if delivered == 0 || (lost << 8) < LT_LOSS_THRESH * delivered {
            return;
        }
        let elapsed_ms = (x.delivered_time / NS_PER_MS).saturating_sub(lt.last_stamp_ms);
        if elapsed_ms < 1 {
            return;
        }
        let bw = delivered as f64 * NS_PER_S as f64 / (elapsed_ms * NS_PER_MS) as f64;
        let bytes_per_pkt = self.s.rate_for(1.0, 1.0);
        if self.s.lt.interval_done(bw, bytes_per_pkt, &x) {
            events.push(CcEvent::LongTermRate { engaged: true, rate_mbps: self.s.lt.bw * wire_mbps });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(losses: u32, delivered: u64, lost: u64, t_ms: u64) -> LtSample {
        LtSample { losses, app_limited: false, delivered, lost, delivered_time: t_ms * NS_PER_MS }
    }

    /// Two agreeing lossy intervals switch the estimator to their mean rate; a third
    /// interval that disagrees would have restarted the comparison instead.
    #[test]
    fn two_agreeing_lossy_intervals_give_the_long_term_rate() {
        let mut lt = LtBw::new(true);
        lt.is_sampling = true;
        lt.reset_interval(&sample(1, 0, 0, 0));
        // 1000 packets in 100 ms = 10 000 pkt/s with 25 % loss.
        lt.interval_done(10_000.0, 1500.0, &sample(1, 1000, 250, 100));
        assert!(!lt.use_bw, "one interval is not enough");
        assert_eq!(lt.bw, 10_000.0);
        // 10 % lower: within 1/8 of the first.
        lt.interval_done(9_000.0, 1500.0, &sample(1, 1900, 480, 200));
        assert!(lt.use_bw);
        assert_eq!(lt.bw, 9_500.0);

        let mut other = LtBw::new(true);
        other.interval_done(10_000.0, 1500.0, &sample(1, 1000, 250, 100));
        other.interval_done(8_000.0, 1500.0, &sample(1, 1800, 450, 200));
        assert!(!other.use_bw, "20 % apart: no agreement, the new interval becomes the reference");
        assert_eq!(other.bw, 8_000.0);
    }
}
