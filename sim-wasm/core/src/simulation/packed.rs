//! The page's live snapshot as typed arrays (issue 18, item 4).
//!
//! The page used to get the snapshot as JSON: every flow, link, packet mark and event, 15–30
//! times a second, ~570 kB per tick for runs with thousands of generated flows, parsed and
//! only then trimmed by the worker. Now the engine bounds it first
//! ([`Simulation::snapshot_bounded`]) and packs the bounded snapshot into columns:
//!
//! - two number buffers, one `Float64Array` and one `Float32Array`. The f64 buffer opens with
//!   the header ([`HEADER`]: time, counts, where this call's strings start) and then each
//!   table's row count; after that both buffers hold, table by table and column by column,
//!   one value per row (column-major, so each column is a run of numbers);
//! - strings (flow ids, link names, state names, reasons) are interned: a string column holds
//!   an index into a table the engine keeps per run, and each call hands out only the strings
//!   added since the previous one (`strings_base` says where they go), so the table crosses
//!   to the page once, not every tick;
//! - the events since the last snapshot, bounded ([`super::compact_events`], the snapshot's
//!   flows only, the newest that fit in [`SNAPSHOT_MAX_BYTES`]), as JSON.
//!
//! The layout — tables, columns, what each column means ([`ColKind`]) and which buffer holds it
//! ([`Store`]) — is one fact: the column lists below, each with the getter that fills it. The
//! page's decoder (web/src/lib/packedSnapshot.ts) reads the same lists from
//! web/src/generated/snapshot_layout.json, which tests/generated.rs writes from [`layout`],
//! and rebuilds a `Snapshot`-shaped object from them without naming a single column itself.
//! f32 holds what the page only draws (RTTs, rates, progress) and integers below 2^24; bytes
//! and counters that grow without bound stay f64. Packet times are stored as seconds after the
//! snapshot's `t_s` ([`ColKind::Since`]), where f32 is precise to well under a microsecond.

use super::{LinkSnapshot, PacketMark, Simulation, Snapshot};
use crate::metrics::LogEvent;
use crate::sim::{FlowSnapshot, StreamSnapshot, SubflowSnapshot};
use serde::Serialize;
use std::collections::HashMap;

/// How a column's numbers read back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum ColKind {
    /// A number as it is.
    Num,
    /// A number or null (NaN in the column).
    Opt,
    /// A number, or no field at all (NaN in the column): a field the JSON skips when absent.
    Omit,
    /// An index into the string table; NaN = the field is absent.
    Str,
    /// 0 = false, 1 = true.
    Bool,
    /// Simulated seconds, stored as the difference to the snapshot's `t_s`.
    Since,
    /// How many rows of the child table `table` belong to this row (they follow in order);
    /// NaN = the field is absent.
    Rows,
}

/// Which buffer holds a column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum Store {
    F64,
    F32,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct ColumnLayout {
    /// The field's name in the JSON snapshot (`Snapshot` and its parts).
    pub name: &'static str,
    pub kind: ColKind,
    pub store: Store,
    /// For [`ColKind::Rows`]: the child table.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub table: Option<&'static str>,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct TableLayout {
    /// "flows", "links", "packets" are the snapshot's fields; "subflows" and "streams" are
    /// the flows' children (a [`ColKind::Rows`] column of "flows" says how many each has).
    pub name: &'static str,
    pub columns: Vec<ColumnLayout>,
}

/// The whole layout, exported to the page as web/src/generated/snapshot_layout.json.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct SnapshotLayout {
    /// The f64 buffer's first values; then one row count per table, in table order.
    pub header: Vec<&'static str>,
    pub tables: Vec<TableLayout>,
}

/// The header's fields. `flows_total` is NaN when the snapshot holds every flow;
/// `strings_base` is the index of this call's first new string (0: a new table).
pub const HEADER: [&str; 4] = ["t_s", "packets_in_network", "flows_total", "strings_base"];

