//! RED, Random Early Detection (Floyd & Jacobson 1993), with gentle mode (Floyd 2000) and ECN.
//!
//! Model (docs/model/aqm.md §RED): on each arrival RED updates an exponentially weighted
//! average of the queue length, avg ← (1 − w_q)·avg + w_q·q, or, if the packet finds the
//! queue empty, decays it for the idle time as if m = idle / s small packets had arrived to
//! an empty queue, avg ← (1 − w_q)^m·avg (s = one mean-size packet's transmission time).
//! Below min_th nothing happens. Between min_th and max_th the packet is dropped (or marked,
//! if ECN-capable) with p_b = max_p·(avg − min_th)/(max_th − min_th), spread evenly by the
//! count of packets since the last drop: p_a = p_b / (1 − count·p_b), so drops come at most
//! 1/p_b packets apart instead of in clusters. Gentle mode continues the line from max_p at
//! max_th to 1 at 2·max_th; beyond it (or beyond max_th without gentle) every arrival is
//! dropped — ECN-capable ones too, unless `hard_drop` is off. The link's buffer is the hard
//! limit. Thresholds count packets (ns-3's packet mode).
//!
//! Sources: S. Floyd and V. Jacobson, "Random Early Detection Gateways for Congestion
//! Avoidance", IEEE/ACM ToN 1(4), 1993, §4 and Fig. 2 (the algorithm); S. Floyd, "Recommendation
//! on using the gentle_ variant of RED", 2000. Defaults are ns-3's `RedQueueDisc`.

use super::{Dequeued, Fifo, Limit, Out, Qdisc, QdiscInit, QueueItem};
use crate::engine::math::powf;
use crate::engine::rng::SimRng;
use crate::engine::time::{tx_time, Dur, Time};
use crate::net::packet::Packet;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// RED's constants. Defaults are ns-3 `RedQueueDisc`'s (MinTh 5, MaxTh 15, LInterm 50 ⇒
/// max_p 1/50, QW 0.002, Gentle, MeanPktSize 500, UseHardDrop).
#[derive(Debug, Clone, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct RedParams {
    /// Below this average queue nothing is dropped (min_th; ns-3 MinTh 5).
    #[schemars(title = "Min threshold", extend("x-unit" = "packets", "minimum" = 0))]
    pub min_th: f64,
    /// Where the early-drop probability reaches max_p (max_th; ns-3 MaxTh 15).
    #[schemars(title = "Max threshold", extend("x-unit" = "packets", "exclusiveMinimum" = 0))]
    pub max_th: f64,
    /// Early-drop probability at max_th, in (0, 1] (max_p; ns-3 1/LInterm = 1/50).
    #[schemars(title = "max_p", extend("exclusiveMinimum" = 0, "maximum" = 1))]
    pub max_p: f64,
    /// Weight of the newest sample in the average, in (0, 1] (w_q; ns-3 QW 0.002).
    #[schemars(title = "Averaging weight w_q", extend("exclusiveMinimum" = 0, "maximum" = 1))]
    pub w_q: f64,
    /// Rise from max_p at max_th to 1 at 2·max_th instead of jumping to 1 (Floyd 2000; ns-3 Gentle).
    #[schemars(title = "Gentle")]
    pub gentle: bool,
    /// The packet size s whose transmission time turns idle time into m packets (ns-3
    /// MeanPktSize 500 B).
    #[schemars(title = "Mean packet size", extend("x-unit" = "bytes", "minimum" = 1))]
    pub mean_pkt_bytes: u32,
    /// Mark ECN-capable packets instead of dropping them early (RFC 3168 §5; ns-3 UseEcn,
    /// off there — on here, so a sender that asks for ECN gets it).
    #[schemars(title = "ECN marking")]
    pub ecn: bool,
    /// Drop even ECN-capable packets when the average is past the early-drop region
    /// (ns-3 UseHardDrop).
    #[schemars(title = "Hard drop")]
    pub hard_drop: bool,
}

impl Default for RedParams {
    fn default() -> Self {
        RedParams { min_th: 5.0, max_th: 15.0, max_p: 0.02, w_q: 0.002, gentle: true, mean_pkt_bytes: 500, ecn: true, hard_drop: true }
    }
}

