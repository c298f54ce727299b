//! Graph topologies (docs/model/topology.md): routes and their tie-breaks, link-disjoint
//! routes, the validation messages a user sees, a parking lot, and the dumbbell shorthand's
//! exact expansion into a graph.

use netlab_core::net::routing::{Hop, RLink, RouteGraph};
use netlab_core::{scenario, Simulation};
use serde_json::{json, Value};

const MS: u64 = 1_000_000;

/// A link with the same delay both ways.
fn l(from: u32, to: u32, ms: u64) -> RLink {
    RLink { from, to, fwd_ns: ms * MS, rev_ns: ms * MS }
}

/// Nodes 0 and 1 are hosts; the rest routers.
fn graph(n: usize, links: Vec<RLink>) -> RouteGraph {
    RouteGraph::new(links, (0..n).map(|i| i >= 2).collect())
}

fn link_ids(hops: &[Hop]) -> Vec<u32> {
    hops.iter().map(|h| h.link).collect()
}

#[test]
fn the_shortest_route_has_the_least_base_rtt_even_with_more_hops() {
    // h0 ─30─ h1 directly, or h0 ─5─ r2 ─5─ r3 ─5─ h1.
    let g = graph(4, vec![l(0, 1, 30), l(0, 2, 5), l(2, 3, 5), l(3, 1, 5)]);
    let r = g.shortest(0, 1).expect("connected");
    assert_eq!(r.nodes, vec![0, 2, 3, 1]);
    assert_eq!(link_ids(&r.hops), vec![1, 2, 3]);
    assert_eq!(r.rtt_ns, 30 * MS, "base RTT = forward + reverse delay of every link");
}

#[test]
fn equal_delays_go_to_fewer_hops() {
    // 20 ms directly or 10 + 10 ms through r2: the same RTT, one hop wins.
    let g = graph(3, vec![l(0, 2, 10), l(2, 1, 10), l(0, 1, 20)]);
    assert_eq!(link_ids(&g.shortest(0, 1).unwrap().hops), vec![2]);
}

#[test]
fn equal_delays_and_hops_go_to_the_smaller_link_index_sequence() {
    // Through r2: links [0, 5]; through r3: links [1, 2]. [0, 5] < [1, 2] lexicographically,
    // whatever the sums of the indexes.
    let g = graph(
        4,
        vec![l(0, 2, 4), l(0, 3, 4), l(3, 1, 6), l(2, 3, 50), l(3, 2, 50), l(2, 1, 6)],
    );
    assert_eq!(link_ids(&g.shortest(0, 1).unwrap().hops), vec![0, 5]);
    // Listing the other route first flips the choice: the rule is the order, not the names.
    let g = graph(4, vec![l(0, 3, 4), l(0, 2, 4), l(2, 1, 6), l(2, 3, 50), l(3, 2, 50), l(3, 1, 6)]);
    assert_eq!(g.shortest(0, 1).unwrap().nodes, vec![0, 3, 1]);
}

#[test]
fn on_a_tie_the_first_link_that_differs_decides() {
    // Both routes start with link 0 to r2, then [1, 4] through r4 or [3, 2] through r3:
    // [0, 1, 4] < [0, 3, 2] though its last link has the larger index.
    let g = graph(5, vec![l(0, 2, 1), l(2, 4, 2), l(3, 1, 2), l(2, 3, 2), l(4, 1, 2)]);
    let r = g.shortest(0, 1).unwrap();
    assert_eq!(link_ids(&r.hops), vec![0, 1, 4]);
    assert_eq!(r.nodes, vec![0, 2, 4, 1]);
}

#[test]
fn the_reverse_delay_counts_in_the_choice() {
    // Via r2: 2 ms one way but 2 + 41 ms back (RTT 45); via r3: 10 + 10 each way (RTT 40).
    let slow_back = RLink { from: 2, to: 1, fwd_ns: 0, rev_ns: 41 * MS };
    let g = graph(4, vec![l(0, 2, 2), slow_back, l(0, 3, 10), l(3, 1, 10)]);
    let r = g.shortest(0, 1).unwrap();
    assert_eq!(r.nodes, vec![0, 3, 1]);
    assert_eq!(r.rtt_ns, 40 * MS);
}

#[test]
fn hosts_do_not_forward() {
    // h0 ─1─ h4(host) ─1─ h1 is short, but a host is not a router: the route takes r2.
    let g = RouteGraph::new(vec![l(0, 3, 1), l(3, 1, 1), l(0, 2, 10), l(2, 1, 10)], vec![false, false, true, false]);
    assert_eq!(g.shortest(0, 1).unwrap().nodes, vec![0, 2, 1]);
    assert!(g.follow(&[0, 3, 1]).is_err());
}