/// One cell as a getter sees it.
enum V<'a> {
    N(f64),
    O(Option<f64>),
    M(Option<f64>),
    /// A string, or no field at all (NaN).
    S(Option<&'a str>),
    B(bool),
    T(f64),
    R(Option<usize>),
}

struct Col<R: 'static> {
    name: &'static str,
    kind: ColKind,
    store: Store,
    child: Option<&'static str>,
    get: for<'a> fn(&'a R) -> V<'a>,
}

macro_rules! col {
    ($name:literal, $kind:ident, $store:ident, $get:expr) => {
        Col { name: $name, kind: ColKind::$kind, store: Store::$store, child: None, get: $get }
    };
    ($name:literal, Rows($child:literal), $get:expr) => {
        Col { name: $name, kind: ColKind::Rows, store: Store::F32, child: Some($child), get: $get }
    };
}

const FLOWS: &[Col<FlowSnapshot>] = &[
    col!("index", Num, F32, |f| V::N(f.index as f64)),
    col!("id", Str, F32, |f| V::S(Some(&f.id))),
    col!("cwnd", Num, F32, |f| V::N(f.cwnd as f64)),
    col!("inflight", Num, F32, |f| V::N(f.inflight as f64)),
    col!("srtt_ms", Num, F32, |f| V::N(f.srtt_ms)),
    col!("pacing_rate_mbps", Opt, F32, |f| V::O(f.pacing_rate_mbps)),
    col!("pacing_gain", Opt, F32, |f| V::O(f.pacing_gain)),
    col!("state", Str, F32, |f| V::S(Some(f.state))),
    col!("recv_buffer_bytes", Omit, F64, |f| V::M(f.recv_buffer_bytes.map(|b| b as f64))),
    col!("size_class", Str, F32, |f| V::S(f.size_class)),
    // As in the JSON: no `streams` field when there are none, no `subflows` unless MPTCP.
    col!("streams", Rows("streams"), |f| V::R(Some(f.streams.len()).filter(|&n| n > 0))),
    col!("subflows", Rows("subflows"), |f| V::R(f.subflows.as_ref().map(Vec::len))),
];

const SUBFLOWS: &[Col<SubflowSnapshot>] = &[
    col!("path", Num, F32, |s| V::N(s.path as f64)),
    col!("cwnd", Num, F32, |s| V::N(s.cwnd as f64)),
    col!("inflight", Num, F32, |s| V::N(s.inflight as f64)),
    col!("srtt_ms", Num, F32, |s| V::N(s.srtt_ms)),
    col!("bytes_share", Num, F32, |s| V::N(s.bytes_share)),
    col!("state", Str, F32, |s| V::S(Some(s.state))),
];

const STREAMS: &[Col<StreamSnapshot>] = &[
    col!("id", Num, F64, |s| V::N(s.id as f64)),
    col!("name", Str, F32, |s| V::S(Some(&s.name))),
    col!("queued_bytes", Num, F64, |s| V::N(s.queued_bytes as f64)),
    col!("delivered_bytes", Num, F64, |s| V::N(s.delivered_bytes as f64)),
    col!("weight", Num, F64, |s| V::N(s.weight as f64)),
    col!("priority", Num, F64, |s| V::N(s.priority as f64)),
    col!("urgency", Num, F32, |s| V::N(s.urgency as f64)),
    col!("incremental", Bool, F32, |s| V::B(s.incremental)),
    col!("picks", Num, F64, |s| V::N(s.picks as f64)),
    col!("last_pick_reason", Str, F32, |s| V::S(Some(s.last_pick_reason))),
];

