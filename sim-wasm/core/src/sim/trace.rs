//! The per-packet trace of one flow: what the sequence/time diagram draws (issue 16).
//!
//! The textbook picture of a transport connection (Stevens, *TCP/IP Illustrated* vol. 1,
//! ch. 17–21; Kurose & Ross §3.5): two vertical time axes, sender and receiver, every data
//! segment a slanted line from the sender to the receiver, every ACK one back, a lost segment a
//! line ending in a cross, its retransmission later in another colour.
//!
//! **Where it records.** At the world level, not in the transports: a packet is *sent* when a
//! host puts it on the first link of its path (`World::send` at hop 0), *delivered* when it
//! leaves the last link for its destination agent (the engine's arrival), *dropped* where a
//! link's queue, its discipline (AQM) or its wire loses it (`World::lost`). So TCP, every MPTCP
//! subflow and QUIC are traced alike, and the senders are not touched.
//!
//! **Matching a delivery to its send.** Packets carry no id, and the trace adds none (the
//! packet layout and every sender stay as they are). A packet is recognised by its path and a
//! fingerprint of its header: a TCP/MPTCP segment by (sequence, send time) — unique, a
//! retransmission has a later send time —, a QUIC packet by its packet number; ACKs by their
//! cumulative ACK, SACK blocks and ECE. Packets of one flow on one path stay in order on every
//! link (FIFO queues, jitter that never reorders: net/link.rs; fair queueing keeps one flow's
//! packets in order too), so among identical fingerprints the oldest pending one is the one
//! that arrives. Two identical duplicate ACKs are indistinguishable anyway; if one of them is
//! dropped the oldest pending one is marked, which can swap their send times (both have the
//! same content, so the picture is the same).
//!
//! **Retransmission flag.** A TCP or MPTCP segment whose (subflow) sequence number is below the
//! highest one already sent on its path since tracing began; a QUIC packet carrying a stream
//! frame that starts below the highest offset already sent on that stream. Tracing that starts
//! mid-run sees the first packets after it as originals.
//!
//! **Bounds and cost.** Off by default: the world holds `None` and each hook is one branch.
//! On, it keeps the last [`TRACE_CAPACITY`] records in a ring (older ones are evicted, and
//! counted), plus one pending entry per traced packet in flight: two ordered-set operations per
//! traced packet (measured natively on tcp-dumbbell's full run, 1.1 M events with the traced
//! flow sending half the packets: 0.38 s traced against 0.27 s untraced). Its memory is outside
//! the run's memory budget on purpose: counting it would let tracing change when a run near its
//! budget stops, and tracing must never change results (it only reads packets).

use crate::engine::time::{to_secs, Time};
use crate::net::packet::{Body, Ecn, FlowIdx, Packet};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Records kept: the last 50 000 packets of the traced flow (a few seconds of a 100 Mbit/s
/// flow, minutes of a slow one) — far more than a window of a few RTTs on screen needs, about
/// 3 MB.
pub const TRACE_CAPACITY: usize = 50_000;

/// What a packet was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum TraceKind {
    Data,
    Ack,
    /// Connection setup: the sender's SYN (or an MPTCP subflow's) and the receiver's SYN-ACK.
    Syn,
    SynAck,
}

/// Where a packet was lost (declared with the event log that reports it).
pub use crate::metrics::DropCause;

/// One traced packet, as the page reads it.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct TraceRecord {
    /// When the sending host put it on its first link, simulated seconds.
    pub sent_s: f64,
    /// When it reached its destination or was lost; null while it is still in flight.
    pub end_s: Option<f64>,
    pub kind: TraceKind,
    /// Sender → receiver (data, SYN) rather than receiver → sender (ACKs, SYN-ACK).
    pub forward: bool,
    /// Data: the segment number (TCP, an MPTCP subflow's sequence; segments, not bytes) or the
    /// QUIC packet number. ACK: the cumulative ACK (TCP: next segment expected; QUIC: largest
    /// acknowledged + 1). 0 for the handshake.
    pub seq: u64,
    /// Payload bytes (0 for ACKs and the handshake).
    pub len: u32,
    /// A retransmission (see the module header for how it is told).
    pub retx: bool,
    /// The network path it took: MPTCP subflows differ by path.
    pub path: u32,
    /// MPTCP data: the connection-level data sequence number.
    pub dsn: Option<u64>,
    /// ACKs: SACK blocks (TCP) or extra ACK ranges (QUIC) it carried.
    pub sack_blocks: u8,
    /// ACKs: the ECN echo (TCP's ECE).
    pub ece: bool,
    /// It arrived marked Congestion Experienced.
    pub ce: bool,
    /// Where it was lost, if it was.
    pub drop: Option<TraceDrop>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct TraceDrop {
    /// The link that lost it.
    pub link: String,
    /// Its position on the packet's path: hop `hop` (0-based) of `hops`, so the page can place
    /// the cross between the two axes.
    pub hop: u16,
    pub hops: u16,
    pub cause: DropCause,
}