impl RedParams {
    fn check(&self) -> Result<(), String> {
        let finite = |name: &str, v: f64| if v.is_finite() { Ok(()) } else { Err(format!("{name}: must be a number (got {v})")) };
        for (n, v) in [("min_th", self.min_th), ("max_th", self.max_th), ("max_p", self.max_p), ("w_q", self.w_q)] {
            finite(n, v)?;
        }
        if self.min_th < 0.0 {
            return Err(format!("min_th: must be ≥ 0 (got {})", self.min_th));
        }
        if self.min_th >= self.max_th {
            return Err(format!("min_th: must be below max_th (got {} ≥ {})", self.min_th, self.max_th));
        }
        if !(self.max_p > 0.0 && self.max_p <= 1.0) {
            return Err(format!("max_p: must be in (0, 1] (got {})", self.max_p));
        }
        if !(self.w_q > 0.0 && self.w_q <= 1.0) {
            return Err(format!("w_q: must be in (0, 1] (got {})", self.w_q));
        }
        if self.mean_pkt_bytes == 0 {
            return Err("mean_pkt_bytes: must be ≥ 1".into());
        }
        Ok(())
    }
}

pub struct Red<T> {
    p: RedParams,
    limit: Limit,
    /// Transmission time of a mean-size packet (the paper's s).
    s: Dur,
    rng: SimRng,
    queue: Fifo<T>,
    /// The average queue length in packets.
    avg: f64,
    /// Packets since the last early drop or mark; −1 while the average is below min_th.
    count: i64,
    /// When the queue last became empty (the paper's q_time); `None` while it holds packets.
    idle_since: Option<Time>,
}

/// What RED decides for one arrival.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Pass,
    /// A random early drop, which ECN may turn into a mark.
    Early,
    /// The average is beyond the early-drop region.
    Forced,
}

impl<T: QueueItem> Red<T> {
    pub fn new(limit: Limit, rate_bps: u64, p: RedParams, rng: SimRng) -> Result<Self, String> {
        p.check()?;
        let s = tx_time(p.mean_pkt_bytes, rate_bps);
        Ok(Red { p, limit, s, rng, queue: Fifo::new(), avg: 0.0, count: -1, idle_since: Some(0) })
    }

    /// The average queue length, for tests and the inspector.
    pub fn avg(&self) -> f64 {
        self.avg
    }

    /// The paper's "calculate the new average queue size avg".
    fn update_avg(&mut self, now: Time) {
        let w = self.p.w_q;
        match self.idle_since {
            Some(since) if self.queue.is_empty() => {
                // m = f(time − q_time): the small packets that could have gone in the idle time.
                let m = if self.s == 0 || self.s == Dur::MAX { 0.0 } else { now.saturating_sub(since) as f64 / self.s as f64 };
                self.avg *= powf(1.0 - w, m);
            }
            _ => self.avg = (1.0 - w) * self.avg + w * self.queue.len() as f64,
        }
    }

    /// The paper's Fig. 2 decision, with Floyd's gentle extension.
    fn decide(&mut self) -> Verdict {
        let (min, max, max_p) = (self.p.min_th, self.p.max_th, self.p.max_p);
        let avg = self.avg;
        let p_b = if avg < min {
            self.count = -1;
            return Verdict::Pass;
        } else if avg < max {
            max_p * (avg - min) / (max - min)
        } else if self.p.gentle && avg < 2.0 * max {
            max_p + (1.0 - max_p) * (avg - max) / max
        } else {
            self.count = 0;
            return Verdict::Forced;
        };
        self.count += 1;
        // Uniformization: p_a = p_b / (1 − count·p_b), certain once count·p_b reaches 1.
        let c = self.count as f64 * p_b;
        let p_a = if c >= 1.0 { 1.0 } else { p_b / (1.0 - c) };
        if self.rng.random::<f64>() < p_a {
            self.count = 0;
            Verdict::Early
        } else {
            Verdict::Pass
        }
    }
}

impl Red<Packet> {
    pub fn boxed(init: QdiscInit, params: Option<&serde_json::Value>) -> Result<Box<dyn Qdisc<Packet>>, String> {
        Ok(Box::new(Red::new(init.limit, init.rate_bps, crate::engine::registry::parse_params(params)?, init.rng)?))
    }
}

