//! One per-flow recorder: the time series a sending endpoint records at each sample tick, the
//! same for a TCP sender, an MPTCP connection's subflows and a QUIC connection.
//!
//! Before this recorder each transport registered and pushed its own series and they had
//! drifted apart (QUIC flows recorded neither BBR's bandwidth estimate nor BBR-A's φ, P_up and
//! P_down). Now a transport says which endpoint-level series it has — [`FlowSeriesSet`] — and
//! hands the recorder its numbers at each tick ([`FlowReading`]); everything the congestion
//! controller reports (state, pacing rate and gain, bottleneck-bandwidth estimate, its extra
//! metrics) is read from the controller here, once, for all of them.
//!
//! Series, in registration order (the page finds them by owner and metric name):
//! `cwnd` and `inflight` (packets), `srtt` (ms), `delivery_rate` (Mbit/s, when the transport
//! samples it), `goodput` (Mbit/s over the last tick, when the flow's own), `state` (an index
//! into the controller's state names), `pacing_rate` (Mbit/s) and `pacing_gain` for a paced
//! controller, `btl_bw` (Mbit/s) for a BBR-family one, and the controller's extra metrics.

use crate::cc::CongestionControl;
use crate::engine::time::{to_millis, Time};
use crate::metrics::{Recorder, SeriesId};

/// Which endpoint-level series an owner records (the controller's are registered when
/// [`FlowRecorder::register`] is given the controller, and decided by it).
#[derive(Debug, Clone, Copy)]
pub struct FlowSeriesSet {
    /// The delivery-rate sample of the latest ACK (tcp_rate.c): TCP senders.
    pub delivery_rate: bool,
    /// Goodput over the last tick from the flow's delivered bytes: a whole flow (an MPTCP
    /// subflow's goodput is its connection's, recorded by the connection).
    pub goodput: bool,
}

impl FlowSeriesSet {
    /// Everything: a TCP flow.
    pub const ALL: FlowSeriesSet = FlowSeriesSet { delivery_rate: true, goodput: true };
    /// Window, flight and RTT only: an MPTCP subflow (its connection records the goodput).
    pub const WINDOW: FlowSeriesSet = FlowSeriesSet { delivery_rate: false, goodput: false };
}

/// The state series' names after the controller's own: outside the flow's lifetime.
pub const NOT_STARTED: &str = "not started";
pub const DONE: &str = "done";

/// Where a sample tick falls in a flow's life.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lifetime {
    /// Before the flow's start time.
    NotStarted,
    /// Started, and the receiver does not yet hold every byte.
    Active,
    /// The receiver held every byte at or before this tick.
    Done,
}

impl Lifetime {
    /// The lifetime at `now` of a flow that starts at `start` and completed at `completed_at`.
    pub fn at(now: Time, start: Time, completed_at: Option<Time>) -> Self {
        if now < start {
            Lifetime::NotStarted
        } else if completed_at.is_some_and(|c| c <= now) {
            Lifetime::Done
        } else {
            Lifetime::Active
        }
    }
}

/// An endpoint's numbers at one tick.
#[derive(Debug, Clone, Copy)]
pub struct FlowReading {
    pub in_flight: u32,
    /// Smoothed RTT; `None` before the first sample (nothing is recorded then).
    pub srtt: Option<Time>,
    /// Latest delivery-rate sample, bit/s.
    pub delivery_rate_bps: f64,
    /// The flow's delivered payload bytes so far (for goodput).
    pub bytes_delivered: u64,
    /// Where the tick falls in the flow's life.
    pub life: Lifetime,
}

#[derive(Debug)]
pub struct FlowRecorder {
    cwnd: SeriesId,
    inflight: SeriesId,
    srtt: SeriesId,
    delivery_rate: Option<SeriesId>,
    goodput: Option<SeriesId>,
    state: Option<SeriesId>,
    pacing: Option<(SeriesId, SeriesId)>,
    btl_bw: Option<SeriesId>,
    extra: Vec<SeriesId>,
    /// Index of [`NOT_STARTED`] in the state series' names ([`DONE`] follows it).
    idle_state: f64,
    last_bytes: u64,
    last_t: f64,
    /// The goodput of the interval in which the flow finished is recorded.
    closed: bool,
}

