//! FQ-CoDel, FlowQueue-CoDel (RFC 8290): per-flow queues, deficit round robin with new
//! flows first, CoDel on each queue.
//!
//! Model (docs/model/aqm.md §FQ-CoDel): an arriving packet is hashed by its flow
//! ([`super::QueueItem::flow_key`], perturbed by a seeded random value as Linux perturbs its
//! hash) into one of `flows` (1024) queues. A queue that was not in the schedule joins the
//! tail of the *new* list with a deficit of one quantum (1514 B). Dequeue serves the head of
//! the new list, else of the old list: a queue whose deficit is spent gets a quantum more and
//! moves to the tail of the old list; otherwise its CoDel ([`super::codel::CodelVars`], one
//! per queue) hands out a packet, whose bytes are charged to the deficit. A queue that CoDel
//! empties leaves the schedule — a new one first passes through the old list (RFC 8290 §4.2,
//! "to prevent starvation") — so a sparse flow's packets, which find their queue empty,
//! always go ahead of the backlogged flows'. When the total passes the packet limit (10240)
//! or the memory limit (32 MiB), the *fattest* queue (most bytes) loses packets from its head
//! until half its bytes or 64 packets are gone (Linux `fq_codel_drop`), so the flow that
//! causes the overflow pays for it, not the arriving packet's.
//!
//! Sources: RFC 8290 §4 and §5.2 (parameters); Linux net/sched/sch_fq_codel.c
//! (`fq_codel_enqueue`, `fq_codel_dequeue`, `fq_codel_drop`), whose constants are the defaults.
//! Not modelled: Linux's per-packet memory accounting by `truesize` (wire bytes count here),
//! the `ce_threshold` and `drop_batch` sysctl paths beyond the batch size, and hash
//! collisions other than those the hash really makes.

use super::codel::{CodelConfig, CodelParams, CodelQueue, CodelVars};
use super::{Dequeued, Fifo, Limit, Out, Qdisc, QdiscInit, QueueItem};
use crate::engine::time::Time;
use crate::net::packet::Packet;
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// FQ-CoDel's constants; defaults are Linux `fq_codel_init`'s (RFC 8290 §5.2 and §4.1–4.2).
#[derive(Debug, Clone, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct FqCodelParams {
    /// TARGET of each queue's CoDel (RFC 8290 §5.2.1: 5 ms).
    #[schemars(title = "Target", extend("x-unit" = "ms", "exclusiveMinimum" = 0))]
    pub target_ms: f64,
    /// INTERVAL of each queue's CoDel (RFC 8290 §5.2.2: 100 ms).
    #[schemars(title = "Interval", extend("x-unit" = "ms", "exclusiveMinimum" = 0))]
    pub interval_ms: f64,
    /// Number of flow queues the hash spreads flows over (RFC 8290 §5.2.4, Linux `flows`: 1024).
    #[schemars(title = "Flow queues", extend("minimum" = 1, "maximum" = 65536))]
    pub flows: u32,
    /// Bytes a queue may send per round (RFC 8290 §5.2.3, Linux `quantum`: one MTU, 1514 B).
    #[schemars(title = "Quantum", extend("x-unit" = "bytes", "minimum" = 1))]
    pub quantum_bytes: u32,
    /// Packets held in all queues together before the fattest queue is cut (RFC 8290 §5.2.5,
    /// Linux `limit`: 10240). The link's buffer applies too, if tighter.
    #[schemars(title = "Packet limit", extend("x-unit" = "packets", "minimum" = 1))]
    pub limit_packets: u64,
    /// Bytes held in all queues together before the fattest queue is cut (Linux
    /// `memory_limit`: 32 MiB). The link's buffer applies too, if tighter.
    #[schemars(title = "Memory limit", extend("x-unit" = "bytes", "minimum" = 1))]
    pub memory_limit_bytes: u64,
    /// Most packets one overflow drops from the fattest queue (Linux `drop_batch_size`: 64).
    #[schemars(title = "Drop batch", extend("x-unit" = "packets", "minimum" = 1))]
    pub drop_batch: u32,
    /// CoDel's MTU check: no drop while at most this many bytes are queued in all (Linux
    /// `cparams.mtu`, 1514 B).
    #[schemars(title = "MTU", extend("x-unit" = "bytes", "minimum" = 1))]
    pub mtu_bytes: u32,
    /// Mark ECN-capable packets instead of dropping them (RFC 8290 §5.2.7; on by default, as
    /// in Linux).
    #[schemars(title = "ECN marking")]
    pub ecn: bool,
}

