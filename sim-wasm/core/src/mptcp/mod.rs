//! Multipath TCP (ALGORITHMS.md §2; RFC 8684 for the protocol, RFC 6356 for LIA).
//!
//! Model: a connection has a connection-level data sequence (counted in segments, like the
//! lab's TCP), a bounded send buffer the application keeps full, and a bounded receive
//! buffer at the receiver that reorders data arriving over different subflows. Each subflow
//! is a full TCP sender (`tcp::sender` in subflow mode) on one path, with its own window,
//! RTT estimate and loss recovery; the connection hands it new data one segment at a time,
//! as its packet scheduler (`sched/`) decides. Which paths get subflows is decided when the
//! flow starts by the flow scheduler (`flow_sched/`: FSFS, all paths, one path).
//!
//! ```text
//!   app ─► send buffer ─► scheduler ─┬─► subflow 1 (cwnd, RTT, recovery) ── path 1 ──┐
//!         (DSN 0,1,2,…)              ├─► subflow 2 ───────────────────────── path 2 ──┼─► receive buffer ─► app
//!                                    └─► …                                             ┘  (reorders by DSN;
//!   ◄────────────────────── subflow ACK + DATA_ACK + window ◄───────────────────────────    HoL blocking)
//! ```
//! The receiver advertises a fixed window of `recv_buffer_bytes` beyond the DATA_ACK (the
//! application reads in-order data at once, so only out-of-order data occupies the buffer);
//! the sender never sends a data sequence number beyond it, so a slow subflow holding an
//! early segment stalls the whole connection once the buffer fills — head-of-line blocking.
//! As Linux MPTCP (mptcp_output.c, `mptcp_reinject_data` on RTO), data outstanding on a
//! subflow whose retransmission timer fires is also queued for any other subflow.

pub mod connection;
pub mod flow_sched;
pub mod sched;

use flow_sched::FlowSchedKind;
use sched::SchedParams;
use serde::{Deserialize, Serialize};

/// Linux default upper bound of the receive buffer (net.ipv4.tcp_rmem max, 6 MiB).
pub const DEFAULT_RECV_BUFFER: u64 = 6 * 1024 * 1024;
/// Linux default upper bound of the send buffer (net.ipv4.tcp_wmem max, 4 MiB).
pub const DEFAULT_SEND_BUFFER: u64 = 4 * 1024 * 1024;
/// Most subflows one connection may have (timer kinds of one agent are a byte).
pub const MAX_SUBFLOWS: usize = 64;

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
        serde_json::from_value(serde_json::json!({})).expect("every field has a default")
    }
}

impl MptcpSpec {
    pub fn class_bounds_bytes(&self) -> [u64; 3] {
        self.class_bounds_kb.map(|kb| (kb * 1000.0).round() as u64)
    }

    /// Semantic checks; `at` is the spec's field path ("flows[0].mptcp").
    pub fn validate(&self, at: &str, n_paths: usize, mss: u32) -> Result<(), crate::ScenarioError> {
        let e = |f: &str, m: String| Err(crate::ScenarioError::new(format!("{at}.{f}"), m));
        if let Some(b) = self.sched_params.beta {
            if !(b.is_finite() && (0.0..=10.0).contains(&b)) {
                return e("sched_params.beta", format!("must be in [0, 10] (got {b})"));
            }
        }
        if let Err(m) = sched::make(&self.scheduler, &self.sched_params) {
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
    s: &crate::Scenario,
    i: usize,
    f: &crate::scenario::FlowSpec,
    n_routes: usize,
) -> Result<(), crate::ScenarioError> {
    use crate::scenario::{FlowKind, Topology};
    let at = format!("flows[{i}]");
    match f.kind {
        FlowKind::Mptcp => {
            if matches!(s.topology, Topology::Dumbbell(_)) {
                return Err(crate::ScenarioError::new(format!("{at}.kind"), "an MPTCP flow needs a parallel or graph topology"));
            }
            f.mptcp.clone().unwrap_or_default().validate(&format!("{at}.mptcp"), n_routes, s.tcp.mss)
        }
        _ if f.mptcp.is_some() => {
            Err(crate::ScenarioError::new(format!("{at}.mptcp"), "only for flows of kind \"mptcp\""))
        }
        _ => Ok(()),
    }
}

/// Build the two agents of an MPTCP flow of the scenario's `flows` list.
pub fn build_flow(
    ctx: &crate::simulation::FlowCtx,
    f: &crate::scenario::FlowSpec,
    w: &mut crate::sim::World,
    series: bool,
) -> crate::simulation::FlowAgents {
    let spec = std::rc::Rc::new(f.mptcp.clone().unwrap_or_default());
    build_shared(ctx, f, spec, std::rc::Rc::new(ctx.routes.to_vec()), w, series)
}

/// As [`build_flow`], with the MPTCP spec and routes shared among many flows.
pub fn build_shared(
    ctx: &crate::simulation::FlowCtx,
    f: &crate::scenario::FlowSpec,
    spec: std::rc::Rc<MptcpSpec>,
    routes: std::rc::Rc<Vec<crate::scenario::build::topology::Route>>,
    w: &mut crate::sim::World,
    series: bool,
) -> crate::simulation::FlowAgents {
    let setup = connection::MptcpSetup {
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
    let (s, r) = connection::build(setup, crate::engine::time::secs(f.start_s), w);
    (Box::new(s), Box::new(r))
}
