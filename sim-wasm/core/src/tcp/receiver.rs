//! The TCP receiver: reassembly, cumulative ACK + SACK blocks, optional delayed ACKs.
//!
//! ACK policy (RFC 5681 §4.2, RFC 1122): without delayed ACKs every segment is ACKed at once.
//! With them, every second in-order segment is ACKed, or the first after `delack`; an
//! out-of-order or duplicate segment, or one that fills a hole, is ACKed at once so the
//! sender's loss detection is not delayed.
//!
//! Under the `ns3-classic` profile the receiver sends no SACK blocks: ns-3's TcpSocketBase of
//! the seed papers' era did not implement SACK, so the sender sees cumulative ACKs only.

use super::TcpConfig;
use super::timer::TcpTimer;
use crate::engine::timer::TimerSlot;

use crate::metrics::EventKind;
use crate::net::packet::{AgentId, Body, Ecn, FlowIdx, Handshake, MptcpAck, Packet, PathId, TcpAck, TcpData, MAX_SACK_BLOCKS};
use crate::sim::{Agent, Timer, World};
use rangemap::RangeSet;


pub struct TcpReceiver {
    flow: FlowIdx,
    me: AgentId,
    sender: AgentId,
    /// Path the ACKs take.
    path: PathId,
    cfg: TcpConfig,
    /// Next segment expected in order.
    cum: u64,
    /// Segments received above `cum`.
    ooo: RangeSet<u64>,
    /// (segment number, length) of the last segment, once seen.
    fin: Option<(u64, u32)>,
    unacked: u32,
    delack: TimerSlot,
    /// Segment of the most recent arrival, for the first SACK block (RFC 2018 §4).
    last_seq: u64,
    /// MPTCP subflow: the connection's (DATA_ACK, window) to put on every ACK; the
    /// connection, not the subflow, accounts the flow's delivered bytes.
    pub(crate) data_ack: Option<(u64, u64)>,
    /// Which timer its delayed ACK is (carrying the MPTCP subflow number; 0 for plain TCP).
    delack_timer: Timer,
    /// A CE-marked segment arrived and no CWR since: every ACK carries ECE (RFC 3168 §6.1.3).
    ece: bool,
    /// The segment being answered was a duplicate: the next ACK is a D-SACK (RFC 2883; the
    /// `ns3-classic` receiver sends no SACK information at all).
    dsack: bool,
}

impl TcpReceiver {
    pub fn new(flow: FlowIdx, me: AgentId, sender: AgentId, path: PathId, cfg: TcpConfig) -> Self {
        TcpReceiver {
            flow,
            me,
            sender,
            path,
            cfg,
            cum: 0,
            ooo: RangeSet::new(),
            fin: None,
            unacked: 0,
            delack: TimerSlot::default(),
            last_seq: 0,
            data_ack: None,
            delack_timer: TcpTimer::DelayedAck { sub: 0 }.into(),
            ece: false,
            dsack: false,
        }
    }

    /// The receiving end of MPTCP subflow `index` whose ACKs take `path`; its delayed-ACK timer
    /// carries `index`.
    pub fn new_subflow(flow: FlowIdx, me: AgentId, sender: AgentId, path: PathId, cfg: TcpConfig, index: usize) -> Self {
        let mut r = Self::new(flow, me, sender, path, cfg);
        r.data_ack = Some((0, 0));
        r.delack_timer = TcpTimer::DelayedAck { sub: index as u16 }.into();
        r
    }

    /// Bytes held in order.
    fn bytes_in_order(&self) -> u64 {
        match self.fin {
            Some((f, len)) if self.cum > f => f * self.cfg.mss as u64 + len as u64,
            _ => self.cum * self.cfg.mss as u64,
        }
    }

    fn send_ack(&mut self, w: &mut World) {
        self.unacked = 0;
        self.delack.cancel();
        let mut sack = [(0, 0); MAX_SACK_BLOCKS];
        let mut n = 0;
        // RFC 2018 §4: the first block holds the segment that triggered this ACK; then the
        // other blocks, highest first (the ones the sender is least likely to know).
        let blocks = if self.cfg.ns3() { 0 } else { MAX_SACK_BLOCKS };
        let first = self.ooo.get(&self.last_seq).cloned().filter(|_| blocks > 0);
        if let Some(r) = &first {
            sack[0] = (r.start, r.end);
            n = 1;
        }
        for r in self.ooo.iter().rev() {
            if n == blocks {
                break;
            }
            if first.as_ref() != Some(r) {
                sack[n] = (r.start, r.end);
                n += 1;
            }
        }
        // RFC 2883: the ACK of a duplicate reports it (one ACK, then the flag clears).
        let ack = TcpAck::new(self.cum, &sack[..n], self.ece).with_dsack(std::mem::take(&mut self.dsack));
        let body = match self.data_ack {
            None => Body::TcpAck(ack),
            Some((data_ack, window)) => Body::MptcpAck(MptcpAck { ack, data_ack, window }),
        };
        w.send(Packet { flow: self.flow, dst: self.sender, path: self.path, hop: 0, ecn: Ecn::NotEct, wire_bytes: self.cfg.ack_bytes, body });
    }

