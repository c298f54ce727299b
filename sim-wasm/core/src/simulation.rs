//! The public handle on one run: build it from a scenario, advance it in slices of simulated
//! time, read new series points, live snapshots and the final summary.
//!
//! This is the whole surface the CLI and the wasm adapter use, so both run exactly the same
//! code path — the reason a run in the browser and a run on the command line agree bit for bit.
//! The run itself is built by `scenario::build` (the one builder); this module is the top of
//! the core's layers (docs/ARCHITECTURE.md) and assembles the summary from the world.

pub mod packed;
mod summary;

use crate::engine::time::{secs, to_millis, to_secs, tx_time, Time};
use crate::metrics::summary::Summary;
use crate::metrics::{LogEvent, SeriesMeta};
use crate::net::packet::Ecn;
use crate::net::Route;
use crate::scenario::build::Run;
use crate::scenario::{self, Scenario, ScenarioError};
use crate::sim::{Engine, FlowSnapshot, World};
use crate::sim::flow_series::{self, Lifetime};
use serde::Serialize;

pub struct Simulation {
    engine: Engine,
    scenario: Scenario,
    seed: u64,
    /// The route each listed flow's data takes (an MPTCP flow's first), for [`Simulation::topology`].
    /// Per listed flow, the routes the topology view shows (every subflow's for MPTCP).
    listed_routes: Vec<Vec<Route>>,
    /// Per listed MPTCP flow, its subflows as (forward path, reverse path, path number as
    /// `drops` names it); empty for other flows.
    subflows: Vec<Vec<(u32, u32, u32)>>,
    /// Node positions the graph gives, for [`Simulation::topology`].
    positions: Vec<(Option<f64>, Option<f64>)>,
    /// Events of the log already handed out by [`Simulation::snapshot`].
    log_cursor: u64,
    /// (series count it was computed at, indices of the flows with series), for
    /// [`Simulation::snapshot_bounded`].
    charted: (usize, Vec<usize>),
    /// Every flow below this index has completed (a low-water mark that only moves up), so
    /// [`Simulation::snapshot_bounded`]'s search for flows sending now starts here instead of
    /// walking the thousands a traffic run has finished.
    first_open: usize,
    /// Strings of the packed snapshots ([`packed`]), interned across calls.
    pub(crate) strings: packed::Strings,
}

/// Flows a bounded snapshot reports beyond the charted ones: the first this many and up to
/// this many sending now (web/src/worker/budget.ts posts what the engine selected).
pub const SNAPSHOT_MAX_FLOWS: usize = 64;
/// Events a bounded snapshot keeps beyond the newest of each type per flow ([`compact_events`]).
pub const EVENTS_TAIL: usize = 200;

/// Keeps, in order, the newest event of every (flow, type) pair plus the last `tail` events:
/// after a long seek the events since the last snapshot can be thousands of drops, while the
/// page reads only the newest per flow and type (the inspector) and the latest few (drop
/// flashes) — so this changes nothing the page shows.
pub fn compact_events(events: Vec<LogEvent>, tail: usize) -> Vec<LogEvent> {
    if events.len() <= tail {
        return events;
    }
    let n = events.len();
    let mut seen = std::collections::HashSet::new();
    let mut keep = vec![false; n];
    for (i, e) in events.iter().enumerate().rev() {
        let fresh = seen.insert((e.flow, std::mem::discriminant(&e.kind)));
        keep[i] = fresh || i >= n - tail;
    }
    events.into_iter().zip(keep).filter_map(|(e, k)| k.then_some(e)).collect()
}

/// Live state for the page: every flow and reported link at the current time, plus the typed
/// events since the previous snapshot.
#[derive(Debug, Serialize, ts_rs::TS)]
pub struct Snapshot {
    pub t_s: f64,
    pub flows: Vec<FlowSnapshot>,
    /// How many flows the run has, when the snapshot holds only some of them
    /// ([`Simulation::snapshot_bounded`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub flows_total: Option<usize>,
    pub links: Vec<LinkSnapshot>,
    pub events: Vec<LogEvent>,
    pub packets_in_network: usize,
    /// Packets on every link (data and ACKs, queued, serialising or on the wire), every k-th
    /// one when there are more than [`MAX_SNAPSHOT_PACKETS`] (k = ⌈in network / budget⌉), so
    /// the sample is spread evenly over the links; `packets_in_network` says of how many.
    pub packets: Vec<PacketMark>,
}

