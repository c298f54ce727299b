//! Building a run from a validated scenario — the one place that does it: the network
//! ([`topology`]), the world, and every flow's two agents (TCP, QUIC, MPTCP, and the flows a
//! `traffic` section generates, [`traffic`]). The transports are built from plain settings
//! (`TcpConfig`, `QuicConfig`, `MptcpConfig`) converted from the scenario's spec types here, so
//! no transport reads a scenario type (docs/ARCHITECTURE.md).

pub mod topology;
mod traffic;

use super::{FlowKind, FlowSpec, Scenario, ScenarioError};
use crate::cc::{self, CcInit};
use crate::engine::queue::EventQueue;
use crate::engine::rng::derive_rng;
use crate::engine::time::{millis, secs, NS_PER_MS};
use crate::metrics::{EventLog, FlowStats, Recorder};
use crate::mptcp::MptcpConfig;
use crate::net::packet::AgentId;
use crate::net::Route;
use crate::quic::connection::{QuicReceiver, QuicSender, StreamSetup};
use crate::quic::sched::StreamPrio;
use crate::scenario::quic::SourceSpec;
use crate::sim::{Agent, Engine, World};
use crate::tcp::receiver::TcpReceiver;
use crate::tcp::sender::{SenderSetup, TcpSender};
use crate::tcp::TcpConfig;
use std::rc::Rc;

/// Points kept per series unless the scenario says otherwise.
const DEFAULT_MAX_POINTS: usize = 4096;
/// Typed events kept for the page's timeline and the CLI trace.
const EVENT_LOG_CAP: usize = 20_000;

/// A built run: the engine ready to advance, and what the public handle shows of the build.
pub struct Run {
    pub engine: Engine,
    /// Per flow, the routes the picture lights up (its route, or every subflow's).
    pub listed_routes: Vec<Vec<Route>>,
    /// Per flow, an MPTCP flow's subflows as (forward path, reverse path, the path number
    /// `drops` names the subflow with: its route's index + 1); empty for other flows.
    pub subflows: Vec<Vec<(u32, u32, u32)>>,
    /// Node positions the graph gives.
    pub positions: Vec<(Option<f64>, Option<f64>)>,
}

