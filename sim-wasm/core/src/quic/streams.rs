//! QUIC streams: the sender's per-stream send buffer, the receiver's reassembly, and the
//! application sources that write to them.
//!
//! A send stream is a byte sequence (RFC 9000 §2.2). New data goes out from `sent` upward,
//! as far as the peer's MAX_STREAM_DATA and the connection's MAX_DATA allow (§4.1); bytes of a
//! lost packet are queued in `retx` and leave in new STREAM frames before any new data of the
//! same stream (quic-go's `sendStream.retransmissionQueue` is popped first too), so when the
//! stream scheduler picks a stream, it picks its retransmissions as well.

use super::recovery::FrameRef;
use crate::engine::rng::SimRng;
use crate::engine::time::{millis, Time};
use rand::Rng;
use rand_distr::{Distribution, Exp};
use rangemap::RangeSet;

/// Bytes of a QUIC variable-length integer (RFC 9000 §16).
pub fn varint_len(v: u64) -> u32 {
    match v {
        0..=63 => 1,
        64..=16383 => 2,
        16384..=1_073_741_823 => 4,
        _ => 8,
    }
}

/// STREAM frame header (RFC 9000 §19.8): type, stream id, offset (omitted when 0) and an
/// explicit length (**choice**: always present, although quic-go omits it in a packet's last
/// frame; it costs at most 2 bytes).
pub fn stream_frame_header(id: u64, offset: u64, len: u64) -> u32 {
    1 + varint_len(id) + if offset > 0 { varint_len(offset) } else { 0 } + varint_len(len)
}

#[derive(Debug)]
pub struct SendStream {
    pub id: u64,
    /// Bytes the application has written; the source is endless when `endless`.
    pub written: u64,
    pub endless: bool,
    /// Final size, when the stream ends (a bulk source of known size).
    pub final_size: Option<u64>,
    /// Next new byte to send.
    pub sent: u64,
    /// Lost bytes waiting to go out again.
    pub retx: RangeSet<u64>,
    /// Bytes acknowledged.
    pub acked: RangeSet<u64>,
    /// The peer's MAX_STREAM_DATA.
    pub peer_max: u64,
}

/// A frame taken from a stream: where it is, and whether it re-sends lost data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Taken {
    pub frame: FrameRef,
    pub retransmission: bool,
    /// Bytes the frame occupies in the packet, header included.
    pub wire: u32,
}

impl SendStream {
    pub fn new(id: u64, peer_max: u64) -> Self {
        SendStream { id, written: 0, endless: false, final_size: None, sent: 0, retx: RangeSet::new(), acked: RangeSet::new(), peer_max }
    }

    fn new_available(&self, conn_credit: u64) -> u64 {
        let app = if self.endless { u64::MAX } else { self.written - self.sent };
        app.min(self.peer_max.saturating_sub(self.sent)).min(conn_credit)
    }

    /// Something to send: a retransmission, or new data within flow control.
    pub fn has_data(&self, conn_credit: u64) -> bool {
        !self.retx.is_empty() || self.new_available(conn_credit) > 0
    }

    /// Take one STREAM frame of at most `room` bytes (header included) and at most `limit`
    /// data bytes. Lost data first, then new data; new data uses `conn_credit`.
    pub fn take(&mut self, room: u32, limit: u64, conn_credit: &mut u64) -> Option<Taken> {
        let fit = |off: u64| -> u64 {
            // Header sized for the largest length that could fit.
            let hdr = stream_frame_header(self.id, off, room as u64);
            room.saturating_sub(hdr) as u64
        };
        let (offset, len, retransmission) = if let Some(r) = self.retx.iter().next().cloned() {
            let len = (r.end - r.start).min(fit(r.start)).min(limit);
            (r.start, len, true)
        } else {
            let len = self.new_available(*conn_credit).min(fit(self.sent)).min(limit);
            (self.sent, len, false)
        };
        if len == 0 {
            return None;
        }
        if retransmission {
            self.retx.remove(offset..offset + len);
        } else {
            self.sent += len;
            *conn_credit -= len;
        }
        let frame = FrameRef { stream: 0, offset, len: len as u32, fin: self.final_size == Some(offset + len) };
        Some(Taken { frame, retransmission, wire: stream_frame_header(self.id, offset, len) + len as u32 })
    }

