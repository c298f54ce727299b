//! The simulation: the world (clock, event queue, network, recorders) and the agents
//! (transport endpoints) that live on its hosts.
//!
//! The main loop pops the earliest event and dispatches it: a packet arriving at the end of a
//! link is forwarded onto the next link of its path or handed to its destination agent; a
//! timer wakes an agent; a sample tick records every series. Agents act on the world only
//! through [`World`]'s methods, which is what keeps the core free of I/O and clocks.
//!
//! Layer: directly above `net` (the world owns the network), below the transports that
//! implement [`Agent`] (docs/ARCHITECTURE.md).

pub mod budget;
pub mod class_series;
pub mod flow_series;
pub mod follow;
pub mod sampling;
pub mod trace;

use crate::engine::queue::EventQueue;
use crate::engine::time::{to_secs, Dur, Time};
use crate::engine::timer::{TimerFired, TimerSlot};
use crate::metrics::{EventKind, EventLog, FlowStats, Recorder};
use crate::net::packet::{AgentId, Packet};
use crate::net::{DropKind, Network};
use serde::Serialize;

/// What can happen.
#[derive(Debug, Clone, Copy)]
pub enum Event {
    /// The packet at the front of this link's FIFO (see [`crate::net::PacketPool`]) reaches
    /// the link's far end.
    Arrive(u32),
    /// The transmitter of this AQM link is free: its queue discipline hands over the next
    /// packet (net/link.rs; DropTail links need no such event).
    Dequeue(u32),
    /// A timer an agent set for itself.
    Timer { agent: AgentId, timer: Timer },
    /// Record every series.
    Sample,
    /// The warm-up ends: statistics start counting.
    WarmupEnd,
}

/// What a timer is for. Only the agent that set a timer gets it back. The engine knows one
/// kind itself, the flow's start; every other kind belongs to the transport that sets it
/// (`tcp::TcpTimer`, `quic::QuicTimer`), which turns it into an [`OwnTimer`] and back, so a
/// new transport adds its timers without touching the engine. An agent that hosts several
/// endpoints (an MPTCP connection's subflows, a QUIC connection's message sources) finds the
/// one a timer belongs to by its `index`, not by arithmetic on a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Timer {
    /// The flow's (or its connection's) scheduled start.
    Start,
    /// A timer of the agent's transport.
    Own(OwnTimer),
}

/// A transport's timer as the engine carries it: the transport's kind number and the index of
/// the endpoint inside the agent (0 when it hosts one). Opaque to the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwnTimer {
    pub kind: u8,
    pub index: u16,
}

pub struct World {
    pub now: Time,
    pub queue: EventQueue<Event>,
    pub net: Network,
    pub rec: Recorder,
    pub flows: Vec<FlowStats>,
    pub log: EventLog,
    pub events_processed: u64,
    /// Full data frame size, for expressing packet-counted buffers in bytes.
    pub full_frame: u32,
    /// Per-stream message accounting of the QUIC flows (empty without them).
    pub streams: Vec<crate::metrics::streams::StreamStats>,
    /// The sending host's latest smoothed RTT per forward path (0 = no sample yet), like
    /// Linux's tcp_metrics cache: every TCP sender and subflow writes it, MPTCP flow
    /// schedulers (FSFS) read it.
    pub path_srtt: Vec<Dur>,
    /// The event queue's lane for flow starts (lanes 0‥links are the links' arrivals).
    pub start_lane: u32,
    /// The per-packet trace of one flow for the sequence diagram (sim/trace.rs); `None`
    /// (the default) costs one branch per packet.
    pub trace: Option<Box<crate::sim::trace::PacketTrace>>,
    /// The per-size-class series of an MPTCP flow-scheduling run (sim/class_series.rs), set
    /// once the flows are built; `None` without size-classed flows after the warm-up.
    pub class_series: Option<class_series::ClassSeries>,
    /// The one packet the page follows, hop by hop, with its ACK (sim/follow.rs); `None` (the
    /// default) costs one branch per packet event.
    pub follow: Option<Box<crate::sim::follow::Follower>>,
}