impl Default for FqCodelParams {
    fn default() -> Self {
        FqCodelParams {
            target_ms: 5.0,
            interval_ms: 100.0,
            flows: 1024,
            quantum_bytes: 1514,
            limit_packets: 10240,
            memory_limit_bytes: 32 << 20,
            drop_batch: 64,
            mtu_bytes: 1514,
            ecn: true,
        }
    }
}

/// Which schedule list a flow queue is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum On {
    None,
    New,
    Old,
}

struct Flow<T> {
    /// The flow's packets; its byte count is Linux's `backlogs[idx]`.
    queue: Fifo<T>,
    /// DRR deficit in bytes; may go negative by up to one packet.
    deficit: i64,
    codel: CodelVars,
    on: On,
}

/// One flow queue seen by its CoDel: popping updates the flow's and the qdisc's totals, and
/// the MTU check reads the whole qdisc's backlog (Linux passes `sch->qstats.backlog`).
struct FlowQueue<'a, T> {
    queue: &'a mut Fifo<T>,
    total_packets: &'a mut usize,
    total_bytes: &'a mut u64,
}

impl<T: QueueItem> CodelQueue<T> for FlowQueue<'_, T> {
    fn pop(&mut self) -> Option<Dequeued<T>> {
        let d = self.queue.pop()?;
        *self.total_bytes -= d.item.wire_bytes() as u64;
        *self.total_packets -= 1;
        Some(d)
    }
    fn backlog_bytes(&self) -> u64 {
        *self.total_bytes
    }
}

pub struct FqCodel<T> {
    cfg: CodelConfig,
    quantum: i64,
    packet_limit: u64,
    byte_limit: u64,
    drop_batch: u32,
    /// Added to every flow key before hashing, drawn from the queue's seeded stream (Linux
    /// perturbs its flow hash with a random value for the same reason: no fixed collisions).
    perturbation: u32,
    flows: Vec<Flow<T>>,
    new_flows: VecDeque<u32>,
    old_flows: VecDeque<u32>,
    packets: usize,
    bytes: u64,
}

/// A 32-bit avalanche mix (MurmurHash3's finaliser): every key bit moves every bucket bit.
fn mix32(mut h: u32) -> u32 {
    h ^= h >> 16;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^ (h >> 16)
}

