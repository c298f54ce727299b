// The summary's headline: the numbers a preset is about, shown first and large.
//
// A preset names its headline(s) (`headline` in the preset JSON, validated by the engine in
// sim-wasm/core/src/scenario/headline.rs, which lists where each comes from); this module
// turns each name into labelled read-outs computed from the summary the engine returns, so
// the page shows exactly what `netlab run --json` prints. Pure; unit-tested.
import type { HeadlineName, Summary, Topology } from '../types';
import { formatBytes, formatInt, formatJain, formatMbps, formatPercent, formatSeconds } from './format';
import { i18n } from '../i18n/i18n';

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
function classLabel(k: string): string {
  switch (k) {
    case 'G0':
      return 'G0 (≤ 100 kB)';
    case 'G1':
      return 'G1 (≤ 300 kB)';
    case 'G2':
      return 'G2 (≤ 800 kB)';
    case 'G3':
      return i18n._({ id: 'headline.class-g3', message: 'G3 (longer)' });
    case 'all':
      return allFlows();
    default:
      return k;
  }
}

const allFlows = () => i18n._({ id: 'headline.all-flows', message: 'all flows' });

/** "flow scheduler ECF-3", the context of the MPTCP headlines. */
const flowScheduler = (name: string) => i18n._({ id: 'headline.flow-scheduler', message: 'flow scheduler {name}', values: { name } });

/** "scheduler FSFS", the context of the QUIC and transfer headlines. */
const scheduler = (names: string[]) => i18n._({ id: 'headline.scheduler', message: 'scheduler {names}', values: { names: names.join(', ') } });

function num(x: number | null | undefined): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

function ms(x: number | null | undefined): string {
  const v = num(x);
  return v === null ? '–' : `${v.toFixed(v < 10 ? 1 : 0)} ms`;
}

/** The first rows, and one row counting the rest. */
function capped(rows: HeadlineRow[], what: 'flows' | 'links' | 'streams'): HeadlineRow[] {
  if (rows.length <= HEADLINE_MAX_ROWS) return rows;
  const rest = rows.length - HEADLINE_MAX_ROWS;
  const label =
    what === 'flows'
      ? i18n._({ id: 'headline.more-flows', message: '+{rest} more flows', values: { rest } })
      : what === 'links'
        ? i18n._({ id: 'headline.more-links', message: '+{rest} more links', values: { rest } })
        : i18n._({ id: 'headline.more-streams', message: '+{rest} more streams', values: { rest } });
  const detail = i18n._({ id: 'headline.more-detail', message: 'all of them in the tables below' });
  return [...rows.slice(0, HEADLINE_MAX_ROWS), { key: 'more', label, value: null, display: '', detail }];
}

/** A headline's title ("Link utilisation"), also named while the run plays. */
export function headlineTitle(name: HeadlineName): string {
  switch (name) {
    case 'jain':
      return i18n._({ id: 'headline.jain', message: "Jain's fairness index" });
    case 'goodput':
      return i18n._({ id: 'headline.goodput', message: 'Goodput per flow (Mbit/s)' });
    case 'utilization':
      return i18n._({ id: 'headline.utilization', message: 'Link utilisation' });
    case 'queueing_delay':
      return i18n._({ id: 'headline.queueing-delay', message: 'Queueing delay at each link (mean)' });
    case 'retransmission_ratio':
      return i18n._({ id: 'headline.retx', message: 'Retransmitted / sent packets' });
    case 'fct_by_class':
      return i18n._({ id: 'headline.fct', message: 'Flow-completion time by size class (mean)' });
    case 'flow_throughput':
      return i18n._({ id: 'headline.flow-throughput', message: 'Mean flow throughput (Mbit/s)' });
    case 'stream_latency':
      return i18n._({ id: 'headline.latency', message: 'Message latency (p50 · p95)' });
    case 'transfer_time':
      return i18n._({ id: 'headline.transfer', message: 'Transfer completion time' });
  }
}

