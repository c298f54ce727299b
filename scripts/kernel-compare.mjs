#!/usr/bin/env node
// NetLab's side of the real-kernel comparison (docs/model/linux-kernel.md): runs every case of
// the Linux testbed with the native CLI for seeds 1–3 and prints, case by case, NetLab beside
// the kernel's recorded medians (docs/model/kernel/reference.json) with the bounds:
// each flow's goodput within ±15 % (±3 Mbit/s under 20), Jain within ±0.07, retransmissions
// within ×1.3, RTOs within ×3. Not a test: the kernel side needs root and real time
// (../shared/linux-testbed in the team's checkout), and the numbers are for reading.
//
//   cargo build --release -p netlab-core --bin netlab
//   node scripts/kernel-compare.mjs [--only=s1-cubic-5,…] [--seeds=1,2,3] [--jitter=0.06] [--access=100000] [--json] [--flows]
// --jitter: each sender's host jitter (topology.senders[i].jitter_ms: the host releases late by
// up to this many ms, uniformly from the seed, both ways, what became due meanwhile together);
// default 0.06, i.e. a mean of 30 µs, the release lateness measured on the testbed's delay
// lines (docs/model/linux-kernel.md §Host timing). With --jitter=0 every seed of a CUBIC case
// gives the same run.
// --access: the senders' access links in Mbit/s (topology.access_rate_mbps); default 100 000,
// i.e. no serialisation to speak of, as the testbed's TUN devices have none.
// --flows: also print each run flow by flow — goodput, the share of its packets it resent, its
// RTOs, and how long it paced at BBR's long-term ("policer") rate and at what rate
// (issue 29 item 4: which flows the long-term estimator holds down, and why).
// Exit status: 0 when every case is within its bounds, 1 otherwise.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, captureAsync } from './lib.mjs';

const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = arg('only')?.split(',');
const seeds = (arg('seeds') ?? '1,2,3').split(',').map(Number);
const jitter = Number(arg('jitter') ?? '0.06');
const access = Number(arg('access') ?? '100000');
const CLI = arg('cli') ?? join(ROOT, 'target', 'release', 'netlab');
const reference = JSON.parse(readFileSync(join(ROOT, 'docs', 'model', 'kernel', 'reference.json'), 'utf8')).cases;

/** The testbed's hosts for senders 0 … n-1: their jitter and access links (see --jitter, --access). */
const hosts = (n) => [
  ...Array.from({ length: n }, (_, i) => ['--set', `topology.senders.${i}.jitter_ms=${jitter}`]).flat(),
  '--set', `topology.access_rate_mbps=${access}`,
];
const s1 = (cc, bdp) => ['bbr-fairness', '--set', `cc=${cc}`, '--set', `buffer_bdp=${bdp}`, '--set', 'duration_s=60', '--set', 'warmup_s=10', ...hosts(2)];
const s2 = (cc, bdp) => [
  'bbr-retransmissions', '--set', `cc=${cc}`, '--set', 'flows=10', '--set', `buffer_bdp=${bdp}`,
  '--set', 'flows.0.start_spread_s=0.2', '--set', 'duration_s=60', '--set', 'warmup_s=10', ...hosts(1),
];
/** Each case: the CLI arguments of NetLab's side of it. */
const CASES = {
  's1-cubic-0.5': s1('cubic', 0.5),
  's1-cubic-5': s1('cubic', 5),
  's1-bbr-0.5': s1('bbr', 0.5),
  's1-bbr-5': s1('bbr', 5),
  's2-bbr-0.1': s2('bbr', 0.1),
  's2-bbr-1': s2('bbr', 1),
  's2-cubic-0.1': s2('cubic', 0.1),
  's3-bbr-single': [join('docs', 'model', 'kernel', 'single-bbr.json'), ...hosts(1)],
};

async function cli(args) {
  const r = await captureAsync(CLI, args);
  if (r.code !== 0) throw new Error(`netlab ${args.join(' ')}: ${r.err.trim()}`);
  return r.out;
}

/** One NetLab run: its summary and its RTO count (from the event log). */
async function runCase(args, seed) {
  const summary = JSON.parse(await cli(['run', ...args, '--seed', String(seed), '--json']));
  const events = await cli(['run', ...args, '--seed', String(seed), '--events']);
  const rtos = events.split('\n').filter((l) => /^\S+ flow \d+ rto\b/.test(l)).length;
  const probes = events.split('\n').filter((l) => /^\S+ flow \d+ tail_loss_probe\b/.test(l)).length;
  return { summary, rtos, probes, flows: flowTrace(events, summary) };
}

/** Per flow, from the event log: RTOs, the time spent on the long-term rate (BBR's
 * `lt_use_bw`: from a `cc_long_term_rate engaged=true` event to the next `engaged=false`) and
 * the mean of the rates it engaged at. */