#[test]
fn a_node_list_takes_the_lowest_delay_link_between_two_nodes_first_listed_on_a_tie() {
    // Three links h0 ── r2: 7 ms, 3 ms, 3 ms; then r2 ── h1.
    let g = graph(3, vec![l(0, 2, 7), l(0, 2, 3), l(2, 0, 3), l(2, 1, 1)]);
    let r = g.follow(&[0, 2, 1]).unwrap();
    assert_eq!(r.hops, vec![Hop { link: 1, reverse: false }, Hop { link: 3, reverse: false }]);
    // Back from h1 to h0: link 1 again, crossed against its direction — the first listed of
    // the two 3 ms links, though link 2 runs r2 → h0.
    let back = g.follow(&[1, 2, 0]).unwrap();
    assert_eq!(back.hops, vec![Hop { link: 3, reverse: true }, Hop { link: 1, reverse: true }]);
}

#[test]
fn disjoint_routes_come_shortest_first_and_share_no_link() {
    // Three ways from h0 to h1 through routers r2, r3, r4 (RTT 20, 40, 60) and a fourth,
    // through r2 again, that must reuse link h0–r2.
    let g = graph(5, vec![l(0, 2, 5), l(2, 1, 5), l(0, 3, 10), l(3, 1, 10), l(0, 4, 15), l(4, 1, 15), l(2, 1, 40)]);
    let rs = g.disjoint(0, 1, 8);
    let ids: Vec<Vec<u32>> = rs.iter().map(|r| link_ids(&r.hops)).collect();
    assert_eq!(ids, vec![vec![0, 1], vec![2, 3], vec![4, 5]], "the fourth route would reuse link 0");
    assert_eq!(rs.iter().map(|r| r.rtt_ns / MS).collect::<Vec<_>>(), vec![20, 40, 60]);
    assert_eq!(g.disjoint(0, 1, 2).len(), 2, "k caps the count");
}

// ---- Scenarios ------------------------------------------------------------------------------

/// h1, h2 on r1; r1 ── r2 ── r3 in a line plus a slower r1 ── r3 link; h3 on r3; h4 alone.
fn small(flows: Value) -> Value {
    json!({
        "name": "g", "duration_s": 1,
        "topology": {"kind": "graph",
            "nodes": [{"name": "h1", "kind": "host", "x": 0, "y": 10}, {"name": "h2", "kind": "host"},
                      {"name": "r1", "kind": "router"}, {"name": "r2", "kind": "router"},
                      {"name": "r3", "kind": "router"}, {"name": "h3", "kind": "host"},
                      {"name": "h4", "kind": "host"}, {"name": "r4", "kind": "router"}],
            "links": [{"from": "h1", "to": "r1", "rate_mbps": 100, "delay_ms": 1},
                      {"from": "h2", "to": "r1", "rate_mbps": 100, "delay_ms": 1},
                      {"from": "r1", "to": "r2", "rate_mbps": 10, "delay_ms": 5, "buffer": {"packets": 30}},
                      {"from": "r2", "to": "r3", "rate_mbps": 10, "delay_ms": 5},
                      {"from": "r1", "to": "r3", "rate_mbps": 5, "delay_ms": 20, "name": "detour"},
                      {"from": "r3", "to": "h3", "rate_mbps": 100, "delay_ms": 1},
                      {"from": "h4", "to": "r4", "rate_mbps": 100, "delay_ms": 1}]},
        "flows": flows
    })
}

fn error(v: Value) -> String {
    scenario::from_value(v).expect_err("invalid").to_string()
}

fn with_topology(mut v: Value, f: impl FnOnce(&mut Value)) -> Value {
    f(&mut v["topology"]);
    v
}

#[test]
fn a_flow_on_a_graph_takes_its_shortest_route_and_the_picture_shows_it() {
    let v = small(json!([{"from": "h1", "to": "h3"}, {"from": "h2", "to": "h3", "route": ["h2", "r1", "r3", "h3"]}]));
    let sim = Simulation::new(scenario::from_value(v).expect("valid"), None).expect("builds");
    let t = sim.topology();
    assert_eq!(t.flows[0].path, vec!["h1-r1", "r1-r2", "r2-r3", "r3-h3"]);
    assert_eq!(t.flows[0].base_rtt_ms, 24.0);
    assert_eq!(t.flows[1].path, vec!["h2-r1", "detour", "r3-h3"]);
    assert_eq!(t.flows[1].base_rtt_ms, 44.0);
    // Reported: each data direction that is the slowest of a route and has a finite buffer.
    let reported: Vec<&str> = t.links.iter().filter(|l| l.reported).map(|l| l.id.as_str()).collect();
    assert_eq!(reported, vec!["r1-r2", "r2-r3", "detour"]);
    assert!(t.links.iter().any(|l| l.id == "detour-rev" && l.from == "r3" && l.to == "r1"));
    assert_eq!((t.nodes[0].x, t.nodes[0].y), (Some(0.0), Some(10.0)));
    assert_eq!(t.nodes[1].x, None);
}

