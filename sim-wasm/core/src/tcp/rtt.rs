//! RTT estimation and the retransmission timeout as Linux computes them
//! (net/ipv4/tcp_input.c `tcp_rtt_estimator`, `tcp_set_rto`; docs/model/tcp.md §RTO).
//!
//! Smoothing is RFC 6298's (α = 1/8 for srtt, β = 1/4 for the mean deviation), with Linux's
//! two departures, both of which matter for the lab's results:
//! - A sample *below* srtt moves the deviation 8× less (Linux: "similar update on mdev",
//!   `m >>= 3`), so an RTT that falls as a queue drains does not inflate the timeout.
//! - The timeout uses `rttvar`, not the deviation itself: `rttvar` follows the largest
//!   deviation seen in the last round trip (`mdev_max`), decays towards it by 1/4 per round
//!   trip, and never falls below `min_rto` (Linux `tcp_rto_min`, 200 ms). So
//!   `RTO = srtt + rttvar ≥ srtt + 200 ms`.
//!
//! Without that floor (RFC 6298's `max(srtt + 4·rttvar, 200 ms)`), exact per-ACK samples
//! under a standing queue shrink the variance to almost nothing and the timer fires just
//! before the first retransmission of every fast recovery can be acknowledged.
//!
//! `mdev` and `rttvar` are kept as *four times* the mean deviation, as Linux keeps
//! `mdev_us` and `rttvar_us`; [`RttEstimator::rttvar`] is Linux's `rttvar_us` (what
//! mptcp_ecf.c reads).
//!
//! The `ns3-classic` profile uses ns-3's `RttMeanDeviation` instead (ns-3.19
//! `rtt-estimator.cc`; docs/model/tcp.md §Profiles): one gain of 0.1 for the mean and the
//! deviation, the first sample taken as both, and
//! `RTO = max(srtt + 4·var, MinRto)` in whole milliseconds times a backoff multiplier that
//! doubles up to 64. Its timer has no per-round floor above MinRto, so a steady RTT gives
//! RTO ≈ srtt + a few ms once srtt exceeds 200 ms.

use crate::engine::time::{Dur, NS_PER_MS};

/// Which estimator: Linux's or ns-3's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RttModel {
    Linux,
    Ns3MeanDeviation,
}

/// ns-3 `RttMeanDeviation::Gain` (both the mean and the deviation).
const NS3_GAIN_DIV: i128 = 10;
/// ns-3 `RttEstimator::IncreaseMultiplier`: the backoff multiplier stops at 64.
const NS3_MAX_MULTIPLIER: u64 = 64;

#[derive(Debug, Clone)]
pub struct RttEstimator {
    model: RttModel,
    /// Smoothed RTT; 0 until the first sample.
    pub srtt: Dur,
    /// 4 × the mean deviation (Linux `mdev_us`); ns-3: the mean deviation itself (`m_variance`).
    mdev: Dur,
    /// Largest `mdev` in the current round trip, at least `min_rto` (Linux `mdev_max_us`).
    mdev_max: Dur,
    /// What the timeout adds to srtt (Linux `rttvar_us`): ≥ `min_rto` once a sample exists.
    pub rttvar: Dur,
    /// `snd_nxt` when the current round trip began; the round ends once `snd_una` passes it
    /// (Linux `rtt_seq`).
    rtt_seq: u64,
    /// Smallest RTT seen on the connection (Linux keeps a 5-minute windowed min; the lab's
    /// runs are shorter than that, so the plain minimum is the same thing).
    pub min_rtt: Option<Dur>,
    pub latest: Option<Dur>,
    rto: Dur,
    min_rto: Dur,
    max_rto: Dur,
}

impl RttEstimator {
    pub fn new(initial_rto: Dur, min_rto: Dur, max_rto: Dur) -> Self {
        Self::with_model(RttModel::Linux, initial_rto, min_rto, max_rto)
    }

    pub fn with_model(model: RttModel, initial_rto: Dur, min_rto: Dur, max_rto: Dur) -> Self {
        RttEstimator {
            model,
            srtt: 0,
            mdev: 0,
            mdev_max: 0,
            rttvar: 0,
            rtt_seq: 0,
            min_rtt: None,
            latest: None,
            rto: initial_rto.min(max_rto),
            min_rto,
            max_rto,
        }
    }

