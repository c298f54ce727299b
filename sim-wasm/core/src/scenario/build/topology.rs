//! Building a [`Network`] from a scenario's topology: one builder for every kind
//! (docs/model/topology.md).
//!
//! Every topology is a graph of full-duplex links ([`Graph`], scenario/graph.rs). The two
//! shorthands expand into one ([`expand`]):
//!
//! Dumbbell (one receiver per sender, so each sender's RTT is set by its own access links):
//! ```text
//!   s1 ──access1──┐                          ┌──egress1── d1
//!   s2 ──access2──┤ r1 ════ bottleneck ════ r2├──egress2── d2
//!   …             ┘   (rate, delay, buffer,   └   …
//!                         loss, one way)
//! ```
//! Sender i's base RTT is 2·(access_i + bottleneck delay); egress links add no delay. Reverse
//! directions have the same rate and delay, an unlimited buffer and no loss, and carry the
//! ACKs. Parallel: one sender host `src` and one receiver host `dst` joined by N links, each
//! with the path's rate, RTT/2 delay, buffer and loss. A shorthand also fixes the routes its
//! flows' `path` index names (one per sender, one per path) and keeps the link numbering it
//! has always had — a link's index keys its random stream (`derive_rng(seed, "link", i)`) and
//! names it in old share links — so expanding changes no result.
//!
//! On a graph, flows name their hosts and get their routes from net/routing.rs ([`resolve`]):
//! a flow's own route, or an MPTCP flow's subflow routes, or the routes of generated traffic.
//! Links are numbered in list order, each link's forward direction then its reverse.
//!
//! **Reported links** (queue series and a summary row). Shorthands: the bottleneck, or each
//! path, forward direction. Graph: a link's `report` decides when given (true = its forward
//! direction, and its reverse if some flow's data crosses it; false = neither); otherwise a
//! direction is reported when some flow's data crosses it, its buffer is finite, and it is
//! the slowest link of at least one route whose data crosses it — where a teacher expects a
//! queue to build. Access links faster than the core are left out, as on the dumbbell.
//!
//! **Default buffers** (`buffer` absent or `bdp`): a bandwidth-delay product of the largest
//! base RTT among the routes crossing the direction (data or ACKs) — for the dumbbell's
//! bottleneck, the largest sender RTT, as before. A direction no route crosses uses its
//! link's own round trip.

use crate::net::link::{Jitter, Link, QueueLimit};
use crate::net::qdisc::{self, QdiscInit};
use crate::net::packet::PathId;
use crate::net::routing::{GraphRoute, Hop, RLink, RouteError, RouteGraph};
use crate::net::{Network, Node, NodeKind, PacketPool};
use crate::engine::rng::derive_rng;
use crate::engine::time::{millis, to_millis};
use crate::mptcp::MAX_SUBFLOWS;
use crate::scenario::graph::{Graph, GraphLink, GraphNode, GraphNodeKind, LinkDirSpec};
use crate::scenario::link::{LinkProps, DEFAULT_AQM};
use crate::scenario::validate::{MAX_ACCESS_RATE_MBPS, MAX_RATE_MBPS};
use crate::scenario::{BufferSpec, FlowKind, FlowSpec, Scenario, ScenarioError, Topology};
use std::collections::BTreeMap;

/// Subflow routes an MPTCP flow on a graph gets when `mptcp.subflows` does not say: all the
/// link-disjoint routes found, at most this many — the most subflows Linux's in-kernel path
/// manager opens per connection (net/mptcp/pm_netlink.c, MPTCP_PM_ADDR_MAX = 8).
pub const MAX_DEFAULT_DISJOINT_ROUTES: usize = 8;

pub use crate::net::Route;

