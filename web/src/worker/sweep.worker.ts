// A sweep worker: plans a preset's sweep (the engine expands it) or runs one point of it to the
// end and reports the sweep metric (or the whole summary, for the QUIC scheduler comparison).
// The page starts a few of these and hands out points.
import init, { Simulation, sweep_metric, sweep_plan } from '@netlab/wasm';
import type { SweepIn, SweepOut } from '../sweep/protocol';

let ready: Promise<unknown> | null = null;

function message(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.split('\n')[0] ?? text;
}

self.onmessage = async (e: MessageEvent<SweepIn>) => {
  const msg = e.data;
  ready ??= init();
  await ready;
  let out: SweepOut;
  try {
    if (msg.type === 'plan') {
      out = { type: 'plan', id: msg.id, plan: JSON.parse(sweep_plan(msg.presetText, msg.variant, JSON.stringify(msg.settings))) };
    } else {
      const sim = new Simulation(msg.scenario, msg.seed);
      try {
        sim.run_to_end();
        if (msg.type === 'summary') {
          out = { type: 'summary', id: msg.id, summary: JSON.parse(sim.summary_json(0)) };
        } else {
          const value = sweep_metric(msg.metric, sim.summary_json(0));
          out = { type: 'point', id: msg.id, value: value ?? null };
        }
      } finally {
        sim.free();
      }
    }
  } catch (err) {
    out = { type: 'error', id: msg.id, message: message(err) };
  }
  self.postMessage(out);
};