impl World {
    /// Put a packet on the first (or next) link of its path.
    pub fn send(&mut self, pkt: Packet) {
        if let Some(t) = self.trace.as_deref_mut() {
            if pkt.hop == 0 {
                t.on_send(self.now, &pkt);
            }
        }
        let link = self.net.link_of(&pkt);
        if let Some(f) = self.follow.as_deref_mut() {
            f.on_offer(self.now, &pkt, link);
        }
        if self.net.links[link as usize].has_aqm() {
            let start = self.net.links[link as usize].aqm_enqueue(self.now, pkt);
            self.account_aqm(link);
            if start {
                self.dequeue(link);
            }
            return;
        }
        match self.net.offer(self.now, &pkt) {
            Ok(at) => self.on_wire(link, pkt, at),
            Err(kind) => self.lost(link, &pkt, kind == DropKind::Wire),
        }
    }

    /// `pkt` will reach the far end of `link` at `at`.
    fn on_wire(&mut self, link: u32, pkt: Packet, at: Time) {
        if pkt.ecn == crate::net::packet::Ecn::Ce && pkt.body.is_data() && pkt.hop as usize + 1 == self.net.path_len(pkt.path) {
            // Counted once, on the last hop, however many queues marked it.
            self.flows[pkt.flow as usize].ecn_marks += 1;
        }
        if let Some(f) = self.follow.as_deref_mut() {
            // The link has just taken it: its transmitter is busy until this packet is serialised.
            let l = &self.net.links[link as usize];
            let wire = l.busy_until();
            f.on_wire(&pkt, wire.saturating_sub(crate::engine::time::tx_time(pkt.wire_bytes, l.rate_bps)), wire, at);
        }
        // Lane `link` of the queue: the link's arrivals come due in FIFO order.
        self.net.pool.push(link, pkt, at);
        self.queue.schedule_in_lane(link, at, Event::Arrive(link));
    }

    /// `pkt` was dropped by `link`'s queue, or lost on its wire.
    fn lost(&mut self, link: u32, pkt: &Packet, wire: bool) {
        if pkt.body.is_data() {
            self.flows[pkt.flow as usize].dropped_packets += 1;
        }
        use crate::net::packet::Body;
        use crate::sim::trace::DropCause;
        let cause = if wire {
            DropCause::Wire
        } else if self.net.links[link as usize].has_aqm() {
            DropCause::Aqm
        } else {
            DropCause::Queue
        };
        let packet = match &pkt.body {
            Body::TcpData(d) => Some(d.seq),
            Body::MptcpData(d) => Some(d.data.seq),
            Body::QuicData(d) => Some(d.pn),
            _ => None,
        };
        self.log.push(self.now, Some(pkt.flow), EventKind::Drop { link, wire, cause, packet });
        if let Some(t) = self.trace.as_deref_mut() {
            t.on_drop(self.now, pkt, link, self.net.path_len(pkt.path), cause);
        }
        if let Some(f) = self.follow.as_deref_mut() {
            f.on_drop(self.now, pkt, cause);
        }
    }

    /// Account for what an AQM link's discipline dropped in its last call.
    fn account_aqm(&mut self, link: u32) {
        let mut dropped = std::mem::take(&mut self.net.links[link as usize].aqm_out.dropped);
        for p in dropped.drain(..) {
            self.lost(link, &p, false);
        }
        // Hand the (empty) buffer back, so the next drop allocates nothing.
        let out = &mut self.net.links[link as usize].aqm_out;
        out.dropped = dropped;
        out.marked = 0;
    }