pub struct Built {
    pub net: Network,
    /// The routes a flow's `path` indexes: the shorthands' fixed routes (empty on a graph).
    pub routes: Vec<Route>,
    /// On a graph, each expanded flow's own routes: one, or an MPTCP flow's subflow routes.
    pub flow_routes: Option<Vec<Vec<Route>>>,
    /// The routes generated traffic (`traffic`) runs on.
    pub traffic_routes: Vec<Route>,
    /// Each node's position on the picture, when the graph gives one.
    pub positions: Vec<(Option<f64>, Option<f64>)>,
}

/// A topology as the builder takes it: a graph, the routes a shorthand fixes, and the order
/// in which link directions become links.
pub struct Plan {
    pub graph: Graph,
    /// The shorthands' routes, indexed by a flow's `path`: hops and the base RTT as the
    /// scenario states it (so a 33.3 ms RTT is not re-added from rounded halves).
    pub fixed: Option<Vec<(Vec<Hop>, u64)>>,
    /// `numbering[i]` is the link direction that becomes link i.
    pub numbering: Vec<Hop>,
    /// The link directions whose properties the user wrote, each once, with where.
    pub written: Vec<Written>,
}

/// A link direction whose properties the user wrote, and where: what [`Plan::validate`]
/// checks. The links a shorthand adds around them (access, egress, ACK directions) are made
/// of fields the shorthand checks where they are written (`access_rate_mbps`, a sender's
/// `rtt_ms`), and a path copied by `count` is checked once.
pub struct Written {
    pub hop: Hop,
    /// The spec the properties were written in: "topology.bottleneck", "topology.paths[2]",
    /// "topology.links[4]", "topology.links[4].reverse".
    pub at: String,
    /// The fastest rate accepted there (bottleneck and paths are measured, so tighter).
    pub max_rate_mbps: f64,
    /// Whether `delay_ms` is the user's: a path's is half its `rtt_ms`, which the path checks.
    pub delay: bool,
}

impl Plan {
    /// Check every link direction the user wrote, once, on the expanded graph; errors name
    /// the field as written (`topology.paths[2].buffer.bdp`).
    pub fn validate(&self) -> Res<()> {
        for w in &self.written {
            let l = &self.graph.links[w.hop.link as usize];
            match (&l.reverse, w.hop.reverse) {
                (Some(r), true) => r.validate(&w.at, w.max_rate_mbps, w.delay, l.props.aqm())?,
                (_, false) => l.forward().validate(&w.at, w.max_rate_mbps, w.delay, DEFAULT_AQM)?,
                (None, true) => {}
            }
        }
        Ok(())
    }
}

fn host(name: String) -> GraphNode {
    GraphNode { name, kind: GraphNodeKind::Host, x: None, y: None }
}

fn router(name: String) -> GraphNode {
    GraphNode { name, kind: GraphNodeKind::Router, x: None, y: None }
}

/// A buffer spec whose BDP (if it is one) is of `rtt_ms`: what the shorthands always used.
fn bdp_of(b: &BufferSpec, rtt_ms: f64) -> BufferSpec {
    let mut b = b.clone();
    if b.packets.is_none() && b.bytes.is_none() && !b.unlimited && b.rtt_ms.is_none() {
        b.rtt_ms = Some(rtt_ms);
    }
    b
}

/// A shorthand's link (its bottleneck or a path, or one the shorthands add around them) from
/// `from` to `to`: the forward direction has the properties written, the ACK direction an
/// unlimited DropTail queue and nothing else.
fn link(from: &str, to: &str, name: String, rate: f64, delay_ms: f64, props: LinkProps, report: bool) -> GraphLink {
    let unlimited = BufferSpec { unlimited: true, ..BufferSpec::default() };
    GraphLink {
        from: from.into(),
        to: to.into(),
        name: Some(name),
        rate_mbps: Some(rate),
        delay_ms: Some(delay_ms),
        props,
        reverse: Some(LinkDirSpec {
            props: LinkProps { buffer: Some(unlimited), aqm: Some(DEFAULT_AQM.into()), ..LinkProps::default() },
            ..LinkDirSpec::default()
        }),
        report: Some(report),
    }
}

