//! Semantic checks after parsing: ranges, references between fields, algorithm names.
//! Each failure names the field path the user has to fix. Each spec type checks its own
//! fields (`Scenario`, `LimitsSpec`, `TcpSpec`, `Topology`, `PathSpec`, `FlowSpec`,
//! `MetricsSpec` here; the graph, MPTCP, QUIC, traffic, knobs, tours and sweeps in their
//! modules). Link properties are checked once, on the graph every topology expands into
//! (`LinkDirSpec::validate`, run by `build::topology::Plan::validate`), whichever spec the
//! user wrote them in.
//!
//! Every number a scenario gives is bounded here by what the engine can represent and run
//! (see the constants below, each with the reason for its value). The CLI, the page (through
//! the wasm adapter) and shared links all go through [`validate`], so a scenario is valid in
//! one place exactly when it is valid in the others.

use super::{BufferSpec, Scenario, ScenarioError, Topology};
use crate::cc;
use crate::engine::rng::derive_rng;

// ---- Bounds -------------------------------------------------------------------------------

/// Longest simulated duration accepted, in seconds: a guard against a typo freezing a browser
/// tab. It also keeps every simulated time (≤ 10¹⁴ ns) far inside the u64 nanosecond clock
/// (1.8·10¹⁹ ns), so no time arithmetic in the engine can overflow.
pub const MAX_DURATION_S: f64 = 100_000.0;
/// Most flows (after `count` expansion) one scenario may create.
pub const MAX_FLOWS: usize = 10_000;
/// Largest seed: JavaScript numbers hold integers exactly only up to 2⁵³ − 1, and the page,
/// shared links and summaries carry seeds as numbers, so a larger seed could not be re-run.
pub const MAX_SEED: u64 = (1 << 53) - 1;
/// Slowest link, Mbit/s (1 kbit/s). Links run at an integer number of bit/s: below 0.5 bit/s
/// the rate rounds to 0 and a packet would never finish serialising (the old divide by zero).
/// At 1 kbit/s the rounding is below 0.1 % and a full frame already takes 12 s to send.
pub const MIN_RATE_MBPS: f64 = 1e-3;
/// Fastest bottleneck or path, Mbit/s (100 Gbit/s). Serialisation times are whole nanoseconds,
/// rounded up, so a full frame (≈ 120 ns here) still runs within 1 % of the rate asked for.
pub const MAX_RATE_MBPS: f64 = 1e5;
/// Fastest access link: ten times [`MAX_RATE_MBPS`], as the default access rate is ten times
/// the bottleneck's; access links are not measured, so coarser rounding does not matter there.
pub const MAX_ACCESS_RATE_MBPS: f64 = 10.0 * MAX_RATE_MBPS;
/// Longest one-way delay or RTT, ms: as long as the longest run (a packet that cannot arrive
/// within the run is meaningless). Also bounds every TCP timer (RTOs, delayed ACK).
pub const MAX_DELAY_MS: f64 = MAX_DURATION_S * 1e3;
/// Largest queue limit in packets: 10⁹ full frames are terabytes, more than any memory budget
/// lets a queue hold, and packets × frame size (≤ 10⁴ bytes) stays far inside u64.
pub const MAX_BUFFER_PACKETS: u64 = 1_000_000_000;
/// Largest queue limit in bytes (1 TiB, the largest memory budget).
pub const MAX_BUFFER_BYTES: u64 = 1 << 40;
/// Largest queue limit in bandwidth-delay products: 10⁴ BDPs never fill within a run's memory
/// budget (use `unlimited` to mean unlimited), and the byte count stays finite.
pub const MAX_BUFFER_BDP: f64 = 1e4;
/// Largest flow size in bytes: 10 TB, what `size_mb` (≤ 10⁷ MB) allows; segment and byte
/// counts stay far inside u64.
pub const MAX_FLOW_BYTES: u64 = 10_000_000_000_000;
/// MSS bounds, bytes: the smallest IPv4 MTU's payload rounded up, and a jumbo frame.
pub const MSS_RANGE: (u32, u32) = (64, 9000);
/// Header bounds (`tcp.header_bytes`, `tcp.ack_bytes`), bytes: at least IPv4 + TCP without
/// options (20 + 20); at most 1000, room for any tunnel or option stack. With the MSS bound a
/// frame stays ≤ 10 000 bytes, so `mss + header_bytes` can never wrap a u32 (it did: a huge
/// header wrapped the frame size to a few bytes and a 10 Mbit/s link reported 452 Mbit/s).
pub const HEADER_RANGE: (u32, u32) = (40, 1000);
/// Largest initial window, segments (10⁴ × Linux's 10). A flow sends its whole initial window
/// in the one event that starts it, and budgets are checked between events, so the window
/// must fit easily in the smallest budget: 10⁵ segments are ≈ 20 MB of packets, events and
/// scoreboard (10⁷ took > 2.4 GB in 3 s).
pub const MAX_INIT_CWND: u32 = 100_000;
/// Largest receive window, segments: the engine counts windows in u32 segments, so a larger
/// window could never bind (omit `rwnd_packets` for no limit).
pub const MAX_RWND_PACKETS: u64 = u32::MAX as u64;
/// Sampling interval bounds, ms: 1 µs (sample ticks are events; more often only repeats the
/// same state) up to the longest run.
pub const SAMPLE_MS_RANGE: (f64, f64) = (1e-3, MAX_DELAY_MS);
/// Points kept per series: at least 16 (thinning halves a full series), at most 10⁶ (16 MB a
/// series, far more than a chart can show). The bound also fits a 32-bit usize, so the value
/// means the same natively and in wasm.
pub const MAX_POINTS_RANGE: (u64, u64) = (16, 1_000_000);
/// Largest event budget: the page reads counts as JavaScript numbers, exact up to 2⁵³ − 1.
pub const MAX_EVENTS: u64 = MAX_SEED;
/// Largest memory budget, MiB (1 TiB): more than any machine this runs on.
pub const MAX_MEMORY_MB: f64 = (1u64 << 20) as f64;

