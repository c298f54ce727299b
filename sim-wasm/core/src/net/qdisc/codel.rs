//! CoDel, Controlled Delay (RFC 8289): keep the *minimum* sojourn time below a target.
//!
//! Model (docs/model/aqm.md §CoDel): a FIFO whose packets carry their enqueue time. At each
//! dequeue CoDel looks at the sojourn time of the packet leaving. Once the sojourn has stayed
//! at or above `target` (5 ms) for a whole `interval` (100 ms) — with more than one MTU still
//! queued — CoDel enters its dropping state: it drops (or, for an ECN-capable packet, marks)
//! one packet now and the next ones at `interval / sqrt(count)` apart, so the drop rate grows
//! until the sojourn falls below target, when it leaves the state. Re-entering soon after
//! leaving resumes near the previous drop rate (the count re-entry rule, RFC 8289 §5.5, "the
//! Linux version"). Drops happen only at dequeue, from the head; arrivals are only refused by
//! the link's buffer (the hard limit, [`super::Fifo::admits`]).
//!
//! The state machine ([`CodelVars`]) is separate from the FIFO so FQ-CoDel runs one per flow
//! queue (RFC 8290 §4.2), exactly as Linux's include/net/codel_impl.h serves both sch_codel.c
//! and sch_fq_codel.c. Differences from Linux, on purpose: `interval / sqrt(count)` is
//! computed exactly (Linux uses a Newton-step reciprocal square root), and times are integer
//! nanoseconds (Linux: 1024 ns units).

use super::{positive_ms, Dequeued, Fifo, Limit, Out, Qdisc, QdiscInit, QueueItem};
use crate::engine::math::sqrt;
use crate::engine::time::{Dur, Time};
use crate::net::packet::Packet;
use serde::{Deserialize, Serialize};

/// CoDel's constants. Defaults are RFC 8289's and Linux `codel_params_init`'s.
#[derive(Debug, Clone, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct CodelParams {
    /// TARGET: the acceptable standing queue delay (RFC 8289 §4.4: 5 ms).
    #[schemars(title = "Target", extend("x-unit" = "ms", "exclusiveMinimum" = 0))]
    pub target_ms: f64,
    /// INTERVAL: how long the sojourn must stay above target before dropping starts, and the
    /// base of the drop spacing interval/√count (RFC 8289 §4.3: 100 ms, a worst-case RTT).
    #[schemars(title = "Interval", extend("x-unit" = "ms", "exclusiveMinimum" = 0))]
    pub interval_ms: f64,
    /// No drop while at most this many bytes remain queued: one MTU (RFC 8289 §4.4 maxpacket;
    /// Linux `params->mtu`, 1514 B on Ethernet).
    #[schemars(title = "MTU", extend("x-unit" = "bytes", "minimum" = 1))]
    pub mtu_bytes: u32,
    /// Mark ECN-capable packets Congestion Experienced instead of dropping them (RFC 8289
    /// §5.6; Linux `ecn`, off by default in sch_codel — on here, so a sender that asks for ECN
    /// gets it).
    #[schemars(title = "ECN marking")]
    pub ecn: bool,
}

impl Default for CodelParams {
    fn default() -> Self {
        CodelParams { target_ms: 5.0, interval_ms: 100.0, mtu_bytes: 1514, ecn: true }
    }
}

/// The checked constants in engine units.
#[derive(Debug, Clone, Copy)]
pub struct CodelConfig {
    pub target: Dur,
    pub interval: Dur,
    pub mtu: u64,
    pub ecn: bool,
}

impl CodelConfig {
    pub fn from_params(p: &CodelParams) -> Result<Self, String> {
        let target = positive_ms("target_ms", p.target_ms)?;
        let interval = positive_ms("interval_ms", p.interval_ms)?;
        if p.mtu_bytes == 0 {
            return Err("mtu_bytes: must be ≥ 1".into());
        }
        Ok(CodelConfig { target, interval, mtu: p.mtu_bytes as u64, ecn: p.ecn })
    }

    /// RFC 8289 `control_law(t, count)`: the next drop, interval/√count after `t`.
    pub fn control_law(&self, t: Time, count: u32) -> Time {
        t.saturating_add((self.interval as f64 / sqrt(count.max(1) as f64)).round() as Dur)
    }
}

/// The queue a CoDel state machine drains: CoDel's own FIFO, or one FQ-CoDel flow queue.
pub trait CodelQueue<T> {
    /// Take the head packet off the queue (RFC 8289 `queue_t::dequeue`).
    fn pop(&mut self) -> Option<Dequeued<T>>;
    /// Bytes still queued after the pop, which the MTU check compares (RFC 8289 `bytes()`;
    /// FQ-CoDel passes the whole qdisc's backlog, as Linux does).
    fn backlog_bytes(&self) -> u64;
}