/// One packet on a link and its times there, for the network picture.
///
/// The link model (net/link.rs) fixes a packet's whole future on a link when it is offered:
/// it waits in the queue until `tx_s`, is serialised until `wire_s` (= `tx_s` + size·8/rate)
/// and propagates until `arrive_s` (= `wire_s` + delay). With these three times the page
/// places the packet at any moment until it arrives — in the buffer while t < `tx_s` (how
/// far from the head: the bytes still to send before it, (`tx_s` − t)·rate), at the link's
/// head while serialising, then `(t − wire_s) / delay` along the wire — so it moves smoothly
/// between snapshots instead of jumping (web/src/topology/marks.ts).
#[derive(Debug, Serialize, ts_rs::TS)]
pub struct PacketMark {
    pub link: String,
    pub flow: u32,
    /// Data (true) or ACK (and handshake) packet.
    pub data: bool,
    /// ECN Congestion Experienced: an AQM marked it instead of dropping it (RFC 3168).
    pub ce: bool,
    /// A QUIC data packet's stream (its first STREAM frame's index in the connection), so the
    /// picture colours each stream's packets as the stream charts do; none for other packets.
    pub stream: Option<u32>,
    /// 0 = queued or being serialised at the link's head, then 0‥1 along the wire, at the
    /// snapshot's time.
    pub progress: f64,
    /// Simulated seconds: transmission start, end of serialisation, arrival at the far end.
    pub tx_s: f64,
    pub wire_s: f64,
    pub arrive_s: f64,
    /// Its name, as `drops` (scenario/drops.rs) and the sequence diagram give it: the segment
    /// or QUIC packet number of a data packet, the cumulative ACK of an ACK (0: handshake).
    pub seq: u64,
    /// An MPTCP packet's subflow, by the path number `drops` names it with (1-based); none for
    /// other packets (and for generated connections, which `drops` cannot name).
    pub subflow: Option<u32>,
}

/// Packet marks per snapshot: enough to show the flow of packets, few enough to draw at 60 fps.
pub const MAX_SNAPSHOT_PACKETS: usize = 400;

#[derive(Debug, Serialize, ts_rs::TS)]
pub struct LinkSnapshot {
    pub id: String,
    pub queue_bytes: u64,
    pub queue_packets: u64,
    pub drops: u64,
    pub buffer_bytes: Option<u64>,
    /// The queueing delay now (net/link.rs `sojourn_now`), ms.
    pub sojourn_ms: f64,
    /// Packets marked CE so far.
    pub ecn_marks: u64,
}

/// The network as drawn by the page.
#[derive(Debug, Serialize, ts_rs::TS)]
pub struct TopologyView {
    pub nodes: Vec<NodeView>,
    pub links: Vec<LinkView>,
    pub flows: Vec<FlowView>,
    /// Flows the scenario's `traffic` section generates (Poisson arrivals, background flows):
    /// not drawn one by one, counted here.
    pub generated_flows: usize,
    /// The flow scheduler (fsfs | mptcp | tcp) of the generated MPTCP flows, when there are any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub flow_sched: Option<crate::mptcp::flow_sched::FlowSchedKind>,
}

#[derive(Debug, Serialize, ts_rs::TS)]
pub struct NodeView {
    pub id: String,
    pub kind: &'static str,
    /// Position from the scenario's graph (`topology.nodes[].x`), when it gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub x: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub y: Option<f64>,
}

#[derive(Debug, Serialize, ts_rs::TS)]
pub struct LinkView {
    pub id: String,
    pub from: String,
    pub to: String,
    pub rate_mbps: f64,
    pub delay_ms: f64,
    pub buffer_bytes: Option<u64>,
    pub loss: f64,
    /// A link the scenario describes (bottleneck or path): queue series and a summary row.
    pub reported: bool,
    /// The queue discipline when it is not DropTail (docs/model/aqm.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub aqm: Option<&'static str>,
    /// Largest random extra delay per packet, ms, when the link has jitter.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub jitter_ms: Option<f64>,
}

#[derive(Debug, Serialize, ts_rs::TS)]
pub struct FlowView {
    pub id: String,
    pub cc: String,
    /// Forward-path link ids in order; an MPTCP flow's are every subflow route's, route after
    /// route, each link once.
    pub path: Vec<String>,
    /// MPTCP: each subflow's own forward path (link ids), in path order: subflow `path` n
    /// takes `subflow_paths[n - 1]`. Parallel subflows are not one route through every link.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub subflow_paths: Option<Vec<Vec<String>>>,
    pub base_rtt_ms: f64,
    /// The stream scheduler (QUIC) or packet scheduler (MPTCP) the flow runs, so the page can
    /// say which one a result belongs to.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub scheduler: Option<String>,
}

impl Simulation {
    /// Parse, validate and build. `seed` overrides the scenario's own seed.
    pub fn from_json(text: &str, seed: Option<u64>) -> Result<Self, ScenarioError> {
        Self::new(scenario::parse(text)?, seed)
    }

