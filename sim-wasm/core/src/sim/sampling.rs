//! The periodic samples the run loop takes of the world: each reported link's queue, drops
//! and sojourn, and Jain's index of the flows' goodputs so far. The series they fill are
//! registered here too; what they mean is told in metrics/summary.rs and docs/model/metrics.md.

use super::World;
use crate::engine::time::{to_millis, Time};
use crate::metrics::summary::LinkSeries;
use crate::metrics::{jain, SeriesId};

/// Links worth reporting: the ones the scenario describes (bottleneck, paths). The access,
/// egress and reverse links the topology adds are lossless with unlimited buffers and only
/// add a fixed delay.
pub fn reported_links(w: &World) -> Vec<u32> {
    (0..w.net.links.len() as u32).filter(|&i| w.net.links[i as usize].reported).collect()
}

pub fn register_link_series(w: &mut World) -> Vec<LinkSeries> {
    reported_links(w)
        .into_iter()
        .map(|link| {
            let name = w.net.links[link as usize].name.clone();
            LinkSeries {
                link,
                queue: w.rec.register("link", &name, "queue", "bytes", None),
                queue_packets: w.rec.register("link", &name, "queue_packets", "packets", None),
                drops: w.rec.register("link", &name, "drops", "packets", None),
                sojourn: w.rec.register("link", &name, "sojourn", "ms", None),
            }
        })
        .collect()
}

pub fn sample_links(w: &mut World, series: &[LinkSeries], t_s: f64) {
    let now = w.now;
    for s in series {
        let link = &mut w.net.links[s.link as usize];
        let (bytes, packets) = link.queue_at(now);
        let drops = link.stats.queue_drops + link.stats.wire_losses;
        w.rec.push(s.queue, t_s, bytes as f64);
        w.rec.push(s.queue_packets, t_s, packets as f64);
        let sojourn = to_millis(link.sojourn_now(now));
        w.rec.push(s.drops, t_s, drops as f64);
        w.rec.push(s.sojourn, t_s, sojourn);
    }
}

/// Jain's index of the flows' goodputs since the warm-up (bulk flows, or every flow when none
/// is bulk), so the chart converges on the summary's value.
pub fn sample_jain(w: &mut World, id: SeriesId, warmup: Time, t_s: f64, flows: &[u32]) {
    if w.now <= warmup {
        return;
    }
    let xs: Vec<f64> = flows
        .iter()
        .map(|&i| &w.flows[i as usize])
        .filter(|f| f.start <= w.now)
        .map(|f| f.bytes_delivered.saturating_sub(f.bytes_at_warmup) as f64)
        .collect();
    if let Some(j) = jain(&xs) {
        w.rec.push(id, t_s, j);
    }
}

