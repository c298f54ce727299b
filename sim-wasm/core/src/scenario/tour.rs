//! Guided tours: a preset's 3–6 annotated moments, which the lab plays one by one (it pauses
//! the run at each, shows the stop's title and text, and highlights a band of the named
//! chart's time axis around it).
//!
//! A tour is authored in the preset JSON (`tour`) and must describe what the run shows: a stop
//! that names an engine `event` (`"cc_state:probe_rtt"`, `"rto"`, `"flow_completed"`) is
//! checked by tests/tour.rs, which runs the preset and asserts the event log has that event
//! within the stop's band. The event names are the `type` field of the engine's log
//! ([`crate::metrics::EventKind`], as the CLI trace and the page's timeline show them); a
//! `cc_state` anchor may name the state entered after a colon.
//!
//! What [`validate`] checks, each failure naming the field (`tour[2].at_s`):
//! - every variant that has stops (the preset as written, "full", and each named variant) has
//!   3–6 of them, in strictly increasing `at_s`;
//! - `variant` names "full" or one of the preset's variants;
//! - titles and texts are non-empty and short enough for a callout on a projector;
//! - `at_s` and `span_s` are finite and non-negative (positive for a span); a stop marked for a
//!   variant that sets its own `duration_s` lies within it.
//!
//! A stop for the preset as written is not checked against `duration_s` here: a knob may
//! shorten the run (tcp-dumbbell's `duration_s` knob), and refusing the scenario for it would
//! refuse a legitimate setting. The page shows only the stops inside the run; tests/tour.rs
//! checks every preset's stops against the runs they belong to.

use super::validate::MAX_DURATION_S;
use super::{LocalText, Scenario, ScenarioError};
use serde::{Deserialize, Serialize};

/// Fewest and most stops a variant's tour may have: fewer is not a tour, more loses a class.
pub const STOPS_RANGE: (usize, usize) = (3, 6);
/// Longest stop title, characters: one line in the callout.
pub const MAX_TITLE_CHARS: usize = 80;
/// Longest stop text, characters: about three sentences, readable in projector mode.
pub const MAX_TEXT_CHARS: usize = 500;
/// The band's width when a stop gives none: this fraction of the run's duration.
pub const DEFAULT_SPAN_FRACTION: f64 = 0.05;
/// The variant name of the preset as written (no overrides), as the page's menus call it.
pub const FULL: &str = "full";

/// The engine log's event types a stop may anchor on (`EventKind`'s `type` names).
pub const EVENTS: &[&str] = &[
    "cc_state",
    "cc_gain",
    "hystart_exit",
    "fast_retransmit",
    "tail_loss_probe",
    "ecn_echo",
    "rto",
    "drop",
    "flow_completed",
    "stream_pick",
    "packets_lost",
    "pto",
    "mptcp_sched",
    "mptcp_paths",
];

/// A time-axis chart of the lab, by kind (the page's id for it is `chart-<kind>`): what a tour
/// stop highlights. The page's chart catalogue (web/src/charts/catalogue.ts) describes every
/// kind — its series, title and unit — and its type check fails when a kind here has none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ChartKind {
    /// Congestion window and packets in flight per flow.
    Cwnd,
    /// Goodput per flow.
    Throughput,
    /// Queue of each reported link.
    Queue,
    /// Queueing delay (sojourn time) at each reported link.
    QueueDelay,
    /// Smoothed RTT per flow.
    Rtt,
    /// Jain's fairness index over time.
    Jain,
    /// BBR's pacing gain per flow.
    PacingGain,
    /// Pacing rate and estimated bottleneck bandwidth per flow.
    PacingRate,
    /// BBR-A's φ, P_up and P_down.
    BbrA,
    /// An MPTCP connection's subflow windows.
    SubflowCwnd,
    /// An MPTCP connection's receive buffer.
    RecvBuffer,
    /// Bytes delivered per QUIC stream.
    StreamDelivered,
    /// Bytes queued per QUIC stream.
    StreamQueued,
    /// MPTCP flow scheduling: flows running per size class, over the flows the headline counts
    /// (sim/class_series.rs).
    ClassActive,
}

/// One annotated moment of a guided tour.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TourStop {
    /// Simulated time of the moment, seconds: the run pauses here.
    #[schemars(extend("x-unit" = "s"))]
    pub at_s: f64,
    /// A short headline for the callout ("PROBE_RTT: both flows drop to 4 packets").
    pub title: LocalText,
    /// One to three sentences: what to look at and why it happens.
    pub text: LocalText,
    /// The chart to scroll to and highlight.
    pub chart: ChartKind,
    /// Width of the highlighted band, centred on `at_s`, seconds (absent: 5 % of the run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-unit" = "s"))]
    pub span_s: Option<f64>,
    /// The only variant this stop applies to ("full" = the preset as written); absent: all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// An engine event the run has within the band, e.g. "cc_state:probe_rtt", "rto",
    /// "flow_completed" (checked by tests/tour.rs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
}

