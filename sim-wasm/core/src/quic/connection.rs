//! The two ends of a QUIC connection: the sender (streams, scheduler, loss recovery,
//! congestion control, pacing) and the receiver (reassembly, ACKs, flow-control credit).
//!
//! ```text
//!  app sources ──write──> send streams ──scheduler picks──> packet (STREAM frames) ──> network
//!        ▲                   ▲  lost data (new frames)            │
//!        │                   └──────────── ACK ranges ◄── receiver: ranges, MAX_(STREAM_)DATA
//! ```
//! A packet is sent while the packets in flight are below the congestion window (and the
//! pacing rate allows, for pacing controllers); a PTO lets two probe packets out regardless.
//! A congestion event is one per round trip (RFC 9002 §7.3.2: a loss of a packet sent before
//! the current recovery period started does not reduce the window again).

use super::recovery::{FrameRef, LossDetection, SentPacket, Timeout};
use super::sched::{StreamPrio, StreamScheduler};
use super::streams::{RecvStream, SendStream, Source, Taken};
use super::{pn_len, short_header, QuicAck, QuicConfig, QuicData, AEAD_TAG, IP_UDP_HEADER, MAX_ACK_RANGES, MIN_STREAM_FRAME_ROOM, PTO_PROBES};
use super::timer::QuicTimer;
use crate::cc::{AckInfo, CongestionControl};
use crate::endpoint::{CcDriver, PacingClock};
use crate::engine::rng::SimRng;
use crate::engine::time::{to_secs, Time, NS_PER_S};
use crate::engine::timer::TimerSlot;
use crate::metrics::{EventKind, SeriesId};
use crate::net::packet::{AgentId, Body, Ecn, FlowIdx, Packet, PathId};
use crate::sim::flow_series::{FlowReading, FlowRecorder, FlowSeriesSet, Lifetime};
use crate::sim::{Agent, FlowSnapshot, StreamSnapshot, Timer, World};
use crate::tcp::rate::RateSampler;
use rangemap::RangeSet;

/// Stream picks logged per simulated second and connection at most; only picks that differ
/// from the previous one (stream or retransmission) are logged at all.
pub const PICK_LOG_PER_SECOND: u32 = 50;

/// One stream of the sender as built from the scenario.
pub struct StreamSetup {
    pub id: u64,
    pub prio: StreamPrio,
    pub source: Source,
    /// Endless bulk, finite bulk (its size), or message source.
    pub bulk: Option<Option<u64>>,
    pub rng: SimRng,
}

struct Series {
    /// The flow's own series, as every transport records them (sim/flow_series.rs).
    flow: FlowRecorder,
    queued: Vec<SeriesId>,
    delivered: Vec<SeriesId>,
}

pub struct QuicSender {
    flow: FlowIdx,
    me: AgentId,
    receiver: AgentId,
    path: PathId,
    cfg: QuicConfig,
    /// The controller, its events and the pacer.
    cc: CcDriver,
    sched: Box<dyn StreamScheduler>,
    streams: Vec<SendStream>,
    sources: Vec<Source>,
    rngs: Vec<SimRng>,
    /// First index of this connection's streams in `World::streams`.
    stats_base: usize,
    started: bool,
    next_pn: u64,
    loss: LossDetection,
    rate: RateSampler,
    peer_max_data: u64,
    /// New stream bytes sent, all streams (what MAX_DATA limits).
    conn_sent: u64,
    /// RFC 9002 §7.3.2 congestion_recovery_start_time.
    recovery_start: Option<Time>,
    in_recovery: bool,
    probes: u32,
    loss_timer: TimerSlot,
    lost_total: u64,
    last_pick: Option<(usize, bool)>,
    pick_log_window: Time,
    pick_log_count: u32,
    series: Series,
}