/// Build the world and every agent of scenario `s` (validated) under `seed`.
pub fn run(s: &Scenario, seed: u64) -> Result<Run, ScenarioError> {
    let built = topology::build(s, seed)?;
    let n_paths = built.net.paths.len();
    let cfg = TcpConfig::from(&s.tcp);
    let end = secs(s.duration_s);
    let warmup = secs(s.warmup_s).min(end);
    let sample_every = match s.metrics.sample_ms {
        Some(ms) => millis(ms).max(1),
        None => (end / 3000).max(NS_PER_MS),
    };
    let mut world = World {
        now: 0,
        queue: EventQueue::default(),
        net: built.net,
        rec: Recorder::new(s.metrics.max_points.map_or(DEFAULT_MAX_POINTS, |n| n.min(super::validate::MAX_POINTS_RANGE.1) as usize)),
        flows: Vec::new(),
        log: EventLog::new(EVENT_LOG_CAP),
        events_processed: 0,
        full_frame: cfg.mss + cfg.header_bytes,
        streams: Vec::new(),
        path_srtt: vec![0; n_paths],
        start_lane: 0,
        trace: None,
        class_series: None,
        follow: None,
    };
    world.queue.add_lanes(world.net.links.len());
    world.start_lane = world.queue.add_lanes(1);
    for link in world.net.links.iter_mut() {
        link.set_measurement_window(warmup, end);
    }
    let link_series = crate::sim::sampling::register_link_series(&mut world);
    let jain_series = Some(world.rec.register("run", "all", "jain", "", None));
    let mut agents: Vec<Box<dyn Agent>> = Vec::new();
    let routes = built.routes;
    let mut listed_routes = Vec::new();
    let mut subflows = Vec::new();
    // Each flow's routes as its builder indexes them, kept only for `drops` to resolve.
    let mut drop_routes: Vec<Vec<Route>> = Vec::new();
    for (i, (id, mut f)) in s.expanded_flows().into_iter().enumerate() {
        let (sender, receiver) = next_ends(&agents);
        world.flows.push(FlowStats {
            id,
            sender,
            receiver,
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
        subflows.push(match f.kind {
            FlowKind::Mptcp => flow_routes
                .iter()
                .enumerate()
                .filter(|(_, r)| shown.iter().any(|u| u.forward == r.forward))
                .map(|(k, r)| (r.forward, r.reverse, k as u32 + 1))
                .collect(),
            _ => Vec::new(),
        });
        listed_routes.push(shown);
        if !s.drops.is_empty() {
            drop_routes.push(flow_routes.to_vec());
        }
        let ctx = FlowCtx { index: i, sender, receiver, routes: flow_routes, tcp: &cfg, seed };
        let (sender, receiver) = match f.kind {
            FlowKind::Tcp => tcp_flow(&ctx, &f, &mut world)?,
            FlowKind::Quic => quic_flow(&ctx, &f, &mut world)?,
            FlowKind::Mptcp => mptcp_flow(&ctx, &f, &mut world, true),
        };
        agents.push(sender);
        agents.push(receiver);
    }
    super::drops::install(s, &drop_routes, &listed_routes, &mut world.net)?;
    if let Some(t) = &s.traffic {
        traffic::build(t, seed, s.duration_s, &built.traffic_routes, &cfg, &mut world, &mut agents)?;
    }
    world.class_series = crate::sim::class_series::ClassSeries::register(&mut world, warmup);
    let mut engine = Engine {
        world,
        agents,
        end,
        warmup,
        sample_every,
        stop_when_done: s.stop_when_done,
        done_cursor: 0,
        finished: false,
        budget: crate::sim::budget::Budget::new(
            s.limits.max_events.unwrap_or(super::DEFAULT_MAX_EVENTS),
            s.limits.max_memory_mb.unwrap_or(super::DEFAULT_MAX_MEMORY_MB) * 1048576.0,
        ),
        aborted: None,
        jain_series,
        link_series,
        sampled: Vec::new(),
        jain_flows: Vec::new(),
    };
    engine.measure_fixed_memory();
    engine.start();
    Ok(Run { engine, listed_routes, subflows, positions: built.positions })
}

/// The agent ids the next flow's two ends get: the next two free places in the agent list,
/// which the flow's builder then fills (sender first). Recorded in the flow's `FlowStats`,
/// so nothing after the build derives them.
pub(crate) fn next_ends(agents: &[Box<dyn Agent>]) -> (AgentId, AgentId) {
    let sender = agents.len() as AgentId;
    (sender, sender + 1)
}

/// What a flow builder needs besides the flow's own spec.
pub struct FlowCtx<'a> {
    /// Index of the flow in the expanded flow list (and in `World::flows`).
    pub index: usize,
    /// Agent ids of the flow's two ends (as in its `FlowStats`): every flow has exactly one
    /// sending and one receiving agent.
    pub sender: AgentId,
    pub receiver: AgentId,
    /// Every route of the topology (a flow's `path` indexes it; multipath flows use several).
    pub routes: &'a [Route],
    pub tcp: &'a TcpConfig,
    pub seed: u64,
}

/// The agents of one flow, sender first. A builder schedules the sender's start itself.
pub type FlowAgents = (Box<dyn Agent>, Box<dyn Agent>);

/// The agents of a TCP flow.
pub(crate) fn tcp_flow(ctx: &FlowCtx, f: &FlowSpec, world: &mut World) -> Result<FlowAgents, ScenarioError> {
    let i = ctx.index;
    let route = ctx.routes[f.path];
    let init = ctx.tcp.cc_init(derive_rng(ctx.seed, "flow", i as u64));
    // The validator already built every controller once, so this cannot fail for a validated
    // scenario; the error path is kept for scenarios built in code.
    let cc = cc::make(&f.cc, init, f.cc_params.as_ref()).map_err(|m| ScenarioError::new(format!("flows[{i}].cc"), m))?;
    let setup = SenderSetup { flow: i as u32, me: ctx.sender, receiver: ctx.receiver, path: route.forward, cfg: ctx.tcp.clone(), cc };
    let sender = TcpSender::new(setup, f.size_bytes, world);
    let receiver = TcpReceiver::new(i as u32, ctx.receiver, ctx.sender, route.reverse, ctx.tcp.clone());
    world.start_timer(ctx.sender, secs(f.start_s));
    Ok((Box::new(sender), Box::new(receiver)))
}

/// The agents of a QUIC flow: one connection, its streams' sources and scheduler.
fn quic_flow(ctx: &FlowCtx, f: &FlowSpec, world: &mut World) -> Result<FlowAgents, ScenarioError> {
    let i = ctx.index;
    let spec = f.quic.as_ref().ok_or_else(|| ScenarioError::new(format!("flows[{i}].quic"), "missing"))?;
    let route = ctx.routes[f.path];
    let cfg = crate::quic::QuicConfig::from_spec(spec);
    // The TCP profile does not apply to QUIC: its initial window is the scenario's or Linux's.
    // `tcp.bbr` is TCP's, as the TCP profile is: a QUIC flow's BBR is Linux's model.
    let init = CcInit { mss: cfg.max_udp_payload, init_cwnd: ctx.tcp.quic_init_cwnd, init_ssthresh: None, rng: derive_rng(ctx.seed, "flow", i as u64), coupling: None, bbr: Default::default() };
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
            source: s.source.source(cfg.full_packet_stream_payload()),
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
    world.start_timer(ctx.sender, secs(f.start_s));
    Ok((Box::new(sender), Box::new(receiver)))
}

/// Build the two agents of an MPTCP flow of the scenario's `flows` list.
pub(crate) fn mptcp_flow(
    ctx: &FlowCtx,
    f: &FlowSpec,
    w: &mut World,
    series: bool,
) -> FlowAgents {
    let spec = Rc::new(MptcpConfig::from(&f.mptcp.clone().unwrap_or_default()));
    mptcp_shared(ctx, f, spec, Rc::new(ctx.routes.to_vec()), w, series)
}

/// As [`mptcp_flow`], with the MPTCP spec and routes shared among many flows.
pub(crate) fn mptcp_shared(
    ctx: &FlowCtx,
    f: &FlowSpec,
    spec: Rc<MptcpConfig>,
    routes: Rc<Vec<Route>>,
    w: &mut World,
    series: bool,
) -> FlowAgents {
    let setup = crate::mptcp::connection::MptcpSetup {
        flow: ctx.index as u32,
        sender: ctx.sender,
        receiver: ctx.receiver,
        routes,
        spec,
        cfg: ctx.tcp.for_mptcp_subflows(),
        cc: f.cc.clone(),
        cc_params: f.cc_params.clone(),
        size_bytes: f.size_bytes,
        seed: ctx.seed,
        copy_index: f.copy_index,
        series,
    };
    let (s, r) = crate::mptcp::connection::build(setup, secs(f.start_s), w);
    (Box::new(s), Box::new(r))
}
