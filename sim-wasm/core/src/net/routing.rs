//! Routes on a graph of full-duplex links (docs/model/topology.md §Routing).
//!
//! A route is a sequence of link hops from one host to another; the data crosses each link in
//! the hop's direction and the ACKs come back over the reverse directions of the same links,
//! so a route's base RTT is the sum, over its links, of the forward and the reverse delay.
//! That sum is also the route's cost:
//!
//! - **Shortest route**: least base RTT (Dijkstra, on integer nanoseconds so equal delays tie
//!   exactly). Ties go to the route with fewer hops, then to the lexicographically smaller
//!   sequence of link indexes (positions in `topology.links`) — a total order, so the same
//!   graph always gives the same route. The order is kept by extension (two tied routes stay
//!   in the same order when both take the same next hop), which is what lets Dijkstra settle
//!   each node once with these labels.
//! - **Hosts do not forward**: a route passes through routers only; a host is only ever its
//!   first or last node (a host with two links is a multihomed end, not a router).
//! - **Node-list routes** (`flows[].route`, `mptcp.routes`): between consecutive nodes the
//!   hop takes the lowest-cost link joining them, ties to the first listed — the same choice
//!   the shortest route makes.
//! - **k link-disjoint routes** (MPTCP's default subflow routes): successive shortest routes,
//!   each found with every link of the earlier ones removed (both directions: ACKs use them
//!   too). **Choice**: this greedy rule rather than Suurballe's algorithm, because its first
//!   route is exactly the single-path shortest route a TCP flow between the same hosts takes
//!   (so MPTCP and TCP compare like with like) and each further route is "the best one left",
//!   which a student can check by hand. Suurballe minimises the total cost of the set instead
//!   and may move the first route off the shortest path; its advantage — it finds k disjoint
//!   routes whenever they exist, where greedy removal can block itself on a "trap" graph — is
//!   covered by listing the routes explicitly (`mptcp.routes`).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// One link of the graph as routing sees it: its ends (node indexes) and the propagation
/// delay of each direction in nanoseconds.
#[derive(Debug, Clone, Copy)]
pub struct RLink {
    pub from: u32,
    pub to: u32,
    pub fwd_ns: u64,
    pub rev_ns: u64,
}

impl RLink {
    /// What crossing the link costs a route: its share of the base RTT.
    fn cost(&self) -> u64 {
        self.fwd_ns.saturating_add(self.rev_ns)
    }
}

/// One hop of a route: link `link` (its index in `topology.links`), crossed from `from` to
/// `to` by the data when `reverse` is false, from `to` to `from` when true.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Hop {
    pub link: u32,
    pub reverse: bool,
}

/// A route: the nodes it visits (first = source host, last = destination host), the hops
/// between them and its base RTT (forward plus reverse propagation delay).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphRoute {
    pub nodes: Vec<u32>,
    pub hops: Vec<Hop>,
    pub rtt_ns: u64,
}

/// Why a node list is not a route.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RouteError {
    /// Fewer than two nodes.
    TooShort,
    /// Node `node` appears again at position `at`.
    Loop { node: u32, at: usize },
    /// No link joins these two consecutive nodes.
    NoLink { a: u32, b: u32 },
    /// An intermediate node is a host.
    ThroughHost { node: u32 },
}

/// The graph routing works on.
pub struct RouteGraph {
    pub links: Vec<RLink>,
    /// Per node: may packets pass through it (routers yes, hosts no).
    pub forwards: Vec<bool>,
    /// Per node: (link index, neighbour) for every link touching it, in link order.
    adj: Vec<Vec<(u32, u32)>>,
}

/// The shortest-route tree from one source: per node, the best route's (base RTT, hops) and
/// the last hop (link, previous node); the route itself is read back along the parents.
struct Tree {
    src: u32,
    best: Vec<Option<(u64, u32)>>,
    parent: Vec<Option<(u32, u32)>>,
}

impl Tree {
    /// The link indexes of the route to `v`, from the source on.
    fn links_to(&self, mut v: u32) -> Vec<u32> {
        let mut out = Vec::new();
        while let Some((l, p)) = self.parent[v as usize] {
            out.push(l);
            v = p;
        }
        out.reverse();
        out
    }

    /// Lexicographic order of (route to `a`, then link `la`) against (route to `b`, then
    /// `lb`), for two routes of the same number of hops. The routes to a and b are branches
    /// of the tree: they agree down to the node where they split, and the links leaving it
    /// decide. Walking up from a and b together finds that node in O(hops).
    fn cmp_seq(&self, (mut a, la): (u32, u32), (mut b, lb): (u32, u32)) -> std::cmp::Ordering {
        if a == b {
            return la.cmp(&lb);
        }
        loop {
            match (self.parent[a as usize], self.parent[b as usize]) {
                (Some((xa, pa)), Some((xb, pb))) => {
                    if pa == pb {
                        return xa.cmp(&xb);
                    }
                    (a, b) = (pa, pb);
                }
                // Same depth, so both reach the source together, where they are equal.
                _ => return std::cmp::Ordering::Equal,
            }
        }
    }
}

impl RouteGraph {
    pub fn new(links: Vec<RLink>, forwards: Vec<bool>) -> Self {
        let mut adj = vec![Vec::new(); forwards.len()];
        for (i, l) in links.iter().enumerate() {
            adj[l.from as usize].push((i as u32, l.to));
            adj[l.to as usize].push((i as u32, l.from));
        }
        RouteGraph { links, forwards, adj }
    }

    fn hop(&self, link: u32, at: u32) -> Hop {
        Hop { link, reverse: self.links[link as usize].from != at }
    }