impl FlowRecorder {
    /// Register `owner`'s series in `rec`: those of `set`, and with `controller` its state,
    /// pacing, bandwidth estimate and extra metrics (what it reports decides which).
    pub fn register(rec: &mut Recorder, owner: &str, set: FlowSeriesSet, controller: Option<&dyn CongestionControl>) -> Self {
        let mut reg = |metric: &'static str, unit: &'static str| rec.register("flow", owner, metric, unit, None);
        let cwnd = reg("cwnd", "packets");
        let inflight = reg("inflight", "packets");
        let srtt = reg("srtt", "ms");
        let delivery_rate = set.delivery_rate.then(|| reg("delivery_rate", "Mbit/s"));
        let goodput = set.goodput.then(|| reg("goodput", "Mbit/s"));
        let (state, pacing, btl_bw, extra) = if let Some(cc) = controller {
            let m = cc.metrics();
            let names: Vec<&'static str> = cc.state_names().iter().copied().chain([NOT_STARTED, DONE]).collect();
            let state = rec.register("flow", owner, "state", "state", Some(names));
            let pacing = cc.pacing_rate().map(|_| {
                (rec.register("flow", owner, "pacing_rate", "Mbit/s", None), rec.register("flow", owner, "pacing_gain", "×", None))
            });
            let btl_bw = m.btl_bw.map(|_| rec.register("flow", owner, "btl_bw", "Mbit/s", None));
            let extra = cc.extra_metric_names().iter().map(|n| rec.register("flow", owner, n, "", None)).collect();
            (Some(state), pacing, btl_bw, extra)
        } else {
            (None, None, None, Vec::new())
        };
        let idle_state = controller.map_or(0.0, |cc| cc.state_names().len() as f64);
        FlowRecorder { cwnd, inflight, srtt, delivery_rate, goodput, state, pacing, btl_bw, extra, idle_state, last_bytes: 0, last_t: 0.0, closed: false }
    }

    /// Record one tick at `t` seconds.
    pub fn record(&mut self, rec: &mut Recorder, t: f64, cc: &dyn CongestionControl, r: &FlowReading) {
        match r.life {
            Lifetime::Active => {}
            Lifetime::NotStarted => {
                // Goodput is measured from the start, not from t = 0.
                self.last_bytes = r.bytes_delivered;
                self.last_t = t;
                if let Some(state) = self.state {
                    rec.push(state, t, self.idle_state);
                }
                return;
            }
            Lifetime::Done => {
                if !self.closed {
                    self.closed = true;
                    self.push_goodput(rec, t, r.bytes_delivered);
                }
                if let Some(state) = self.state {
                    rec.push(state, t, self.idle_state + 1.0);
                }
                return;
            }
        }
        rec.push(self.cwnd, t, cc.cwnd() as f64);
        rec.push(self.inflight, t, r.in_flight as f64);
        // No RTT before the first sample (a 0 would read as a measured RTT).
        if let Some(srtt) = r.srtt {
            rec.push(self.srtt, t, to_millis(srtt));
        }
        if let Some(id) = self.delivery_rate {
            rec.push(id, t, r.delivery_rate_bps / 1e6);
        }
        self.push_goodput(rec, t, r.bytes_delivered);
        let Some(state) = self.state else { return };
        let m = cc.metrics();
        rec.push(state, t, m.state as f64);
        if let Some((rate_id, gain_id)) = self.pacing {
            rec.push(rate_id, t, cc.pacing_rate().unwrap_or(0.0) * 8.0 / 1e6);
            rec.push(gain_id, t, m.pacing_gain.unwrap_or(1.0));
        }
        if let Some(id) = self.btl_bw {
            rec.push(id, t, m.btl_bw.unwrap_or(0.0) * 8.0 / 1e6);
        }
        for (id, v) in self.extra.iter().zip(m.extra.iter()) {
            rec.push(*id, t, *v);
        }
    }

    /// Goodput over the interval since the last recorded tick.
    fn push_goodput(&mut self, rec: &mut Recorder, t: f64, bytes_delivered: u64) {
        let Some(id) = self.goodput else { return };
        let dt = t - self.last_t;
        let goodput = if dt > 0.0 { (bytes_delivered - self.last_bytes) as f64 * 8.0 / dt / 1e6 } else { 0.0 };
        self.last_bytes = bytes_delivered;
        self.last_t = t;
        rec.push(id, t, goodput);
    }
}