    /// One RTT sample `r`, taken on an ACK after which the cumulative ACK point is `snd_una`
    /// and the next new segment is `snd_nxt` (segment numbers).
    pub fn on_sample(&mut self, r: Dur, snd_una: u64, snd_nxt: u64) {
        let r = r.max(1);
        self.latest = Some(r);
        self.min_rtt = Some(self.min_rtt.map_or(r, |m| m.min(r)));
        if self.model == RttModel::Ns3MeanDeviation {
            self.ns3_sample(r);
            return;
        }
        if self.srtt == 0 {
            // First sample: srtt = r, mdev = r/2 (×4 = 2r), so RTO = 3r unless the floor is
            // larger (RFC 6298 (2.2); Linux "make sure rto = 3*rtt").
            self.srtt = r;
            self.mdev = 2 * r;
            self.rttvar = self.mdev.max(self.min_rto);
            self.mdev_max = self.rttvar;
            self.rtt_seq = snd_nxt;
        } else {
            let srtt = self.srtt as i128;
            let err = r as i128 - srtt;
            // srtt += err/8 (α = 1/8).
            self.srtt = (srtt + err / 8).max(1) as Dur;
            let mdev = self.mdev as i128;
            // |err| − mdev/4 is 4× the deviation step with β = 1/4; a sample below srtt
            // counts 8× less (Linux).
            let mut step = err.abs() - mdev / 4;
            if err < 0 && step > 0 {
                step /= 8;
            }
            self.mdev = (mdev + step).max(0) as Dur;
            if self.mdev > self.mdev_max {
                self.mdev_max = self.mdev;
                self.rttvar = self.rttvar.max(self.mdev_max);
            }
            if snd_una > self.rtt_seq {
                // A round trip ended: let rttvar decay a quarter of the way to this round's
                // largest deviation, then start a new round.
                if self.mdev_max < self.rttvar {
                    self.rttvar -= (self.rttvar - self.mdev_max) / 4;
                }
                self.rtt_seq = snd_nxt;
                self.mdev_max = self.min_rto;
            }
        }
        // Linux __tcp_set_rto: srtt + rttvar, capped at TCP_RTO_MAX.
        self.rto = (self.srtt + self.rttvar).min(self.max_rto);
    }

    /// ns-3 `RttMeanDeviation::Measurement` and `RetransmitTimeout`.
    fn ns3_sample(&mut self, r: Dur) {
        if self.srtt == 0 {
            // ns-3 takes the first sample as the deviation too ("variance = sample / 2" is
            // commented out in favour of "variance = sample; // try this").
            self.srtt = r;
            self.mdev = r;
        } else {
            let err = r as i128 - self.srtt as i128;
            self.srtt = (self.srtt as i128 + err / NS3_GAIN_DIV).max(1) as Dur;
            let var = self.mdev as i128;
            self.mdev = (var + (err.abs() - var) / NS3_GAIN_DIV).max(0) as Dur;
        }
        self.rttvar = 4 * self.mdev;
        // Whole milliseconds, as ns-3 computes it (`ToInteger (Time::MS)` of each term).
        let ms = |d: Dur| d / NS_PER_MS * NS_PER_MS;
        self.rto = (ms(self.srtt) + 4 * ms(self.mdev)).max(ms(self.min_rto)).min(self.max_rto);
    }