impl<T: QueueItem> FqCodel<T> {
    pub fn new(limit: Limit, params: &FqCodelParams, perturbation: u32) -> Result<Self, String> {
        let codel = CodelParams { target_ms: params.target_ms, interval_ms: params.interval_ms, mtu_bytes: params.mtu_bytes, ecn: params.ecn };
        let cfg = CodelConfig::from_params(&codel)?;
        if !(1..=65536).contains(&params.flows) {
            return Err(format!("flows: must be in 1..=65536 (got {})", params.flows));
        }
        if params.quantum_bytes == 0 {
            return Err("quantum_bytes: must be ≥ 1".into());
        }
        if params.limit_packets == 0 {
            return Err("limit_packets: must be ≥ 1".into());
        }
        if params.memory_limit_bytes == 0 {
            return Err("memory_limit_bytes: must be ≥ 1".into());
        }
        if params.drop_batch == 0 {
            return Err("drop_batch: must be ≥ 1".into());
        }
        // The link's buffer is a limit too; the tighter one triggers the fattest-flow drop.
        let (packet_limit, byte_limit) = match limit {
            Limit::Packets(n) => (params.limit_packets.min(n.max(1)), params.memory_limit_bytes),
            Limit::Bytes(b) => (params.limit_packets, params.memory_limit_bytes.min(b.max(1))),
            Limit::Unlimited => (params.limit_packets, params.memory_limit_bytes),
        };
        let flows = (0..params.flows)
            .map(|_| Flow { queue: Fifo::new(), deficit: 0, codel: CodelVars::default(), on: On::None })
            .collect();
        Ok(FqCodel {
            cfg,
            quantum: params.quantum_bytes as i64,
            packet_limit,
            byte_limit,
            drop_batch: params.drop_batch,
            perturbation,
            flows,
            new_flows: VecDeque::new(),
            old_flows: VecDeque::new(),
            packets: 0,
            bytes: 0,
        })
    }

    /// The queue a flow key hashes to (Linux `fq_codel_hash`: `reciprocal_scale`, i.e. the
    /// high bits of hash × flows).
    pub fn bucket(&self, flow_key: u32) -> usize {
        ((mix32(flow_key ^ self.perturbation) as u64 * self.flows.len() as u64) >> 32) as usize
    }

    /// Linux `fq_codel_drop`: cut the fattest queue from its head, up to half its bytes or
    /// `drop_batch` packets. Ties go to the lowest index, as Linux's scan does.
    fn drop_from_fattest(&mut self, out: &mut Out<T>) {
        let (mut idx, mut fattest) = (0, 0);
        for (i, f) in self.flows.iter().enumerate() {
            if f.queue.bytes() > fattest {
                (idx, fattest) = (i, f.queue.bytes());
            }
        }
        if fattest == 0 {
            return;
        }
        let threshold = fattest / 2;
        let flow = &mut self.flows[idx];
        let (mut dropped, mut n) = (0u64, 0u32);
        while let Some(Dequeued { item, .. }) = flow.queue.pop() {
            let b = item.wire_bytes() as u64;
            self.bytes -= b;
            self.packets -= 1;
            dropped += b;
            n += 1;
            out.dropped.push(item);
            if n >= self.drop_batch || dropped >= threshold {
                break;
            }
        }
    }
}

impl FqCodel<Packet> {
    pub fn boxed(mut init: QdiscInit, params: Option<&serde_json::Value>) -> Result<Box<dyn Qdisc<Packet>>, String> {
        let perturbation = init.rng.random::<u32>();
        Ok(Box::new(FqCodel::new(init.limit, &crate::engine::registry::parse_params(params)?, perturbation)?))
    }
}

impl<T: QueueItem> Qdisc<T> for FqCodel<T> {
    fn enqueue(&mut self, now: Time, item: T, out: &mut Out<T>) {
        let idx = self.bucket(item.flow_key());
        let b = item.wire_bytes() as u64;
        let flow = &mut self.flows[idx];
        flow.queue.push(item, now);
        if flow.on == On::None {
            // A queue not in the schedule is a new flow: it goes first, with a full quantum.
            flow.on = On::New;
            flow.deficit = self.quantum;
            self.new_flows.push_back(idx as u32);
        }
        self.packets += 1;
        self.bytes += b;
        if self.packets as u64 > self.packet_limit || self.bytes > self.byte_limit {
            self.drop_from_fattest(out);
        }
    }