impl QuicSender {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        flow: FlowIdx,
        me: AgentId,
        receiver: AgentId,
        path: PathId,
        cfg: QuicConfig,
        cc: Box<dyn CongestionControl>,
        sched: Box<dyn StreamScheduler>,
        setup: Vec<StreamSetup>,
        stats_base: usize,
        w: &mut World,
    ) -> Self {
        let owner = w.flows[flow as usize].id.clone();
        let rec = &mut w.rec;
        let mut queued = Vec::new();
        let mut delivered = Vec::new();
        for (k, _) in setup.iter().enumerate() {
            let name = format!("{owner}:{}", w.streams[stats_base + k].name);
            queued.push(rec.register("stream", &name, "queued_bytes", "bytes", None));
            delivered.push(rec.register("stream", &name, "delivered_bytes", "bytes", None));
        }
        // No delivery-rate series: the QUIC sender's rate sampler feeds its controller only.
        let set = FlowSeriesSet { delivery_rate: false, goodput: true };
        let series = Series {
            flow: FlowRecorder::register(rec, &owner, set, Some(cc.as_ref())),
            queued,
            delivered,
        };
        let mut streams = Vec::new();
        let mut sources = Vec::new();
        let mut rngs = Vec::new();
        for s in setup {
            let mut st = SendStream::new(s.id, cfg.max_stream_data);
            match s.bulk {
                Some(None) => st.endless = true,
                Some(Some(size)) => {
                    st.written = size;
                    st.final_size = Some(size);
                }
                None => {}
            }
            streams.push(st);
            sources.push(s.source);
            rngs.push(s.rng);
        }
        QuicSender {
            flow,
            me,
            receiver,
            path,
            loss: LossDetection::new(cfg.initial_rtt, cfg.max_ack_delay, cfg.packet_threshold),
            peer_max_data: cfg.max_data,
            cc: CcDriver::new(cc, PacingClock::Plain),
            sched,
            streams,
            sources,
            rngs,
            stats_base,
            started: false,
            next_pn: 0,
            rate: RateSampler::default(),
            conn_sent: 0,
            recovery_start: None,
            in_recovery: false,
            probes: 0,
            loss_timer: TimerSlot::default(),
            lost_total: 0,
            last_pick: None,
            pick_log_window: 0,
            pick_log_count: 0,
            series,
            cfg,
        }
    }

    fn conn_credit(&self) -> u64 {
        self.peer_max_data.saturating_sub(self.conn_sent)
    }

    fn done(&self) -> bool {
        self.streams.iter().all(|s| s.all_acked())
    }

    fn log_pick(&mut self, i: usize, reason: &'static str, retransmission: bool, w: &mut World) {
        let st = &mut w.streams[self.stats_base + i];
        st.picks += 1;
        st.last_pick_reason = reason;
        if self.last_pick == Some((i, retransmission)) {
            return;
        }
        self.last_pick = Some((i, retransmission));
        if w.now >= self.pick_log_window + NS_PER_S {
            self.pick_log_window = w.now;
            self.pick_log_count = 0;
        }
        if self.pick_log_count < PICK_LOG_PER_SECOND {
            self.pick_log_count += 1;
            let stream = self.streams[i].id;
            w.log.push(w.now, Some(self.flow), EventKind::StreamPick { stream, reason, retransmission });
        }
    }

    /// Fill one packet in the scheduler's order. `None` when no stream has anything to send.
    fn build_packet(&mut self, w: &mut World) -> Option<(Vec<FrameRef>, u32, bool)> {
        let pnl = pn_len(self.next_pn, self.loss.largest_acked);
        let room = self.cfg.max_udp_payload - short_header(pnl) - AEAD_TAG;
        let mut credit = self.conn_credit();
        let filled = fill_packet(self.sched.as_mut(), &mut self.streams, room, &mut credit);
        if filled.is_empty() {
            return None;
        }
        self.conn_sent = self.peer_max_data - credit;
        let mut used = 0;
        let mut retransmission = false;
        let mut frames = Vec::with_capacity(filled.len());
        for (t, reason) in filled {
            used += t.wire;
            retransmission |= t.retransmission;
            self.log_pick(t.frame.stream as usize, reason, t.retransmission, w);
            frames.push(t.frame);
        }
        Some((frames, IP_UDP_HEADER + short_header(pnl) + AEAD_TAG + used, retransmission))
    }

    fn transmit(&mut self, frames: Vec<FrameRef>, wire: u32, retransmission: bool, w: &mut World) {
        let now = w.now;
        let idle = self.loss.in_flight == 0;
        if idle && self.next_pn > 0 {
            self.cc.on_idle_restart(now);
        }
        let pn = self.next_pn;
        self.next_pn += 1;
        let stamp = self.rate.on_send(now, self.loss.in_flight as u64);
        let stats = &mut w.flows[self.flow as usize];
        stats.sent_packets += 1;
        if retransmission {
            stats.retransmitted_packets += 1;
        }
        self.loss.on_packet_sent(SentPacket {
            pn,
            time_sent: now,
            ack_eliciting: true,
            in_flight: true,
            size: wire,
            frames: frames.clone(),
            stamp,
        });
        w.send(Packet {
            flow: self.flow,
            dst: self.receiver,
            path: self.path,
            hop: 0,
            ecn: Ecn::NotEct,
            wire_bytes: wire,
            body: Body::QuicData(Box::new(QuicData { pn, frames })),
        });
    }

    fn arm_loss_timer(&mut self, w: &mut World) {
        match self.loss.timer() {
            Some(at) => {
                self.loss_timer.cancel();
                w.arm(self.me, &mut self.loss_timer, QuicTimer::Loss.into(), at.max(w.now));
            }
            None => self.loss_timer.cancel(),
        }
    }

    /// Send what the window, pacing and probes allow.
    fn try_send(&mut self, w: &mut World) {
        if !self.started {
            return;
        }
        let mut sent_any = false;
        loop {
            let probe = self.probes > 0;
            if !probe && self.loss.in_flight >= self.cc.cwnd() {
                break;
            }
            let pacing = self.cc.pacing_rate();
            if !probe && self.cc.holds_at(pacing, w.now) {
                self.cc.wait_for_slot(self.me, QuicTimer::Pace.into(), w);
                break;
            }
            let mut built = self.build_packet(w);
            if built.is_none() && probe {
                // RFC 9002 §6.2.4: with no new data, a probe carries data already in flight.
                // As quic-go's QueueProbePacket: the oldest packet's frames go back to their
                // streams (no congestion response) and the scheduler packs them again.
                if let Some(p) = self.loss.take_oldest() {
                    for f in &p.frames {
                        self.streams[f.stream as usize].on_lost(f);
                        self.sched.activate(f.stream as usize);
                    }
                    built = self.build_packet(w);
                }
            }
            let Some((frames, wire, retx)) = built else {
                if !probe {
                    self.rate.mark_app_limited(self.loss.in_flight);
                }
                self.probes = 0;
                break;
            };
            self.transmit(frames, wire, retx, w);
            sent_any = true;
            if probe {
                self.probes -= 1;
            }
            self.cc.on_sent(pacing, wire, w.now);
        }
        if sent_any {
            self.arm_loss_timer(w);
        }
    }

    /// Queue the data of lost packets and respond to the congestion (RFC 9002 §7.3.2, §7.6).
    fn on_lost(&mut self, lost: Vec<SentPacket>, persistent: bool, prior_in_flight: u32, w: &mut World) -> u32 {
        if lost.is_empty() {
            return 0;
        }
        let now = w.now;
        let n = lost.len() as u32;
        self.lost_total += n as u64;
        let mut latest_sent = 0;
        for p in &lost {
            latest_sent = latest_sent.max(p.time_sent);
            for f in &p.frames {
                self.streams[f.stream as usize].on_lost(f);
                self.sched.activate(f.stream as usize);
            }
        }
        w.log.push(now, Some(self.flow), EventKind::PacketsLost { lost: n, persistent_congestion: persistent });
        if persistent {
            // RFC 9002 §7.6.2: collapse to the minimum window. **choice**: through the
            // controller's timeout hook, as TCP's RTO (1 packet for Reno where RFC 9002 says 2).
            self.cc.on_rto(now, prior_in_flight);
            self.in_recovery = false;
            self.recovery_start = Some(now);
        } else if self.recovery_start.is_none_or(|r| latest_sent > r) {
            self.recovery_start = Some(now);
            self.in_recovery = true;
            self.cc.on_enter_recovery(now, prior_in_flight);
        }
        n
    }

    fn on_ack(&mut self, ack: &QuicAck, w: &mut World) {
        let now = w.now;
        if let Some(m) = ack.max_data {
            self.peer_max_data = self.peer_max_data.max(m);
        }
        for &(i, m) in &ack.max_stream_data {
            if let Some(s) = self.streams.get_mut(i as usize) {
                s.peer_max = s.peer_max.max(m);
            }
        }
        let prior_in_flight = self.loss.in_flight;
        let res = self.loss.on_ack(&ack.ranges, ack.ack_delay, now);
        let newly = res.acked.len() as u64;
        for p in &res.acked {
            for f in &p.frames {
                self.streams[f.stream as usize].on_acked(f);
            }
            self.rate.on_delivered(&p.stamp, p.time_sent, p.pn);
        }
        // RFC 9002 §7.3.2: recovery ends when a packet sent after it started is acknowledged.
        if self.in_recovery && res.acked.iter().any(|p| self.recovery_start.is_some_and(|r| p.time_sent > r)) {
            self.in_recovery = false;
            self.cc.on_exit_recovery(now);
        }
        let lost = self.on_lost(res.lost, res.persistent_congestion, prior_in_flight, w);
        let rs = self.rate.on_ack_done(now, newly, self.loss.rtt.has_sample.then_some(self.loss.rtt.min_rtt));
        if newly > 0 || lost > 0 {
            let info = AckInfo {
                now,
                mss: self.cfg.max_udp_payload,
                acked: newly as u32,
                lost,
                prior_in_flight,
                in_flight: self.loss.in_flight,
                delivered: self.rate.delivered,
                lost_total: self.lost_total,
                rtt: res.rtt_sample,
                srtt: self.loss.rtt.smoothed_rtt,
                rate: rs,
                in_recovery: self.in_recovery,
                app_limited: self.rate.is_app_limited(),
            };
            self.cc.on_ack(&info);
        }
        self.cc.flush(self.flow, w);
        if self.done() {
            self.loss_timer.cancel();
            self.cc.stop_pacing();
            return;
        }
        self.arm_loss_timer(w);
        self.try_send(w);
    }

    fn on_loss_timer(&mut self, w: &mut World) {
        let prior_in_flight = self.loss.in_flight;
        match self.loss.on_timeout(w.now) {
            Timeout::Lost(lost, pc) => {
                self.on_lost(lost, pc, prior_in_flight, w);
            }
            Timeout::Pto => {
                self.probes = PTO_PROBES;
                w.log.push(w.now, Some(self.flow), EventKind::Pto { count: self.loss.pto_count });
                // Pacing must not hold back the probes.
                self.cc.release(w.now);
            }
        }
        self.cc.flush(self.flow, w);
        self.arm_loss_timer(w);
        self.try_send(w);
    }

    fn on_source(&mut self, i: usize, w: &mut World) {
        let (sizes, next) = self.sources[i].fire(w.now, &mut self.rngs[i]);
        for size in sizes {
            let s = &mut self.streams[i];
            s.written += size;
            w.streams[self.stats_base + i].on_write(s.written, w.now);
        }
        self.sched.activate(i);
        if let Some(t) = next {
            w.timer(self.me, QuicTimer::Source(i as u16).into(), t);
        }
        self.try_send(w);
    }

    fn start(&mut self, w: &mut World) {
        self.started = true;
        for i in 0..self.sources.len() {
            if let Some(t) = self.sources[i].first_write(w.now, &mut self.rngs[i]) {
                w.timer(self.me, QuicTimer::Source(i as u16).into(), t);
            }
            if self.streams[i].has_data(u64::MAX) {
                self.sched.activate(i);
            }
        }
        self.try_send(w);
    }
}