/// CoDel's per-queue state: the variables of RFC 8289 §5 (Linux `struct codel_vars`).
#[derive(Debug, Clone, Default)]
pub struct CodelVars {
    /// Drops (and marks) since entering the dropping state, as the control law counts them.
    pub count: u32,
    /// `count` when the dropping state was last entered (for the re-entry rule).
    pub lastcount: u32,
    pub dropping: bool,
    /// When the sojourn will have been above target for an interval; `None` while it is
    /// below (RFC 8289 `first_above_time` = 0).
    pub first_above_time: Option<Time>,
    /// When the next drop is due while dropping.
    pub drop_next: Time,
}

impl CodelVars {
    /// RFC 8289 `dodequeue`: take the head packet and say whether the sojourn has been above
    /// target for at least an interval.
    fn dodequeue<T, Q: CodelQueue<T>>(&mut self, now: Time, cfg: &CodelConfig, q: &mut Q) -> (Option<Dequeued<T>>, bool) {
        let Some(d) = q.pop() else {
            // An empty queue: the sojourn is (trivially) below target.
            self.first_above_time = None;
            return (None, false);
        };
        let sojourn = now.saturating_sub(d.enqueued_at);
        if sojourn < cfg.target || q.backlog_bytes() <= cfg.mtu {
            // Below target, or too little queued to be worth a drop: forget the episode.
            self.first_above_time = None;
            return (Some(d), false);
        }
        let ok_to_drop = match self.first_above_time {
            None => {
                self.first_above_time = Some(now.saturating_add(cfg.interval));
                false
            }
            Some(t) => now >= t,
        };
        (Some(d), ok_to_drop)
    }

    /// RFC 8289 `dequeue`: the next packet to send, dropping (to `out.dropped`) or marking on
    /// the way as the control law says.
    pub fn dequeue<T: QueueItem, Q: CodelQueue<T>>(
        &mut self,
        now: Time,
        cfg: &CodelConfig,
        q: &mut Q,
        out: &mut Out<T>,
    ) -> Option<Dequeued<T>> {
        let (mut head, ok_to_drop) = self.dodequeue(now, cfg, q);
        if self.dropping {
            if !ok_to_drop {
                // Sojourn below target: leave the dropping state.
                self.dropping = false;
            }
            // Time for the next drop(s). A large backlog can make several due at once, hence
            // the loop (RFC 8289 §5.5).
            while self.dropping && now >= self.drop_next {
                let mut d = head.take().expect("ok_to_drop implies a packet");
                self.count = self.count.saturating_add(1);
                if cfg.ecn && d.item.ecn_capable() {
                    // Mark, schedule the next signal, and send this packet (Linux codel_dequeue).
                    d.item.mark_ce();
                    out.marked += 1;
                    self.drop_next = cfg.control_law(self.drop_next, self.count);
                    return Some(d);
                }
                out.dropped.push(d.item);
                let (next, ok) = self.dodequeue(now, cfg, q);
                head = next;
                if ok {
                    self.drop_next = cfg.control_law(self.drop_next, self.count);
                } else {
                    self.dropping = false;
                }
            }
        } else if ok_to_drop {
            // Above target for an interval: enter the dropping state with a drop (or mark) now.
            let mut d = head.take().expect("ok_to_drop implies a packet");
            if cfg.ecn && d.item.ecn_capable() {
                d.item.mark_ce();
                out.marked += 1;
                head = Some(d);
            } else {
                out.dropped.push(d.item);
                head = self.dodequeue(now, cfg, q).0;
            }
            self.dropping = true;
            // Re-entering soon after the last dropping episode (drop_next is at most an
            // interval after its last drop): resume near the drop rate that controlled the
            // queue then (RFC 8289 §5.5, Linux's rule). Signed, as Linux's codel_time_before:
            // drop_next may lie after now.
            let delta = self.count.saturating_sub(self.lastcount);
            let since = now as i128 - self.drop_next as i128;
            self.count = if delta > 1 && since < 16 * cfg.interval as i128 { delta } else { 1 };
            self.drop_next = cfg.control_law(now, self.count);
            self.lastcount = self.count;
        }
        head
    }
}

/// CoDel's own queue: the FIFO itself.
impl<T: QueueItem> CodelQueue<T> for Fifo<T> {
    fn pop(&mut self) -> Option<Dequeued<T>> {
        Fifo::pop(self)
    }
    fn backlog_bytes(&self) -> u64 {
        self.bytes()
    }
}