#[test]
fn graph_validation_names_the_bad_node_link_or_route() {
    let two = |flows| small(flows);
    let f = json!([{"from": "h1", "to": "h3"}]);
    let dup = with_topology(two(f.clone()), |t| t["nodes"][1]["name"] = json!("h1"));
    assert_eq!(error(dup), "topology.nodes[1].name: duplicate node name 'h1' (also topology.nodes[0])");
    let unknown = with_topology(two(f.clone()), |t| t["links"][3]["to"] = json!("r9"));
    assert_eq!(error(unknown), "topology.links[3].to: no node named 'r9'");
    let selfloop = with_topology(two(f.clone()), |t| t["links"][3]["to"] = json!("r2"));
    assert_eq!(error(selfloop), "topology.links[3].to: a link joins two different nodes (both ends are 'r2')");
    let samename = with_topology(two(f.clone()), |t| t["links"][3]["name"] = json!("r1-r2"));
    assert!(error(samename).starts_with("topology.links[3].name: duplicate link name 'r1-r2'"));
    let norate = with_topology(two(f.clone()), |t| t["links"][0].as_object_mut().unwrap().remove("rate_mbps").map(drop).unwrap());
    assert_eq!(error(norate), "topology.links[0].rate_mbps: missing: every link needs a rate");
    let typo = with_topology(two(f.clone()), |t| t["links"][0]["reverse"] = json!({"delay": 3}));
    assert!(error(typo).contains("unknown field `delay`"), "a typo in reverse is caught");
    let typo = with_topology(two(f.clone()), |t| t["links"][0]["rate"] = json!(3));
    assert!(error(typo).contains("unknown field `rate`"), "a typo on a link is caught");

    assert_eq!(error(two(json!([{"from": "h1", "to": "h9"}]))), "flows[0].to: no node named 'h9'");
    assert_eq!(error(two(json!([{"from": "r1", "to": "h3"}]))), "flows[0].from: 'r1' is a router; flows run between hosts");
    assert_eq!(error(two(json!([{"to": "h3"}]))), "flows[0].from: missing: on a graph, name the sending host");
    assert_eq!(
        error(two(json!([{"from": "h1", "to": "h3"}, {"from": "h2", "to": "h3"}, {"from": "h1", "to": "h4"}]))),
        "flows[2]: no path from h1 to h4"
    );
    let route = |r: Value| two(json!([{"from": "h1", "to": "h3", "route": r}]));
    assert_eq!(error(route(json!(["h1", "r1", "r2", "h3"]))), "flows[0].route: no link between r2 and h3");
    assert_eq!(
        error(route(json!(["h1", "r1", "r2", "r1", "r3", "h3"]))),
        "flows[0].route: visits r1 twice (a route has no loops)"
    );
    assert_eq!(error(route(json!(["h2", "r1", "r3", "h3"]))), "flows[0].route: must start at h1 (the flow's from)");
    assert_eq!(error(route(json!(["h1", "r1", "r3"]))), "flows[0].route: must end at h3 (the flow's to)");
    assert_eq!(error(route(json!(["h1", "r1", "rx", "h3"]))), "flows[0].route[2]: no node named 'rx'");
    assert_eq!(error(two(json!([{"from": "h1", "to": "h3", "path": 1}]))), "flows[0].path: not used on a graph: name the hosts with from and to");

    // h1 has one link: one disjoint route however many the core offers.
    let mptcp = two(json!([{"kind": "mptcp", "cc": "lia", "from": "h1", "to": "h3", "mptcp": {"subflows": 2}}]));
    assert_eq!(
        error(mptcp),
        "flows[0].mptcp.subflows: asks for 2 link-disjoint routes from h1 to h3, but only 1 exist (found by successive \
         shortest routes); lower it or list the routes in mptcp.routes"
    );
    let none = two(json!([{"kind": "mptcp", "cc": "lia", "from": "h1", "to": "h3", "mptcp": {"subflows": 0}}]));
    assert_eq!(error(none), "flows[0].mptcp.subflows: must be ≥ 1");
    let listed = two(json!([{"kind": "mptcp", "cc": "lia", "from": "h1", "to": "h3",
        "mptcp": {"routes": [["h1", "r1", "r2", "r3", "h3"], ["h1", "r1", "r2", "r3", "h3"]]}}]));
    assert_eq!(error(listed), "flows[0].mptcp.routes[1]: the same route as mptcp.routes[0]");

    let dumbbell = json!({"duration_s": 1, "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 10}, "senders": [{"rtt_ms": 20}]},
                          "flows": [{"from": "s1", "to": "d1"}]});
    assert_eq!(error(dumbbell), "flows[0].from: only on a graph topology (a dumbbell flow picks its route with path)");
    let big = with_topology(two(f), |t| {
        let nodes: Vec<Value> = (0..201).map(|i| json!({"name": format!("n{i}"), "kind": "host"})).collect();
        t["nodes"] = json!(nodes);
    });
    assert_eq!(error(big), "topology.nodes: at most 200 nodes (got 201)");
}