impl Agent for QuicSender {
    fn memory_bytes(&self) -> usize {
        self.loss.memory_bytes()
            + self.streams.iter().map(|s| (s.retx.len() + s.acked.len()) * 16).sum::<usize>()
    }

    fn on_packet(&mut self, pkt: Packet, w: &mut World) {
        if let Body::QuicAck(a) = &pkt.body {
            if self.started {
                self.on_ack(a, w);
            }
        }
    }

    fn on_timer(&mut self, timer: Timer, w: &mut World) {
        match QuicTimer::of(timer) {
            None => self.start(w),
            Some(QuicTimer::Loss) => {
                if w.fires(self.me, &mut self.loss_timer, timer) {
                    self.on_loss_timer(w);
                }
            }
            Some(QuicTimer::Pace) => {
                if self.cc.slot_due(self.me, timer, w) {
                    self.try_send(w);
                }
            }
            Some(QuicTimer::Source(i)) => self.on_source(i as usize, w),
            Some(other) => unreachable!("a QUIC sender never sets {other:?}"),
        }
    }

    fn sample(&mut self, w: &mut World) {
        let t = to_secs(w.now);
        for (i, s) in self.streams.iter().enumerate() {
            let st = &mut w.streams[self.stats_base + i];
            st.queued_bytes = s.queued_bytes();
            let delivered = st.bytes_delivered as f64;
            w.rec.push(self.series.queued[i], t, s.queued_bytes() as f64);
            w.rec.push(self.series.delivered[i], t, delivered);
        }
        let reading = FlowReading {
            in_flight: self.loss.in_flight,
            srtt: self.loss.rtt.has_sample.then_some(self.loss.rtt.smoothed_rtt),
            delivery_rate_bps: 0.0,
            bytes_delivered: w.flows[self.flow as usize].bytes_delivered,
            life: Lifetime::at(w.now, w.flows[self.flow as usize].start, w.flows[self.flow as usize].completed_at),
        };
        self.series.flow.record(&mut w.rec, t, self.cc.controller(), &reading);
    }

