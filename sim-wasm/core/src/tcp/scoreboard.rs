//! The TCP sender's scoreboard: every segment sent and not yet cumulatively acknowledged, what
//! each one's latest transmission is (in flight, lost, delivered), and the loss detection that
//! reads it.
//!
//! Model (docs/model/tcp.md §Loss detection): segments are numbered from 0 (one MSS each, the
//! last one possibly shorter). `una` is the first segment not cumulatively acknowledged, `nxt`
//! the next new one. Every transmission gets a send-order number; a segment's state belongs to
//! its latest transmission. An ACK delivers segments cumulatively (below `cum`) and by SACK
//! blocks (each block range processed once, RFC 2018 / RFC 6675 §5 "update the scoreboard").
//!
//! **Loss detection** — a transmission is lost once three transmissions *sent after it* have
//! been delivered: RFC 6675's IsLost with DupThresh = 3, counted in send order rather than in
//! sequence order so a retransmission is judged by what was sent after *it* (as Linux's RACK
//! does by time, `tcp_rack_detect_loss`; the send order is the same test without a timer). A
//! lost segment is queued for retransmission; the lowest one goes first (RFC 6675 NextSeg rule
//! 1). After a retransmission timeout everything not delivered is presumed lost (Linux
//! `tcp_enter_loss`, RFC 6675 §5.1).
//!
//! The scoreboard knows nothing of windows, timers or congestion control: the sender
//! ([`super::sender`]) asks it what is in flight and what to resend, and tells it what was sent
//! and acknowledged. That keeps it testable on its own (the tests below build ACK patterns by
//! hand).

use super::rate::TxStamp;
use crate::engine::time::Time;
use rangemap::RangeSet;
use std::collections::{BTreeSet, VecDeque};

/// What a segment's latest transmission is known to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SegState {
    InFlight,
    Lost,
    Delivered,
}

/// One segment between `una` and `nxt`.
#[derive(Debug, Clone, Copy)]
pub struct Seg {
    pub state: SegState,
    /// Send-order number of the latest transmission.
    pub tx_ord: u64,
    pub sent_at: Time,
    /// Sent more than once: an ACK of it gives no RTT sample (Karn's rule).
    pub retransmitted: bool,
    /// The delivery-rate state when it was (last) sent (tcp_rate.c).
    pub stamp: TxStamp,
    /// Connection-level data sequence number this segment carries (MPTCP subflows; equal to
    /// the segment number for plain TCP) and its payload length.
    pub dsn: u64,
    pub len: u32,
}

#[derive(Debug)]
pub struct Scoreboard {
    una: u64,
    nxt: u64,
    /// Segments `una .. nxt`, in order.
    segs: VecDeque<Seg>,
    /// Delivered ranges above `una`, so each SACK block is processed once.
    sacked: RangeSet<u64>,
    /// (send order, segment) of every transmission not yet judged, in send order.
    tx_order: VecDeque<(u64, u64)>,
    next_tx_ord: u64,
    /// The three highest send orders among delivered transmissions, descending (0 = none).
    top_delivered: [u64; 3],
    /// Segments waiting for retransmission (possibly stale: checked when taken).
    retx: BTreeSet<u64>,
    in_flight: u32,
    lost_total: u64,
}

impl Default for Scoreboard {
    fn default() -> Self {
        Scoreboard {
            una: 0,
            nxt: 0,
            segs: VecDeque::new(),
            sacked: RangeSet::new(),
            tx_order: VecDeque::new(),
            // Send orders start at 1: 0 in `top_delivered` means "none delivered yet".
            next_tx_ord: 1,
            top_delivered: [0; 3],
            retx: BTreeSet::new(),
            in_flight: 0,
            lost_total: 0,
        }
    }
}

impl Scoreboard {
    /// First segment not cumulatively acknowledged (TCP's SND.UNA, in segments).
    pub fn una(&self) -> u64 {
        self.una
    }

    /// Next new segment (SND.NXT, in segments).
    pub fn nxt(&self) -> u64 {
        self.nxt
    }

