// The summary's headline: the numbers a preset is about, shown first and large.
//
// A preset names its headline(s) (`headline` in the preset JSON, validated by the engine in
// sim-wasm/core/src/scenario/headline.rs, which lists where each comes from); this module
// turns each name into labelled read-outs computed from the summary the engine returns, so
// the page shows exactly what `netlab run --json` prints. Pure; unit-tested.
import type { HeadlineName, Summary, Topology } from '../types';
import { formatBytes, formatInt, formatJain, formatMbps, formatPercent, formatSeconds } from './format';

export interface HeadlineRow {
  /** What the row is about: a flow, link, class or stream id, or the metric itself. */
  key: string;
  label: string;
  /** The number the row shows (unit as in the summary JSON), null when there is none. */
  value: number | null;
  display: string;
  /** Smaller print next to the value (counts, the second percentile …). */
  detail?: string;
  /** Extra state for tests and exports (data-* attributes). */
  data?: Record<string, string | number>;
}

export interface HeadlineItem {
  name: HeadlineName;
  title: string;
  /** The setting the numbers belong to (e.g. "scheduler abs"), when the run has one. */
  context?: string;
  rows: HeadlineRow[];
}

/** A run's listed flows beyond this are summarised in one line (50-flow presets). */
export const HEADLINE_MAX_ROWS = 6;

const CLASS_ORDER = ['G0', 'G1', 'G2', 'G3', 'all'];
const CLASS_LABEL: Record<string, string> = {
  G0: 'G0 (≤ 100 kB)',
  G1: 'G1 (≤ 300 kB)',
  G2: 'G2 (≤ 800 kB)',
  G3: 'G3 (longer)',
  all: 'all flows',
};

function num(x: number | null | undefined): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

function ms(x: number | null | undefined): string {
  const v = num(x);
  return v === null ? '–' : `${v.toFixed(v < 10 ? 1 : 0)} ms`;
}

/** The first rows, and one row counting the rest. */
function capped(rows: HeadlineRow[], what: string): HeadlineRow[] {
  if (rows.length <= HEADLINE_MAX_ROWS) return rows;
  const rest = rows.length - HEADLINE_MAX_ROWS;
  return [...rows.slice(0, HEADLINE_MAX_ROWS), { key: 'more', label: `+${rest} more ${what}`, value: null, display: '', detail: 'all of them in the tables below' }];
}