/// A seed the lab can carry everywhere (`path` names where it came from).
pub fn check_seed(path: &str, seed: u64) -> Result<(), ScenarioError> {
    if seed > MAX_SEED {
        return err(
            path,
            format!("must be at most {MAX_SEED} (2^53 - 1, the largest integer JavaScript holds exactly; got {seed})"),
        );
    }
    Ok(())
}

type R = Result<(), ScenarioError>;

fn err<T>(path: impl Into<String>, msg: impl Into<String>) -> Result<T, ScenarioError> {
    Err(ScenarioError::new(path, msg))
}

fn positive(path: &str, v: f64) -> R {
    if v.is_finite() && v > 0.0 {
        Ok(())
    } else {
        err(path, format!("must be > 0 (got {v})"))
    }
}

fn non_negative(path: &str, v: f64) -> R {
    if v.is_finite() && v >= 0.0 {
        Ok(())
    } else {
        err(path, format!("must be ≥ 0 (got {v})"))
    }
}

pub(crate) fn probability(path: &str, v: f64) -> R {
    if (0.0..1.0).contains(&v) {
        Ok(())
    } else {
        err(path, format!("must be a probability in [0, 1) (got {v})"))
    }
}

/// Largest per-link jitter, ms: more than any network a class would draw, small enough that
/// a jittered arrival can never overflow the clock.
const MAX_JITTER_MS: f64 = 10_000.0;

/// A link's queue discipline (named and with parameters it accepts) and jitter. `at` is the
/// link's path ("topology.bottleneck").
pub(crate) fn queue(at: &str, aqm: &str, params: Option<&serde_json::Value>, jitter_ms: f64) -> R {
    let init = crate::net::qdisc::QdiscInit {
        limit: crate::net::qdisc::Limit::Unlimited,
        rate_bps: 1_000_000,
        rng: derive_rng(0, "validate", 0),
    };
    if let Err(e) = crate::net::qdisc::make(aqm, init, params) {
        let field = if crate::net::qdisc::names().contains(&aqm) { "aqm_params" } else { "aqm" };
        return err(format!("{at}.{field}"), e);
    }
    in_range(&format!("{at}.jitter_ms"), jitter_ms, 0.0, MAX_JITTER_MS, " ms")
}