    /// Transmissions neither delivered nor judged lost (RFC 6675 "pipe", in packets).
    pub fn in_flight(&self) -> u32 {
        self.in_flight
    }

    /// Segments ever judged lost (every detection counts, also of a retransmission).
    pub fn lost_total(&self) -> u64 {
        self.lost_total
    }

    /// Whether every segment sent is cumulatively acknowledged.
    pub fn all_acked(&self) -> bool {
        self.una == self.nxt
    }

    /// The segment `seq`, which must be in `una .. nxt`.
    pub fn seg(&self, seq: u64) -> &Seg {
        &self.segs[(seq - self.una) as usize]
    }

    fn seg_mut(&mut self, seq: u64) -> &mut Seg {
        &mut self.segs[(seq - self.una) as usize]
    }

    /// Record a transmission of `seq`: new data when `seq == nxt`, else a retransmission.
    /// Returns the transmission's send-order number.
    pub fn on_transmit(&mut self, seq: u64, now: Time, stamp: TxStamp, dsn: u64, len: u32) -> u64 {
        let tx_ord = self.next_tx_ord;
        self.next_tx_ord += 1;
        if seq == self.nxt {
            self.segs.push_back(Seg { state: SegState::InFlight, tx_ord, sent_at: now, retransmitted: false, stamp, dsn, len });
            self.nxt += 1;
        } else {
            let s = self.seg_mut(seq);
            s.state = SegState::InFlight;
            s.retransmitted = true;
            s.tx_ord = tx_ord;
            s.sent_at = now;
            s.stamp = stamp;
        }
        self.tx_order.push_back((tx_ord, seq));
        self.in_flight += 1;
        tx_ord
    }

    /// Mark one segment delivered; `on_delivered` sees it unless it already was.
    fn deliver(&mut self, seq: u64, on_delivered: &mut impl FnMut(u64, &Seg)) -> bool {
        let s = *self.seg(seq);
        if s.state == SegState::Delivered {
            return false;
        }
        if s.state == SegState::InFlight {
            self.in_flight -= 1;
        }
        self.seg_mut(seq).state = SegState::Delivered;
        on_delivered(seq, &s);
        // Keep the three highest delivered send orders.
        let t = &mut self.top_delivered;
        if s.tx_ord > t[2] {
            t[2] = s.tx_ord;
            t.sort_unstable_by(|a, b| b.cmp(a));
        }
        true
    }

    /// A cumulative ACK of every segment below `cum` (capped at `nxt`). `on_delivered` is called
    /// for each segment this newly delivers, in order, with the segment as it was sent. Returns
    /// how many it newly delivered.
    pub fn ack_cumulative(&mut self, cum: u64, mut on_delivered: impl FnMut(u64, &Seg)) -> u64 {
        let cum = cum.min(self.nxt);
        let old = self.una;
        let mut newly = 0;
        while self.una < cum {
            if self.deliver(self.una, &mut on_delivered) {
                newly += 1;
            }
            self.segs.pop_front();
            self.una += 1;
        }
        if self.una > old {
            self.sacked.remove(0..self.una);
        }
        newly
    }

    /// A SACK block `[a, b)`: the parts not already known are delivered now, as in
    /// [`Self::ack_cumulative`]. Returns how many segments it newly delivered.
    pub fn ack_sack(&mut self, a: u64, b: u64, mut on_delivered: impl FnMut(u64, &Seg)) -> u64 {
        let (a, b) = (a.max(self.una), b.min(self.nxt));
        if a >= b {
            return 0;
        }
        let mut newly = 0;
        let gaps: Vec<_> = self.sacked.gaps(&(a..b)).collect();
        for g in gaps {
            for seq in g {
                if self.deliver(seq, &mut on_delivered) {
                    newly += 1;
                }
            }
        }
        self.sacked.insert(a..b);
        newly
    }