    pub fn new(scenario: Scenario, seed: Option<u64>) -> Result<Self, ScenarioError> {
        let seed = seed.unwrap_or(scenario.seed);
        // The same bound as the scenario's own seed, for an override (CLI --seed, the page).
        scenario::check_seed("seed", seed)?;
        let Run { engine, listed_routes, subflows, positions } = scenario::build::run(&scenario, seed)?;
        Ok(Simulation { engine, scenario, seed, listed_routes, subflows, positions, log_cursor: 0, charted: (usize::MAX, Vec::new()), first_open: 0, strings: Default::default() })
    }

    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Run `dt_s` more simulated seconds. Returns true once the run is finished.
    pub fn advance(&mut self, dt_s: f64) -> bool {
        let dt = if dt_s.is_finite() && dt_s > 0.0 { secs(dt_s) } else { 0 };
        let until = self.engine.world.now.saturating_add(dt);
        self.engine.advance_to(until)
    }

    /// Run until `t` simulated (absolute, nanoseconds).
    pub fn advance_to(&mut self, t: Time) -> bool {
        self.engine.advance_to(t)
    }

    /// Process exactly `n` more events (the page's single step). True once finished.
    pub fn step_events(&mut self, n: u64) -> bool {
        self.engine.step_events(n)
    }

    /// Like [`Simulation::advance_to`], but stops after at most `max_events` events (at least
    /// one); true once finished. A front end's bound on one slice of work: a slice sized by
    /// the previous one's cost can meet a burst (flows that start late after an idle stretch,
    /// thousands of flows at once) and would otherwise block its thread, then flood it with
    /// points. Stopping between events changes no result: the next call goes on with the
    /// same event queue. Once nothing more is due by `until`, the clock moves there (and the
    /// run finishes at its end), as `advance_to` does.
    pub fn advance_until(&mut self, until: Time, max_events: u64) -> bool {
        let mut left = max_events.max(1);
        while left > 0 && !self.engine.finished {
            match self.engine.world.queue.peek_time() {
                Some(t) if t <= until => {
                    self.engine.step_events(1);
                    left -= 1;
                }
                _ => return self.engine.advance_to(until),
            }
        }
        self.engine.finished
    }

    pub fn run_to_end(&mut self) {
        self.engine.advance_to(self.engine.end);
    }

    pub fn now_s(&self) -> f64 {
        to_secs(self.engine.world.now)
    }

    pub fn duration_s(&self) -> f64 {
        to_secs(self.engine.end)
    }

    pub fn finished(&self) -> bool {
        self.engine.finished
    }

    /// Why the run stopped early (a budget in `limits` was exceeded), if it did.
    pub fn aborted(&self) -> Option<&str> {
        self.engine.aborted.as_deref()
    }

    /// The engine's estimate of the memory this run holds, in bytes (what `limits.max_memory_mb`
    /// is checked against).
    pub fn memory_estimate(&self) -> usize {
        self.engine.memory_estimate()
    }

    /// [`Simulation::memory_estimate`] by part: (part, bytes).
    pub fn memory_report(&self) -> Vec<(&'static str, usize)> {
        self.engine.memory_report()
    }

    pub fn events(&self) -> u64 {
        self.engine.world.events_processed
    }

    pub fn series_meta(&self) -> &[SeriesMeta] {
        &self.engine.world.rec.meta
    }

    /// Every kept point of series `key` ("flow/f1/cwnd"), after decimation.
    pub fn series(&self, key: &str) -> Option<&[(f64, f64)]> {
        self.engine.world.rec.find(key).map(|s| s.points.as_slice())
    }

    /// Every kept point of the series at `index` in [`Simulation::series_meta`] (thinned
    /// evenly once long, see metrics/series.rs), as (t_s, value); `None` for an unknown index.
    pub fn series_at(&self, index: usize) -> Option<&[(f64, f64)]> {
        self.engine.world.rec.series.get(index).map(|s| s.points.as_slice())
    }

    /// The groups of every owner of per-flow series (metrics/aggregate.rs `FlowGroup`): what a
    /// front end aggregates a run with many flows by.
    pub fn flow_groups(&self) -> Vec<crate::metrics::aggregate::FlowGroup> {
        crate::metrics::aggregate::flow_groups(self.series_meta(), &self.engine.world.flows)
    }

    /// From now on, collect every new point for [`Simulation::take_points`].
    pub fn enable_stream(&mut self) {
        self.engine.world.rec.enable_stream();
    }

    /// New points since the last call, as (series index, t_s, value) triples.
    pub fn take_points(&mut self) -> Vec<f64> {
        self.engine.world.rec.take_stream()
    }

    pub fn world(&self) -> &World {
        &self.engine.world
    }

    /// Run to the end, handing every logged event to `seen` in order. The log keeps only its
    /// newest events, so the run advances `step_s` at a time and reads what each step added;
    /// an error says the step was too long for the log (more events than it keeps).
    pub fn run_observing(&mut self, step_s: f64, mut seen: impl FnMut(&LogEvent)) -> Result<(), String> {
        let mut read = self.engine.world.log.total;
        while !self.finished() {
            self.advance(step_s);
            let total = self.engine.world.log.total;
            let kept = self.engine.world.log.len() as u64;
            let new = total - read;
            if new > kept {
                return Err(format!("the event log overflowed within {step_s} s: use a smaller step"));
            }
            self.engine.world.log.iter_from((kept - new) as usize).for_each(|e| seen(&e));
            read = total;
        }
        Ok(())
    }

