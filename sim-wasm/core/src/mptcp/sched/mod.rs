//! MPTCP packet schedulers: which subflow carries the connection's next segment
//! (docs/spec/ALGORITHMS.md §2.2). One trait, one file per algorithm, a registry by name.
//!
//! The connection asks its scheduler once per segment it could send, passing a view of
//! every subflow; the scheduler answers with a subflow or with "send nothing now" (ECF's
//! waiting), plus the reason and the terms of the comparison that decided it, which the
//! connection logs as an [`crate::metrics::EventKind::MptcpSched`] event when the decision
//! differs from the previous one.

pub mod ecf;
pub mod ecf3;
pub mod ecf_n;
pub mod minrtt;
pub mod rr;
pub mod single;

use crate::engine::time::Dur;
use serde::Serialize;
use smallvec::SmallVec;

/// Subflow indexes in RTT order, inline up to 8 subflows: the connection asks for a decision
/// once per segment, and a heap list per decision was a tenth of an MPTCP run's time
/// (allocation and free).
pub type RttOrder = SmallVec<[usize; 8]>;

/// A decision's terms. The connection keeps one buffer the scheduler writes them to, so
/// deciding allocates nothing once the buffer has grown to the longest list (ECF's 8).
pub type Terms = Vec<Term>;

/// What a scheduler may know of one subflow.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SubflowView {
    /// Smoothed RTT (RFC 6298 SRTT).
    pub srtt: Dur,
    /// RTT variation as `TcpSender::rttvar()` gives it: Linux's `rttvar_us` (in ns), which
    /// ECF turns into δ as mptcp_ecf.c does (`>> 1`, see ecf.rs).
    pub rttvar: Dur,
    /// Congestion window, packets.
    pub cwnd: u32,
    pub in_flight: u32,
    /// May send a segment now: window room (PRR window in fast recovery), not in RTO
    /// recovery (Linux `mptcp_is_temp_unavailable`: TCP_CA_Loss), not held by pacing, no
    /// retransmission of its own waiting.
    pub available: bool,
}

/// The connection's side of a decision.
#[derive(Debug, Clone, Copy)]
pub struct SchedInput<'a> {
    pub subflows: &'a [SubflowView],
    /// `subflows`' indexes by smoothed RTT, as [`rtt_order`] gives them. The connection sorts
    /// once per round of decisions (within a round only windows change, never an RTT) and
    /// lends the order to each decision.
    pub order: &'a [usize],
    /// Bytes in the connection send buffer not yet sent on any subflow (ECF's k).
    pub unsent_bytes: u64,
    pub mss: u32,
}

impl SchedInput<'_> {
    /// k in packets, rounded up (ECF-3 counts packets).
    pub fn unsent_packets(&self) -> u64 {
        self.unsent_bytes.div_ceil(self.mss.max(1) as u64)
    }

    /// minRTT's pick: the available subflow with the lowest RTT.
    pub fn min_rtt_available(&self) -> Option<usize> {
        self.order.iter().copied().find(|&i| self.subflows[i].available)
    }
}

/// Subflow indexes sorted by smoothed RTT (ties: lower index first).
pub fn rtt_order(subflows: &[SubflowView]) -> RttOrder {
    // Insertion sort by (srtt, index) in a plain array: each subflow joins at the back and
    // moves ahead of strictly slower ones only, so a tie keeps the lower index first. This
    // runs over a handful of subflows, where the library sort's setup and the small vector's
    // checks per element cost more than the comparisons.
    let n = subflows.len();
    if n > 8 {
        let mut idx: RttOrder = (0..n).collect();
        idx.sort_by_key(|&i| (subflows[i].srtt, i));
        return idx;
    }
    let mut idx = [0usize; 8];
    let mut rtt = [0 as Dur; 8];
    for (i, s) in subflows.iter().enumerate() {
        let mut at = i;
        while at > 0 && rtt[at - 1] > s.srtt {
            idx[at] = idx[at - 1];
            rtt[at] = rtt[at - 1];
            at -= 1;
        }
        idx[at] = i;
        rtt[at] = s.srtt;
    }
    RttOrder::from_slice(&idx[..n])
}

