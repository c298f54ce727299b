//! Flow-completion statistics by size class (docs/spec/ALGORITHMS.md §2.3 metrics): for every flow an
//! MPTCP flow scheduler classified (G0 … G3) that started after the warm-up, the mean, median
//! and 99th-percentile FCT of those that completed, per class and over all; the mean
//! throughput (bytes / FCT) of long (G3) flows and of all of them. A flow still running at
//! the end counts in the throughput means with the bytes it delivered over the time it has
//! been running (**choice**: leaving it out would favour whichever scheme starves long
//! flows), and in `unfinished`, not in the FCT statistics.
//!
//! `fct_samples` lists, per class, the completed flows' FCTs the statistics were taken over
//! (sorted, thinned evenly to at most [`MAX_LISTED_FCTS`]): what the page's FCT CDF draws, so
//! the curve covers the same flows as the headline's numbers rather than the first flows the
//! summary lists (traffic.list_flows), which under load all start in the warm-up (issue 30
//! item 7). The digest hashes it (metrics/summary.rs), so the goldens cover the curve too.

use crate::engine::time::{to_secs, Time};
use crate::metrics::FlowStats;
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Serialize, PartialEq, ts_rs::TS)]
pub struct ClassStats {
    /// Flows of the class that completed.
    pub count: u64,
    /// Flows of the class still running at the end (docs/spec/DESIGN.md's summary contract names it).
    pub unfinished: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub mean_s: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub p50_s: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub p99_s: Option<f64>,
}

/// FCTs listed per class in `fct_samples` at most (a CDF of 500 steps is smooth on screen).
pub const MAX_LISTED_FCTS: usize = 500;

/// Sorted values thinned evenly over their ranks to at most `max` (the first and the last
/// kept), which keeps a distribution's shape for a box plot or a CDF.
pub fn thin_sorted(sorted: Vec<f64>, max: usize) -> Vec<f64> {
    let n = sorted.len();
    if n <= max || max < 2 {
        return sorted;
    }
    (0..max).map(|i| sorted[i * (n - 1) / (max - 1)]).collect()
}

/// Nearest-rank percentile of sorted values.
pub fn percentile(sorted: &[f64], p: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil().max(1.0) as usize;
    Some(sorted[rank.min(sorted.len()) - 1])
}

fn stats(mut fcts: Vec<f64>, unfinished: u64) -> ClassStats {
    fcts.sort_by(f64::total_cmp);
    let n = fcts.len();
    ClassStats {
        count: n as u64,
        unfinished,
        mean_s: (n > 0).then(|| fcts.iter().sum::<f64>() / n as f64),
        p50_s: percentile(&fcts, 50.0),
        p99_s: percentile(&fcts, 99.0),
    }
}

pub struct ClassMetrics {
    pub fct_by_class: BTreeMap<String, ClassStats>,
    pub long_flow_mbps: Option<f64>,
    pub mean_flow_mbps: Option<f64>,
    /// Per class (and "all"), the completed flows' FCTs, sorted and thinned ([`MAX_LISTED_FCTS`]).
    pub fct_samples: BTreeMap<String, Vec<f64>>,
}