    /// The transmitter of AQM link `link` is free: send the next packet its discipline hands
    /// over, and come back when that one is serialised, for as long as packets wait.
    pub fn dequeue(&mut self, link: u32) {
        let l = &mut self.net.links[link as usize];
        l.dequeue_pending = false;
        let next = l.aqm_dequeue(self.now);
        self.account_aqm(link);
        let Some((pkt, verdict)) = next else { return };
        match verdict {
            crate::net::link::Verdict::Arrives(at) => self.on_wire(link, pkt, at),
            _ => self.lost(link, &pkt, true),
        }
        let l = &mut self.net.links[link as usize];
        if l.aqm_backlog() > 0 {
            l.dequeue_pending = true;
            let at = l.busy_until();
            self.queue.schedule(at, Event::Dequeue(link));
        }
    }

    /// Schedule `timer` of `agent` at `at` (never in the past).
    pub fn timer(&mut self, agent: AgentId, timer: Timer, at: Time) {
        self.queue.schedule(at.max(self.now), Event::Timer { agent, timer });
    }

    /// Set the deadline of a re-armable timer (`slot`) of `agent`, scheduling an event only
    /// when the slot needs one (engine/timer.rs).
    pub fn arm(&mut self, agent: AgentId, slot: &mut TimerSlot, timer: Timer, at: Time) {
        if let Some(t) = slot.arm(at) {
            self.timer(agent, timer, t);
        }
    }

    /// A timer event for `slot` arrived: true when the timer expired now. An event whose
    /// deadline moved later is rescheduled, a stale one dropped, so a caller acts only on true.
    pub fn fires(&mut self, agent: AgentId, slot: &mut TimerSlot, timer: Timer) -> bool {
        match slot.on_event(self.now) {
            TimerFired::Fire => true,
            TimerFired::Reschedule(t) => {
                self.timer(agent, timer, t);
                false
            }
            TimerFired::Stale => false,
        }
    }

    /// Schedule a flow's start timer while the run is built. Generated flows come in start
    /// order, so their starts queue in a lane instead of filling the heap with 10⁵ entries
    /// from t = 0; a start earlier than the last one queued (flows of the `flows` list come in
    /// any order) goes to the heap. Either way it keeps its place in the order of events.
    pub fn start_timer(&mut self, agent: AgentId, at: Time) {
        let at = at.max(self.now);
        let ev = Event::Timer { agent, timer: Timer::Start };
        match self.queue.lane_back(self.start_lane) {
            Some(last) if at < last => self.queue.schedule(at, ev),
            _ => self.queue.schedule_in_lane(self.start_lane, at, ev),
        }
    }
}

/// A flow's live state, for the inspector and the snapshot.
#[derive(Debug, Clone, Serialize, Default, ts_rs::TS)]
pub struct FlowSnapshot {
    pub id: String,
    /// The flow's index in the scenario's flow list (generated flows included): what events'
    /// `flow` field refers to. Filled in by the simulation.
    pub index: u32,
    pub cwnd: u32,
    pub inflight: u32,
    pub srtt_ms: f64,
    pub pacing_rate_mbps: Option<f64>,
    pub pacing_gain: Option<f64>,
    pub state: &'static str,
    /// QUIC flows: their streams.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub streams: Vec<StreamSnapshot>,
    /// MPTCP: one entry per subflow.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub subflows: Option<Vec<SubflowSnapshot>>,
    /// MPTCP: bytes held out of order in the connection-level receive buffer.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub recv_buffer_bytes: Option<u64>,
    /// MPTCP: the size class the flow scheduler put the connection in (FSFS: G0–G3), once it
    /// chose its paths; `subflows` are on the paths that class was given. State, not only an
    /// event: a page that missed the connection's `mptcp_paths` event still shows it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub size_class: Option<&'static str>,
}

/// One QUIC stream's live state.
#[derive(Debug, Clone, Default, Serialize, ts_rs::TS)]
pub struct StreamSnapshot {
    /// QUIC stream id.
    pub id: u64,
    pub name: String,
    pub queued_bytes: u64,
    pub delivered_bytes: u64,
    pub weight: u32,
    pub priority: i32,
    pub urgency: u8,
    pub incremental: bool,
    pub picks: u64,
    pub last_pick_reason: &'static str,
    /// Index into `World::streams` (filled in by the simulation).
    #[serde(skip)]
    pub index: usize,
}

