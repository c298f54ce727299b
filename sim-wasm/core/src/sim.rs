//! The simulation: the world (clock, event queue, network, recorders) and the agents
//! (transport endpoints) that live on its hosts.
//!
//! The main loop pops the earliest event and dispatches it: a packet arriving at the end of a
//! link is forwarded onto the next link of its path or handed to its destination agent; a
//! timer wakes an agent; a sample tick records every series. Agents act on the world only
//! through [`World`]'s methods, which is what keeps the core free of I/O and clocks.

use crate::engine::queue::EventQueue;
use crate::engine::time::{to_secs, Dur, Time};
use crate::metrics::{EventKind, EventLog, FlowStats, Recorder};
use crate::net::packet::{AgentId, Packet};
use crate::net::{DropKind, Network};
use serde::Serialize;

/// How often (in events) the run budgets are checked: rarely enough to cost nothing.
const BUDGET_CHECK_EVERY: u64 = 4096;

/// What can happen.
#[derive(Debug, Clone, Copy)]
pub enum Event {
    /// The packet in this pool slot reaches the far end of its current link.
    Arrive(u32),
    /// Timer `kind` of an agent (each agent numbers its own timers).
    Timer { agent: AgentId, kind: u8 },
    /// Record every series.
    Sample,
    /// The warm-up ends: statistics start counting.
    WarmupEnd,
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
}

impl World {
    /// Put a packet on the first (or next) link of its path.
    pub fn send(&mut self, pkt: Packet) {
        match self.net.offer(self.now, &pkt) {
            Ok(at) => {
                let slot = self.net.pool.insert(pkt, at);
                self.queue.schedule(at, Event::Arrive(slot));
            }
            Err(kind) => {
                if pkt.body.is_data() {
                    self.flows[pkt.flow as usize].dropped_packets += 1;
                }
                let link = self.net.link_of(&pkt);
                self.log.push(self.now, Some(pkt.flow), EventKind::Drop { link, wire: kind == DropKind::Wire });
            }
        }
    }

    /// Schedule timer `kind` of `agent` at `at` (never in the past).
    pub fn timer(&mut self, agent: AgentId, kind: u8, at: Time) {
        self.queue.schedule(at.max(self.now), Event::Timer { agent, kind });
    }
}

/// A flow's live state, for the inspector and the snapshot.
#[derive(Debug, Clone, Serialize, Default)]
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
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub streams: Vec<StreamSnapshot>,
    /// MPTCP: one entry per subflow.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subflows: Option<Vec<SubflowSnapshot>>,
    /// MPTCP: bytes held out of order in the connection-level receive buffer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recv_buffer_bytes: Option<u64>,
}

/// One QUIC stream's live state.
#[derive(Debug, Clone, Default, Serialize)]
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
#[derive(Debug, Clone, Serialize)]
pub struct SubflowSnapshot {
    /// Path number (1-based, as the links "path1", "path2", … are named).
    pub path: u32,
    pub cwnd: u32,
    pub inflight: u32,
    pub srtt_ms: f64,
    /// Share of the connection's data bytes sent on this subflow so far.
    pub bytes_share: f64,
}

/// A transport endpoint attached to a host.
pub trait Agent {
    fn on_packet(&mut self, pkt: Packet, w: &mut World);
    fn on_timer(&mut self, kind: u8, w: &mut World);
    /// Record this agent's series at a sample tick.
    fn sample(&mut self, _w: &mut World) {}
    /// Bytes of state that grow with the traffic (scoreboards, buffers), for the memory budget.
    fn memory_bytes(&self) -> usize {
        0
    }
    /// Live state, for senders.
    fn snapshot(&self) -> Option<FlowSnapshot> {
        None
    }
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
    pub max_events: u64,
    pub max_memory_bytes: f64,
    /// Why the run stopped before its end, when a budget was exceeded.
    pub aborted: Option<String>,
    /// Jain's index of the goodputs since the warm-up, as the run goes.
    pub jain_series: Option<crate::metrics::SeriesId>,
    /// Queue and drop series of the reported links.
    pub link_series: Vec<crate::metrics::summary::LinkSeries>,
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

    fn sample_all(&mut self) {
        let t = to_secs(self.world.now);
        for agent in self.agents.iter_mut() {
            agent.sample(&mut self.world);
        }
        crate::metrics::summary::sample_links(&mut self.world, &self.link_series, t);
        if let Some(id) = self.jain_series {
            crate::metrics::summary::sample_jain(&mut self.world, id, self.warmup, t);
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
                Event::Arrive(slot) => {
                    let mut pkt = self.world.net.pool.take(slot);
                    pkt.hop += 1;
                    if (pkt.hop as usize) < self.world.net.path_len(pkt.path) {
                        self.world.send(pkt);
                    } else {
                        let dst = pkt.dst as usize;
                        self.agents[dst].on_packet(pkt, &mut self.world);
                    }
                }
                Event::Timer { agent, kind } => self.agents[agent as usize].on_timer(kind, &mut self.world),
                Event::Sample => {
                    self.sample_all();
                    self.world.queue.schedule(t + self.sample_every, Event::Sample);
                }
                Event::WarmupEnd => {
                    for f in self.world.flows.iter_mut() {
                        f.bytes_at_warmup = f.bytes_delivered;
                    }
                }
            }
            if self.all_done() {
                self.finish();
            } else if self.world.events_processed % BUDGET_CHECK_EVERY == 0 {
                self.check_budgets();
            }
        }
    }

    /// Estimated bytes of engine state that grows with traffic.
    pub fn memory_estimate(&self) -> usize {
        let w = &self.world;
        w.queue.len() * std::mem::size_of::<(Time, u64, Event)>()
            + w.net.pool.len() * std::mem::size_of::<Packet>()
            + self.agents.iter().map(|a| a.memory_bytes()).sum::<usize>()
            + w.streams.iter().map(|s| s.memory_bytes()).sum::<usize>()
    }

    fn check_budgets(&mut self) {
        let at = to_secs(self.world.now);
        if self.world.events_processed >= self.max_events {
            self.aborted = Some(format!(
                "stopped at t = {at:.3} s: the event budget of {} events (limits.max_events) was reached",
                self.max_events
            ));
        } else if self.memory_estimate() as f64 > self.max_memory_bytes {
            self.aborted = Some(format!(
                "stopped at t = {at:.3} s: the engine needed more than {:.0} MiB (limits.max_memory_mb); \
                 a smaller buffer or a shorter run fits",
                self.max_memory_bytes / 1048576.0
            ));
        }
        if self.aborted.is_some() {
            self.finish();
        }
    }

    fn finish(&mut self) {
        if !self.finished {
            self.finished = true;
            // A last sample so every chart reaches the end of the run.
            self.sample_all();
        }
    }

    pub fn start(&mut self) {
        self.world.queue.schedule(0, Event::Sample);
        if self.warmup > 0 {
            self.world.queue.schedule(self.warmup, Event::WarmupEnd);
        }
    }
}
