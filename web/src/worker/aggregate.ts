// The bounded tick payload (issue 18 item 4, issue 16 "Many flows, readable").
//
// The engine streams every series' new points as (series, t, value) triples: ~120 kB per tick
// for the MPTCP fsfs presets (50 charted flows, 340 series), more at max speed, and the page drew
// one line per flow ("+92 more"). The worker now turns each tick's triples into a *frame*: the
// sample instants of the tick (Float64Array) and, per instant, one value per drawn series
// (Float32Array, row-major, NaN where a series has no sample), both transferred, never copied.
// The drawn series are fixed per view and bounded:
//
// - a run with at most AGGREGATE_ABOVE_FLOWS flows draws every series it records, as before;
// - a larger run draws aggregates instead of per-flow lines: for cwnd, inflight and sRTT the
//   mean over the group's flows sampled at that instant, for goodput the sum, grouped by size
//   class, by path or by congestion controller (the engine says which flow is in which group,
//   once: metrics/aggregate.rs `FlowGroup`), or the top-N flows by goodput so far plus "others"
//   (sum: total − shown; mean: over the rest); plus every series of the flows the user picked;
//   plus the link and run series (their number does not grow with the flows).
//
// Metadata (names, owners, units) travels only when the drawn list changes. Sample instants are
// kept on a grid of duration / GRID_POINTS (what a chart of SeriesBuffer's capacity can show),
// decided by the instants alone, so the points do not depend on how the run was cut into ticks
// (a seek re-runs the scenario in a few long slices and must draw exactly what a played run
// drew: e2e/controls.spec.ts). A tick with more kept instants than one frame's byte budget holds
// (a seek's catch-up, a very long tick) is split into several frames, each within the budget,
// posted as consecutive messages: never thinned. A series' sample at a skipped instant is
// carried to the next kept one, so a state change is never lost. Pure (no worker globals); unit-tested and bound-tested on the
// biggest presets (tests-node/tick-payload.test.mjs).
import type { FlowGroup, SeriesMeta, Topology } from '../types';
import { replacedGroups } from '../classes/meta';

/** Runs with more flows than this are drawn as aggregates (issue 16: ~12 lines stay readable). */
export const AGGREGATE_ABOVE_FLOWS = 12;
/** Most bytes a tick's frame (times and values) may take. */
export const TICK_MAX_BYTES = 32 * 1024;
/** Most series one view draws (aggregates, top-N, picked flows, links). */
export const MAX_DRAWN_SERIES = 160;
/** Flows of the top-N view. */
export const TOP_N = 8;
/** Flows the user may pick out of an aggregate view at once. */
export const MAX_PICKED = 6;
/** Most groups drawn per metric; smaller groups beyond it are merged into "other groups". */
export const MAX_GROUPS = 12;
/** Sample instants kept per run: the charts' buffer capacity (sim/seriesStore.ts). */
export const GRID_POINTS = 4096;

export type AggMode = 'class' | 'path' | 'algorithm' | 'top';
export const AGG_MODES: readonly AggMode[] = ['class', 'path', 'algorithm', 'top'];

/** What the page asked to see of a run with many flows. */
export interface ViewSpec {
  mode: AggMode;
  /** Owners of whole flows picked to be drawn on their own ("bg3.2", "m.4"). */
  picked: string[];
  /**
   * The MPTCP connection the MPTCP panel shows (its subflow windows, its receive buffer): all
   * its series are sent too, for that panel; the per-flow charts leave it out unless picked.
   */
  focus?: string | null;
}

/** How an aggregate combines its members' samples at an instant. */
type Op = 'sum' | 'mean';
/** The per-flow metrics drawn as aggregates, and how. */
export const AGGREGATED: Readonly<Partial<Record<SeriesMeta['metric'], Op>>> = { cwnd: 'mean', inflight: 'mean', srtt: 'mean', goodput: 'sum' };

/** One drawn series: a raw engine series, or an aggregate of several at each instant. */
type Drawn = { meta: SeriesMeta; src: number } | { meta: SeriesMeta; op: Op; members: number[] };

/** A tick's frame: `values[i * width + j]` is drawn series j at `times[i]`. */
export interface Frame {
  times: Float64Array;
  values: Float32Array;
  width: number;
}

/** Whole-flow owners (not MPTCP subflows) of per-flow series, in the engine's order. */
export function flowOwners(meta: readonly SeriesMeta[], groups: readonly FlowGroup[]): string[] {
  const sub = new Set(groups.filter((g) => g.subflow_path !== null).map((g) => g.owner));
  return [...new Set(meta.filter((m) => m.scope === 'flow' && !sub.has(m.owner)).map((m) => m.owner))];
}