pub struct Codel<T> {
    cfg: CodelConfig,
    limit: Limit,
    fifo: Fifo<T>,
    vars: CodelVars,
}

impl<T: QueueItem> Codel<T> {
    pub fn new(limit: Limit, params: &CodelParams) -> Result<Self, String> {
        Ok(Codel {
            cfg: CodelConfig::from_params(params)?,
            limit,
            fifo: Fifo::new(),
            vars: CodelVars::default(),
        })
    }

    /// The control state, for tests and the inspector.
    pub fn vars(&self) -> &CodelVars {
        &self.vars
    }
}

impl Codel<Packet> {
    pub fn boxed(init: QdiscInit, params: Option<&serde_json::Value>) -> Result<Box<dyn Qdisc<Packet>>, String> {
        Ok(Box::new(Codel::new(init.limit, &crate::engine::registry::parse_params(params)?)?))
    }
}

impl<T: QueueItem> Qdisc<T> for Codel<T> {
    fn enqueue(&mut self, now: Time, item: T, out: &mut Out<T>) {
        if self.fifo.admits(self.limit, item.wire_bytes()) {
            self.fifo.push(item, now);
        } else {
            out.dropped.push(item);
        }
    }

    fn dequeue(&mut self, now: Time, out: &mut Out<T>) -> Option<Dequeued<T>> {
        self.vars.dequeue(now, &self.cfg, &mut self.fifo, out)
    }

    fn len_packets(&self) -> usize {
        self.fifo.len()
    }

    fn len_bytes(&self) -> u64 {
        self.fifo.bytes()
    }