impl TourStop {
    /// Whether the stop shows in `variant` (None = the preset as written).
    pub fn applies_to(&self, variant: Option<&str>) -> bool {
        variant_matches(self.variant.as_deref(), variant)
    }

    /// The highlighted band [start, end] in a run of `duration_s` seconds.
    pub fn band(&self, duration_s: f64) -> (f64, f64) {
        let span = self.span_s.unwrap_or(duration_s * DEFAULT_SPAN_FRACTION);
        ((self.at_s - span / 2.0).max(0.0), self.at_s + span / 2.0)
    }

    /// The anchor split into the event type and the optional detail (`cc_state:probe_rtt`).
    pub fn anchor(&self) -> Option<(&str, Option<&str>)> {
        let e = self.event.as_deref()?;
        Some(match e.split_once(':') {
            Some((kind, detail)) => (kind, Some(detail)),
            None => (e, None),
        })
    }
}

/// Whether something marked for `mark` ("full", a variant's name, or None = every run) belongs
/// to the run of `variant` (None = the preset as written): tour stops and worksheet questions.
pub fn variant_matches(mark: Option<&str>, variant: Option<&str>) -> bool {
    match (mark, variant) {
        (None, _) => true,
        (Some(v), None) => v == FULL,
        (Some(v), Some(w)) => v == w,
    }
}

fn err(path: String, message: impl Into<String>) -> Result<(), ScenarioError> {
    Err(ScenarioError::new(path, message))
}