    fn route_of(&self, src: u32, links: &[u32]) -> GraphRoute {
        let mut nodes = vec![src];
        let mut hops = Vec::with_capacity(links.len());
        let mut at = src;
        let mut rtt = 0u64;
        for &l in links {
            let h = self.hop(l, at);
            let rl = &self.links[l as usize];
            at = if h.reverse { rl.from } else { rl.to };
            rtt = rtt.saturating_add(rl.cost());
            hops.push(h);
            nodes.push(at);
        }
        GraphRoute { nodes, hops, rtt_ns: rtt }
    }

    /// The best route from `src` to every node, avoiding links with `banned[link]` set
    /// (Dijkstra). Only `src` and routers are passed through. A node is settled in order of
    /// (base RTT, hops), so every route it could extend is final when it is popped; a tie in
    /// both is settled by the link sequences (see [`Tree::cmp_seq`]), which does not change
    /// the node's heap key.
    fn tree(&self, src: u32, banned: &[bool]) -> Tree {
        let n = self.forwards.len();
        let mut t = Tree { src, best: vec![None; n], parent: vec![None; n] };
        let mut done = vec![false; n];
        let mut heap = BinaryHeap::new();
        t.best[src as usize] = Some((0, 0));
        heap.push(Reverse((0u64, 0u32, src)));
        while let Some(Reverse((cost, hops, u))) = heap.pop() {
            if done[u as usize] || t.best[u as usize] != Some((cost, hops)) {
                continue;
            }
            done[u as usize] = true;
            if u != src && !self.forwards[u as usize] {
                continue;
            }
            for &(l, v) in &self.adj[u as usize] {
                if banned.get(l as usize).copied().unwrap_or(false) || done[v as usize] {
                    continue;
                }
                let cand = (cost.saturating_add(self.links[l as usize].cost()), hops + 1);
                let better = match (t.best[v as usize], t.parent[v as usize]) {
                    (None, _) => true,
                    (Some(b), _) if cand != b => cand < b,
                    (Some(_), Some((bl, bp))) => t.cmp_seq((u, l), (bp, bl)).is_lt(),
                    (Some(_), None) => false,
                };
                if better {
                    if t.best[v as usize] != Some(cand) {
                        heap.push(Reverse((cand.0, cand.1, v)));
                    }
                    t.best[v as usize] = Some(cand);
                    t.parent[v as usize] = Some((l, u));
                }
            }
        }
        t
    }

    /// The shortest route from `src` to `dst` (see the module header), if there is one.
    pub fn shortest(&self, src: u32, dst: u32) -> Option<GraphRoute> {
        self.shortest_avoiding(src, dst, &[])
    }

    fn shortest_avoiding(&self, src: u32, dst: u32, banned: &[bool]) -> Option<GraphRoute> {
        if src == dst {
            return None;
        }
        let t = self.tree(src, banned);
        t.best[dst as usize]?;
        Some(self.route_of(src, &t.links_to(dst)))
    }

    /// The shortest route from `src` to every node (`None` where unreachable, and at `src`):
    /// one Dijkstra for all the flows leaving one host.
    pub fn shortest_from(&self, src: u32) -> Vec<Option<GraphRoute>> {
        let t = self.tree(src, &[]);
        (0..self.forwards.len() as u32)
            .map(|v| if v == t.src || t.best[v as usize].is_none() { None } else { Some(self.route_of(src, &t.links_to(v))) })
            .collect()
    }

    /// Up to `k` link-disjoint routes from `src` to `dst`, shortest first (successive shortest
    /// routes with the links of the earlier ones removed). Fewer when the graph runs out.
    pub fn disjoint(&self, src: u32, dst: u32, k: usize) -> Vec<GraphRoute> {
        let mut banned = vec![false; self.links.len()];
        let mut out = Vec::new();
        while out.len() < k {
            let Some(r) = self.shortest_avoiding(src, dst, &banned) else { break };
            for h in &r.hops {
                banned[h.link as usize] = true;
            }
            out.push(r);
        }
        out
    }

    /// The route through exactly these nodes: between consecutive nodes, the lowest-cost link
    /// joining them (ties: the first listed).
    pub fn follow(&self, nodes: &[u32]) -> Result<GraphRoute, RouteError> {
        if nodes.len() < 2 {
            return Err(RouteError::TooShort);
        }
        for (at, &v) in nodes.iter().enumerate() {
            if nodes[..at].contains(&v) {
                return Err(RouteError::Loop { node: v, at });
            }
        }
        if let Some(&v) = nodes[1..nodes.len() - 1].iter().find(|&&v| !self.forwards[v as usize]) {
            return Err(RouteError::ThroughHost { node: v });
        }
        let mut links = Vec::with_capacity(nodes.len() - 1);
        for w in nodes.windows(2) {
            let (a, b) = (w[0], w[1]);
            let l = self.adj[a as usize]
                .iter()
                .filter(|&&(_, v)| v == b)
                .map(|&(l, _)| l)
                .min_by_key(|&l| (self.links[l as usize].cost(), l))
                .ok_or(RouteError::NoLink { a, b })?;
            links.push(l);
        }
        Ok(self.route_of(nodes[0], &links))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(from: u32, to: u32, ms: u64) -> RLink {
        RLink { from, to, fwd_ns: ms * 1_000_000, rev_ns: ms * 1_000_000 }
    }

    /// A reverse hop is recognised from the node it leaves, and its RTT counts both directions.
    #[test]
    fn a_route_against_a_links_listed_direction_uses_its_reverse() {
        let g = RouteGraph::new(vec![l(1, 0, 3)], vec![true, true]);
        let r = g.shortest(0, 1).expect("joined");
        assert_eq!(r.hops, vec![Hop { link: 0, reverse: true }]);
        assert_eq!(r.rtt_ns, 6_000_000);
    }
}
