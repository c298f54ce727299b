//! PIE, Proportional Integral controller Enhanced (RFC 8033).
//!
//! Model (docs/model/aqm.md §PIE): every T_UPDATE (15 ms) a PI controller moves the drop
//! probability by α·(qdelay − QDELAY_REF) + β·(qdelay − qdelay_old) (α = 0.125, β = 1.25 per
//! second, QDELAY_REF = 15 ms), with both gains scaled down while the probability is small
//! (the auto-tuning table of §4.2), steps capped at 2 % above 10 % (§5.5), and a 2 % decay per update
//! while the queue stays empty. Arrivals are dropped at random with that probability — or
//! marked, if ECN-capable and the probability is at most 10 % — except while a burst
//! allowance (150 ms) lasts, while the delay is low (qdelay_old < QDELAY_REF/2 and p < 20 %),
//! or when at most two MTUs are queued. The accumulated-probability de-randomization of §5.4
//! keeps drops from clustering or starving (`derandomize`, on by default as in Linux). The
//! queue delay is measured with timestamps (§4.3, §5.2): the sojourn time of the last packet to
//! leave, 0 once the queue is empty (Linux without `dq_rate_estimator`).
//!
//! A discrete-event simulator has no free-running timer, so the periodic update runs lazily:
//! at the start of each enqueue and dequeue, every T_UPDATE boundary passed since the last
//! call is processed in order ([`Pie::catch_up`]). This is exactly the timer: the update reads
//! only the controller's own state and the queue delay, and the queue delay changes only at a
//! dequeue — between two events it is constant — so each boundary's update computes what a
//! timer firing at that instant would have. A boundary that coincides with an event runs
//! before it. Once an update leaves the state unchanged (an idle queue at p = 0), the
//! remaining boundaries are skipped in one step, since they would change nothing either.
//!
//! Sources: RFC 8033 §4 (the algorithm), §5.1 (ECN), §5.4 (de-randomization), §5.5 (the cap), and
//! Linux net/sched/sch_pie.c (`pie_drop_early`, `pie_calculate_probability`), whose defaults
//! these are. Not modelled: the dequeue-rate estimator, byte mode, Linux's extra 2 % step above
//! 250 ms delay, and the optional activation/deactivation of §5.3.

use super::{positive_ms, Dequeued, Fifo, Limit, Out, Qdisc, QdiscInit, QueueItem};
use crate::engine::rng::SimRng;
use crate::engine::time::{millis, Dur, Time, NS_PER_MS, NS_PER_S};
use crate::net::packet::Packet;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// PIE's constants; defaults are RFC 8033 §4's and Linux `pie_params_init`'s.
#[derive(Debug, Clone, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct PieParams {
    /// QDELAY_REF: the queue delay PIE steers to (RFC 8033 §4.2: 15 ms; Linux `target`).
    #[schemars(title = "Target delay", extend("x-unit" = "ms", "exclusiveMinimum" = 0))]
    pub target_ms: f64,
    /// T_UPDATE: how often the drop probability is recomputed (RFC 8033 §4.2: 15 ms), at
    /// least 1 ms (Linux counts it in jiffies).
    #[schemars(title = "Update interval", extend("x-unit" = "ms", "minimum" = 1))]
    pub t_update_ms: f64,
    /// α: gain on the distance from the target, per second of delay (RFC 8033: 0.125).
    #[schemars(title = "α", extend("minimum" = 0))]
    pub alpha: f64,
    /// β: gain on the delay's change since the last update, per second (RFC 8033: 1.25).
    #[schemars(title = "β", extend("minimum" = 0))]
    pub beta: f64,
    /// MAX_BURST: no early drop for this long after the queue starts to build (RFC 8033
    /// §4.4: 150 ms).
    #[schemars(title = "Burst allowance", extend("x-unit" = "ms", "minimum" = 0))]
    pub max_burst_ms: f64,
    /// No early drop while at most two of these are queued (RFC 8033 MEAN_PKTSIZE; Linux uses
    /// the MTU, 1514 B).
    #[schemars(title = "MTU", extend("x-unit" = "bytes", "minimum" = 1))]
    pub mtu_bytes: u32,
    /// Mark ECN-capable packets instead of dropping them while the probability is at most
    /// `mark_ecn_threshold` (RFC 8033 §5.1; Linux `ecn`, off there — on here, so a sender that
    /// asks for ECN gets it).
    #[schemars(title = "ECN marking")]
    pub ecn: bool,
    /// Above this drop probability ECN-capable packets are dropped too (RFC 8033 §5.1
    /// mark_ecnth: 10 %).
    #[schemars(title = "ECN mark threshold", extend("minimum" = 0, "maximum" = 1))]
    pub mark_ecn_threshold: f64,
    /// Accumulate the probability between drops so they are neither clustered nor too far
    /// apart (RFC 8033 §5.4 accu_prob; Linux does it).
    #[schemars(title = "De-randomize")]
    pub derandomize: bool,
}