    fn snapshot(&self) -> Option<FlowSnapshot> {
        Some(FlowSnapshot {
            // Filled in from the world's stream table by Simulation::snapshot.
            streams: (0..self.streams.len())
                .map(|i| StreamSnapshot { index: self.stats_base + i, queued_bytes: self.streams[i].queued_bytes(), ..Default::default() })
                .collect(),
            ..self.cc.snapshot(self.loss.in_flight, self.loss.rtt.smoothed_rtt)
        })
    }
}

/// Fill a packet with `room` bytes of payload frame by frame, in the order `sched` picks
/// among the streams that have something to send; returns the frames (stream index set) with
/// the reason of each pick. `credit` is the connection's MAX_DATA credit, spent by new data.
pub fn fill_packet(sched: &mut dyn StreamScheduler, streams: &mut [SendStream], mut room: u32, credit: &mut u64) -> Vec<(Taken, &'static str)> {
    let mut ready: Vec<bool> = streams.iter().map(|s| s.has_data(*credit)).collect();
    let n = ready.iter().filter(|r| **r).count();
    for (i, r) in ready.iter().enumerate() {
        if *r {
            sched.activate(i);
        }
    }
    let mut out = Vec::new();
    // As quic-go's framer: each active stream at most once per packet.
    for _ in 0..n {
        if room < MIN_STREAM_FRAME_ROOM && !out.is_empty() {
            break;
        }
        let Some(pick) = sched.pick(&ready) else { break };
        let i = pick.stream;
        let Some(mut t) = streams[i].take(room, pick.limit, credit) else {
            ready[i] = false;
            sched.on_frame(i, 0, false);
            continue;
        };
        t.frame.stream = i as u16;
        room -= t.wire;
        let more = streams[i].has_data(*credit);
        ready[i] = more;
        sched.on_frame(i, t.frame.len as u64, more);
        out.push((t, pick.reason));
        if *credit == 0 {
            // Out of connection credit: only retransmissions may still go.
            for (r, s) in ready.iter_mut().zip(streams.iter()) {
                *r = *r && s.has_data(0);
            }
        }
    }
    out
}

