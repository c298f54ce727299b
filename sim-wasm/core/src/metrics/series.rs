//! Time series with bounded memory.
//!
//! Each series keeps at most `max_points`; when full, every other point is dropped and the
//! series keeps only every second future sample (then every fourth, …), so a 200 s run and a
//! 2-hour run use the same memory and still span the whole run evenly. Live consumers (the
//! page) can also take every new point as it is recorded, through a stream that is drained on
//! each read.

use serde::Serialize;

pub type SeriesId = u32;

/// Declares [`SeriesMetric`]: each metric's variant and its name in series keys and
/// `SeriesMeta::metric`, written once.
macro_rules! series_metrics {
    ($($(#[$doc:meta])* $variant:ident = $name:literal,)*) => {
        /// Every metric the engine records a series of, by the name series keys carry
        /// (`flow/f1/cwnd`). Generated into the page's types (web/src/generated/SeriesMetric.ts),
        /// so the page's chart catalogue names metrics by this type rather than by strings
        /// matched by hand; a series registered under a name not listed here fails
        /// tests/generated.rs.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
        pub enum SeriesMetric {
            $($(#[$doc])* #[serde(rename = $name)] $variant,)*
        }

        impl SeriesMetric {
            pub const ALL: &'static [SeriesMetric] = &[$(SeriesMetric::$variant,)*];

            /// The metric's name in series keys.
            pub fn name(self) -> &'static str {
                match self {
                    $(SeriesMetric::$variant => $name,)*
                }
            }

            pub fn from_name(name: &str) -> Option<SeriesMetric> {
                Self::ALL.iter().copied().find(|m| m.name() == name)
            }
        }
    };
}

series_metrics! {
    /// Congestion window (packets), per flow and per subflow.
    Cwnd = "cwnd",
    /// Packets in flight.
    Inflight = "inflight",
    /// Smoothed RTT (ms).
    Srtt = "srtt",
    /// Delivery-rate samples (Mbit/s).
    DeliveryRate = "delivery_rate",
    /// Goodput (Mbit/s).
    Goodput = "goodput",
    /// The congestion controller's state (an index into `SeriesMeta::states`).
    State = "state",
    /// Pacing rate (Mbit/s) of paced senders.
    PacingRate = "pacing_rate",
    /// BBR's pacing gain (×).
    PacingGain = "pacing_gain",
    /// BBR's bottleneck-bandwidth estimate (Mbit/s).
    BtlBw = "btl_bw",
    /// BBR-A's φ (a controller's extra metric).
    Phi = "phi",
    /// BBR-A's up-probing gain.
    PUp = "p_up",
    /// BBR-A's down-probing gain.
    PDown = "p_down",
    /// LIA's coupling factor α.
    Alpha = "alpha",
    /// A reported link's queue (bytes).
    Queue = "queue",
    /// A reported link's queue (packets).
    QueuePackets = "queue_packets",
    /// Packets a reported link dropped.
    Drops = "drops",
    /// Queueing delay at a reported link (ms).
    Sojourn = "sojourn",
    /// Jain's fairness index over the bulk flows (the whole run's).
    Jain = "jain",
    /// An MPTCP connection's out-of-order receive buffer (bytes).
    RecvBuffer = "recv_buffer",
    /// A QUIC stream's bytes written, not yet sent.
    QueuedBytes = "queued_bytes",
    /// A QUIC stream's bytes readable at the receiver.
    DeliveredBytes = "delivered_bytes",
    /// Flows of a size class running (sim/class_series.rs).
    Active = "active",
}

#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct SeriesMeta {
    /// "flow/f1/cwnd", "link/bottleneck/queue".
    pub key: String,
    /// What the series belongs to: a flow, a reported link, the whole run, a QUIC stream, or
    /// an MPTCP size class (owner "G0" … "G3": the flows of the class the headline counts,
    /// sim/class_series.rs).
    #[ts(type = "'flow' | 'link' | 'run' | 'stream' | 'class'")]
    pub scope: &'static str,
    pub owner: String,
    #[ts(as = "SeriesMetric")]
    pub metric: &'static str,
    pub label: String,
    pub unit: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub states: Option<Vec<&'static str>>,
}

#[derive(Debug, Clone, Default)]
pub struct Series {
    pub points: Vec<(f64, f64)>,
    stride: u32,
    pending: u32,
}

pub struct Recorder {
    pub meta: Vec<SeriesMeta>,
    pub series: Vec<Series>,
    max_points: usize,
    /// New points as flattened (series, t_s, value) triples, when a live consumer wants them.
    stream: Option<Vec<f64>>,
    /// Heap bytes of the kept points and the series' names, kept up to date as points are
    /// pushed so the memory budget can read it every event for free.
    heap_bytes: usize,
    /// Most bytes the recorder may hold (the run's memory budget less everything else,
    /// set by the engine): a series that would grow beyond it keeps its point out instead and
    /// raises `over_budget`, so one sample tick cannot overshoot the budget.
    pub budget: usize,
    /// A point was refused because of `budget`: the run must stop.
    pub over_budget: bool,
}

/// Bytes of one kept point.
const POINT_BYTES: usize = std::mem::size_of::<(f64, f64)>();

/// Smallest growth of a series' allocation, in points (512 bytes).
const GROW_MIN_POINTS: usize = 32;

/// What an allocation of `n` bytes costs in a typical allocator: an 8-byte header, rounded up
/// to 16, at least 32 (0 for none).
pub fn alloc_size(n: usize) -> usize {
    if n == 0 { 0 } else { ((n + 8 + 15) & !15).max(32) }
}

impl Recorder {
    pub fn new(max_points: usize) -> Self {
        // (An even bound keeps thinned points evenly spaced.)
        let max_points = (max_points.clamp(16, usize::MAX / 2) + 1) & !1;
        Recorder { meta: Vec::new(), series: Vec::new(), max_points, stream: None, heap_bytes: 0, budget: usize::MAX, over_budget: false }
    }

    /// Heap bytes this recorder holds: every series' points (by capacity: what is allocated),
    /// names and metadata, and the live stream not yet taken.
    pub fn memory_bytes(&self) -> usize {
        self.heap_bytes
            + self.meta.capacity() * std::mem::size_of::<SeriesMeta>()
            + self.series.capacity() * std::mem::size_of::<Series>()
            + self.stream.as_ref().map_or(0, |s| s.capacity() * 8)
    }

    /// Start collecting every new point for [`Recorder::take_stream`].
    pub fn enable_stream(&mut self) {
        self.stream.get_or_insert_with(Vec::new);
    }

    pub fn take_stream(&mut self) -> Vec<f64> {
        self.stream.as_mut().map(std::mem::take).unwrap_or_default()
    }

    pub fn register(
        &mut self,
        scope: &'static str,
        owner: &str,
        metric: &'static str,
        unit: &'static str,
        states: Option<Vec<&'static str>>,
    ) -> SeriesId {
        let key = format!("{scope}/{owner}/{metric}");
        // Three strings (key, owner, label) and the state names, each one allocation.
        self.heap_bytes += [key.len(), owner.len(), metric.len(), states.as_ref().map_or(0, |s| s.len() * 16)]
            .into_iter()
            .map(alloc_size)
            .sum::<usize>();
        self.meta.push(SeriesMeta {
            key,
            scope,
            owner: owner.to_string(),
            metric,
            label: metric.replace('_', " "),
            unit,
            states,
        });
        self.series.push(Series { stride: 1, ..Series::default() });
        (self.series.len() - 1) as SeriesId
    }

    pub fn push(&mut self, id: SeriesId, t_s: f64, value: f64) {
        if let Some(stream) = &mut self.stream {
            stream.extend_from_slice(&[id as f64, t_s, value]);
        }
        let series_cap = self.series.capacity();
        let s = &mut self.series[id as usize];
        s.pending += 1;
        if s.pending < s.stride {
            return;
        }
        s.pending = 0;
        let cap = s.points.capacity();
        if s.points.len() == cap {
            let grow = (cap / 2).max(GROW_MIN_POINTS).min(self.max_points.saturating_sub(cap).max(1));
            let more = alloc_size((cap + grow) * POINT_BYTES) - alloc_size(cap * POINT_BYTES);
            let held = self.heap_bytes
                + self.meta.capacity() * std::mem::size_of::<SeriesMeta>()
                + series_cap * std::mem::size_of::<Series>()
                + self.stream.as_ref().map_or(0, |st| st.capacity() * 8);
            if held + more > self.budget {
                self.over_budget = true;
                return;
            }
            // Grow by half rather than doubling: thousands of series grow in step, and right
            // after they double the allocation (which the memory budget counts) is twice what
            // is written (what is resident), which stopped runs 12 % below their budget. With
            // ×1.5 the estimate stays within 3 % of the resident size; copying costs 3× the
            // final size instead of 2× (≈ 2 % of a 1000-flow run). Amortised O(1) per point.
            s.points.reserve_exact(grow);
            self.heap_bytes += alloc_size(s.points.capacity() * POINT_BYTES) - alloc_size(cap * POINT_BYTES);
        }
        s.points.push((t_s, value));
        if s.points.len() >= self.max_points {
            // Thin 2:1 and halve the future sampling rate to match.
            // The bound is even, so the newest point is among those dropped: one old stride
            // of samples has already passed since the newest kept point.
            let full = s.points.capacity();
            let kept: Vec<_> = s.points.iter().copied().step_by(2).collect();
            s.points = kept;
            s.pending = s.stride;
            s.stride = s.stride.saturating_mul(2);
            self.heap_bytes = self.heap_bytes + alloc_size(s.points.capacity() * POINT_BYTES) - alloc_size(full * POINT_BYTES);
        }
    }

    pub fn find(&self, key: &str) -> Option<&Series> {
        self.meta.iter().position(|m| m.key == key).map(|i| &self.series[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_stays_bounded_and_spans_the_run() {
        let mut r = Recorder::new(100);
        let id = r.register("flow", "f1", "cwnd", "packets", None);
        for i in 0..100_000 {
            r.push(id, i as f64, i as f64);
        }
        let pts = &r.series[0].points;
        assert!(pts.len() < 100, "kept {}", pts.len());
        assert_eq!(pts[0].0, 0.0);
        assert!(pts.last().unwrap().0 > 95_000.0, "the series still reaches the end of the run");
        // Evenly spaced after thinning.
        let gaps: Vec<f64> = pts.windows(2).map(|w| w[1].0 - w[0].0).collect();
        assert!(gaps.iter().all(|g| *g == gaps[0]));
    }

    #[test]
    fn memory_bytes_follows_the_points_kept() {
        let mut r = Recorder::new(1000);
        let empty = r.memory_bytes();
        let ids: Vec<_> = (0..10).map(|i| r.register("flow", &format!("f{i}"), "cwnd", "packets", None)).collect();
        for k in 0..100_000 {
            for &id in &ids {
                r.push(id, k as f64, 1.0);
            }
        }
        let points: usize = r.series.iter().map(|s| alloc_size(s.points.capacity() * POINT_BYTES)).sum();
        let m = r.memory_bytes() - empty;
        assert!(m >= points && m < points + 4096, "{m} vs {points}");
    }

    #[test]
    fn a_series_never_grows_beyond_the_budget() {
        let mut r = Recorder::new(1 << 20);
        let id = r.register("flow", "f1", "cwnd", "packets", None);
        r.budget = 100_000;
        for k in 0..100_000 {
            r.push(id, k as f64, 1.0);
        }
        assert!(r.over_budget);
        assert!(r.memory_bytes() <= 100_000, "{}", r.memory_bytes());
        assert!(r.series[0].points.len() > 2000, "kept points up to the budget");
    }

    #[test]
    fn stream_hands_out_each_point_once() {
        let mut r = Recorder::new(100);
        let id = r.register("link", "bottleneck", "queue", "bytes", None);
        r.push(id, 0.5, 3.0);
        assert!(r.take_stream().is_empty(), "no stream until enabled");
        r.enable_stream();
        r.push(id, 1.0, 4.0);
        assert_eq!(r.take_stream(), vec![0.0, 1.0, 4.0]);
        assert!(r.take_stream().is_empty());
    }
}