/// The trace in a time window, for the page (`Simulation::trace`).
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct TraceWindow {
    /// The traced flow's index, and its id.
    pub flow: u32,
    pub flow_id: String,
    /// When tracing (of this flow) began: nothing before it is known.
    pub tracing_since_s: f64,
    /// Send time of the oldest record still kept (later than `tracing_since_s` once the ring
    /// evicted records); null before the first packet.
    pub oldest_s: Option<f64>,
    /// Records in the window before sampling.
    pub matched: u32,
    /// Every `stride`-th record is returned when more than the caller's budget matched
    /// (drops and retransmissions are always kept); 1 = all of them.
    pub stride: u32,
    pub records: Vec<TraceRecord>,
    /// The flow's loss-recovery events in the window (RTO, fast retransmit, QUIC PTO and
    /// declared losses), from the run's event log.
    pub events: Vec<crate::metrics::LogEvent>,
}

/// A record as kept: times in ns and the link as an index, to keep the ring small.
#[derive(Debug, Clone, Copy)]
struct Rec {
    sent: Time,
    /// `Time::MAX` while in flight.
    end: Time,
    kind: TraceKind,
    forward: bool,
    retx: bool,
    ce: bool,
    ece: bool,
    sack_blocks: u8,
    len: u32,
    path: u32,
    seq: u64,
    /// u64::MAX: none.
    dsn: u64,
    /// Dropped on `drop_link` at hop `drop_hop` of `drop_hops`; u32::MAX: not dropped.
    drop_link: u32,
    drop_hop: u16,
    drop_hops: u16,
    drop_cause: DropCause,
}

/// A packet's identity for matching (see the module header): path, kind tag, two fields.
pub(crate) type Key = (u32, u8, u64, u64);

/// `pkt`'s identity for matching (the module header): what sim/follow.rs recognises a packet by
/// on each hop of its path.
pub(crate) fn identity(pkt: &Packet) -> Key {
    PacketTrace::describe(pkt).0
}

/// The trace of one flow: a ring of records and the packets still in flight.
#[derive(Debug)]
pub struct PacketTrace {
    pub flow: FlowIdx,
    /// When tracing began.
    pub since: Time,
    ring: VecDeque<Rec>,
    cap: usize,
    /// Serial number of `ring[0]` (records pushed before it were evicted).
    first_serial: u64,
    /// Packets in flight: (identity, serial), so the oldest of an identity comes first. One
    /// ordered set rather than a queue per identity: no allocation per packet.
    pending: BTreeSet<(Key, u64)>,
    /// Per path: one past the highest TCP/MPTCP segment number sent.
    next_seq: BTreeMap<u32, u64>,
    /// Per QUIC stream: the highest byte offset sent.
    stream_end: BTreeMap<u16, u64>,
}

impl PacketTrace {
    pub fn new(flow: FlowIdx, since: Time) -> Self {
        Self::with_capacity(flow, since, TRACE_CAPACITY)
    }

    pub fn with_capacity(flow: FlowIdx, since: Time, cap: usize) -> Self {
        PacketTrace {
            flow,
            since,
            ring: VecDeque::new(),
            cap: cap.max(1),
            first_serial: 0,
            pending: BTreeSet::new(),
            next_seq: BTreeMap::new(),
            stream_end: BTreeMap::new(),
        }
    }

    /// Records kept now.
    pub fn len(&self) -> usize {
        self.ring.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ring.is_empty()
    }

    /// Records evicted from the ring so far.
    pub fn evicted(&self) -> u64 {
        self.first_serial
    }

