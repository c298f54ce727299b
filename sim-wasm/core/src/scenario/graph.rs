//! The `graph` topology: named nodes (hosts and routers) joined by full-duplex links, the
//! format docs/model/topology.md §Graph format describes.
//!
//! ```json
//! "topology": {"kind": "graph",
//!   "nodes": [{"name": "h1", "kind": "host"}, {"name": "r1", "kind": "router", "x": 120, "y": 80}, …],
//!   "links": [{"from": "h1", "to": "r1", "rate_mbps": 100, "delay_ms": 2},
//!             {"from": "r1", "to": "r2", "rate_mbps": 10, "delay_ms": 10, "buffer": {"packets": 50},
//!              "reverse": {"buffer": {"unlimited": true}}}, …]}
//! ```
//! A link is two directions. The forward one (`from` → `to`) has the properties written on
//! the link; the reverse one takes the forward's rate, delay and buffer except where `reverse`
//! overrides them. Random `loss` and scripted `drop_packets` are **not** copied: they describe
//! what the data direction loses (as on the dumbbell's bottleneck and the parallel paths,
//! whose ACK directions never lose), so the reverse direction is lossless unless `reverse`
//! says otherwise (docs/model/topology.md §Full duplex).
//!
//! Every per-direction property lives in [`LinkDirSpec`] (scenario/link.rs, shared with the
//! shorthands), written once on the link (the forward direction) and once more, optionally,
//! under `reverse`.
//!
//! This module checks the graph's structure (names, references, sizes); the numbers of one
//! link direction are checked by [`LinkDirSpec::validate`] — for every topology, since the
//! shorthands expand into a graph (`build::topology::expand`) and are checked there;
//! routes of flows are checked by `build::topology::resolve`, which needs the routing of
//! net/routing.rs.