impl<T: QueueItem> Qdisc<T> for Red<T> {
    fn enqueue(&mut self, now: Time, mut item: T, out: &mut Out<T>) {
        self.update_avg(now);
        let verdict = self.decide();
        let mark = self.p.ecn && item.ecn_capable() && (verdict == Verdict::Early || (verdict == Verdict::Forced && !self.p.hard_drop));
        if (verdict != Verdict::Pass && !mark) || !self.queue.admits(self.limit, item.wire_bytes()) {
            out.dropped.push(item);
            return;
        }
        if mark {
            item.mark_ce();
            out.marked += 1;
        }
        self.queue.push(item, now);
        self.idle_since = None;
    }

    fn dequeue(&mut self, now: Time, _out: &mut Out<T>) -> Option<Dequeued<T>> {
        let d = self.queue.pop()?;
        if self.queue.is_empty() {
            self.idle_since = Some(now);
        }
        Some(d)
    }

    fn len_packets(&self) -> usize {
        self.queue.len()
    }

    fn len_bytes(&self) -> u64 {
        self.queue.bytes()
    }

    fn memory_bytes(&self) -> usize {
        self.queue.memory_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::Item;
    use super::*;
    use crate::engine::rng::derive_rng;
    use crate::engine::time::NS_PER_MS;

    fn red(p: RedParams) -> Red<Item> {
        Red::new(Limit::Unlimited, 10_000_000, p, derive_rng(42, "red-test", 0)).unwrap()
    }

    /// Hold the instantaneous queue at `q` packets for `n` arrivals (an arrival that is not
    /// dropped is matched by a departure). Returns (drops, marks, longest run of arrivals
    /// from one drop or mark to the next).
    fn hold(r: &mut Red<Item>, q: u32, n: u32, ect: bool) -> (u32, u32, u32) {
        // Start from a queue of q packets (put there directly, so filling it does not count).
        for id in 0..q {
            r.queue.push(Item::new(id, 0, 1500), 0);
        }
        r.idle_since = None;
        let mut out = Out::default();
        let (mut drops, mut marks, mut gap, mut max_gap) = (0, 0, 0, 0);
        for id in 0..n {
            out.clear();
            let it = Item::new(id, 0, 1500);
            r.enqueue(1, if ect { it.ect() } else { it }, &mut out);
            gap += 1;
            if !out.dropped.is_empty() || out.marked > 0 {
                drops += out.dropped.len() as u32;
                marks += out.marked;
                max_gap = max_gap.max(gap);
                gap = 0;
            }
            if out.dropped.is_empty() {
                let d = r.dequeue(1, &mut out).unwrap();
                assert!(!d.item.ce || ect);
            }
        }
        (drops, marks, max_gap)
    }

    #[test]
    fn no_drops_while_the_average_is_below_min_th() {
        let mut r = red(RedParams::default());
        let (drops, marks, _) = hold(&mut r, 4, 20_000, false);
        assert_eq!((drops, marks), (0, 0));
        assert!(r.avg() > 3.9 && r.avg() <= 4.0 + 1e-9, "the average converged to the queue: {}", r.avg());
    }

    /// With w_q = 1 the average is the queue. At q = 10 (min 5, max 15, max_p 0.1):
    /// p_b = 0.05, and the uniformized drops come every 1..=1/p_b arrivals, 10 on average
    /// (Floyd & Jacobson §7: inter-drop times uniform, not geometric with mean 20).
    #[test]
    fn between_the_thresholds_drops_follow_p_a() {
        let p = RedParams { w_q: 1.0, max_p: 0.1, ..RedParams::default() };
        let mut r = red(p);
        let (drops, _, max_gap) = hold(&mut r, 10, 20_000, false);
        let fraction = drops as f64 / 20_000.0;
        assert!((0.09..0.11).contains(&fraction), "drop fraction {fraction}, p_b = 0.05");
        assert!(max_gap <= 20, "never more than 1/p_b arrivals between drops: {max_gap}");
    }

    #[test]
    fn gentle_mode_ramps_to_one_between_max_th_and_twice_max_th() {
        let p = RedParams { w_q: 1.0, max_p: 0.1, ..RedParams::default() };
        // q = 20: p_b = 0.1 + 0.9·(20 − 15)/15 = 0.4 ⇒ drops at most 1/0.4 = 2.5 arrivals apart.
        let (drops, _, max_gap) = hold(&mut red(p.clone()), 20, 10_000, false);
        let fraction = drops as f64 / 10_000.0;
        assert!(fraction > 0.5 && fraction < 0.95, "gentle at q=20: {fraction}");
        assert!(max_gap <= 3);
        // Without gentle, q = 20 > max_th drops everything.
        let (drops, _, _) = hold(&mut red(RedParams { gentle: false, ..p.clone() }), 20, 1000, false);
        assert_eq!(drops, 1000);
        // Gentle stops at 2·max_th: q = 30 drops everything, ECN-capable or not (hard drop).
        let (drops, marks, _) = hold(&mut red(p), 30, 1000, true);
        assert_eq!((drops, marks), (1000, 0));
    }

    /// After an idle period the average decays as if m = idle / s packets had found the queue
    /// empty: avg ← (1 − w_q)^m · avg.
    #[test]
    fn the_average_decays_over_idle_time() {
        let mut r = red(RedParams::default());
        hold(&mut r, 4, 2000, false);
        let mut out = Out::default();
        let t1 = 10 * NS_PER_MS;
        while r.dequeue(t1, &mut out).is_some() {}
        let before = r.avg();
        // s = 500 B at 10 Mbit/s = 400 µs, so 40 ms idle is m = 100 packets.
        r.enqueue(t1 + 40 * NS_PER_MS, Item::new(0, 0, 1500), &mut out);
        let expected = before * 0.998f64.powi(100);
        assert!((r.avg() - expected).abs() < 1e-12 * before, "{} vs {expected}", r.avg());
        assert!(r.avg() < 0.82 * before);
    }

    #[test]
    fn ecn_capable_packets_are_marked_in_the_early_region() {
        let p = RedParams { w_q: 1.0, max_p: 0.1, ..RedParams::default() };
        let (drops, marks, _) = hold(&mut red(p.clone()), 10, 20_000, true);
        assert_eq!(drops, 0);
        let fraction = marks as f64 / 20_000.0;
        assert!((0.09..0.11).contains(&fraction), "mark fraction {fraction}");
        // With ECN off the same packets are dropped.
        let (drops, marks, _) = hold(&mut red(RedParams { ecn: false, ..p }), 10, 20_000, true);
        assert!(drops > 1500 && marks == 0);
    }

    #[test]
    fn the_same_seed_gives_the_same_drops() {
        let p = RedParams { w_q: 1.0, max_p: 0.1, ..RedParams::default() };
        let dropped = |seed: u64| {
            let mut r = Red::new(Limit::Unlimited, 10_000_000, p.clone(), derive_rng(seed, "red-test", 0)).unwrap();
            let mut out = Out::default();
            let mut ids = vec![];
            for id in 0..2000 {
                out.clear();
                r.enqueue(id as u64, Item::new(id, 0, 1500), &mut out);
                ids.extend(out.dropped.iter().map(|i| i.id));
                if r.len_packets() > 10 {
                    r.dequeue(id as u64, &mut out);
                }
            }
            ids
        };
        assert!(!dropped(42).is_empty());
        assert_eq!(dropped(42), dropped(42));
        assert_ne!(dropped(42), dropped(43));
    }

    #[test]
    fn bad_parameters_name_the_field() {
        let bad = |v: serde_json::Value| {
            let p: RedParams = crate::engine::registry::parse_params(Some(&v)).unwrap();
            Red::<Item>::new(Limit::Unlimited, 1, p, derive_rng(0, "x", 0)).err().unwrap()
        };
        assert_eq!(bad(serde_json::json!({"min_th": 20, "max_th": 15})), "min_th: must be below max_th (got 20 ≥ 15)");
        assert!(bad(serde_json::json!({"min_th": -1})).starts_with("min_th:"));
        assert!(bad(serde_json::json!({"max_p": 0})).starts_with("max_p:"));
        assert!(bad(serde_json::json!({"w_q": 1.5})).starts_with("w_q:"));
        assert!(bad(serde_json::json!({"mean_pkt_bytes": 0})).starts_with("mean_pkt_bytes:"));
    }
}