/// The properties written on a shorthand's bottleneck or path, with its buffer's BDP (if it
/// is one) taken of `rtt_ms`.
fn as_written(props: &LinkProps, rtt_ms: f64) -> LinkProps {
    LinkProps { buffer: Some(bdp_of(&props.buffer(), rtt_ms)), ..props.clone() }
}

/// An access or egress link of a shorthand: an unlimited DropTail queue, nothing on the wire.
fn plain() -> LinkProps {
    LinkProps { buffer: Some(BufferSpec { unlimited: true, ..BufferSpec::default() }), ..LinkProps::default() }
}

fn natural_numbering(n_links: usize) -> Vec<Hop> {
    (0..n_links as u32).flat_map(|link| [Hop { link, reverse: false }, Hop { link, reverse: true }]).collect()
}

/// The graph, fixed routes and numbering of a topology (see the module header).
pub fn expand(topo: &Topology) -> Plan {
    let fwd = |link: usize| Hop { link: link as u32, reverse: false };
    let rev = |link: usize| Hop { link: link as u32, reverse: true };
    match topo {
        Topology::Dumbbell(d) => {
            let b = &d.bottleneck;
            let access = d.access_rate_mbps.unwrap_or(10.0 * b.rate_mbps);
            let max_rtt = d.senders.iter().map(|s| s.rtt_ms).fold(0.0, f64::max);
            let mut nodes = vec![router("r1".into()), router("r2".into())];
            let mut links = vec![link("r1", "r2", "bottleneck".into(), b.rate_mbps, b.delay_ms, as_written(&b.link, max_rtt), true)];
            let mut numbering = vec![fwd(0), rev(0)];
            let written = vec![Written { hop: fwd(0), at: "topology.bottleneck".into(), max_rate_mbps: MAX_RATE_MBPS, delay: true }];
            let mut fixed = Vec::new();
            for (i, s) in d.senders.iter().enumerate() {
                let n = i + 1;
                nodes.push(host(format!("s{n}")));
                nodes.push(host(format!("d{n}")));
                let one_way = s.rtt_ms / 2.0 - b.delay_ms;
                let (acc, egr) = (links.len(), links.len() + 1);
                let mut acc_link = link(&format!("s{n}"), "r1", format!("access{n}"), access, one_way, plain(), false);
                // The host's jitter delays what it sends and what it receives alike.
                acc_link.props.jitter_ms = s.jitter_ms;
                acc_link.props.host_jitter = true;
                if let Some(r) = acc_link.reverse.as_mut() {
                    r.props.jitter_ms = s.jitter_ms;
                    r.props.host_jitter = true;
                }
                links.push(acc_link);
                links.push(link("r2", &format!("d{n}"), format!("egress{n}"), access, 0.0, plain(), false));
                // The order links have always had: access, egress, egress-rev, access-rev.
                numbering.extend([fwd(acc), fwd(egr), rev(egr), rev(acc)]);
                fixed.push((vec![fwd(acc), fwd(0), fwd(egr)], millis(s.rtt_ms)));
            }
            Plan { graph: Graph { nodes, links }, fixed: Some(fixed), numbering, written }
        }
        Topology::Parallel(p) => {
            let nodes = vec![host("src".into()), host("dst".into())];
            let mut links = Vec::new();
            let mut fixed = Vec::new();
            let mut written = Vec::new();
            let paths = p.expanded();
            for (i, (origin, ps)) in paths.iter().enumerate() {
                // Copies made by `count` share their properties: the first is checked.
                if i == 0 || paths[i - 1].0 != *origin {
                    written.push(Written { hop: fwd(i), at: format!("topology.paths[{origin}]"), max_rate_mbps: MAX_RATE_MBPS, delay: false });
                }
                links.push(link("src", "dst", format!("path{}", i + 1), ps.rate_mbps, ps.rtt_ms / 2.0, as_written(&ps.link, ps.rtt_ms), true));
                fixed.push((vec![fwd(i)], millis(ps.rtt_ms)));
            }
            let numbering = natural_numbering(links.len());
            Plan { graph: Graph { nodes, links }, fixed: Some(fixed), numbering, written }
        }
        Topology::Graph(g) => {
            let written = g
                .links
                .iter()
                .enumerate()
                .flat_map(|(i, l)| {
                    let at = format!("topology.links[{i}]");
                    let rev = l.reverse.as_ref().map(|_| Written { hop: rev(i), at: format!("{at}.reverse"), max_rate_mbps: MAX_ACCESS_RATE_MBPS, delay: true });
                    std::iter::once(Written { hop: fwd(i), at, max_rate_mbps: MAX_ACCESS_RATE_MBPS, delay: true }).chain(rev)
                })
                .collect();
            Plan { graph: g.clone(), fixed: None, numbering: natural_numbering(g.links.len()), written }
        }
    }
}

