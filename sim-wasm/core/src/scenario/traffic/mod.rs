//! Generated traffic (scenario `traffic`): MPTCP flows arriving as a Poisson process with
//! sizes drawn from a distribution, plus long background TCP flows on every path — the
//! workload of the MPTCP-FSFS paper (docs/spec/ALGORITHMS.md §2.3).
//!
//! Arrival times, sizes and flows are drawn when the run is built, each from its own seeded
//! stream ("traffic-arrivals", "traffic-sizes"), so changing the flow scheduler or the
//! packet scheduler leaves the workload exactly the same: runs compare like with like.

pub mod sizes;

use crate::scenario::MptcpSpec;
use crate::scenario::{FlowKind, FlowSpec, ScenarioError};
use serde::{Deserialize, Serialize};
pub use sizes::SizeDist;

/// Most flows a traffic section may generate (arrival rate × active time).
pub const MAX_GENERATED_FLOWS: f64 = 250_000.0;
/// Most background flows in all.
pub const MAX_BACKGROUND_FLOWS: usize = 10_000;

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TrafficSpec {
    /// On a graph: the host the generated flows leave from (required there); they use the
    /// link-disjoint routes to `to` (docs/model/topology.md §Disjoint routes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// On a graph: the host they go to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Mean arrival rate of new flows, per second, over all paths (Poisson process).
    pub arrival_rate: f64,
    /// Arrivals start here (seconds).
    #[serde(default)]
    pub start_s: f64,
    /// And stop here; absent = the end of the run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_s: Option<f64>,
    /// Flow sizes.
    pub size: SizeDist,
    /// Congestion control of the generated flows (LIA couples their subflows).
    #[serde(default = "default_cc")]
    pub cc: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cc_params: Option<serde_json::Value>,
    /// Their MPTCP settings: packet scheduler, flow scheduler (fsfs | mptcp | tcp), classes.
    #[serde(default)]
    pub mptcp: MptcpSpec,
    /// Long-lived single-path TCP flows on every path, from t = 0 to the end.
    #[serde(default)]
    pub background_per_path: u32,
    #[serde(default = "default_bg_cc")]
    pub background_cc: String,
    /// Generated flows listed one by one in the summary, in arrival order; the others count
    /// in every aggregate (`fct_by_class`, `mean_flow_mbps`, …) but are not listed, so a
    /// 100 000-flow run keeps a readable summary.
    #[serde(default = "default_list")]
    pub list_flows: usize,
}

fn default_cc() -> String {
    "lia".into()
}
fn default_bg_cc() -> String {
    "reno".into()
}
fn default_list() -> usize {
    200
}

/// One generated flow: its id, spec and whether the summary lists it.
pub struct Generated {
    pub id: String,
    pub spec: FlowSpec,
    pub listed: bool,
}

impl TrafficSpec {
    fn stop(&self, duration_s: f64) -> f64 {
        self.stop_s.unwrap_or(duration_s).min(duration_s)
    }

    pub fn validate(&self, s: &crate::Scenario, n_routes: usize) -> Result<(), ScenarioError> {
        let e = |f: &str, m: String| Err(ScenarioError::new(format!("traffic.{f}"), m));
        if !(self.arrival_rate.is_finite() && self.arrival_rate >= 0.0) {
            return e("arrival_rate", format!("must be ≥ 0 flows/s (got {})", self.arrival_rate));
        }
        if !(self.start_s.is_finite() && self.start_s >= 0.0 && self.start_s < s.duration_s) {
            return e("start_s", format!("must be in [0, duration_s) (got {})", self.start_s));
        }
        if let Some(stop) = self.stop_s {
            if !(stop.is_finite() && stop > self.start_s) {
                return e("stop_s", format!("must be after start_s (got {stop})"));
            }
        }
        let expected = self.arrival_rate * (self.stop(s.duration_s) - self.start_s);
        if expected > MAX_GENERATED_FLOWS {
            return e(
                "arrival_rate",
                format!("{expected:.0} flows expected; at most {MAX_GENERATED_FLOWS:.0} (lower the rate or the duration)"),
            );
        }
        self.size.validate("traffic.size")?;
        if matches!(s.topology, crate::scenario::Topology::Dumbbell(_)) {
            return e("arrival_rate", "generated MPTCP traffic needs a parallel or graph topology".into());
        }
        let tcp = crate::tcp::TcpConfig::from(&s.tcp);
        let init = || tcp.cc_init(crate::engine::rng::derive_rng(0, "validate", 0));
        if let Err(m) = crate::cc::make(&self.cc, init(), self.cc_params.as_ref()) {
            return if crate::cc::names().contains(&self.cc.as_str()) { e("cc_params", m) } else { e("cc", m) };
        }
        if let Err(m) = crate::cc::make(&self.background_cc, init(), None) {
            return e("background_cc", m);
        }
        if self.background_per_path as usize * n_routes > MAX_BACKGROUND_FLOWS {
            return e("background_per_path", format!("at most {} background flows in all", MAX_BACKGROUND_FLOWS));
        }
        self.mptcp.validate("traffic.mptcp", n_routes, s.tcp.mss)
    }

    /// The flows this section adds, background flows first, then arrivals in time order.
    pub fn generate(&self, seed: u64, duration_s: f64, n_routes: usize) -> Vec<Generated> {
        use rand::Rng;
        use rand_distr::{Distribution, Exp};
        let mut out = Vec::new();
        for p in 0..n_routes {
            for k in 0..self.background_per_path {
                out.push(Generated {
                    id: format!("bg{}.{}", p + 1, k + 1),
                    spec: flow(FlowKind::Tcp, &self.background_cc, None, p, 0.0, None, None),
                    listed: true,
                });
            }
        }
        if self.arrival_rate <= 0.0 {
            return out;
        }
        let mut arrivals = crate::engine::rng::derive_rng(seed, "traffic-arrivals", 0);
        let mut size_rng = crate::engine::rng::derive_rng(seed, "traffic-sizes", 0);
        let exp = Exp::new(self.arrival_rate).expect("validated rate > 0");
        let stop = self.stop(duration_s);
        let hard_cap = (2.0 * MAX_GENERATED_FLOWS) as usize;
        let mut t = self.start_s;
        let mut n = 0usize;
        loop {
            t += exp.sample(&mut arrivals);
            if t >= stop || n >= hard_cap {
                break;
            }
            let u: f64 = size_rng.random();
            let size = self.size.sample(u);
            n += 1;
            out.push(Generated {
                id: format!("t{n}"),
                spec: flow(FlowKind::Mptcp, &self.cc, self.cc_params.clone(), 0, t, Some(size), None),
                listed: n <= self.list_flows,
            });
        }
        out
    }
}

pub(crate) fn flow(
    kind: FlowKind,
    cc: &str,
    cc_params: Option<serde_json::Value>,
    path: usize,
    start_s: f64,
    size_bytes: Option<u64>,
    mptcp: Option<MptcpSpec>,
) -> FlowSpec {
    FlowSpec {
        id: None,
        kind,
        cc: cc.to_string(),
        cc_params,
        path,
        from: None,
        to: None,
        route: None,
        start_s,
        size_bytes,
        size_kb: None,
        size_mb: None,
        count: 1,
        start_spread_s: 0.0,
        mptcp,
        quic: None,
        copy_index: 0,
    }
}