/// The receiving end: reassembles streams, acknowledges packets, grants credit.
pub struct QuicReceiver {
    flow: FlowIdx,
    me: AgentId,
    sender: AgentId,
    path: PathId,
    cfg: QuicConfig,
    streams: Vec<RecvStream>,
    stats_base: usize,
    /// Packet numbers received (old ranges pruned past [`MAX_ACK_RANGES`]).
    received: RangeSet<u64>,
    largest: Option<u64>,
    largest_at: Time,
    unacked: u32,
    ack_timer: TimerSlot,
    read_total: u64,
    max_data: u64,
    max_data_dirty: bool,
    dirty: Vec<u16>,
    /// Every stream has a final size (finite bulk): the flow completes with them.
    finite: bool,
}


impl QuicReceiver {
    #[allow(clippy::too_many_arguments)]
    pub fn new(flow: FlowIdx, me: AgentId, sender: AgentId, path: PathId, cfg: QuicConfig, n: usize, stats_base: usize, finite: bool) -> Self {
        let streams = (0..n).map(|_| RecvStream { max_data: cfg.max_stream_data, ..Default::default() }).collect();
        QuicReceiver {
            flow,
            me,
            sender,
            path,
            max_data: cfg.max_data,
            cfg,
            streams,
            stats_base,
            received: RangeSet::new(),
            largest: None,
            largest_at: 0,
            unacked: 0,
            ack_timer: TimerSlot::default(),
            read_total: 0,
            max_data_dirty: false,
            dirty: Vec::new(),
            finite,
        }
    }