/// Routing's view of a graph: per link its ends and the delay of each direction in ns.
pub fn route_graph(g: &Graph) -> RouteGraph {
    let index = g.index();
    let links = g
        .links
        .iter()
        .map(|l| {
            let (f, r) = l.dirs();
            let at = |n: &str| index.get(n).copied().unwrap_or(0) as u32;
            RLink { from: at(&l.from), to: at(&l.to), fwd_ns: millis(f.delay_ms()), rev_ns: millis(r.delay_ms()) }
        })
        .collect();
    RouteGraph::new(links, g.nodes.iter().map(|n| n.kind == GraphNodeKind::Router).collect())
}

/// The routes of a graph scenario's flows and traffic.
pub struct Resolved {
    /// Per entry of `flows` (before `count` expansion): one route, or an MPTCP flow's
    /// subflow routes.
    pub flows: Vec<Vec<GraphRoute>>,
    /// The routes of generated traffic (empty without `traffic`).
    pub traffic: Vec<GraphRoute>,
}

/// Computes routes, remembering each source's shortest-path tree and each set of disjoint
/// routes, so 10 000 flows between a few hosts cost a few route computations.
struct Router<'a> {
    g: &'a Graph,
    rg: RouteGraph,
    index: BTreeMap<&'a str, usize>,
    trees: BTreeMap<u32, Vec<Option<GraphRoute>>>,
    disjoint: BTreeMap<(u32, u32, usize), Vec<GraphRoute>>,
}

type Res<T> = Result<T, ScenarioError>;

fn fail<T>(path: impl Into<String>, msg: impl Into<String>) -> Res<T> {
    Err(ScenarioError::new(path, msg))
}

impl<'a> Router<'a> {
    fn name(&self, n: u32) -> &str {
        &self.g.nodes[n as usize].name
    }

    /// A host named by field `at`.
    fn host(&self, at: &str, name: Option<&String>, role: &str) -> Res<u32> {
        let Some(name) = name else {
            return fail(at, format!("missing: on a graph, name the {role} host"));
        };
        let Some(&i) = self.index.get(name.as_str()) else {
            return fail(at, format!("no node named '{name}'"));
        };
        if self.g.nodes[i].kind != GraphNodeKind::Host {
            return fail(at, format!("'{name}' is a router; flows run between hosts"));
        }
        Ok(i as u32)
    }

    /// The two ends named by `<at>.from` and `<at>.to`.
    fn ends(&self, at: &str, from: Option<&String>, to: Option<&String>) -> Res<(u32, u32)> {
        let src = self.host(&format!("{at}.from"), from, "sending")?;
        let dst = self.host(&format!("{at}.to"), to, "receiving")?;
        if src == dst {
            return fail(format!("{at}.to"), format!("must differ from `from` ('{}')", self.name(src)));
        }
        Ok((src, dst))
    }

    fn shortest(&mut self, src: u32, dst: u32) -> Option<GraphRoute> {
        let rg = &self.rg;
        self.trees.entry(src).or_insert_with(|| rg.shortest_from(src))[dst as usize].clone()
    }

