// The live snapshot the worker posts (issue 18 item 4): bounded by the engine and packed as
// typed arrays (core simulation/packed.rs), decoded on the page (web/src/lib/packedSnapshot.ts,
// bundled here with rolldown, Vite's bundler). Two identical runs (same scenario and seed, so
// the same state at the same time) give the bounded snapshot as JSON and packed: the decoded
// one equals the JSON one, and every packed snapshot stays within 32 kB for the biggest runs.
// Needs sim-wasm/pkg (node scripts/build-wasm.mjs).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ROOT } from '../scripts/lib.mjs';
import { tsModule } from './ts-module.mjs';
import { Simulation, apply_knobs, initSync } from '../sim-wasm/pkg/netlab_wasm.js';

initSync({ module: readFileSync(join(ROOT, 'sim-wasm', 'pkg', 'netlab_wasm_bg.wasm')) });

/** The page's budget for one tick's snapshot. */
const SNAPSHOT_MAX_BYTES = 32 * 1024;

const decoder = tsModule('web/src/lib/packedSnapshot.ts');
/** The worker's flow bound for snapshots (SNAPSHOT_MAX_FLOWS: flows beyond the charted ones). */
const budget = tsModule('web/src/worker/budget.ts');

function scenario(name, variant, settings = {}) {
  const text = readFileSync(join(ROOT, 'public', 'scenarios', `${name}.json`), 'utf8');
  return apply_knobs(text, JSON.stringify(settings), variant);
}

/** What the worker posts (sim.worker.ts `snapshot`). */
function packed(sim) {
  const p = sim.snapshot_packed(budget.module.SNAPSHOT_MAX_FLOWS, false);
  const out = { f64: p.take_f64(), f32: p.take_f32(), strings: p.take_strings(), events: p.take_events_json() };
  p.free();
  return out;
}

/** Equal up to f32 rounding (the columns the layout stores as f32). */
function close(a, b, path) {
  if (typeof a === 'number' && typeof b === 'number') {
    assert.ok(Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a)), `${path}: ${b} for ${a}`);
  } else if (Array.isArray(a)) {
    assert.ok(Array.isArray(b) && a.length === b.length, `${path}: length ${b?.length} for ${a.length}`);
    a.forEach((x, i) => close(x, b[i], `${path}[${i}]`));
  } else if (a && typeof a === 'object') {
    assert.deepEqual(Object.keys(b).sort(), Object.keys(a).sort(), `${path}: fields`);
    for (const k of Object.keys(a)) close(a[k], b[k], `${path}.${k}`);
  } else {
    assert.equal(b, a, path);
  }
}

describe('packed snapshots', () => {
  test('mptcp-fsfs-load quick: decode(pack(x)) equals the bounded JSON snapshot, flows_total right', () => {
    const text = scenario('mptcp-fsfs-load', 'quick');
    const a = new Simulation(text, 1);
    const b = new Simulation(text, 1);
    const dec = new decoder.module.SnapshotDecoder();
    let flowsSeen = 0;
    try {
      for (let i = 1; i <= 12; i++) {
        const t = (a.duration_s() * i) / 12;
        a.advance_to(t);
        b.advance_to(t);
        const json = JSON.parse(a.snapshot_bounded_json(budget.module.SNAPSHOT_MAX_FLOWS));
        const got = dec.decode(packed(b));
        // Events: the newest that fit in the byte budget, as they were.
        assert.deepEqual(got.events, json.events.slice(json.events.length - got.events.length));
        assert.ok(got.events.length > 0 || json.events.length === 0);
        close({ ...json, events: [] }, { ...got, events: [] }, `t=${t}`);
        assert.ok(got.flows.length <= 2 * budget.module.SNAPSHOT_MAX_FLOWS + 60, `${got.flows.length} flows`);
        assert.equal(got.flows_total, JSON.parse(a.topology_json()).flows.length + JSON.parse(a.topology_json()).generated_flows);
        flowsSeen = Math.max(flowsSeen, got.flows_total);
      }
    } finally {
      a.free();
      b.free();
    }
    assert.ok(flowsSeen > 200, `${flowsSeen} flows: the run must have many`);
  });

  const runs = [
    ['mptcp-fsfs-load', 'quick', {}],
    ['bbr-retransmissions', 'quick', { flows: 100 }],
  ];
  for (const [name, variant, settings] of runs) {
    test(`${name} ${variant} ${JSON.stringify(settings)}: every posted snapshot <= 32 kB`, () => {
      const sim = new Simulation(scenario(name, variant, settings), 1);
      const dec = new decoder.module.SnapshotDecoder();
      let most = 0;
      let flows = 0;
      try {
        // 40 ticks: each far longer than a max-speed tick (more events since the last one).
        for (let i = 1; i <= 40 && !sim.finished(); i++) {
          sim.advance_to((sim.duration_s() * i) / 40);
          const p = packed(sim);
          most = Math.max(most, decoder.module.packedBytes(p));
          flows = Math.max(flows, dec.decode(p).flows_total ?? 0);
        }
      } finally {
        sim.free();
      }
      assert.ok(most <= SNAPSHOT_MAX_BYTES, `${name}: ${most} bytes in one snapshot`);
      assert.ok(flows >= 100, `${flows} flows`);
    });
  }
});
