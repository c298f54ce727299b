//! Per-size-class time series of an MPTCP flow-scheduling run (issue 30 item 7): what the
//! short flows do over time, over the same flows the headline's FCT statistics count.
//!
//! Generated MPTCP connections record no per-flow series (a run of 10⁵ flows would hold
//! 10⁵ × 4 series), so the lab's per-flow charts could only draw the long background flows and
//! the first listed arrivals, which under load all start in the warm-up. FSFS (Ye et al. 2018,
//! docs/spec/ALGORITHMS.md §2.3) is about where each size class's packets go: short flows on the
//! one or two lowest-RTT paths, long ones on all of them. So at every sample tick the engine
//! records, per class G0 … G3, over the flows `metrics/classes.rs` counts (size-classed, started
//! at or after the warm-up):
//!
//! - `class/<G>/active`: flows of the class running (started, not every byte delivered), the
//!   same lifetime rule as the per-flow series (sim/flow_series.rs `Lifetime`);
//! - `class/<G>/goodput`: the bytes those flows delivered in order since the previous tick, in
//!   Mbit/s, summed over the class (a flow that completed during the tick counts its last bytes);
//! - `class/<G>/inflight`: their packets in flight, summed over every subflow;
//! - `class/<G>/srtt`: the smoothed RTT of their subflows weighted by each subflow's packets in
//!   flight (ms): the RTT the class's data sees, low when the class is kept on fast paths.
//!   No point when the class has nothing in flight (or no RTT sample yet).
//!
//! Nothing is recorded before the warm-up ends (those flows are not the headline's). Cost: the
//! headline's flows are listed once by start time; a tick visits only the flows running since the
//! previous one (bounded by the load, not by the run's flow count). The four series per class
//! are thinned like every other series (metrics/series.rs), and the two lists are counted in the
//! memory budget (sim/budget.rs).

use super::{Agent, World};
use crate::engine::time::{to_millis, to_secs, Time};
use crate::metrics::SeriesId;

/// The series of one class.
#[derive(Debug, Clone, Copy)]
struct ClassIds {
    active: SeriesId,
    goodput: SeriesId,
    inflight: SeriesId,
    srtt: SeriesId,
}

/// One class's numbers at a tick.
#[derive(Debug, Clone, Copy, Default)]
struct Acc {
    active: u32,
    /// Bytes delivered in order since the last goodput point.
    bytes: u64,
    inflight: u64,
    /// Σ in-flight × sRTT (ms) over the class's subflows that have an RTT sample, and Σ in-flight
    /// over them.
    weighted_rtt_ms: f64,
    rtt_weight: u64,
}

/// The per-class series and the flows they are taken over.
pub struct ClassSeries {
    /// The classes some counted flow has, in name order (G0 … G3, as mptcp/flow_sched names
    /// them), with their series.
    classes: Vec<ClassIds>,
    /// The class (index into `classes`) of each flow in `order`, by the same index.
    class_of: Vec<u8>,
    /// The counted flows (size-classed, starting at or after the warm-up), by start time.
    order: Vec<u32>,
    /// Flows in `order` before this index have started.
    cursor: usize,
    /// Started flows that were running at the last tick, with their bytes delivered then, and
    /// the index of their class.
    live: Vec<(u32, u64, u8)>,
    /// Bytes delivered per class not yet in a goodput point, and when the last point was taken.
    pending: Vec<u64>,
    last_t: f64,
    warmup: Time,
}

impl ClassSeries {
    /// Registers the series of every class a counted flow has (call once the flows are built);
    /// `None` when the run has fewer than two size-classed flows after the warm-up: every
    /// non-MPTCP run, and ECF-3's one file, whose own series already say all a per-class line
    /// would (the page shows no FCT distribution for one transfer either).
    pub fn register(w: &mut World, warmup: Time) -> Option<ClassSeries> {
        let mut order: Vec<u32> = (0..w.flows.len() as u32)
            .filter(|&i| {
                let f = &w.flows[i as usize];
                f.size_class.is_some() && f.size_bytes.is_some() && f.start >= warmup
            })
            .collect();
        if order.len() < 2 {
            return None;
        }
        order.sort_by_key(|&i| (w.flows[i as usize].start, i));
        let class_name = |i: u32| w.flows[i as usize].size_class.expect("filtered above");
        let mut names: Vec<&'static str> = order.iter().map(|&i| class_name(i)).collect();
        names.sort_unstable();
        names.dedup();
        let class_of: Vec<u8> = order.iter().map(|&i| names.iter().position(|&c| c == class_name(i)).expect("listed") as u8).collect();
        let classes: Vec<ClassIds> = names
            .iter()
            .map(|&name| ClassIds {
                active: w.rec.register("class", name, "active", "flows", None),
                goodput: w.rec.register("class", name, "goodput", "Mbit/s", None),
                inflight: w.rec.register("class", name, "inflight", "packets", None),
                srtt: w.rec.register("class", name, "srtt", "ms", None),
            })
            .collect();
        let pending = vec![0; classes.len()];
        Some(ClassSeries { classes, class_of, order, cursor: 0, live: Vec::new(), pending, last_t: to_secs(warmup), warmup })
    }

    /// Heap bytes of the lists (the memory budget's "fast" part: `live` grows with the load).
    pub fn memory_bytes(&self) -> usize {
        self.order.capacity() * 4 + self.class_of.capacity() + self.live.capacity() * std::mem::size_of::<(u32, u64, u8)>() + self.pending.capacity() * 8
    }

    /// One tick: a point on each class's series (none before the warm-up ends).
    pub fn sample(&mut self, w: &mut World, agents: &[Box<dyn Agent>]) {
        let now = w.now;
        if now < self.warmup {
            return;
        }
        while let Some(&i) = self.order.get(self.cursor) {
            if w.flows[i as usize].start > now {
                break;
            }
            self.live.push((i, 0, self.class_of[self.cursor]));
            self.cursor += 1;
        }
        let mut acc = vec![Acc::default(); self.classes.len()];
        let flows = &w.flows;
        self.live.retain_mut(|(i, last, c)| {
            let f = &flows[*i as usize];
            let a = &mut acc[*c as usize];
            a.bytes += f.bytes_delivered - *last;
            *last = f.bytes_delivered;
            if f.completed_at.is_some_and(|done| done <= now) {
                return false;
            }
            a.active += 1;
            agents[f.sender as usize].flight_by_path(&mut |in_flight, srtt| {
                a.inflight += in_flight as u64;
                if srtt > 0 {
                    a.weighted_rtt_ms += in_flight as f64 * to_millis(srtt);
                    a.rtt_weight += in_flight as u64;
                }
            });
            true
        });
        let t = to_secs(now);
        let dt = t - self.last_t;
        for (c, ids) in self.classes.iter().enumerate() {
            let a = &acc[c];
            self.pending[c] += a.bytes;
            w.rec.push(ids.active, t, a.active as f64);
            w.rec.push(ids.inflight, t, a.inflight as f64);
            if a.rtt_weight > 0 {
                w.rec.push(ids.srtt, t, a.weighted_rtt_ms / a.rtt_weight as f64);
            }
            if dt > 0.0 {
                w.rec.push(ids.goodput, t, self.pending[c] as f64 * 8.0 / dt / 1e6);
                self.pending[c] = 0;
            }
        }
        if dt > 0.0 {
            self.last_t = t;
        }
    }
}