impl Default for PieParams {
    fn default() -> Self {
        PieParams {
            target_ms: 15.0,
            t_update_ms: 15.0,
            alpha: 0.125,
            beta: 1.25,
            max_burst_ms: 150.0,
            mtu_bytes: 1514,
            ecn: true,
            mark_ecn_threshold: 0.1,
            derandomize: true,
        }
    }
}

pub struct Pie<T> {
    p: PieParams,
    limit: Limit,
    target: Dur,
    t_update: Dur,
    max_burst: Dur,
    rng: SimRng,
    queue: Fifo<T>,
    /// The drop probability (RFC 8033 drop_prob_).
    drop_prob: f64,
    /// The current queue delay: the sojourn of the last packet dequeued, 0 once empty.
    qdelay: Dur,
    /// The queue delay at the previous update (qdelay_old_).
    qdelay_old: Dur,
    /// Time left without early drops (burst_allowance_).
    burst_allowance: Dur,
    /// Probability accumulated since the last drop (accu_prob_, §5.4).
    accu_prob: f64,
    /// The next T_UPDATE boundary not yet processed.
    next_update: Time,
}

impl<T: QueueItem> Pie<T> {
    pub fn new(limit: Limit, p: PieParams, rng: SimRng) -> Result<Self, String> {
        let target = positive_ms("target_ms", p.target_ms)?;
        let t_update = positive_ms("t_update_ms", p.t_update_ms)?;
        // Each boundary is one update to run: a sub-millisecond period would make a long run
        // mostly timer work, for no behaviour a real PIE has.
        if t_update < NS_PER_MS {
            return Err(format!("t_update_ms: must be ≥ 1 ms (got {})", p.t_update_ms));
        }
        for (name, v) in [("alpha", p.alpha), ("beta", p.beta), ("max_burst_ms", p.max_burst_ms)] {
            if !(v.is_finite() && v >= 0.0) {
                return Err(format!("{name}: must be ≥ 0 (got {v})"));
            }
        }
        if !(0.0..=1.0).contains(&p.mark_ecn_threshold) {
            return Err(format!("mark_ecn_threshold: must be in [0, 1] (got {})", p.mark_ecn_threshold));
        }
        if p.mtu_bytes == 0 {
            return Err("mtu_bytes: must be ≥ 1".into());
        }
        let max_burst = millis(p.max_burst_ms);
        Ok(Pie {
            p,
            limit,
            target,
            t_update,
            max_burst,
            rng,
            queue: Fifo::new(),
            drop_prob: 0.0,
            qdelay: 0,
            qdelay_old: 0,
            burst_allowance: max_burst,
            accu_prob: 0.0,
            // The queue is built at time 0; its timer first fires one period later.
            next_update: t_update,
        })
    }

    /// The drop probability, for tests and the inspector.
    pub fn drop_prob(&self) -> f64 {
        self.drop_prob
    }

    /// Run every periodic update due at or before `now` (the lazy timer; see the header).
    pub fn catch_up(&mut self, now: Time) {
        while self.next_update <= now {
            let before = (self.drop_prob, self.qdelay_old, self.burst_allowance);
            self.update();
            self.next_update = self.next_update.saturating_add(self.t_update);
            if (self.drop_prob, self.qdelay_old, self.burst_allowance) == before && self.next_update <= now {
                // A fixed point: the updates left before `now` would all change nothing.
                let k = (now - self.next_update) / self.t_update + 1;
                self.next_update = self.next_update.saturating_add(k.saturating_mul(self.t_update));
            }
        }
    }

