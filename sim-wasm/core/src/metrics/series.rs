//! Time series with bounded memory.
//!
//! Each series keeps at most `max_points`; when full, every other point is dropped and the
//! series keeps only every second future sample (then every fourth, …), so a 200 s run and a
//! 2-hour run use the same memory and still span the whole run evenly. Live consumers (the
//! page) can also take every new point as it is recorded, through a stream that is drained on
//! each read.

use serde::Serialize;

pub type SeriesId = u32;

#[derive(Debug, Clone, Serialize)]
pub struct SeriesMeta {
    /// "flow/f1/cwnd", "link/bottleneck/queue".
    pub key: String,
    pub scope: &'static str,
    pub owner: String,
    pub metric: &'static str,
    pub label: String,
    pub unit: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
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
}

impl Recorder {
    pub fn new(max_points: usize) -> Self {
        Recorder { meta: Vec::new(), series: Vec::new(), max_points: (max_points.max(16) + 1) & !1, stream: None }
        // (An even bound keeps thinned points evenly spaced.)
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
        self.meta.push(SeriesMeta {
            key: format!("{scope}/{owner}/{metric}"),
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
        let s = &mut self.series[id as usize];
        s.pending += 1;
        if s.pending < s.stride {
            return;
        }
        s.pending = 0;
        s.points.push((t_s, value));
        if s.points.len() >= self.max_points {
            // Thin 2:1 and halve the future sampling rate to match.
            // The bound is even, so the newest point is among those dropped: one old stride
            // of samples has already passed since the newest kept point.
            let kept: Vec<_> = s.points.iter().copied().step_by(2).collect();
            s.points = kept;
            s.pending = s.stride;
            s.stride *= 2;
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
