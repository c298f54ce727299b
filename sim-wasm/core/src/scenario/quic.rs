//! The `quic` block of a QUIC flow: its streams, their application sources and scheduling
//! parameters, and the connection's settings (docs/spec/ALGORITHMS.md §3).
//!
//! ```json
//! "quic": { "scheduler": "wfq",
//!           "streams": [
//!             {"name": "control", "weight": 3, "priority": 1, "urgency": 0,
//!              "source": {"kind": "telemetry", "mix": "ground_to_drone"}},
//!             {"name": "bulk", "count": 9, "source": {"kind": "bulk"}} ] }
//! ```
//! Each scheduler reads only its own field: `weight` (wfq, wfq-spread, wfq-bytes), `priority` (abs, higher
//! first), `urgency`/`incremental` (rfc9218, RFC 9218 §4 defaults 3 and false).

use super::ScenarioError;
use crate::engine::time::{millis, secs};
use crate::quic::streams::Source;
use crate::quic::QuicConfig;
use serde::{Deserialize, Serialize};

/// quic-go's initial packet size for IPv4 (1280-byte IPv6 minimum MTU − 48, rounded): the
/// UDP payload of every packet unless the scenario says otherwise.
pub const DEFAULT_MAX_UDP_PAYLOAD: u32 = 1252;
/// Most streams one connection may declare (after `count` expansion).
pub const MAX_STREAMS: usize = 64;

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct QuicSpec {
    /// Stream scheduler: a name from `quic::sched::REGISTRY` (rr, wfq, wfq-spread, wfq-bytes, abs, rfc9218).
    #[serde(default = "default_scheduler")]
    #[schemars(title = "Stream scheduler")]
    pub scheduler: String,
    pub streams: Vec<StreamSpec>,
    /// Payload of a full packet, in [1200, 65527] (RFC 9000 §14).
    #[serde(default = "default_payload")]
    #[schemars(title = "Max UDP payload", range(min = 1200, max = 65527), extend("x-unit" = "bytes"))]
    pub max_udp_payload: u32,
    /// Initial per-stream receive window (quic-go: 512 KiB; no auto-tuning here).
    #[serde(default = "default_stream_window")]
    #[schemars(title = "Stream window", extend("x-unit" = "bytes"))]
    pub max_stream_data: u64,
    /// Initial connection receive window (quic-go: 1.5 × the stream window).
    #[serde(default = "default_conn_window")]
    #[schemars(title = "Connection window", extend("x-unit" = "bytes"))]
    pub max_data: u64,
    /// The receiver's longest ACK delay (RFC 9000 §18.2 max_ack_delay).
    #[serde(default = "default_max_ack_delay")]
    #[schemars(title = "Max ACK delay", extend("x-unit" = "ms"))]
    pub max_ack_delay_ms: f64,
    /// ACK after this many ack-eliciting packets (RFC 9000 §13.2.2 recommends 2).
    #[serde(default = "default_ack_threshold")]
    #[schemars(title = "ACK every", extend("x-unit" = "packets"))]
    pub ack_eliciting_threshold: u32,
    /// RTT assumed before the first sample (RFC 9002 §6.2.2 kInitialRtt).
    #[serde(default = "default_initial_rtt")]
    #[schemars(title = "Initial RTT", extend("x-unit" = "ms"))]
    pub initial_rtt_ms: f64,
    /// Packets acknowledged after a packet before it is declared lost (RFC 9002 §6.1.1 kPacketThreshold).
    #[serde(default = "default_packet_threshold")]
    #[schemars(title = "Packet threshold", extend("x-unit" = "packets"))]
    pub packet_threshold: u64,
    /// Bytes per unit of weight for wfq-bytes (default: one full packet's stream payload).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(title = "wfq-bytes quantum", extend("x-unit" = "bytes", "x-none" = "1 packet"))]
    pub quantum_bytes: Option<u32>,
}