/// The tour's checks (module header); `s.tour` empty is no tour, and valid.
pub fn validate(s: &Scenario) -> Result<(), ScenarioError> {
    if s.tour.is_empty() {
        return Ok(());
    }
    let named: Vec<&str> = s.variants.keys().map(String::as_str).collect();
    for (i, stop) in s.tour.iter().enumerate() {
        let p = |f: &str| format!("tour[{i}].{f}");
        if !stop.at_s.is_finite() || stop.at_s < 0.0 || stop.at_s > MAX_DURATION_S {
            return err(p("at_s"), format!("must be a time from 0 to {MAX_DURATION_S} s (got {})", stop.at_s));
        }
        if let Some(span) = stop.span_s {
            if !span.is_finite() || span <= 0.0 || span > MAX_DURATION_S {
                return err(p("span_s"), format!("must be a positive width in seconds, at most {MAX_DURATION_S} (got {span})"));
            }
        }
        for (field, text, max) in [("title", &stop.title, MAX_TITLE_CHARS), ("text", &stop.text, MAX_TEXT_CHARS)] {
            text.check(&p(field), max)?;
        }
        if let Some(v) = &stop.variant {
            if v != FULL && !named.contains(&v.as_str()) {
                let mut known = vec![FULL];
                known.extend(&named);
                return err(p("variant"), format!("'{v}' is not one of: {}", known.join(", ")));
            }
            // A variant that sets its own duration: the stop must lie inside that run.
            let limit = s.variants.get(v).and_then(|o| o.get("duration_s")).and_then(|d| d.as_f64());
            if let Some(d) = limit.filter(|d| stop.at_s > *d) {
                return err(p("at_s"), format!("{} s is after the end of the '{v}' run ({d} s)", stop.at_s));
            }
        }
        if let Some((kind, detail)) = stop.anchor() {
            if !EVENTS.contains(&kind) {
                return err(p("event"), format!("unknown event '{kind}' (expected one of: {})", EVENTS.join(", ")));
            }
            if let Some(d) = detail {
                if kind != "cc_state" {
                    return err(p("event"), format!("only cc_state takes a detail (the state entered, e.g. cc_state:probe_rtt); got '{kind}:{d}'"));
                }
                if d.is_empty() || !d.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                    return err(p("event"), format!("'{d}' is not a state name (lower case, e.g. probe_rtt, recovery)"));
                }
            }
        }
    }
    // Each variant's own sequence: 3–6 stops, strictly increasing in time.
    for variant in std::iter::once(None).chain(named.iter().map(|v| Some(*v))) {
        let stops: Vec<(usize, &TourStop)> = s.tour.iter().enumerate().filter(|(_, t)| t.applies_to(variant)).collect();
        let name = variant.unwrap_or(FULL);
        if !stops.is_empty() && !(STOPS_RANGE.0..=STOPS_RANGE.1).contains(&stops.len()) {
            return err(
                "tour".into(),
                format!("the '{name}' run has {} stops; a tour has {} to {}", stops.len(), STOPS_RANGE.0, STOPS_RANGE.1),
            );
        }
        for w in stops.windows(2) {
            let ((_, a), (j, b)) = (w[0], w[1]);
            if b.at_s <= a.at_s {
                return err(format!("tour[{j}].at_s"), format!("{} s does not come after the previous stop of the '{name}' run ({} s)", b.at_s, a.at_s));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::scenario;
    use serde_json::{json, Value};

    fn stop(at: f64) -> Value {
        json!({ "at_s": at, "title": "Slow start ends", "text": "The window stops doubling.", "chart": "cwnd" })
    }

    fn with_tour(tour: Value) -> Result<scenario::Scenario, scenario::ScenarioError> {
        scenario::from_value(json!({
            "duration_s": 30,
            "topology": { "kind": "dumbbell", "bottleneck": { "rate_mbps": 10, "delay_ms": 1, "buffer": { "bdp": 1 } }, "senders": [{ "rtt_ms": 10 }] },
            "flows": [{ "cc": "reno" }],
            "variants": { "quick": { "duration_s": 10 } },
            "tour": tour
        }))
    }

    fn error(tour: Value) -> String {
        with_tour(tour).unwrap_err().to_string()
    }

    #[test]
    fn a_good_tour_parses_with_variant_marks_and_anchors() {
        let mut late = stop(20.0);
        late["variant"] = json!("full");
        let mut anchored = stop(1.0);
        anchored["event"] = json!("cc_state:congestion_avoidance");
        anchored["span_s"] = json!(0.5);
        let s = with_tour(json!([anchored, stop(4.0), stop(8.0), late])).unwrap();
        assert_eq!(s.tour.len(), 4);
        assert!(s.tour[3].applies_to(None) && !s.tour[3].applies_to(Some("quick")));
        assert_eq!(s.tour[0].band(10.0), (0.75, 1.25));
        assert_eq!(s.tour[1].band(10.0), (3.75, 4.25), "no span: 5 % of the run");
    }

    #[test]
    fn a_bad_tour_names_the_field() {
        assert_eq!(error(json!([stop(1.0), stop(2.0)])), "tour: the 'full' run has 2 stops; a tour has 3 to 6");
        assert_eq!(error(json!([stop(1.0), stop(3.0), stop(2.0)])), "tour[2].at_s: 2 s does not come after the previous stop of the 'full' run (3 s)");
        let mut empty = stop(3.0);
        empty["text"] = json!("  ");
        assert_eq!(error(json!([stop(1.0), stop(2.0), empty])), "tour[2].text: is empty");
        let mut chart = stop(3.0);
        chart["chart"] = json!("fairness");
        let e = error(json!([stop(1.0), stop(2.0), chart]));
        assert!(e.starts_with("tour[2].chart: unknown variant `fairness`") && e.contains("queue-delay"), "{e}");
        let mut late = stop(12.0);
        late["variant"] = json!("quick");
        assert_eq!(error(json!([stop(1.0), stop(2.0), late])), "tour[2].at_s: 12 s is after the end of the 'quick' run (10 s)");
        let mut unknown = stop(3.0);
        unknown["variant"] = json!("slow");
        assert_eq!(error(json!([stop(1.0), stop(2.0), unknown])), "tour[2].variant: 'slow' is not one of: full, quick");
        let mut ev = stop(3.0);
        ev["event"] = json!("timeout");
        assert!(error(json!([stop(1.0), stop(2.0), ev])).starts_with("tour[2].event: unknown event 'timeout' (expected one of: cc_state"));
        let mut neg = stop(-1.0);
        neg["span_s"] = json!(1);
        assert_eq!(error(json!([neg, stop(2.0), stop(3.0)])), "tour[0].at_s: must be a time from 0 to 100000 s (got -1)");
        let mut span = stop(1.0);
        span["span_s"] = json!(0);
        assert!(error(json!([span, stop(2.0), stop(3.0)])).starts_with("tour[0].span_s: must be a positive width"));
    }

    #[test]
    fn each_variant_counts_its_own_stops() {
        // Three shared stops and one for the full run only: quick has 3, full has 4.
        let mut full = stop(20.0);
        full["variant"] = json!("full");
        assert!(with_tour(json!([stop(1.0), stop(2.0), stop(3.0), full])).is_ok());
        // Two shared stops and one quick-only stop: the full run has only two.
        let mut quick = stop(5.0);
        quick["variant"] = json!("quick");
        assert_eq!(error(json!([stop(1.0), stop(2.0), quick])), "tour: the 'full' run has 2 stops; a tour has 3 to 6");
    }
}
