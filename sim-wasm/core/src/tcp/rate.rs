//! Delivery-rate estimation, as Linux net/ipv4/tcp_rate.c (Cheng, Cardwell et al.,
//! draft-cheng-iccrg-delivery-rate-estimation).
//!
//! Every packet is stamped when sent with the connection's delivery state {delivered,
//! delivered_time, first_tx_time, app_limited}. When an ACK delivers packets, the most
//! recently sent of them gives the sample: `rate = Δdelivered / max(send_elapsed,
//! ack_elapsed)`. Taking the larger interval stops ACK compression (ACKs bunched up on the
//! way back) from inflating the estimate. A sample over less than min_rtt is discarded: it
//! cannot span a full round trip and would over-estimate the rate.

use crate::cc::RateSample;
use crate::engine::time::{Dur, Time};

/// The connection's delivery state copied onto a packet when it is sent.
#[derive(Debug, Clone, Copy, Default)]
pub struct TxStamp {
    pub delivered: u64,
    pub delivered_time: Time,
    pub first_tx_time: Time,
    pub app_limited: bool,
}

/// The packet chosen as this ACK's sample so far.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    tx_ord: u64,
    prior_delivered: u64,
    prior_time: Time,
    send_elapsed: Dur,
    app_limited: bool,
}

#[derive(Debug, Default)]
pub struct RateSampler {
    /// Packets delivered so far (`tp->delivered`).
    pub delivered: u64,
    delivered_time: Time,
    first_tx_time: Time,
    /// Nonzero while the application is limiting: the `delivered` count at which the
    /// app-limited phase ends (`tp->app_limited`).
    app_limited_until: u64,
    cand: Option<Candidate>,
}

impl RateSampler {
    /// Stamp a packet being sent at `now` (tcp_rate_skb_sent). `outstanding` = packets sent
    /// and not yet acknowledged, *including* those presumed lost (Linux `packets_out`, not the
    /// in-flight estimate): presumed-lost packets may still be queued on the path, and
    /// restarting the intervals while they are would make the next samples too short and the
    /// bandwidth estimate too high. (A QUIC sender forgets packets it declares lost, so its
    /// in-flight count is what it has outstanding.)
    pub fn on_send(&mut self, now: Time, outstanding: u64) -> TxStamp {
        if outstanding == 0 {
            // Start the intervals afresh: time spent idle is not delivery time.
            self.first_tx_time = now;
            self.delivered_time = now;
        }
        TxStamp {
            delivered: self.delivered,
            delivered_time: self.delivered_time,
            first_tx_time: self.first_tx_time,
            app_limited: self.app_limited_until != 0,
        }
    }

    /// A packet sent with `stamp` at `sent_at` (send order `tx_ord`) was delivered
    /// (tcp_rate_skb_delivered). Keeps the most recently sent one as the sample.
    pub fn on_delivered(&mut self, stamp: &TxStamp, sent_at: Time, tx_ord: u64) {
        if self.cand.is_some_and(|c| c.tx_ord > tx_ord) {
            return;
        }
        self.cand = Some(Candidate {
            tx_ord,
            prior_delivered: stamp.delivered,
            prior_time: stamp.delivered_time,
            send_elapsed: sent_at.saturating_sub(stamp.first_tx_time),
            app_limited: stamp.app_limited,
        });
        // The next send interval starts at this packet's send time.
        self.first_tx_time = sent_at;
    }

    /// Close this ACK's sample (tcp_rate_gen). `newly` = packets this ACK delivered.
    pub fn on_ack_done(&mut self, now: Time, newly: u64, min_rtt: Option<Dur>) -> RateSample {
        self.delivered += newly;
        if self.app_limited_until != 0 && self.delivered > self.app_limited_until {
            self.app_limited_until = 0;
        }
        if newly > 0 {
            self.delivered_time = now;
        }
        let Some(c) = self.cand.take() else {
            return RateSample::default();
        };
        let ack_elapsed = now.saturating_sub(c.prior_time);
        let interval = c.send_elapsed.max(ack_elapsed);
        let valid = interval > 0 && min_rtt.is_none_or(|m| interval >= m);
        RateSample {
            delivered: self.delivered - c.prior_delivered,
            prior_delivered: c.prior_delivered,
            interval: if valid { interval } else { 0 },
            is_app_limited: c.app_limited,
        }
    }