    fn dequeue(&mut self, now: Time, out: &mut Out<T>) -> Option<Dequeued<T>> {
        loop {
            let (from_new, idx) = match (self.new_flows.front(), self.old_flows.front()) {
                (Some(&i), _) => (true, i as usize),
                (None, Some(&i)) => (false, i as usize),
                (None, None) => return None,
            };
            let list = if from_new { &mut self.new_flows } else { &mut self.old_flows };
            if self.flows[idx].deficit <= 0 {
                // Its share of this round is spent: a quantum more, and to the back.
                list.pop_front();
                let flow = &mut self.flows[idx];
                flow.deficit += self.quantum;
                flow.on = On::Old;
                self.old_flows.push_back(idx as u32);
                continue;
            }
            let Flow { queue, codel, .. } = &mut self.flows[idx];
            let mut fq = FlowQueue { queue, total_packets: &mut self.packets, total_bytes: &mut self.bytes };
            match codel.dequeue(now, &self.cfg, &mut fq, out) {
                Some(d) => {
                    self.flows[idx].deficit -= d.item.wire_bytes() as i64;
                    return Some(d);
                }
                None => {
                    // Empty: a new queue passes through the old list once (so it cannot
                    // starve the old ones by coming back as new); an old one leaves.
                    list.pop_front();
                    if from_new && !self.old_flows.is_empty() {
                        self.flows[idx].on = On::Old;
                        self.old_flows.push_back(idx as u32);
                    } else {
                        self.flows[idx].on = On::None;
                    }
                }
            }
        }
    }

    fn len_packets(&self) -> usize {
        self.packets
    }

    fn len_bytes(&self) -> u64 {
        self.bytes
    }