/// `None` when no flow has a size class (no MPTCP in the run), so other summaries are
/// unchanged.
pub fn compute(flows: &[FlowStats], warmup: Time, now: Time) -> Option<ClassMetrics> {
    let classed: Vec<&FlowStats> =
        flows.iter().filter(|f| f.size_class.is_some() && f.size_bytes.is_some() && f.start >= warmup && f.start <= now).collect();
    if !flows.iter().any(|f| f.size_class.is_some()) {
        return None;
    }
    let mut by: BTreeMap<String, (Vec<f64>, u64)> = BTreeMap::new();
    let mut all = (Vec::new(), 0u64);
    let mut long_tp = Vec::new();
    let mut all_tp = Vec::new();
    for f in classed {
        let class = f.size_class.unwrap_or("G3");
        let e = by.entry(class.to_string()).or_default();
        let end = f.completed_at.unwrap_or(now);
        match f.completed_at {
            Some(c) => {
                let fct = to_secs(c - f.start);
                e.0.push(fct);
                all.0.push(fct);
            }
            None => {
                e.1 += 1;
                all.1 += 1;
            }
        }
        let life = to_secs(end.saturating_sub(f.start));
        if life > 0.0 {
            let mbps = f.bytes_delivered as f64 * 8.0 / life / 1e6;
            all_tp.push(mbps);
            if class == "G3" {
                long_tp.push(mbps);
            }
        }
    }
    let mean = |v: &[f64]| (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64);
    let sample = |v: &[f64]| {
        let mut v = v.to_vec();
        v.sort_by(f64::total_cmp);
        thin_sorted(v, MAX_LISTED_FCTS)
    };
    let mut fct_samples: BTreeMap<String, Vec<f64>> = by.iter().map(|(k, (v, _))| (k.clone(), sample(v))).collect();
    fct_samples.insert("all".into(), sample(&all.0));
    let mut fct_by_class: BTreeMap<String, ClassStats> = by.into_iter().map(|(k, (v, inc))| (k, stats(v, inc))).collect();
    fct_by_class.insert("all".into(), stats(all.0, all.1));
    Some(ClassMetrics { fct_by_class, long_flow_mbps: mean(&long_tp), mean_flow_mbps: mean(&all_tp), fct_samples })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let v: Vec<f64> = (1..=100).map(|x| x as f64).collect();
        assert_eq!(percentile(&v, 50.0), Some(50.0));
        assert_eq!(percentile(&v, 99.0), Some(99.0));
        assert_eq!(percentile(&[3.0], 99.0), Some(3.0));
        assert_eq!(percentile(&[], 50.0), None);
    }

    #[test]
    fn classes_skip_warmup_and_count_unfinished() {
        let s = 1_000_000_000;
        let f = |class, start, done: Option<u64>, bytes| FlowStats {
            size_class: Some(class),
            size_bytes: Some(bytes),
            start,
            completed_at: done,
            bytes_delivered: bytes,
            ..FlowStats::default()
        };
        let flows = vec![
            f("G0", 0, Some(s), 1000),               // before the warm-up: ignored
            f("G0", 2 * s, Some(3 * s), 125_000),    // 1 s, 1 Mbit/s
            f("G0", 2 * s, Some(5 * s), 125_000),    // 3 s
            f("G3", 2 * s, None, 1_250_000),         // running: 10 Mbit over 8 s
        ];
        let m = compute(&flows, s, 10 * s).unwrap();
        let g0 = &m.fct_by_class["G0"];
        assert_eq!((g0.count, g0.unfinished, g0.mean_s), (2, 0, Some(2.0)));
        assert_eq!(m.fct_by_class["G3"].unfinished, 1);
        assert_eq!(m.fct_by_class["all"].count, 2);
        assert_eq!(m.long_flow_mbps, Some(1.25));
        assert!(compute(&[FlowStats::default()], 0, s).is_none(), "no MPTCP, no class metrics");
        // The CDF's sample: the completed flows after the warm-up, sorted, none of the warm-up's.
        assert_eq!(m.fct_samples["G0"], vec![1.0, 3.0]);
        assert_eq!(m.fct_samples["all"], vec![1.0, 3.0]);
        assert!(m.fct_samples["G3"].is_empty(), "the running G3 flow has no FCT");
    }

    /// Issue 30 item 7: the CDF covers every flow the class statistics count, thinned evenly.
    #[test]
    fn fct_samples_cover_the_counted_flows_thinned_evenly() {
        let s = 1_000_000_000u64;
        let flows: Vec<FlowStats> = (0..2000u64)
            .map(|i| FlowStats {
                size_class: Some("G0"),
                size_bytes: Some(1000),
                start: s + i,
                completed_at: Some(s + i + (i + 1) * 1_000_000),
                ..FlowStats::default()
            })
            .collect();
        let m = compute(&flows, s, 10 * s).unwrap();
        let v = &m.fct_samples["G0"];
        assert_eq!(v.len(), MAX_LISTED_FCTS);
        assert!(v.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!((v[0], *v.last().unwrap()), (0.001, 2.0), "the shortest and the longest FCT are kept");
        assert_eq!(thin_sorted(vec![1.0, 2.0], 500), vec![1.0, 2.0]);
    }
}
