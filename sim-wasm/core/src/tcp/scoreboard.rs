//! The TCP sender's scoreboard: every segment sent and not yet cumulatively acknowledged, what
//! each one's latest transmission is (in flight, lost, delivered), and the queue of
//! transmissions in send order that loss detection reads.
//!
//! Model (docs/model/tcp.md §Loss detection): segments are numbered from 0 (one MSS each, the
//! last one possibly shorter). `una` is the first segment not cumulatively acknowledged, `nxt`
//! the next new one. Every transmission gets a send-order number; a segment's state belongs to
//! its latest transmission. An ACK delivers segments cumulatively (below `cum`) and by SACK
//! blocks (each block range processed once, RFC 2018 / RFC 6675 §5 "update the scoreboard").
//!
//! Which transmissions are lost is decided outside, by time (RACK, [`super::rack`]) under the
//! `linux` profile or by duplicate ACKs under `ns3-classic` ([`super::recovery`]); the
//! scoreboard offers the oldest transmission still in flight, marks what they judge lost and
//! queues it for retransmission, the lowest first (RFC 6675 NextSeg rule 1). After a
//! retransmission timeout everything not delivered is presumed lost (Linux `tcp_enter_loss`,
//! RFC 6675 §5.1). It also counts what Linux's RACK reads: the SACKed segments
//! (`sacked_out`) and whether the network reordered (`tcp_check_sack_reordering`: a segment
//! sent once arrives below one already SACKed).
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
    /// Judged lost and not delivered since, whether or not it was resent (Linux's
    /// `TCPCB_LOST`, which a retransmission keeps until the segment is acknowledged).
    pub marked_lost: bool,
    /// The delivery-rate state when it was (last) sent (tcp_rate.c).
    pub stamp: TxStamp,
    /// Connection-level data sequence number this segment carries (MPTCP subflows; equal to
    /// the segment number for plain TCP) and its payload length.
    pub dsn: u64,
    pub len: u32,
    /// The send burst its first transmission went out in (Linux: the socket buffer it was sent
    /// as, tcp/tso.rs): lost together, its segments are resent together.
    pub burst: u64,
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
    /// Segments above `una` delivered by SACK (Linux `sacked_out`).
    sacked_out: u64,
    /// One past the highest segment delivered by SACK (Linux's forward-most SACK, `fack`).
    fack: u64,
    /// Reordering seen so far (Linux `reord_seen`) and the reordering degree in segments
    /// (`tp->reordering`: 3 until a deeper reordering is seen).
    reord_seen: bool,
    reordering: u64,
    /// Segments waiting for retransmission (possibly stale: checked when taken).
    retx: BTreeSet<u64>,
    in_flight: u32,
    /// Segments marked lost and not yet delivered (Linux `lost_out`).
    lost_out: u32,
    lost_total: u64,
    /// The send burst new segments join ([`Scoreboard::start_burst`]).
    burst: u64,
}