    fn send_ack(&mut self, w: &mut World) {
        self.unacked = 0;
        self.ack_timer.cancel();
        let ranges: Vec<(u64, u64)> = self.received.iter().rev().take(MAX_ACK_RANGES).map(|r| (r.start, r.end)).collect();
        let ack_delay = w.now - self.largest_at;
        // Sizes per RFC 9000 §19.3 (ack delay in units of 2^3 µs) and §19.9/§19.10.
        let largest = ranges.first().map_or(0, |r| r.1 - 1);
        let v = super::streams::varint_len;
        let mut frame = 1 + v(largest) + v(ack_delay / 8000) + v(ranges.len() as u64 - 1);
        let mut prev_start = ranges.first().map_or(0, |r| r.0);
        frame += v(largest - prev_start);
        for r in ranges.iter().skip(1) {
            frame += v(prev_start - r.1 - 1) + v(r.1 - r.0 - 1);
            prev_start = r.0;
        }
        let max_data = self.max_data_dirty.then_some(self.max_data);
        if let Some(m) = max_data {
            frame += 1 + v(m);
        }
        let mut msd = Vec::new();
        for i in self.dirty.drain(..) {
            let m = self.streams[i as usize].max_data;
            frame += 1 + v(4 * i as u64) + v(m);
            msd.push((i, m));
        }
        self.max_data_dirty = false;
        w.send(Packet {
            flow: self.flow,
            dst: self.sender,
            path: self.path,
            hop: 0,
            ecn: Ecn::NotEct,
            wire_bytes: IP_UDP_HEADER + short_header(1) + AEAD_TAG + frame,
            body: Body::QuicAck(Box::new(QuicAck { ranges, ack_delay, max_data, max_stream_data: msd })),
        });
        // Old ranges will never be reported again: forget them so memory stays flat.
        if self.received.len() > 2 * MAX_ACK_RANGES {
            if let Some(r) = self.received.iter().rev().nth(MAX_ACK_RANGES).cloned() {
                self.received.remove(0..r.end);
            }
        }
    }

    fn on_data(&mut self, d: &QuicData, w: &mut World) {
        let now = w.now;
        w.flows[self.flow as usize].received_packets += 1;
        let duplicate = self.received.contains(&d.pn);
        // RFC 9000 §13.2.1: acknowledge at once a packet that arrives out of order.
        let out_of_order = self.largest.is_some_and(|l| d.pn != l + 1);
        self.received.insert(d.pn..d.pn + 1);
        if self.largest.is_none_or(|l| d.pn > l) {
            self.largest = Some(d.pn);
            self.largest_at = now;
        }
        if !duplicate {
            let window = self.cfg.max_stream_data;
            for f in &d.frames {
                let k = f.stream as usize;
                let Some(s) = self.streams.get_mut(k) else { continue };
                let newly = s.on_frame(f);
                if newly == 0 {
                    continue;
                }
                self.read_total += newly;
                w.streams[self.stats_base + k].on_readable(s.read, now);
                // quic-go's flowcontrol: a window update once a quarter of the window is read.
                if s.read + window >= s.max_data + window / 4 {
                    s.max_data = s.read + window;
                    if !self.dirty.contains(&(k as u16)) {
                        self.dirty.push(k as u16);
                    }
                }
            }
            let cw = self.cfg.max_data;
            if self.read_total + cw >= self.max_data + cw / 4 {
                self.max_data = self.read_total + cw;
                self.max_data_dirty = true;
            }
            let stats = &mut w.flows[self.flow as usize];
            stats.bytes_delivered = self.read_total;
            if self.finite && stats.completed_at.is_none() && self.streams.iter().all(|s| s.complete()) {
                stats.completed_at = Some(now);
                w.log.push(now, Some(self.flow), EventKind::FlowCompleted);
            }
        }
        self.unacked += 1;
        if out_of_order || duplicate || self.unacked >= self.cfg.ack_eliciting_threshold || self.finite && self.streams.iter().all(|s| s.complete()) {
            self.send_ack(w);
        } else {
            w.arm(self.me, &mut self.ack_timer, QuicTimer::Ack.into(), now + self.cfg.max_ack_delay);
        }
    }
}