const LINKS: &[Col<LinkSnapshot>] = &[
    col!("id", Str, F32, |l| V::S(Some(&l.id))),
    col!("queue_bytes", Num, F64, |l| V::N(l.queue_bytes as f64)),
    col!("queue_packets", Num, F64, |l| V::N(l.queue_packets as f64)),
    col!("drops", Num, F64, |l| V::N(l.drops as f64)),
    col!("buffer_bytes", Opt, F64, |l| V::O(l.buffer_bytes.map(|b| b as f64))),
    col!("sojourn_ms", Num, F64, |l| V::N(l.sojourn_ms)),
    col!("ecn_marks", Num, F64, |l| V::N(l.ecn_marks as f64)),
];

const PACKETS: &[Col<PacketMark>] = &[
    col!("link", Str, F32, |p| V::S(Some(&p.link))),
    col!("flow", Num, F32, |p| V::N(p.flow as f64)),
    col!("data", Bool, F32, |p| V::B(p.data)),
    col!("ce", Bool, F32, |p| V::B(p.ce)),
    col!("stream", Opt, F32, |p| V::O(p.stream.map(|s| s as f64))),
    col!("progress", Num, F32, |p| V::N(p.progress)),
    col!("tx_s", Since, F32, |p| V::T(p.tx_s)),
    col!("wire_s", Since, F32, |p| V::T(p.wire_s)),
    col!("arrive_s", Since, F32, |p| V::T(p.arrive_s)),
    // Exact (F64): a long run's segment numbers pass 2²⁴; "drop this packet" names it by it.
    col!("seq", Num, F64, |p| V::N(p.seq as f64)),
    col!("subflow", Opt, F32, |p| V::O(p.subflow.map(|s| s as f64))),
];

fn table<R>(name: &'static str, cols: &[Col<R>]) -> TableLayout {
    let columns = cols.iter().map(|c| ColumnLayout { name: c.name, kind: c.kind, store: c.store, table: c.child }).collect();
    TableLayout { name, columns }
}

/// The layout the page decodes with; the order of the tables is the order of the data.
pub fn layout() -> SnapshotLayout {
    SnapshotLayout {
        header: HEADER.to_vec(),
        tables: vec![
            table("flows", FLOWS),
            table("subflows", SUBFLOWS),
            table("streams", STREAMS),
            table("links", LINKS),
            table("packets", PACKETS),
        ],
    }
}

/// The run's string table: every string a packed snapshot has used, and how many of them
/// the caller has been handed.
#[derive(Debug, Default)]
pub struct Strings {
    table: Vec<String>,
    index: HashMap<String, u32>,
    sent: usize,
}

impl Strings {
    fn id(&mut self, s: &str) -> f64 {
        if let Some(&i) = self.index.get(s) {
            return i as f64;
        }
        let i = self.table.len() as u32;
        self.table.push(s.to_string());
        self.index.insert(s.to_string(), i);
        i as f64
    }
}

/// A packed snapshot: what the worker posts (the buffers transferred, not copied).
#[derive(Debug, Default)]
pub struct PackedSnapshot {
    pub f64s: Vec<f64>,
    pub f32s: Vec<f32>,
    /// The strings added since the previous call; they take indices from `strings_base` on.
    pub strings: Vec<String>,
    /// The newest of the bounded events since the previous snapshot that fit in what
    /// [`SNAPSHOT_MAX_BYTES`] leaves, in order, as a JSON array.
    pub events: String,
}

/// The page's budget for one snapshot (numbers, new strings and events), bytes.
pub const SNAPSHOT_MAX_BYTES: usize = 32 * 1024;

impl PackedSnapshot {
    /// Bytes posted: numbers, new strings and events; at most [`SNAPSHOT_MAX_BYTES`] unless the
    /// numbers alone are more (hundreds of charted MPTCP flows with many subflows each).
    pub fn bytes(&self) -> usize {
        self.f64s.len() * 8 + self.f32s.len() * 4 + self.strings.iter().map(String::len).sum::<usize>() + self.events.len()
    }
}

struct Packer<'s> {
    out: PackedSnapshot,
    strings: &'s mut Strings,
    t_s: f64,
}