    /// Typed events still held by the bounded log.
    pub fn log(&self) -> impl Iterator<Item = LogEvent> + '_ {
        self.engine.world.log.iter()
    }

    /// Live state of every flow: what the CLI and the tests read. The page takes
    /// [`Simulation::snapshot_bounded`], whose cost does not grow with the number of flows.
    pub fn snapshot(&mut self) -> Snapshot {
        let all: Vec<usize> = (0..self.engine.world.flows.len()).collect();
        let events = self.events_since_last(|_| true);
        self.snapshot_of(&all, events, None)
    }

    /// The snapshot the page gets (issue 18): the first `max` flows (the live table, the
    /// inspector's usual picks), every flow with series (the charted ones), and up to `max`
    /// flows sending now (started, not completed: the MPTCP panel follows one), in the flows'
    /// order, with `flows_total` saying how many flows the run has. The selection is made before
    /// any flow's state is read, so the cost stays flat however many flows a run generates
    /// (runs with 10⁵ generated flows built and serialised every one of them 15–30 times a
    /// second). Events are bounded too ([`compact_events`]).
    pub fn snapshot_bounded(&mut self, max: usize) -> Snapshot {
        let picked = self.bounded_flows(max);
        // Events of the flows reported (the page can inspect no other) and of the whole run,
        // chosen before they are copied: a long tick logs thousands of other flows' events.
        let events = self.events_since_last(|e| e.flow.is_none_or(|f| picked.binary_search(&(f as usize)).is_ok()));
        let events = compact_events(events, EVENTS_TAIL);
        let total = self.engine.world.flows.len();
        self.snapshot_of(&picked, events, Some(total))
    }

    /// Indices of the flows [`Simulation::snapshot_bounded`] reports, ascending.
    fn bounded_flows(&mut self, max: usize) -> Vec<usize> {
        let w = &self.engine.world;
        let n = w.flows.len();
        if n <= max {
            return (0..n).collect();
        }
        // Flows with series: their owners' indices, recomputed only when the series list grows
        // (generated flows record none, so this is rare and small).
        if self.charted.0 != w.rec.meta.len() {
            let owners: std::collections::HashSet<&str> =
                w.rec.meta.iter().filter(|m| m.scope == "flow").map(|m| m.owner.as_str()).collect();
            let idx = w.flows.iter().enumerate().filter(|(_, f)| owners.contains(f.id.as_str())).map(|(i, _)| i).collect();
            self.charted = (w.rec.meta.len(), idx);
        }
        while self.first_open < n && w.flows[self.first_open].completed_at.is_some() {
            self.first_open += 1;
        }
        let now = w.now;
        let mut picked: Vec<usize> = (0..max).collect();
        let mut active = 0;
        for (i, f) in w.flows.iter().enumerate().skip(max.max(self.first_open)) {
            if active >= max {
                break;
            }
            if f.start <= now && f.completed_at.is_none() {
                picked.push(i);
                active += 1;
            }
        }
        picked.extend(self.charted.1.iter().copied().filter(|&i| i >= max));
        picked.sort_unstable();
        picked.dedup();
        picked
    }

    /// The typed events logged since the previous snapshot (those the bounded log still holds)
    /// that `keep` accepts.
    fn events_since_last(&mut self, keep: impl Fn(&LogEvent) -> bool) -> Vec<LogEvent> {
        let w = &self.engine.world;
        let kept = w.log.len() as u64;
        let first_kept = w.log.total - kept;
        let skip = self.log_cursor.saturating_sub(first_kept) as usize;
        let events = w.log.iter_from(skip).filter(|e| keep(e)).collect();
        self.log_cursor = w.log.total;
        events
    }

    /// Flow `i`'s live state from its ends (the sender's, in practice), named after the flow
    /// here so agents need not carry report ids.
    fn flow_snapshot(&self, i: usize) -> Option<FlowSnapshot> {
        let w = &self.engine.world;
        let flow = w.flows.get(i)?;
        let mut f = [flow.sender, flow.receiver].iter().find_map(|&k| self.engine.agents[k as usize].snapshot())?;
        f.id = w.flows[i].id.clone();
        f.index = i as u32;
        // Outside its lifetime a flow has no controller state (issue 30, item 4); the page
        // shows no window or RTT for a flow in either of these states.
        match Lifetime::at(w.now, w.flows[i].start, w.flows[i].completed_at) {
            Lifetime::NotStarted => f.state = flow_series::NOT_STARTED,
            Lifetime::Done => f.state = flow_series::DONE,
            Lifetime::Active => {}
        }
        for s in f.streams.iter_mut() {
            let st = &w.streams[s.index];
            s.id = st.stream;
            s.name = st.name.clone();
            s.delivered_bytes = st.bytes_delivered;
            s.weight = st.weight;
            s.priority = st.priority;
            s.urgency = st.urgency;
            s.incremental = st.incremental;
            s.picks = st.picks;
            s.last_pick_reason = st.last_pick_reason;
        }
        Some(f)
    }

    fn snapshot_of(&mut self, picked: &[usize], events: Vec<LogEvent>, flows_total: Option<usize>) -> Snapshot {
        let flows = picked.iter().filter_map(|&i| self.flow_snapshot(i)).collect();
        let w = &mut self.engine.world;
        let now = w.now;
        let full_frame = w.full_frame;
        let links = self
            .engine
            .link_series
            .iter()
            .map(|s| {
                let l = &mut w.net.links[s.link as usize];
                let (queue_bytes, queue_packets) = l.queue_at(now);
                LinkSnapshot {
                    id: l.name.clone(),
                    queue_bytes,
                    queue_packets,
                    drops: l.stats.queue_drops + l.stats.wire_losses,
                    buffer_bytes: l.capacity_bytes(full_frame),
                    sojourn_ms: to_millis(l.sojourn_now(now)),
                    ecn_marks: l.stats.ecn_marks,
                }
            })
            .collect();
        let packets = Self::packet_marks(w, &self.subflows);
        Snapshot { t_s: to_secs(now), flows, flows_total, links, events, packets_in_network: w.net.pool.len(), packets }
    }

    fn packet_marks(w: &World, subflows: &[Vec<(u32, u32, u32)>]) -> Vec<PacketMark> {
        let now = w.now;
        let stride = w.net.pool.len().div_ceil(MAX_SNAPSHOT_PACKETS).max(1);
        w.net
            .pool
            .iter_timed()
            .step_by(stride)
            .map(|(p, arrives)| {
                let link = &w.net.links[w.net.link_of(p) as usize];
                // Back from the arrival (see PacketMark): the packet leaves the transmitter
                // `delay` before it arrives and started serialising size·8/rate before that.
                let on_wire_at = arrives.saturating_sub(link.delay);
                let tx_at = on_wire_at.saturating_sub(tx_time(p.wire_bytes, link.rate_bps));
                let progress = if now <= on_wire_at || link.delay == 0 {
                    0.0
                } else {
                    ((now - on_wire_at) as f64 / link.delay as f64).min(1.0)
                };
                PacketMark {
                    link: link.name.clone(),
                    flow: p.flow,
                    data: p.body.is_data(),
                    ce: p.ecn == Ecn::Ce,
                    stream: match &p.body {
                        crate::net::packet::Body::QuicData(d) => d.frames.first().map(|f| f.stream as u32),
                        _ => None,
                    },
                    progress,
                    tx_s: to_secs(tx_at),
                    wire_s: to_secs(on_wire_at),
                    arrive_s: to_secs(arrives),
                    seq: crate::net::named_drop::name_of(&p.body).map_or(0, |(_, n)| n),
                    subflow: subflows.get(p.flow as usize).and_then(|s| s.iter().find(|r| r.0 == p.path || r.1 == p.path)).map(|r| r.2),
                }
            })
            .collect()
    }

    pub fn topology(&self) -> TopologyView {
        let net = &self.engine.world.net;
        let name = |n: u32| net.nodes[n as usize].name.clone();
        let full_frame = self.engine.world.full_frame;
        let reported: Vec<u32> = self.engine.link_series.iter().map(|s| s.link).collect();
        let listed = self.scenario.expanded_flows();
        let generated_flows = self.engine.world.flows.len().saturating_sub(listed.len());
        TopologyView {
            generated_flows,
            flow_sched: self.scenario.traffic.as_ref().map(|t| t.mptcp.flow_sched),
            nodes: net
                .nodes
                .iter()
                .zip(&self.positions)
                .map(|(n, &(x, y))| NodeView {
                    x,
                    y,
                    id: n.name.clone(),
                    kind: match n.kind {
                        crate::net::NodeKind::Host => "host",
                        crate::net::NodeKind::Router => "router",
                    },
                })
                .collect(),
            links: net
                .links
                .iter()
                .enumerate()
                .map(|(i, l)| LinkView {
                    id: l.name.clone(),
                    from: name(l.from),
                    to: name(l.to),
                    rate_mbps: l.rate_bps as f64 / 1e6,
                    delay_ms: to_millis(l.delay),
                    buffer_bytes: l.capacity_bytes(full_frame),
                    loss: l.loss,
                    reported: reported.contains(&(i as u32)),
                    aqm: l.aqm_name(),
                    jitter_ms: (l.jitter() > 0).then(|| to_millis(l.jitter())),
                })
                .collect(),
            flows: listed
                .into_iter()
                .zip(&self.listed_routes)
                .map(|((id, f), routes)| {
                    let scheduler = match f.kind {
                        crate::scenario::FlowKind::Quic => f.quic.as_ref().map(|q| q.scheduler.clone()),
                        crate::scenario::FlowKind::Mptcp => f.mptcp.as_ref().map(|m| m.scheduler.clone()),
                        crate::scenario::FlowKind::Tcp => None,
                    };
                    FlowView {
                        id,
                        scheduler,
                        cc: f.cc,
                        path: routes
                            .iter()
                            .flat_map(|r| net.paths[r.forward as usize].iter())
                            .map(|&l| net.links[l as usize].name.clone())
                            .fold(Vec::new(), |mut seen: Vec<String>, l| {
                                if !seen.contains(&l) {
                                    seen.push(l);
                                }
                                seen
                            }),
                        subflow_paths: (f.kind == crate::scenario::FlowKind::Mptcp).then(|| {
                            routes
                                .iter()
                                .map(|r| net.paths[r.forward as usize].iter().map(|&l| net.links[l as usize].name.clone()).collect())
                                .collect()
                        }),
                        base_rtt_ms: routes.first().map_or(0.0, |r| to_millis(r.rtt_ns)),
                    }
                })
                .collect(),
        }
    }

    /// Trace every packet of flow `flow` from now on for the sequence diagram
    /// (sim/trace.rs), or stop tracing (`None`). Tracing another flow starts afresh;
    /// asking for the flow already traced keeps its records. Tracing never changes the run.
    pub fn trace_flow(&mut self, flow: Option<usize>) -> Result<(), String> {
        let w = &mut self.engine.world;
        match flow {
            None => w.trace = None,
            Some(f) if f >= w.flows.len() => {
                return Err(format!("trace: no flow {f} (the run has {} flows, numbered from 0)", w.flows.len()));
            }
            Some(f) if w.trace.as_ref().is_some_and(|t| t.flow as usize == f) => {}
            Some(f) => w.trace = Some(Box::new(crate::sim::trace::PacketTrace::new(f as u32, w.now))),
        }
        Ok(())
    }

    /// The traced flow's packets that overlap [`since_s`, `until_s`] (sent by `until_s`, not
    /// ended before `since_s`), at most about `max` of them (then every k-th, drops and
    /// retransmissions kept), with the flow's loss-recovery events in the window. `None` when
    /// no flow is traced.
    pub fn trace(&self, since_s: f64, until_s: f64, max: usize) -> Option<crate::sim::trace::TraceWindow> {
        use crate::metrics::EventKind;
        let w = &self.engine.world;
        let t = w.trace.as_deref()?;
        let clamp = |s: f64| if s.is_finite() && s > 0.0 { secs(s) } else if s == f64::INFINITY { Time::MAX } else { 0 };
        let (since, until) = (clamp(since_s), clamp(until_s));
        let (matched, stride, records) = t.window(since, until, max, |l| w.net.links[l as usize].name.clone());
        let events = w
            .log
            .iter()
            .filter(|e| e.flow == Some(t.flow) && e.t_ns >= since && e.t_ns <= until)
            .filter(|e| matches!(e.kind, EventKind::Rto { .. } | EventKind::FastRetransmit { .. } | EventKind::TailLossProbe { .. } | EventKind::Pto { .. } | EventKind::PacketsLost { .. }))
            .collect();
        Some(crate::sim::trace::TraceWindow {
            flow: t.flow,
            flow_id: w.flows[t.flow as usize].id.clone(),
            tracing_since_s: to_secs(t.since),
            oldest_s: t.oldest().map(to_secs),
            matched: matched.min(u32::MAX as usize) as u32,
            stride: stride.min(u32::MAX as usize) as u32,
            records,
            events,
        })
    }

    /// Follow one packet (a data packet, or an ACK) from now on (sim/follow.rs), or stop (`None`). What the follower
    /// sees starts now: to see a packet sent earlier, follow from a fresh simulation and run it
    /// to the time on screen (the run is deterministic; following never changes it).
    pub fn follow(&mut self, req: Option<crate::sim::follow::FollowRequest>) -> Result<(), String> {
        let Some(req) = req else {
            self.engine.world.follow = None;
            return Ok(());
        };
        let w = &self.engine.world;
        let flow = req.flow as usize;
        if flow >= w.flows.len() {
            return Err(format!("follow: no flow {flow} (the run has {} flows, numbered from 0)", w.flows.len()));
        }
        let link = match &req.link {
            None => None,
            Some(name) => match w.net.links.iter().position(|l| l.name == *name) {
                Some(i) => Some(i as u32),
                None => return Err(format!("follow.link: no link named '{name}'")),
            },
        };
        if !(req.at_s.is_finite() && req.at_s >= 0.0) {
            return Err(format!("follow.at_s: {} is not a time in the run", req.at_s));
        }
        let routes = self.listed_routes.get(flow).map_or(Vec::new(), |rs| rs.iter().map(|r| (r.forward, r.reverse)).collect());
        let wire = match req.wire_s {
            None => None,
            Some(_) if link.is_none() => return Err("follow.wire_s: needs the link it left (follow.link)".to_string()),
            Some(w) if w.is_finite() && w >= 0.0 => Some(secs(w)),
            Some(w) => return Err(format!("follow.wire_s: {w} is not a time in the run")),
        };
        let spec = crate::sim::follow::FollowSpec { flow: req.flow, ack: req.ack, seq: req.seq, path: req.path, link, wire, at: secs(req.at_s) };
        self.engine.world.follow = Some(Box::new(crate::sim::follow::Follower::new(spec, routes)));
        Ok(())
    }

    /// The followed packet's journey so far (`None`: nothing followed, or not sent yet).
    pub fn journey(&self) -> Option<crate::sim::follow::Journey> {
        let w = &self.engine.world;
        let f = w.follow.as_deref()?;
        f.journey(&w.flows[f.spec.flow as usize].id, |l| w.net.links[l as usize].name.clone())
    }

    /// When the followed packet's next event after now happens: a time already known (a hop's
    /// serialisation, wire and arrival times are fixed when the link takes it), or else the
    /// time of the next one the run produces — processing events one by one to find it (at
    /// most `max_events`), without passing that time's other events (the caller then lands
    /// on it with [`Simulation::advance_to`], so the state is "every event up to t").
    /// `None` when nothing is followed, the journey is complete, or the run ends first.
    pub fn follow_next(&mut self, max_events: u64) -> Option<f64> {
        let from = self.engine.world.now;
        for _ in 0..=max_events {
            let f = self.engine.world.follow.as_deref()?;
            if let Some(t) = f.next_after(from) {
                return Some(to_secs(t));
            }
            if f.complete() || self.engine.finished || self.engine.world.queue.peek_time().is_none_or(|t| t > self.engine.end) {
                return None;
            }
            self.engine.step_events(1);
        }
        None
    }

    /// The summary at the current time (final once [`Simulation::finished`]).
    /// `wall_s` is the caller's wall-clock measurement, reported but not hashed.
    pub fn summary(&mut self, wall_s: f64) -> Summary {
        let name = self.scenario.name.clone();
        let mut s = summary::summarize(&mut self.engine.world, &name, self.seed, self.engine.warmup, 0.0);
        if let Some(reason) = &self.engine.aborted {
            s.aborted = Some(reason.clone());
            s.digest = s.compute_digest();
        }
        s.wall_s = wall_s;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Generated MPTCP traffic on two paths: a few hundred short connections next to two bulk
    /// flows, so connections start and finish all through the run.
    fn traffic_run(duration_s: f64) -> Simulation {
        let v = serde_json::json!({
            "name": "traffic", "duration_s": duration_s, "warmup_s": 0.5,
            "topology": {"kind": "parallel", "paths": [{"rate_mbps": 50, "rtt_ms": 20, "rtt_ms_max": 60, "count": 2, "buffer": {"packets": 50}}]},
            "traffic": {"arrival_rate": 150, "size": {"kind": "pareto", "shape": 1.2, "min_bytes": 2000, "max_bytes": 2000000},
                        "background_per_path": 1, "mptcp": {"flow_sched": "fsfs"}}
        });
        Simulation::new(scenario::from_value(v).expect("valid"), None).expect("builds")
    }

    /// The budget's recount visits only the agents that handled an event since the last one;
    /// its total must be what a count of every agent gives, all through a run where agents
    /// start, grow and release their state.
    #[test]
    fn the_incremental_agent_count_equals_a_full_count() {
        let mut sim = traffic_run(3.0);
        let mut checks = 0;
        while !sim.step_events(1_000) {
            let e = &mut sim.engine;
            assert_eq!(e.budget.recount_agents(&e.world, &e.agents), e.budget.memory_of_agents(&e.world, &e.agents), "at t = {:.3} s", to_secs(e.world.now));
            checks += 1;
        }
        assert!(checks > 10, "the run is long enough to compare often ({checks} checks)");
    }

    /// Slicing a run into bounded pieces (what the page does every frame) changes nothing:
    /// the same events, the same series, the same summary as one `advance_to`; and a slice
    /// never runs more events than it was allowed.
    #[test]
    fn bounded_slices_give_the_same_run_as_one_advance() {
        let mut whole = traffic_run(1.0);
        whole.run_to_end();
        let mut sliced = traffic_run(1.0);
        let (mut t, mut cut) = (0, 0);
        while !sliced.finished() {
            let before = sliced.events();
            t += crate::engine::time::millis(7.0);
            sliced.advance_until(t, 40);
            let ran = sliced.events() - before;
            assert!(ran <= 40, "a slice runs at most its bound ({ran})");
            if ran == 40 {
                cut += 1;
            }
        }
        assert!(cut > 10, "the bound cut slices short ({cut} times)");
        assert_eq!(sliced.events(), whole.events());
        let key = sliced.series_meta().iter().position(|m| m.metric == "cwnd").expect("a cwnd series");
        assert_eq!(sliced.series_at(key), whole.series_at(key));
        assert!(sliced.series_at(usize::MAX).is_none());
        let json = |s: &mut Simulation| serde_json::to_value(s.summary(0.0)).unwrap();
        assert_eq!(json(&mut sliced), json(&mut whole));
        assert_eq!(sliced.flow_groups().len(), whole.flow_groups().len());
    }

    /// Finished connections give their state back: at the end of a run where hundreds of short
    /// connections came and went, the agents hold little more than the few still running
    /// (before, each finished connection kept its subflows and their scoreboards: ~5 kB each).
    #[test]
    fn finished_connections_release_their_state() {
        let mut sim = traffic_run(4.0);
        sim.run_to_end();
        let flows = &sim.world().flows;
        let done = flows.iter().filter(|f| f.completed_at.is_some()).count();
        assert!(done > 400, "{done} connections completed");
        let agents: usize = sim.memory_report().iter().filter(|(p, _)| *p == "agents' state").map(|(_, b)| *b).sum();
        assert!(agents < 1000 * done, "agents hold {agents} bytes after {done} connections finished");
    }

    /// After a long seek the events since the last snapshot are thousands; the bounded ones
    /// keep the tail and the newest of every (flow, type), in order: what the inspector reads.
    #[test]
    fn compact_events_keeps_the_tail_and_the_newest_per_flow_and_type() {
        use crate::metrics::EventKind;
        let e = |t: u64, flow: u32, kind: EventKind| LogEvent { t_ns: t, flow: Some(flow), kind };
        let short = vec![e(1, 0, EventKind::Rto { backoff: 1 })];
        assert_eq!(compact_events(short.clone(), 5), short);
        let mut list = vec![
            e(1, 0, EventKind::CcState { from: "startup", to: "drain" }),
            e(2, 1, EventKind::FlowCompleted),
            e(3, 0, EventKind::CcState { from: "drain", to: "probe_bw" }),
        ];
        list.extend((0..50).map(|i| e(10 + i, 0, EventKind::Drop { link: 0, wire: false, cause: crate::sim::trace::DropCause::Queue, packet: Some(i) })));
        let out = compact_events(list.clone(), 10);
        assert_eq!(out.len(), 12);
        assert_eq!(out[0], list[1]);
        assert_eq!(out[1], list[2]);
        assert_eq!(out[2..], list[list.len() - 10..]);
    }

    /// The picture's packets (issue 16): every link's, data and ACKs, each with its times on
    /// its link in order, and — under the budget — every queued packet of the bottleneck, so
    /// the buffer the page stacks from the marks holds what the link's queue holds.
    #[test]
    fn packet_marks_cover_every_link_with_their_times() {
        let v = serde_json::json!({
            "name": "marks", "duration_s": 1.0,
            "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 10, "delay_ms": 5, "buffer": {"packets": 30}},
                         "senders": [{"rtt_ms": 20}, {"rtt_ms": 40}]},
            "flows": [{"cc": "reno", "path": 0}, {"cc": "reno", "path": 1}]
        });
        let mut sim = Simulation::new(scenario::from_value(v).expect("valid"), Some(1)).expect("builds");
        sim.advance(0.3);
        let snap = sim.snapshot();
        assert!(snap.packets_in_network <= MAX_SNAPSHOT_PACKETS, "{} packets: the test wants them all", snap.packets_in_network);
        assert_eq!(snap.packets.len(), snap.packets_in_network);
        let links: std::collections::BTreeSet<&str> = snap.packets.iter().map(|m| m.link.as_str()).collect();
        assert!(links.len() > 2, "packets on {links:?} only");
        assert!(snap.packets.iter().any(|m| !m.data && m.link.ends_with("-rev")), "no ACK on a reverse link");
        for m in &snap.packets {
            assert!(m.tx_s <= m.wire_s && m.wire_s <= m.arrive_s, "{m:?}");
            assert!(m.arrive_s >= snap.t_s, "{m:?} arrived before the snapshot at {}", snap.t_s);
            assert!(!m.ce, "DropTail marks nothing");
        }
        let queued = snap.packets.iter().filter(|m| m.link == "bottleneck" && m.tx_s > snap.t_s).count() as u64;
        let bottleneck = snap.links.iter().find(|l| l.id == "bottleneck").expect("reported");
        assert!(bottleneck.queue_packets > 0, "the bottleneck has a queue at 0.3 s");
        assert_eq!(queued, bottleneck.queue_packets);
    }
}
