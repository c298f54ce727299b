//! `drops`: packets the scenario loses on purpose, named the way a person names a packet on the
//! sequence diagram — "the short-rtt flow's segment 20, its first transmission, at the
//! bottleneck" — rather than by `drop_packets`' count of data packets offered to a link, which
//! nobody can match to a dot on the screen (issue 32).
//!
//! ```json
//! "drops": [
//!   {"flow": "short-rtt", "seq": 20, "at": "bottleneck"},
//!   {"flow": "short-rtt", "seq": 20, "transmission": 2, "at": "bottleneck"},
//!   {"flow": "short-rtt", "ack": 31, "at": "bottleneck-rev"},
//!   {"flow": "mp", "subflow": 2, "seq": 7},
//!   {"flow": "q", "seq": 40}
//! ]
//! ```
//!
//! - `flow`: a flow id as the page and the summary show it (a flow with `count` is `id.1`, …).
//! - `seq`: a data packet — the TCP segment number, an MPTCP subflow's own sequence number, or
//!   the QUIC packet number (the number the sequence diagram labels a data line with; segments
//!   count from 0). **Choice**: QUIC is named by packet number, not stream offset: a QUIC
//!   packet is sent once (a retransmission is a new packet number, RFC 9000 §12.3), so a
//!   packet number names exactly one dot on the screen, and stream offsets can share a packet.
//! - `ack`: an ACK, by its cumulative ACK (TCP: the next segment expected; QUIC: largest
//!   acknowledged + 1), as the diagram labels an ACK line. Exactly one of `seq` and `ack`.
//! - `transmission` (default 1): which of the packets with that name crossing the link: for
//!   data, the sender's first transmission or a retransmission (QUIC: always 1); for an ACK,
//!   the first ACK with that number, then each duplicate.
//! - `subflow`: MPTCP only, and required there: the subflow by the path number the page
//!   gives it (1-based, the route it runs on).
//! - `at`: the link's name, as the picture and the summary name it (`bottleneck`,
//!   `bottleneck-rev` for the ACK direction of a dumbbell, `path2`, a graph link's name, its
//!   reverse `name-rev`); by default the first link the packet crosses. It must be on the
//!   packet's path.
//!
//! The engine side is net/named_drop.rs (how a link counts and drops). `drop_packets` stays
//! beside this field for the presets and tests that script losses by count: the two are
//! different tools (a loss pattern for a protocol test, one packet a person points at), and
//! keeping it leaves every preset's results as they are.
//!
//! Checked here (each error names the entry's field: `drops[1].seq: …`): the flow exists;
//! exactly one of `seq` and `ack`; `transmission` in 1‥[`MAX_TRANSMISSION`] (1 for QUIC data);
//! `subflow` given for MPTCP only; for a sized TCP flow, the segment or ACK number within the
//! flow. What needs the built network — the subflow's route exists, `at` is a link on the
//! packet's path — is checked by [`install`] when the run is built, with the same paths.

use super::{FlowKind, Scenario, ScenarioError};
use crate::net::named_drop::NamedDrop;
use crate::net::{Network, Route};
use serde::{Deserialize, Serialize};

/// Most entries in `drops`: a lesson drops a handful of packets; a loss pattern is `loss`.
pub const MAX_DROPS: usize = 1000;
/// Highest `transmission`: beyond it a segment is long given up (max_rto backs off far sooner).
pub const MAX_TRANSMISSION: u32 = 64;
/// The scenario field's name (a `--set drops=…` on a preset with knobs must find it).
pub const FIELD: &str = "drops";

/// One packet to lose (see the module header).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DropSpec {
    /// The flow's id.
    pub flow: String,
    /// A data packet: TCP segment, MPTCP subflow sequence, or QUIC packet number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub seq: Option<u64>,
    /// An ACK, by its cumulative ACK number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ack: Option<u64>,
    /// Which transmission (data) or which copy (ACK, duplicates after the first), from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub transmission: Option<u32>,
    /// MPTCP: the subflow, by its path number (1-based).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub subflow: Option<usize>,
    /// The link's name; by default the first link the packet crosses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub at: Option<String>,
}

type R = Result<(), ScenarioError>;

fn fail<T>(path: String, msg: impl Into<String>) -> Result<T, ScenarioError> {
    Err(ScenarioError::new(path, msg))
}

/// The flow ids, for a message that lists them (the first few).
fn known(ids: &[String]) -> String {
    let mut s = ids.iter().take(8).map(|i| format!("'{i}'")).collect::<Vec<_>>().join(", ");
    if ids.len() > 8 {
        s.push_str(", …");
    }
    s
}

