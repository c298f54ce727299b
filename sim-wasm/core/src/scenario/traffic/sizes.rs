//! Flow-size distributions, sampled by inverse CDF from one uniform draw.
//!
//! - `web_search`: the public web-search workload CDF (docs/spec/ALGORITHMS.md §2.3), linear
//!   interpolation between its points.
//! - `pareto`: bounded Pareto on [min, max] with shape α:
//!   `x = L / (1 − u·(1 − (L/H)^α))^(1/α)`.
//! - `fixed`: every flow the same size.
//! - `cdf`: the user's own (bytes, cumulative probability) points, interpolated linearly.

use crate::scenario::ScenarioError;
use serde::{Deserialize, Serialize};

/// The web-search CDF: (bytes, P[size ≤ bytes]).
pub const WEB_SEARCH: &[(f64, f64)] = &[
    (0.0, 0.0),
    (10e3, 0.15),
    (20e3, 0.20),
    (30e3, 0.30),
    (50e3, 0.40),
    (80e3, 0.53),
    (200e3, 0.60),
    (1e6, 0.70),
    (2e6, 0.80),
    (5e6, 0.90),
    (10e6, 0.97),
    (30e6, 1.0),
];

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, ts_rs::TS, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SizeDist {
    WebSearch,
    Pareto { shape: f64, min_bytes: f64, max_bytes: f64 },
    Fixed { bytes: u64 },
    Cdf { points: Vec<(f64, f64)> },
}

/// Inverse of a piecewise-linear CDF.
pub fn inverse_cdf(points: &[(f64, f64)], u: f64) -> f64 {
    let Some(&(first_x, first_p)) = points.first() else { return 1.0 };
    if u <= first_p {
        return first_x;
    }
    for w in points.windows(2) {
        let ((x0, p0), (x1, p1)) = (w[0], w[1]);
        if u <= p1 {
            return if p1 > p0 { x0 + (u - p0) / (p1 - p0) * (x1 - x0) } else { x1 };
        }
    }
    points.last().map_or(1.0, |p| p.0)
}

impl SizeDist {
    /// A size in bytes (at least 1) for the uniform draw `u` ∈ [0, 1).
    pub fn sample(&self, u: f64) -> u64 {
        let x = match self {
            SizeDist::WebSearch => inverse_cdf(WEB_SEARCH, u),
            SizeDist::Pareto { shape, min_bytes, max_bytes } => {
                let (l, h, a) = (*min_bytes, *max_bytes, *shape);
                l / (1.0 - u * (1.0 - (l / h).powf(a))).powf(1.0 / a)
            }
            SizeDist::Fixed { bytes } => *bytes as f64,
            SizeDist::Cdf { points } => inverse_cdf(points, u),
        };
        (x.round() as u64).max(1)
    }

    pub fn validate(&self, at: &str) -> Result<(), ScenarioError> {
        let e = |f: &str, m: String| Err(ScenarioError::new(format!("{at}.{f}"), m));
        match self {
            SizeDist::WebSearch => Ok(()),
            SizeDist::Fixed { bytes } => if *bytes == 0 { e("bytes", "must be > 0".into()) } else { Ok(()) },
            SizeDist::Pareto { shape, min_bytes, max_bytes } => {
                if !(shape.is_finite() && *shape > 0.0) {
                    return e("shape", format!("must be > 0 (got {shape})"));
                }
                if !(min_bytes.is_finite() && *min_bytes >= 1.0) {
                    return e("min_bytes", format!("must be ≥ 1 (got {min_bytes})"));
                }
                if !(max_bytes.is_finite() && max_bytes > min_bytes && *max_bytes <= 1e12) {
                    return e("max_bytes", format!("must be in (min_bytes, 1e12] (got {max_bytes})"));
                }
                Ok(())
            }
            SizeDist::Cdf { points } => {
                if points.len() < 2 {
                    return e("points", "needs at least two [bytes, probability] points".into());
                }
                for (i, &(x, p)) in points.iter().enumerate() {
                    if !(x.is_finite() && (0.0..=1e12).contains(&x)) {
                        return e(&format!("points[{i}]"), format!("bytes must be in [0, 1e12] (got {x})"));
                    }
                    if !(0.0..=1.0).contains(&p) {
                        return e(&format!("points[{i}]"), format!("probability must be in [0, 1] (got {p})"));
                    }
                    if i > 0 && (x < points[i - 1].0 || p < points[i - 1].1) {
                        return e(&format!("points[{i}]"), "bytes and probabilities must not decrease".into());
                    }
                }
                if points.last().map(|p| p.1) != Some(1.0) {
                    return e("points", "the last probability must be 1".into());
                }
                if points.last().map(|p| p.0) < Some(1.0) {
                    return e("points", "the largest size must be ≥ 1 byte".into());
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn web_search_inverse_cdf() {
        let d = SizeDist::WebSearch;
        assert_eq!(d.sample(0.15), 10_000);
        assert_eq!(d.sample(0.175), 15_000, "halfway between 10K (.15) and 20K (.20)");
        assert_eq!(d.sample(0.53), 80_000);
        assert_eq!(d.sample(0.999_999), 29_999_333, "10M + (0.999999 − 0.97)/0.03 · 20M");
        assert_eq!(d.sample(0.0), 1, "never an empty flow");
        // The median of many draws sits near 80 KB (CDF 0.53 there).
        let mut xs: Vec<u64> = (0..1000).map(|i| d.sample((i as f64 + 0.5) / 1000.0)).collect();
        xs.sort();
        assert!((60_000..80_000).contains(&xs[500]), "{}", xs[500]);
    }

    #[test]
    fn bounded_pareto_stays_in_bounds() {
        let d = SizeDist::Pareto { shape: 1.2, min_bytes: 10_000.0, max_bytes: 10e6 };
        assert_eq!(d.sample(0.0), 10_000);
        assert!((9_999_000..=10_000_000).contains(&d.sample(0.999_999_999)));
        let mean = (0..10_000).map(|i| d.sample((i as f64 + 0.5) / 10_000.0) as f64).sum::<f64>() / 1e4;
        // Analytic mean α/(α−1)·L·(1 − (L/H)^(α−1)) / (1 − (L/H)^α) ≈ 44.9 kB.
        assert!((40e3..50e3).contains(&mean), "{mean}");
    }

    #[test]
    fn user_cdf_is_checked() {
        let bad = SizeDist::Cdf { points: vec![(0.0, 0.0), (100.0, 0.5), (50.0, 1.0)] };
        assert_eq!(bad.validate("traffic.size").unwrap_err().path, "traffic.size.points[2]");
        let ok = SizeDist::Cdf { points: vec![(1000.0, 0.0), (2000.0, 1.0)] };
        assert!(ok.validate("x").is_ok());
        assert_eq!(ok.sample(0.5), 1500);
    }
}
