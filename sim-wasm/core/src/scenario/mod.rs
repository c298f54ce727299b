//! Scenarios: what to simulate, as JSON.
//!
//! A scenario is parsed strictly (unknown fields are errors, so a typo never silently does
//! nothing), then validated; every error names the field path and the reason, e.g.
//! `flows[1].cc: unknown congestion control 'foo' (expected one of: reno, cubic)`.
//! Presets (public/scenarios/*.json) are scenarios with a title, a "what to look for" text,
//! knobs (named, typed parameters bound to scenario fields) and variants ("quick" overrides).
//! A validated scenario becomes a run in [`build`], the one builder of networks, worlds and
//! flows; the transports get plain settings converted from the spec types here.

pub mod build;
pub mod drops;
pub mod expect;
pub mod graph;
pub mod headline;
pub mod json;
pub mod knobs;
pub mod link;
pub mod mptcp;
pub mod quic;
pub mod sweep;
pub mod text;
mod topology;
pub mod tour;
pub mod worksheet;
pub mod traffic;
pub mod validate;

pub use json::{check_size, from_json, parse_text, MAX_SCENARIO_BYTES};
pub use knobs::{apply_overrides, apply_setting, describe, Knob, KnobKind, PresetInfo};
pub use link::LinkProps;
pub use mptcp::MptcpSpec;
pub use text::LocalText;
pub use validate::{check_seed, MAX_SEED};

use crate::engine::time::millis;
use crate::tcp::{SubflowTiming, TcpConfig, LINUX_INIT_CWND, LINUX_JIFFY, NS3_INITIAL_SSTHRESH_BYTES};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// An invalid scenario or setting: the field path and what is wrong with it.
#[derive(Debug, Clone, PartialEq)]
pub struct ScenarioError {
    pub path: String,
    pub message: String,
}

impl ScenarioError {
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        ScenarioError { path: path.into(), message: message.into() }
    }
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One line, always: the CLI prints it as is and the page shows it in a banner.
        let msg = self.message.replace('\n', " ");
        if self.path.is_empty() {
            write!(f, "{msg}")
        } else {
            write!(f, "{}: {msg}", self.path)
        }
    }
}

impl std::error::Error for ScenarioError {}