fn in_range(path: &str, v: f64, lo: f64, hi: f64, unit: &str) -> R {
    if v.is_finite() && (lo..=hi).contains(&v) {
        Ok(())
    } else {
        err(path, format!("must be in [{lo}, {hi}]{unit} (got {v})"))
    }
}

/// A rate in Mbit/s the engine runs at within its rounding (see [`MIN_RATE_MBPS`]).
pub(crate) fn rate(path: &str, v: f64, max: f64) -> R {
    in_range(path, v, MIN_RATE_MBPS, max, " Mbit/s")
}

/// A delay in ms, ≥ 0 (`strict`: > 0) and at most [`MAX_DELAY_MS`].
pub(crate) fn delay(path: &str, v: f64, strict: bool) -> R {
    if strict { positive(path, v)? } else { non_negative(path, v)? }
    if v > MAX_DELAY_MS {
        return err(path, format!("at most {MAX_DELAY_MS} ms, the longest run (got {v})"));
    }
    Ok(())
}

fn int_range<T: PartialOrd + std::fmt::Display + Copy>(path: &str, v: T, lo: T, hi: T, unit: &str) -> R {
    if v < lo || v > hi {
        return err(path, format!("must be in [{lo}, {hi}]{unit} (got {v})"));
    }
    Ok(())
}

pub(crate) fn buffer(path: &str, b: &BufferSpec) -> R {
    let set = [b.packets.is_some(), b.bytes.is_some(), b.bdp.is_some(), b.unlimited]
        .iter()
        .filter(|x| **x)
        .count();
    if set > 1 {
        return err(path, "give only one of packets, bytes, bdp or unlimited");
    }
    if let Some(bdp) = b.bdp {
        positive(&format!("{path}.bdp"), bdp)?;
        if bdp > MAX_BUFFER_BDP {
            return err(format!("{path}.bdp"), format!("at most {MAX_BUFFER_BDP} (use unlimited: true for no limit; got {bdp})"));
        }
    }
    if let Some(n) = b.packets {
        if n > MAX_BUFFER_PACKETS {
            return err(format!("{path}.packets"), format!("at most {MAX_BUFFER_PACKETS} (use unlimited: true for no limit; got {n})"));
        }
    }
    if let Some(n) = b.bytes {
        if n > MAX_BUFFER_BYTES {
            return err(format!("{path}.bytes"), format!("at most {MAX_BUFFER_BYTES} (use unlimited: true for no limit; got {n})"));
        }
    }
    if let Some(rtt) = b.rtt_ms {
        delay(&format!("{path}.rtt_ms"), rtt, true)?;
        if b.bdp.is_none() && set > 0 {
            return err(format!("{path}.rtt_ms"), "only meaningful with bdp");
        }
    }
    Ok(())
}

/// Check scenario `s`: each spec type checks itself, in the order a reader meets them (run,
/// budgets, TCP, topology, flows, what the page shows). The first failure is returned.
pub fn validate(s: &Scenario) -> R {
    s.validate()
}

/// What the topology tells the flows: how many routes a flow's `path` may name and, on a
/// graph, each flow's own routes.
struct Routes {
    n: usize,
    resolved: Option<crate::scenario::build::topology::Resolved>,
}

