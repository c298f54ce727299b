//! Building a [`Network`] from a scenario's topology.
//!
//! Dumbbell (one receiver per sender, so each sender's RTT is set by its own access links):
//! ```text
//!   s1 ──access1──┐                          ┌──egress1── d1
//!   s2 ──access2──┤ r1 ════ bottleneck ════ r2├──egress2── d2
//!   …             ┘   (rate, delay, buffer,   └   …
//!                         loss, one way)
//! ```
//! Sender i's base RTT is 2·(access_i + bottleneck delay); egress links add no delay. The
//! reverse direction mirrors every link (same rate and delay, unlimited buffer, no loss) and
//! carries the ACKs. Parallel: one sender host and one receiver host joined by N independent
//! links per direction, each with the path's rate, RTT/2 delay, buffer and loss.

use super::link::{Link, QueueLimit};
use super::qdisc::{self, QdiscInit};
use super::packet::PathId;
use super::{Network, Node, NodeKind, PacketPool};
use crate::engine::rng::derive_rng;
use crate::engine::time::millis;
use crate::scenario::{BufferSpec, Topology};

/// One route a flow can use: the forward path for data, the reverse path for ACKs.
#[derive(Debug, Clone, Copy)]
pub struct Route {
    pub forward: PathId,
    pub reverse: PathId,
    /// Base round-trip time (propagation only).
    pub rtt_ns: u64,
}

pub struct Built {
    pub net: Network,
    /// Indexed by a flow's `path` field.
    pub routes: Vec<Route>,
}

fn mbps(r: f64) -> u64 {
    (r * 1e6).round() as u64
}

/// Resolve a buffer spec for a link of `rate_bps` whose longest path RTT is `rtt_ms`.
/// `frame` is a full data frame's size, used to express a BDP limit in bytes.
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
fn set_queue(link: &mut Link, aqm: &str, params: Option<&serde_json::Value>, jitter_ms: f64, seed: u64, index: u32) {
    let entry = crate::registry::find(qdisc::REGISTRY, "queue discipline", aqm).expect("validated discipline name");
    let init = QdiscInit { limit: link.limit, rate_bps: link.rate_bps, rng: derive_rng(seed, "qdisc", index as u64) };
    let q = (entry.make)(init, params).expect("validated discipline parameters");
    if q.fifo_limit().is_none() {
        link.set_aqm(entry.name, q);
    }
    if jitter_ms > 0.0 {
        link.set_jitter(millis(jitter_ms), derive_rng(seed, "jitter", index as u64));
    }
}

pub fn build(topo: &Topology, seed: u64) -> Built {
    let mut nodes = Vec::new();
    let mut links: Vec<Link> = Vec::new();
    let mut paths = Vec::new();
    let mut routes = Vec::new();
    let mut node = |name: String, kind| {
        nodes.push(Node { name, kind });
        (nodes.len() - 1) as u32
    };
    // Every link's loss stream is keyed by its index, so it depends only on the topology.
    let add = |links: &mut Vec<Link>, name: String, from, to, rate, delay_ms: f64, lim, loss| {
        let i = links.len() as u64;
        links.push(Link::new(name, from, to, rate, millis(delay_ms), lim, loss, derive_rng(seed, "link", i)));
        i as u32
    };
    match topo {
        Topology::Dumbbell(d) => {
            let b = &d.bottleneck;
            let rate = mbps(b.rate_mbps);
            let access = mbps(d.access_rate_mbps.unwrap_or(10.0 * b.rate_mbps));
            let max_rtt = d.senders.iter().map(|s| s.rtt_ms).fold(0.0, f64::max);
            let r1 = node("r1".into(), NodeKind::Router);
            let r2 = node("r2".into(), NodeKind::Router);
            let bn = add(&mut links, "bottleneck".into(), r1, r2, rate, b.delay_ms, limit(&b.buffer, rate, max_rtt), b.loss);
            links[bn as usize].set_drop_list(b.drop_packets.clone());
            links[bn as usize].reported = true;
            set_queue(&mut links[bn as usize], &b.aqm, b.aqm_params.as_ref(), b.jitter_ms, seed, bn);
            let bn_rev = add(&mut links, "bottleneck-rev".into(), r2, r1, rate, b.delay_ms, QueueLimit::Unlimited, 0.0);
            for (i, s) in d.senders.iter().enumerate() {
                let n = i + 1;
                let src = node(format!("s{n}"), NodeKind::Host);
                let dst = node(format!("d{n}"), NodeKind::Host);
                let one_way = s.rtt_ms / 2.0 - b.delay_ms;
                let acc = add(&mut links, format!("access{n}"), src, r1, access, one_way, QueueLimit::Unlimited, 0.0);
                let egr = add(&mut links, format!("egress{n}"), r2, dst, access, 0.0, QueueLimit::Unlimited, 0.0);
                let egr_rev = add(&mut links, format!("egress{n}-rev"), dst, r2, access, 0.0, QueueLimit::Unlimited, 0.0);
                let acc_rev = add(&mut links, format!("access{n}-rev"), r1, src, access, one_way, QueueLimit::Unlimited, 0.0);
                paths.push(vec![acc, bn, egr]);
                paths.push(vec![egr_rev, bn_rev, acc_rev]);
                let forward = (paths.len() - 2) as PathId;
                routes.push(Route { forward, reverse: forward + 1, rtt_ns: millis(s.rtt_ms) });
            }
        }
        Topology::Parallel(p) => {
            let src = node("src".into(), NodeKind::Host);
            let dst = node("dst".into(), NodeKind::Host);
            for (i, ps) in p.expanded().iter().enumerate() {
                let n = i + 1;
                let rate = mbps(ps.rate_mbps);
                let fwd = add(&mut links, format!("path{n}"), src, dst, rate, ps.rtt_ms / 2.0, limit(&ps.buffer, rate, ps.rtt_ms), ps.loss);
                links[fwd as usize].set_drop_list(ps.drop_packets.clone());
                links[fwd as usize].reported = true;
                set_queue(&mut links[fwd as usize], &ps.aqm, ps.aqm_params.as_ref(), ps.jitter_ms, seed, fwd);
                let rev = add(&mut links, format!("path{n}-rev"), dst, src, rate, ps.rtt_ms / 2.0, QueueLimit::Unlimited, 0.0);
                paths.push(vec![fwd]);
                paths.push(vec![rev]);
                let forward = (paths.len() - 2) as PathId;
                routes.push(Route { forward, reverse: forward + 1, rtt_ns: millis(ps.rtt_ms) });
            }
        }
    }
    let pool = PacketPool::for_links(links.len());
    Built { net: Network { nodes, links, paths, pool }, routes }
}