/// An MPTCP subflow's live state.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct SubflowSnapshot {
    /// Path number (1-based, as the links "path1", "path2", … are named).
    pub path: u32,
    pub cwnd: u32,
    pub inflight: u32,
    pub srtt_ms: f64,
    /// Share of the connection's data bytes sent on this subflow so far.
    pub bytes_share: f64,
    /// The subflow's congestion controller state (its own name: "slow_start", "recovery", …).
    pub state: &'static str,
}

/// A transport endpoint attached to a host.
pub trait Agent {
    fn on_packet(&mut self, pkt: Packet, w: &mut World);
    fn on_timer(&mut self, timer: Timer, w: &mut World);
    /// Record this agent's series at a sample tick.
    fn sample(&mut self, _w: &mut World) {}
    /// Whether [`Agent::sample`] does anything for this agent, fixed once it is built. The
    /// engine calls `sample` only on agents that say so: a run with 10⁵ generated flows records
    /// no per-flow series for them, and visiting every agent at every tick was a quarter of
    /// such a run's time. Receivers and series-less senders answer false.
    fn samples(&self) -> bool {
        true
    }
    /// Bytes of state that grow with the traffic (scoreboards, buffers), for the memory budget.
    fn memory_bytes(&self) -> usize {
        0
    }
    /// Payload bytes a receiver holds but has not yet delivered in order (out of order
    /// behind a hole): counted at the warm-up so that, when a retransmission fills the hole
    /// later, data that crossed the network before the warm-up is not counted as goodput
    /// after it. Senders hold none.
    fn held_bytes(&self) -> u64 {
        0
    }
    /// Live state, for senders.
    fn snapshot(&self) -> Option<FlowSnapshot> {
        None
    }
    /// Each of a sender's subflows' packets in flight and smoothed RTT (0 before a sample), for
    /// the per-size-class series (sim/class_series.rs). Only MPTCP senders have a size class,
    /// so only they report.
    fn flight_by_path(&self, _each: &mut dyn FnMut(u32, Time)) {}
}

/// The run's clock and agents; see [`crate::Simulation`] for the public handle.
pub struct Engine {
    pub world: World,
    pub agents: Vec<Box<dyn Agent>>,
    pub end: Time,
    pub warmup: Time,
    pub sample_every: Dur,
    /// Stop as soon as every flow completed (all flows finite).
    pub stop_when_done: bool,
    /// Flows before this index are known to have completed. Completion is permanent, so the
    /// per-event "all done?" check resumes here instead of rescanning every finished flow
    /// (runs with 10⁵ generated flows otherwise spend O(flows) per event on it).
    pub done_cursor: usize,
    pub finished: bool,
    /// The event and memory budgets (sim/budget.rs).
    pub budget: budget::Budget,
    /// Why the run stopped before its end, when a budget was exceeded.
    pub aborted: Option<String>,
    /// Jain's index of the goodputs since the warm-up, as the run goes.
    pub jain_series: Option<crate::metrics::SeriesId>,
    /// Queue and drop series of the reported links.
    pub link_series: Vec<crate::metrics::summary::LinkSeries>,
    /// The agents a sample tick visits (those whose [`Agent::samples`] is true), ascending.
    pub sampled: Vec<u32>,
    /// The flows Jain's index is taken over, ascending: the bulk flows if there are any,
    /// otherwise every flow (see [`crate::metrics::summary::jain_flows`]).
    pub jain_flows: Vec<u32>,
}

impl Engine {
    fn all_done(&mut self) -> bool {
        if !self.stop_when_done {
            return false;
        }
        let flows = &self.world.flows;
        while let Some(f) = flows.get(self.done_cursor) {
            if f.size_bytes.is_none() || f.completed_at.is_none() {
                return false;
            }
            self.done_cursor += 1;
        }
        true
    }