impl Packer<'_> {
    fn columns<R>(&mut self, cols: &[Col<R>], rows: &[&R]) {
        for c in cols {
            for &r in rows {
                let v = match (c.get)(r) {
                    V::N(x) => x,
                    V::O(x) => x.unwrap_or(f64::NAN),
                    V::M(x) => x.unwrap_or(f64::NAN),
                    V::S(s) => s.map_or(f64::NAN, |s| self.strings.id(s)),
                    V::B(b) => f64::from(u8::from(b)),
                    V::T(t) => t - self.t_s,
                    V::R(n) => n.map_or(f64::NAN, |n| n as f64),
                };
                match c.store {
                    Store::F64 => self.out.f64s.push(v),
                    Store::F32 => self.out.f32s.push(v as f32),
                }
            }
        }
    }
}

/// Packs `snap` in the [`layout`], interning its strings in `strings`.
pub fn pack(snap: Snapshot, strings: &mut Strings) -> PackedSnapshot {
    let flows: Vec<&FlowSnapshot> = snap.flows.iter().collect();
    let subflows: Vec<&SubflowSnapshot> = snap.flows.iter().flat_map(|f| f.subflows.iter().flatten()).collect();
    let streams: Vec<&StreamSnapshot> = snap.flows.iter().flat_map(|f| f.streams.iter()).collect();
    let links: Vec<&LinkSnapshot> = snap.links.iter().collect();
    let packets: Vec<&PacketMark> = snap.packets.iter().collect();
    let base = strings.sent;
    let mut p = Packer { out: PackedSnapshot::default(), strings, t_s: snap.t_s };
    p.out.f64s.extend([
        snap.t_s,
        snap.packets_in_network as f64,
        snap.flows_total.map_or(f64::NAN, |n| n as f64),
        base as f64,
    ]);
    p.out.f64s.extend([flows.len(), subflows.len(), streams.len(), links.len(), packets.len()].map(|n| n as f64));
    p.columns(FLOWS, &flows);
    p.columns(SUBFLOWS, &subflows);
    p.columns(STREAMS, &streams);
    p.columns(LINKS, &links);
    p.columns(PACKETS, &packets);
    let mut out = p.out;
    out.strings = strings.table[base..].to_vec();
    strings.sent = strings.table.len();
    out.events = events_within(&snap.events, SNAPSHOT_MAX_BYTES.saturating_sub(out.bytes()));
    out
}

/// The newest `events` whose JSON fits in `budget` bytes, in order, as a JSON array. After a
/// seek or a long tick the events since the last snapshot are hundreds (MPTCP scheduler
/// decisions with their terms are ~200 bytes each); the page shows the newest (drop flashes,
/// the inspector's latest per flow), and what does not fit now is superseded by later ones.
fn events_within(events: &[LogEvent], budget: usize) -> String {
    let mut kept: Vec<String> = Vec::new();
    let mut used = 2;
    for e in events.iter().rev() {
        let Ok(text) = serde_json::to_string(e) else { continue };
        if used + text.len() + 1 > budget {
            break;
        }
        used += text.len() + 1;
        kept.push(text);
    }
    kept.reverse();
    format!("[{}]", kept.join(","))
}

impl Simulation {
    /// [`Simulation::snapshot_bounded`], packed: what the page's worker posts each tick.
    pub fn snapshot_packed(&mut self, max: usize) -> PackedSnapshot {
        let snap = self.snapshot_bounded(max);
        pack(snap, &mut self.strings)
    }

    /// Start a new string table: the next packed snapshot carries every string it uses again
    /// (with `strings_base` 0), for a reader that lost the table.
    pub fn reset_snapshot_strings(&mut self) {
        self.strings = Strings::default();
    }
}

#[cfg(test)]
mod tests {
    use super::super::SNAPSHOT_MAX_FLOWS;
    use super::*;
    use crate::scenario;