    /// A packet carrying `f` was declared lost: queue what is not acknowledged yet.
    pub fn on_lost(&mut self, f: &FrameRef) {
        let r = f.offset..f.offset + f.len as u64;
        let gaps: Vec<_> = self.acked.gaps(&r).collect();
        for g in gaps {
            self.retx.insert(g);
        }
    }

    pub fn on_acked(&mut self, f: &FrameRef) {
        if f.len > 0 {
            let r = f.offset..f.offset + f.len as u64;
            self.acked.insert(r.clone());
            // A probe may have queued data that has arrived after all.
            self.retx.remove(r);
        }
    }

    /// Bytes held for sending: unsent written data plus lost data (for an endless source,
    /// what flow control would let it send now).
    pub fn queued_bytes(&self) -> u64 {
        let retx: u64 = self.retx.iter().map(|r| r.end - r.start).sum();
        let unsent = if self.endless { self.peer_max.saturating_sub(self.sent) } else { self.written - self.sent };
        retx + unsent
    }

    /// Every byte up to the final size acknowledged.
    pub fn all_acked(&self) -> bool {
        self.final_size.is_some_and(|f| self.acked.gaps(&(0..f)).next().is_none())
    }
}

/// The receiving half of a stream.
#[derive(Debug, Default)]
pub struct RecvStream {
    pub received: RangeSet<u64>,
    /// Bytes readable in order (the application reads at once).
    pub read: u64,
    pub final_size: Option<u64>,
    /// MAX_STREAM_DATA last advertised.
    pub max_data: u64,
}

impl RecvStream {
    /// Returns how many bytes became readable.
    pub fn on_frame(&mut self, f: &FrameRef) -> u64 {
        if f.fin {
            self.final_size = Some(f.offset + f.len as u64);
        }
        if f.len > 0 {
            self.received.insert(f.offset..f.offset + f.len as u64);
        }
        let before = self.read;
        if let Some(r) = self.received.get(&self.read) {
            self.read = r.end;
        }
        self.read - before
    }

    pub fn complete(&self) -> bool {
        self.final_size.is_some_and(|f| self.read >= f)
    }
}

#[derive(Debug, Clone, Copy, serde::Serialize, serde::Deserialize, Default, PartialEq, Eq, ts_rs::TS, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TelemetryMix {
    /// Commands a ground station sends (the control direction).
    #[default]
    GroundToDrone,
    /// Telemetry a drone reports.
    DroneToGround,
    /// Both directions' messages on one stream.
    Both,
}

/// A distribution of positive numbers: a plain number is a constant.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, PartialEq, ts_rs::TS, schemars::JsonSchema)]
#[serde(untagged)]
pub enum Dist {
    Fixed(f64),
    Shaped(DistShape),
}

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, PartialEq, ts_rs::TS, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DistShape {
    /// Uniform on [a, b].
    Uniform([f64; 2]),
    /// Exponential with this mean (Poisson arrivals when used for gaps).
    Exponential(f64),
    /// These values in turn, repeated.
    List(Vec<f64>),
}

impl Dist {
    /// The mean, for sanity limits.
    pub fn mean(&self) -> f64 {
        match self {
            Dist::Fixed(v) => *v,
            Dist::Shaped(DistShape::Exponential(m)) => *m,
            Dist::Shaped(DistShape::Uniform([a, b])) => (a + b) / 2.0,
            Dist::Shaped(DistShape::List(xs)) => xs.iter().sum::<f64>() / xs.len().max(1) as f64,
        }
    }
}

/// A sampler for a [`Dist`], drawing from the stream's own RNG.
#[derive(Debug, Clone)]
pub struct Sampler {
    dist: Dist,
    next: usize,
}

impl Sampler {
    pub fn new(dist: Dist) -> Self {
        Sampler { dist, next: 0 }
    }

    pub fn sample(&mut self, rng: &mut SimRng) -> f64 {
        match &self.dist {
            Dist::Fixed(v) => *v,
            Dist::Shaped(DistShape::Uniform([a, b])) => {
                if a == b {
                    *a
                } else {
                    rng.random_range(*a..=*b)
                }
            }
            Dist::Shaped(DistShape::Exponential(mean)) => {
                Exp::new(1.0 / mean).map(|e| e.sample(rng)).unwrap_or(*mean)
            }
            Dist::Shaped(DistShape::List(xs)) => {
                let x = xs[self.next % xs.len()];
                self.next += 1;
                x
            }
        }
    }
}

