//! The public handle on one run: build it from a scenario, advance it in slices of simulated
//! time, read new series points, live snapshots and the final summary.
//!
//! This is the whole surface the CLI and the wasm adapter use, so both run exactly the same
//! code path — the reason a run in the browser and a run on the command line agree bit for bit.

use crate::cc::{self, CcInit};
use crate::engine::queue::EventQueue;
use crate::engine::rng::derive_rng;
use crate::engine::time::{millis, secs, to_millis, to_secs, tx_time, Time, NS_PER_MS};
use crate::metrics::summary::{self, Summary};
use crate::metrics::{EventLog, FlowStats, LogEvent, Recorder, SeriesMeta};
use crate::net::packet::{AgentId, Ecn};
use crate::scenario::build::topology::{self, Route};
use crate::scenario::{self, FlowKind, FlowSpec, Scenario, ScenarioError};
use crate::sim::{Agent, Engine, FlowSnapshot, World};
use crate::tcp::receiver::TcpReceiver;
use crate::tcp::sender::{TcpSender, TIMER_START};
use crate::tcp::TcpConfig;
use serde::Serialize;

/// Points kept per series unless the scenario says otherwise.
const DEFAULT_MAX_POINTS: usize = 4096;
/// Typed events kept for the page's timeline and the CLI trace.
const EVENT_LOG_CAP: usize = 20_000;

pub struct Simulation {
    engine: Engine,
    scenario: Scenario,
    seed: u64,
    /// The route each listed flow's data takes (an MPTCP flow's first), for [`Simulation::topology`].
    /// Per listed flow, the routes the topology view shows (every subflow's for MPTCP).
    listed_routes: Vec<Vec<Route>>,
    /// Node positions the graph gives, for [`Simulation::topology`].
    positions: Vec<(Option<f64>, Option<f64>)>,
    /// Events of the log already handed out by [`Simulation::snapshot`].
    log_cursor: u64,
}

/// Live state for the page: every flow and reported link at the current time, plus the typed
/// events since the previous snapshot.
#[derive(Debug, Serialize, ts_rs::TS)]
pub struct Snapshot {
    pub t_s: f64,
    pub flows: Vec<FlowSnapshot>,
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
    /// 0 = queued or being serialised at the link's head, then 0‥1 along the wire, at the
    /// snapshot's time.
    pub progress: f64,
    /// Simulated seconds: transmission start, end of serialisation, arrival at the far end.
    pub tx_s: f64,
    pub wire_s: f64,
    pub arrive_s: f64,
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
    pub base_rtt_ms: f64,
    /// The stream scheduler (QUIC) or packet scheduler (MPTCP) the flow runs, so the page can
    /// say which one a result belongs to.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub scheduler: Option<String>,
}

/// What a flow builder needs besides the flow's own spec.
pub struct FlowCtx<'a> {
    /// Index of the flow in the expanded flow list (and in `World::flows`).
    pub index: usize,
    /// Agent ids of the flow's two ends: every flow has exactly one sending and one receiving
    /// agent, `2·index` and `2·index + 1`.
    pub sender: AgentId,
    pub receiver: AgentId,
    /// Every route of the topology (a flow's `path` indexes it; multipath flows use several).
    pub routes: &'a [Route],
    pub tcp: &'a TcpConfig,
    pub seed: u64,
}

/// The agents of one flow, sender first. A builder schedules the sender's start itself.
pub type FlowAgents = (Box<dyn Agent>, Box<dyn Agent>);

pub(crate) fn build_tcp_flow(ctx: &FlowCtx, f: &FlowSpec, world: &mut World) -> Result<FlowAgents, ScenarioError> {
    let i = ctx.index;
    let route = ctx.routes[f.path];
    let init = ctx.tcp.cc_init(derive_rng(ctx.seed, "flow", i as u64));
    // The validator already built every controller once, so this cannot fail for a validated
    // scenario; the error path is kept for scenarios built in code.
    let cc = cc::make(&f.cc, init, f.cc_params.as_ref()).map_err(|m| ScenarioError::new(format!("flows[{i}].cc"), m))?;
    let sender = TcpSender::new(i as u32, ctx.sender, ctx.receiver, route.forward, ctx.tcp.clone(), cc, f.size_bytes, world);
    let receiver = TcpReceiver::new(i as u32, ctx.receiver, ctx.sender, route.reverse, ctx.tcp.clone());
    world.start_timer(ctx.sender, TIMER_START, secs(f.start_s));
    Ok((Box::new(sender), Box::new(receiver)))
}