function flowTrace(events, summary) {
  const flows = summary.flows.map(() => ({ rtos: 0, ltSeconds: 0, ltRates: [], since: null }));
  for (const line of events.split('\n')) {
    const m = /^(\S+) flow (\d+) (\S+)(.*)$/.exec(line);
    const f = m && flows[Number(m[2])];
    if (!f) continue;
    const t = Number(m[1]);
    if (m[3] === 'rto') f.rtos += 1;
    if (m[3] !== 'cc_long_term_rate') continue;
    if (/engaged=true/.test(m[4]) && f.since == null) {
      f.since = t;
      f.ltRates.push(Number(/rate_mbps=(\S+)/.exec(m[4])[1]));
    } else if (/engaged=false/.test(m[4]) && f.since != null) {
      f.ltSeconds += t - f.since;
      f.since = null;
    }
  }
  return summary.flows.map((s, i) => {
    const f = flows[i];
    const lt = f.ltSeconds + (f.since != null ? summary.duration_s - f.since : 0);
    return {
      id: s.id, goodput: s.goodput_mbps, resent: s.retransmitted_packets / Math.max(1, s.sent_packets), rtos: f.rtos,
      ltShare: lt / summary.duration_s, ltRate: f.ltRates.length ? f.ltRates.reduce((a, b) => a + b, 0) / f.ltRates.length : null,
    };
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const within = (x, ref, factor) => Math.max(x, 1) / Math.max(ref, 1) <= factor && Math.max(ref, 1) / Math.max(x, 1) <= factor;
const fmt = (x, d = 2) => (x == null ? '–' : Number(x).toFixed(d));

const results = [];
for (const [name, args] of Object.entries(CASES)) {
  if (only && !only.includes(name)) continue;
  const ref = reference[name];
  const runs = [];
  // Two seeds at a time: the machine has two cores.
  for (let i = 0; i < seeds.length; i += 2) runs.push(...(await Promise.all(seeds.slice(i, i + 2).map((s) => runCase(args, s)))));
  const row = { case: name, checks: [] };
  const check = (what, ok, nl, lx) => row.checks.push({ what, ok, netlab: nl, linux: lx });
  const flows = runs[0].summary.flows.map((f) => f.id);
  if (ref.flows) {
    for (const id of flows) {
      const g = median(runs.map((r) => r.summary.flows.find((f) => f.id === id).goodput_mbps));
      const lx = ref.flows[id][0];
      const ok = lx < 20 ? Math.abs(g - lx) <= 3 : Math.abs(g - lx) <= 0.15 * lx;
      check(`${id} goodput Mb/s`, ok, fmt(g), `${fmt(lx)} [${fmt(ref.flows[id][1])}–${fmt(ref.flows[id][2])}]`);
    }
  }
  if (ref.jain) {
    const j = median(runs.map((r) => r.summary.jain));
    check('Jain', Math.abs(j - ref.jain[0]) <= 0.07, `${fmt(j, 3)} (${runs.map((r) => fmt(r.summary.jain, 3)).join(', ')})`, `${fmt(ref.jain[0], 3)} [${fmt(ref.jain[1], 3)}–${fmt(ref.jain[2], 3)}]`);
  }
  if (ref.retransmitted) {
    for (const id of flows) {
      const n = median(runs.map((r) => r.summary.flows.find((f) => f.id === id).retransmitted_packets));
      const lx = ref.retransmitted[id];
      check(`${id} retransmitted`, lx < 100 && n < 100 ? Math.abs(n - lx) < 100 : within(n, lx, 1.3), String(n), String(lx));
    }
  }
  if (ref.retx_rate) {
    const rate = median(runs.map((r) => r.summary.flows.reduce((a, f) => a + f.retransmitted_packets, 0) / r.summary.flows.reduce((a, f) => a + f.sent_packets, 0)));
    check('retransmission rate', within(rate * 1e4, ref.retx_rate[0] * 1e4, 1.3), `${fmt(rate * 100)} %`, `${fmt(ref.retx_rate[0] * 100)} %`);
  }
  const rtos = median(runs.map((r) => r.rtos));
  const refRtos = Array.isArray(ref.rtos) ? ref.rtos[0] : ref.rtos;
  check('RTOs', within(rtos, refRtos, 3), `${rtos} (${runs.map((r) => r.rtos).join(', ')}; TLPs ${median(runs.map((r) => r.probes))})`, String(refRtos));
  row.ok = row.checks.every((c) => c.ok);
  results.push(row);
  if (!process.argv.includes('--json')) {
    console.log(`\n${name} (NetLab seeds ${seeds.join(', ')}, median)${row.ok ? '' : '  ← outside the bounds'}`);
    for (const c of row.checks) console.log(`  ${c.ok ? '  ' : '✗ '}${c.what.padEnd(24)} NetLab ${String(c.netlab).padEnd(34)} Linux ${c.linux}`);
    if (process.argv.includes('--flows')) {
      runs.forEach((r, k) => {
        console.log(`  seed ${seeds[k]}: flow, goodput Mb/s, resent, RTOs, time on the long-term rate, its mean rate Mb/s`);
        for (const f of r.flows) {
          console.log(`    ${f.id.padEnd(8)} ${fmt(f.goodput).padStart(6)} ${fmt(f.resent * 100, 1).padStart(5)} % ${String(f.rtos).padStart(4)} ${fmt(f.ltShare * 100, 0).padStart(4)} % ${fmt(f.ltRate).padStart(7)}`);
        }
      });
    }
  }
}
if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
const failed = results.filter((r) => !r.ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