    /// Record every series. A tick records a point on every series at once, and growing
    /// series reallocate together: with 10⁴ flows one tick could add tens of MiB, so the
    /// recorder holds its share of the memory budget and refuses to grow past it, and the run
    /// stops at the first agent whose point was refused.
    fn sample_all(&mut self) {
        let t = to_secs(self.world.now);
        let check = !self.finished;
        for &k in &self.sampled {
            self.agents[k as usize].sample(&mut self.world);
            if check && self.world.rec.over_budget {
                self.abort_for_memory();
                return;
            }
        }
        sampling::sample_links(&mut self.world, &self.link_series, t);
        if let Some(id) = self.jain_series {
            sampling::sample_jain(&mut self.world, id, self.warmup, t, &self.jain_flows);
        }
        if let Some(mut classes) = self.world.class_series.take() {
            classes.sample(&mut self.world, &self.agents);
            self.world.class_series = Some(classes);
        }
    }

    /// Run every event up to and including time `until` (capped at the end of the run).
    /// Returns true once the run is finished.
    pub fn advance_to(&mut self, until: Time) -> bool {
        let until = until.min(self.end);
        while !self.finished {
            match self.world.queue.peek_time() {
                Some(t) if t <= until => {}
                _ => break,
            }
            self.process_next();
        }
        if !self.finished {
            self.world.now = self.world.now.max(until);
            if until >= self.end {
                self.finish();
            }
        }
        self.finished
    }

    /// Process exactly `n` events (fewer if the run ends first): the page's single step.
    pub fn step_events(&mut self, n: u64) -> bool {
        for _ in 0..n {
            match self.world.queue.peek_time() {
                Some(t) if !self.finished && t <= self.end => self.process_next(),
                _ => break,
            }
        }
        if !self.finished && self.world.queue.peek_time().is_none_or(|t| t > self.end) {
            self.world.now = self.end;
            self.finish();
        }
        self.finished
    }

    /// Pop and dispatch the earliest event.
    fn process_next(&mut self) {
        {
            let (t, ev) = self.world.queue.pop().expect("caller peeked");
            self.world.now = t;
            self.world.events_processed += 1;
            match ev {
                Event::Arrive(link) => {
                    let mut pkt = self.world.net.pool.pop(link);
                    if let Some(next) = self.world.queue.peek_lane() {
                        self.world.net.pool.prefetch_front(next);
                    }
                    pkt.hop += 1;
                    if (pkt.hop as usize) < self.world.net.path_len(pkt.path) {
                        self.world.send(pkt);
                    } else {
                        let dst = pkt.dst as usize;
                        if let Some(tr) = self.world.trace.as_deref_mut() {
                            tr.on_deliver(t, &pkt);
                        }
                        if let Some(f) = self.world.follow.as_deref_mut() {
                            f.on_deliver(t, &pkt);
                        }
                        self.agents[dst].on_packet(pkt, &mut self.world);
                        self.budget.touch(dst as AgentId);
                    }
                }
                Event::Dequeue(link) => self.world.dequeue(link),
                Event::Timer { agent, timer } => {
                    self.agents[agent as usize].on_timer(timer, &mut self.world);
                    self.budget.touch(agent);
                }
                Event::Sample => {
                    self.sample_all();
                    self.world.queue.schedule(t + self.sample_every, Event::Sample);
                }
                Event::WarmupEnd => self.mark_warmup(),
            }
            if self.all_done() {
                self.finish();
            } else {
                self.check_budgets();
            }
        }
    }