/**
 * The path an owner's traffic takes, as a group name: an MPTCP subflow's path number (its owner
 * says it, "m.3@p2"), a generated background flow's path (traffic/mod.rs names them "bg<path>.<k>"),
 * or a listed flow's first reported link (the one the queue charts show), else its first link.
 */
export function pathOf(owner: string, group: FlowGroup | undefined, topology: Topology | null): string {
  if (group?.subflow_path != null) return `path ${group.subflow_path}`;
  const bg = /^bg(\d+)\.\d+$/.exec(owner);
  if (bg) return `path ${bg[1]}`;
  const flow = topology?.flows.find((f) => f.id === owner);
  if (flow && flow.path.length > 0) {
    const reported = flow.path.find((l) => topology?.links.find((k) => k.id === l)?.reported);
    return `via ${reported ?? flow.path[0]}`;
  }
  return 'other';
}

/** The group an owner falls in under `mode` (not 'top'). */
function groupOf(mode: AggMode, owner: string, g: FlowGroup | undefined, topology: Topology | null): string {
  if (mode === 'path') return pathOf(owner, g, topology);
  if (mode === 'algorithm') return g?.cc ?? topology?.flows.find((f) => f.id === owner)?.cc ?? 'other';
  return g?.class ?? 'other';
}

const aggMeta = (key: string, owner: string, metric: SeriesMeta['metric'], op: Op, unit: string): SeriesMeta => ({
  key,
  scope: 'flow',
  owner,
  metric,
  label: `${metric} (${op})`,
  unit,
});

/**
 * Turns the engine's triples into bounded frames for one column. `drawn` is the list the page
 * charts; `metaChanged` says it changed since the page last got it.
 */
export class TickEncoder {
  private meta: SeriesMeta[] = [];
  private groups = new Map<string, FlowGroup>();
  private topology: Topology | null = null;
  private view: ViewSpec = { mode: 'class', picked: [], focus: null };
  private drawn: Drawn[] = [];
  /** Goodput summed over every sample so far, per whole-flow owner: the top-N ranking. */
  private goodputSum = new Map<string, number>();
  private rankedAt = -Infinity;
  private gap: number;
  private lastKept = -Infinity;
  /** Samples of skipped instants not yet carried into a kept one, per drawn raw series. */
  private carry = new Map<number, number>();
  /** The latest instant's samples, per raw series (NaN: none at that instant). */
  private cur = new Float64Array(0);
  metaChanged = true;

  constructor(private readonly duration: number) {
    this.gap = duration > 0 ? duration / GRID_POINTS : 0;
  }

  /** Whether the run is drawn as aggregates. */
  get aggregate(): boolean {
    return flowOwners(this.meta, [...this.groups.values()]).length > AGGREGATE_ABOVE_FLOWS;
  }

  /** The drawn series' definitions (for `historyOf`). */
  get drawnList(): readonly Drawn[] {
    return this.drawn;
  }

  get drawnMeta(): SeriesMeta[] {
    return this.drawn.map((d) => d.meta);
  }

  /** Owners of whole flows (the flow picker's list). */
  get flows(): string[] {
    return flowOwners(this.meta, [...this.groups.values()]);
  }

  /** MPTCP connections with series (owners of `recv_buffer`): the MPTCP panel's charted list. */
  get connections(): string[] {
    return this.meta.filter((m) => m.scope === 'flow' && m.metric === 'recv_buffer').map((m) => m.owner);
  }

  get viewSpec(): ViewSpec {
    return this.view;
  }

  /** The engine's series list and flow groups (at load, and when the list grew). */
  setSource(meta: SeriesMeta[], groups: FlowGroup[], topology: Topology | null): void {
    this.meta = meta;
    this.groups = new Map(groups.map((g) => [g.owner, g]));
    this.topology = topology;
    if (this.cur.length < meta.length) {
      const cur = new Float64Array(meta.length).fill(NaN);
      cur.set(this.cur);
      this.cur = cur;
    }
    this.rebuild();
  }

  setView(view: ViewSpec): void {
    this.view = { mode: view.mode, picked: view.picked.slice(0, MAX_PICKED), focus: view.focus ?? null };
    this.rebuild();
  }

  /** Back to t = 0 (a backward seek re-runs the scenario): same view, no samples yet. */
  rewind(): void {
    this.lastKept = -Infinity;
    this.carry.clear();
    this.goodputSum.clear();
    this.rankedAt = -Infinity;
    this.cur.fill(NaN);
    this.rebuild();
  }

  /** Indices of raw series whose owner is `owner` (a whole flow and, when asked, its subflows). */
  private seriesOf(owner: string, withSubflows: boolean): number[] {
    const out: number[] = [];
    this.meta.forEach((m, i) => {
      if (m.scope !== 'flow') return;
      if (m.owner === owner || (withSubflows && this.groups.get(m.owner)?.flow === owner && this.groups.get(m.owner)?.subflow_path != null)) out.push(i);
    });
    return out;
  }