    /// RFC 8033 §4.2 `calculate_drop_prob`, with the burst allowance of §4.4.
    fn update(&mut self) {
        let secs = |d: Dur| d as f64 / NS_PER_S as f64;
        // Auto-tuning (§4.2): small probabilities move in small steps, so a light load is
        // not hit by a step sized for a heavy one.
        let scale = match self.drop_prob {
            p if p < 0.000_001 => 2048.0,
            p if p < 0.000_01 => 512.0,
            p if p < 0.000_1 => 128.0,
            p if p < 0.001 => 32.0,
            p if p < 0.01 => 8.0,
            p if p < 0.1 => 2.0,
            _ => 1.0,
        };
        let mut delta = (self.p.alpha * (secs(self.qdelay) - secs(self.target)) + self.p.beta * (secs(self.qdelay) - secs(self.qdelay_old))) / scale;
        // Above 10 %, rise by at most 2 % per update, to avoid large swings (§5.5).
        if self.drop_prob >= 0.1 && delta > 0.02 {
            delta = 0.02;
        }
        self.drop_prob += delta;
        // The queue has stayed empty for two updates: decay exponentially.
        if self.qdelay == 0 && self.qdelay_old == 0 {
            self.drop_prob *= 0.98;
        }
        self.drop_prob = self.drop_prob.clamp(0.0, 1.0);
        self.burst_allowance = self.burst_allowance.saturating_sub(self.t_update);
        // Uncongested for two updates with nothing to drop: the next burst is allowed again
        // (§4.4; Linux restarts the measurement cycle on the same condition).
        if self.drop_prob == 0.0 && self.qdelay < self.target / 2 && self.qdelay_old < self.target / 2 {
            self.burst_allowance = self.max_burst;
        }
        self.qdelay_old = self.qdelay;
    }

    /// RFC 8033 §4.1 `drop_early` with the de-randomization of §5.4.
    fn drop_early(&mut self) -> bool {
        if self.burst_allowance > 0 {
            return false;
        }
        // Not congested: the delay was low at the last update and the probability is too.
        if self.qdelay_old < self.target / 2 && self.drop_prob < 0.2 {
            return false;
        }
        // Too little queued to be worth a drop (two packets).
        if self.queue.bytes() <= 2 * self.p.mtu_bytes as u64 {
            return false;
        }
        if self.p.derandomize {
            if self.drop_prob == 0.0 {
                self.accu_prob = 0.0;
            }
            self.accu_prob += self.drop_prob;
            if self.accu_prob < 0.85 {
                return false;
            }
            if self.accu_prob >= 8.5 {
                return true;
            }
        }
        self.rng.random::<f64>() < self.drop_prob
    }
}

impl Pie<Packet> {
    pub fn boxed(init: QdiscInit, params: Option<&serde_json::Value>) -> Result<Box<dyn Qdisc<Packet>>, String> {
        Ok(Box::new(Pie::new(init.limit, crate::engine::registry::parse_params(params)?, init.rng)?))
    }
}

impl<T: QueueItem> Qdisc<T> for Pie<T> {
    fn enqueue(&mut self, now: Time, mut item: T, out: &mut Out<T>) {
        self.catch_up(now);
        if !self.queue.admits(self.limit, item.wire_bytes()) {
            self.accu_prob = 0.0;
            out.dropped.push(item);
            return;
        }
        if self.drop_early() {
            // A mark or a drop restarts the accumulation (§5.4).
            self.accu_prob = 0.0;
            if self.p.ecn && item.ecn_capable() && self.drop_prob <= self.p.mark_ecn_threshold {
                item.mark_ce();
                out.marked += 1;
            } else {
                out.dropped.push(item);
                return;
            }
        }
        self.queue.push(item, now);
    }