pub use super::link::{LinkDirSpec, LinkProps, DEFAULT_LINK_DELAY_MS};
use super::ScenarioError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Most nodes a graph may have: far more than a class draws (a parking lot of ten hops has
/// 22), few enough that routing every flow of a 10 000-flow scenario stays instant (one
/// shortest-path tree per source host, each O(links · log nodes)).
pub const MAX_GRAPH_NODES: usize = 200;
/// Most links a graph may have (each is two directions, each with its own queue).
pub const MAX_GRAPH_LINKS: usize = 1000;
/// Longest node name: a label on the picture and in the summary.
pub const MAX_NAME_CHARS: usize = 64;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Graph {
    /// Hosts (ends of flows) and routers (forward packets). Hosts never forward.
    pub nodes: Vec<GraphNode>,
    /// Full-duplex links between nodes; several links may join the same two nodes.
    pub links: Vec<GraphLink>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, ts_rs::TS, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GraphNodeKind {
    Host,
    Router,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GraphNode {
    /// Unique; flows, routes and links name nodes by it.
    pub name: String,
    pub kind: GraphNodeKind,
    /// Position on the network picture (any units; the page scales the drawing to fit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub y: Option<f64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GraphLink {
    pub from: String,
    pub to: String,
    /// Name of the forward direction (default "<from>-<to>"); the reverse direction is
    /// "<name>-rev". Unique among all link directions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The forward direction's rate, Mbit/s (required).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rate_mbps: Option<f64>,
    /// The forward direction's one-way propagation delay (default 1 ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub delay_ms: Option<f64>,
    // Rate and delay are written out here rather than by flattening a `LinkDirSpec`, which
    // would flatten `LinkProps` inside a flatten: serde then cannot tell which fields were
    // taken and `deny_unknown_fields` refuses every one.
    /// The forward direction's buffer, queue discipline, loss, drops and jitter.
    #[serde(flatten, deserialize_with = "super::link::read")]
    pub props: LinkProps,
    /// The reverse direction's properties where they differ from the forward's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reverse: Option<LinkDirSpec>,
    /// Queue series and a summary row for this link: true = the forward direction (and the
    /// reverse one if some flow's data crosses it), false = never; absent = the rule of
    /// docs/model/topology.md §Reported links.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub report: Option<bool>,
}

impl GraphLink {
    /// The forward direction as written.
    pub fn forward(&self) -> LinkDirSpec {
        LinkDirSpec { rate_mbps: self.rate_mbps, delay_ms: self.delay_ms, props: self.props.clone() }
    }

    /// The forward direction's name.
    pub fn name(&self) -> String {
        self.name.clone().unwrap_or_else(|| format!("{}-{}", self.from, self.to))
    }

    /// Both directions with every default applied: (forward, reverse).
    pub fn dirs(&self) -> (LinkDirSpec, LinkDirSpec) {
        let fwd = self.forward();
        let rev = self.reverse.clone().unwrap_or_default().reverse_of(&fwd);
        (fwd, rev)
    }
}

impl Graph {
    /// Node index by name (validated: names are unique).
    pub fn index(&self) -> BTreeMap<&str, usize> {
        self.nodes.iter().enumerate().map(|(i, n)| (n.name.as_str(), i)).collect()
    }

    /// Semantic checks of the graph itself; errors name `topology.nodes[i]…` or
    /// `topology.links[i]…`.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        let e = |p: String, m: String| Err(ScenarioError::new(p, m));
        if self.nodes.is_empty() {
            return e("topology.nodes".into(), "needs at least two hosts".into());
        }
        if self.nodes.len() > MAX_GRAPH_NODES {
            return e("topology.nodes".into(), format!("at most {MAX_GRAPH_NODES} nodes (got {})", self.nodes.len()));
        }
        if self.links.len() > MAX_GRAPH_LINKS {
            return e("topology.links".into(), format!("at most {MAX_GRAPH_LINKS} links (got {})", self.links.len()));
        }
        let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
        for (i, n) in self.nodes.iter().enumerate() {
            let at = format!("topology.nodes[{i}]");
            if n.name.trim().is_empty() {
                return e(format!("{at}.name"), "must not be empty".into());
            }
            if n.name.chars().count() > MAX_NAME_CHARS {
                return e(format!("{at}.name"), format!("at most {MAX_NAME_CHARS} characters"));
            }
            if let Some(j) = seen.insert(&n.name, i) {
                return e(format!("{at}.name"), format!("duplicate node name '{}' (also topology.nodes[{j}])", n.name));
            }
            for (c, v) in [("x", n.x), ("y", n.y)] {
                if v.is_some_and(|v| !v.is_finite()) {
                    return e(format!("{at}.{c}"), "must be a finite number".into());
                }
            }
        }
        let hosts = self.nodes.iter().filter(|n| n.kind == GraphNodeKind::Host).count();
        if hosts < 2 {
            return e("topology.nodes".into(), format!("needs at least two hosts for a flow to run between (got {hosts})"));
        }
        let mut names: BTreeMap<String, usize> = BTreeMap::new();
        for (i, l) in self.links.iter().enumerate() {
            let at = format!("topology.links[{i}]");
            for (field, end) in [("from", &l.from), ("to", &l.to)] {
                if !seen.contains_key(end.as_str()) {
                    return e(format!("{at}.{field}"), format!("no node named '{end}'"));
                }
            }
            if l.from == l.to {
                return e(format!("{at}.to"), format!("a link joins two different nodes (both ends are '{}')", l.from));
            }
            let name = l.name();
            if name.trim().is_empty() {
                return e(format!("{at}.name"), "must not be empty".into());
            }
            for (dir, n) in [("", name.clone()), (" (its reverse direction)", format!("{name}-rev"))] {
                if let Some(j) = names.insert(n.clone(), i) {
                    let hint = if l.name.is_none() { "; give the links distinct names" } else { "" };
                    return e(
                        format!("{at}.name"),
                        format!("duplicate link name '{n}'{dir}, also topology.links[{j}]{hint}"),
                    );
                }
            }
            if l.rate_mbps.is_none() {
                return e(format!("{at}.rate_mbps"), "missing: every link needs a rate".into());
            }
        }
        Ok(())
    }
}

