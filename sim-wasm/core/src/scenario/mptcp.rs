//! A flow's MPTCP settings as a scenario writes them (`flows[i].mptcp`, `traffic.mptcp`), their
//! checks, and the connection settings the transport is built from ([`MptcpConfig`]).

use super::{FlowKind, FlowSpec, Scenario, ScenarioError, Topology};
use crate::mptcp::flow_sched::{self, FlowSchedKind};
use crate::mptcp::sched::SchedParams;
use crate::mptcp::{MptcpConfig, DEFAULT_RECV_BUFFER, DEFAULT_SEND_BUFFER, MAX_SUBFLOWS};
use serde::{Deserialize, Serialize};

/// A flow's MPTCP settings (`flows[i].mptcp`, `traffic.mptcp`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MptcpSpec {
    /// Packet scheduler: a name from `mptcp::sched::REGISTRY` (minrtt, rr, ecf, ecf3, ecf-n, single).
    #[serde(default = "default_scheduler")]
    #[schemars(title = "Packet scheduler")]
    pub scheduler: String,
    /// Scheduler parameters (ECF: `beta`).
    #[serde(default, skip_serializing_if = "is_default_params")]
    pub sched_params: SchedParams,
    /// Paths (indexes into `topology.paths`) the flow may use; absent = all of them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paths: Option<Vec<usize>>,
    /// On a graph: the subflows' routes, each a list of node names from the flow's `from` to
    /// its `to` (routes may share links); absent = the link-disjoint routes, shortest first
    /// (docs/model/topology.md §Disjoint routes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routes: Option<Vec<Vec<String>>>,
    /// With flow_sched "mptcp": where the first subflow goes (random | listed | spread);
    /// the others follow in path order.
    #[serde(default, skip_serializing_if = "is_default_first")]
    // schemars writes no default that `skip_serializing_if` would skip: name it.
    #[schemars(extend("default" = flow_sched::FirstPath::default()))]
    pub first_path: flow_sched::FirstPath,
    /// With flow scheduler mptcp: only the first n of the paths.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(title = "Subflows", extend("x-none" = "all paths"))]
    pub subflows: Option<usize>,
    /// Flow scheduler: fsfs | mptcp (all paths) | tcp (one random path).
    #[serde(default)]
    pub flow_sched: FlowSchedKind,
    /// Upper bounds of the size classes G0, G1, G2 in kB (1000 bytes); larger flows are G3.
    #[serde(default = "default_class_bounds")]
    pub class_bounds_kb: [f64; 3],
    /// FSFS: subflows (lowest-RTT paths) for G0, G1, G2; G3 uses all paths.
    #[serde(default = "default_class_subflows")]
    pub class_subflows: [usize; 3],
    /// Connection-level; a slow subflow stalls the connection when it fills (Linux tcp_rmem max).
    #[serde(default = "default_recv_buffer")]
    #[schemars(title = "Receive buffer", extend("x-unit" = "bytes"))]
    pub recv_buffer_bytes: u64,
    /// Connection-level (Linux tcp_wmem max); ECF's k is the part of it not yet sent.
    #[serde(default = "default_send_buffer")]
    #[schemars(title = "Send buffer", extend("x-unit" = "bytes"))]
    pub send_buffer_bytes: u64,
    /// Queue the data of a subflow that timed out for the other subflows too (Linux).
    #[serde(default = "yes")]
    pub reinject_on_rto: bool,
}

fn default_scheduler() -> String {
    "minrtt".into()
}
fn default_class_bounds() -> [f64; 3] {
    [100.0, 300.0, 800.0]
}
fn default_class_subflows() -> [usize; 3] {
    [1, 2, 3]
}
fn default_recv_buffer() -> u64 {
    DEFAULT_RECV_BUFFER
}
fn default_send_buffer() -> u64 {
    DEFAULT_SEND_BUFFER
}
fn yes() -> bool {
    true
}
fn is_default_first(f: &flow_sched::FirstPath) -> bool {
    *f == flow_sched::FirstPath::Random
}
fn is_default_params(p: &SchedParams) -> bool {
    p.beta.is_none()
}

impl Default for MptcpSpec {
    fn default() -> Self {
        super::from_json(serde_json::json!({})).expect("every field has a default")
    }
}