    fn no_path(&self, at: &str, src: u32, dst: u32) -> ScenarioError {
        ScenarioError::new(at, format!("no path from {} to {}", self.name(src), self.name(dst)))
    }

    /// An explicit route (node names) at field `at`, from `src` to `dst`.
    fn explicit(&self, at: &str, names: &[String], src: u32, dst: u32) -> Res<GraphRoute> {
        let mut nodes = Vec::with_capacity(names.len());
        for (k, n) in names.iter().enumerate() {
            match self.index.get(n.as_str()) {
                Some(&i) => nodes.push(i as u32),
                None => return fail(format!("{at}[{k}]"), format!("no node named '{n}'")),
            }
        }
        if nodes.first() != Some(&src) {
            return fail(at, format!("must start at {} (the flow's from)", self.name(src)));
        }
        if nodes.last() != Some(&dst) {
            return fail(at, format!("must end at {} (the flow's to)", self.name(dst)));
        }
        self.rg.follow(&nodes).map_err(|e| {
            let m = match e {
                RouteError::TooShort => "needs at least the two hosts".to_string(),
                RouteError::Loop { node, .. } => format!("visits {} twice (a route has no loops)", self.name(node)),
                RouteError::NoLink { a, b } => format!("no link between {} and {}", self.name(a), self.name(b)),
                RouteError::ThroughHost { node } => format!("passes through host {}; hosts do not forward", self.name(node)),
            };
            ScenarioError::new(at, m)
        })
    }

    /// `k` link-disjoint routes (all found, at most the default cap, when `k` is None);
    /// `k_at` is the field that asked for k.
    fn disjoint(&mut self, at: &str, k_at: &str, src: u32, dst: u32, k: Option<usize>) -> Res<Vec<GraphRoute>> {
        if k == Some(0) {
            return fail(k_at, "must be ≥ 1");
        }
        let want = k.unwrap_or(MAX_DEFAULT_DISJOINT_ROUTES).min(MAX_SUBFLOWS);
        let rg = &self.rg;
        let found = self.disjoint.entry((src, dst, want)).or_insert_with(|| rg.disjoint(src, dst, want)).clone();
        if found.is_empty() {
            return Err(self.no_path(at, src, dst));
        }
        if let Some(k) = k.filter(|&k| found.len() < k) {
            let all = self.rg.disjoint(src, dst, MAX_SUBFLOWS).len();
            return fail(
                k_at,
                format!(
                    "asks for {k} link-disjoint routes from {} to {}, but only {all} exist (found by successive \
                     shortest routes); lower it or list the routes in mptcp.routes",
                    self.name(src),
                    self.name(dst)
                ),
            );
        }
        Ok(found)
    }

    fn flow(&mut self, i: usize, f: &FlowSpec) -> Res<Vec<GraphRoute>> {
        let at = format!("flows[{i}]");
        if f.path != 0 {
            return fail(format!("{at}.path"), "not used on a graph: name the hosts with from and to");
        }
        let (src, dst) = self.ends(&at, f.from.as_ref(), f.to.as_ref())?;
        let routes = if f.kind == FlowKind::Mptcp {
            if f.route.is_some() {
                return fail(format!("{at}.route"), "an MPTCP flow lists its subflows' routes in mptcp.routes");
            }
            let m = f.mptcp.clone().unwrap_or_default();
            if m.paths.is_some() {
                return fail(format!("{at}.mptcp.paths"), "not used on a graph: list node routes in mptcp.routes");
            }
            match &m.routes {
                Some(list) => {
                    let rat = format!("{at}.mptcp.routes");
                    if list.is_empty() {
                        return fail(rat, "needs at least one route (omit it for the disjoint routes)");
                    }
                    if list.len() > MAX_SUBFLOWS {
                        return fail(rat, format!("at most {MAX_SUBFLOWS} routes"));
                    }
                    let mut out: Vec<GraphRoute> = Vec::new();
                    for (k, names) in list.iter().enumerate() {
                        let r = self.explicit(&format!("{rat}[{k}]"), names, src, dst)?;
                        if let Some(j) = out.iter().position(|o| o.hops == r.hops) {
                            return fail(format!("{rat}[{k}]"), format!("the same route as mptcp.routes[{j}]"));
                        }
                        out.push(r);
                    }
                    if let Some(n) = m.subflows.filter(|&n| n > out.len()) {
                        return fail(
                            format!("{at}.mptcp.subflows"),
                            format!("at most the number of routes listed in mptcp.routes ({}; got {n})", out.len()),
                        );
                    }
                    out
                }
                None => self.disjoint(&at, &format!("{at}.mptcp.subflows"), src, dst, m.subflows)?,
            }
        } else {
            match &f.route {
                Some(names) => vec![self.explicit(&format!("{at}.route"), names, src, dst)?],
                None => vec![self.shortest(src, dst).ok_or_else(|| self.no_path(&at, src, dst))?],
            }
        };
        if let Some(k) = routes.iter().position(|r| r.rtt_ns == 0) {
            let which = if routes.len() > 1 { format!(" (route {k})") } else { String::new() };
            return fail(at, format!("the route{which} has a base RTT of 0 ms: give its links some delay"));
        }
        Ok(routes)
    }
}

