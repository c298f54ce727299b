//! Adding the flows a `traffic` section generates (scenario/traffic/ draws them) to a run
//! being built: generated MPTCP flows share one settings object and one route list.

use super::{mptcp_shared, tcp_flow, FlowCtx};
use crate::engine::time::secs;
use crate::metrics::FlowStats;
use crate::mptcp::MptcpConfig;
use crate::net::Route;
use crate::scenario::traffic::TrafficSpec;
use crate::scenario::{FlowKind, ScenarioError};
use crate::sim::{Agent, World};
use crate::tcp::TcpConfig;
use std::rc::Rc;

/// Add the section's flows (and their agents, two per flow after those already built).
pub fn build(
    t: &TrafficSpec,
    seed: u64,
    duration_s: f64,
    routes: &[Route],
    cfg: &TcpConfig,
    w: &mut World,
    agents: &mut Vec<Box<dyn Agent>>,
) -> Result<(), ScenarioError> {
    // One copy of the spec and the routes for all generated flows.
    let spec = Rc::new(MptcpConfig::from(&t.mptcp));
    let shared_routes = Rc::new(routes.to_vec());
    for g in t.generate(seed, duration_s, routes.len()) {
        let i = w.flows.len();
        let (sender, receiver) = super::next_ends(agents);
        w.flows.push(FlowStats {
            id: g.id,
            sender,
            receiver,
            kind: g.spec.kind.as_str(),
            cc: g.spec.cc.clone(),
            size_bytes: g.spec.size_bytes,
            start: secs(g.spec.start_s),
            unlisted: !g.listed,
            ..Default::default()
        });
        let ctx = FlowCtx { index: i, sender, receiver, routes, tcp: cfg, seed };
        let (s, r) = match g.spec.kind {
            FlowKind::Mptcp => mptcp_shared(&ctx, &g.spec, spec.clone(), shared_routes.clone(), w, false),
            _ => tcp_flow(&ctx, &g.spec, w)?,
        };
        agents.push(s);
        agents.push(r);
    }
    Ok(())
}