impl MptcpSpec {
    pub fn class_bounds_bytes(&self) -> [u64; 3] {
        self.class_bounds_kb.map(|kb| (kb * 1000.0).round() as u64)
    }

    /// Semantic checks; `at` is the spec's field path ("flows[0].mptcp").
    pub fn validate(&self, at: &str, n_paths: usize, mss: u32) -> Result<(), ScenarioError> {
        let e = |f: &str, m: String| Err(ScenarioError::new(format!("{at}.{f}"), m));
        if let Some(b) = self.sched_params.beta {
            if !(b.is_finite() && (0.0..=10.0).contains(&b)) {
                return e("sched_params.beta", format!("must be in [0, 10] (got {b})"));
            }
        }
        if let Err(m) = crate::mptcp::sched::make(&self.scheduler, &self.sched_params) {
            return if m.starts_with("sched_params") { e("sched_params", m) } else { e("scheduler", m) };
        }
        if let Some(p) = &self.paths {
            if p.is_empty() {
                return e("paths", "needs at least one path (omit it for all paths)".into());
            }
            if p.len() > MAX_SUBFLOWS {
                return e("paths", format!("at most {MAX_SUBFLOWS} paths"));
            }
            for (j, &x) in p.iter().enumerate() {
                if x >= n_paths {
                    return e(&format!("paths[{j}]"), format!("no path {x} (the topology has {n_paths})"));
                }
                if p[..j].contains(&x) {
                    return e(&format!("paths[{j}]"), format!("path {x} is listed twice"));
                }
            }
        } else if n_paths > MAX_SUBFLOWS {
            return e("paths", format!("the topology has {n_paths} paths; list at most {MAX_SUBFLOWS}"));
        }
        if self.subflows == Some(0) {
            return e("subflows", "must be ≥ 1".into());
        }
        let b = self.class_bounds_kb;
        if !b.iter().all(|x| x.is_finite() && *x > 0.0) || !(b[0] < b[1] && b[1] < b[2]) {
            return e("class_bounds_kb", format!("must be three increasing sizes > 0 (got {b:?})"));
        }
        if self.class_subflows.contains(&0) {
            return e("class_subflows", "each class needs at least one subflow".into());
        }
        let min = 2 * mss as u64;
        if self.recv_buffer_bytes < min {
            return e("recv_buffer_bytes", format!("must hold at least two segments ({min} bytes)"));
        }
        if self.send_buffer_bytes < min {
            return e("send_buffer_bytes", format!("must hold at least two segments ({min} bytes)"));
        }
        Ok(())
    }
}

/// Checks of one flow's MPTCP fields (`flows[i]`): only an MPTCP flow may have an `mptcp`
/// section, and MPTCP needs several routes: a parallel or a graph topology.
pub fn validate_flow(
    s: &Scenario,
    i: usize,
    f: &FlowSpec,
    n_routes: usize,
) -> Result<(), ScenarioError> {
    let at = format!("flows[{i}]");
    match f.kind {
        FlowKind::Mptcp => {
            if matches!(s.topology, Topology::Dumbbell(_)) {
                return Err(ScenarioError::new(format!("{at}.kind"), "an MPTCP flow needs a parallel or graph topology"));
            }
            f.mptcp.clone().unwrap_or_default().validate(&format!("{at}.mptcp"), n_routes, s.tcp.mss)
        }
        _ if f.mptcp.is_some() => {
            Err(ScenarioError::new(format!("{at}.mptcp"), "only for flows of kind \"mptcp\""))
        }
        _ => Ok(()),
    }
}

impl From<&MptcpSpec> for MptcpConfig {
    fn from(s: &MptcpSpec) -> Self {
        MptcpConfig {
            scheduler: s.scheduler.clone(),
            sched_params: s.sched_params.clone(),
            paths: s.paths.clone(),
            first_path: s.first_path,
            subflows: s.subflows,
            flow_sched: s.flow_sched,
            class_bounds: s.class_bounds_bytes(),
            class_subflows: s.class_subflows,
            recv_buffer_bytes: s.recv_buffer_bytes,
            send_buffer_bytes: s.send_buffer_bytes,
            reinject_on_rto: s.reinject_on_rto,
        }
    }
}