function item(name: HeadlineName, s: Summary, topo: Topology | null): HeadlineItem | null {
  switch (name) {
    case 'jain':
      return { name, title: "Jain's fairness index", rows: [{ key: 'jain', label: '1 = equal shares', value: num(s.jain), display: formatJain(s.jain) }] };
    case 'goodput':
      return {
        name,
        title: 'Goodput per flow (Mbit/s)',
        rows: capped(
          s.flows.map((f) => ({ key: f.id, label: f.id, value: num(f.goodput_mbps), display: formatMbps(f.goodput_mbps) })),
          'flows',
        ),
      };
    case 'utilization':
      return {
        name,
        title: 'Link utilisation',
        rows: capped(
          s.links.map((l) => ({ key: l.id, label: l.id, value: num(l.utilization), display: formatPercent(l.utilization) })),
          'links',
        ),
      };
    case 'queueing_delay':
      return {
        name,
        title: 'Queueing delay at each link (mean)',
        rows: capped(
          s.links.map((l) => ({
            key: l.id,
            label: l.aqm ? `${l.id} (${l.aqm})` : l.id,
            value: num(l.mean_sojourn_ms),
            display: ms(l.mean_sojourn_ms),
            detail: `max ${ms(l.max_sojourn_ms)}${l.ecn_marks ? ` · ${formatInt(l.ecn_marks)} ECN marks` : ''}`,
            data: { mean_ms: l.mean_sojourn_ms, max_ms: l.max_sojourn_ms },
          })),
          'links',
        ),
      };
    case 'retransmission_ratio': {
      const sent = s.flows.reduce((a, f) => a + f.sent_packets, 0);
      const retx = s.flows.reduce((a, f) => a + f.retransmitted_packets, 0);
      const ratio = sent > 0 ? retx / sent : null;
      return {
        name,
        title: 'Retransmitted / sent packets',
        rows: [
          {
            key: 'retransmission_ratio',
            label: `all ${s.flows.length} flows`,
            value: ratio,
            display: formatPercent(ratio),
            detail: `${formatInt(retx)} of ${formatInt(sent)} packets`,
            data: { retransmitted: retx, sent },
          },
        ],
      };
    }
    case 'fct_by_class': {
      const c = s.fct_by_class;
      if (!c) return null;
      const keys = [...CLASS_ORDER.filter((k) => k in c), ...Object.keys(c).filter((k) => !CLASS_ORDER.includes(k))];
      return {
        name,
        title: 'Flow-completion time by size class (mean)',
        context: topo?.flow_sched ? `flow scheduler ${topo.flow_sched}` : undefined,
        rows: keys.map((k) => {
          const st = c[k]!;
          return {
            key: k,
            label: CLASS_LABEL[k] ?? k,
            value: num(st.mean_s),
            display: formatSeconds(st.mean_s),
            detail: `${formatInt(st.count)} finished, ${formatInt(st.unfinished)} unfinished${num(st.p99_s) !== null ? ` · p99 ${formatSeconds(st.p99_s)}` : ''}`,
            data: { finished: st.count, unfinished: st.unfinished },
          };
        }),
      };
    }
    case 'flow_throughput':
      if (num(s.long_flow_mbps) === null && num(s.mean_flow_mbps) === null) return null;
      return {
        name,
        title: 'Mean flow throughput (Mbit/s)',
        context: topo?.flow_sched ? `flow scheduler ${topo.flow_sched}` : undefined,
        rows: [
          { key: 'long', label: 'long (G3) flows', value: num(s.long_flow_mbps), display: formatMbps(s.long_flow_mbps) },
          { key: 'all', label: 'all flows', value: num(s.mean_flow_mbps), display: formatMbps(s.mean_flow_mbps) },
        ],
      };
    case 'stream_latency': {
      const streams = (s.streams ?? []).filter((st) => st.latency_ms && st.messages > 0);
      if (streams.length === 0) return null;
      const scheds = [...new Set(streams.map((st) => topo?.flows.find((f) => f.id === st.flow)?.scheduler).filter((x): x is string => !!x))];
      return {
        name,
        title: 'Message latency (p50 · p95)',
        context: scheds.length > 0 ? `scheduler ${scheds.join(', ')}` : undefined,
        rows: capped(
          streams.map((st) => ({
            key: st.name,
            label: `${st.name} (${formatInt(st.delivered)} messages)`,
            value: num(st.latency_ms!.p50),
            display: `${ms(st.latency_ms!.p50)} · ${ms(st.latency_ms!.p95)}`,
            detail: st.incomplete > 0 ? `${formatInt(st.incomplete)} undelivered at the end` : undefined,
            data: { p50: st.latency_ms!.p50, p95: st.latency_ms!.p95 },
          })),
          'streams',
        ),
      };
    }
    case 'transfer_time': {
      const sized = s.flows.filter((f) => typeof f.size_bytes === 'number');
      if (sized.length === 0) return null;
      const scheds = [...new Set(sized.map((f) => f.scheduler).filter((x): x is string => !!x))];
      return {
        name,
        title: 'Transfer completion time',
        context: scheds.length > 0 ? `scheduler ${scheds.join(', ')}` : undefined,
        rows: capped(
          sized.map((f) => ({
            key: f.id,
            label: `${f.id} (${formatBytes(f.size_bytes)})`,
            value: num(f.fct_s),
            display: num(f.fct_s) === null ? 'unfinished' : formatSeconds(f.fct_s),
          })),
          'flows',
        ),
      };
    }
  }
}

/**
 * The headline items of a run: the preset's names in order, each with what the summary has for
 * it (a name the summary has nothing for, e.g. a QUIC run stopped before any message, is left
 * out). No names: Jain's index, as the page always showed.
 */
export function headlineItems(names: readonly HeadlineName[] | undefined, s: Summary, topo: Topology | null): HeadlineItem[] {
  const chosen: readonly HeadlineName[] = names && names.length > 0 ? names : ['jain'];
  return chosen.map((n) => item(n, s, topo)).filter((x): x is HeadlineItem => x !== null);
}