fn build_quic_flow(ctx: &FlowCtx, f: &FlowSpec, world: &mut World) -> Result<FlowAgents, ScenarioError> {
    use crate::quic::connection::{QuicReceiver, QuicSender, StreamSetup, TIMER_START as QUIC_START};
    use crate::quic::sched::StreamPrio;
    use crate::quic::streams::Source;
    use crate::scenario::quic::SourceSpec;
    let i = ctx.index;
    let spec = f.quic.as_ref().ok_or_else(|| ScenarioError::new(format!("flows[{i}].quic"), "missing"))?;
    let route = ctx.routes[f.path];
    let cfg = crate::quic::QuicConfig::from_spec(spec);
    // The TCP profile does not apply to QUIC: its initial window is the scenario's or Linux's.
    let init = CcInit { mss: cfg.max_udp_payload, init_cwnd: ctx.tcp.quic_init_cwnd, init_ssthresh: None, rng: derive_rng(ctx.seed, "flow", i as u64), coupling: None };
    let cc = cc::make(&f.cc, init, f.cc_params.as_ref()).map_err(|m| ScenarioError::new(format!("flows[{i}].cc"), m))?;
    let base = world.streams.len();
    let mut setup = Vec::new();
    let mut finite = true;
    for (k, (id, name, s)) in spec.expanded_streams().into_iter().enumerate() {
        world.streams.push(crate::metrics::streams::StreamStats {
            flow: i as u32,
            stream: id,
            name,
            weight: s.weight,
            priority: s.priority,
            urgency: s.urgency,
            incremental: s.incremental,
            ..Default::default()
        });
        let bulk = match &s.source {
            SourceSpec::Bulk { size_bytes } => Some(*size_bytes),
            _ => None,
        };
        finite &= matches!(bulk, Some(Some(_)));
        setup.push(StreamSetup {
            id,
            prio: StreamPrio { id, weight: s.weight, priority: s.priority, urgency: s.urgency, incremental: s.incremental },
            source: Source::new(&s.source, cfg.full_packet_stream_payload()),
            bulk,
            // Each stream's source draws from its own stream of random numbers.
            rng: derive_rng(ctx.seed, "quic-source", ((i as u64) << 8) | k as u64),
        });
    }
    if finite {
        world.flows[i].size_bytes = Some(setup.iter().filter_map(|s| s.bulk.flatten()).sum());
    }
    let n = setup.len();
    let prios: Vec<StreamPrio> = setup.iter().map(|s| s.prio.clone()).collect();
    let sched = crate::quic::sched::make(&cfg.scheduler, &prios, cfg.quantum)
        .map_err(|m| ScenarioError::new(format!("flows[{i}].quic.scheduler"), m))?;
    let sender = QuicSender::new(i as u32, ctx.sender, ctx.receiver, route.forward, cfg.clone(), cc, sched, setup, base, world);
    let receiver = QuicReceiver::new(i as u32, ctx.receiver, ctx.sender, route.reverse, cfg, n, base, finite);
    world.start_timer(ctx.sender, QUIC_START, secs(f.start_s));
    Ok((Box::new(sender), Box::new(receiver)))
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
        let built = topology::build(&scenario, seed)?;
        let n_paths = built.net.paths.len();
        let cfg = TcpConfig::from(&scenario.tcp);
        let end = secs(scenario.duration_s);
        let warmup = secs(scenario.warmup_s).min(end);
        let sample_every = match scenario.metrics.sample_ms {
            Some(ms) => millis(ms).max(1),
            None => (end / 3000).max(NS_PER_MS),
        };
        let mut world = World {
            now: 0,
            queue: EventQueue::default(),
            net: built.net,
            rec: Recorder::new(scenario.metrics.max_points.map_or(DEFAULT_MAX_POINTS, |n| n.min(scenario::validate::MAX_POINTS_RANGE.1) as usize)),
            flows: Vec::new(),
            log: EventLog::new(EVENT_LOG_CAP),
            events_processed: 0,
            full_frame: cfg.mss + cfg.header_bytes,
            streams: Vec::new(),
            path_srtt: vec![0; n_paths],
            start_lane: 0,
        };
        world.queue.add_lanes(world.net.links.len());
        world.start_lane = world.queue.add_lanes(1);
        for link in world.net.links.iter_mut() {
            link.set_measurement_window(warmup, end);
        }
        let link_series = summary::register_link_series(&mut world);
        let jain_series = Some(world.rec.register("run", "all", "jain", "", None));
        let mut agents: Vec<Box<dyn Agent>> = Vec::new();
        let routes = built.routes;
        let mut listed_routes = Vec::new();
        for (i, (id, mut f)) in scenario.expanded_flows().into_iter().enumerate() {
            world.flows.push(FlowStats {
                id,
                kind: f.kind.as_str(),
                cc: f.cc.clone(),
                size_bytes: f.size_bytes,
                start: secs(f.start_s),
                ..FlowStats::default()
            });
            // On a graph a flow sees only its own routes (`path` 0 is its route, or an MPTCP
            // flow's first subflow route); a shorthand's flow indexes the topology's.
            let flow_routes = match &built.flow_routes {
                Some(per_flow) => {
                    f.path = 0;
                    &per_flow[i][..]
                }
                None => &routes[..],
            };
            // What the picture lights up for the flow: its route, or every subflow's.
            let shown: Vec<Route> = match (f.kind, &built.flow_routes) {
                (FlowKind::Mptcp, Some(_)) => flow_routes.to_vec(),
                (FlowKind::Mptcp, None) => match f.mptcp.as_ref().and_then(|m| m.paths.as_ref()) {
                    Some(p) => p.iter().filter_map(|&r| flow_routes.get(r).copied()).collect(),
                    None => flow_routes.to_vec(),
                },
                _ => vec![flow_routes[f.path]],
            };
            listed_routes.push(shown);
            let ctx = FlowCtx { index: i, sender: 2 * i as u32, receiver: 2 * i as u32 + 1, routes: flow_routes, tcp: &cfg, seed };
            let (sender, receiver) = match f.kind {
                FlowKind::Tcp => build_tcp_flow(&ctx, &f, &mut world)?,
                FlowKind::Quic => build_quic_flow(&ctx, &f, &mut world)?,
                FlowKind::Mptcp => crate::mptcp::build_flow(&ctx, &f, &mut world, true),
            };
            agents.push(sender);
            agents.push(receiver);
        }
        if let Some(t) = &scenario.traffic {
            crate::scenario::traffic::build(t, seed, scenario.duration_s, &built.traffic_routes, &cfg, &mut world, &mut agents)?;
        }
        let mut engine = Engine {
            world,
            agents,
            end,
            warmup,
            sample_every,
            stop_when_done: scenario.stop_when_done,
            done_cursor: 0,
            finished: false,
            max_events: scenario.limits.max_events.unwrap_or(scenario::DEFAULT_MAX_EVENTS),
            max_memory_bytes: scenario.limits.max_memory_mb.unwrap_or(scenario::DEFAULT_MAX_MEMORY_MB) * 1048576.0,
            fixed_bytes: 0,
            agent_bytes: 0,
            agent_countdown: 0,
            memory_countdown: 1,
            fast_at_recount: 0,
            aborted: None,
            jain_series,
            link_series,
            agent_mem: Vec::new(),
            agent_mem_sum: 0,
            touched: Vec::new(),
            touched_flag: Vec::new(),
            sampled: Vec::new(),
            jain_flows: Vec::new(),
        };
        engine.measure_fixed_memory();
        engine.start();
        Ok(Simulation { engine, scenario, seed, listed_routes, positions: built.positions, log_cursor: 0 })
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

    /// Typed events still held by the bounded log.
    pub fn log(&self) -> impl Iterator<Item = &LogEvent> {
        self.engine.world.log.iter()
    }

    pub fn snapshot(&mut self) -> Snapshot {
        let w = &mut self.engine.world;
        let now = w.now;
        // Agents 2i and 2i+1 are flow i's ends; the snapshot is named after its flow here, so
        // agents need not carry report ids.
        let flows = self
            .engine
            .agents
            .iter()
            .enumerate()
            .filter_map(|(k, a)| {
                a.snapshot().map(|mut f| {
                    f.id = w.flows[k / 2].id.clone();
                    f.index = (k / 2) as u32;
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
                    f
                })
            })
            .collect();
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
        let kept = w.log.iter().count() as u64;
        let first_kept = w.log.total - kept;
        let skip = self.log_cursor.saturating_sub(first_kept) as usize;
        let events = w.log.iter().skip(skip).cloned().collect();
        self.log_cursor = w.log.total;
        let packets = Self::packet_marks(w);
        Snapshot { t_s: to_secs(now), flows, links, events, packets_in_network: w.net.pool.len(), packets }
    }

    fn packet_marks(w: &World) -> Vec<PacketMark> {
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
                    progress,
                    tx_s: to_secs(tx_at),
                    wire_s: to_secs(on_wire_at),
                    arrive_s: to_secs(arrives),
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
                        base_rtt_ms: routes.first().map_or(0.0, |r| to_millis(r.rtt_ns)),
                    }
                })
                .collect(),
        }
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
            assert_eq!(e.recount_agents(), e.memory_of_agents(), "at t = {:.3} s", to_secs(e.world.now));
            checks += 1;
        }
        assert!(checks > 10, "the run is long enough to compare often ({checks} checks)");
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