    fn memory_bytes(&self) -> usize {
        self.fifo.memory_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::Item;
    use super::*;
    use crate::engine::time::{NS_PER_MS, NS_PER_US};

    const MS: u64 = NS_PER_MS;

    fn codel(ecn: bool) -> Codel<Item> {
        Codel::new(Limit::Unlimited, &CodelParams { ecn, ..CodelParams::default() }).unwrap()
    }

    /// A standing queue: `n` packets all enqueued at 0, then dequeued one every `every` ns
    /// from `start`; returns the times of the drops and of the marks.
    fn drain(q: &mut Codel<Item>, n: u32, ect: bool, start: Time, every: Dur, until: Time) -> (Vec<Time>, Vec<Time>) {
        let mut out = Out::default();
        for id in 0..n {
            let it = Item::new(id, 0, 1500);
            q.enqueue(0, if ect { it.ect() } else { it }, &mut out);
        }
        let (mut drops, mut marks) = (vec![], vec![]);
        let mut now = start;
        while now <= until && q.len_packets() > 0 {
            out.clear();
            let d = q.dequeue(now, &mut out);
            drops.extend(out.dropped.iter().map(|_| now));
            if out.marked > 0 {
                assert!(d.as_ref().unwrap().item.ce, "the packet marked is the one sent");
                marks.push(now);
            }
            now += every;
        }
        (drops, marks)
    }

    /// RFC 8289: the first drop comes an interval after the sojourn first exceeds target,
    /// then drops follow at interval/√1, /√2, /√3, … after it.
    #[test]
    fn a_standing_queue_is_dropped_at_interval_over_sqrt_count() {
        let mut q = codel(false);
        // 10 000 packets at 0, dequeued every 100 µs: the sojourn is `now`, above target from
        // 5 ms on, and far more than an MTU stays queued.
        let (drops, _) = drain(&mut q, 10_000, false, 0, 100 * NS_PER_US, 600 * MS);
        // Above target from the dequeue at 5 ms: first_above_time = 105 ms.
        let mut expected = vec![105 * MS];
        let mut next = 105 * MS + 100 * MS;
        for count in 2..=6u32 {
            // Each drop happens at the first dequeue (100 µs grid) at or after drop_next.
            expected.push(next.div_ceil(100 * NS_PER_US) * 100 * NS_PER_US);
            next += (100.0 * MS as f64 / (count as f64).sqrt()).round() as u64;
        }
        assert_eq!(&drops[..6], &expected[..], "drops at 105, 205, +70.7, +57.7, +50, +44.7 ms");
        assert_eq!(q.vars().lastcount, 1);
        assert!(q.vars().dropping);
    }

    #[test]
    fn leaves_the_dropping_state_when_the_sojourn_falls_below_target() {
        let mut q = codel(false);
        let mut out = Out::default();
        for id in 0..3000 {
            q.enqueue(0, Item::new(id, 0, 1500), &mut out);
        }
        let mut now = 0;
        while !q.vars().dropping {
            q.dequeue(now, &mut out);
            now += 100 * NS_PER_US;
        }
        // Flush the old packets (as a much faster link would), then serve fresh ones whose
        // sojourn is 1 ms: the next dequeue leaves the state, and nothing more is dropped.
        while q.len_packets() > 0 {
            Fifo::pop(&mut q.fifo);
        }
        for id in 0..50 {
            q.enqueue(now, Item::new(id, 0, 1500), &mut out);
        }
        out.clear();
        now += MS;
        let d = q.dequeue(now, &mut out);
        assert!(d.is_some() && out.dropped.is_empty());
        assert!(!q.vars().dropping, "sojourn 1 ms < target: not dropping");
        assert_eq!(q.vars().first_above_time, None);
    }

    /// RFC 8289 §5.5: re-entering within 16 intervals of the last drop_next resumes at
    /// count − lastcount; later, it starts again at 1.
    #[test]
    fn re_entry_resumes_the_previous_drop_rate_only_if_recent() {
        for (gap, expect_count) in [(300 * MS, 4), (2000 * MS, 1)] {
            let mut q = codel(false);
            let cfg = q.cfg;
            // A previous episode that ended with count 5 (entered at count 1: lastcount 1).
            q.vars = CodelVars { count: 5, lastcount: 1, dropping: false, first_above_time: None, drop_next: 1000 * MS };
            let mut out = Out::default();
            let t0 = 1000 * MS + gap;
            for id in 0..100 {
                q.enqueue(t0 - 200 * MS, Item::new(id, 0, 1500), &mut out);
            }
            q.dequeue(t0 - cfg.interval, &mut out); // sojourn 100 ms > target: first_above = t0
            assert!(out.dropped.is_empty());
            q.dequeue(t0, &mut out);
            assert_eq!(out.dropped.len(), 1, "enters dropping with a drop");
            assert_eq!(q.vars().count, expect_count, "gap {gap}");
            assert_eq!(q.vars().lastcount, expect_count);
            assert_eq!(q.vars().drop_next, cfg.control_law(t0, expect_count));
        }
    }

    #[test]
    fn no_drop_while_at_most_one_mtu_is_queued() {
        for (backlog, should_drop) in [(1, false), (2, true)] {
            let mut q = codel(false);
            let mut out = Out::default();
            // A slow trickle: `backlog` packets always queued, each waiting 200 ms (≫ target).
            let mut id = 0;
            for _ in 0..backlog {
                q.enqueue(0, Item::new(id, 0, 1500), &mut out);
                id += 1;
            }
            for k in 1..20u64 {
                let now = k * 200 * MS;
                q.enqueue(now, Item::new(id, 0, 1500), &mut out);
                id += 1;
                q.dequeue(now, &mut out);
            }
            assert_eq!(!out.dropped.is_empty(), should_drop, "{backlog} packet(s) waiting");
        }
    }

    #[test]
    fn ecn_capable_packets_are_marked_not_dropped() {
        let mut q = codel(true);
        let (drops, marks) = drain(&mut q, 10_000, true, 0, 100 * NS_PER_US, 600 * MS);
        assert!(drops.is_empty());
        // The same schedule as the drops: the first at 105 ms, the second an interval later.
        assert_eq!(&marks[..2], &[105 * MS, 205 * MS]);
        assert!(marks.len() >= 6);
        // Not-ECT packets in the same queue are still dropped.
        let mut q = codel(true);
        let (drops, marks) = drain(&mut q, 10_000, false, 0, 100 * NS_PER_US, 600 * MS);
        assert!(marks.is_empty() && drops.len() >= 6);
    }

    #[test]
    fn bad_parameters_name_the_field() {
        let bad = |v: serde_json::Value| {
            let p: CodelParams = crate::engine::registry::parse_params(Some(&v)).unwrap();
            Codel::<Item>::new(Limit::Unlimited, &p).err().unwrap()
        };
        assert!(bad(serde_json::json!({"target_ms": -1})).starts_with("target_ms: must be > 0"));
        assert!(bad(serde_json::json!({"interval_ms": 0})).starts_with("interval_ms:"));
        assert!(bad(serde_json::json!({"mtu_bytes": 0})).starts_with("mtu_bytes:"));
        let e = crate::engine::registry::parse_params::<CodelParams>(Some(&serde_json::json!({"targt_ms": 5}))).unwrap_err();
        assert!(e.contains("targt_ms"), "{e}");
    }
}