impl Agent for QuicReceiver {
    fn samples(&self) -> bool {
        false
    }

    fn memory_bytes(&self) -> usize {
        self.received.len() * 16 + self.streams.iter().map(|s| s.received.len() * 16).sum::<usize>()
    }

    /// Stream data received beyond what is readable in order.
    fn held_bytes(&self) -> u64 {
        self.streams.iter().map(|s| s.received.iter().map(|r| r.end - r.start).sum::<u64>().saturating_sub(s.read)).sum()
    }

    fn on_packet(&mut self, pkt: Packet, w: &mut World) {
        if let Body::QuicData(d) = &pkt.body {
            self.on_data(d, w);
        }
    }

    fn on_timer(&mut self, timer: Timer, w: &mut World) {
        debug_assert_eq!(QuicTimer::of(timer), Some(QuicTimer::Ack));
        if w.fires(self.me, &mut self.ack_timer, timer) {
            self.send_ack(w);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quic::sched::{self, StreamPrio};

    fn prio(id: u64, priority: i32, weight: u32) -> StreamPrio {
        StreamPrio { id, weight, priority, urgency: if priority > 0 { 0 } else { 3 }, incremental: true }
    }

    /// Stream 0 (important) has new data; streams 1 and 2 (bulk) have lost data waiting.
    fn state() -> Vec<SendStream> {
        let mut v: Vec<SendStream> = (0..3).map(|i| SendStream::new(4 * i, 1 << 30)).collect();
        v[0].written = 3000;
        for s in &mut v[1..] {
            s.endless = true;
            s.sent = 50_000;
            s.retx.insert(10_000..12_000);
        }
        v
    }

    fn picks(name: &str, packets: usize) -> Vec<(usize, bool)> {
        let prios = [prio(0, 1, 3), prio(4, 0, 1), prio(8, 0, 1)];
        let mut s = sched::make(name, &prios, 1221).unwrap();
        let mut streams = state();
        let mut credit = u64::MAX / 2;
        (0..packets)
            .flat_map(|_| fill_packet(s.as_mut(), &mut streams, 1229, &mut credit))
            .map(|(t, _)| (t.frame.stream as usize, t.retransmission))
            .collect()
    }

    #[test]
    fn retransmissions_wait_for_their_streams_turn() {
        // ABS and RFC 9218: the important stream's new data goes before the bulk streams'
        // retransmissions.
        for name in ["abs", "rfc9218"] {
            let p = picks(name, 4);
            assert_eq!(&p[..3], &[(0, false), (0, false), (0, false)], "{name}: {p:?}");
            assert_eq!(p[3], (1, true), "{name}: then bulk, lost data first");
        }
        // RR: streams in turn, each stream's lost data before its new data.
        let p = picks("rr", 4);
        assert_eq!(&p[..3], &[(0, false), (1, true), (2, true)], "rr: {p:?}");
        // WFQ's ring gives stream 0 three of five slots.
        let p = picks("wfq", 5);
        assert_eq!(p.iter().filter(|(s, _)| *s == 0).count(), 3, "wfq: {p:?}");
        assert!(p.iter().filter(|(s, _)| *s != 0).all(|(_, r)| *r), "bulk frames are the lost data: {p:?}");
    }

    #[test]
    fn a_small_frame_leaves_room_for_the_next_stream() {
        let prios = [prio(0, 1, 1), prio(4, 0, 1)];
        let mut s = sched::make("abs", &prios, 1221).unwrap();
        let mut streams = vec![SendStream::new(0, 1 << 20), SendStream::new(4, 1 << 20)];
        streams[0].written = 40;
        streams[1].endless = true;
        let mut credit = 1 << 20;
        let f = fill_packet(s.as_mut(), &mut streams, 1229, &mut credit);
        assert_eq!(f.len(), 2);
        assert_eq!((f[0].0.frame.stream, f[0].0.frame.len), (0, 40));
        assert_eq!(f.iter().map(|(t, _)| t.wire).sum::<u32>(), 1229, "the bulk stream fills the rest");
        assert_eq!(f[0].1, "highest_priority");
    }
}