/// `small` with a second link at h1 and at h3: two link-disjoint routes from h1 to h3, the
/// second one h1 ─ r1 ─ detour ─ r3 ─ h3.
fn dual_homed(flows: Value) -> Value {
    let mut v = with_topology(small(flows), |t| {
        let links = t["links"].as_array_mut().unwrap();
        links.push(json!({"from": "h1", "to": "r1", "rate_mbps": 100, "delay_ms": 1, "name": "h1-r1b"}));
        links.push(json!({"from": "r3", "to": "h3", "rate_mbps": 100, "delay_ms": 1, "name": "r3-h3b"}));
    });
    v["duration_s"] = json!(5);
    v
}

#[test]
fn an_mptcp_flow_on_a_graph_gets_a_subflow_per_disjoint_route() {
    let v = dual_homed(json!([{"kind": "mptcp", "cc": "lia", "from": "h1", "to": "h3", "size_bytes": 200000}]));
    let mut sim = Simulation::new(scenario::from_value(v).expect("valid"), None).expect("builds");
    sim.run_to_end();
    let s = sim.summary(0.0);
    let subflows = s.flows[0].subflows.as_ref().expect("an MPTCP flow");
    assert_eq!(subflows.len(), 2);
    assert!(subflows.iter().all(|sf| sf.bytes_share > 0.0), "both routes carry data");
    assert_eq!(s.flows[0].bytes_delivered, 200000);
}

#[test]
fn generated_traffic_on_a_graph_runs_on_the_disjoint_routes_between_its_hosts() {
    let mut v = dual_homed(json!([]));
    v["traffic"] = json!({"from": "h1", "to": "h3", "arrival_rate": 10, "size": {"kind": "fixed", "bytes": 30000},
                          "background_per_path": 1});
    let mut sim = Simulation::new(scenario::from_value(v.clone()).expect("valid"), None).expect("builds");
    sim.run_to_end();
    let s = sim.summary(0.0);
    let ids: Vec<&str> = s.flows.iter().map(|f| f.id.as_str()).filter(|id| id.starts_with("bg")).collect();
    assert_eq!(ids, vec!["bg1.1", "bg2.1"], "one background flow per disjoint route");
    let done = s.flows.iter().filter(|f| f.id.starts_with('t') && f.fct_s.is_some()).count();
    assert!(done > 20, "{done} generated flows completed");
    v["traffic"]["to"] = json!("r3");
    assert_eq!(error(v), "traffic.to: 'r3' is a router; flows run between hosts");
}

/// Three 10 Mbit/s router-to-router bottlenecks in a row; one long flow crosses all three, one
/// short flow crosses each.
fn parking_lot(cc: &str) -> Value {
    let mut nodes = vec![];
    let mut links = vec![];
    for r in 1..=4 {
        nodes.push(json!({"name": format!("r{r}"), "kind": "router"}));
    }
    for r in 1..=3 {
        links.push(json!({"from": format!("r{r}"), "to": format!("r{}", r + 1), "rate_mbps": 10, "delay_ms": 5,
                          "buffer": {"packets": 40}}));
    }
    let mut flows = vec![json!({"id": "long", "cc": cc, "from": "long-src", "to": "long-dst"})];
    let mut host = |name: String, router: u32| {
        nodes.push(json!({"name": name, "kind": "host"}));
        links.push(json!({"from": name, "to": format!("r{router}"), "rate_mbps": 100, "delay_ms": 1}));
    };
    host("long-src".into(), 1);
    host("long-dst".into(), 4);
    for hop in 1..=3 {
        host(format!("s{hop}"), hop);
        host(format!("d{hop}"), hop + 1);
        flows.push(json!({"id": format!("short{hop}"), "cc": cc, "from": format!("s{hop}"), "to": format!("d{hop}")}));
    }
    json!({"name": "parking-lot", "duration_s": 8, "warmup_s": 2,
           "topology": {"kind": "graph", "nodes": nodes, "links": links}, "flows": flows})
}