/// Check the `drops` of scenario `s` (its flows already checked).
pub fn validate(s: &Scenario) -> R {
    if s.drops.len() > MAX_DROPS {
        return fail(FIELD.into(), format!("at most {MAX_DROPS} entries (got {})", s.drops.len()));
    }
    if s.drops.is_empty() {
        return Ok(());
    }
    let flows = s.expanded_flows();
    let ids: Vec<String> = flows.iter().map(|(id, _)| id.clone()).collect();
    for (i, d) in s.drops.iter().enumerate() {
        let p = |field: &str| format!("drops[{i}].{field}");
        let Some((_, f)) = flows.iter().find(|(id, _)| *id == d.flow) else {
            return fail(p("flow"), format!("no flow '{}' (flows: {})", d.flow, known(&ids)));
        };
        let number = match (d.seq, d.ack) {
            (Some(n), None) | (None, Some(n)) => n,
            (Some(_), Some(_)) => return fail(p("ack"), "give seq (a data packet) or ack (an ACK), not both"),
            (None, None) => return fail(p("seq"), "missing: name a data packet with seq or an ACK with ack"),
        };
        let nth = d.transmission.unwrap_or(1);
        if !(1..=MAX_TRANSMISSION).contains(&nth) {
            return fail(p("transmission"), format!("must be in [1, {MAX_TRANSMISSION}] (got {nth})"));
        }
        match f.kind {
            FlowKind::Quic if d.seq.is_some() && nth != 1 => {
                return fail(p("transmission"), "a QUIC packet is sent once (a retransmission has a new packet number): name that packet number instead");
            }
            FlowKind::Mptcp if d.subflow.is_none() => {
                return fail(p("subflow"), format!("missing: flow '{}' is MPTCP; name the subflow by its path number (1, 2, …)", d.flow));
            }
            FlowKind::Mptcp if d.subflow == Some(0) => return fail(p("subflow"), "path numbers start at 1"),
            FlowKind::Tcp | FlowKind::Quic if d.subflow.is_some() => {
                return fail(p("subflow"), format!("only for MPTCP flows; '{}' is {}", d.flow, f.kind.as_str()));
            }
            _ => {}
        }
        // A sized TCP flow has segments 0‥n−1 and ACKs 1‥n.
        if let (FlowKind::Tcp, Some(bytes)) = (f.kind, f.size_bytes) {
            let segments = bytes.div_ceil(s.tcp.mss as u64);
            if d.seq.is_some_and(|q| q >= segments) {
                return fail(p("seq"), format!("out of range: flow '{}' sends segments 0‥{} (got {number})", d.flow, segments - 1));
            }
            if d.ack.is_some_and(|a| a == 0 || a > segments) {
                return fail(p("ack"), format!("out of range: flow '{}' is acknowledged up to {segments}, from 1 (got {number})", d.flow));
            }
        }
        if d.at.as_deref() == Some("") {
            return fail(p("at"), "empty link name");
        }
    }
    Ok(())
}

/// Put every drop of `s` on the link it names. `routes[i]` are flow `i`'s routes as its
/// builder indexed them (`path`, or an MPTCP subflow's path number − 1) and `used[i]` the ones
/// it runs on (build/mod.rs `listed_routes`).
pub fn install(s: &Scenario, routes: &[Vec<Route>], used: &[Vec<Route>], net: &mut Network) -> R {
    let flows = s.expanded_flows();
    for (i, d) in s.drops.iter().enumerate() {
        let p = |field: &str| format!("drops[{i}].{field}");
        let Some(flow) = flows.iter().position(|(id, _)| *id == d.flow) else {
            return fail(p("flow"), format!("no flow '{}'", d.flow));
        };
        let route = match d.subflow {
            Some(k) => match routes[flow].get(k - 1).filter(|r| used[flow].iter().any(|u| u.forward == r.forward)) {
                Some(r) => *r,
                None => {
                    let on: Vec<String> = (1..=routes[flow].len()).filter(|k| used[flow].iter().any(|u| u.forward == routes[flow][k - 1].forward)).map(|k| k.to_string()).collect();
                    return fail(p("subflow"), format!("flow '{}' has no subflow on path {k} (its paths: {})", d.flow, on.join(", ")));
                }
            },
            None => used[flow][0],
        };
        let ack = d.ack.is_some();
        let path = if ack { route.reverse } else { route.forward };
        let links = &net.paths[path as usize];
        let link = match &d.at {
            None => links[0],
            Some(name) => match links.iter().find(|&&l| net.links[l as usize].name == *name) {
                Some(&l) => l,
                None => {
                    let names: Vec<&str> = links.iter().map(|&l| net.links[l as usize].name.as_str()).collect();
                    let what = if ack { "ACKs" } else { "data" };
                    return fail(p("at"), format!("the {what} of flow '{}' do not cross a link named '{name}' (they cross: {})", d.flow, names.join(", ")));
                }
            },
        };
        net.links[link as usize].add_named_drop(NamedDrop {
            flow: flow as u32,
            path: d.subflow.map(|_| path),
            ack,
            number: d.seq.or(d.ack).unwrap_or(0),
            nth: d.transmission.unwrap_or(1),
        });
    }
    Ok(())
}