    /// The sender has nothing to send although the window allows it
    /// (tcp_rate_check_app_limited): samples until the data now in flight is delivered are
    /// app-limited.
    pub fn mark_app_limited(&mut self, in_flight: u32) {
        self.app_limited_until = (self.delivered + in_flight as u64).max(1);
    }

    pub fn is_app_limited(&self) -> bool {
        self.app_limited_until != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::time::NS_PER_MS;

    /// A window of 10 packets sent at once over a path of 10 ms RTT, ACKed 1 ms apart: the
    /// sample of the last ACK spans its send and ACK intervals, the larger one wins.
    #[test]
    fn rate_is_delivered_over_the_longer_interval() {
        let ms = NS_PER_MS;
        let mut r = RateSampler::default();
        let stamps: Vec<_> = (0..10).map(|i| (r.on_send(0, i), 0u64)).collect();
        let mut last = RateSample::default();
        for (i, (st, sent)) in stamps.iter().enumerate() {
            r.on_delivered(st, *sent, i as u64);
            last = r.on_ack_done((10 + i as u64) * ms, 1, Some(10 * ms));
        }
        // The 10th packet: 10 delivered since its stamp (delivered = 0 at t = 0); send
        // interval 0, ACK interval 19 ms.
        assert_eq!(last.delivered, 10);
        assert_eq!(last.interval, 19 * ms);
        let rate = last.bytes_per_sec(1000).unwrap();
        assert!((rate - 10.0 * 1000.0 / 0.019).abs() < 1e-6, "{rate}");
    }

    /// A retransmission sent while the rest of the window is presumed lost (nothing "in
    /// flight", but 10 packets outstanding) keeps the intervals running: a delivery of the
    /// presumed-lost packets must not count as 10 packets in one short interval.
    #[test]
    fn intervals_restart_only_when_nothing_is_outstanding() {
        let ms = NS_PER_MS;
        let mut r = RateSampler::default();
        let first = r.on_send(0, 0);
        r.on_delivered(&first, 0, 0);
        r.on_ack_done(10 * ms, 1, Some(10 * ms));
        // 50 ms later, 10 packets outstanding (all presumed lost): no restart.
        let st = r.on_send(60 * ms, 10);
        assert_eq!(st.delivered_time, 10 * ms, "interval runs from the last delivery");
        assert_eq!(st.first_tx_time, 0);
        // Nothing outstanding: a fresh start.
        let st = r.on_send(70 * ms, 0);
        assert_eq!((st.delivered_time, st.first_tx_time), (70 * ms, 70 * ms));
    }

    #[test]
    fn short_samples_are_discarded_and_app_limited_marked() {
        let ms = NS_PER_MS;
        let mut r = RateSampler::default();
        r.mark_app_limited(0);
        let st = r.on_send(0, 0);
        assert!(st.app_limited);
        let st2 = r.on_send(0, 1);
        r.on_delivered(&st, 0, 0);
        r.on_delivered(&st2, 0, 1);
        // As Linux: the phase ends once `delivered` passes the mark (delivered + in flight, at
        // least 1) — here after both packets.
        let s = r.on_ack_done(5 * ms, 2, Some(10 * ms));
        assert_eq!(s.interval, 0, "5 ms < min_rtt 10 ms: invalid");
        assert!(s.is_app_limited);
        assert!(!r.is_app_limited(), "app-limited phase ends once its data is delivered");
    }
}
