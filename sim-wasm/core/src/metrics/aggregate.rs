//! What the page needs to draw a run with many flows as aggregates (issue 18 item 4, issue 16
//! "Many flows, readable"): for every owner of per-flow series, the flow it belongs to and the
//! groups it falls in — its transport, congestion controller and size class, and for an MPTCP
//! subflow its path. Sent once per series list (never per tick); the worker sums and averages
//! the per-flow points by these groups (web/src/worker/aggregate.ts), so the tick payload stays
//! bounded whatever the flow count.

use super::series::SeriesMeta;
use super::FlowStats;
use serde::Serialize;
use std::collections::HashMap;

/// The groups one owner of per-flow series falls in.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct FlowGroup {
    /// The series' owner ("f1", "m.3@p2", "bg4.1").
    pub owner: String,
    /// The flow it belongs to: the owner itself, or an MPTCP subflow's connection ("m.3").
    pub flow: String,
    /// "tcp", "mptcp" or "quic".
    pub kind: &'static str,
    /// The congestion controller.
    pub cc: String,
    /// Size class: an MPTCP flow's class as its flow scheduler put it (G0 … G3, see
    /// mptcp/flow_sched), "bulk" for a flow without a size, "sized" for a sized TCP or QUIC flow.
    pub class: String,
    /// An MPTCP subflow's path number (1-based, links "path1", …); none for a whole flow.
    pub subflow_path: Option<u32>,
}

/// The size class of a flow, as [`FlowGroup::class`] states it.
fn class_of(f: &FlowStats) -> String {
    match (f.size_class, f.size_bytes) {
        (Some(c), _) => c.to_string(),
        (None, None) => "bulk".into(),
        (None, Some(_)) => "sized".into(),
    }
}

/// One entry per distinct owner of a `flow` series, in the series' order. Owners that name no
/// known flow (none today) are left out, so the page treats their series as ungrouped.
pub fn flow_groups(meta: &[SeriesMeta], flows: &[FlowStats]) -> Vec<FlowGroup> {
    let by_id: HashMap<&str, &FlowStats> = flows.iter().map(|f| (f.id.as_str(), f)).collect();
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for m in meta.iter().filter(|m| m.scope == "flow") {
        if !seen.insert(m.owner.as_str()) {
            continue;
        }
        // mptcp/connection.rs names a subflow's series "<flow>@p<path>".
        let (flow, subflow_path) = match m.owner.rsplit_once("@p") {
            Some((f, p)) if by_id.contains_key(f) => (f, p.parse::<u32>().ok()),
            _ => (m.owner.as_str(), None),
        };
        let Some(f) = by_id.get(flow) else { continue };
        out.push(FlowGroup { owner: m.owner.clone(), flow: flow.to_string(), kind: f.kind, cc: f.cc.clone(), class: class_of(f), subflow_path });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metrics::Recorder;

    #[test]
    fn subflows_name_their_connection_and_path() {
        let mut rec = Recorder::new(64);
        rec.register("link", "path1", "queue", "bytes", None);
        rec.register("flow", "m.1", "cwnd", "packets", None);
        rec.register("flow", "m.1@p2", "cwnd", "packets", None);
        rec.register("flow", "m.1@p2", "srtt", "ms", None);
        rec.register("flow", "f2", "cwnd", "packets", None);
        let flows = vec![
            FlowStats { id: "m.1".into(), kind: "mptcp", cc: "cubic".into(), size_class: Some("G1"), size_bytes: Some(20_000), ..FlowStats::default() },
            FlowStats { id: "f2".into(), kind: "tcp", cc: "reno".into(), ..FlowStats::default() },
        ];
        let g = flow_groups(&rec.meta, &flows);
        assert_eq!(g.len(), 3, "one entry per owner: {g:?}");
        assert_eq!((g[0].flow.as_str(), g[0].subflow_path, g[0].class.as_str()), ("m.1", None, "G1"));
        assert_eq!((g[1].flow.as_str(), g[1].subflow_path), ("m.1", Some(2)));
        assert_eq!((g[2].class.as_str(), g[2].cc.as_str()), ("bulk", "reno"));
    }
}
