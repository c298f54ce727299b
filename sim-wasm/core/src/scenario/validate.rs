//! Semantic checks after parsing: ranges, references between fields, algorithm names.
//! Each failure names the field path the user has to fix.

use super::{BufferSpec, Scenario, ScenarioError, Topology};
use crate::cc;
use crate::engine::rng::derive_rng;

type R = Result<(), ScenarioError>;

fn err(path: impl Into<String>, msg: impl Into<String>) -> R {
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

fn probability(path: &str, v: f64) -> R {
    if (0.0..1.0).contains(&v) {
        Ok(())
    } else {
        err(path, format!("must be a probability in [0, 1) (got {v})"))
    }
}

/// Largest simulated duration accepted, a guard against a typo freezing a browser tab.
const MAX_DURATION_S: f64 = 100_000.0;
/// Most flows (after `count` expansion) one scenario may create.
pub const MAX_FLOWS: usize = 10_000;

fn buffer(path: &str, b: &BufferSpec) -> R {
    let set = [b.packets.is_some(), b.bytes.is_some(), b.bdp.is_some(), b.unlimited]
        .iter()
        .filter(|x| **x)
        .count();
    if set > 1 {
        return err(path, "give only one of packets, bytes, bdp or unlimited");
    }
    if let Some(bdp) = b.bdp {
        positive(&format!("{path}.bdp"), bdp)?;
    }
    if let Some(rtt) = b.rtt_ms {
        positive(&format!("{path}.rtt_ms"), rtt)?;
        if b.bdp.is_none() && set > 0 {
            return err(format!("{path}.rtt_ms"), "only meaningful with bdp");
        }
    }
    Ok(())
}

pub fn validate(s: &Scenario) -> R {
    positive("duration_s", s.duration_s)?;
    if s.duration_s > MAX_DURATION_S {
        return err("duration_s", format!("at most {MAX_DURATION_S} s"));
    }
    non_negative("warmup_s", s.warmup_s)?;
    if s.limits.max_events == Some(0) {
        return err("limits.max_events", "must be at least 1");
    }
    if let Some(mb) = s.limits.max_memory_mb {
        positive("limits.max_memory_mb", mb)?;
    }
    if s.warmup_s >= s.duration_s {
        return err("warmup_s", format!("must be shorter than duration_s ({})", s.duration_s));
    }
    let n_routes = match &s.topology {
        Topology::Dumbbell(d) => {
            positive("topology.bottleneck.rate_mbps", d.bottleneck.rate_mbps)?;
            non_negative("topology.bottleneck.delay_ms", d.bottleneck.delay_ms)?;
            probability("topology.bottleneck.loss", d.bottleneck.loss)?;
            buffer("topology.bottleneck.buffer", &d.bottleneck.buffer)?;
            if let Some(r) = d.access_rate_mbps {
                positive("topology.access_rate_mbps", r)?;
            }
            if d.senders.is_empty() {
                return err("topology.senders", "needs at least one sender");
            }
            for (i, snd) in d.senders.iter().enumerate() {
                let p = format!("topology.senders[{i}].rtt_ms");
                positive(&p, snd.rtt_ms)?;
                if snd.rtt_ms < 2.0 * d.bottleneck.delay_ms {
                    return err(
                        p,
                        format!(
                            "must be at least twice the bottleneck delay ({} ms), which every RTT includes",
                            d.bottleneck.delay_ms
                        ),
                    );
                }
            }
            d.senders.len()
        }
        Topology::Parallel(p) => {
            if p.paths.is_empty() {
                return err("topology.paths", "needs at least one path");
            }
            for (i, path) in p.paths.iter().enumerate() {
                positive(&format!("topology.paths[{i}].rate_mbps"), path.rate_mbps)?;
                positive(&format!("topology.paths[{i}].rtt_ms"), path.rtt_ms)?;
                probability(&format!("topology.paths[{i}].loss"), path.loss)?;
                buffer(&format!("topology.paths[{i}].buffer"), &path.buffer)?;
                if path.count == 0 || path.count > 1000 {
                    return err(format!("topology.paths[{i}].count"), format!("must be in [1, 1000] (got {})", path.count));
                }
                if let Some(max) = path.rtt_ms_max {
                    if !(max.is_finite() && max >= path.rtt_ms) {
                        return err(format!("topology.paths[{i}].rtt_ms_max"), format!("must be ≥ rtt_ms ({})", path.rtt_ms));
                    }
                }
            }
            let n = p.expanded().len();
            if n > 1000 {
                return err("topology.paths", format!("at most 1000 paths (got {n})"));
            }
            n
        }
    };
    if s.flows.is_empty() && s.traffic.is_none() {
        return err("flows", "needs at least one flow");
    }
    if let Some(t) = &s.traffic {
        t.validate(s, n_routes)?;
    }
    let mut total = 0usize;
    for (i, f) in s.flows.iter().enumerate() {
        let p = |field: &str| format!("flows[{i}].{field}");
        let init = cc::CcInit { mss: s.tcp.mss, init_cwnd: s.tcp.init_cwnd, rng: derive_rng(0, "validate", 0) };
        if let Err(e) = cc::make(&f.cc, init, f.cc_params.as_ref()) {
            return if cc::names().contains(&f.cc.as_str()) {
                err(p("cc_params"), e)
            } else {
                err(p("cc"), e)
            };
        }
        if f.path >= n_routes {
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
        crate::mptcp::validate_flow(s, i, f, n_routes)?;
        total += f.count as usize;
        if total > MAX_FLOWS {
            return err(p("count"), format!("the scenario may have at most {MAX_FLOWS} flows"));
        }
    }
    let mut ids: Vec<String> = s.expanded_flows().into_iter().map(|(id, _)| id).collect();
    ids.sort();
    if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
        return err("flows", format!("duplicate flow id '{}'", w[0]));
    }
    let t = &s.tcp;
    if !(64..=9000).contains(&t.mss) {
        return err("tcp.mss", format!("must be in [64, 9000] bytes (got {})", t.mss));
    }
    if t.init_cwnd == 0 {
        return err("tcp.init_cwnd", "must be ≥ 1");
    }
    if t.rwnd_packets == Some(0) {
        return err("tcp.rwnd_packets", "must be ≥ 1");
    }
    positive("tcp.min_rto_ms", t.min_rto_ms)?;
    positive("tcp.initial_rto_ms", t.initial_rto_ms)?;
    positive("tcp.max_rto_ms", t.max_rto_ms)?;
    if t.max_rto_ms < t.min_rto_ms {
        return err("tcp.max_rto_ms", "must be ≥ min_rto_ms");
    }
    positive("tcp.delack_ms", t.delack_ms)?;
    if t.ack_bytes < 40 {
        return err("tcp.ack_bytes", "must be ≥ 40 (IP + TCP headers)");
    }
    if let Some(ms) = s.metrics.sample_ms {
        positive("metrics.sample_ms", ms)?;
    }
    if let Some(n) = s.metrics.max_points {
        if n < 16 {
            return err("metrics.max_points", "must be ≥ 16");
        }
    }
    super::knobs::validate_knobs(s)?;
    if let Some(sw) = &s.sweep {
        super::sweep::validate(s, sw)?;
    }
    Ok(())
}