/// A named number that entered a decision; defined with the event that carries it.
pub use crate::metrics::Term;

/// A scheduler's answer: the subflow to send on, or none (send nothing now), and the rule
/// that decided. The terms of the comparison go to the caller's buffer (see
/// [`PacketScheduler::decide`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Choice {
    /// The subflow to send on, or `None` to send nothing now.
    pub subflow: Option<usize>,
    /// Which rule decided, in words ("fastest subflow available", "wait for the fastest").
    pub reason: &'static str,
}

impl Choice {
    pub fn send(i: usize, reason: &'static str) -> Self {
        Choice { subflow: Some(i), reason }
    }
    pub fn none(reason: &'static str) -> Self {
        Choice { subflow: None, reason }
    }
    /// This choice, with the named numbers that decided it written to `out`.
    pub fn with(self, out: &mut Terms, terms: &[(&'static str, f64)]) -> Self {
        out.extend(terms.iter().map(|&(name, value)| Term { name, value }));
        self
    }
}

/// Reason used by every scheduler when no subflow can send.
pub const NONE_AVAILABLE: &str = "no subflow available";

pub fn ms(d: Dur) -> f64 {
    d as f64 / 1e6
}

pub trait PacketScheduler {
    /// Registry name.
    fn name(&self) -> &'static str;
    /// Choose the subflow for the next segment. The terms of the comparison that decided go
    /// to `out`, which the caller empties first (a rule that compares nothing leaves it
    /// empty). The connection decides once per segment it could send and logs only a choice
    /// that differs from the previous one, so the terms go to a buffer it keeps rather than
    /// into a ~200-byte answer moved out of every call.
    fn decide(&mut self, input: &SchedInput, out: &mut Terms) -> Choice;
}

/// Scheduler parameters from a flow's `mptcp.sched_params` (each scheduler reads its own).
#[derive(Debug, Clone, Default, PartialEq, Serialize, serde::Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SchedParams {
    /// ECF's hysteresis, in [0, 10] (Linux `mptcp_ecf_r_beta` = 4, i.e. 1/4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(title = "ECF β", range(min = 0, max = 10), extend("default" = ecf::DEFAULT_BETA))]
    pub beta: Option<f64>,
}

type Factory = fn(&SchedParams) -> Result<Box<dyn PacketScheduler>, String>;

use crate::engine::registry::{params_of, Entry};

/// Every packet scheduler by the name scenarios use (`mptcp.scheduler`); `params` is the
/// schema of what it reads from `mptcp.sched_params`.
pub const REGISTRY: &[Entry<Factory>] = &[
    Entry {
        name: "minrtt",
        label: "minrtt — lowest RTT with window (Linux default)",
        doc: "The available subflow with the lowest smoothed RTT (Linux's default scheduler).",
        params: None,
        reads: &[],
        make: |_| Ok(Box::new(minrtt::MinRtt)),
    },
    Entry {
        name: "rr",
        label: "rr — round robin",
        doc: "The available subflows in turn.",
        params: None,
        reads: &[],
        make: |_| Ok(Box::new(rr::RoundRobin::default())),
    },
    Entry {
        name: "ecf",
        label: "ecf — earliest completion first",
        doc: "ECF (Lim et al. 2017, Linux mptcp_ecf): waits for the fastest subflow when sending on a slower one would finish later.",
        params: params_of::<SchedParams>(),
        reads: &[],
        make: |p| ecf::Ecf::boxed(p),
    },
    Entry {
        name: "ecf3",
        label: "ecf3 — ECF-3",
        doc: "ECF-3 (Takanashi & Kimura): ECF's wait-or-send rule over the three fastest subflows.",
        params: None,
        reads: &[],
        make: |_| Ok(Box::new(ecf3::Ecf3)),
    },
    Entry {
        name: "ecf-n",
        label: "ecf-n — ECF over n subflows",
        doc: "ECF-N: ECF-3's rule for any number of subflows, in RTT order (a lab extension).",
        params: None,
        reads: &[],
        make: |_| Ok(Box::new(ecf_n::EcfN)),
    },
    Entry {
        name: "single",
        label: "single — first subflow only",
        doc: "Only the first subflow carries data: the single-fast-path baseline of the ECF-3 paper.",
        params: None,
        reads: &[],
        make: |_| Ok(Box::new(single::Single)),
    },
];

pub fn names() -> Vec<&'static str> {
    crate::engine::registry::names(REGISTRY)
}