impl Scenario {
    pub fn validate(&self) -> R {
        let s = self;
        positive("duration_s", s.duration_s)?;
        if s.duration_s > MAX_DURATION_S {
            return err("duration_s", format!("at most {MAX_DURATION_S} s"));
        }
        non_negative("warmup_s", s.warmup_s)?;
        check_seed("seed", s.seed)?;
        s.limits.validate()?;
        if s.warmup_s >= s.duration_s {
            return err("warmup_s", format!("must be shorter than duration_s ({})", s.duration_s));
        }
        s.tcp.validate()?;
        crate::scenario::build::topology::check_shorthand_fields(s)?;
        let routes = s.topology.validate(s)?;
        if s.flows.is_empty() && s.traffic.is_none() {
            return err("flows", "needs at least one flow");
        }
        if let Some(t) = &s.traffic {
            t.validate(s, routes.n)?;
            if routes.resolved.is_none() {
                mptcp_subflows("traffic.mptcp", &t.mptcp, routes.n)?;
            }
        }
        // Checked before looking at any flow, so a huge list is refused at once and the message
        // names the list (not a field of an entry that may not even have it).
        if s.flows.len() > MAX_FLOWS {
            return err("flows", format!("the scenario may have at most {MAX_FLOWS} flows (got {})", s.flows.len()));
        }
        let mut total = 0usize;
        for (i, f) in s.flows.iter().enumerate() {
            f.validate(i, s, &routes)?;
            total += f.count as usize;
            if total > MAX_FLOWS {
                // Name `count` only where the flow has one: that is what makes the total too large.
                let at = if f.count > 1 { format!("flows[{i}].count") } else { "flows".to_string() };
                return err(at, format!("the scenario may have at most {MAX_FLOWS} flows (counts included)"));
            }
        }
        let mut ids: Vec<String> = s.expanded_flows().into_iter().map(|(id, _)| id).collect();
        ids.sort();
        if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
            return err("flows", format!("duplicate flow id '{}'", w[0]));
        }
        super::drops::validate(s)?;
        s.metrics.validate()?;
        super::knobs::validate_knobs(s)?;
        super::text::validate_preset_texts(s)?;
        super::headline::validate(s)?;
        super::tour::validate(s)?;
        super::worksheet::validate(s)?;
        if let Some(sw) = &s.sweep {
            for (i, seed) in sw.seeds.iter().enumerate() {
                check_seed(&format!("sweep.seeds[{i}]"), *seed)?;
            }
            super::sweep::validate(s, sw)?;
        }
        for (i, x) in s.expect.iter().enumerate() {
            for (j, seed) in x.seeds.iter().enumerate() {
                check_seed(&format!("expect[{i}].seeds[{j}]"), *seed)?;
            }
        }
        Ok(())
    }
}

impl super::LimitsSpec {
    fn validate(&self) -> R {
        if let Some(n) = self.max_events {
            int_range("limits.max_events", n, 1, MAX_EVENTS, "")?;
        }
        if let Some(mb) = self.max_memory_mb {
            positive("limits.max_memory_mb", mb)?;
            if mb > MAX_MEMORY_MB {
                return err("limits.max_memory_mb", format!("at most {MAX_MEMORY_MB} MiB (got {mb})"));
            }
        }
        Ok(())
    }
}

impl super::TcpSpec {
    fn validate(&self) -> R {
        let t = self;
        if t.ecn && t.profile == crate::scenario::TcpProfile::Ns3Classic {
            return err("tcp.ecn", "the ns3-classic profile models ns-3.19's TCP, which had no ECN; use the linux profile");
        }
        int_range("tcp.mss", t.mss, MSS_RANGE.0, MSS_RANGE.1, " bytes")?;
        int_range("tcp.header_bytes", t.header_bytes, HEADER_RANGE.0, HEADER_RANGE.1, " bytes")?;
        int_range("tcp.ack_bytes", t.ack_bytes, HEADER_RANGE.0, HEADER_RANGE.1, " bytes")?;
        if let Some(n) = t.init_cwnd {
            int_range("tcp.init_cwnd", n, 1, MAX_INIT_CWND, " segments")?;
        }
        if let Some(n) = t.rwnd_packets {
            int_range("tcp.rwnd_packets", n, 1, MAX_RWND_PACKETS, " segments (omit it for no limit)")?;
        }
        delay("tcp.min_rto_ms", t.min_rto_ms, true)?;
        if let Some(ms) = t.initial_rto_ms {
            delay("tcp.initial_rto_ms", ms, true)?;
        }
        delay("tcp.max_rto_ms", t.max_rto_ms, true)?;
        if t.max_rto_ms < t.min_rto_ms {
            return err("tcp.max_rto_ms", "must be ≥ min_rto_ms");
        }
        if let Some(ms) = t.delack_ms {
            delay("tcp.delack_ms", ms, true)?;
        }
        Ok(())
    }
}