    fn memory_bytes(&self) -> usize {
        self.flows.capacity() * std::mem::size_of::<Flow<T>>()
            + self.flows.iter().map(|f| f.queue.memory_bytes()).sum::<usize>()
            + (self.new_flows.capacity() + self.old_flows.capacity()) * std::mem::size_of::<u32>()
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::Item;
    use super::*;

    fn fq(limit: Limit) -> FqCodel<Item> {
        FqCodel::new(limit, &FqCodelParams::default(), 0x5eed).unwrap()
    }

    /// Two flow keys that the hash puts in different queues (what the tests assume).
    fn distinct(q: &FqCodel<Item>, keys: &[u32]) {
        let mut b: Vec<usize> = keys.iter().map(|&k| q.bucket(k)).collect();
        b.sort_unstable();
        b.dedup();
        assert_eq!(b.len(), keys.len(), "keys {keys:?} share a queue");
    }

    #[test]
    fn a_sparse_flows_packet_goes_before_a_bulk_backlog() {
        let mut q = fq(Limit::Unlimited);
        distinct(&q, &[1, 2]);
        let mut out = Out::default();
        for id in 0..50 {
            q.enqueue(0, Item::new(id, 1, 1500), &mut out);
        }
        // The bulk flow sends its first quantum (two packets) and moves to the old list.
        for _ in 0..3 {
            assert_eq!(q.dequeue(0, &mut out).unwrap().item.flow, 1);
        }
        // A sparse flow's packet arrives behind 47 bulk packets and leaves next.
        q.enqueue(1, Item::new(1000, 2, 100), &mut out);
        let d = q.dequeue(1, &mut out).unwrap();
        assert_eq!((d.item.id, d.item.flow), (1000, 2));
        assert_eq!(q.dequeue(1, &mut out).unwrap().item.flow, 1);
        assert!(out.dropped.is_empty());
    }

    /// DRR: two backlogged flows get equal bytes whatever their packet sizes.
    #[test]
    fn drr_shares_bytes_between_flows_of_different_packet_sizes() {
        let mut q = fq(Limit::Unlimited);
        distinct(&q, &[7, 8]);
        let mut out = Out::default();
        for id in 0..400 {
            q.enqueue(0, Item::new(id, 7, 1500), &mut out);
        }
        for id in 0..1200 {
            q.enqueue(0, Item::new(10_000 + id, 8, 300), &mut out);
        }
        let (mut big, mut small) = (0u64, 0u64);
        // Served at time 0, so CoDel never drops: what is measured is the scheduler.
        while big + small < 300_000 {
            let d = q.dequeue(0, &mut out).unwrap();
            if d.item.flow == 7 { big += 1500 } else { small += 300 }
        }
        assert!(big.abs_diff(small) <= 2 * 1514, "1500 B flow {big} B vs 300 B flow {small} B");
        assert!(out.dropped.is_empty());
    }

    #[test]
    fn overflow_drops_from_the_fattest_flow_not_the_arrival() {
        let mut q = fq(Limit::Packets(100));
        distinct(&q, &[1, 2]);
        let mut out = Out::default();
        for id in 0..99 {
            q.enqueue(0, Item::new(id, 1, 1500), &mut out);
        }
        q.enqueue(0, Item::new(500, 2, 100), &mut out);
        assert!(out.dropped.is_empty(), "100 packets fit");
        // The 101st packet is the small flow's: the fat flow pays, from its head, until half
        // its bytes are gone (99 × 1500 / 2 = 74 250 B: 50 packets).
        q.enqueue(0, Item::new(501, 2, 100), &mut out);
        let ids: Vec<u32> = out.dropped.iter().map(|i| i.id).collect();
        assert_eq!(ids, (0..50).collect::<Vec<_>>());
        assert_eq!(q.len_packets(), 51);
        // Both small packets are still there; they leave right after the fat flow's quantum.
        let first: Vec<u32> = (0..4).map(|_| q.dequeue(0, &mut out).unwrap().item.id).collect();
        assert_eq!(first, vec![50, 51, 500, 501]);
        // The batch is capped at 64 packets.
        let mut q = FqCodel::<Item>::new(Limit::Packets(300), &FqCodelParams::default(), 1).unwrap();
        let mut out = Out::default();
        for id in 0..301 {
            q.enqueue(0, Item::new(id, 1, 1500), &mut out);
        }
        assert_eq!(out.dropped.len(), 64);
    }

    #[test]
    fn each_queue_runs_its_own_codel() {
        let mut q = fq(Limit::Unlimited);
        distinct(&q, &[1, 2]);
        let mut out = Out::default();
        // A bulk flow with a standing queue, served at 1.2 ms per packet, and a sparse flow
        // sending one packet every 20 ms: CoDel drops only the bulk flow's packets.
        let mut id = 0;
        for _ in 0..1000 {
            q.enqueue(0, Item::new(id, 1, 1500), &mut out);
            id += 1;
        }
        let mut sparse_sent = 0;
        for k in 0..500u64 {
            let now = k * 1_200_000;
            if k % 17 == 0 {
                q.enqueue(now, Item::new(id, 2, 200), &mut out);
                id += 1;
            }
            if let Some(d) = q.dequeue(now, &mut out) {
                if d.item.flow == 2 {
                    sparse_sent += 1;
                    assert!(now - d.enqueued_at <= 2 * 1_200_000, "a sparse packet waits at most one quantum of bulk packets");
                }
            }
        }
        assert!(!out.dropped.is_empty());
        assert!(out.dropped.iter().all(|i| i.flow == 1), "only the bulk flow is dropped");
        assert_eq!(sparse_sent, 30);
    }

    #[test]
    fn bad_parameters_name_the_field() {
        let bad = |v: serde_json::Value| {
            let p: FqCodelParams = crate::engine::registry::parse_params(Some(&v)).unwrap();
            FqCodel::<Item>::new(Limit::Unlimited, &p, 0).err().unwrap()
        };
        assert!(bad(serde_json::json!({"flows": 0})).starts_with("flows:"));
        assert!(bad(serde_json::json!({"quantum_bytes": 0})).starts_with("quantum_bytes:"));
        assert!(bad(serde_json::json!({"target_ms": -5})).starts_with("target_ms:"));
        let e = crate::engine::registry::parse_params::<FqCodelParams>(Some(&serde_json::json!({"limit_packets": -1}))).unwrap_err();
        assert!(e.starts_with("limit_packets:"), "{e}");
    }
}
