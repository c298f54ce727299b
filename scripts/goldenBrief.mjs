// Readable goldens: next to each golden digest, e2e/goldens.json keeps a trimmed summary of the
// run (the numbers a reader of the preset looks at: per-flow goodput, FCT and retransmissions,
// per-link utilisation and drops, Jain's index, the MPTCP aggregates), so a digest that moves
// shows *what* moved ("flows.f1.goodput_mbps 4.71 → 4.68") in the regression report and in
// the goldens' diff, not only that something did.
//
// The digest stays the judge (it covers every simulated number); the brief only explains.
// Numbers are rounded to 4 significant digits so the file stays short and the diff readable.

/** Flows listed per run: enough to see a change, few enough for a preset of thousands. */
export const BRIEF_FLOWS = 8;

const round = (x) => (typeof x === 'number' && Number.isFinite(x) ? Number(x.toPrecision(4)) : x ?? null);

/** The trimmed, rounded summary kept beside a golden digest. */
export function brief(summary) {
  const out = { events: summary.events, jain: round(summary.jain) };
  const flows = summary.flows ?? [];
  out.flows = Object.fromEntries(
    flows.slice(0, BRIEF_FLOWS).map((f) => {
      const b = { goodput_mbps: round(f.goodput_mbps), retransmitted: f.retransmitted_packets };
      if (f.size_bytes != null) b.fct_s = round(f.fct_s);
      return [f.id, b];
    }),
  );
  if (flows.length > BRIEF_FLOWS) out.flows_not_shown = flows.length - BRIEF_FLOWS + (summary.flows_unlisted ?? 0);
  out.links = Object.fromEntries((summary.links ?? []).map((l) => [l.id, { utilization: round(l.utilization), drops: l.drops }]));
  if (summary.mean_flow_mbps != null) out.mean_flow_mbps = round(summary.mean_flow_mbps);
  if (summary.long_flow_mbps != null) out.long_flow_mbps = round(summary.long_flow_mbps);
  const all = summary.fct_by_class?.all;
  if (all) out.fct_mean_s = round(all.mean_s);
  for (const s of summary.streams ?? []) {
    if (s.latency_ms) (out.stream_p50_ms ??= {})[`${s.flow}:${s.name}`] = round(s.latency_ms.p50);
  }
  if (summary.aborted) out.aborted = summary.aborted;
  return out;
}

/**
 * What changed between two briefs, as "path old → new" lines (at most `max`, then "… and N
 * more"); [] when they agree (the digest moved on a number the brief does not keep).
 */
export function briefDiff(before, after, max = 8) {
  const lines = [];
  const walk = (a, b, path) => {
    if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[k], b[k], path ? `${path}.${k}` : k);
    } else if (JSON.stringify(a) !== JSON.stringify(b)) {
      lines.push(`${path} ${JSON.stringify(a ?? null)} → ${JSON.stringify(b ?? null)}`);
    }
  };
  walk(before ?? {}, after ?? {}, '');
  return lines.length > max ? [...lines.slice(0, max), `… and ${lines.length - max} more`] : lines;
}