fn default_scheduler() -> String {
    "rr".into()
}
fn default_payload() -> u32 {
    DEFAULT_MAX_UDP_PAYLOAD
}
fn default_stream_window() -> u64 {
    512 * 1024
}
fn default_conn_window() -> u64 {
    768 * 1024
}
fn default_max_ack_delay() -> f64 {
    25.0
}
fn default_ack_threshold() -> u32 {
    2
}
fn default_initial_rtt() -> f64 {
    333.0
}
fn default_packet_threshold() -> u64 {
    3
}

#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StreamSpec {
    /// Report name; defaults to "s<stream id>".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub source: SourceSpec,
    /// WFQ weight (shares of transmission time: packets for wfq and wfq-spread, bytes for
    /// wfq-bytes).
    #[serde(default = "one_u32")]
    pub weight: u32,
    /// Absolute priority: the ready stream with the highest value always goes first.
    #[serde(default)]
    pub priority: i32,
    /// RFC 9218 urgency, 0 (most urgent) … 7.
    #[serde(default = "default_urgency")]
    pub urgency: u8,
    /// RFC 9218 incremental flag.
    #[serde(default)]
    pub incremental: bool,
    /// Replicate this stream (names get ".1", ".2", …).
    #[serde(default = "one_u32")]
    pub count: u32,
}

fn one_u32() -> u32 {
    1
}
fn default_urgency() -> u8 {
    3
}

/// What the application writes on a stream.
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SourceSpec {
    /// Everything at once: `size_bytes`, or an endless supply when absent.
    Bulk {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        size_bytes: Option<u64>,
    },
    /// Messages with sizes and gaps drawn from distributions (or cycled from lists).
    Messages {
        /// Message size in bytes …
        #[serde(default, skip_serializing_if = "Option::is_none")]
        size_bytes: Option<Dist>,
        /// … or in full packets' worth of stream payload (the long-messages experiment).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        size_packets: Option<f64>,
        /// Time between two writes, ms.
        interval_ms: Dist,
        /// Stop after this many messages (absent = until the end of the run).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        count: Option<u64>,
        /// First write, seconds after the flow starts.
        #[serde(default)]
        start_s: f64,
    },
    /// A drone-control-like mix: every message type of the MAVLink mix at its own rate with
    /// ±`jitter` on each interval and a size between its min and max payload plus framing.
    Telemetry {
        #[serde(default)]
        mix: TelemetryMix,
        /// Relative jitter of each interval (the mix's data file says ±20 %).
        #[serde(default = "default_jitter")]
        jitter: f64,
    },
}

fn default_jitter() -> f64 {
    0.2
}

/// The value types a stream source is made of belong to the QUIC model that draws from them.
pub use crate::quic::streams::{Dist, DistShape, TelemetryMix};

impl Dist {
    /// Check every parameter is finite and ≥ `min` (> 0 when `strict`).
    pub fn check(&self, path: &str, strict: bool) -> Result<(), ScenarioError> {
        let ok = |v: f64| v.is_finite() && if strict { v > 0.0 } else { v >= 0.0 };
        let what = if strict { "> 0" } else { "≥ 0" };
        let bad = |p: String, v: f64| Err(ScenarioError::new(p, format!("must be a finite number {what} (got {v})")));
        match self {
            Dist::Fixed(v) => if ok(*v) { Ok(()) } else { bad(path.into(), *v) },
            Dist::Shaped(DistShape::Exponential(m)) => if ok(*m) && *m > 0.0 { Ok(()) } else { bad(format!("{path}.exponential"), *m) },
            Dist::Shaped(DistShape::Uniform([a, b])) => {
                if !ok(*a) {
                    return bad(format!("{path}.uniform[0]"), *a);
                }
                if !ok(*b) || b < a {
                    return Err(ScenarioError::new(format!("{path}.uniform[1]"), format!("must be finite and ≥ the lower bound (got {b})")));
                }
                Ok(())
            }
            Dist::Shaped(DistShape::List(xs)) => {
                if xs.is_empty() {
                    return Err(ScenarioError::new(format!("{path}.list"), "needs at least one value"));
                }
                for (i, x) in xs.iter().enumerate() {
                    if !ok(*x) {
                        return bad(format!("{path}.list[{i}]"), *x);
                    }
                }
                if !strict && xs.iter().all(|x| *x == 0.0) {
                    return Err(ScenarioError::new(format!("{path}.list"), "needs a value > 0"));
                }
                Ok(())
            }
        }
    }
}

