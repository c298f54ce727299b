// Names a class reads: a knob or a metric in words with its unit ("Bottleneck buffer (BDP)",
// "Jain's index"), never the field name a scenario file uses (buffer_bdp, jain). The words come
// from the preset's own knob labels and units where there is one; the metrics a sweep can
// plot come with their words from the engine (`Metric::label` in scenario/sweep.rs, exported
// in the registry). Pure; unit-tested.
import { localText } from '../i18n/localText';
import type { Knob } from '../types';
import { REGISTRY } from './registry';
import { i18n } from '../i18n/i18n';
import { unitText } from '../i18n/units';

/** Sweep metrics (serde names of `scenario::sweep::Metric`) in words, with their unit: the engine's English (the registry), in the page's language. */
const METRICS: Record<string, string> = Object.fromEntries(REGISTRY.sweep_metrics.map((m) => [m.name, m.label]));

function metricLabel(name: string): string | undefined {
  switch (name) {
    case 'jain':
      return i18n._({ id: 'metric.jain', message: "Jain's index" });
    case 'utilization':
      return i18n._({ id: 'metric.utilization', message: 'Bottleneck utilisation' });
    case 'goodput_mbps':
      return i18n._({ id: 'metric.goodput-mbps', message: 'Total goodput (Mbit/s)' });
    case 'retransmission_rate':
      return i18n._({ id: 'metric.retransmission-rate', message: 'Retransmitted / sent packets' });
    case 'mean_queue_bytes':
      return i18n._({ id: 'metric.mean-queue-bytes', message: 'Mean queue (bytes)' });
    case 'queueing_delay_ms':
      return i18n._({ id: 'metric.queueing-delay-ms', message: 'Mean queueing delay (ms)' });
    case 'priority_latency_ms':
      return i18n._({ id: 'metric.priority-latency-ms', message: 'Priority-stream latency, mean (ms)' });
    case 'priority_latency_p50_ms':
      return i18n._({ id: 'metric.priority-latency-p50-ms', message: 'Priority-stream latency, p50 (ms)' });
    case 'priority_latency_p95_ms':
      return i18n._({ id: 'metric.priority-latency-p95-ms', message: 'Priority-stream latency, p95 (ms)' });
    default:
      return METRICS[name];
  }
}

/** A field name as words when nothing better is known: "flow_sched" → "flow sched". */
function spaced(name: string): string {
  return name.replace(/[_.]+/g, ' ').trim();
}

/** A knob as an axis or column label: its label, then its unit in parentheses. */
export function knobWords(knobs: readonly Pick<Knob, 'name' | 'label' | 'unit'>[] | undefined, name: string): string {
  const k = knobs?.find((x) => x.name === name);
  if (!k) return spaced(name);
  // "probability" and the like are units of a kind that reads badly in parentheses after a
  // label that already says it; only short units are appended.
  const label = localText(k.label);
  return k.unit && k.unit.length <= 8 ? `${label} (${unitText(i18n, k.unit)})` : label;
}

/** A sweep metric in words. */
export function metricWords(metric: string | null | undefined): string {
  if (!metric) return i18n._({ id: 'metric.none', message: 'metric' });
  return metricLabel(metric) ?? spaced(metric);
}

/** "Congestion control = bbr": a knob setting for a column heading. */
export function settingWords(knobs: readonly Pick<Knob, 'name' | 'label' | 'unit'>[] | undefined, name: string, value: string | number): string {
  const k = knobs?.find((x) => x.name === name);
  const unit = k?.unit && k.unit.length <= 8 && typeof value === 'number' ? ` ${unitText(i18n, k.unit)}` : '';
  return `${k ? localText(k.label) : spaced(name)} = ${value}${unit}`;
}