/// One message type of the telemetry mix.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct MixEntry {
    #[allow(dead_code)]
    name: String,
    payload_min: u32,
    payload_max: u32,
    rate_hz: f64,
}

#[derive(Debug, serde::Deserialize)]
struct MixFile {
    frame_overhead_bytes: u32,
    ground_to_drone: Vec<MixEntry>,
    drone_to_ground: Vec<MixEntry>,
}

/// MAVLink v2 common-dialect message mix (copied from the lab's shared data file).
const MAVLINK_MIX: &str = include_str!("mavlink-mix.json");

/// An application writing to one stream.
#[derive(Debug)]
pub enum Source {
    /// Writes everything at the start.
    Bulk,
    Messages { size: Sampler, size_bytes: Option<f64>, interval: Sampler, left: Option<u64>, start: Time },
    Telemetry { types: Vec<MixEntry>, overhead: u32, next: Vec<Time>, jitter: f64 },
}

impl Source {
    /// Messages whose sizes (`size`, or a fixed `size_bytes`) and gaps (ms) are drawn from
    /// distributions, `count` of them (absent = no end), the first `start` after the flow's.
    pub fn messages(size: Option<Dist>, size_bytes: Option<f64>, interval_ms: Dist, count: Option<u64>, start: Time) -> Self {
        Source::Messages {
            size: Sampler::new(size.unwrap_or(Dist::Fixed(0.0))),
            size_bytes,
            interval: Sampler::new(interval_ms),
            left: count,
            start,
        }
    }

    /// The MAVLink telemetry `mix`, each interval varied by ±`jitter`.
    pub fn telemetry(mix: TelemetryMix, jitter: f64) -> Self {
        // Parsed as a JSON value and read by the engine's one JSON reader (engine/json.rs), not
        // deserialised from the text: that would compile MixFile once more for the text reader.
        let value = serde_json::from_str(MAVLINK_MIX).expect("the bundled mix is JSON");
        let file: MixFile = crate::engine::json::from_json(value).expect("the bundled mix parses");
        let types = match mix {
            TelemetryMix::GroundToDrone => file.ground_to_drone,
            TelemetryMix::DroneToGround => file.drone_to_ground,
            TelemetryMix::Both => file.ground_to_drone.into_iter().chain(file.drone_to_ground).collect(),
        };
        Source::Telemetry { types, overhead: file.frame_overhead_bytes, next: Vec::new(), jitter }
    }

    /// The first write time for a flow starting at `start`; `None` for bulk (written at once).
    pub fn first_write(&mut self, start: Time, rng: &mut SimRng) -> Option<Time> {
        match self {
            Source::Bulk => None,
            Source::Messages { start: s, .. } => Some(start + *s),
            Source::Telemetry { types, next, .. } => {
                // Each message type starts at a random phase of its own period, so the types do
                // not all fire together at t = 0.
                *next = types.iter().map(|t| start + (rng.random::<f64>() * 1e9 / t.rate_hz) as Time).collect();
                next.iter().min().copied()
            }
        }
    }