/// Build scheduler `name`; errors name the problem relative to the flow's mptcp section.
pub fn make(name: &str, params: &SchedParams) -> Result<Box<dyn PacketScheduler>, String> {
    (crate::engine::registry::find(REGISTRY, "MPTCP scheduler", name)?.make)(params)
}

#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    pub const MS: Dur = 1_000_000;

    /// A subflow with `rtt_ms` RTT, `cwnd` packets, available or not; RTTVAR = RTT/4.
    pub fn sf(rtt_ms: u64, cwnd: u32, available: bool) -> SubflowView {
        SubflowView { srtt: rtt_ms * MS, rttvar: rtt_ms * MS / 4, cwnd, in_flight: if available { 0 } else { cwnd }, available }
    }

    /// A decision's input owning its RTT order (the connection lends its own).
    pub struct TestInput<'a> {
        subflows: &'a [SubflowView],
        order: RttOrder,
        unsent_packets: u64,
    }

    impl TestInput<'_> {
        pub fn get(&self) -> SchedInput<'_> {
            SchedInput { subflows: self.subflows, order: &self.order, unsent_bytes: self.unsent_packets * 1000, mss: 1000 }
        }
    }

    /// `subflows` with `unsent_packets` to send, MSS 1000.
    pub fn input(subflows: &[SubflowView], unsent_packets: u64) -> TestInput<'_> {
        TestInput { subflows, order: rtt_order(subflows), unsent_packets }
    }

    /// A choice with its terms in one value, for tests.
    #[derive(Debug, Clone, PartialEq)]
    pub struct Decision {
        pub subflow: Option<usize>,
        pub reason: &'static str,
        pub terms: Terms,
    }

    /// `decide` with a fresh terms buffer, its terms in the answer.
    pub trait Pick {
        fn pick(&mut self, input: &TestInput) -> Decision;
    }

    impl<S: PacketScheduler> Pick for S {
        fn pick(&mut self, input: &TestInput) -> Decision {
            let mut terms = Terms::new();
            let c = self.decide(&input.get(), &mut terms);
            Decision { subflow: c.subflow, reason: c.reason, terms }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::rtt_order;
    use super::testing::*;

    /// The RTT order every scheduler reads: by smoothed RTT, ties by index, for any number
    /// of subflows (up to 8 in the array, more through the library sort) — the order a
    /// stable sort gives, which the schedulers' decisions (and so every MPTCP result) rest on.
    #[test]
    fn rtt_order_is_by_rtt_then_index() {
        let mut x: u64 = 99;
        for n in 0..12 {
            for _ in 0..50 {
                let subs: Vec<_> = (0..n)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        sf(10 + x % 4 * 10, 10, true) // few distinct RTTs: many ties
                    })
                    .collect();
                let mut want: Vec<usize> = (0..n).collect();
                want.sort_by_key(|&i| (subs[i].srtt, i));
                assert_eq!(rtt_order(&subs).to_vec(), want, "{n} subflows");
            }
        }
        let subs = [sf(40, 10, true), sf(10, 10, true), sf(40, 10, true), sf(10, 10, true)];
        assert_eq!(rtt_order(&subs).to_vec(), vec![1, 3, 0, 2]);
    }
}