/// Largest message accepted (a typo guard).
const MAX_MESSAGE_BYTES: f64 = 1e9;
/// Smallest mean gap between writes: more than a million messages per second is a typo.
const MIN_MEAN_INTERVAL_MS: f64 = 1e-3;

pub fn validate(q: &QuicSpec, p: &str) -> Result<(), ScenarioError> {
    let e = |f: &str, m: String| Err(ScenarioError::new(format!("{p}.{f}"), m));
    if let Err(m) = crate::engine::registry::find(crate::quic::sched::REGISTRY, "stream scheduler", &q.scheduler) {
        return e("scheduler", m);
    }
    if !(1200..=65527).contains(&q.max_udp_payload) {
        return e("max_udp_payload", format!("must be in [1200, 65527] bytes (RFC 9000 §14; got {})", q.max_udp_payload));
    }
    if q.max_stream_data == 0 {
        return e("max_stream_data", "must be ≥ 1".into());
    }
    if q.max_data == 0 {
        return e("max_data", "must be ≥ 1".into());
    }
    if !(q.max_ack_delay_ms.is_finite() && (0.0..=16384.0).contains(&q.max_ack_delay_ms)) {
        return e("max_ack_delay_ms", format!("must be in [0, 16384] ms (got {})", q.max_ack_delay_ms));
    }
    if q.ack_eliciting_threshold == 0 {
        return e("ack_eliciting_threshold", "must be ≥ 1".into());
    }
    if !(q.initial_rtt_ms.is_finite() && q.initial_rtt_ms > 0.0 && q.initial_rtt_ms <= 60_000.0) {
        return e("initial_rtt_ms", format!("must be in (0, 60000] ms (got {})", q.initial_rtt_ms));
    }
    if q.packet_threshold < 1 {
        return e("packet_threshold", "must be ≥ 1".into());
    }
    if q.quantum_bytes == Some(0) {
        return e("quantum_bytes", "must be ≥ 1".into());
    }
    if q.streams.is_empty() {
        return e("streams", "needs at least one stream".into());
    }
    let mut total = 0usize;
    for (i, s) in q.streams.iter().enumerate() {
        let sp = format!("streams[{i}]");
        if s.count == 0 {
            return e(&format!("{sp}.count"), "must be ≥ 1".into());
        }
        total += s.count as usize;
        if total > MAX_STREAMS {
            return e(&format!("{sp}.count"), format!("a connection may have at most {MAX_STREAMS} streams"));
        }
        if !(1..=1000).contains(&s.weight) {
            return e(&format!("{sp}.weight"), format!("must be in [1, 1000] (got {})", s.weight));
        }
        if s.urgency > 7 {
            return e(&format!("{sp}.urgency"), format!("must be in [0, 7] (RFC 9218 §4.1; got {})", s.urgency));
        }
        let src = format!("{p}.{sp}.source");
        match &s.source {
            SourceSpec::Bulk { size_bytes } => {
                if *size_bytes == Some(0) {
                    return e(&format!("{sp}.source.size_bytes"), "must be > 0 (omit it for an endless stream)".into());
                }
            }
            SourceSpec::Messages { size_bytes, size_packets, interval_ms, count, start_s } => {
                match (size_bytes, size_packets) {
                    (Some(d), None) => {
                        d.check(&format!("{src}.size_bytes"), true)?;
                        if d.mean() > MAX_MESSAGE_BYTES {
                            return e(&format!("{sp}.source.size_bytes"), format!("at most {MAX_MESSAGE_BYTES} bytes"));
                        }
                    }
                    (None, Some(n)) => {
                        if !(n.is_finite() && *n > 0.0 && *n <= 1e5) {
                            return e(&format!("{sp}.source.size_packets"), format!("must be in (0, 100000] (got {n})"));
                        }
                    }
                    _ => return e(&format!("{sp}.source"), "give exactly one of size_bytes or size_packets".into()),
                }
                interval_ms.check(&format!("{src}.interval_ms"), false)?;
                if interval_ms.mean() < MIN_MEAN_INTERVAL_MS {
                    return e(&format!("{sp}.source.interval_ms"), format!("the mean gap must be ≥ {MIN_MEAN_INTERVAL_MS} ms"));
                }
                if *count == Some(0) {
                    return e(&format!("{sp}.source.count"), "must be ≥ 1 (omit it for no limit)".into());
                }
                if !(start_s.is_finite() && *start_s >= 0.0) {
                    return e(&format!("{sp}.source.start_s"), format!("must be ≥ 0 (got {start_s})"));
                }
            }
            SourceSpec::Telemetry { jitter, .. } => {
                if !(jitter.is_finite() && (0.0..1.0).contains(jitter)) {
                    return e(&format!("{sp}.source.jitter"), format!("must be in [0, 1) (got {jitter})"));
                }
            }
        }
    }
    // Stream names identify streams in the summary, the series keys and the page: two equal
    // names (given, or made by `count` expansion: "a" × 2 is "a.1", "a.2") would merge them.
    let mut seen = std::collections::HashSet::new();
    let mut expanded = q.expanded_streams().into_iter();
    for (i, s) in q.streams.iter().enumerate() {
        for (_, name, _) in expanded.by_ref().take(s.count as usize) {
            if !seen.insert(name.clone()) {
                return e(&format!("streams[{i}].name"), format!("stream name '{name}' is used twice (names must be unique)"));
            }
        }
    }
    Ok(())
}