    /// A data segment arrived; `ce` says a queue marked it Congestion Experienced.
    pub(crate) fn on_data(&mut self, d: &TcpData, ce: bool, w: &mut World) {
        let TcpData { seq, len, fin, cwr, .. } = *d;
        // RFC 3168 §6.1.3: CWR ends the echo; a CE mark (even on that same segment) starts it.
        if cwr {
            self.ece = false;
        }
        if ce {
            self.ece = true;
        }
        let subflow = self.data_ack.is_some();
        if !subflow {
            w.flows[self.flow as usize].received_packets += 1;
        }
        if fin {
            self.fin = Some((seq, len));
        }
        self.last_seq = seq;
        let duplicate = seq < self.cum || self.ooo.contains(&seq);
        if duplicate {
            w.flows[self.flow as usize].duplicate_packets += 1;
        }
        self.dsack = duplicate && !self.cfg.ns3();
        let had_holes = !self.ooo.is_empty();
        let in_order = seq == self.cum;
        if seq == self.cum {
            self.cum += 1;
            // Pull in whatever was waiting behind the hole this segment filled.
            if let Some(r) = self.ooo.get(&self.cum).cloned() {
                self.cum = r.end;
                self.ooo.remove(r);
            }
        } else if seq > self.cum {
            self.ooo.insert(seq..seq + 1);
        }
        if !subflow {
            let bytes = self.bytes_in_order();
            let stats = &mut w.flows[self.flow as usize];
            stats.bytes_delivered = bytes;
            if stats.completed_at.is_none() && self.fin.is_some_and(|(f, _)| self.cum > f) {
                stats.completed_at = Some(w.now);
                w.log.push(w.now, Some(self.flow), EventKind::FlowCompleted);
            }
        }
        self.unacked += 1;
        // A CE mark is echoed at once (Linux enters quick-ACK mode on CE: tcp_ecn_check_ce),
        // so the sender hears of the congestion a round trip early rather than a delack late.
        let immediate = !self.cfg.delayed_ack || !in_order || had_holes || fin || ce || self.unacked >= 2;
        if immediate {
            self.send_ack(w);
        } else {
            w.arm(self.me, &mut self.delack, self.delack_timer, w.now + self.cfg.delack);
        }
    }

    /// A SYN (or a retransmitted one): answer with a SYN-ACK on the ACK path at once.
    pub(crate) fn on_syn(&mut self, kind: Handshake, w: &mut World) {
        w.send(Packet {
            flow: self.flow,
            dst: self.sender,
            path: self.path,
            hop: 0,
            ecn: Ecn::NotEct,
            wire_bytes: self.cfg.ack_bytes,
            body: Body::SynAck(kind),
        });
    }

    pub fn next_expected(&self) -> u64 {
        self.cum
    }

    pub(crate) fn on_delack_timer(&mut self, w: &mut World) {
        if w.fires(self.me, &mut self.delack, self.delack_timer) {
            self.send_ack(w);
        }
    }

    /// Bytes of reassembly state (for the memory budget).
    pub fn state_bytes(&self) -> usize {
        self.ooo.len() * 16
    }
}

impl Agent for TcpReceiver {
    fn samples(&self) -> bool {
        false
    }

    fn on_packet(&mut self, pkt: Packet, w: &mut World) {
        match pkt.body {
            Body::TcpData(d) => self.on_data(&d, pkt.ecn == Ecn::Ce, w),
            Body::Syn(kind) => self.on_syn(kind, w),
            _ => {}
        }
    }

    fn on_timer(&mut self, timer: Timer, w: &mut World) {
        debug_assert_eq!(timer, self.delack_timer);
        self.on_delack_timer(w);
    }

    /// Segments held above the hole, counted as full (an upper bound: the last may be short).
    fn held_bytes(&self) -> u64 {
        self.ooo.iter().map(|r| r.end - r.start).sum::<u64>() * self.cfg.mss as u64
    }
}