  private rebuild(): void {
    const before = this.drawn.map((d) => d.meta.key).join('\n');
    this.drawn = this.aggregate ? this.aggregateList() : this.meta.map((meta, src) => ({ meta, src }));
    if (this.drawn.map((d) => d.meta.key).join('\n') !== before) this.metaChanged = true;
  }

  private aggregateList(): Drawn[] {
    const out: Drawn[] = [];
    const { mode, picked } = this.view;
    const owners = flowOwners(this.meta, [...this.groups.values()]);
    const ranked = [...owners].sort((a, b) => (this.goodputSum.get(b) ?? 0) - (this.goodputSum.get(a) ?? 0) || owners.indexOf(a) - owners.indexOf(b));
    // A controller's state has no average: the state timeline shows the top flows by goodput
    // (and any picked below), whatever the grouping of the line charts.
    for (const o of ranked.slice(0, TOP_N)) for (const i of this.seriesOf(o, false)) if (this.meta[i]!.metric === 'state' && !picked.includes(o)) out.push({ meta: this.meta[i]!, src: i });
    if (mode === 'top') {
      const top = new Set(ranked.slice(0, TOP_N));
      for (const o of ranked.slice(0, TOP_N)) for (const i of this.seriesOf(o, false)) if (this.meta[i]!.metric in AGGREGATED) out.push({ meta: this.meta[i]!, src: i });
      const rest = owners.filter((o) => !top.has(o));
      if (rest.length > 0) out.push(...this.groupSeries(`others (${rest.length})`, 'others', rest));
    } else {
      // Path groups are of the traffic on each path: an MPTCP connection counts by its subflows.
      const leaves =
        mode === 'path'
          ? [...new Set(this.meta.filter((m) => m.scope === 'flow').map((m) => m.owner))].filter(
              (o) => this.groups.get(o)?.subflow_path != null || !this.meta.some((m) => this.groups.get(m.owner)?.flow === o && m.owner !== o),
            )
          : owners;
      const byGroup = new Map<string, string[]>();
      // Per size class: a class the engine records series of (every flow the headline counts,
      // classes/series.ts) is drawn from them, not from the few listed flows of the warm-up.
      const replaced = mode === 'class' ? replacedGroups(this.meta) : new Set<string>();
      for (const o of leaves) {
        const g = groupOf(mode, o, this.groups.get(o), this.topology);
        if (replaced.has(g)) continue;
        byGroup.set(g, [...(byGroup.get(g) ?? []), o]);
      }
      let entries = [...byGroup.entries()].sort((a, b) => a[0].localeCompare(b[0], undefined, { numeric: true }));
      if (entries.length > MAX_GROUPS) {
        const big = [...entries].sort((a, b) => b[1].length - a[1].length).slice(0, MAX_GROUPS - 1).map((e) => e[0]);
        const merged = entries.filter((e) => !big.includes(e[0])).flatMap((e) => e[1]);
        entries = entries.filter((e) => big.includes(e[0])).concat([['other groups', merged]]);
      }
      for (const [name, members] of entries) out.push(...this.groupSeries(`${name} (${members.length})`, name, members));
    }
    for (const o of picked) for (const i of this.seriesOf(o, true)) out.push({ meta: this.meta[i]!, src: i });
    const focus = this.view.focus;
    if (focus && !picked.includes(focus)) for (const i of this.seriesOf(focus, true)) out.push({ meta: this.meta[i]!, src: i });
    this.meta.forEach((meta, src) => {
      if (meta.scope !== 'flow') out.push({ meta, src });
    });
    return out.slice(0, MAX_DRAWN_SERIES);
  }

  /** One aggregate per aggregated metric over `members`' series of it. */
  private groupSeries(owner: string, name: string, members: string[]): Drawn[] {
    const set = new Set(members);
    return (Object.entries(AGGREGATED) as [SeriesMeta['metric'], Op][]).flatMap(([metric, op]) => {
      const idx: number[] = [];
      this.meta.forEach((m, i) => {
        if (m.scope === 'flow' && m.metric === metric && set.has(m.owner)) idx.push(i);
      });
      if (idx.length === 0) return [];
      const unit = this.meta[idx[0]!]!.unit;
      return [{ meta: aggMeta(`agg/${this.view.mode}/${name}/${metric}`, owner, metric, op, unit), op, members: idx }];
    });
  }

  /** Re-ranks the top-N view at most every 1/20 of the run (so lines do not flicker). */
  private maybeRerank(t: number): void {
    if (this.view.mode !== 'top' || !this.aggregate || t - this.rankedAt < this.duration / 20) return;
    this.rankedAt = t;
    this.rebuild();
  }