/// The routes of every flow and of the generated traffic of a scenario on graph `g`
/// (validated), or the error naming the flow field at fault.
pub fn resolve(s: &Scenario, g: &Graph) -> Res<Resolved> {
    let mut r = Router { g, rg: route_graph(g), index: g.index(), trees: BTreeMap::new(), disjoint: BTreeMap::new() };
    let mut flows = Vec::with_capacity(s.flows.len());
    for (i, f) in s.flows.iter().enumerate() {
        flows.push(r.flow(i, f)?);
    }
    let traffic = match &s.traffic {
        Some(t) => {
            if t.mptcp.paths.is_some() {
                return fail("traffic.mptcp.paths", "not used on a graph: the flows use the disjoint routes from traffic.from to traffic.to");
            }
            if t.mptcp.routes.is_some() {
                return fail("traffic.mptcp.routes", "not used by generated traffic: it uses the disjoint routes from traffic.from to traffic.to");
            }
            let (src, dst) = r.ends("traffic", t.from.as_ref(), t.to.as_ref())?;
            r.disjoint("traffic", "traffic.mptcp.subflows", src, dst, t.mptcp.subflows)?
        }
        None => Vec::new(),
    };
    Ok(Resolved { flows, traffic })
}

/// The fields only a graph gives meaning to must be absent on a shorthand.
pub fn check_shorthand_fields(s: &Scenario) -> Res<()> {
    let kind = match s.topology {
        Topology::Dumbbell(_) => "dumbbell",
        Topology::Parallel(_) => "parallel",
        Topology::Graph(_) => return Ok(()),
    };
    let why = format!("only on a graph topology (a {kind} flow picks its route with path)");
    for (i, f) in s.flows.iter().enumerate() {
        for (field, set) in [("from", f.from.is_some()), ("to", f.to.is_some()), ("route", f.route.is_some())] {
            if set {
                return fail(format!("flows[{i}].{field}"), why);
            }
        }
        if f.mptcp.as_ref().is_some_and(|m| m.routes.is_some()) {
            return fail(format!("flows[{i}].mptcp.routes"), format!("only on a graph topology (use mptcp.paths on a {kind})"));
        }
    }
    if let Some(t) = &s.traffic {
        for (field, set) in [("from", t.from.is_some()), ("to", t.to.is_some())] {
            if set {
                return fail(format!("traffic.{field}"), format!("only on a graph topology (traffic on a {kind} uses every path)"));
            }
        }
        if t.mptcp.routes.is_some() {
            return fail("traffic.mptcp.routes", "only on a graph topology");
        }
    }
    Ok(())
}