    /// Identity, kind, direction and header fields of a packet.
    fn describe(pkt: &Packet) -> (Key, Rec) {
        let mut r = Rec {
            sent: 0,
            end: Time::MAX,
            kind: TraceKind::Data,
            forward: true,
            retx: false,
            ce: false,
            ece: false,
            sack_blocks: 0,
            len: 0,
            path: pkt.path,
            seq: 0,
            dsn: u64::MAX,
            drop_link: u32::MAX,
            drop_hop: 0,
            drop_hops: 0,
            drop_cause: DropCause::Queue,
        };
        let ack_key = |a: &crate::net::packet::TcpAck| {
            // The SACK blocks and ECE folded into one number: equal headers, equal keys.
            let mut h = a.ece as u64;
            for (s, e) in a.blocks() {
                h = h.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(s) ^ e.rotate_left(32);
            }
            h
        };
        let key = match &pkt.body {
            Body::TcpData(d) => {
                r.seq = d.seq;
                r.len = d.len;
                (pkt.path, 0, d.seq, d.sent_at)
            }
            Body::MptcpData(m) => {
                r.seq = m.data.seq;
                r.len = m.data.len;
                r.dsn = m.dsn;
                (pkt.path, 0, m.data.seq, m.data.sent_at)
            }
            Body::QuicData(q) => {
                r.seq = q.pn;
                r.len = q.frames.iter().map(|f| f.len).sum();
                (pkt.path, 1, q.pn, 0)
            }
            Body::TcpAck(a) | Body::MptcpAck(crate::net::packet::MptcpAck { ack: a, .. }) => {
                r.kind = TraceKind::Ack;
                r.forward = false;
                r.seq = a.cum;
                r.sack_blocks = a.sack_len();
                r.ece = a.ece;
                (pkt.path, 2, a.cum, ack_key(a))
            }
            Body::QuicAck(a) => {
                r.kind = TraceKind::Ack;
                r.forward = false;
                r.seq = a.ranges.first().map_or(0, |&(_, end)| end);
                r.sack_blocks = a.ranges.len().saturating_sub(1).min(u8::MAX as usize) as u8;
                let h = a.ranges.iter().fold(0u64, |h, &(s, e)| h.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(s) ^ e.rotate_left(32));
                (pkt.path, 3, r.seq, h)
            }
            Body::Syn(_) => {
                r.kind = TraceKind::Syn;
                (pkt.path, 4, 0, 0)
            }
            Body::SynAck(_) => {
                r.kind = TraceKind::SynAck;
                r.forward = false;
                (pkt.path, 5, 0, 0)
            }
        };
        (key, r)
    }

    /// A host put `pkt` on its first link at `now`.
    pub fn on_send(&mut self, now: Time, pkt: &Packet) {
        if pkt.flow != self.flow {
            return;
        }
        let (key, mut r) = Self::describe(pkt);
        r.sent = now;
        match &pkt.body {
            Body::TcpData(_) | Body::MptcpData(_) => {
                let next = self.next_seq.entry(pkt.path).or_insert(0);
                r.retx = r.seq < *next;
                *next = (*next).max(r.seq + 1);
            }
            Body::QuicData(q) => {
                for f in &q.frames {
                    let end = self.stream_end.entry(f.stream).or_insert(0);
                    r.retx |= f.offset < *end;
                    *end = (*end).max(f.offset + f.len as u64);
                }
            }
            _ => {}
        }
        if self.ring.len() == self.cap {
            self.ring.pop_front();
            self.first_serial += 1;
        }
        let serial = self.first_serial + self.ring.len() as u64;
        self.ring.push_back(r);
        self.pending.insert((key, serial));
    }

    /// The oldest pending record with `pkt`'s identity, taken out of the pending table.
    fn take_pending(&mut self, pkt: &Packet) -> Option<&mut Rec> {
        let (key, _) = Self::describe(pkt);
        let first = *self.pending.range((key, 0)..=(key, u64::MAX)).next()?;
        self.pending.remove(&first);
        // An evicted record is no longer kept: nothing to update.
        let idx = first.1.checked_sub(self.first_serial)?;
        self.ring.get_mut(idx as usize)
    }

    /// `pkt` reached its destination at `now`.
    pub fn on_deliver(&mut self, now: Time, pkt: &Packet) {
        if pkt.flow != self.flow {
            return;
        }
        if let Some(r) = self.take_pending(pkt) {
            r.end = now;
            r.ce = pkt.ecn == Ecn::Ce;
        }
    }

    /// `pkt` was lost at `now` on link `link`, hop `hop` of its `hops`.
    pub fn on_drop(&mut self, now: Time, pkt: &Packet, link: u32, hops: usize, cause: DropCause) {
        if pkt.flow != self.flow {
            return;
        }
        if let Some(r) = self.take_pending(pkt) {
            r.end = now;
            r.drop_link = link;
            r.drop_hop = pkt.hop;
            r.drop_hops = hops.min(u16::MAX as usize) as u16;
            r.drop_cause = cause;
        }
    }