    /// Messages due at `now` (sizes in bytes) and the next write time.
    pub fn fire(&mut self, now: Time, rng: &mut SimRng) -> (Vec<u64>, Option<Time>) {
        match self {
            Source::Bulk => (Vec::new(), None),
            Source::Messages { size, size_bytes, interval, left, .. } => {
                if *left == Some(0) {
                    return (Vec::new(), None);
                }
                let bytes = size_bytes.unwrap_or_else(|| size.sample(rng)).round().max(1.0) as u64;
                if let Some(l) = left {
                    *l -= 1;
                }
                let next = if *left == Some(0) { None } else { Some(now + millis(interval.sample(rng).max(0.0))) };
                (vec![bytes], next)
            }
            Source::Telemetry { types, overhead, next, jitter } => {
                let mut out = Vec::new();
                for (t, at) in types.iter().zip(next.iter_mut()) {
                    if *at > now {
                        continue;
                    }
                    let payload = rng.random_range(t.payload_min..=t.payload_max);
                    out.push((payload + *overhead) as u64);
                    let j = if *jitter > 0.0 { rng.random_range(-*jitter..=*jitter) } else { 0.0 };
                    *at = now + ((1.0 + j) * 1e9 / t.rate_hz).max(1.0) as Time;
                }
                (out, next.iter().min().copied())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::derive_rng;

    #[test]
    fn lost_data_goes_first_and_acked_data_is_not_resent() {
        let mut s = SendStream::new(4, 1_000_000);
        s.written = 5000;
        let mut credit = 1_000_000;
        let a = s.take(1200, u64::MAX, &mut credit).unwrap();
        assert_eq!((a.frame.offset, a.retransmission), (0, false));
        assert_eq!(a.wire, 1200, "a frame fills the room it is given");
        let b = s.take(1200, u64::MAX, &mut credit).unwrap();
        s.on_acked(&FrameRef { offset: 0, len: 100, ..a.frame });
        s.on_lost(&a.frame);
        let c = s.take(1200, u64::MAX, &mut credit).unwrap();
        assert!(c.retransmission);
        assert_eq!((c.frame.offset, c.frame.len as u64), (100, a.frame.len as u64 - 100), "only the unacknowledged part");
        let d = s.take(1200, u64::MAX, &mut credit).unwrap();
        assert_eq!(d.frame.offset, b.frame.offset + b.frame.len as u64, "then new data");
        assert_eq!(credit, 1_000_000 - s.sent, "retransmissions use no connection credit");
    }

    #[test]
    fn flow_control_limits_new_data() {
        let mut s = SendStream::new(0, 1000);
        s.endless = true;
        let mut credit = 600;
        let a = s.take(1200, u64::MAX, &mut credit).unwrap();
        assert_eq!(a.frame.len, 600, "connection credit");
        assert!(!s.has_data(credit));
        credit = 10_000;
        let b = s.take(1200, u64::MAX, &mut credit).unwrap();
        assert_eq!(b.frame.len, 400, "stream credit");
        assert!(!s.has_data(credit));
        s.peer_max = 5000;
        assert!(s.has_data(credit));
    }

    #[test]
    fn receiver_reads_in_order_only() {
        let mut r = RecvStream::default();
        assert_eq!(r.on_frame(&FrameRef { stream: 0, offset: 100, len: 50, fin: true }), 0);
        assert_eq!(r.on_frame(&FrameRef { stream: 0, offset: 0, len: 100, fin: false }), 150);
        assert!(r.complete());
    }

    #[test]
    fn telemetry_mix_rates_and_sizes() {
        let mut src = Source::telemetry(TelemetryMix::GroundToDrone, 0.2);
        let mut rng = derive_rng(1, "t", 0);
        let mut t = src.first_write(0, &mut rng).unwrap();
        let mut sizes = Vec::new();
        while t < 100 * crate::engine::time::NS_PER_S {
            let (m, next) = src.fire(t, &mut rng);
            sizes.extend(m);
            t = next.unwrap();
        }
        // 20 + 10 + 1 + 0.2 messages per second.
        let per_s = sizes.len() as f64 / 100.0;
        assert!((per_s - 31.2).abs() < 1.0, "{per_s} messages/s");
        assert!(sizes.iter().all(|&s| (9 + 12..=53 + 12).contains(&s)));
    }

    #[test]
    fn message_source_counts_and_lists() {
        let mut src = Source::messages(Some(Dist::Shaped(DistShape::List(vec![10.0, 20.0]))), None, Dist::Fixed(5.0), Some(3), 0);
        let mut rng = derive_rng(1, "m", 0);
        let t0 = src.first_write(1000, &mut rng).unwrap();
        let (a, n1) = src.fire(t0, &mut rng);
        let (b, n2) = src.fire(n1.unwrap(), &mut rng);
        let (c, n3) = src.fire(n2.unwrap(), &mut rng);
        assert_eq!((a, b, c), (vec![10], vec![20], vec![10]));
        assert_eq!(n1, Some(1000 + 5_000_000));
        assert_eq!(n3, None, "three messages, then done");
    }
}