  /**
   * The frames of one tick's triples (flattened [series, t, value, ...], time-ordered): one
   * frame, or several in time order when the tick's kept instants exceed one frame's budget.
   */
  encode(points: ArrayLike<number>): Frame[] {
    if (points.length >= 3) this.maybeRerank(points[1]!);
    const width = this.drawn.length;
    const rows: number[][] = [];
    const times: number[] = [];
    const cur = this.cur;
    const goodput = this.meta.map((m) => m.scope === 'flow' && m.metric === 'goodput');
    let i = 0;
    while (i + 2 < points.length) {
      const t = points[i + 1]!;
      const touched: number[] = [];
      // Every triple of this instant.
      for (; i + 2 < points.length && points[i + 1] === t; i += 3) {
        const s = points[i]!;
        if (s >= cur.length) continue;
        cur[s] = points[i + 2]!;
        touched.push(s);
        if (goodput[s]) this.goodputSum.set(this.meta[s]!.owner, (this.goodputSum.get(this.meta[s]!.owner) ?? 0) + points[i + 2]!);
      }
      const keep = !(t < this.lastKept + this.gap);
      const row = keep ? new Array<number>(width).fill(NaN) : null;
      this.drawn.forEach((d, j) => {
        if ('src' in d) {
          const v = cur[d.src]!;
          if (row) row[j] = Number.isNaN(v) ? (this.carry.get(j) ?? NaN) : v;
          else if (!Number.isNaN(v)) this.carry.set(j, v);
        } else if (row) {
          let sum = 0;
          let n = 0;
          for (const m of d.members) {
            const v = cur[m]!;
            if (!Number.isNaN(v)) {
              sum += v;
              n++;
            }
          }
          if (n > 0) row[j] = d.op === 'sum' ? sum : sum / n;
        }
      });
      if (row) {
        this.carry.clear();
        this.lastKept = t;
        rows.push(row);
        times.push(t);
      }
      for (const s of touched) cur[s] = NaN;
    }
    return packFrames(times, rows, width);
  }
}

/** Rows into frames of at most TICK_MAX_BYTES each, in time order (at least one, maybe empty). */
export function packFrames(times: number[], rows: number[][], width: number): Frame[] {
  const maxRows = Math.max(1, Math.floor(TICK_MAX_BYTES / (8 + 4 * width)));
  const out: Frame[] = [];
  for (let start = 0; start === 0 || start < rows.length; start += maxRows) {
    const n = Math.min(maxRows, rows.length - start);
    const f: Frame = { times: new Float64Array(n), values: new Float32Array(n * width), width };
    for (let k = 0; k < n; k++) {
      f.times[k] = times[start + k]!;
      f.values.set(rows[start + k]!, k * width);
    }
    out.push(f);
  }
  return out;
}

/** Bytes a frame takes on the wire (what the bound is about). */
export const frameBytes = (f: Frame) => f.times.byteLength + f.values.byteLength;

/** A frame back into [series, t, value] triples (NaN skipped), for the page's series store. */
export function frameTriples(f: Frame): Float64Array {
  const out: number[] = [];
  for (let r = 0; r < f.times.length; r++) {
    for (let j = 0; j < f.width; j++) {
      const v = f.values[r * f.width + j]!;
      if (!Number.isNaN(v)) out.push(j, f.times[r]!, v);
    }
  }
  return Float64Array.from(out);
}

/**
 * The past of drawn series the page does not have yet (a flow just picked, a new view, a flow
 * that entered the top N), from the points the engine keeps of each raw series (`pointsOf`:
 * flattened [t, v, ...]), as triples over drawn indices, up to (not including) `before`. An
 * aggregate's past is summed or averaged over its members' kept points at each instant. Sent
 * once per such change, with the tick that applies it.
 */
export function historyOf(drawn: readonly { meta: SeriesMeta; src?: number; op?: Op; members?: number[] }[], isNew: (key: string) => boolean, pointsOf: (src: number) => ArrayLike<number>, before: number): Float64Array {
  const out: number[] = [];
  drawn.forEach((d, j) => {
    if (!isNew(d.meta.key)) return;
    if (d.src !== undefined) {
      const p = pointsOf(d.src);
      for (let k = 0; k + 1 < p.length && p[k]! < before; k += 2) out.push(j, p[k]!, p[k + 1]!);
      return;
    }
    const at = new Map<number, { sum: number; n: number }>();
    for (const m of d.members ?? []) {
      const p = pointsOf(m);
      for (let k = 0; k + 1 < p.length && p[k]! < before; k += 2) {
        const a = at.get(p[k]!) ?? { sum: 0, n: 0 };
        a.sum += p[k + 1]!;
        a.n++;
        at.set(p[k]!, a);
      }
    }
    for (const t of [...at.keys()].sort((a, b) => a - b)) {
      const a = at.get(t)!;
      out.push(j, t, d.op === 'sum' ? a.sum : a.sum / a.n);
    }
  });
  return Float64Array.from(out);
}