    /// The current RTO with `backoff` doublings (RFC 6298 (5.5)), capped at the maximum
    /// (ns-3: the multiplier stops at 64).
    pub fn rto(&self, backoff: u32) -> Dur {
        let mult = match self.model {
            RttModel::Linux => 1u64 << backoff.min(32),
            RttModel::Ns3MeanDeviation => (1u64 << backoff.min(6)).min(NS3_MAX_MULTIPLIER),
        };
        self.rto.saturating_mul(mult).min(self.max_rto)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::time::NS_PER_MS;

    const MS: Dur = NS_PER_MS;

    #[test]
    fn first_sample_and_backoff() {
        let mut e = RttEstimator::new(1000 * MS, 200 * MS, 60_000 * MS);
        assert_eq!(e.rto(0), 1000 * MS, "initial RTO before any sample");
        e.on_sample(100 * MS, 0, 10);
        assert_eq!(e.srtt, 100 * MS);
        assert_eq!(e.rttvar, 200 * MS, "4·mdev = 2r = 200 ms, floored at rto_min");
        assert_eq!(e.rto(0), 300 * MS, "3 × the first sample");
        assert_eq!(e.rto(3), 2400 * MS, "exponential backoff");
        assert_eq!(e.rto(30), 60_000 * MS, "capped");
    }

    /// The bug this estimator fixes: under a standing queue, samples are all but constant,
    /// RFC 6298's variance collapses and RTO ≈ srtt. Linux keeps RTO ≥ srtt + rto_min.
    #[test]
    fn steady_samples_keep_rto_at_srtt_plus_rto_min() {
        let mut e = RttEstimator::new(1000 * MS, 200 * MS, 60_000 * MS);
        let (mut una, mut nxt) = (0, 10);
        for i in 0..2000 {
            e.on_sample(60 * MS + (i % 3) * 1000, una, nxt);
            una += 1;
            nxt += 1;
        }
        assert!(e.srtt > 59 * MS && e.srtt < 62 * MS);
        assert_eq!(e.rttvar, 200 * MS);
        assert_eq!(e.rto(0), e.srtt + 200 * MS, "never shorter than srtt + rto_min");
        assert!(e.rto(0) >= 259 * MS);
    }

    /// A jump in RTT raises rttvar above the floor at once; it decays by a quarter of the
    /// excess per round trip once the samples are steady again.
    #[test]
    fn rttvar_tracks_the_round_maximum_and_decays() {
        let mut e = RttEstimator::new(1000 * MS, 200 * MS, 60_000 * MS);
        e.on_sample(100 * MS, 0, 10);
        for s in 1..=20u64 {
            e.on_sample(100 * MS, s, 10 + s);
        }
        e.on_sample(600 * MS, 21, 40); // err = 500 ms: mdev += 500 − mdev/4
        assert!(e.rttvar > 400 * MS, "rttvar follows the deviation up: {}", e.rttvar);
        let high = e.rttvar;
        // Steady samples again, one per round trip: excess shrinks by 1/4 per round.
        let mut nxt = 40;
        for _ in 0..3 {
            nxt += 10;
            e.on_sample(e.srtt, nxt - 9, nxt);
        }
        assert!(e.rttvar < high && e.rttvar >= 200 * MS);
        for _ in 0..200 {
            nxt += 10;
            e.on_sample(e.srtt, nxt - 9, nxt);
        }
        // Integer decay (as Linux's) stops a few ns above the floor.
        assert!(e.rttvar - 200 * MS < 10, "back at the floor: {}", e.rttvar);
    }

    /// ns-3's RttMeanDeviation: gain 0.1, first sample as the deviation, RTO in whole ms
    /// floored at MinRto, and a steady RTT that lets the RTO close in on srtt (no per-round
    /// floor as in Linux).
    #[test]
    fn ns3_mean_deviation() {
        let mut e = RttEstimator::with_model(RttModel::Ns3MeanDeviation, 1000 * MS, 200 * MS, 60_000 * MS);
        assert_eq!(e.rto(0), 1000 * MS);
        e.on_sample(100 * MS, 0, 1);
        assert_eq!(e.rto(0), 500 * MS, "srtt 100 + 4 × var 100");
        e.on_sample(200 * MS, 0, 1);
        assert_eq!(e.srtt, 110 * MS, "srtt += 0.1 × (200 − 100)");
        assert_eq!(e.rttvar, 4 * 100 * MS, "var += 0.1 × (|100| − 100) = 100");
        for _ in 0..300 {
            e.on_sample(300 * MS, 0, 1);
        }
        assert!(e.rto(0) >= 299 * MS && e.rto(0) < 302 * MS, "RTO → srtt (whole ms) under a steady RTT: {}", e.rto(0));
        assert_eq!(e.rto(10), e.rto(0) * 64, "the multiplier stops at 64");
        let mut low = RttEstimator::with_model(RttModel::Ns3MeanDeviation, 1000 * MS, 200 * MS, 60_000 * MS);
        for _ in 0..300 {
            low.on_sample(20 * MS + 700_000, 0, 1);
        }
        assert_eq!(low.rto(0), 200 * MS, "MinRto floor");
    }

    /// A falling RTT (a queue draining) moves the deviation 8× less than a rising one.
    #[test]
    fn falling_samples_count_less() {
        let mut up = RttEstimator::new(1000 * MS, 1, 60_000 * MS);
        let mut down = up.clone();
        up.on_sample(100 * MS, 0, 1);
        down.on_sample(100 * MS, 0, 1);
        up.on_sample(150 * MS, 0, 1);
        down.on_sample(50 * MS, 0, 1);
        // mdev starts at 200 ms (×4); |err| − mdev/4 = 0, so use a bigger step:
        up.on_sample(400 * MS, 0, 1);
        down.on_sample(1, 0, 1);
        assert!(up.mdev > down.mdev, "up {} down {}", up.mdev, down.mdev);
    }
}