/// The QUIC connection's settings in engine units, from the scenario's `quic` object (the
/// conversion lives here so the transport never reads scenario types).
impl QuicConfig {
    pub fn from_spec(s: &QuicSpec) -> Self {
        let mut c = QuicConfig {
            scheduler: s.scheduler.clone(),
            max_udp_payload: s.max_udp_payload,
            max_stream_data: s.max_stream_data,
            max_data: s.max_data,
            max_ack_delay: millis(s.max_ack_delay_ms),
            ack_eliciting_threshold: s.ack_eliciting_threshold,
            initial_rtt: millis(s.initial_rtt_ms).max(1),
            packet_threshold: s.packet_threshold,
            quantum: 0,
        };
        c.quantum = s.quantum_bytes.map_or(c.full_packet_stream_payload() as u64, u64::from);
        c
    }
}

impl SourceSpec {
    /// The application source this spec describes; `packet_payload` is the stream bytes one
    /// full packet carries (the unit of `size_packets`).
    pub fn source(&self, packet_payload: u32) -> Source {
        match self {
            SourceSpec::Bulk { .. } => Source::Bulk,
            SourceSpec::Messages { size_bytes, size_packets, interval_ms, count, start_s } => Source::messages(
                size_bytes.clone(),
                size_packets.map(|n| (n * packet_payload as f64).round()),
                interval_ms.clone(),
                *count,
                secs(*start_s),
            ),
            SourceSpec::Telemetry { mix, jitter } => Source::telemetry(*mix, *jitter),
        }
    }
}

impl QuicSpec {
    /// Streams with `count` expanded and names filled in: (QUIC stream id, name, spec).
    /// Client-initiated bidirectional streams are numbered 0, 4, 8, … (RFC 9000 §2.1).
    pub fn expanded_streams(&self) -> Vec<(u64, String, StreamSpec)> {
        let mut out = Vec::new();
        for s in &self.streams {
            for k in 0..s.count {
                let id = 4 * out.len() as u64;
                let name = match (&s.name, s.count) {
                    (Some(n), 1) => n.clone(),
                    (Some(n), _) => format!("{n}.{}", k + 1),
                    (None, _) => format!("s{id}"),
                };
                let mut copy = s.clone();
                copy.count = 1;
                out.push((id, name, copy));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_packet_is_the_udp_payload_plus_headers() {
        let spec: QuicSpec = serde_json::from_value(serde_json::json!({"streams": [{"source": {"kind": "bulk"}}]})).unwrap();
        let c = QuicConfig::from_spec(&spec);
        assert_eq!(c.full_frame(), 1280);
        assert_eq!(c.full_packet_stream_payload(), 1252 - 7 - 16 - 8);
        assert_eq!(c.quantum, c.full_packet_stream_payload() as u64);
    }
}
