// Encoders for the export buttons: the run summary and the time series as CSV and JSON, and
// the frame of an exported chart as a standalone SVG document. Pure (no DOM); unit-tested.
// The downloads themselves live in lib/download.ts.
import type { SeriesMeta, Summary } from '../types';

export type Cell = string | number | boolean | null | undefined;

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
export function csvField(v: Cell): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * A record's fields as flat columns: nested objects become dotted names
 * (`latency_ms.p95`), arrays and anything else non-scalar a JSON cell.
 */
export function flatten(obj: Record<string, unknown>, prefix = '', out: Record<string, Cell> = {}): Record<string, Cell> {
  for (const [k, v] of Object.entries(obj)) {
    const name = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) flatten(v as Record<string, unknown>, name, out);
    else if (Array.isArray(v)) out[name] = JSON.stringify(v);
    else out[name] = v as Cell;
  }
  return out;
}

/** Rows of flat records as CSV, the columns in first-seen order. */
export function recordsCsv(records: readonly Record<string, Cell>[], first: readonly string[] = []): string {
  const cols: string[] = [...first];
  for (const r of records) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  return toCsv(
    cols,
    records.map((r) => cols.map((c) => r[c])),
  );
}

const RUN_FIELDS = ['engine_version', 'scenario', 'seed', 'duration_s', 'warmup_s', 'events', 'wall_s', 'jain', 'digest', 'aborted'] as const;

/**
 * The summary as one table: a `run` row (scenario, seed, Jain, …), one `flow` row per flow, one
 * `link` row per link, and, when the summary has them, one `fct_class` row per flow-size class
 * and one `stream` row per stream. The first two columns are `table` and `id`.
 */
export function summaryCsv(summary: Summary): string {
  const s = summary as Summary & Record<string, unknown>;
  const rows: Record<string, Cell>[] = [];
  const run: Record<string, Cell> = { table: 'run', id: s.scenario };
  for (const k of RUN_FIELDS) if (k in s) run[k] = s[k] as Cell;
  rows.push(run);
  for (const f of s.flows ?? []) rows.push({ table: 'flow', ...flatten(f as unknown as Record<string, unknown>) });
  for (const l of s.links ?? []) rows.push({ table: 'link', ...flatten(l as unknown as Record<string, unknown>) });
  const fct = s.fct_by_class as Record<string, Record<string, unknown>> | undefined;
  if (fct && typeof fct === 'object') {
    for (const [cls, v] of Object.entries(fct)) rows.push({ table: 'fct_class', id: cls, ...flatten(v) });
  }
  const streams = s.streams as Record<string, unknown>[] | undefined;
  if (Array.isArray(streams)) {
    for (const st of streams) {
      const { latencies_ms: _all, ...rest } = st;
      rows.push({ table: 'stream', id: `${String(st.flow)}/${String(st.stream)}`, ...flatten(rest) });
    }
  }
  return recordsCsv(rows, ['table', 'id']);
}

export function summaryJson(summary: Summary): string {
  return `${JSON.stringify(summary, null, 2)}\n`;
}

export interface ExportSeries {
  meta: SeriesMeta;
  points: readonly { t: number; v: number }[];
}

/** Long format, one row per point: key, scope, owner, metric, unit, t_s, value. */
export function seriesCsv(series: readonly ExportSeries[]): string {
  const rows: Cell[][] = [];
  for (const s of series) {
    for (const p of s.points) rows.push([s.meta.key, s.meta.scope, s.meta.owner, s.meta.metric, s.meta.unit, p.t, p.v]);
  }
  return toCsv(['key', 'scope', 'owner', 'metric', 'unit', 't_s', 'value'], rows);
}

/** `{scenario, seed, series: [{key, scope, owner, metric, unit, states?, t: [...], v: [...]}]}`. */
export function seriesJson(series: readonly ExportSeries[], run: { scenario: string | null; seed: number }): string {
  return `${JSON.stringify({
    scenario: run.scenario,
    seed: run.seed,
    series: series.map((s) => ({
      key: s.meta.key,
      scope: s.meta.scope,
      owner: s.meta.owner,
      metric: s.meta.metric,
      unit: s.meta.unit,
      ...(s.meta.states ? { states: s.meta.states } : {}),
      t: s.points.map((p) => p.t),
      v: s.points.map((p) => p.v),
    })),
  })}\n`;
}

/** A download file name: `netlab-<scenario>-seed<N>-<what>.<ext>`, safe on every OS. */
export function fileName(scenario: string | null | undefined, seed: number, what: string, ext: string): string {
  const clean = (x: string) => x.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'run';
  return `netlab-${clean(scenario ?? 'run')}-seed${seed}-${clean(what)}.${ext}`;
}

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface LegendItem {
  label: string;
  color: string;
  dashed?: boolean;
}

/** Text width in px of `text` at `size` px (`bold` for the title); the page measures it. */
export type MeasureText = (text: string, size: number, bold: boolean) => number;

/** Without a browser: a generous 0.62 em per character, so estimates err on the wide side. */
export const estimateText: MeasureText = (text, size) => text.length * size * 0.62;

/** The title-and-legend band an exported chart gets above its plot (one legend row). */
export const EXPORT_HEAD = 44;
const PAD = 10;
const TITLE_SIZE = 14;
const LEGEND_SIZE = 12;
const LEGEND_ROW = 18;
/** A legend entry: its line swatch, the gap to its label, and the gap to the next entry. */
const SWATCH = 21;
const ITEM_GAP = 14;

/**
 * A standalone SVG document for an exported chart: a background, the title and legend (which
 * are HTML on the page) in a band on top, then `body` (the chart's own SVG markup) below it.
 * The legend wraps into rows and the document widens for a title longer than the plot, so
 * nothing is cut at the right edge (the page's caption wraps the same way).
 */
export function svgDocument(o: {
  width: number;
  height: number;
  title: string;
  legend: readonly LegendItem[];
  body: string;
  background: string;
  text: string;
  font?: string;
  measure?: MeasureText;
}): string {
  const measure = o.measure ?? estimateText;
  const w = Math.ceil(Math.max(o.width, PAD * 2 + measure(o.title, TITLE_SIZE, true)));
  const font = escapeXml(o.font ?? 'system-ui, sans-serif');
  let x = PAD;
  let row = 0;
  const items = o.legend.map((l) => {
    const width = SWATCH + measure(l.label, LEGEND_SIZE, false);
    // A new row when this entry would run past the right edge (unless it starts a row).
    if (x > PAD && x + width > w - PAD) {
      x = PAD;
      row++;
    }
    const g =
      `<g transform="translate(${round(x)},${34 + row * LEGEND_ROW})"><line x1="0" x2="16" y1="-4" y2="-4" stroke="${escapeXml(l.color)}" stroke-width="3"` +
      `${l.dashed ? ' stroke-dasharray="4 3"' : ''}/><text x="${SWATCH}" y="0" font-size="${LEGEND_SIZE}" fill="${escapeXml(o.text)}">${escapeXml(l.label)}</text></g>`;
    x += width + ITEM_GAP;
    return g;
  });
  const head = EXPORT_HEAD + row * LEGEND_ROW;
  const h = Math.round(o.height + head);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="${font}">` +
    `<rect width="100%" height="100%" fill="${escapeXml(o.background)}"/>` +
    `<text x="${PAD}" y="17" font-size="${TITLE_SIZE}" font-weight="600" fill="${escapeXml(o.text)}">${escapeXml(o.title)}</text>` +
    items.join('') +
    `<g transform="translate(0,${head})">${o.body}</g></svg>`
  );
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}