    /// Records that overlap [`since`, `until`] (sent by `until`, and ended at or after `since` or
    /// still in flight), oldest first; every k-th of them when more than `max` match (k = ⌈n /
    /// max⌉), drops and retransmissions always kept. Returns (matched, stride, records).
    pub fn window(&self, since: Time, until: Time, max: usize, link_name: impl Fn(u32) -> String) -> (usize, usize, Vec<TraceRecord>) {
        // The ring is in send order: stop at the first record sent after `until`.
        let upto = self.ring.partition_point(|r| r.sent <= until);
        let hit = |r: &Rec| r.end >= since;
        let matched = self.ring.range(..upto).filter(|r| hit(r)).count();
        let stride = matched.div_ceil(max.max(1)).max(1);
        let records = self
            .ring
            .range(..upto)
            .filter(|r| hit(r))
            .enumerate()
            .filter(|(i, r)| i % stride == 0 || r.retx || r.drop_link != u32::MAX)
            .map(|(_, r)| TraceRecord {
                sent_s: to_secs(r.sent),
                end_s: (r.end != Time::MAX).then(|| to_secs(r.end)),
                kind: r.kind,
                forward: r.forward,
                seq: r.seq,
                len: r.len,
                retx: r.retx,
                path: r.path,
                dsn: (r.dsn != u64::MAX).then_some(r.dsn),
                sack_blocks: r.sack_blocks,
                ece: r.ece,
                ce: r.ce,
                drop: (r.drop_link != u32::MAX).then(|| TraceDrop { link: link_name(r.drop_link), hop: r.drop_hop, hops: r.drop_hops, cause: r.drop_cause }),
            })
            .collect();
        (matched, stride, records)
    }

    /// Send time of the oldest kept record.
    pub fn oldest(&self) -> Option<Time> {
        self.ring.front().map(|r| r.sent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::packet::{TcpAck, TcpData};

    fn data(seq: u64, sent_at: Time) -> Packet {
        Packet {
            flow: 0,
            dst: 1,
            path: 0,
            hop: 0,
            ecn: Ecn::NotEct,
            wire_bytes: 1500,
            body: Body::TcpData(TcpData { seq, len: 1448, fin: false, sent_at, cwr: false }),
        }
    }

    fn ack(cum: u64) -> Packet {
        Packet {
            flow: 0,
            dst: 0,
            path: 1,
            hop: 0,
            ecn: Ecn::NotEct,
            wire_bytes: 64,
            body: Body::TcpAck(TcpAck::new(cum, &[], false)),
        }
    }

    fn all(t: &PacketTrace) -> Vec<TraceRecord> {
        t.window(0, Time::MAX, usize::MAX, |l| format!("l{l}")).2
    }

    /// The ring keeps the last `cap` records in send order, counts what it evicted, and a
    /// delivery of an evicted packet changes nothing.
    #[test]
    fn the_ring_is_bounded_and_ordered() {
        let mut t = PacketTrace::with_capacity(0, 0, 4);
        for s in 0..10 {
            t.on_send(s * 10, &data(s, s * 10));
        }
        assert_eq!(t.len(), 4);
        assert_eq!(t.evicted(), 6);
        let seqs: Vec<u64> = all(&t).iter().map(|r| r.seq).collect();
        assert_eq!(seqs, vec![6, 7, 8, 9]);
        // Packet 2 was evicted: its delivery is ignored; packet 7's is recorded.
        t.on_deliver(200, &data(2, 20));
        t.on_deliver(210, &data(7, 70));
        let recs = all(&t);
        assert_eq!(recs.iter().map(|r| r.end_s).collect::<Vec<_>>(), vec![None, Some(210e-9), None, None]);
        assert_eq!(t.oldest(), Some(60));
    }

    /// Identical duplicate ACKs are matched oldest first; other flows are ignored; a resent
    /// segment is flagged; the window filter and the sampling keep drops.
    #[test]
    fn matching_retransmissions_and_sampling() {
        let mut t = PacketTrace::new(0, 0);
        t.on_send(0, &data(0, 0));
        t.on_send(1, &data(1, 1));
        t.on_drop(5, &data(1, 1), 3, 2, DropCause::Queue);
        let mut other = data(5, 2);
        other.flow = 1;
        t.on_send(2, &other);
        t.on_send(10, &ack(1));
        t.on_send(11, &ack(1));
        t.on_deliver(20, &ack(1));
        t.on_send(30, &data(1, 30));
        let recs = all(&t);
        assert_eq!(recs.len(), 5, "the other flow's packet is not traced: {recs:?}");
        assert_eq!(recs[1].drop.as_ref().map(|d| (d.link.as_str(), d.hop, d.cause)), Some(("l3", 0, DropCause::Queue)));
        assert_eq!((recs[2].sent_s, recs[2].end_s), (10e-9, Some(20e-9)), "the first dup ACK arrived first");
        assert_eq!(recs[3].end_s, None);
        assert!(recs[4].retx && !recs[0].retx && !recs[1].retx);
        // Window [12, 40]: records still in flight or ending in it, sent by 40.
        let (matched, stride, w) = t.window(12, 40, 1, |l| l.to_string());
        // Segment 0 (never delivered: in flight), both ACKs, the retransmission; not the drop at 5.
        assert_eq!(matched, 4, "{w:?}");
        assert_eq!(stride, 4);
        assert_eq!(w.iter().map(|r| r.sent_s).collect::<Vec<_>>(), vec![0.0, 30e-9], "the first, and the retransmission always");
    }
}