    /// Judge transmissions with three later deliveries lost and queue them for
    /// retransmission; returns how many.
    pub fn detect_losses(&mut self) -> u32 {
        let threshold = self.top_delivered[2];
        let mut lost = 0;
        while let Some(&(ord, seq)) = self.tx_order.front() {
            if ord >= threshold {
                break;
            }
            self.tx_order.pop_front();
            if seq < self.una {
                continue;
            }
            let una = self.una;
            let s = &mut self.segs[(seq - una) as usize];
            if s.tx_ord == ord && s.state == SegState::InFlight {
                s.state = SegState::Lost;
                self.in_flight -= 1;
                self.retx.insert(seq);
                lost += 1;
            }
        }
        self.lost_total += lost as u64;
        lost
    }

    /// Take `seq` out of flight as lost without queueing it (the caller resends it at once:
    /// ns-3's fast retransmission of the head). Returns whether it was in flight.
    pub fn mark_lost_now(&mut self, seq: u64) -> bool {
        if self.seg(seq).state != SegState::InFlight {
            return false;
        }
        self.seg_mut(seq).state = SegState::Lost;
        self.in_flight -= 1;
        self.lost_total += 1;
        true
    }

    /// A retransmission timeout: every segment in flight is presumed lost and queued, and the
    /// transmissions so far are no longer judged (Linux `tcp_enter_loss`).
    pub fn on_timeout(&mut self) {
        for i in 0..self.segs.len() {
            if self.segs[i].state == SegState::InFlight {
                self.segs[i].state = SegState::Lost;
                self.retx.insert(self.una + i as u64);
                self.lost_total += 1;
            }
        }
        self.in_flight = 0;
        self.tx_order.clear();
    }

    /// The lowest segment waiting for retransmission (RFC 6675 NextSeg rule 1), taken off the
    /// queue.
    pub fn next_retransmission(&mut self) -> Option<u64> {
        while let Some(seq) = self.retx.pop_first() {
            if seq >= self.una && self.seg(seq).state == SegState::Lost {
                return Some(seq);
            }
        }
        None
    }

    /// Whether a retransmission may be waiting (an MPTCP subflow sends its own first).
    pub fn retransmission_pending(&self) -> bool {
        self.retx.range(self.una..).next().is_some()
    }