    /// The layout names each column once per table, and every child table a Rows column names
    /// exists: the decoder relies on both.
    #[test]
    fn layout_is_consistent() {
        let l = layout();
        let names: Vec<&str> = l.tables.iter().map(|t| t.name).collect();
        for t in &l.tables {
            let mut cols: Vec<&str> = t.columns.iter().map(|c| c.name).collect();
            cols.sort_unstable();
            cols.dedup();
            assert_eq!(cols.len(), t.columns.len(), "{}: a column named twice", t.name);
            for c in &t.columns {
                assert_eq!(c.kind == ColKind::Rows, c.table.is_some(), "{}.{}", t.name, c.name);
                if let Some(child) = c.table {
                    assert!(names.contains(&child), "{}.{} names no table", t.name, c.name);
                }
            }
        }
    }

    /// A run that generates thousands of flows: the packed snapshot holds at most the bound
    /// (first 64, up to 64 sending now, the charted ones), says how many flows there are,
    /// stays within 32 kB of numbers and strings at every tick, and sends each string once.
    #[test]
    fn many_flows_pack_within_the_bound() {
        // fsfs-load's shape: MPTCP connections arriving at random over ten paths, two
        // background flows per path; ~4 500 connections in 3 s.
        let v = serde_json::json!({
            "name": "many", "duration_s": 3.0,
            "topology": {"kind": "parallel", "paths": [{"rate_mbps": 50, "rtt_ms": 20, "rtt_ms_max": 60, "count": 10, "buffer": {"packets": 50}}]},
            "traffic": {"arrival_rate": 1500, "size": {"kind": "pareto", "shape": 1.2, "min_bytes": 2000, "max_bytes": 2000000},
                        "background_per_path": 2, "mptcp": {"flow_sched": "fsfs"}}
        });
        let mut sim = Simulation::new(scenario::from_value(v).expect("valid"), Some(1)).expect("builds");
        let mut seen = std::collections::HashSet::new();
        let mut biggest = 0;
        let mut running = 0;
        for _ in 0..20 {
            sim.advance(0.1);
            let p = sim.snapshot_packed(SNAPSHOT_MAX_FLOWS);
            let flows = p.f64s[4] as usize;
            let total = p.f64s[2];
            assert!(flows <= 2 * SNAPSHOT_MAX_FLOWS + 1, "{flows} flows packed");
            assert_eq!(total, sim.world().flows.len() as f64);
            for s in &p.strings {
                assert!(seen.insert(s.clone()), "{s:?} sent twice");
            }
            biggest = biggest.max(p.bytes());
            assert!(p.events.starts_with('[') && p.events.ends_with(']'));
            // The selection itself: the first flows, then only flows sending now (no flow
            // here has series beyond the first 64).
            let snap = sim.snapshot_bounded(SNAPSHOT_MAX_FLOWS);
            let w = sim.world();
            for f in snap.flows.iter().filter(|f| f.index as usize >= SNAPSHOT_MAX_FLOWS) {
                let stats = &w.flows[f.index as usize];
                assert!(stats.start <= w.now && stats.completed_at.is_none(), "{} is not sending", f.id);
            }
            // A running connection carries its size class as state, so the page shows the flow
            // scheduler's choice even when the connection's mptcp_paths event never reached it.
            for f in snap.flows.iter().filter(|f| f.state == "mptcp") {
                running += 1;
                let class = f.size_class.unwrap_or_else(|| panic!("{} has no size class", f.id));
                assert!(["G0", "G1", "G2", "G3"].contains(&class), "{class}");
                assert!(!f.subflows.as_ref().expect("MPTCP").is_empty());
            }
        }
        assert!(sim.world().flows.len() > 3000, "{} flows", sim.world().flows.len());
        assert!(running > 100, "{running} running connections seen");
        assert!(biggest <= SNAPSHOT_MAX_BYTES, "{biggest} bytes");
    }
}