impl super::MetricsSpec {
    fn validate(&self) -> R {
        if let Some(ms) = self.sample_ms {
            in_range("metrics.sample_ms", ms, SAMPLE_MS_RANGE.0, SAMPLE_MS_RANGE.1, " ms")?;
        }
        if let Some(n) = self.max_points {
            int_range("metrics.max_points", n, MAX_POINTS_RANGE.0, MAX_POINTS_RANGE.1, " points")?;
        }
        Ok(())
    }
}

impl Topology {
    /// The shorthand's own fields, then every link direction the user wrote, checked once on
    /// the expanded graph (`Plan::validate`), then what relates the two.
    fn validate(&self, s: &Scenario) -> Result<Routes, ScenarioError> {
        let plan = || crate::scenario::build::topology::expand(self);
        match self {
            Topology::Dumbbell(d) => {
                if let Some(r) = d.access_rate_mbps {
                    rate("topology.access_rate_mbps", r, MAX_ACCESS_RATE_MBPS)?;
                }
                if d.senders.is_empty() {
                    return err("topology.senders", "needs at least one sender");
                }
                for (i, snd) in d.senders.iter().enumerate() {
                    delay(&format!("topology.senders[{i}].rtt_ms"), snd.rtt_ms, true)?;
                    if let Some(j) = snd.jitter_ms {
                        in_range(&format!("topology.senders[{i}].jitter_ms"), j, 0.0, MAX_JITTER_MS, " ms")?;
                    }
                }
                plan().validate()?;
                for (i, snd) in d.senders.iter().enumerate() {
                    if snd.rtt_ms < 2.0 * d.bottleneck.delay_ms {
                        return err(
                            format!("topology.senders[{i}].rtt_ms"),
                            format!("must be at least twice the bottleneck delay ({} ms), which every RTT includes", d.bottleneck.delay_ms),
                        );
                    }
                }
                Ok(Routes { n: d.senders.len(), resolved: None })
            }
            Topology::Parallel(p) => {
                if p.paths.is_empty() {
                    return err("topology.paths", "needs at least one path");
                }
                for (i, path) in p.paths.iter().enumerate() {
                    path.validate(i)?;
                }
                let n: usize = p.paths.iter().map(|p| p.count as usize).sum();
                if n > 1000 {
                    return err("topology.paths", format!("at most 1000 paths (got {n})"));
                }
                plan().validate()?;
                Ok(Routes { n, resolved: None })
            }
            Topology::Graph(g) => {
                g.validate()?;
                plan().validate()?;
                if s.flows.len() > MAX_FLOWS {
                    return err("flows", format!("the scenario may have at most {MAX_FLOWS} flows (got {})", s.flows.len()));
                }
                let r = crate::scenario::build::topology::resolve(s, g)?;
                Ok(Routes { n: r.traffic.len(), resolved: Some(r) })
            }
        }
    }
}

impl super::PathSpec {
    /// A path's own fields (its link properties are checked on the expanded graph). `i` is its
    /// index in `topology.paths`.
    fn validate(&self, i: usize) -> R {
        delay(&format!("topology.paths[{i}].rtt_ms"), self.rtt_ms, true)?;
        if self.count == 0 || self.count > 1000 {
            return err(format!("topology.paths[{i}].count"), format!("must be in [1, 1000] (got {})", self.count));
        }
        if let Some(max) = self.rtt_ms_max {
            if !(max.is_finite() && max >= self.rtt_ms) {
                return err(format!("topology.paths[{i}].rtt_ms_max"), format!("must be ≥ rtt_ms ({})", self.rtt_ms));
            }
            delay(&format!("topology.paths[{i}].rtt_ms_max"), max, true)?;
        }
        Ok(())
    }
}