    /// Data sequence numbers sent and not yet delivered.
    pub fn undelivered_dsns(&self) -> impl Iterator<Item = u64> + '_ {
        self.segs.iter().filter(|s| s.state != SegState::Delivered).map(|s| s.dsn)
    }

    /// Free the memory of a sender that will send nothing more: a run with 10⁵ short flows
    /// otherwise keeps every finished flow's deques at their peak size (270 MiB at the end of
    /// a full-scale mptcp-fsfs-load run). The counters stay.
    pub fn release(&mut self) {
        self.segs = VecDeque::new();
        self.tx_order = VecDeque::new();
        self.sacked = RangeSet::new();
        self.retx = BTreeSet::new();
    }

    /// Bytes held (for the memory budget): by capacity, which a finished flow keeps allocated
    /// after its scoreboard empties.
    pub fn state_bytes(&self) -> usize {
        self.segs.capacity() * std::mem::size_of::<Seg>() + self.tx_order.capacity() * 16 + self.retx.len() * 32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn send(sb: &mut Scoreboard, n: u64) {
        for _ in 0..n {
            let seq = sb.nxt();
            sb.on_transmit(seq, seq * 10, TxStamp::default(), seq, 1000);
        }
    }

    fn sack(sb: &mut Scoreboard, a: u64, b: u64) -> Vec<u64> {
        let mut got = Vec::new();
        sb.ack_sack(a, b, |seq, _| got.push(seq));
        got
    }

    #[test]
    fn three_later_deliveries_make_a_loss() {
        // Segment 2 is dropped; 3, 4, 5 arrive and are SACKed one by one.
        let mut sb = Scoreboard::default();
        send(&mut sb, 8);
        assert_eq!(sb.ack_cumulative(2, |_, _| {}), 2);
        assert_eq!(sack(&mut sb, 3, 4), vec![3]);
        assert_eq!(sb.detect_losses(), 0, "one later delivery is reordering, not loss");
        sack(&mut sb, 3, 5);
        assert_eq!(sb.detect_losses(), 0);
        sack(&mut sb, 3, 6);
        assert_eq!(sb.detect_losses(), 1, "the third later delivery marks it lost");
        assert_eq!(sb.in_flight(), 2, "6 and 7 are still in flight; 2 is lost, 3–5 delivered");
        assert_eq!(sb.next_retransmission(), Some(2));
        assert_eq!(sb.next_retransmission(), None);
        assert_eq!(sb.lost_total(), 1);
    }

    #[test]
    fn a_sack_block_counts_once_and_the_cumulative_ack_skips_what_it_delivered() {
        let mut sb = Scoreboard::default();
        send(&mut sb, 6);
        assert_eq!(sack(&mut sb, 2, 5), vec![2, 3, 4]);
        assert_eq!(sack(&mut sb, 2, 5), Vec::<u64>::new(), "the same block again delivers nothing");
        assert_eq!(sack(&mut sb, 1, 6), vec![1, 5], "only the new edges");
        let mut cum = Vec::new();
        assert_eq!(sb.ack_cumulative(6, |seq, _| cum.push(seq)), 1);
        assert_eq!(cum, vec![0]);
        assert!(sb.all_acked());
        assert_eq!(sb.in_flight(), 0);
        // A block below una or beyond nxt is clipped to nothing.
        assert_eq!(sack(&mut sb, 0, 100), Vec::<u64>::new());
    }

    #[test]
    fn a_retransmission_is_judged_by_what_was_sent_after_it() {
        let mut sb = Scoreboard::default();
        send(&mut sb, 5);
        sack(&mut sb, 1, 4);
        assert_eq!(sb.detect_losses(), 1);
        let seq = sb.next_retransmission().unwrap();
        assert_eq!(seq, 0);
        sb.on_transmit(seq, 100, TxStamp::default(), 0, 1000);
        assert!(sb.seg(0).retransmitted);
        // Segment 4 (sent before the retransmission) is delivered: not enough to judge it.
        sack(&mut sb, 1, 5);
        assert_eq!(sb.detect_losses(), 0);
        // New data sent after the retransmission and delivered three times over: lost again.
        send(&mut sb, 3);
        sack(&mut sb, 1, 8);
        assert_eq!(sb.detect_losses(), 1);
        assert_eq!(sb.next_retransmission(), Some(0));
        assert_eq!(sb.lost_total(), 2);
    }

    #[test]
    fn a_timeout_presumes_everything_in_flight_lost_but_not_what_was_sacked() {
        let mut sb = Scoreboard::default();
        send(&mut sb, 5);
        sack(&mut sb, 2, 3);
        sb.on_timeout();
        assert_eq!(sb.in_flight(), 0);
        let order: Vec<u64> = std::iter::from_fn(|| sb.next_retransmission()).collect();
        assert_eq!(order, vec![0, 1, 3, 4], "lowest first, the SACKed segment 2 skipped");
        assert_eq!(sb.lost_total(), 4);
        assert!(!sb.retransmission_pending());
    }

    #[test]
    fn stale_retransmissions_are_skipped_once_acknowledged() {
        let mut sb = Scoreboard::default();
        send(&mut sb, 5);
        sack(&mut sb, 1, 4);
        assert_eq!(sb.detect_losses(), 1);
        assert!(sb.retransmission_pending());
        // The original arrives after all (reordering): the cumulative ACK covers it.
        sb.ack_cumulative(4, |_, _| {});
        assert!(!sb.retransmission_pending());
        assert_eq!(sb.next_retransmission(), None);
    }

    #[test]
    fn release_frees_the_deques_and_keeps_the_counters() {
        let mut sb = Scoreboard::default();
        send(&mut sb, 1000);
        sack(&mut sb, 1, 4);
        sb.detect_losses();
        assert!(sb.state_bytes() > 1000 * std::mem::size_of::<Seg>());
        sb.release();
        assert_eq!(sb.state_bytes(), 0);
        assert_eq!(sb.lost_total(), 1);
    }
}