    fn dequeue(&mut self, now: Time, _out: &mut Out<T>) -> Option<Dequeued<T>> {
        self.catch_up(now);
        let d = self.queue.pop()?;
        // Timestamps: the queue delay is the departing packet's sojourn; an empty queue has none.
        self.qdelay = if self.queue.is_empty() { 0 } else { now.saturating_sub(d.enqueued_at) };
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

    const MS: u64 = NS_PER_MS;

    fn pie(p: PieParams) -> Pie<Item> {
        Pie::new(Limit::Unlimited, p, derive_rng(7, "pie-test", 0)).unwrap()
    }

    /// RFC 8033 §4.2's update, step by step, on set delays.
    #[test]
    fn the_update_is_the_rfc_control_law() {
        let mut q = pie(PieParams::default());
        // 30 ms ≥ 15 ms: p = 0 ⇒ gains / 2048; α·(0.030 − 0.015) + β·(0.030 − 0.030).
        q.qdelay = 30 * MS;
        q.qdelay_old = 30 * MS;
        q.update();
        assert!((q.drop_prob - 0.125 * 0.015 / 2048.0).abs() < 1e-15);
        // In [1 %, 10 %): gains / 2.
        q.drop_prob = 0.05;
        q.update();
        assert!((q.drop_prob - (0.05 + 0.125 * 0.015 / 2.0)).abs() < 1e-12);
        // Above 10 % a step is capped at 2 %: the delay jumped by 200 ms.
        q.drop_prob = 0.5;
        q.qdelay_old = 15 * MS;
        q.qdelay = 215 * MS;
        q.update();
        assert!((q.drop_prob - 0.52).abs() < 1e-12);
        // An empty queue for two updates: the probability decays by 2 % on top of the step.
        q.drop_prob = 0.5;
        q.qdelay = 0;
        q.qdelay_old = 0;
        q.update();
        assert!((q.drop_prob - (0.5 - 0.125 * 0.015) * 0.98).abs() < 1e-12);
    }

    /// Above QDELAY_REF the probability rises at every update; below it, it falls to 0.
    #[test]
    fn the_probability_rises_above_the_target_and_falls_below() {
        let mut q = pie(PieParams::default());
        q.qdelay = 40 * MS;
        q.qdelay_old = 40 * MS;
        let mut last = 0.0;
        for _ in 0..150 {
            q.update();
            assert!(q.drop_prob > last, "rises while 40 ms > 15 ms");
            last = q.drop_prob;
        }
        assert!(last > 0.1);
        q.qdelay = 10 * MS;
        q.qdelay_old = 10 * MS;
        let mut updates = 0;
        while q.drop_prob > 0.0 {
            q.update();
            assert!(q.drop_prob < last, "falls while 10 ms < 15 ms");
            last = q.drop_prob;
            updates += 1;
            assert!(updates < 10_000);
        }
    }

    /// The same on a queue: a standing 30 ms delay, then an empty queue.
    #[test]
    fn a_standing_delay_builds_the_probability_and_an_empty_queue_clears_it() {
        let mut q = pie(PieParams { ecn: false, ..PieParams::default() });
        let mut out = Out::default();
        // One arrival per ms; departures start 30 ms later, one per ms.
        for k in 0..1000u64 {
            q.enqueue(k * MS, Item::new(k as u32, 0, 1500), &mut out);
            if k >= 30 {
                q.dequeue(k * MS, &mut out);
            }
        }
        assert!(q.drop_prob() > 0.001, "30 ms > 15 ms for a second: {}", q.drop_prob());
        assert!(!out.dropped.is_empty());
        while q.dequeue(1000 * MS, &mut out).is_some() {}
        q.catch_up(3000 * MS);
        assert_eq!(q.drop_prob(), 0.0);
        assert_eq!(q.burst_allowance, 150 * MS, "an idle queue has its burst allowance back");
    }

    /// Arrivals into a queue that builds fast: with the burst allowance nothing is dropped
    /// before it runs out (10 updates of 15 ms); without it, drops start at once.
    #[test]
    fn the_burst_allowance_lets_the_first_150_ms_through() {
        for (max_burst_ms, first_drop_window) in [(150.0, 150 * MS..170 * MS), (0.0, 0..20 * MS)] {
            let mut q = pie(PieParams { max_burst_ms, ecn: false, ..PieParams::default() });
            // Already congested: a high probability, so the allowance is all that holds drops.
            q.drop_prob = 0.5;
            let mut out = Out::default();
            let mut first_drop = None;
            for k in 0..400u64 {
                let now = k * MS / 2;
                q.enqueue(now, Item::new(k as u32, 0, 1500), &mut out);
                if k % 2 == 1 {
                    q.dequeue(now, &mut out);
                }
                if first_drop.is_none() && !out.dropped.is_empty() {
                    first_drop = Some(now);
                }
            }
            let t = first_drop.expect("drops once the allowance is spent");
            assert!(first_drop_window.contains(&t), "max_burst {max_burst_ms} ms: first drop at {} ms", t as f64 / 1e6);
        }
    }

    /// The lazy catch-up gives the same run as a timer firing every T_UPDATE: one PIE sees
    /// only the packet events, the other also a tick at every boundary (a boundary that
    /// coincides with an event ticks first). Includes bursts, a long idle gap and ECN marks.
    #[test]
    fn the_lazy_update_equals_a_15_ms_timer() {
        let mut lazy = pie(PieParams::default());
        let mut timed = pie(PieParams::default());
        let (mut out_a, mut out_b) = (Out::default(), Out::default());
        let mut events: Vec<(Time, bool, u32)> = vec![];
        let mut id = 0;
        // Three phases: overload (3 in per 2 out, 1 ms each), a 5 s silence, overload again.
        for (start, n) in [(0u64, 3000u64), (8000 * MS, 2000)] {
            for k in 0..n {
                let t = start + k * MS / 3 + (k % 7) * 37_000;
                events.push((t, true, id));
                id += 1;
                if k % 3 != 0 {
                    events.push((t + 500_000, false, 0));
                }
            }
        }
        events.sort_by_key(|e| (e.0, e.1));
        let mut tick = 15 * MS;
        let mut log_a = vec![];
        let mut log_b = vec![];
        for &(t, arrival, id) in &events {
            while tick <= t {
                timed.catch_up(tick);
                tick += 15 * MS;
            }
            for (q, out, log) in [(&mut lazy, &mut out_a, &mut log_a), (&mut timed, &mut out_b, &mut log_b)] {
                out.clear();
                let sent = if arrival {
                    let it = Item::new(id, 0, 1500);
                    q.enqueue(t, if id % 2 == 0 { it.ect() } else { it }, out);
                    None
                } else {
                    q.dequeue(t, out).map(|d| d.item.id)
                };
                log.push((sent, out.dropped.iter().map(|i| i.id).collect::<Vec<_>>(), out.marked, q.drop_prob().to_bits()));
            }
        }
        assert_eq!(log_a, log_b);
        let drops: usize = log_a.iter().map(|l| l.1.len()).sum();
        let marks: u32 = log_a.iter().map(|l| l.2).sum();
        assert!(drops > 0 && marks > 0, "the pattern exercises drops ({drops}) and marks ({marks})");
    }

    #[test]
    fn ecn_capable_packets_are_marked_only_below_the_threshold() {
        for (prob, expect_marks) in [(0.05, true), (0.5, false)] {
            let mut q = pie(PieParams { max_burst_ms: 0.0, derandomize: false, ..PieParams::default() });
            let mut out = Out::default();
            for k in 0..200u64 {
                q.drop_prob = prob;
                q.qdelay_old = 30 * MS;
                q.enqueue(k * 1000, Item::new(k as u32, 0, 1500).ect(), &mut out);
            }
            assert_eq!(out.marked > 0, expect_marks, "p = {prob}");
            assert_eq!(out.dropped.is_empty(), expect_marks, "p = {prob}");
        }
    }

    #[test]
    fn bad_parameters_name_the_field() {
        let bad = |v: serde_json::Value| {
            let p: PieParams = crate::engine::registry::parse_params(Some(&v)).unwrap();
            Pie::<Item>::new(Limit::Unlimited, p, derive_rng(0, "x", 0)).err().unwrap()
        };
        assert!(bad(serde_json::json!({"target_ms": -15})).starts_with("target_ms: must be > 0"));
        assert!(bad(serde_json::json!({"t_update_ms": 0})).starts_with("t_update_ms:"));
        assert!(bad(serde_json::json!({"t_update_ms": 0.01})).starts_with("t_update_ms: must be ≥ 1 ms"));
        assert!(bad(serde_json::json!({"alpha": -0.1})).starts_with("alpha:"));
        assert!(bad(serde_json::json!({"max_burst_ms": -1})).starts_with("max_burst_ms:"));
        assert!(bad(serde_json::json!({"mark_ecn_threshold": 2})).starts_with("mark_ecn_threshold:"));
    }
}