    /// The warm-up ends: from here on a bulk flow's goodput counts only data that crosses its
    /// bottleneck from now on. The mark is what the receiver has delivered, plus what it holds
    /// out of order, plus the payload of packets already past (or being serialised on) the
    /// flow's measured link. Every byte delivered later was then carried by a packet that
    /// started serialising on that link after the warm-up and arrived before the end of the
    /// run, so goodput can never exceed the link's rate (it did, by up to 10 % on short runs:
    /// data held behind a hole at the warm-up was counted when the hole filled after it).
    /// A duplicate in flight is subtracted twice, which can only lower goodput.
    #[cold]
    #[inline(never)]
    fn mark_warmup(&mut self) {
        let w = &mut self.world;
        let now = w.now;
        for f in w.flows.iter_mut() {
            f.bytes_at_warmup = f.bytes_delivered;
        }
        for f in w.flows.iter_mut() {
            f.bytes_at_warmup += self.agents[f.sender as usize].held_bytes() + self.agents[f.receiver as usize].held_bytes();
        }
        let net = &w.net;
        for (p, arrives) in net.pool.iter_timed() {
            let payload = match &p.body {
                crate::net::packet::Body::TcpData(d) => d.len as u64,
                crate::net::packet::Body::MptcpData(d) => d.data.len as u64,
                crate::net::packet::Body::QuicData(d) => d.frames.iter().map(|f| f.len as u64).sum(),
                _ => continue,
            };
            let path = &net.paths[p.path as usize];
            let Some(measured) = path.iter().position(|&l| net.links[l as usize].reported) else { continue };
            let started = match (p.hop as usize).cmp(&measured) {
                std::cmp::Ordering::Less => false,
                std::cmp::Ordering::Greater => true,
                std::cmp::Ordering::Equal => {
                    let l = &net.links[path[measured] as usize];
                    let tx = crate::engine::time::tx_time(p.wire_bytes, l.rate_bps);
                    arrives.saturating_sub(l.delay).saturating_sub(tx) < now
                }
            };
            if started {
                if let Some(f) = w.flows.get_mut(p.flow as usize) {
                    f.bytes_at_warmup += payload;
                }
            }
        }
    }

    /// Record the memory that stays fixed for the whole run (call once, after building it).
    pub fn measure_fixed_memory(&mut self) {
        self.budget.measure_fixed(&mut self.world, &self.agents);
    }

    /// Estimated bytes the run holds (sim/budget.rs).
    pub fn memory_estimate(&self) -> usize {
        self.budget.estimate(&self.world, &self.agents)
    }

    /// The estimate by part, for diagnostics: (part, bytes).
    pub fn memory_report(&self) -> Vec<(&'static str, usize)> {
        self.budget.report(&self.world, &self.agents)
    }

    /// After every event: stop the run if it exhausted a budget.
    #[inline]
    fn check_budgets(&mut self) {
        match self.budget.after_event(&mut self.world, &self.agents) {
            None => {}
            Some(budget::Exceeded::Events) => {
                self.aborted = Some(self.budget.events_message(&self.world));
                self.finish();
            }
            Some(budget::Exceeded::Memory) => self.abort_for_memory(),
        }
    }

    /// Stop the run: the memory budget is exhausted. No final sample is taken (it would grow
    /// every series once more).
    #[cold]
    #[inline(never)]
    fn abort_for_memory(&mut self) {
        if self.aborted.is_none() {
            self.aborted = Some(self.budget.memory_message(&self.world));
        }
        self.finished = true;
    }

    fn finish(&mut self) {
        if !self.finished {
            self.finished = true;
            // A last sample so every chart reaches the end of the run.
            self.sample_all();
        }
    }

    /// Schedule the first sample and the warm-up's end, and fix the lists a sample tick
    /// visits (call once, after building the run).
    pub fn start(&mut self) {
        self.sampled = (0..self.agents.len() as u32).filter(|&k| self.agents[k as usize].samples()).collect();
        self.jain_flows = crate::metrics::summary::jain_flows(&self.world.flows);
        self.world.queue.schedule(0, Event::Sample);
        if self.warmup > 0 {
            self.world.queue.schedule(self.warmup, Event::WarmupEnd);
        }
    }
}