/// Resolve a buffer spec for a link of `rate_bps` whose longest route RTT is `rtt_ms`.
fn limit(b: &BufferSpec, rate_bps: u64, rtt_ms: f64) -> QueueLimit {
    if b.unlimited {
        return QueueLimit::Unlimited;
    }
    if let Some(p) = b.packets {
        return QueueLimit::Packets(p);
    }
    if let Some(bytes) = b.bytes {
        return QueueLimit::Bytes(bytes);
    }
    let bdp = b.bdp.unwrap_or(1.0);
    let rtt = b.rtt_ms.unwrap_or(rtt_ms);
    QueueLimit::Bytes((bdp * rate_bps as f64 / 8.0 * rtt / 1e3).round() as u64)
}

/// Give a link the queue discipline and jitter of its spec. A discipline that is a plain FIFO
/// (DropTail) keeps the link's fast path; the others take over its queue (net/link.rs). The
/// validator built the same discipline once, so this cannot fail for a validated scenario.
fn set_queue(link: &mut Link, props: &LinkProps, seed: u64, index: u32) {
    let (aqm, params, jitter_ms) = (props.aqm(), props.aqm_params.as_ref(), props.jitter_ms());
    let entry = crate::engine::registry::find(qdisc::REGISTRY, "queue discipline", aqm).expect("validated discipline name");
    let init = QdiscInit { limit: link.limit, rate_bps: link.rate_bps, rng: derive_rng(seed, "qdisc", index as u64) };
    let q = (entry.make)(init, params).expect("validated discipline parameters");
    if q.fifo_limit().is_none() {
        link.set_aqm(entry.name, q);
    }
    if jitter_ms > 0.0 {
        let kind = if props.host_jitter { Jitter::Host } else { Jitter::Wire };
        link.set_jitter(millis(jitter_ms), kind, derive_rng(seed, "jitter", index as u64));
    }
}

fn mbps(r: f64) -> u64 {
    (r * 1e6).round() as u64
}

/// The data direction of each hop, then the ACK directions (the same links, reversed).
fn directions(hops: &[Hop]) -> (Vec<Hop>, Vec<Hop>) {
    let back = hops.iter().rev().map(|h| Hop { link: h.link, reverse: !h.reverse }).collect();
    (hops.to_vec(), back)
}