impl super::FlowSpec {
    /// Flow `i` of scenario `s` on the topology's `routes`.
    fn validate(&self, i: usize, s: &Scenario, routes: &Routes) -> R {
        let f = self;
        let p = |field: &str| format!("flows[{i}].{field}");
        let init = crate::tcp::TcpConfig::from(&s.tcp).cc_init(derive_rng(0, "validate", 0));
        if let Err(e) = cc::make(&f.cc, init, f.cc_params.as_ref()) {
            return if cc::names().contains(&f.cc.as_str()) { err(p("cc_params"), e) } else { err(p("cc"), e) };
        }
        // A graph flow's routes were checked by `resolve`.
        let n_routes = match &routes.resolved {
            Some(r) => r.flows[i].len(),
            None => routes.n,
        };
        if routes.resolved.is_none() && f.path >= n_routes {
            let what = if matches!(s.topology, Topology::Dumbbell(_)) { "sender" } else { "path" };
            return err(p("path"), format!("no {what} {} (the topology has {n_routes})", f.path));
        }
        non_negative(&p("start_s"), f.start_s)?;
        if f.start_s >= s.duration_s {
            return err(p("start_s"), format!("must be before the end of the run ({} s)", s.duration_s));
        }
        let sizes = [f.size_bytes.is_some(), f.size_kb.is_some(), f.size_mb.is_some()].iter().filter(|x| **x).count();
        if sizes > 1 {
            return err(p("size_bytes"), "give only one of size_bytes, size_kb, size_mb");
        }
        for (name, v) in [("size_kb", f.size_kb), ("size_mb", f.size_mb)] {
            if let Some(v) = v {
                if !(v.is_finite() && v > 0.0 && v <= 1e7) {
                    return err(p(name), format!("must be in (0, 10⁷] (got {v})"));
                }
            }
        }
        if f.size_bytes == Some(0) {
            return err(p("size_bytes"), "must be > 0 (omit it for a bulk flow)");
        }
        if let Some(b) = f.size_bytes.filter(|b| *b > MAX_FLOW_BYTES) {
            return err(p("size_bytes"), format!("at most {MAX_FLOW_BYTES} (got {b})"));
        }
        if f.count == 0 {
            return err(p("count"), "must be ≥ 1");
        }
        non_negative(&p("start_spread_s"), f.start_spread_s)?;
        match (f.kind, &f.quic) {
            (super::FlowKind::Quic, None) => return err(p("quic"), "a quic flow needs a quic block with its streams"),
            (super::FlowKind::Quic, Some(q)) => {
                if f.size_bytes.is_some() || f.size_kb.is_some() || f.size_mb.is_some() {
                    return err(p("size_bytes"), "a quic flow's sizes are its streams' sources (quic.streams[].source)");
                }
                super::quic::validate(q, &p("quic"))?;
            }
            (_, Some(_)) => return err(p("quic"), "only for flows of kind quic"),
            _ => {}
        }
        super::mptcp::validate_flow(s, i, f, n_routes)?;
        if let (super::FlowKind::Mptcp, Some(m), None) = (f.kind, &f.mptcp, &routes.resolved) {
            mptcp_subflows(&p("mptcp"), m, n_routes)?;
        }
        Ok(())
    }
}

/// An MPTCP connection cannot open more subflows than it has paths to put them on.
fn mptcp_subflows(at: &str, m: &super::MptcpSpec, n_routes: usize) -> R {
    if let Some(n) = m.subflows {
        let (paths, which) = match &m.paths {
            Some(p) => (p.len(), "paths it lists"),
            None => (n_routes, "paths of the topology"),
        };
        if n > paths {
            return err(format!("{at}.subflows"), format!("at most the number of {which} ({paths}; got {n})"));
        }
    }
    Ok(())
}
