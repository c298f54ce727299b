//! DropTail: a FIFO that drops an arriving packet when the buffer is full.
//!
//! Model (docs/model/aqm.md §DropTail): the buffer counts the packets *waiting* for the
//! transmitter, not the one being serialised (as a Linux `pfifo`/`bfifo` qdisc or an ns-3
//! `DropTailQueue` in front of a device does), in packets or in bytes, or is unlimited. An
//! arriving packet that would make the waiting packets exceed the limit is dropped; a packet
//! that finds the transmitter idle goes straight onto the wire and is never dropped.
//!
//! [`admits`] is that rule, and the one place it is written: the link's fast path (which
//! schedules a DropTail packet's whole future at enqueue, see [`super::Qdisc::fifo_limit`])
//! and every discipline's hard limit ([`super::Fifo::admits`]) call it.

use super::{Dequeued, Fifo, Limit, Out, Qdisc, QdiscInit, QueueItem};
use crate::engine::time::Time;
use crate::net::packet::Packet;

/// Whether a packet of `bytes` may join a queue already holding `waiting_packets` packets and
/// `waiting_bytes` bytes (those waiting for the transmitter, not the one on it). A packet
/// that finds the transmitter idle is always admitted: it does not wait at all.
pub fn admits(limit: Limit, waiting_packets: u64, waiting_bytes: u64, bytes: u32, transmitter_busy: bool) -> bool {
    if !transmitter_busy {
        return true;
    }
    match limit {
        Limit::Packets(n) => waiting_packets < n,
        Limit::Bytes(b) => waiting_bytes.saturating_add(bytes as u64) <= b,
        Limit::Unlimited => true,
    }
}

/// DropTail has no parameters of its own: its limit is the link's buffer.
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DropTailParams {}

pub struct DropTail<T> {
    limit: Limit,
    queue: Fifo<T>,
}

impl<T: QueueItem> DropTail<T> {
    pub fn new(limit: Limit) -> Self {
        DropTail { limit, queue: Fifo::new() }
    }
}

impl DropTail<Packet> {
    pub fn boxed(init: QdiscInit, params: Option<&serde_json::Value>) -> Result<Box<dyn Qdisc<Packet>>, String> {
        let _: DropTailParams = crate::engine::registry::parse_params(params)?;
        Ok(Box::new(DropTail::new(init.limit)))
    }
}

impl<T: QueueItem> Qdisc<T> for DropTail<T> {
    fn enqueue(&mut self, now: Time, item: T, out: &mut Out<T>) {
        if self.queue.admits(self.limit, item.wire_bytes()) {
            self.queue.push(item, now);
        } else {
            out.dropped.push(item);
        }
    }

    fn dequeue(&mut self, _now: Time, _out: &mut Out<T>) -> Option<Dequeued<T>> {
        self.queue.pop()
    }

    fn len_packets(&self) -> usize {
        self.queue.len()
    }

    fn len_bytes(&self) -> u64 {
        self.queue.bytes()
    }

    fn fifo_limit(&self) -> Option<Limit> {
        Some(self.limit)
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
    use crate::engine::time::{tx_time, NS_PER_US};
    use crate::net::link::{Link, QueueLimit, Verdict};

    fn as_link_limit(l: Limit) -> QueueLimit {
        match l {
            Limit::Packets(n) => QueueLimit::Packets(n),
            Limit::Bytes(b) => QueueLimit::Bytes(b),
            Limit::Unlimited => QueueLimit::Unlimited,
        }
    }

    /// The rule, offer by offer, against the link's own DropTail (net/link.rs `offer_packet`)
    /// on an arrival pattern that fills, overflows and drains the buffer, with mixed sizes.
    #[test]
    fn admits_is_the_links_droptail_rule() {
        let rate = 10_000_000;
        for limit in [Limit::Packets(3), Limit::Packets(0), Limit::Bytes(4000), Limit::Bytes(100), Limit::Unlimited] {
            let mut link = Link::new("l".into(), 0, 1, rate, 0, as_link_limit(limit), 0.0, derive_rng(1, "link", 0));
            let mut busy_until = 0;
            let (mut drops, mut admitted) = (0, 0);
            for i in 0..400u64 {
                // Bursts of 8 back to back every 20 packets' time, then a quiet spell.
                let now = (i / 8) * 2_400 * NS_PER_US + (i % 8) * 10 * NS_PER_US;
                let bytes = if i % 3 == 0 { 64 } else { 1500 };
                let (waiting_bytes, waiting_packets) = link.queue_at(now);
                let expected = admits(limit, waiting_packets, waiting_bytes, bytes, busy_until > now);
                let verdict = link.offer_packet(now, bytes, true);
                assert_eq!(verdict != Verdict::QueueDrop, expected, "{limit:?}, offer {i} at {now}");
                if expected {
                    busy_until = busy_until.max(now) + tx_time(bytes, rate);
                    admitted += 1;
                } else {
                    drops += 1;
                }
            }
            if limit != Limit::Unlimited {
                assert!(drops > 0, "{limit:?}: the pattern overflows the buffer");
            }
            assert!(admitted > 0);
        }
    }

    #[test]
    fn an_idle_transmitter_takes_a_packet_whatever_the_limit() {
        assert!(admits(Limit::Packets(0), 0, 0, 1500, false));
        assert!(admits(Limit::Bytes(10), 5, 10, 1500, false));
        assert!(!admits(Limit::Packets(0), 0, 0, 1500, true));
        assert!(admits(Limit::Packets(2), 1, 0, 1500, true));
        assert!(!admits(Limit::Packets(2), 2, 0, 1500, true));
        assert!(admits(Limit::Bytes(3000), 1, 1500, 1500, true));
        assert!(!admits(Limit::Bytes(3000), 1, 1501, 1500, true));
    }

    #[test]
    fn fifo_order_and_tail_drop() {
        let mut q = DropTail::new(Limit::Packets(2));
        let mut out = Out::default();
        // The link takes the first packet straight onto its idle transmitter; two more wait;
        // the fourth would be a third waiting packet and is dropped.
        q.enqueue(0, Item::new(0, 0, 1000), &mut out);
        assert_eq!(q.dequeue(0, &mut out).map(|d| d.item.id), Some(0));
        for id in 1..4 {
            q.enqueue(id as u64, Item::new(id, 0, 1000), &mut out);
        }
        let dropped: Vec<u32> = out.dropped.iter().map(|i| i.id).collect();
        assert_eq!(dropped, vec![3]);
        assert_eq!((q.len_packets(), q.len_bytes()), (2, 2000));
        let order: Vec<(u32, u64)> = std::iter::from_fn(|| q.dequeue(10, &mut out)).map(|d| (d.item.id, d.enqueued_at)).collect();
        assert_eq!(order, vec![(1, 1), (2, 2)]);
        assert_eq!(q.fifo_limit(), Some(Limit::Packets(2)));
        assert_eq!(q.len_bytes(), 0);
    }
}