impl Default for Scoreboard {
    fn default() -> Self {
        Scoreboard {
            una: 0,
            nxt: 0,
            segs: VecDeque::new(),
            sacked: RangeSet::new(),
            tx_order: VecDeque::new(),
            // Send orders start at 1.
            next_tx_ord: 1,
            sacked_out: 0,
            fack: 0,
            reord_seen: false,
            reordering: super::rack::DUPTHRESH,
            retx: BTreeSet::new(),
            in_flight: 0,
            lost_out: 0,
            lost_total: 0,
            burst: 0,
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

    /// Segments judged lost and not yet delivered, resent or not (Linux `lost_out`): while
    /// there are any, Linux's loss recovery goes on (`tcp_time_to_recover`).
    pub fn lost_out(&self) -> u32 {
        self.lost_out
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
            let burst = self.burst;
            self.segs.push_back(Seg { state: SegState::InFlight, tx_ord, sent_at: now, retransmitted: false, marked_lost: false, stamp, dsn, len, burst });
            self.nxt += 1;
            self.in_flight += 1;
        } else {
            let s = self.seg_mut(seq);
            // A tail-loss probe may resend a segment still in flight: it stays one packet in
            // flight (its latest transmission is the probe).
            let was_in_flight = s.state == SegState::InFlight;
            s.state = SegState::InFlight;
            s.retransmitted = true;
            s.tx_ord = tx_ord;
            s.sent_at = now;
            s.stamp = stamp;
            if !was_in_flight {
                self.in_flight += 1;
            }
        }
        self.tx_order.push_back((tx_ord, seq));
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
        if s.marked_lost {
            self.lost_out -= 1;
        }
        // A segment sent once that arrives below one already SACKed was reordered by the
        // network (Linux tcp_check_sack_reordering); the reordering degree is how far.
        if !s.retransmitted && seq < self.fack {
            self.reord_seen = true;
            self.reordering = self.reordering.max((self.fack - seq).min(super::rack::MAX_REORDERING));
        }
        let d = self.seg_mut(seq);
        d.state = SegState::Delivered;
        d.marked_lost = false;
        on_delivered(seq, &s);
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
            } else {
                // Delivered by an earlier SACK: no longer counted as SACKed above una.
                self.sacked_out -= 1;
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
                    self.sacked_out += 1;
                }
            }
        }
        self.sacked.insert(a..b);
        self.fack = self.fack.max(b);
        newly
    }

    /// The oldest transmission still in flight, as (send order, send time): where loss
    /// detection starts. Transmissions since superseded, delivered or judged are dropped from
    /// the queue on the way.
    pub fn oldest_in_flight(&mut self) -> Option<(u64, Time)> {
        while let Some(&(ord, seq)) = self.tx_order.front() {
            if seq >= self.una {
                let s = self.seg(seq);
                if s.tx_ord == ord && s.state == SegState::InFlight {
                    return Some((ord, s.sent_at));
                }
            }
            self.tx_order.pop_front();
        }
        None
    }

    /// Judge the transmission [`Self::oldest_in_flight`] returned lost and queue its segment
    /// for retransmission. Returns whether that transmission was a retransmission (Linux
    /// `FLAG_LOST_RETRANS`).
    pub fn mark_oldest_lost(&mut self) -> bool {
        let Some((_, seq)) = self.tx_order.pop_front() else { return false };
        debug_assert_eq!(self.seg(seq).state, SegState::InFlight, "oldest_in_flight came first");
        self.in_flight -= 1;
        self.retx.insert(seq);
        self.judge_lost(seq)
    }

    /// The latest transmission of `seq` (in flight) is lost: counted in `lost_total`, and in
    /// `lost_out` unless an earlier transmission already was (Linux `tcp_mark_skb_lost`).
    /// The caller takes it out of flight. Returns whether it was a retransmission.
    fn judge_lost(&mut self, seq: u64) -> bool {
        let s = self.seg_mut(seq);
        s.state = SegState::Lost;
        let newly_marked = !std::mem::replace(&mut s.marked_lost, true);
        let retransmission = s.retransmitted;
        self.lost_out += u32::from(newly_marked);
        self.lost_total += 1;
        retransmission
    }

    /// Send time of the latest transmission still in flight that was sent before send order
    /// `ord` (the one a reordering timer must wait longest for).
    pub fn latest_in_flight_sent_before(&self, ord: u64) -> Option<Time> {
        let end = self.tx_order.partition_point(|&(o, _)| o < ord);
        self.tx_order.range(..end).rev().find_map(|&(o, seq)| {
            let s = (seq >= self.una).then(|| self.seg(seq))?;
            (s.tx_ord == o && s.state == SegState::InFlight).then_some(s.sent_at)
        })
    }

    /// The highest segment not yet delivered (what a tail-loss probe resends when there is no
    /// new data; Linux `skb_rb_last(&sk->tcp_rtx_queue)`).
    pub fn last_undelivered(&self) -> Option<u64> {
        self.segs.iter().rposition(|s| s.state != SegState::Delivered).map(|i| self.una + i as u64)
    }

    /// Segments above `una` delivered by SACK (Linux `sacked_out`).
    pub fn sacked_out(&self) -> u64 {
        self.sacked_out
    }

    /// Whether the network was seen to reorder (Linux `reord_seen`).
    pub fn reordering_seen(&self) -> bool {
        self.reord_seen
    }

    /// The reordering degree in segments (Linux `tp->reordering`, 3 at first).
    pub fn reordering(&self) -> u64 {
        self.reordering
    }

    /// Take `seq` out of flight as lost without queueing it (the caller resends it at once:
    /// ns-3's fast retransmission of the head). Returns whether it was in flight.
    pub fn mark_lost_now(&mut self, seq: u64) -> bool {
        if self.seg(seq).state != SegState::InFlight {
            return false;
        }
        self.judge_lost(seq);
        self.in_flight -= 1;
        true
    }

    /// A retransmission timeout: every segment in flight is presumed lost and queued, and the
    /// transmissions so far are no longer judged (Linux `tcp_enter_loss`).
    pub fn on_timeout(&mut self) {
        for seq in self.una..self.nxt {
            if self.seg(seq).state == SegState::InFlight {
                self.judge_lost(seq);
                self.retx.insert(seq);
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

    /// The segment [`Scoreboard::next_retransmission`] would take, left on the queue.
    pub fn peek_retransmission(&self) -> Option<u64> {
        self.retx.range(self.una..).copied().find(|&seq| self.seg(seq).state == SegState::Lost)
    }

    /// New segments from now on go out in a new send burst.
    pub fn start_burst(&mut self) {
        self.burst += 1;
    }

    /// Whether segments `a` and `b` first went out in the same send burst.
    pub fn same_burst(&self, a: u64, b: u64) -> bool {
        let ok = |s: u64| s >= self.una && s < self.nxt;
        ok(a) && ok(b) && self.seg(a).burst == self.seg(b).burst
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
        self.sacked_out = 0;
        self.lost_out = 0;
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

    /// Judge the oldest transmission in flight lost, as loss detection would.
    fn lose_oldest(sb: &mut Scoreboard) -> u64 {
        sb.oldest_in_flight().expect("something in flight");
        let seq = sb.tx_order.front().unwrap().1;
        sb.mark_oldest_lost();
        seq
    }

    #[test]
    fn sacked_segments_are_counted_until_the_cumulative_ack_passes_them() {
        let mut sb = Scoreboard::default();
        send(&mut sb, 6);
        sack(&mut sb, 2, 4);
        sack(&mut sb, 5, 6);
        assert_eq!(sb.sacked_out(), 3);
        sb.ack_cumulative(3, |_, _| {});
        assert_eq!(sb.sacked_out(), 2, "segment 2 is below una now");
        assert!(sb.reordering_seen(), "0 and 1, sent once, arrived after 2, 3 and 5: reordered");
    }

    /// A segment sent once that arrives below one already SACKed was reordered (Linux
    /// tcp_check_sack_reordering), and the degree is how far below.
    #[test]
    fn a_late_original_below_a_sack_is_reordering() {
        let mut sb = Scoreboard::default();
        send(&mut sb, 8);
        sack(&mut sb, 1, 6);
        assert!(!sb.reordering_seen());
        sb.ack_cumulative(6, |_, _| {});
        assert!(sb.reordering_seen());
        assert_eq!(sb.reordering(), 6, "fack 6 − segment 0");
    }

    #[test]
    fn the_oldest_in_flight_skips_what_was_delivered_or_resent() {
        let mut sb = Scoreboard::default();
        send(&mut sb, 4);
        sack(&mut sb, 0, 1);
        assert_eq!(sb.oldest_in_flight(), Some((2, 10)), "segment 0 is delivered: segment 1, sent at 10");
        assert_eq!(lose_oldest(&mut sb), 1);
        sb.on_transmit(1, 50, TxStamp::default(), 1, 1000);
        assert_eq!(sb.oldest_in_flight(), Some((3, 20)), "segment 2; 1's first transmission was superseded");
        assert_eq!(sb.latest_in_flight_sent_before(6), Some(50), "the retransmission (send order 5) is the latest before 6");
        assert_eq!(sb.latest_in_flight_sent_before(5), Some(30), "segment 3 (send order 4)");
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
        assert_eq!(lose_oldest(&mut sb), 0);
        assert!(sb.retransmission_pending());
        // The original arrives after all (reordering): the cumulative ACK covers it.
        sb.ack_cumulative(4, |_, _| {});
        assert!(!sb.retransmission_pending());
        assert_eq!(sb.next_retransmission(), None);
    }

    /// Linux's `lost_out`: a segment judged lost counts until it is delivered, through its
    /// retransmission and a second loss of that (`TCPCB_LOST` stays set); a timeout counts
    /// what was in flight. `mark_oldest_lost` says whether it judged a retransmission.
    #[test]
    fn lost_out_counts_a_lost_segment_until_it_is_delivered() {
        let mut sb = Scoreboard::default();
        send(&mut sb, 6);
        sack(&mut sb, 3, 4);
        assert_eq!(sb.oldest_in_flight(), Some((1, 0)));
        assert!(!sb.mark_oldest_lost(), "segment 0's first transmission");
        assert_eq!(sb.lost_out(), 1);
        sb.on_transmit(0, 100, TxStamp::default(), 0, 1000);
        assert_eq!(sb.lost_out(), 1, "resent, still marked lost");
        assert_eq!(sb.in_flight(), 5);
        assert_eq!(lose_oldest(&mut sb), 1);
        assert_eq!(sb.lost_out(), 2);
        // Segment 0's resend (the newest transmission) is judged lost too: counted once.
        while sb.oldest_in_flight().is_some_and(|(ord, _)| ord < 7) {
            sb.mark_oldest_lost();
        }
        assert_eq!(sb.oldest_in_flight(), Some((7, 100)));
        assert!(sb.mark_oldest_lost(), "a retransmission");
        assert_eq!(sb.lost_out(), 5, "segments 0, 1, 2, 4, 5");
        sb.ack_cumulative(1, |_, _| {});
        sack(&mut sb, 4, 5);
        assert_eq!(sb.lost_out(), 3, "0 and 4 delivered");
        sb.on_timeout();
        assert_eq!(sb.lost_out(), 3, "nothing was in flight");
        sb.on_transmit(5, 200, TxStamp::default(), 5, 1000);
        sb.on_timeout();
        assert_eq!(sb.lost_out(), 3, "5 was marked already");
        sb.ack_cumulative(6, |_, _| {});
        assert_eq!(sb.lost_out(), 0);
    }

    #[test]
    fn release_frees_the_deques_and_keeps_the_counters() {
        let mut sb = Scoreboard::default();
        send(&mut sb, 1000);
        sack(&mut sb, 1, 4);
        lose_oldest(&mut sb);
        assert!(sb.state_bytes() > 1000 * std::mem::size_of::<Seg>());
        sb.release();
        assert_eq!(sb.state_bytes(), 0);
        assert_eq!(sb.lost_total(), 1);
    }
}