/// A deserialisation error at `path`, with the field path of an error inside a flattened
/// struct (which [`link::read`] hands up in the message) joined on: `topology.paths[0]` and
/// "buffer.bdp␟invalid type" become `topology.paths[0].buffer.bdp: invalid type`.
pub(crate) fn error_at(path: &str, message: &str) -> ScenarioError {
    let path = if path == "." { "" } else { path };
    match message.split_once(link::PATH_MARK) {
        Some((inner, msg)) if path.is_empty() => ScenarioError::new(inner, msg),
        Some((inner, msg)) => ScenarioError::new(format!("{path}.{inner}"), msg),
        None => ScenarioError::new(path, message),
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Preset name (file stem under public/scenarios/).
    #[serde(default)]
    pub name: String,
    /// The preset's title, in English or per language (text::LocalText).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<LocalText>,
    /// What a student should look for, first, in at most 80 English words (and per language):
    /// the page leads with it (issue 30 item 14).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub look_for: Option<LocalText>,
    /// The long notes, in English: the paper behind the preset, caveats, CLI commands. The page
    /// folds them below `look_for`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default = "default_seed")]
    pub seed: u64,
    pub duration_s: f64,
    /// Statistics (goodput, Jain, utilisation) ignore the first `warmup_s` seconds.
    #[serde(default)]
    pub warmup_s: f64,
    /// End early once every flow is finite and finished.
    #[serde(default = "yes")]
    pub stop_when_done: bool,
    pub topology: Topology,
    #[serde(default)]
    pub flows: Vec<FlowSpec>,
    /// Generated MPTCP traffic: Poisson arrivals, sized flows, background flows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub traffic: Option<crate::scenario::traffic::TrafficSpec>,
    #[serde(default)]
    pub tcp: TcpSpec,
    #[serde(default)]
    pub metrics: MetricsSpec,
    /// Budgets that stop a runaway run with a clear message instead of freezing a tab.
    #[serde(default)]
    pub limits: LimitsSpec,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub knobs: Vec<Knob>,
    /// The claims this preset makes about its result, checked by tests and the regression
    /// suite (see [`expect`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expect: Vec<expect::Expectation>,
    /// Named sets of overrides: dotted path (or knob name) → value.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub variants: BTreeMap<String, BTreeMap<String, serde_json::Value>>,
    /// A grid of runs over one knob, algorithms and seeds (scenario/sweep.rs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sweep: Option<sweep::Sweep>,
    /// The numbers the summary shows first: what this preset is about (scenario/headline.rs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub headline: Vec<headline::Headline>,
    /// A guided tour: 3–6 annotated moments the lab pauses at (scenario/tour.rs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tour: Vec<tour::TourStop>,
    /// Questions a student answers before the run, checked against it (scenario/worksheet.rs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub worksheet: Vec<worksheet::Question>,
    /// Packets lost on purpose, named by flow and packet number (scenario/drops.rs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drops: Vec<drops::DropSpec>,
}

fn default_seed() -> u64 {
    1
}
fn yes() -> bool {
    true
}

// Written `{"kind": "dumbbell", …}`: internally tagged for Serialize, the schema and the
// TypeScript type; read in two steps by scenario/topology.rs (see there why not by the derive).
#[derive(Debug, Clone, Serialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Topology {
    /// Senders, each with its own RTT, share one bottleneck to their receivers.
    Dumbbell(Dumbbell),
    /// N independent paths between one sender host and one receiver host.
    Parallel(Parallel),
    /// Named hosts and routers joined by full-duplex links; flows name their hosts
    /// (docs/model/topology.md).
    Graph(graph::Graph),
}

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Dumbbell {
    pub bottleneck: LinkSpec,
    /// One entry per sender host; flows pick one with `path`.
    pub senders: Vec<SenderSpec>,
    /// Rate of the access and egress links; should exceed the bottleneck's (default 10×).
    #[serde(default)]
    pub access_rate_mbps: Option<f64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SenderSpec {
    /// Base round-trip time of this sender's path (propagation only, no queueing).
    pub rtt_ms: f64,
    /// The sending host's timing jitter: the host puts packets on its access link late by up
    /// to this much, both ways (its data out, its ACKs in), uniformly at random from the seed,
    /// and what became due meanwhile goes out with them (a burst stays together); packets stay
    /// in order. Off by default, so a run is the same for every seed;
    /// with it, runs of different seeds spread as a real host's do (scheduling and interrupt
    /// timing; docs/model/linux-kernel.md §Seeds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[schemars(title = "Host jitter", extend("x-unit" = "ms"))]
    pub jitter_ms: Option<f64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Parallel {
    pub paths: Vec<PathSpec>,
}

impl Parallel {
    /// Every path with `count` expanded (RTTs spread evenly up to `rtt_ms_max`), each with the
    /// index of the entry of `paths` it was copied from.
    pub fn expanded(&self) -> Vec<(usize, PathSpec)> {
        let mut out = Vec::new();
        for (origin, p) in self.paths.iter().enumerate() {
            for k in 0..p.count {
                let mut c = p.clone();
                c.count = 1;
                c.rtt_ms_max = None;
                if let (Some(max), true) = (p.rtt_ms_max, p.count > 1) {
                    c.rtt_ms = p.rtt_ms + (max - p.rtt_ms) * k as f64 / (p.count - 1) as f64;
                }
                out.push((origin, c));
            }
        }
        out
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PathSpec {
    pub rate_mbps: f64,
    pub rtt_ms: f64,
    /// Buffer, queue discipline, loss, scripted drops and jitter (scenario/link.rs).
    #[serde(flatten, deserialize_with = "link::read")]
    pub link: LinkProps,
    /// This many identical paths (default 1) …
    #[serde(default = "one", skip_serializing_if = "is_one")]
    // schemars writes no default that `skip_serializing_if` would skip: name it.
    #[schemars(extend("default" = one()))]
    pub count: u32,
    /// … with RTTs spread evenly from `rtt_ms` to this (the MPTCP-FSFS paper's [20, 200] ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rtt_ms_max: Option<f64>,
}

fn is_one(x: &u32) -> bool {
    *x == 1
}

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkSpec {
    pub rate_mbps: f64,
    /// One-way propagation delay of this link.
    #[serde(default = "default_bottleneck_delay")]
    pub delay_ms: f64,
    /// Buffer, queue discipline, loss, scripted drops and jitter (scenario/link.rs).
    #[serde(flatten, deserialize_with = "link::read")]
    pub link: LinkProps,
}

fn default_bottleneck_delay() -> f64 {
    link::DEFAULT_LINK_DELAY_MS
}

/// A queue limit: exactly one of `packets`, `bytes`, `bdp` (multiples of a bandwidth-delay
/// product, of the largest RTT through the link unless `rtt_ms` names another), or
/// `unlimited: true`. Empty = 1 BDP.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BufferSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub packets: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bdp: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rtt_ms: Option<f64>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unlimited: bool,
}

/// A flow's transport; defined in metrics, whose summary reports it.
pub use crate::metrics::FlowKind;

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FlowSpec {
    /// Report id; defaults to "f1", "f2", … in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default)]
    pub kind: FlowKind,
    #[serde(default = "default_cc")]
    pub cc: String,
    /// Algorithm parameters, checked by the algorithm itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cc_params: Option<serde_json::Value>,
    /// Which sender (dumbbell) or path (parallel) the flow uses.
    #[serde(default)]
    pub path: usize,
    /// On a graph: the sending host (required there, refused on a dumbbell or parallel).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// On a graph: the receiving host.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// On a graph: the nodes the data crosses, `from` first and `to` last; absent = the
    /// shortest route (docs/model/topology.md §Routing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route: Option<Vec<String>>,
    #[serde(default)]
    pub start_s: f64,
    /// Bytes to send; absent = a bulk flow that never ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size_bytes: Option<u64>,
    /// The size in kB (1000 bytes) or MB (10⁶ bytes) instead, for knobs in those units.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size_kb: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size_mb: Option<f64>,
    /// Replicate this flow `count` times (ids get ".1", ".2", …).
    #[serde(default = "one")]
    pub count: u32,
    /// With count > 1, start the copies evenly spread over this many seconds.
    #[serde(default)]
    pub start_spread_s: f64,
    /// Streams and settings of a `quic` flow.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quic: Option<quic::QuicSpec>,
    /// MPTCP settings (kind "mptcp"; absent = defaults).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mptcp: Option<MptcpSpec>,
    /// Which copy of a `count`ed flow this is, set when the list is expanded (not part of
    /// the scenario format).
    #[serde(skip)]
    pub copy_index: usize,
}

fn default_cc() -> String {
    "cubic".into()
}
fn one() -> u32 {
    1
}

/// The TCP implementation modelled; defined by the transport that behaves by it.
pub use crate::tcp::TcpProfile;
/// Which BBR the BBR family runs; defined by the controller that behaves by it.
pub use crate::cc::bbr::BbrModel;

/// TCP settings shared by every TCP flow of the scenario. A field left out takes the
/// profile's value (Linux's unless `profile` says otherwise).
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct TcpSpec {
    /// The TCP implementation modelled (docs/model/tcp.md §Profiles).
    pub profile: TcpProfile,
    /// Which BBR the BBR family (bbr, bbr-a, bbq, da-bbr) runs on TCP flows: "linux" (tcp_bbr.c:
    /// long-term estimator, Linux's ACK-aggregation allowance, TSO-sized send bursts and
    /// deferral) or "ns3" (ns-3's TcpBbr, which the BBR-A paper ran: no long-term estimator,
    /// ns-3's allowance rule, a one-segment send quantum, one segment per pacing slot). An
    /// explicit `cc_params.lt_bw` / `extra_acked` wins (docs/model/bbr.md §Linux's BBR and
    /// ns-3's TcpBbr).
    pub bbr: BbrModel,
    /// Payload bytes per full segment (1448 = 1500-byte frames with timestamps).
    pub mss: u32,
    /// Header bytes on the wire per segment (IPv4 20 + TCP 20 + timestamps 12).
    pub header_bytes: u32,
    /// Bytes on the wire of a pure ACK (headers plus SACK blocks).
    pub ack_bytes: u32,
    /// Initial window in segments; absent = the profile's (Linux, RFC 6928: 10; ns-3: 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub init_cwnd: Option<u32>,
    /// Receive window in segments; absent = never limits.
    pub rwnd_packets: Option<u64>,
    /// Lower bound on the RTO (Linux TCP_RTO_MIN and ns-3's MinRto: 200 ms).
    pub min_rto_ms: f64,
    /// RTO before the first RTT sample; absent = the profile's (RFC 6298 (2.1) and Linux: 1 s;
    /// ns-3: 1 s, its MPTCP subflows 1.5 s).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_rto_ms: Option<f64>,
    /// RFC 6298 (2.5): the RTO may be capped, at no less than 60 s.
    pub max_rto_ms: f64,
    /// Delayed ACKs (RFC 1122 / 5681 §4.2): ACK every second segment or after `delack_ms`.
    /// On by default, as a Linux receiver does: an ACK per segment makes two deterministic
    /// flows lock their phases (docs/model/tcp.md §Delayed ACKs). (Under `ns3-classic` the
    /// MPTCP receiver ACKs every segment, as the mkheirkhah model does.)
    pub delayed_ack: bool,
    /// Delayed-ACK timer; absent = the profile's (Linux TCP_DELACK_MIN: 40 ms; ns-3
    /// DelAckTimeout: 200 ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delack_ms: Option<f64>,
    /// Connection setup: data leaves only after a SYN / SYN-ACK exchange (one round trip of
    /// the path), and an MPTCP connection opens its further subflows with MP_JOIN once its
    /// first subflow is up. Off starts every flow (and subflow) sending at its start time,
    /// for bulk-flow experiments.
    pub handshake: bool,
    /// ECN (RFC 3168) on every TCP and MPTCP flow: data leaves ECN-capable, an AQM marks
    /// instead of dropping it, the receiver echoes the mark and the sender reduces its window
    /// once per window of data, as for a loss (docs/model/aqm.md §ECN). Off by default, as
    /// Linux does not ask for ECN unless told (net.ipv4.tcp_ecn = 2). QUIC flows stay Not-ECT.
    #[serde(skip_serializing_if = "is_false")]
    pub ecn: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Default for TcpSpec {
    fn default() -> Self {
        TcpSpec {
            profile: TcpProfile::Linux,
            bbr: BbrModel::Linux,
            mss: 1448,
            header_bytes: 52,
            ack_bytes: 64,
            init_cwnd: None,
            rwnd_packets: None,
            min_rto_ms: 200.0,
            initial_rto_ms: None,
            max_rto_ms: 60_000.0,
            delayed_ack: true,
            delack_ms: None,
            handshake: true,
            ecn: false,
        }
    }
}

/// The transport's TCP settings from the scenario's `tcp` object, the profile's defaults
/// filled in (ns-3 values: docs/model/tcp.md §Profiles).
impl From<&TcpSpec> for TcpConfig {
    fn from(s: &TcpSpec) -> Self {
        let ns3 = s.profile == TcpProfile::Ns3Classic;
        let initial_rto = millis(s.initial_rto_ms.unwrap_or(1000.0));
        // ns-3 values, read from the sources (docs/model/tcp.md §Profiles): a TCP SYN waits
        // ConnTimeout = 3 s; the mkheirkhah MPTCP subflows start with a 1.5 s RTO, retry a
        // SYN after 200 ms, and their receiver ACKs every segment.
        let (syn_rto, subflow) = if ns3 {
            let initial_rto = s.initial_rto_ms.map_or(millis(1500.0), millis);
            (millis(3000.0), SubflowTiming { initial_rto, syn_rto: millis(200.0), delayed_ack: false })
        } else {
            (initial_rto, SubflowTiming { initial_rto, syn_rto: initial_rto, delayed_ack: s.delayed_ack })
        };
        TcpConfig {
            profile: s.profile,
            bbr: s.bbr,
            mss: s.mss,
            header_bytes: s.header_bytes,
            ack_bytes: s.ack_bytes,
            init_cwnd: s.init_cwnd.unwrap_or(if ns3 { 1 } else { LINUX_INIT_CWND }),
            init_ssthresh: ns3.then(|| NS3_INITIAL_SSTHRESH_BYTES.div_ceil(s.mss as u64) as u32),
            rwnd: s.rwnd_packets.unwrap_or(u64::MAX),
            min_rto: millis(s.min_rto_ms),
            initial_rto,
            max_rto: millis(s.max_rto_ms),
            delayed_ack: s.delayed_ack,
            delack: millis(s.delack_ms.unwrap_or(if ns3 { 200.0 } else { 40.0 })),
            handshake: s.handshake,
            ecn: s.ecn,
            syn_rto,
            quic_init_cwnd: s.init_cwnd.unwrap_or(LINUX_INIT_CWND),
            subflow,
            jiffy: if ns3 { 0 } else { LINUX_JIFFY },
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, Default, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct MetricsSpec {
    /// Sampling interval of the time series; absent = duration / 3000, at least 1 ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sample_ms: Option<f64>,
    /// Points kept per series; older points are thinned 2:1 when full (default 4096).
    /// A u64, not a usize, so a value parses the same natively and in 32-bit wasm; the
    /// validator bounds it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_points: Option<u64>,
}

/// Run budgets. A run that exceeds one stops where it is; its summary says why.
#[derive(Debug, Clone, Serialize, Deserialize, Default, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct LimitsSpec {
    /// Events processed at most (default 2·10⁹, a few minutes of native CPU time).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_events: Option<u64>,
    /// Estimated memory of the run at most, in MiB (default 1024): flows and their agents,
    /// packets queued, events pending, scoreboards and recorded series (see
    /// `Engine::memory_estimate`; it tracks resident memory within a few percent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_memory_mb: Option<f64>,
}

pub const DEFAULT_MAX_EVENTS: u64 = 2_000_000_000;
pub const DEFAULT_MAX_MEMORY_MB: f64 = 1024.0;

/// Parse scenario JSON text strictly (size cap, duplicate keys; see [`json`]) and validate it.
pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
    from_value(parse_text(text)?)
}

/// Deserialise and validate a scenario already parsed as JSON.
pub fn from_value(value: serde_json::Value) -> Result<Scenario, ScenarioError> {
    let needs_raw = value.get("expect").is_some() || value.get("worksheet").is_some();
    let raw = if needs_raw { Some(value.clone()) } else { None };
    let scenario: Scenario = from_json(value).map_err(|e| error_at(&e.path().to_string(), &e.inner().to_string()))?;
    validate::validate(&scenario)?;
    if let Some(raw) = raw {
        expect::validate(&scenario.expect, &raw)?;
        worksheet::validate_settings(&scenario.worksheet, &raw)?;
    }
    Ok(scenario)
}

impl Scenario {
    /// The flows with `count` expanded, ids filled in and start times spread.
    pub fn expanded_flows(&self) -> Vec<(String, FlowSpec)> {
        let mut out = Vec::new();
        for (i, f) in self.flows.iter().enumerate() {
            let base = f.id.clone().unwrap_or_else(|| format!("f{}", i + 1));
            for k in 0..f.count {
                let mut copy = f.clone();
                copy.count = 1;
                copy.copy_index = k as usize;
                if let Some(x) = f.size_kb.map(|kb| kb * 1e3).or(f.size_mb.map(|mb| mb * 1e6)) {
                    copy.size_bytes = Some((x.round() as u64).max(1));
                    (copy.size_kb, copy.size_mb) = (None, None);
                }
                let id = if f.count == 1 { base.clone() } else { format!("{base}.{}", k + 1) };
                if f.count > 1 {
                    copy.start_s = f.start_s + f.start_spread_s * k as f64 / f.count as f64;
                }
                out.push((id, copy));
            }
        }
        out
    }
}
