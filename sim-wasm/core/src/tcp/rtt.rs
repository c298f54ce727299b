//! RTT estimation and the retransmission timeout, RFC 6298.

use crate::engine::time::Dur;

#[derive(Debug, Clone)]
pub struct RttEstimator {
    /// Smoothed RTT; 0 until the first sample.
    pub srtt: Dur,
    pub rttvar: Dur,
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
        RttEstimator { srtt: 0, rttvar: 0, min_rtt: None, latest: None, rto: initial_rto, min_rto, max_rto }
    }

    pub fn on_sample(&mut self, r: Dur) {
        self.latest = Some(r);
        self.min_rtt = Some(self.min_rtt.map_or(r, |m| m.min(r)));
        if self.srtt == 0 {
            // RFC 6298 (2.2): SRTT <- R, RTTVAR <- R/2.
            self.srtt = r;
            self.rttvar = r / 2;
        } else {
            // RFC 6298 (2.3): β = 1/4, α = 1/8, in that order (RTTVAR uses the old SRTT).
            let err = self.srtt.abs_diff(r);
            self.rttvar = (3 * self.rttvar + err) / 4;
            self.srtt = (7 * self.srtt + r) / 8;
        }
        // RFC 6298 (2.3)/(2.4): RTO = SRTT + max(G, 4·RTTVAR), at least min_rto; our clock
        // has nanosecond granularity, so G vanishes.
        self.rto = (self.srtt + 4 * self.rttvar).clamp(self.min_rto, self.max_rto);
    }

    /// The current RTO with `backoff` doublings (RFC 6298 (5.5)), capped at the maximum.
    pub fn rto(&self, backoff: u32) -> Dur {
        self.rto.saturating_mul(1u64 << backoff.min(32)).min(self.max_rto)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::time::NS_PER_MS;

    #[test]
    fn rfc6298_smoothing_and_bounds() {
        let ms = NS_PER_MS;
        let mut e = RttEstimator::new(1000 * ms, 200 * ms, 60_000 * ms);
        assert_eq!(e.rto(0), 1000 * ms, "initial RTO before any sample");
        e.on_sample(100 * ms);
        assert_eq!((e.srtt, e.rttvar), (100 * ms, 50 * ms));
        assert_eq!(e.rto(0), 300 * ms);
        e.on_sample(200 * ms);
        assert_eq!(e.rttvar, (3 * 50 * ms + 100 * ms) / 4);
        assert_eq!(e.srtt, (7 * 100 * ms + 200 * ms) / 8);
        for _ in 0..100 {
            e.on_sample(10 * ms);
        }
        assert_eq!(e.rto(0), 200 * ms, "never below the minimum RTO");
        assert_eq!(e.rto(3), 1600 * ms, "exponential backoff");
        assert_eq!(e.rto(30), 60_000 * ms, "capped");
        assert_eq!(e.min_rtt, Some(10 * ms));
    }
}