/// Build the network of scenario `s` (validated) with every link's random stream from `seed`.
pub fn build(s: &Scenario, seed: u64) -> Res<Built> {
    let plan = expand(&s.topology);
    let g = &plan.graph;
    if let Topology::Graph(g) = &s.topology {
        g.validate()?;
    }
    // Every route of the scenario as (hops, base RTT), and which of them each flow uses.
    let mut all: Vec<(Vec<Hop>, u64)> = Vec::new();
    let (flow_sets, traffic_set) = match &plan.fixed {
        Some(fixed) => {
            all.extend(fixed.iter().cloned());
            (None, (0..fixed.len()).collect::<Vec<_>>())
        }
        None => {
            let res = resolve(s, g)?;
            let mut take = |rs: &[GraphRoute]| -> Vec<usize> {
                rs.iter()
                    .map(|r| {
                        all.push((r.hops.clone(), r.rtt_ns));
                        all.len() - 1
                    })
                    .collect()
            };
            let flows: Vec<Vec<usize>> = res.flows.iter().map(|rs| take(rs)).collect();
            let traffic = take(&res.traffic);
            (Some(flows), traffic)
        }
    };

    // Directions: index of each in the link list, and what the routes make of it.
    let n_dirs = plan.numbering.len();
    let dir_key = |h: Hop| 2 * h.link as usize + h.reverse as usize;
    let mut link_of = vec![u32::MAX; n_dirs];
    for (i, h) in plan.numbering.iter().enumerate() {
        link_of[dir_key(*h)] = i as u32;
    }
    let dirs: Vec<_> = g.links.iter().flat_map(|l| {
        let (f, r) = l.dirs();
        [f, r]
    }).collect();
    let mut max_rtt = vec![0u64; n_dirs];
    let mut data = vec![false; n_dirs];
    let mut slowest = vec![false; n_dirs];
    for (hops, rtt) in &all {
        let (fwd, back) = directions(hops);
        for h in fwd.iter().chain(&back) {
            let k = dir_key(*h);
            max_rtt[k] = max_rtt[k].max(*rtt);
        }
        let min_rate = fwd.iter().map(|h| mbps(dirs[dir_key(*h)].rate_mbps())).min().unwrap_or(0);
        for h in &fwd {
            let k = dir_key(*h);
            data[k] = true;
            slowest[k] |= mbps(dirs[k].rate_mbps()) == min_rate;
        }
    }

    let index = g.index();
    let nodes: Vec<Node> = g
        .nodes
        .iter()
        .map(|n| Node {
            name: n.name.clone(),
            kind: match n.kind {
                GraphNodeKind::Host => NodeKind::Host,
                GraphNodeKind::Router => NodeKind::Router,
            },
        })
        .collect();
    let mut links = Vec::with_capacity(n_dirs);
    for (i, h) in plan.numbering.iter().enumerate() {
        let gl = &g.links[h.link as usize];
        let k = dir_key(*h);
        let d = &dirs[k];
        let (from, to) = (index[gl.from.as_str()] as u32, index[gl.to.as_str()] as u32);
        let (from, to, name) = if h.reverse { (to, from, format!("{}-rev", gl.name())) } else { (from, to, gl.name()) };
        let (p, rate) = (&d.props, mbps(d.rate_mbps()));
        // No route crosses it: a BDP of the link's own round trip.
        let rtt_ms = if max_rtt[k] > 0 { to_millis(max_rtt[k]) } else { dirs[k ^ 1].delay_ms() + d.delay_ms() };
        let buffer = p.buffer();
        // Every link's loss stream is keyed by its index, so it depends only on the topology.
        let mut link = Link::new(name, from, to, rate, millis(d.delay_ms()), limit(&buffer, rate, rtt_ms), p.loss(), derive_rng(seed, "link", i as u64));
        link.set_drop_list(p.drop_packets().to_vec());
        set_queue(&mut link, p, seed, i as u32);
        link.reported = match gl.report {
            Some(true) => !h.reverse || data[k],
            Some(false) => false,
            None => data[k] && slowest[k] && !buffer.unlimited,
        };
        links.push(link);
    }

    // Paths: each distinct link sequence once, in the order routes need them (a shorthand's
    // route i has paths 2i and 2i + 1, as always).
    let mut paths: Vec<Vec<u32>> = Vec::new();
    let mut known: BTreeMap<Vec<u32>, PathId> = BTreeMap::new();
    let mut intern = |hops: &[Hop]| -> PathId {
        let p: Vec<u32> = hops.iter().map(|h| link_of[dir_key(*h)]).collect();
        *known.entry(p.clone()).or_insert_with(|| {
            paths.push(p);
            (paths.len() - 1) as PathId
        })
    };
    let routes: Vec<Route> = all
        .iter()
        .map(|(hops, rtt)| {
            let (fwd, back) = directions(hops);
            Route { forward: intern(&fwd), reverse: intern(&back), rtt_ns: *rtt }
        })
        .collect();
    let pick = |set: &[usize]| set.iter().map(|&r| routes[r]).collect::<Vec<_>>();
    let flow_routes = flow_sets.map(|sets| {
        // Expanded like `Scenario::expanded_flows`: each entry `count` times, in order.
        s.flows.iter().zip(&sets).flat_map(|(f, set)| std::iter::repeat_n(pick(set), f.count as usize)).collect()
    });
    let traffic_routes = pick(&traffic_set);
    let positions = g.nodes.iter().map(|n| (n.x, n.y)).collect();
    let routes = if plan.fixed.is_some() { routes } else { Vec::new() };
    let pool = PacketPool::for_links(links.len());
    Ok(Built { net: Network { nodes, links, paths, pool }, routes, flow_routes, traffic_routes, positions })
}