function item(name: HeadlineName, s: Summary, topo: Topology | null): HeadlineItem | null {
  switch (name) {
    case 'jain':
      return { name, title: headlineTitle(name), rows: [{ key: 'jain', label: i18n._({ id: 'headline.jain-equal', message: '1 = equal shares' }), value: num(s.jain), display: formatJain(s.jain) }] };
    case 'goodput':
      return {
        name,
        title: headlineTitle(name),
        rows: capped(
          s.flows.map((f) => ({ key: f.id, label: f.id, value: num(f.goodput_mbps), display: formatMbps(f.goodput_mbps) })),
          'flows',
        ),
      };
    case 'utilization':
      return {
        name,
        title: headlineTitle(name),
        rows: capped(
          s.links.map((l) => ({ key: l.id, label: l.id, value: num(l.utilization), display: formatPercent(l.utilization) })),
          'links',
        ),
      };
    case 'queueing_delay':
      return {
        name,
        title: headlineTitle(name),
        rows: capped(
          s.links.map((l) => ({
            key: l.id,
            label: l.aqm ? `${l.id} (${l.aqm})` : l.id,
            value: num(l.mean_sojourn_ms),
            display: ms(l.mean_sojourn_ms),
            detail: l.ecn_marks
              ? i18n._({ id: 'headline.sojourn-max-ecn', message: 'max {max} · {marks} ECN marks', values: { max: ms(l.max_sojourn_ms), marks: formatInt(l.ecn_marks) } })
              : i18n._({ id: 'headline.sojourn-max', message: 'max {max}', values: { max: ms(l.max_sojourn_ms) } }),
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
        title: headlineTitle(name),
        rows: [
          {
            key: 'retransmission_ratio',
            label: i18n._({ id: 'headline.retx-all', message: 'all {n} flows', values: { n: s.flows.length } }),
            value: ratio,
            display: formatPercent(ratio),
            detail: i18n._({ id: 'headline.retx-detail', message: '{retx} of {sent} packets', values: { retx: formatInt(retx), sent: formatInt(sent) } }),
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
        title: headlineTitle(name),
        context: topo?.flow_sched ? flowScheduler(topo.flow_sched) : undefined,
        rows: keys.map((k) => {
          const st = c[k]!;
          return {
            key: k,
            label: classLabel(k),
            value: num(st.mean_s),
            display: formatSeconds(st.mean_s),
            detail: i18n._({
              id: 'headline.fct-detail',
              message: '{finished} finished, {unfinished} unfinished',
              values: { finished: formatInt(st.count), unfinished: formatInt(st.unfinished) },
            }) + (num(st.p99_s) !== null ? ` · p99 ${formatSeconds(st.p99_s)}` : ''),
            data: { finished: st.count, unfinished: st.unfinished },
          };
        }),
      };
    }
    case 'flow_throughput':
      if (num(s.long_flow_mbps) === null && num(s.mean_flow_mbps) === null) return null;
      return {
        name,
        title: headlineTitle(name),
        context: topo?.flow_sched ? flowScheduler(topo.flow_sched) : undefined,
        rows: [
          { key: 'long', label: i18n._({ id: 'headline.long-flows', message: 'long (G3) flows' }), value: num(s.long_flow_mbps), display: formatMbps(s.long_flow_mbps) },
          { key: 'all', label: allFlows(), value: num(s.mean_flow_mbps), display: formatMbps(s.mean_flow_mbps) },
        ],
      };
    case 'stream_latency': {
      const streams = (s.streams ?? []).filter((st) => st.latency_ms && st.messages > 0);
      if (streams.length === 0) return null;
      const scheds = [...new Set(streams.map((st) => topo?.flows.find((f) => f.id === st.flow)?.scheduler).filter((x): x is string => !!x))];
      return {
        name,
        title: headlineTitle(name),
        context: scheds.length > 0 ? scheduler(scheds) : undefined,
        rows: capped(
          streams.map((st) => ({
            key: st.name,
            label: i18n._({ id: 'headline.stream-messages', message: '{name} ({count} messages)', values: { name: st.name, count: formatInt(st.delivered) } }),
            value: num(st.latency_ms!.p50),
            display: `${ms(st.latency_ms!.p50)} · ${ms(st.latency_ms!.p95)}`,
            detail:
              st.incomplete > 0
                ? i18n._({ id: 'headline.undelivered', message: '{count} undelivered at the end', values: { count: formatInt(st.incomplete) } })
                : undefined,
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
        title: headlineTitle(name),
        context: scheds.length > 0 ? scheduler(scheds) : undefined,
        rows: capped(
          sized.map((f) => ({
            key: f.id,
            label: `${f.id} (${formatBytes(f.size_bytes)})`,
            value: num(f.fct_s),
            display: num(f.fct_s) === null ? i18n._({ id: 'headline.unfinished', message: 'unfinished' }) : formatSeconds(f.fct_s),
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
