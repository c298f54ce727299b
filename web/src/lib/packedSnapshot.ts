// The live snapshot as the worker posts it (issue 18, item 4): typed arrays, bounded, not JSON.
//
// The engine bounds the snapshot (the first flows, the charted ones, a few sending now: core
// Simulation::snapshot_bounded) and packs it into columns (sim-wasm/core/src/simulation/
// packed.rs): a Float64Array and a Float32Array of column-major tables, strings interned in a
// table the engine sends only as it grows, and the bounded events as JSON. The layout is the
// engine's: web/src/generated/snapshot_layout.json, written by tests/generated.rs from the
// same column lists the packer fills. This decoder names no column; it rebuilds the
// `Snapshot`-shaped object the page's views read (topology marks, live table, inspector, MPTCP
// and QUIC panels) from the layout alone. It runs on the page: the worker only transfers the
// buffers, which costs nothing, and decoding ~200 rows is well under a millisecond.
import type { SnapshotLayout } from '../generated';
import layoutJson from '../generated/snapshot_layout.json';
import type { EngineEvent, Snapshot } from '../types';

const LAYOUT = layoutJson as SnapshotLayout;

/** What the worker posts as a tick's snapshot; `f64` and `f32` are transferred, not copied. */
export interface PackedSnapshot {
  f64: Float64Array;
  f32: Float32Array;
  /** Strings added to the run's table since the previous snapshot. */
  strings: string[];
  /** The bounded events since the previous snapshot, as JSON. */
  events: string;
}

/** Bytes a packed snapshot posts (numbers, new strings and events): the budget is 32 kB. */
export function packedBytes(p: PackedSnapshot): number {
  let n = p.f64.byteLength + p.f32.byteLength + p.events.length;
  for (const s of p.strings) n += s.length;
  return n;
}

type Row = Record<string, unknown>;

/**
 * Turns packed snapshots back into `Snapshot`s. Keeps the run's string table between calls, so
 * one decoder reads one worker's snapshots in order (a snapshot with `strings_base` 0 starts a
 * new table: a new run).
 */
export class SnapshotDecoder {
  private strings: string[] = [];

  decode(p: PackedSnapshot): Snapshot {
    const h = LAYOUT.header;
    const head = (name: string) => p.f64[h.indexOf(name)]!;
    const base = head('strings_base');
    if (base === 0) this.strings = [];
    if (base !== this.strings.length) {
      throw new Error(`snapshot: its strings start at ${base} but the page holds ${this.strings.length} (a snapshot was lost)`);
    }
    for (const s of p.strings) this.strings.push(s);
    const t_s = head('t_s');

    // Each table's rows, column by column (column-major, f64 and f32 columns each in order).
    const tables = new Map<string, Row[]>();
    let o64 = h.length + LAYOUT.tables.length;
    let o32 = 0;
    LAYOUT.tables.forEach((t, ti) => {
      const n = p.f64[h.length + ti]!;
      const rows: Row[] = Array.from({ length: n }, () => ({}));
      for (const c of t.columns) {
        const wide = c.store === 'f64';
        const buf = wide ? p.f64 : p.f32;
        const at = wide ? o64 : o32;
        for (let r = 0; r < n; r++) {
          const v = buf[at + r]!;
          let out: unknown;
          switch (c.kind) {
            case 'num':
              out = v;
              break;
            case 'opt':
              out = Number.isNaN(v) ? null : v;
              break;
            case 'omit':
              out = Number.isNaN(v) ? undefined : v;
              break;
            case 'str':
              out = Number.isNaN(v) ? undefined : this.strings[v];
              break;
            case 'bool':
              out = v === 1;
              break;
            case 'since':
              out = t_s + v;
              break;
            case 'rows':
              out = v; // replaced by the child rows below
              break;
          }
          if (out !== undefined) rows[r]![c.name] = out;
        }
        if (wide) o64 += n;
        else o32 += n;
      }
      tables.set(t.name, rows);
    });

    // Child tables: each parent row takes its count of child rows, in order; NaN = no field.
    for (const t of LAYOUT.tables) {
      for (const c of t.columns) {
        if (c.kind !== 'rows' || !c.table) continue;
        const children = tables.get(c.table) ?? [];
        let next = 0;
        for (const row of tables.get(t.name) ?? []) {
          const n = row[c.name] as number;
          if (Number.isNaN(n)) {
            delete row[c.name];
          } else {
            row[c.name] = children.slice(next, next + n);
            next += n;
          }
        }
      }
    }

    const flowsTotal = head('flows_total');
    const snap = {
      t_s,
      flows: tables.get('flows') ?? [],
      links: tables.get('links') ?? [],
      packets: tables.get('packets') ?? [],
      packets_in_network: head('packets_in_network'),
      events: JSON.parse(p.events) as EngineEvent[],
    } as unknown as Snapshot;
    if (!Number.isNaN(flowsTotal)) snap.flows_total = flowsTotal;
    return snap;
  }
}
