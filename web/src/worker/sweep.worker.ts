// A sweep worker: plans a preset's sweep (the engine expands it) or runs one point of it to the
// end and reports the sweep metric (or the whole summary, for the QUIC scheduler comparison).
// The page starts a few of these and hands out points.
import { Simulation, sweep_metric, sweep_plan } from '@netlab/wasm';
import type { SweepIn, SweepOut } from '../sweep/protocol';
import { summaryOf, sweepPlan } from '../lib/engineJson';
import { crashed, errorText, resetEngine } from './engineReset';
import { receiveModule, startEngine } from './engineStart';

self.onmessage = async (e: MessageEvent<SweepIn>) => {
  const msg = e.data;
  if (msg.type === 'module') {
    receiveModule(msg.module);
    return;
  }
  await startEngine();
  let out: SweepOut;
  try {
    if (msg.type === 'plan') {
      out = { type: 'plan', id: msg.id, plan: sweepPlan(sweep_plan(msg.presetText, msg.variant, JSON.stringify(msg.settings), msg.sweep ?? undefined)) };
    } else {
      const sim = new Simulation(msg.scenario, msg.seed);
      sim.run_to_end();
      if (msg.type === 'summary') {
        out = { type: 'summary', id: msg.id, summary: summaryOf(sim, 0) };
      } else {
        const value = sweep_metric(msg.metric, sim.summary_json(0));
        out = { type: 'point', id: msg.id, value: value ?? null };
      }
      sim.free();
    }
  } catch (err) {
    // An engine panic poisons the instance: start a fresh one so the next point runs. (The
    // point's Simulation belongs to the dead instance and is not freed.) An ordinary error
    // thrown by the engine leaves its Simulation to the garbage collector's finaliser.
    const detail = crashed(err) ? resetEngine(err) : null;
    out = {
      type: 'error',
      id: msg.id,
      message: detail !== null ? `the engine failed (${detail}); this point was skipped and the engine restarted` : errorText(err),
      ...(detail !== null ? { restart: { detail } } : {}),
    };
  }
  self.postMessage(out);
};