#[test]
fn in_a_parking_lot_the_long_flow_gets_less_than_each_short_flow() {
    let mut sim = Simulation::new(scenario::from_value(parking_lot("reno")).expect("valid"), None).expect("builds");
    sim.run_to_end();
    let s = sim.summary(0.0);
    let rate = |id: &str| s.flows.iter().find(|f| f.id == id).unwrap().goodput_mbps;
    let long = rate("long");
    for hop in 1..=3 {
        let short = rate(&format!("short{hop}"));
        assert!(long < short, "long flow {long:.2} Mbit/s vs short{hop} {short:.2} Mbit/s");
    }
    let reported: Vec<&str> = s.links.iter().map(|l| l.id.as_str()).collect();
    assert_eq!(reported, vec!["r1-r2", "r2-r3", "r3-r4"], "the three bottlenecks get summary rows");
    assert!(s.links.iter().all(|l| l.utilization > 0.9), "every bottleneck is busy");
}

#[test]
fn a_dumbbell_written_as_a_graph_runs_exactly_like_the_shorthand() {
    let base = json!({"name": "same", "duration_s": 4, "warmup_s": 1, "seed": 7});
    let flows_short = json!([{"cc": "cubic", "path": 0}, {"cc": "reno", "path": 1, "start_s": 0.3}]);
    let mut short = base.clone();
    short["topology"] = json!({"kind": "dumbbell",
        "bottleneck": {"rate_mbps": 20, "delay_ms": 10, "buffer": {"packets": 50}, "loss": 0.002},
        "senders": [{"rtt_ms": 40}, {"rtt_ms": 60}]});
    short["flows"] = flows_short;
    let mut graph = base;
    let unlimited = json!({"unlimited": true});
    let node = |n: &str, k: &str| json!({"name": n, "kind": k});
    graph["topology"] = json!({"kind": "graph",
        "nodes": [node("r1", "router"), node("r2", "router"), node("s1", "host"), node("d1", "host"),
                  node("s2", "host"), node("d2", "host")],
        "links": [
            {"from": "r1", "to": "r2", "name": "bottleneck", "rate_mbps": 20, "delay_ms": 10,
             "buffer": {"packets": 50}, "loss": 0.002, "reverse": {"buffer": unlimited}},
            {"from": "s1", "to": "r1", "name": "access1", "rate_mbps": 200, "delay_ms": 10, "buffer": unlimited},
            {"from": "r2", "to": "d1", "name": "egress1", "rate_mbps": 200, "delay_ms": 0, "buffer": unlimited},
            {"from": "s2", "to": "r1", "name": "access2", "rate_mbps": 200, "delay_ms": 20, "buffer": unlimited},
            {"from": "r2", "to": "d2", "name": "egress2", "rate_mbps": 200, "delay_ms": 0, "buffer": unlimited}]});
    graph["flows"] = json!([{"cc": "cubic", "from": "s1", "to": "d1"}, {"cc": "reno", "from": "s2", "to": "d2", "start_s": 0.3}]);
    let run = |v: Value| {
        let mut sim = Simulation::new(scenario::from_value(v).expect("valid"), None).expect("builds");
        sim.run_to_end();
        sim.summary(0.0)
    };
    let (a, b) = (run(short), run(graph));
    assert!(a.links[0].drops > 0, "the loss stream is exercised");
    assert_eq!(a.digest, b.digest, "same network, same seed: the same run");
}

/// The picture lights up a flow's route on hover: an MPTCP flow's is every subflow's route.
#[test]
fn the_topology_view_lists_every_subflow_route_of_an_mptcp_flow() {
    let path = format!("{}/../../public/scenarios/mptcp-shared-bottleneck.json", env!("CARGO_MANIFEST_DIR"));
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).expect("preset")).expect("JSON");
    let sim = Simulation::new(scenario::from_value(v).expect("valid"), None).expect("builds");
    let view = sim.topology();
    let mptcp = view.flows.iter().find(|f| f.id == "mptcp").expect("the MPTCP flow");
    assert_eq!(mptcp.path, ["phone-wifi", "wifi-r1", "bottleneck", "r2-server", "phone-lte", "lte-r1"]);
    let tcp = view.flows.iter().find(|f| f.id == "tcp").expect("the TCP flow");
    assert_eq!(tcp.path, ["laptop-r1", "bottleneck", "r2-server2"]);
}
